"""dbcopilot's public API for other programs: its safe database tools for other agents (dbcopilot.integrations)."""

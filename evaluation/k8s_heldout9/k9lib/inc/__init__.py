"""Incident definitions."""

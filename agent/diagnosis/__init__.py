"""Guided diagnosis: monitor → anomaly window → knowledge and tools → tree search by expert roles →
cross-review → vote → report. See diagnose.diagnose (the entry point) and DESIGN.md's diagnosis flow."""

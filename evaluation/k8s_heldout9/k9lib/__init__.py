"""k8s_heldout9 bundle generator library (stdlib only)."""

#!/usr/bin/env python3
"""Score the k8s-rca CLI on the held-out set #9: set #4's scorer (same CLI call, same JSON summary), pointed at
this set's incidents.

    python3 evaluation/k8s_heldout9/score.py [--out FILE] [--only k9-01,k9-02]
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("k8s_heldout4_score", os.path.join(HERE, "..", "k8s_heldout4", "score.py"))
scorer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scorer)
scorer.HERE, scorer.INC = HERE, os.path.join(HERE, "incidents")

if __name__ == "__main__":
    sys.exit(scorer.main())

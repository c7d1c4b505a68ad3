"""Kubernetes toolkit: databases on Kubernetes, root causes from a state graph.

    from toolkits.kubernetes.snapshot import load_snapshot
    from toolkits.kubernetes.rca import analyse
    analyse(load_snapshot("snap/"), "orders api returns 503").root_causes

A snapshot directory (kubectl get <plural> -A -o json) or a live cluster (live.py, read-only) is loaded
into an embedded graph database (graph.py, LadybugDB) whose schema is the MetaGraph (metagraph.py);
rca.py finds root causes with metapaths, Cypher path queries and the state checker (rules.py).
"""

"""Tonight's benchmark run plus the ops jobs around it (~40-45 s).

- `pgbench -n -c 4 -j 2 -T 30` (built-in tpcb-like script, no re-initialisation, no vacuum): each
  transaction updates one account, one teller and one branch and appends a row to pgbench_history.
  The balances it leaves are random; the truths are SQL, re-run at scoring.
- The ops dormancy sweep: accounts with a non-zero balance and no transaction in the last 180 days
  get filler = 'dormant' (~30k non-HOT updates on pgbench_accounts, where autovacuum is off, so the
  dead tuples stay).
- Read traffic: account look-ups by aid (index), statements by account on pgbench_history (no index:
  sequential scans), teller/branch reports.
"""
from __future__ import annotations

import os
import random
import shutil
import subprocess

import psycopg
from psycopg.conninfo import conninfo_to_dict


def _pgbench() -> str:
    for cand in ("/usr/lib/postgresql/15/bin/pgbench", shutil.which("pgbench")):
        if cand and os.path.exists(cand):
            return cand
    raise RuntimeError("pgbench not found")


def run(dsn: str) -> None:
    # --- tonight's run: pgbench through libpq environment variables taken from the DSN
    params = conninfo_to_dict(dsn)
    env = dict(os.environ)
    for key, var in (("host", "PGHOST"), ("port", "PGPORT"), ("user", "PGUSER"),
                     ("password", "PGPASSWORD"), ("dbname", "PGDATABASE")):
        if params.get(key):
            env[var] = str(params[key])
    subprocess.run([_pgbench(), "-n", "-c", "4", "-j", "2", "-T", "30"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=90)

    rnd = random.Random(42)
    with psycopg.connect(dsn, autocommit=True) as conn:
        # --- ops: dormancy sweep (non-HOT: the pages are full, fillfactor 100)
        conn.execute(
            "UPDATE pgbench_accounts a SET filler = 'dormant'"
            " WHERE a.abalance <> 0 AND NOT EXISTS (SELECT 1 FROM pgbench_history h"
            "   WHERE h.aid = a.aid AND h.mtime >= localtimestamp - interval '180 days')")

        # --- read traffic: account look-ups (primary key) and statements (seq scan on history)
        for _ in range(300):
            aid = rnd.randint(1, 200000)
            conn.execute("SELECT aid, bid, abalance FROM pgbench_accounts WHERE aid = %s", (aid,)).fetchone()
        for _ in range(25):
            aid = rnd.randint(1, 200000)
            conn.execute("SELECT mtime, delta, tid FROM pgbench_history WHERE aid = %s ORDER BY mtime DESC",
                         (aid,)).fetchall()
        for _ in range(10):
            tid = rnd.randint(1, 20)
            conn.execute("SELECT date_trunc('month', mtime) AS mo, count(*), sum(delta) FROM pgbench_history"
                         " WHERE tid = %s GROUP BY 1 ORDER BY 1", (tid,)).fetchall()
        for _ in range(3):
            conn.execute("SELECT b.bid, b.bbalance, sum(a.abalance) FROM pgbench_branches b"
                         " JOIN pgbench_accounts a ON a.bid = b.bid GROUP BY b.bid, b.bbalance").fetchall()
            conn.execute("SELECT t.tid, t.tbalance, t.bid FROM pgbench_tellers t ORDER BY t.tbalance DESC").fetchall()

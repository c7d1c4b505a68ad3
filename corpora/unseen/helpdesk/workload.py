"""Replay a few seconds of deterministic helpdesk application traffic.

Usage:  run("postgresql://postgres@127.0.0.1:5432/<db>")

What it does (all deterministic, no randomness):
  * agent UI: ticket lookups by reference (HD-xxxxxx) and by id, the comment
    thread of a ticket, the status history of a ticket
  * agent home screen: open tickets of an agent (view sup.v_open_tkt)
  * account page: latest tickets of a customer organisation, its contacts
  * time-sheet screen: time booked by an agent in a week
  * "time on ticket" widget: minutes booked on one ticket (time_ent has no
    index on tkt_id, so this is a sequential scan every time)
  * ~1500 single-row UPDATEs of sup.ticket.upd_ts ("ticket viewed/touched")
    plus a few contact phone corrections -> sup.ticket accumulates dead tuples
    (autovacuum is not relied on)
It never creates or drops indexes and ends with ANALYZE.
"""
import psycopg

N_TICKETS = 10000
N_ORGS = 400
N_AGENTS = 40


def _seq(n, a, c, m):
    """Deterministic pseudo-random walk over 1..m."""
    x = c
    for _ in range(n):
        x = (x * a + c) % m
        yield x + 1


def run(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        # --- ticket detail pages ------------------------------------------
        for tid in _seq(400, 7919, 104729, N_TICKETS):
            ref = "HD-%06d" % tid
            cur.execute(
                "SELECT t.tkt_id, t.tkt_ref, t.subj, t.stat_cd, t.prio_cd, o.\"displayName\", "
                "       c.first_nm || ' ' || c.last_nm AS contact "
                "FROM sup.ticket t JOIN crm.org o ON o.org_id = t.org_id "
                "JOIN crm.contact c ON c.cont_id = t.cont_id WHERE t.tkt_ref = %s",
                (ref,),
            )
            cur.fetchall()
            cur.execute(
                "SELECT cmt_id, agent_id, vis_cd, created_ts, body FROM sup.tkt_cmt "
                "WHERE tkt_id = %s ORDER BY created_ts",
                (tid,),
            )
            cur.fetchall()
            if tid % 3 == 0:
                cur.execute(
                    "SELECT from_stat, to_stat, chg_ts, chg_agent_id FROM sup.tkt_stat_hist "
                    "WHERE tkt_id = %s ORDER BY chg_ts",
                    (tid,),
                )
                cur.fetchall()
            if tid % 5 == 0:
                cur.execute(
                    "SELECT tag_nm FROM sup.tkt_tag tt JOIN sup.tag g ON g.tag_id = tt.tag_id "
                    "WHERE tt.tkt_id = %s ORDER BY tag_nm",
                    (tid,),
                )
                cur.fetchall()

        # --- agent home screens ---------------------------------------------
        for i in range(120):
            agent = 1 + (i * 17) % N_AGENTS
            cur.execute(
                "SELECT tkt_ref, org_name, prio_cd, stat_cd, opened_ts FROM sup.v_open_tkt "
                "WHERE asgn_agent_id = %s ORDER BY prio_cd, opened_ts",
                (agent,),
            )
            cur.fetchall()

        # --- customer account pages -----------------------------------------
        for org in _seq(150, 131, 17, N_ORGS):
            cur.execute(
                "SELECT tkt_ref, subj, stat_cd, opened_ts FROM sup.ticket "
                "WHERE org_id = %s ORDER BY opened_ts DESC LIMIT 20",
                (org,),
            )
            cur.fetchall()
            cur.execute(
                "SELECT cont_id, first_nm, last_nm, email FROM crm.contact WHERE org_id = %s",
                (org,),
            )
            cur.fetchall()

        # --- time sheets ------------------------------------------------------
        for i in range(60):
            agent = 1 + (i * 7) % N_AGENTS
            week = 1 + (i * 11) % 120
            cur.execute(
                "SELECT work_dt, sum(mins) FROM sup.time_ent WHERE agent_id = %s "
                "AND work_dt >= date '2023-01-02' + %s * 7 AND work_dt < date '2023-01-02' + %s * 7 + 7 "
                "GROUP BY work_dt ORDER BY work_dt",
                (agent, week, week),
            )
            cur.fetchall()

        # --- "time on ticket" widget (seq scan on time_ent) -----------------
        for tid in _seq(40, 613, 2711, N_TICKETS):
            cur.execute("SELECT coalesce(sum(mins), 0) FROM sup.time_ent WHERE tkt_id = %s", (tid,))
            cur.fetchone()

        # --- ticket touches: single-row updates -------------------------------
        with conn.transaction():
            for k, tid in enumerate(_seq(1500, 1103, 577, N_TICKETS)):
                cur.execute(
                    "UPDATE sup.ticket SET upd_ts = greatest(upd_ts, timestamp '2025-06-30 08:00' + %s * interval '1 second') "
                    "WHERE tkt_id = %s",
                    (k * 19, tid),
                )
        for cid in (11, 57, 203, 488, 901, 1337, 1602, 2001):
            cur.execute(
                "UPDATE crm.contact SET phone = '+44 ' || lpad((%s * 7919)::text, 8, '0') WHERE cont_id = %s",
                (cid, cid),
            )

        cur.execute("ANALYZE")


if __name__ == "__main__":
    import sys
    import time

    t = time.time()
    run(sys.argv[1] if len(sys.argv) > 1 else "postgresql://postgres@127.0.0.1:5432/unseen_scratch_x_helpdesk")
    print("workload done in %.2fs" % (time.time() - t))

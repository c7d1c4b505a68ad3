"""Workload for the billing corpus: Quillstack's month-end close on Saturday 2026-10-31, after the load.

The helpdesk sync rewrites ticket rows all day (support.ticket, autovacuum off -> dead tuples), agents pick
up the newest tickets, the bank feed posts wire/ACH receipts against open invoices, account managers change
seat counts, finance looks up invoices and payments (searches by processor reference have no index ->
sequential scans, as do requester e-mail searches on tickets), and the month-end reports run, ending with
the refresh of billing.mv_rev_mo. Deterministic (random.Random with a fixed seed), a few seconds.
Never filters or sorts billing.inv_line by descr, so ix_inv_line_descr stays unused.
"""
from __future__ import annotations

import datetime as dt
import random

import psycopg

SEED = 20261031
DAY = dt.datetime(2026, 10, 31, 7, 0, tzinfo=dt.timezone.utc)


def _ts(rng: random.Random, start_h: float = 0.0, end_h: float = 12.0) -> dt.datetime:
    return DAY + dt.timedelta(seconds=rng.randint(int(start_h * 3600), int(end_h * 3600)))


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn, autocommit=True) as conn:
        try:
            conn.execute("SELECT pg_stat_statements_reset()")
        except Exception:
            pass

        tickets = conn.execute(
            "SELECT tkt_id, resolved_at IS NULL FROM support.ticket "
            "WHERE \"createdAt\" >= timestamptz '2026-06-01 00:00+00' ORDER BY tkt_id").fetchall()
        t_ids = [t[0] for t in tickets]
        t_weights = [8 if t[1] else 1 for t in tickets]
        new_tkts = [r[0] for r in conn.execute(
            "SELECT tkt_id FROM support.ticket WHERE stat = 'new' ORDER BY tkt_id").fetchall()]
        t1_agents = [r[0] for r in conn.execute(
            "SELECT agent_id FROM support.agent WHERE team = 'T1' AND active ORDER BY agent_id").fetchall()]
        invoices = conn.execute(
            "SELECT inv_id, inv_no, acct_id FROM billing.invoice WHERE issued_on >= date '2026-07-01' "
            "ORDER BY inv_id").fetchall()
        open_bank = conn.execute(
            "SELECT inv_id, acct_id, total, cur, terms_cd FROM billing.invoice "
            "WHERE st = 'O' AND terms_cd <> 'DOR' AND issued_on < date '2026-10-01' ORDER BY inv_id").fetchall()
        pay_refs = [r[0] for r in conn.execute(
            "SELECT processor_ref FROM billing.payment WHERE rcvd_at >= timestamptz '2026-09-01 00:00+00' "
            "ORDER BY pay_id").fetchall()]
        emails = [r[0] for r in conn.execute(
            "SELECT DISTINCT reqr_email FROM support.ticket WHERE \"createdAt\" >= timestamptz '2026-10-01 00:00+00' "
            "ORDER BY 1").fetchall()]
        subs = [r[0] for r in conn.execute(
            "SELECT sub_id FROM billing.subscription WHERE status = 'active' AND cncl_dt IS NULL ORDER BY sub_id").fetchall()]
        next_pay = conn.execute("SELECT max(pay_id) FROM billing.payment").fetchone()[0] + 1

        with conn.cursor() as cur:
            # 1. helpdesk sync: every change in the helpdesk rewrites the mirrored row (24 batches of 1000)
            for _ in range(24):
                batch = [(_ts(rng), tid) for tid in rng.choices(t_ids, weights=t_weights, k=1000)]
                with conn.transaction():
                    cur.executemany(
                        "UPDATE support.ticket SET sync_ver = sync_ver + 1, updated_at = %s WHERE tkt_id = %s", batch)

            # 2. frontline agents pick up the new tickets and answer them
            for tid in new_tkts:
                at = _ts(rng, 1, 3)
                cur.execute(
                    "UPDATE support.ticket SET stat = 'open', agent_id = %s, "
                    "frst_rsp_at = greatest(%s, \"createdAt\" + interval '5 minutes'), updated_at = %s, "
                    "sync_ver = sync_ver + 1 WHERE tkt_id = %s AND stat = 'new'",
                    (rng.choice(t1_agents), at, at, tid))

            # 3. bank feed: wires and ACH receipts against open net-terms invoices
            paid = rng.sample(open_bank, k=min(40, len(open_bank)))
            paid.sort()
            with conn.transaction():
                for k, (inv_id, acct_id, total, cur_cd, _) in enumerate(paid):
                    at = _ts(rng, 1, 4)
                    pm = rng.choice(["ACH", "ACH", "WIR"])
                    ref = ("py_3%023x" % rng.getrandbits(92)) if pm == "ACH" else ("WT261031%08X" % rng.getrandbits(32))
                    cur.execute(
                        "INSERT INTO billing.payment (pay_id, inv_id, acct_id, rcvd_at, amt_cents, cur, pm_cd, ok, processor_ref) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s, true, %s)",
                        (next_pay + k, inv_id, acct_id, at, int(round(total * 100)), cur_cd, pm, ref))
                    cur.execute("UPDATE billing.invoice SET st = 'P', paid_at = %s WHERE inv_id = %s AND st = 'O'",
                                (at, inv_id))

            # 4. account managers: seat changes ahead of the November invoices
            for sub_id in rng.sample(subs, k=60):
                cur.execute(
                    "UPDATE billing.subscription SET seats = greatest(1, seats + %s), \"updatedAt\" = %s WHERE sub_id = %s",
                    (rng.choice([-2, -1, 1, 1, 2, 3, 5, 10]), _ts(rng), sub_id))

            # 5. finance and support look-ups
            for _ in range(400):
                inv_id, inv_no, acct_id = rng.choice(invoices)
                cur.execute("SELECT inv_id, acct_id, sub_id, issued_on, due_on, total, st, paid_at "
                            "FROM billing.invoice WHERE inv_no = %s", (inv_no,))
                cur.fetchall()
                cur.execute("SELECT ln_no, ln_typ, qty, unit_px, amt FROM billing.inv_line WHERE inv_id = %s ORDER BY ln_no",
                            (inv_id,))
                cur.fetchall()
                cur.execute("SELECT pay_id, rcvd_at, amt_cents, pm_cd, ok FROM billing.payment WHERE inv_id = %s", (inv_id,))
                cur.fetchall()
                cur.execute("SELECT \"legalName\", seg, ctry, attrs ->> 'billing_email' FROM crm.\"Account\" WHERE acct_id = %s",
                            (acct_id,))
                cur.fetchall()
            for _ in range(120):
                _, _, acct_id = rng.choice(invoices)
                cur.execute("SELECT inv_no, issued_on, total, st FROM billing.invoice WHERE acct_id = %s "
                            "ORDER BY issued_on DESC LIMIT 12", (acct_id,))
                cur.fetchall()
                cur.execute("SELECT tkt_id, subj, stat, prio FROM support.ticket WHERE acct_id = %s "
                            "ORDER BY \"createdAt\" DESC LIMIT 10", (acct_id,))
                rows = cur.fetchall()
                if rows:
                    cur.execute("SELECT author_typ, sent_at, body FROM support.tkt_msg WHERE tkt_id = %s AND is_public "
                                "ORDER BY sent_at", (rows[0][0],))
                    cur.fetchall()

            # 6. the slow ones: disputes looked up by processor reference, tickets by requester e-mail (no index)
            for _ in range(60):
                cur.execute("SELECT p.pay_id, p.inv_id, p.rcvd_at, p.amt_cents, p.ok FROM billing.payment p "
                            "WHERE p.processor_ref = %s", (rng.choice(pay_refs),))
                cur.fetchall()
            for _ in range(40):
                cur.execute("SELECT tkt_id, subj, stat, \"createdAt\" FROM support.ticket WHERE reqr_email = %s "
                            "ORDER BY \"createdAt\" DESC", (rng.choice(emails),))
                cur.fetchall()

            # 7. month-end reports
            cur.execute("SELECT tier, count(*), sum(mrr) FROM billing.v_mrr GROUP BY tier ORDER BY 3 DESC")
            cur.fetchall()
            cur.execute("SELECT cur, CASE WHEN due_on >= date '2026-10-31' THEN 'current' "
                        "WHEN due_on >= date '2026-10-01' THEN '1-30' WHEN due_on >= date '2026-09-01' THEN '31-60' "
                        "ELSE '60+' END AS bucket, count(*), sum(total) FROM billing.invoice WHERE st = 'O' "
                        "GROUP BY 1, 2 ORDER BY 1, 2")
            cur.fetchall()
            cur.execute("SELECT u.usage_mo, u.meter_cd, sum(u.qty) FROM billing.usage_rec u "
                        "WHERE u.usage_mo >= date '2026-01-01' GROUP BY 1, 2 ORDER BY 1, 2")
            cur.fetchall()
            cur.execute("SELECT t.prio, count(*), avg(t.frst_rsp_at - t.\"createdAt\"), "
                        "count(*) FILTER (WHERE t.frst_rsp_at > t.sla_due_at) FROM support.ticket t "
                        "WHERE t.\"createdAt\" >= timestamptz '2026-10-01 00:00+00' GROUP BY 1 ORDER BY 1")
            cur.fetchall()
            cur.execute("SELECT a.seg, sum(p.amt_cents) FROM billing.payment p JOIN crm.\"Account\" a USING (acct_id) "
                        "WHERE p.ok AND p.rcvd_at >= timestamptz '2026-10-01 00:00+00' GROUP BY 1 ORDER BY 1")
            cur.fetchall()
            cur.execute("REFRESH MATERIALIZED VIEW billing.mv_rev_mo")

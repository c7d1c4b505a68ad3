"""Replay a short, deterministic slice of a working day at Harbourline Mutual.

Nightly maintenance (VACUUM ANALYZE) first, then call-centre look-ups, claims
handling, a billing reminder run, a reserve review and a renewal batch that
touches policy rows (leaving dead tuples), and finally ANALYZE.
"""
import random
from datetime import date, timedelta

import psycopg

TODAY = date(2025, 11, 30)


def run(dsn: str) -> None:
    rng = random.Random(20251130)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        # nightly maintenance job
        cur.execute("VACUUM (ANALYZE)")

        cur.execute("SELECT policy_no FROM policy.policy ORDER BY policy_id")
        policy_nos = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT claim_no FROM claims.claim ORDER BY claim_id")
        claim_nos = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT cust_ref FROM policy.customer ORDER BY cust_id")
        cust_refs = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT agent_code FROM policy.agent ORDER BY agent_id")
        agent_codes = [r[0] for r in cur.fetchall()]

        # call centre: policy look-ups by policy number
        for _ in range(3000):
            cur.execute(
                "SELECT p.policy_no, p.status, p.eff_date, p.exp_date, p.annual_prem, c.first_name, c.last_name "
                "FROM policy.policy p JOIN policy.customer c ON c.cust_id = p.cust_id WHERE p.policy_no = %s",
                (rng.choice(policy_nos),))
            cur.fetchall()

        # customer look-ups by customer reference, with their policies (no index on cust_id!)
        for _ in range(150):
            cur.execute("SELECT cust_id, first_name, last_name, email FROM policy.customer WHERE cust_ref = %s",
                        (rng.choice(cust_refs),))
            row = cur.fetchone()
            if row and rng.random() < 0.3:
                cur.execute("SELECT policy_no, status FROM policy.policy WHERE cust_id = %s", (row[0],))
                cur.fetchall()

        # premium schedule for a policy
        for _ in range(400):
            cur.execute(
                "SELECT pp.inst_no, pp.due_date, pp.amount, pp.paid_date FROM policy.premium_payment pp "
                "WHERE pp.policy_id = %s ORDER BY pp.inst_no", (rng.randint(1, 15000),))
            cur.fetchall()

        # agent portal
        for _ in range(60):
            cur.execute("SELECT agent_id, full_name, branch_id FROM policy.agent WHERE agent_code = %s",
                        (rng.choice(agent_codes),))
            cur.fetchall()

        # new business report by inception week
        for _ in range(40):
            d = TODAY - timedelta(days=rng.randint(0, 700))
            cur.execute("SELECT product_code, count(*), sum(annual_prem) FROM policy.policy "
                        "WHERE eff_date BETWEEN %s AND %s GROUP BY product_code", (d, d + timedelta(days=6)))
            cur.fetchall()

        # claims handling: open a claim, read its notes and payments
        for _ in range(600):
            cur.execute("SELECT claim_id, policy_id, status, claimed_amt, reserve_amt FROM claims.claim WHERE claim_no = %s",
                        (rng.choice(claim_nos),))
            row = cur.fetchone()
            if row and rng.random() < 0.1:
                cur.execute("SELECT created_at, author, body FROM claims.claim_note WHERE claim_id = %s ORDER BY created_at",
                            (row[0],))
                cur.fetchall()
                cur.execute("SELECT paid_on, amount FROM claims.claim_payment WHERE claim_id = %s", (row[0],))
                cur.fetchall()

        # claims history of a policy (underwriting referral)
        for _ in range(200):
            cur.execute("SELECT claim_no, loss_date, status FROM claims.claim WHERE policy_id = %s",
                        (rng.randint(1, 15000),))
            cur.fetchall()

        # daily claims intake report
        for _ in range(30):
            d = TODAY - timedelta(days=rng.randint(0, 365))
            cur.execute("SELECT cause_cd, count(*) FROM claims.claim WHERE reported_on = %s GROUP BY cause_cd", (d,))
            cur.fetchall()

        # dashboards
        for _ in range(5):
            cur.execute("SELECT status, count(*), sum(reserve_amt) FROM claims.claim GROUP BY status")
            cur.fetchall()
            cur.execute("SELECT * FROM claims.v_claim_overview WHERE status_label = 'Assessing' ORDER BY claimed_amt DESC LIMIT 20")
            cur.fetchall()
            cur.execute("SELECT count(*), sum(amount) FROM policy.premium_payment WHERE paid_date IS NULL AND due_date < %s",
                        (TODAY,))
            cur.fetchall()

        # ---- writes -------------------------------------------------------
        # triage: assign an adjuster to the oldest FNOL claims
        cur.execute("SELECT claim_id FROM claims.claim WHERE status = 10 ORDER BY reported_on, claim_id LIMIT 40")
        for (cid,) in cur.fetchall():
            cur.execute("UPDATE claims.claim SET status = 20, adjuster_id = %s WHERE claim_id = %s",
                        (rng.randint(1, 40), cid))

        # reserve review on open claims under assessment
        cur.execute("SELECT claim_id FROM claims.claim WHERE status IN (20, 30) ORDER BY claim_id")
        open_ids = [r[0] for r in cur.fetchall()]
        for cid in rng.sample(open_ids, 150):
            factor = round(rng.uniform(0.8, 1.3), 2)
            cur.execute("UPDATE claims.claim SET reserve_amt = round(reserve_amt * %s::numeric, 2) WHERE claim_id = %s",
                        (factor, cid))

        # billing: reminder letters for instalments more than 14 days overdue
        cur.execute("UPDATE policy.premium_payment SET reminder_sent_on = %s "
                    "WHERE paid_date IS NULL AND due_date < %s", (TODAY, TODAY - timedelta(days=14)))

        # renewal batch: re-rate check stamps updated_at on in-force policies
        cur.execute("SELECT policy_id FROM policy.policy WHERE status = 'A' ORDER BY policy_id")
        active = [r[0] for r in cur.fetchall()]
        batch = sorted(rng.sample(active, 2400))
        for i in range(0, len(batch), 100):
            cur.execute("UPDATE policy.policy SET updated_at = timestamptz '2025-11-30 02:15:00+00' + %s * interval '1 second' "
                        "WHERE policy_id = ANY(%s)", (i, batch[i:i + 100]))

        cur.execute("ANALYZE")

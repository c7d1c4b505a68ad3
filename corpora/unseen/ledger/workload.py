"""Daytime workload for the Kestrel Money ledger reporting copy.

Simulates the app back-end (balance / card-txn lookups), the ops tools
(dispute screen, account maintenance touches) and a couple of finance
reports that run without a supporting index.  Deterministic: the same
ids are used on every run.  Nothing a business question reads is changed:
updates are no-ops (same value written back) on maintenance columns, and
the one transaction that would change data is rolled back.
"""
import psycopg


def _ids(n, mod, mul=7919, add=13, base=1):
    return [base + ((i * mul + add) % mod) for i in range(n)]


def run(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("SET application_name = 'kestrel-app'")

        # ---- app back-end: key lookups --------------------------------
        cur.execute("SELECT min(card_id), max(card_id) FROM card.card")
        cmin, cmax = cur.fetchone()
        for cid in _ids(3000, cmax - cmin + 1, base=cmin):
            cur.execute(
                "SELECT txn_id, txn_ts, merchant_nm, bill_amt, status "
                "FROM card.card_txn WHERE card_id = %s ORDER BY txn_ts DESC LIMIT 20",
                (cid,),
            )
            cur.fetchall()

        cur.execute("SELECT min(acct_id), max(acct_id) FROM core.acct")
        amin, amax = cur.fetchone()
        for aid in _ids(800, amax - amin + 1, mul=104729, base=amin):
            cur.execute(
                "SELECT -coalesce(sum(amt), 0) FROM gl.jrnl_posting "
                "WHERE acct_id = %s AND gl_acct_cd = '2000'",
                (aid,),
            )
            cur.fetchone()
            cur.execute("SELECT acct_no, ccy_cd, status FROM core.acct WHERE acct_id = %s", (aid,))
            cur.fetchone()

        for cid in _ids(600, 3000, mul=2741):
            cur.execute("SELECT cust_ref, cust_type, kyc_status FROM core.cust WHERE cust_id = %s", (cid,))
            cur.fetchone()
            cur.execute(
                "SELECT cust_id, first_nm, last_nm, biz_nm FROM core.cust WHERE cust_ref = %s",
                ("C%d" % (100000 + cid),),
            )
            cur.fetchone()

        cur.execute("SELECT min(je_id), max(je_id) FROM gl.jrnl_entry")
        jmin, jmax = cur.fetchone()
        for jid in _ids(1000, jmax - jmin + 1, mul=15485863, base=jmin):
            cur.execute(
                "SELECT e.je_type, e.je_dt, p.line_no, p.gl_acct_cd, p.amt "
                "FROM gl.jrnl_entry e JOIN gl.jrnl_posting p USING (je_id) WHERE e.je_id = %s",
                (jid,),
            )
            cur.fetchall()

        # ---- ops tools: no-op maintenance touches (leave dead tuples) --
        for aid in _ids(700, amax - amin + 1, mul=7727, add=3, base=amin):
            cur.execute("UPDATE core.acct SET upd_at = upd_at WHERE acct_id = %s", (aid,))

        cur.execute("SELECT dispute_id FROM ops.dispute WHERE closed_dt IS NULL ORDER BY dispute_id")
        open_ids = [r[0] for r in cur.fetchall()]
        for did in open_ids:
            cur.execute("SELECT * FROM ops.v_dispute_open WHERE dispute_id = %s", (did,))
            cur.fetchall()
            cur.execute(
                "UPDATE ops.dispute SET assigned_to = assigned_to WHERE dispute_id = %s", (did,)
            )

        # clearing job re-touches recently cleared txns (same je_id written back)
        cur.execute(
            "SELECT txn_id FROM card.card_txn WHERE status = 'CLR' "
            "AND clr_dt >= DATE '2024-06-01' ORDER BY txn_id LIMIT 1200"
        )
        for (tid,) in cur.fetchall():
            cur.execute("UPDATE card.card_txn SET je_id = je_id WHERE txn_id = %s", (tid,))

        for cid in _ids(150, cmax - cmin + 1, mul=331, base=cmin):
            cur.execute("UPDATE card.card SET status = status WHERE card_id = %s", (cid,))

        # ---- a dispute raised and then abandoned (rolled back) ----------
        with conn.transaction(force_rollback=True):
            cur.execute(
                "SELECT txn_id, bill_amt FROM card.card_txn "
                "WHERE status = 'CLR' AND merchant_nm = 'RYANAIR' ORDER BY txn_id LIMIT 1"
            )
            txn_id, amt = cur.fetchone()
            cur.execute("SELECT max(dispute_id) + 1 FROM ops.dispute")
            new_id = cur.fetchone()[0]
            cur.execute(
                "INSERT INTO ops.dispute (dispute_id, txn_id, rsn_cd, disp_amt, opened_dt, status) "
                "VALUES (%s, %s, '13.1', %s, DATE '2024-06-30', 'OPEN')",
                (new_id, txn_id, amt),
            )
            cur.execute(
                "INSERT INTO ops.dispute_status_hist (dispute_id, seq_no, status, changed_at, changed_by) "
                "VALUES (%s, 1, 'OPEN', TIMESTAMP '2024-06-30 17:05', 'app')",
                (new_id,),
            )
            cur.execute("UPDATE ops.fee SET waived = true, waive_rsn = 'COMPLAINT' WHERE txn_id = %s", (txn_id,))

        # ---- finance / risk reports (no supporting index) ---------------
        for m in ("RYANAIR", "AMAZON EU SARL", "BET365", "TESCO STORES", "BOOKING.COM"):
            cur.execute(
                "SELECT date_trunc('month', txn_ts) AS mth, count(*), sum(bill_amt) "
                "FROM card.card_txn WHERE merchant_nm = %s AND status = 'CLR' GROUP BY 1 ORDER BY 1",
                (m,),
            )
            cur.fetchall()
        for _ in range(3):
            cur.execute(
                "SELECT t.mcc, count(*), sum(t.bill_amt) FROM card.card_txn t "
                "WHERE t.txn_ts >= TIMESTAMP '2024-06-01' AND t.mcc NOT IN (SELECT mcc FROM ref.mcc) "
                "GROUP BY 1"
            )
            cur.fetchall()
        cur.execute(
            "SELECT gl_acct_cd, ccy_cd, sum(amt) FROM gl.jrnl_posting GROUP BY 1, 2 ORDER BY 1, 2"
        )
        cur.fetchall()
        cur.execute(
            "SELECT p.acct_id, -sum(p.amt) AS bal FROM gl.jrnl_posting p "
            "JOIN gl.jrnl_entry e USING (je_id) WHERE e.je_dt <= DATE '2024-05-31' "
            "AND p.gl_acct_cd = '2000' GROUP BY 1 HAVING -sum(p.amt) > 10000"
        )
        cur.fetchall()
        cur.execute(
            "SELECT c.ctry_cd, t.merchant_ctry, count(*) FROM card.card_txn t "
            "JOIN card.card k USING (card_id) "
            "JOIN core.acct_owner_hist o ON o.acct_id = k.acct_id AND o.role_cd = 'PRI' "
            " AND t.txn_ts::date >= o.valid_from AND (o.valid_to IS NULL OR t.txn_ts::date < o.valid_to) "
            "JOIN core.cust c ON c.cust_id = o.cust_id "
            "WHERE t.status = 'CLR' GROUP BY 1, 2"
        )
        cur.fetchall()

"""Replay a few seconds of circulation-desk / OPAC traffic against the library ILS.

The traffic is deterministic (fixed seed, ordered id lists) and data-neutral:
every copy that is "checked out" at the desk is "checked in" again later in the
same replay, so cat.items ends with exactly the statuses it started with, but it
accumulates a couple of thousand dead row versions (single-row UPDATEs).
No indexes are created or dropped.  Ends with ANALYZE.

Usage:  python workload.py "host=127.0.0.1 user=postgres dbname=..."
"""
import random
import sys
import time

import psycopg

SEED = 20251001
N_CHECKOUTS = 1200          # each followed (later) by a check-in -> 2,400 UPDATEs on cat.items
N_TITLE_SEARCH = 250
N_AUTHOR_SEARCH = 120
N_CARD_LOOKUP = 400
N_BARCODE_LOOKUP = 300
N_SURNAME_LOOKUP = 60

TITLE_WORDS = ["river", "garden", "kingdom", "shadow", "storm", "library", "harbor", "mystery",
               "chronicles", "summer", "winter", "silent", "golden", "island", "letter", "crown",
               "mirror", "voyage", "forest", "compass"]
AUTHOR_WORDS = ["chen", "patel", "novak", "reyes", "walsh", "tanaka", "okafor", "schmidt",
                "ramirez", "quinn", "moreau", "larsen", "kaur", "vargas", "sharma"]


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    t0 = time.monotonic()
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        # desk clients don't wait for WAL flush; keeps the replay to a few seconds
        cur.execute("set synchronous_commit = off")

        cur.execute("select itm_id, barcode from cat.items where itm_stat = 'AV' order by itm_id")
        avail = cur.fetchall()
        cur.execute("select card_no from circ.patron order by pat_id")
        cards = [r[0] for r in cur.fetchall()]
        cur.execute("select distinct lname from circ.patron order by lname")
        surnames = [r[0] for r in cur.fetchall()]
        cur.execute("select barcode from cat.items order by itm_id")
        barcodes = [r[0] for r in cur.fetchall()]

        to_checkout = rng.sample(avail, N_CHECKOUTS)
        out = []   # items currently "at the desk"

        # build a deterministic interleaved script of operations
        ops = (["title"] * N_TITLE_SEARCH + ["author"] * N_AUTHOR_SEARCH +
               ["card"] * N_CARD_LOOKUP + ["barcode"] * N_BARCODE_LOOKUP +
               ["surname"] * N_SURNAME_LOOKUP +
               ["checkout"] * N_CHECKOUTS + ["checkin"] * N_CHECKOUTS)
        rng.shuffle(ops)

        ci = 0
        for op in ops:
            if op == "title":
                w = rng.choice(TITLE_WORDS)
                cur.execute("select bib_id, title, auth, pub_yr, mat_cd from cat.bib "
                            "where title ilike %s order by title limit 20", (f"%{w}%",))
                cur.fetchall()
            elif op == "author":
                w = rng.choice(AUTHOR_WORDS)
                cur.execute("select b.bib_id, b.title, b.auth, count(i.itm_id) as copies "
                            "from cat.bib b left join cat.items i on i.bib_id = b.bib_id "
                            "where b.auth ilike %s group by b.bib_id, b.title, b.auth "
                            "order by b.title limit 20", (f"{w}%",))
                cur.fetchall()
            elif op == "card":
                card = rng.choice(cards)
                cur.execute("select pat_id, fname, lname, ptype, exp_dt from circ.patron "
                            "where card_no = %s", (card,))
                row = cur.fetchone()
                if row is not None:
                    cur.execute("select loan_id, itm_id, due_dt from circ.loans "
                                "where pat_id = %s and ret_ts is null", (row[0],))
                    cur.fetchall()
                    cur.execute("select coalesce(sum(amt_cents), 0) from circ.fines "
                                "where pat_id = %s and paid_on is null and not waived", (row[0],))
                    cur.fetchone()
            elif op == "surname":
                cur.execute("select pat_id, card_no, fname, lname, home_br from circ.patron "
                            "where lname = %s order by fname limit 50", (rng.choice(surnames),))
                cur.fetchall()
            elif op == "barcode":
                bc = rng.choice(barcodes)
                cur.execute("select i.itm_id, i.itm_stat, b.title from cat.items i "
                            "join cat.bib b on b.bib_id = i.bib_id where i.barcode = %s", (bc,))
                cur.fetchone()
            elif op == "checkout":
                if ci < len(to_checkout):
                    itm_id, bc = to_checkout[ci]
                    ci += 1
                    cur.execute("select itm_id, itm_stat from cat.items where barcode = %s", (bc,))
                    cur.fetchone()
                    cur.execute("update cat.items set itm_stat = 'CO' "
                                "where itm_id = %s and itm_stat = 'AV'", (itm_id,))
                    out.append(itm_id)
            elif op == "checkin":
                if out:
                    itm_id = out.pop(rng.randrange(len(out)))
                    cur.execute("update cat.items set itm_stat = 'AV' "
                                "where itm_id = %s and itm_stat = 'CO'", (itm_id,))
        # anything still "at the desk" is checked in at closing time
        while ci < len(to_checkout):
            itm_id, _ = to_checkout[ci]
            ci += 1
            cur.execute("update cat.items set itm_stat = 'CO' where itm_id = %s and itm_stat = 'AV'", (itm_id,))
            out.append(itm_id)
        for itm_id in sorted(out):
            cur.execute("update cat.items set itm_stat = 'AV' where itm_id = %s and itm_stat = 'CO'", (itm_id,))

        cur.execute("analyze")
    print(f"workload done in {time.monotonic() - t0:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=unseen_scratch_x_library")

"""Short, deterministic day-in-the-life workload for the Brightside Children's Trust CRM.

Plays what the office does on Thursday 12 June 2025: supporter care finds supporters
(by supporter number, email, surname, and by postcode when a caller can't remember their
number), opens their giving history, direct debits, preferences and Gift Aid; the regular
giving team answers bank queries; events, shops, legacies and grants staff look things up;
a few reports run. Writes: preference changes logged from calls, the thank-you letter run,
next week's rota, the nightly bank reconciliation job (which re-stamps every collection of
the last twelve months, twice) and the dashboard refresh.
"""
import random

import psycopg

SEED = 20250612


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample supporters to work with (by primary key) ------------------
            ids = [rng.randint(1, 42000) for _ in range(400)]
            refs, emails, names, postcodes = [], [], [], []
            for sid in ids[:300]:
                cur.execute("SELECT supp_ref, email, last_nm, first_nm, postcode FROM crm.supporter WHERE supp_id = %s", (sid,))
                ref, email, last_nm, first_nm, pc = cur.fetchone()
                refs.append(ref)
                if email:
                    emails.append(email)
                if last_nm and first_nm:
                    names.append((last_nm, first_nm))
                if pc:
                    postcodes.append(pc)
            conn.commit()

            # --- supporter care look-ups --------------------------------------------
            for r in refs[:150]:
                cur.execute("SELECT supp_id, title, first_nm, last_nm, org_nm, status_cd FROM crm.supporter WHERE supp_ref = %s", (r,))
                cur.fetchall()
            for e in emails[:120]:
                cur.execute("SELECT supp_id, supp_ref, first_nm, last_nm FROM crm.supporter WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            for ln, fn in names[:60]:
                cur.execute("""SELECT supp_id, supp_ref, first_nm, last_nm, town, postcode FROM crm.supporter
                               WHERE last_nm = %s AND first_nm = %s ORDER BY supp_id""", (ln, fn))
                cur.fetchall()
            # callers who don't know their supporter number: find them by postcode (no index)
            for pc in postcodes[:80]:
                cur.execute("""SELECT supp_id, supp_ref, title, first_nm, last_nm, addr_line1 FROM crm.supporter
                               WHERE postcode = %s ORDER BY last_nm""", (pc,))
                cur.fetchall()
            conn.commit()

            # --- supporter record tabs -----------------------------------------------
            for sid in ids[:150]:
                cur.execute("""SELECT rcvd_dt, amt, pay_mthd, inc_type, src_code, ga_elig FROM giving.donation
                               WHERE supp_id = %s ORDER BY rcvd_dt DESC LIMIT 20""", (sid,))
                cur.fetchall()
                cur.execute("SELECT mandate_id, ddi_ref, amt, freq, mnd_status FROM giving.dd_mandate WHERE supp_id = %s", (sid,))
                cur.fetchall()
                cur.execute("""SELECT channel, pref, eff_ts FROM crm.consent_event WHERE supp_id = %s
                               ORDER BY channel, eff_ts DESC""", (sid,))
                cur.fetchall()
                cur.execute("SELECT decl_dt, method, eff_from, cancelled_dt FROM giftaid.declaration WHERE supp_id = %s", (sid,))
                cur.fetchall()
                cur.execute("""SELECT e.evt_nm, r.reg_status, r.reg_dt FROM events.registration r
                               JOIN events.event e ON e.event_id = r.event_id WHERE r.supp_id = %s""", (sid,))
                cur.fetchall()
                cur.execute("SELECT bequest_id, gift_type, stage FROM legacy.bequest WHERE supp_id = %s", (sid,))
                cur.fetchall()
            for sid in ids[:40]:
                cur.execute("""SELECT op, changed_by, changed_at, diff FROM crm.change_log
                               WHERE tbl_nm = 'crm.supporter' AND row_pk = %s ORDER BY changed_at""", (str(sid),))
                cur.fetchall()
            conn.commit()

            # preference changes taken on the phone today (and logged)
            for k, sid in enumerate(ids[300:340]):
                ch = rng.choice(["E", "P", "T", "S"])
                ts = f"2025-06-12 {9 + k // 6:02d}:{(k * 7) % 60:02d}:00"
                cur.execute("""INSERT INTO crm.consent_event (supp_id, channel, pref, capt_src, eff_ts, recorded_by)
                               VALUES (%s, %s, 'O', 'PHN', %s, 'supporter_care') RETURNING ce_id""", (sid, ch, ts))
                ce_id = cur.fetchone()[0]
                cur.execute("""INSERT INTO crm.change_log (tbl_nm, row_pk, op, changed_by, changed_at, diff)
                               VALUES ('crm.consent_event', %s, 'I', 'supporter_care', %s,
                                       jsonb_build_object('supp_id', %s::int, 'channel', %s::text, 'pref', 'O'))""",
                            (str(ce_id), ts, sid, ch))
            conn.commit()

            # --- regular giving: bank queries -------------------------------------------
            cur.execute("SELECT ddi_ref, mandate_id FROM giving.dd_mandate ORDER BY mandate_id")
            mandates = cur.fetchall()
            for ddi, _mid in rng.sample(mandates, 50):
                cur.execute("SELECT mandate_id, supp_id, amt, freq, coll_day, mnd_status FROM giving.dd_mandate WHERE ddi_ref = %s", (ddi,))
                cur.fetchall()
            for _ddi, mid in rng.sample(mandates, 80):
                cur.execute("""SELECT r.coll_dt, c.amt, c.outcome, c.return_cd FROM giving.dd_collection c
                               JOIN giving.collection_run r ON r.run_id = c.run_id
                               WHERE c.mandate_id = %s ORDER BY r.coll_dt DESC LIMIT 12""", (mid,))
                cur.fetchall()
            cur.execute("""SELECT r.coll_dt, r.run_status, count(*), sum(c.amt) FROM giving.collection_run r
                           JOIN giving.dd_collection c ON c.run_id = r.run_id
                           WHERE r.coll_dt >= '2025-05-01' GROUP BY r.coll_dt, r.run_status ORDER BY r.coll_dt""")
            cur.fetchall()
            cur.execute("SELECT supporter_nm, amt, freq, annual_value FROM giving.v_live_regular_givers ORDER BY annual_value DESC LIMIT 50")
            cur.fetchall()
            conn.commit()

            # --- events --------------------------------------------------------------------
            cur.execute("SELECT event_id, evt_cd FROM events.event WHERE evt_dt >= '2025-06-12' ORDER BY evt_dt")
            upcoming = cur.fetchall()
            for event_id, _cd in upcoming:
                cur.execute("""SELECT r.reg_id, s.first_nm, s.last_nm, r.reg_status, r.spons_target
                               FROM events.registration r JOIN crm.supporter s ON s.supp_id = r.supp_id
                               WHERE r.event_id = %s ORDER BY s.last_nm""", (event_id,))
                regs = cur.fetchall()
                for reg in regs[:15]:
                    cur.execute("SELECT coalesce(sum(amt), 0), count(*) FROM events.sponsorship WHERE reg_id = %s AND paid_dt IS NOT NULL", (reg[0],))
                    cur.fetchall()
            conn.commit()

            # --- shops & volunteers --------------------------------------------------------
            for shop_id in range(1, 15):
                cur.execute("""SELECT s.shift_dt, s.start_tm, s.end_tm, v.first_nm, v.last_nm FROM vol.shift s
                               JOIN vol.volunteer v ON v.vol_id = s.vol_id
                               WHERE s.shop_id = %s AND s.shift_dt BETWEEN '2025-06-16' AND '2025-06-21'
                               ORDER BY s.shift_dt, s.start_tm""", (shop_id,))
                cur.fetchall()
            cur.execute("SELECT vol_id, home_shop_id FROM vol.volunteer WHERE vol_status = 'A' AND home_shop_id IS NOT NULL ORDER BY vol_id")
            active_vols = cur.fetchall()
            for vol_id, _shop in rng.sample(active_vols, 40):
                cur.execute("""SELECT shift_dt, att_cd FROM vol.shift WHERE vol_id = %s AND shift_dt >= '2025-01-01'
                               ORDER BY shift_dt""", (vol_id,))
                cur.fetchall()
            # next week's extra rota cover
            for vol_id, shop_id in rng.sample(active_vols, 20):
                cur.execute("""INSERT INTO vol.shift (vol_id, shop_id, shift_dt, start_tm, end_tm, att_cd)
                               VALUES (%s, %s, '2025-06-21', '09:30', '13:00', NULL)""", (vol_id, shop_id))
            conn.commit()

            # --- legacies and grants ---------------------------------------------------------
            cur.execute("SELECT bequest_id FROM legacy.bequest WHERE stage IN ('N','C') ORDER BY notified_dt")
            for (bid,) in cur.fetchall():
                cur.execute("SELECT rcvd_dt, amt, is_final FROM legacy.receipt WHERE bequest_id = %s ORDER BY rcvd_dt", (bid,))
                cur.fetchall()
            for pid in rng.sample(range(1, 161), 30):
                cur.execute("""SELECT award_id, programme, project_nm, amt_awarded, award_status FROM grants.award
                               WHERE partner_id = %s ORDER BY committee_dt""", (pid,))
                for award in cur.fetchall():
                    cur.execute("SELECT sched_dt, paid_dt, amt FROM grants.payment WHERE award_id = %s ORDER BY sched_dt", (award[0],))
                    cur.fetchall()
            conn.commit()

            # --- campaign reporting -------------------------------------------------------------
            for camp in ["SUM25", "SPR25", "XMAS24", "RG25"]:
                cur.execute("SELECT src_code, chan_cd, cost_amt FROM fundraising.source_code WHERE camp_cd = %s", (camp,))
                for (code, _chan, _cost) in cur.fetchall():
                    cur.execute("SELECT count(*), coalesce(sum(amt), 0) FROM giving.donation WHERE src_code = %s AND refund_dt IS NULL", (code,))
                    cur.fetchall()
            cur.execute("SELECT month, inc_type, gifts, total FROM giving.mv_income_month WHERE month >= '2024-06-01' ORDER BY month, inc_type")
            cur.fetchall()
            # Gift Aid: what is waiting for the June claim
            cur.execute("""SELECT count(*), sum(amt) FROM giving.donation
                           WHERE ga_elig AND ga_claim_id IS NULL AND refund_dt IS NULL AND rcvd_dt >= '2025-06-01'""")
            cur.fetchall()
            conn.commit()

            # --- writes: thank-you letter run -----------------------------------------------------
            cur.execute("""UPDATE giving.donation SET thank_dt = '2025-06-12'
                           WHERE thank_dt IS NULL AND inc_type <> 'RGD' AND refund_dt IS NULL
                             AND rcvd_dt BETWEEN '2025-06-02' AND '2025-06-09'""")
            conn.commit()

            # --- nightly bank reconciliation: re-stamps a year of collections, run by run ----------
            cur.execute("SELECT run_id FROM giving.collection_run WHERE run_status = 'C' AND coll_dt >= '2024-06-01' ORDER BY coll_dt")
            runs = [r[0] for r in cur.fetchall()]
            for stamp in ("2025-06-12 02:15:00", "2025-06-12 02:40:00"):
                for run_id in runs:
                    cur.execute("UPDATE giving.dd_collection SET recon_ts = %s WHERE run_id = %s", (stamp, run_id))
                conn.commit()

            # dashboard refresh
            cur.execute("REFRESH MATERIALIZED VIEW giving.mv_income_month")
            conn.commit()

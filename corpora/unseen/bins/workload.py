"""Short, deterministic day-in-the-life workload for the waste & recycling database.

Plays what Kettleby District Council's waste team does on Wednesday 16 October 2024:
the contact centre finds residents' addresses by postcode (no index on postcode) and
looks at their bins, missed-bin history, garden subscription and bulky bookings; new
missed bins are logged and supervisors close off return visits; duplicate reports are
deleted; the workshop checks vehicle defect histories and signs off repairs; a few
management reports run (several of them repeatedly); at the end of the day the in-cab
system sync stamps last_seen on every container lifted on today's rounds (a large
batch of updates on prop.container, which leaves dead rows behind).
"""
import random

import psycopg

SEED = 20241016
TODAY = "2024-10-16"
STREAM_BINS = {
    "residual": ["R140", "R240", "R360"],
    "recycling": ["C240", "C360", "B55"],
    "food": ["F23"],
    "garden": ["G240"],
}
ROUND_COL = {"residual": "ref_rnd", "recycling": "rec_rnd", "food": "fd_rnd", "garden": "gw_rnd"}


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample properties to work with (by primary key) ---------------------
            uprns = [100040000001 + rng.randint(0, 35999) for _ in range(300)]
            postcodes = []
            for u in uprns[:120]:
                cur.execute("SELECT postcode, addr_l1, street FROM prop.property WHERE uprn = %s", (u,))
                postcodes.append(cur.fetchone()[0])
            conn.commit()

            # --- contact centre: find the address by postcode (no index) -------------
            for pc in postcodes[:90]:
                cur.execute("""SELECT uprn, addr_l1, street, town FROM prop.property
                               WHERE postcode = %s ORDER BY street, addr_l1""", (pc,))
                cur.fetchall()
            for u in uprns[:150]:
                cur.execute("""SELECT hh_id, lead_nm, email, phone, assisted FROM prop.household
                               WHERE uprn = %s AND moved_out IS NULL""", (u,))
                cur.fetchall()
                cur.execute("""SELECT c.cont_id, c.bt_cd, b.bt_desc, c.issued_dt, c.cont_st
                               FROM prop.container c JOIN prop.bin_type b ON b.bt_cd = c.bt_cd
                               WHERE c.uprn = %s ORDER BY c.issued_dt""", (u,))
                cur.fetchall()
                cur.execute("""SELECT mb_ref, coll_dt, stream, rsn_cd, res_cd FROM svc.missed_bin
                               WHERE uprn = %s ORDER BY rpt_at DESC LIMIT 10""", (u,))
                cur.fetchall()
            for u in uprns[150:230]:
                cur.execute("SELECT season, bins, fee, st_cd FROM svc.garden_sub WHERE uprn = %s ORDER BY season", (u,))
                cur.fetchall()
                cur.execute("SELECT bkg_ref, coll_dt, item_cnt, fee, bkg_st FROM svc.bulky_booking WHERE uprn = %s", (u,))
                cur.fetchall()
            conn.commit()

            # --- today's rounds ------------------------------------------------------
            cur.execute("""SELECT rr.run_id, rr.round_id, r.stream::text, rr.st_cd
                           FROM ops.round_run rr JOIN ops.round r ON r.round_id = rr.round_id
                           WHERE rr.run_dt = %s ORDER BY rr.round_id""", (TODAY,))
            todays = cur.fetchall()
            cur.execute("""SELECT rr.run_dt, r.round_cd, v.reg_no FROM ops.round_run rr
                           JOIN ops.round r ON r.round_id = rr.round_id JOIN ops.vehicle v ON v.veh_id = rr.veh_id
                           WHERE rr.run_dt = '2024-10-17' ORDER BY r.round_cd""")
            cur.fetchall()
            conn.commit()

            # --- missed bins reported today ----------------------------------------
            on_round = {}
            for run_id, round_id, stream, st in todays:
                col = ROUND_COL[stream]
                cur.execute(f"SELECT uprn FROM prop.property WHERE {col} = %s ORDER BY uprn", (round_id,))
                on_round[(run_id, round_id, stream)] = [r[0] for r in cur.fetchall()]
            cur.execute("SELECT coalesce(max(mb_id), 0) FROM svc.missed_bin")
            next_no = cur.fetchone()[0] + 1
            keys = sorted(on_round)
            for i in range(45):
                run_id, round_id, stream = keys[i % len(keys)]
                u = rng.choice(on_round[(run_id, round_id, stream)])
                minute = rng.randint(0, 540)
                cur.execute("""INSERT INTO svc.missed_bin (mb_ref, uprn, hh_id, stream, coll_dt, run_id, round_id, rpt_at, chan, rsn_cd, res_cd)
                               SELECT %s, %s, (SELECT hh_id FROM prop.household WHERE uprn = %s AND moved_out IS NULL LIMIT 1),
                                      %s::prop.waste_stream, %s, %s, %s, timestamp '2024-10-16 10:00' + %s::int * interval '1 minute',
                                      %s, NULL, 'O'""",
                            ("MB" + str(next_no + i).zfill(7), u, u, stream, TODAY, run_id, round_id, minute,
                             rng.choice(["W", "W", "A", "P"])))
            conn.commit()
            cur.execute("""SELECT mb_ref, rpt_at, stream, uprn FROM svc.missed_bin
                           WHERE rpt_at >= '2024-10-16' ORDER BY rpt_at""")
            cur.fetchall()

            # --- supervisors: open list, close off yesterday's return visits ---------
            cur.execute("""SELECT round_cd, count(*) FROM svc.v_open_missed_bins
                           GROUP BY round_cd ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT mb_id FROM svc.missed_bin WHERE res_cd = 'O' AND rpt_at < '2024-10-16'
                           ORDER BY mb_id""")
            open_ids = [r[0] for r in cur.fetchall()]
            for mb_id in open_ids[: len(open_ids) // 2]:
                cur.execute("UPDATE svc.missed_bin SET res_cd = 'R', resolved_dt = %s WHERE mb_id = %s", (TODAY, mb_id))
            conn.commit()
            # duplicate reports of the same bin on the same day are deleted (keep the first)
            cur.execute("""DELETE FROM svc.missed_bin m USING svc.missed_bin k
                           WHERE k.uprn = m.uprn AND k.coll_dt = m.coll_dt AND k.stream = m.stream
                             AND k.mb_id < m.mb_id AND m.coll_dt >= '2024-07-01'""")
            conn.commit()

            # --- workshop --------------------------------------------------------------
            for veh in [1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 17, 18, 19]:
                cur.execute("""SELECT def_ref, rpt_dt, def_cat, sev, fixed_dt FROM ops.veh_defect
                               WHERE veh_id = %s ORDER BY rpt_dt DESC LIMIT 15""", (veh,))
                cur.fetchall()
            cur.execute("""SELECT d.def_ref, v.reg_no, d.def_cat, d.sev, d.rpt_dt FROM ops.veh_defect d
                           JOIN ops.vehicle v ON v.veh_id = d.veh_id WHERE d.fixed_dt IS NULL ORDER BY d.sev DESC, d.rpt_dt""")
            open_defects = cur.fetchall()
            for def_ref, reg, cat, sev, rpt in open_defects:
                if sev == 1 and str(rpt) < "2024-10-01":
                    cur.execute("""UPDATE ops.veh_defect SET fixed_dt = %s, labour_hrs = 1.0, parts_cost = 35.00
                                   WHERE def_ref = %s""", (TODAY, def_ref))
            conn.commit()

            # --- bulky waste, complaints, enforcement ----------------------------------
            cur.execute("""SELECT b.bkg_ref, p.addr_l1, p.street, p.postcode, b.items, b.bkg_st
                           FROM svc.bulky_booking b JOIN prop.property p ON p.uprn = b.uprn
                           WHERE b.coll_dt = '2024-10-17' ORDER BY p.postcode""")
            cur.fetchall()
            cur.execute("""SELECT cmp_ref, cat_cd, stage, rcvd_dt, due_dt FROM svc.complaint
                           WHERE closed_dt IS NULL ORDER BY due_dt""")
            cur.fetchall()
            cur.execute("""SELECT ft_ref, rpt_at, ward_cd, details -> 'waste' ->> 'size' FROM svc.flytip_report
                           WHERE st_cd IN ('N', 'I') ORDER BY rpt_at""")
            cur.fetchall()
            cur.execute("""SELECT not_ref, not_typ, issued_dt, amount FROM svc.enf_notice
                           WHERE st_cd = 'O' AND due_dt < %s ORDER BY due_dt""", (TODAY,))
            cur.fetchall()
            conn.commit()

            # --- management reports (some run again and again from the dashboard) -------
            for _ in range(3):
                cur.execute("""SELECT r.round_cd, count(*), round(sum(t.net_kg) / 1000.0, 1)
                               FROM ops.wb_ticket t JOIN ops.round_run rr ON rr.run_id = t.run_id
                               JOIN ops.round r ON r.round_id = rr.round_id
                               WHERE t.tkt_dt >= '2024-04-01' GROUP BY r.round_cd ORDER BY 3 DESC""")
                cur.fetchall()
                cur.execute("""SELECT p.ward_cd, m.stream, count(*) FROM svc.missed_bin m
                               JOIN prop.property p ON p.uprn = m.uprn
                               WHERE m.coll_dt >= '2024-09-16' GROUP BY 1, 2 ORDER BY 3 DESC""")
                cur.fetchall()
                cur.execute("""SELECT p.ward_cd, count(*) FILTER (WHERE g.season = 2024), count(*) FILTER (WHERE g.season = 2025)
                               FROM svc.garden_sub g JOIN prop.property p ON p.uprn = g.uprn
                               WHERE g.st_cd = 'A' GROUP BY 1 ORDER BY 1""")
                cur.fetchall()
            cur.execute("SELECT mth, stream, tonnes FROM ops.mv_tonnage_month WHERE mth >= '2024-01-01' ORDER BY mth, stream")
            cur.fetchall()
            cur.execute("""SELECT date_trunc('month', rpt_at), details -> 'waste' ->> 'type', count(*)
                           FROM svc.flytip_report WHERE rpt_at >= '2024-01-01' GROUP BY 1, 2 ORDER BY 1, 3 DESC""")
            cur.fetchall()
            conn.commit()

            # --- residents update their contact details --------------------------------
            for u in uprns[230:260]:
                cur.execute("""UPDATE prop.household SET phone = '07700' || lpad(%s::text, 6, '0')
                               WHERE uprn = %s AND moved_out IS NULL""", (rng.randint(0, 999999), u))
            conn.commit()

            # --- end of day: in-cab sync stamps every container lifted today ------------
            for (run_id, round_id, stream), props in sorted(on_round.items()):
                for i in range(0, len(props), 400):
                    cur.execute("""UPDATE prop.container SET last_seen = %s
                                   WHERE uprn = ANY(%s::bigint[]) AND cont_st = 'A' AND bt_cd = ANY(%s::text[])""",
                                (TODAY, props[i:i + 400], STREAM_BINS[stream]))
                    conn.commit()

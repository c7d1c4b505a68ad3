"""Short, deterministic day-in-the-life workload for the Kingsmoor TMD maintenance database.

Plays what the depot does on Thursday 24 October 2024: the maintenance controller checks the
morning count and looks units up (allocation, mileage, defects, work orders, TMS faults), the
shift production manager plans exams, technicians look at wheel-lathe history and their job
cards, stores look up part movements, the training coordinator checks competences, a few
reports run; the daily defect review stamps open defects and the payroll clerk re-stamps
labour bookings after a correction, and Control acknowledges some TMS events.
"""
import random

import psycopg

SEED = 20241024


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            cur.execute("SELECT unit_id, unit_no FROM fleet.unit ORDER BY unit_id")
            units = cur.fetchall()
            cur.execute("SELECT veh_id, veh_no FROM fleet.vehicle ORDER BY veh_id")
            vehicles = cur.fetchall()
            conn.commit()

            # --- morning count and unit look-ups ---------------------------------
            cur.execute("""SELECT u.unit_no, mc.avail_cd, mc.diag_cd, mc.rmk
                           FROM ops.morning_count mc JOIN fleet.unit u ON u.unit_id = mc.unit_id
                           WHERE mc.count_dt = '2024-10-24' ORDER BY u.unit_no""")
            cur.fetchall()
            for unit_id, unit_no in rng.sample(units, 40):
                cur.execute("SELECT unit_id, class_cd, sts_cd FROM fleet.unit WHERE unit_no = %s", (unit_no,))
                cur.fetchone()
                cur.execute("""SELECT diag_cd, valid_from, valid_to FROM fleet.unit_alloc_hist
                               WHERE unit_id = %s ORDER BY valid_from DESC LIMIT 3""", (unit_id,))
                cur.fetchall()
                cur.execute("""SELECT rdg_dt, odo_km, src_cd FROM fleet.mileage_rdg
                               WHERE unit_id = %s AND rdg_dt >= '2024-10-01' ORDER BY rdg_dt DESC""", (unit_id,))
                cur.fetchall()
                cur.execute("""SELECT count_dt, avail_cd, rmk FROM ops.morning_count
                               WHERE unit_id = %s AND count_dt >= '2024-10-01' ORDER BY count_dt""", (unit_id,))
                cur.fetchall()
                cur.execute("""SELECT defect_no, sev_cd, sts, raised_ts, fault_rec->>'system'
                               FROM maint.defect WHERE unit_id = %s AND raised_ts >= '2024-09-01'
                               ORDER BY raised_ts DESC""", (unit_id,))
                cur.fetchall()
                cur.execute("""SELECT wo_id, wo_no, wo_type, sts_cd, raised_ts FROM maint.work_order
                               WHERE unit_id = %s AND raised_ts >= '2024-10-01' ORDER BY raised_ts""", (unit_id,))
                wos = cur.fetchall()
                for wo in wos[:3]:
                    cur.execute("SELECT fitter_id, work_dt, shift_cd, hrs FROM maint.labour_bkg WHERE wo_id = %s", (wo[0],))
                    cur.fetchall()
                    cur.execute("SELECT part_no, qty, txn_cd, issue_ts FROM maint.part_issue WHERE wo_id = %s", (wo[0],))
                    cur.fetchall()
                cur.execute("""SELECT event_ts, fault_cd, evt_cd, loc_cd FROM ops.fault_log
                               WHERE unit_id = %s AND event_ts >= '2024-10-17' ORDER BY event_ts DESC""", (unit_id,))
                cur.fetchall()
            conn.commit()

            # TMS fault history for reliability investigations (reaches back into 2023)
            for unit_id, _ in rng.sample(units, 12):
                cur.execute("""SELECT fault_cd, count(*) FROM ops.fault_log
                               WHERE unit_id = %s AND event_ts >= '2023-10-01' AND event_ts < '2023-12-01'
                               GROUP BY fault_cd ORDER BY 2 DESC""", (unit_id,))
                cur.fetchall()
            conn.commit()

            # --- exam planning ------------------------------------------------------
            cur.execute("""SELECT u.unit_no, e.exam_cd, e.due_dt, e.sched_dt FROM maint.exam_plan e
                           JOIN fleet.unit u ON u.unit_id = e.unit_id
                           WHERE e.sts_cd = 'P' AND e.due_dt <= '2024-11-07' ORDER BY e.due_dt""")
            cur.fetchall()
            for unit_id, _ in rng.sample(units, 30):
                for exam_cd in ("B", "C"):
                    cur.execute("""SELECT due_dt, done_dt, done_km, sts_cd FROM maint.exam_plan
                                   WHERE unit_id = %s AND exam_cd = %s ORDER BY due_dt DESC LIMIT 4""", (unit_id, exam_cd))
                    cur.fetchall()
            conn.commit()

            # --- wheel lathe -------------------------------------------------------------
            for veh_id, _ in rng.sample(vehicles, 40):
                cur.execute("""SELECT turn_dt, axle_no, rsn_cd, dia_bfr_mm, dia_aft_mm FROM fleet.wheel_turn
                               WHERE veh_id = %s ORDER BY turn_dt DESC""", (veh_id,))
                cur.fetchall()
            conn.commit()

            # --- stores --------------------------------------------------------------------
            cur.execute("SELECT part_no FROM maint.part ORDER BY part_no")
            parts = [r[0] for r in cur.fetchall()]
            for part_no in rng.sample(parts, 30):
                cur.execute("""SELECT issue_ts, wo_id, qty, txn_cd FROM maint.part_issue
                               WHERE part_no = %s AND issue_ts >= '2024-07-01' ORDER BY issue_ts DESC""", (part_no,))
                cur.fetchall()
            cur.execute("SELECT part_no, part_desc, qty_on_hand, min_qty FROM maint.part WHERE qty_on_hand < min_qty ORDER BY part_no")
            cur.fetchall()
            conn.commit()

            # --- fitters: competences and their own bookings (no index on fitter_id) -----
            for fitter_id in rng.sample(range(1, 61), 25):
                cur.execute("""SELECT comp_cd, valid_from, valid_to FROM maint.fitter_comp_hist
                               WHERE fitter_id = %s ORDER BY comp_cd, valid_from DESC""", (fitter_id,))
                cur.fetchall()
            for fitter_id in [rng.randint(1, 60) for _ in range(60)]:
                cur.execute("""SELECT work_dt, wo_id, shift_cd, hrs, ot_flag FROM maint.labour_bkg
                               WHERE fitter_id = %s AND work_dt >= '2024-10-01' ORDER BY work_dt""", (fitter_id,))
                cur.fetchall()
            conn.commit()

            # --- reports ---------------------------------------------------------------------
            cur.execute("SELECT * FROM maint.v_open_defects ORDER BY sev_cd, raised_ts")
            cur.fetchall()
            cur.execute("""SELECT class_cd, round(avg(avail_pct), 1) FROM ops.mv_daily_avail
                           WHERE count_dt >= '2024-10-01' GROUP BY class_cd ORDER BY class_cd""")
            cur.fetchall()
            cur.execute("""SELECT fault_rec->>'system', count(*) FROM maint.defect
                           WHERE raised_ts >= '2024-10-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT f.fitter_id, f.last_nm, sum(b.hrs) FROM maint.labour_bkg b
                           JOIN maint.fitter f ON f.fitter_id = b.fitter_id
                           WHERE b.work_dt BETWEEN '2024-10-14' AND '2024-10-20' GROUP BY 1, 2 ORDER BY 3 DESC""")
            cur.fetchall()
            conn.commit()

            # --- writes: daily defect review stamps every outstanding defect ------------------
            cur.execute("SELECT defect_id FROM maint.defect WHERE sts NOT IN ('closed','nff') ORDER BY defect_id")
            for (defect_id,) in cur.fetchall():
                cur.execute("UPDATE maint.defect SET last_rvw_ts = '2024-10-24 09:45:00' WHERE defect_id = %s", (defect_id,))
            conn.commit()

            # payroll correction: bookings since August re-exported, week by week
            cur.execute("""SELECT DISTINCT date_trunc('week', work_dt)::date FROM maint.labour_bkg
                           WHERE work_dt >= '2024-08-05' AND work_dt <= '2024-10-20' ORDER BY 1""")
            for (wk,) in cur.fetchall():
                cur.execute("""UPDATE maint.labour_bkg SET exp_ts = '2024-10-24 16:20:00'
                               WHERE work_dt >= %s AND work_dt < %s::date + 7""", (wk, wk))
                conn.commit()

            # Control acknowledges today's unacknowledged priority-1 TMS events
            cur.execute("""UPDATE ops.fault_log f SET ack_ts = '2024-10-24 17:30:00'
                           FROM ops.fault_code c
                           WHERE c.fault_cd = f.fault_cd AND c.sev_lvl = 1 AND f.ack_ts IS NULL
                             AND f.evt_cd = 'S' AND f.event_ts >= '2024-10-24'""")
            conn.commit()

"""Short, deterministic day-in-the-life workload for the container terminal database.

Plays what the terminal does on Wednesday 18 September 2024 and in the night job after
the gate closes: gate clerks look up containers by number and trucks by registration
plate, check holds and appointments; the vessel planners look at discharge / load lists;
the yard and the maintenance office check equipment; billing looks at charges, invoices
and payments; a few management reports run; then the nightly jobs validate truck
bookings (twice: booking check, then reminder pass), re-stack some boxes in the yard and
update equipment hour meters.
"""
import random

import psycopg

SEED = 20240918


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample keys by primary key ----------------------------------
            cur.execute("SELECT max(unit_id) FROM ops.unit")
            max_unit = cur.fetchone()[0]
            unit_ids = [rng.randint(1, max_unit) for _ in range(260)]
            cntrs = []
            for uid in unit_ids[:200]:
                cur.execute("SELECT cntr_no FROM ops.unit WHERE unit_id = %s", (uid,))
                cntrs.append(cur.fetchone()[0])
            cur.execute("SELECT max(gtx_id) FROM gate.gate_txn")
            max_gtx = cur.fetchone()[0]
            regs = []
            for gid in [rng.randint(1, max_gtx) for _ in range(70)]:
                cur.execute("SELECT truck_reg FROM gate.gate_txn WHERE gtx_id = %s", (gid,))
                regs.append(cur.fetchone()[0])
            conn.commit()

            # --- gate clerks: container look-ups ---------------------------------
            for c in cntrs[:150]:
                cur.execute("""SELECT unit_id, iso_cd, line_cd, cat_cd, frt_kind, time_in, time_out, yard_pos
                               FROM ops.unit WHERE cntr_no = %s""", (c,))
                rows = cur.fetchall()
                for r in rows[:1]:
                    cur.execute("""SELECT hold_cd, placed_at, released_at FROM ops.unit_hold
                                   WHERE unit_id = %s ORDER BY placed_at""", (r[0],))
                    cur.fetchall()
                    cur.execute("""SELECT appt_no, slot_start, appt_st FROM gate.appointment
                                   WHERE unit_id = %s ORDER BY slot_start""", (r[0],))
                    cur.fetchall()
                    cur.execute("""SELECT gtx_id, gate_in_at, gate_out_at, tx_result FROM gate.gate_txn
                                   WHERE unit_id = %s""", (r[0],))
                    cur.fetchall()
            # trucks at the gate: look-up by registration plate (no index on truck_reg)
            for reg in regs[:60]:
                cur.execute("""SELECT g.gtx_id, g.gate_in_at, g.tx_cd, h.hlr_nm
                               FROM gate.gate_txn g JOIN gate.haulier h ON h.haulier_id = g.haulier_id
                               WHERE g.truck_reg = %s ORDER BY g.gate_in_at DESC LIMIT 5""", (reg,))
                cur.fetchall()
            cur.execute("""SELECT tx_cd, tx_result, count(*) FROM gate.gate_txn
                           WHERE gate_in_at >= '2024-09-18' AND gate_in_at < '2024-09-19' GROUP BY 1, 2""")
            cur.fetchall()
            for h in range(6, 22):
                cur.execute("""SELECT appt_no, haulier_id, cntr_no, appt_st FROM gate.appointment
                               WHERE slot_start = %s ORDER BY appt_no""", (f"2024-09-19 {h:02d}:00",))
                cur.fetchall()
            cur.execute("""SELECT h.hlr_nm, count(*) FROM gate.appointment a JOIN gate.haulier h ON h.haulier_id = a.haulier_id
                           WHERE a.appt_st = 'N' AND a.slot_start >= '2024-09-01' GROUP BY h.hlr_nm ORDER BY 2 DESC""")
            cur.fetchall()
            conn.commit()

            # --- vessel planning --------------------------------------------------
            cur.execute("SELECT visit_id, line_cd FROM ops.vessel_visit WHERE phase IN ('WORKING','ARRIVED','PLANNED') ORDER BY eta")
            upcoming = cur.fetchall()
            for visit_id, line_cd in upcoming:
                cur.execute("""SELECT u.cntr_no, u.iso_cd, u.gross_kg, u.imdg, u.rf_setpt, u.yard_pos
                               FROM ops.unit u WHERE u.ob_visit_id = %s AND u.time_out IS NULL
                               ORDER BY u.yard_pos""", (visit_id,))
                cur.fetchall()
                cur.execute("""SELECT visit_ref, eta, ata, atd, phase FROM ops.vessel_visit
                               WHERE line_cd = %s AND eta >= '2024-08-01' ORDER BY eta""", (line_cd,))
                cur.fetchall()
            cur.execute("SELECT visit_id FROM ops.vessel_visit WHERE phase = 'DEPARTED' AND atd >= '2024-09-01' ORDER BY visit_id")
            recent = [r[0] for r in cur.fetchall()]
            for visit_id in recent:
                cur.execute("""SELECT count(*), sum(CASE WHEN iso_cd LIKE '2%%' THEN 1 ELSE 2 END)
                               FROM ops.unit WHERE ib_visit_id = %s""", (visit_id,))
                cur.fetchone()
                cur.execute("SELECT * FROM ops.mv_visit_stats WHERE visit_id = %s", (visit_id,))
                cur.fetchall()
            for uid in unit_ids[:120]:
                cur.execute("""SELECT mv_kind, che_id, from_loc, to_loc, move_at FROM ops.unit_move
                               WHERE unit_id = %s ORDER BY move_at""", (uid,))
                cur.fetchall()
            conn.commit()

            # --- yard and equipment -------------------------------------------------
            for line in ["NSL", "ATX", "MDC", "BRS", "HFS", "IBL", "OCN"]:
                cur.execute("""SELECT cntr_no, iso_cd, cat_cd, time_in, yard_pos FROM ops.unit
                               WHERE time_out IS NULL AND line_cd = %s ORDER BY time_in""", (line,))
                cur.fetchall()
            cur.execute("""SELECT h.hold_cd, count(*) FROM ops.unit_hold h
                           WHERE h.released_at IS NULL AND h.hold_cd IN ('CUS','TML') GROUP BY h.hold_cd""")
            cur.fetchall()
            cur.execute("SELECT che_id FROM ops.equipment WHERE retired_on IS NULL ORDER BY che_id")
            fleet = [r[0] for r in cur.fetchall()]
            for che in fleet:
                cur.execute("""SELECT wo_no, mnt_typ, opened_at, closed_at, cost_amt FROM ops.equip_maint
                               WHERE che_id = %s ORDER BY opened_at DESC LIMIT 10""", (che,))
                cur.fetchall()
            for che in [c for c in fleet if c.startswith("QC")]:
                cur.execute("""SELECT count(*), avg(cycle_s) FROM ops.unit_move
                               WHERE che_id = %s AND move_at >= '2024-09-18' AND move_at < '2024-09-19'""", (che,))
                cur.fetchone()
                # same day last year, for the monthly KPI pack
                cur.execute("""SELECT count(*), avg(cycle_s) FROM ops.unit_move
                               WHERE che_id = %s AND move_at >= '2023-09-18' AND move_at < '2023-09-19'""", (che,))
                cur.fetchone()
            for d in ["2024-09-18", "2024-09-19", "2024-09-20"]:
                cur.execute("""SELECT s.full_nm, s.role_cd, ss.shift_cd, ss.att_cd FROM ops.staff_shift ss
                               JOIN ops.staff s ON s.staff_id = ss.staff_id
                               WHERE ss.shift_dt = %s ORDER BY ss.shift_cd, s.role_cd""", (d,))
                cur.fetchall()
            conn.commit()

            # --- billing ----------------------------------------------------------------
            for uid in unit_ids[120:200]:
                cur.execute("SELECT chg_cd, chg_dt, qty, rate, amt, invoice_id FROM fin.charge WHERE unit_id = %s", (uid,))
                cur.fetchall()
            customers = rng.sample(range(1, 219), 50)
            for cust in customers:
                cur.execute("""SELECT invoice_id, inv_no, inv_dt, due_dt, net_amt + vat_amt, inv_st FROM fin.invoice
                               WHERE cust_id = %s AND inv_dt >= '2024-01-01' ORDER BY inv_dt""", (cust,))
                invs = cur.fetchall()
                for inv in invs[-2:]:
                    cur.execute("SELECT chg_cd, count(*), sum(amt) FROM fin.charge WHERE invoice_id = %s GROUP BY chg_cd", (inv[0],))
                    cur.fetchall()
                    cur.execute("SELECT paid_on, amt, pay_mth FROM fin.payment WHERE invoice_id = %s", (inv[0],))
                    cur.fetchall()
                cur.execute("""SELECT chg_cd, sum(amt) FROM fin.charge
                               WHERE cust_id = %s AND chg_dt >= '2024-09-01' GROUP BY chg_cd""", (cust,))
                cur.fetchall()
            for cons in rng.sample(range(44, 164), 20):
                cur.execute("""SELECT cntr_no, time_in, time_out FROM ops.unit
                               WHERE cons_cust_id = %s AND time_in >= '2024-08-01' ORDER BY time_in""", (cons,))
                cur.fetchall()
            cur.execute("""SELECT cust_nm, count(*), sum(outstanding_amt) FROM fin.v_open_invoices
                           WHERE due_dt < '2024-09-18' GROUP BY cust_nm ORDER BY 3 DESC LIMIT 20""")
            cur.fetchall()
            conn.commit()

            # --- management reports ---------------------------------------------------------
            cur.execute("""SELECT date_trunc('month', m.move_at), count(*), sum(CASE WHEN u.iso_cd LIKE '2%' THEN 1 ELSE 2 END)
                           FROM ops.unit_move m JOIN ops.unit u ON u.unit_id = m.unit_id
                           WHERE m.mv_kind IN ('DS','LD') AND m.move_at >= '2024-01-01' GROUP BY 1 ORDER BY 1""")
            cur.fetchall()
            cur.execute("""SELECT c.cust_nm, sum(ch.amt) FROM fin.charge ch JOIN fin.customer c ON c.cust_id = ch.cust_id
                           WHERE ch.chg_dt >= '2024-01-01' AND NOT ch.wv GROUP BY c.cust_nm ORDER BY 2 DESC LIMIT 15""")
            cur.fetchall()
            cur.execute("""SELECT line_cd, avg(moves_per_hr), sum(teu) FROM ops.mv_visit_stats
                           WHERE atd >= '2024-06-01' GROUP BY line_cd ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT cat_cd, avg(extract(epoch FROM time_out - time_in) / 86400) FROM ops.unit
                           WHERE time_out >= '2024-08-01' GROUP BY cat_cd""")
            cur.fetchall()
            cur.execute("""SELECT count(*) FILTER (WHERE appt_id IS NULL)::numeric / count(*) FROM gate.gate_txn
                           WHERE gate_in_at >= '2024-09-01'""")
            cur.fetchall()
            cur.execute("SELECT line_cd, count(*), sum(teu) FROM ops.v_yard_inventory GROUP BY line_cd ORDER BY 2 DESC")
            cur.fetchall()
            conn.commit()

            # --- nightly jobs (writes) ------------------------------------------------------
            # booking validation: check every appointment of the last four weeks and the coming days
            cur.execute("""SELECT appt_id FROM gate.appointment
                           WHERE slot_start >= '2024-08-21' ORDER BY appt_id""")
            appts = [r[0] for r in cur.fetchall()]
            for i in range(0, len(appts), 250):
                cur.execute("UPDATE gate.appointment SET last_chk_at = '2024-09-18 22:30:00' WHERE appt_id = ANY(%s)",
                            (appts[i:i + 250],))
                conn.commit()
            # ... and the reminder pass re-stamps them
            cur.execute("""UPDATE gate.appointment SET last_chk_at = '2024-09-18 23:10:00'
                           WHERE slot_start >= '2024-08-21'""")
            conn.commit()
            # yard housekeeping: re-stack some boxes within their block
            cur.execute("SELECT unit_id, yard_pos FROM ops.unit WHERE time_out IS NULL AND yard_pos IS NOT NULL ORDER BY unit_id")
            in_yard = cur.fetchall()
            for uid, pos in rng.sample(in_yard, min(150, len(in_yard))):
                block_bay, _row, _tier = pos.split("-")
                new_pos = f"{block_bay}-{rng.randint(1, 6)}-{rng.randint(1, 4)}"
                cur.execute("UPDATE ops.unit SET yard_pos = %s WHERE unit_id = %s", (new_pos, uid))
            conn.commit()
            # hour meters from the telematics feed
            for che in fleet:
                cur.execute("UPDATE ops.equipment SET hrs_meter = hrs_meter + %s WHERE che_id = %s", (rng.randint(4, 20), che))
            conn.commit()

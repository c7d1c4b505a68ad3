"""Short, deterministic day-in-the-life workload for the grain co-operative database.

Plays what the co-op does on Friday 20 September 2024, at the tail end of harvest:
weighbridge clerks look up members and vehicles (by registration, from the gatehouse
camera; there is no index on vehicle_reg), check today's loads and print tickets;
the members' office prepares statements (deliveries, contracts, payments and their
deductions); agronomists open field records (plantings, spray records, inspections);
the store managers check bin stock and machinery jobs; a few reports run. Writes: the
contract allocation run allocates this season's unallocated loads, the accounts
export re-stamps every 2024 ticket after a fix in the Sage interface, a couple of
maintenance jobs are closed and an inspection is logged.
"""
import random

import psycopg

SEED = 20240920


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample keys to work with ------------------------------------------
            cur.execute("SELECT mbr_id, mbr_no FROM members.member WHERE left_on IS NULL ORDER BY mbr_id")
            members = cur.fetchall()
            cur.execute("SELECT DISTINCT vehicle_reg FROM intake.ticket WHERE season = 2024 ORDER BY vehicle_reg")
            regs = [r[0] for r in cur.fetchall()]
            cur.execute("SELECT tkt_no FROM intake.ticket WHERE season = 2024 ORDER BY tkt_id")
            tkt_nos = [r[0] for r in cur.fetchall()]
            conn.commit()

            # --- weighbridge / gatehouse ---------------------------------------------
            for _mbr_id, mbr_no in rng.sample(members, 80):
                cur.execute("SELECT mbr_id, bus_name, dflt_site, rt_expiry FROM members.member WHERE mbr_no = %s", (mbr_no,))
                cur.fetchall()
            # camera reads a number plate: the vehicle's load history (sequential scan every time)
            for reg in rng.sample(regs, 70):
                cur.execute("""SELECT tkt_no, wb_in_at, mbr_id, crop_cd, gross_kg, tare_kg, status_cd
                               FROM intake.ticket WHERE vehicle_reg = %s""", (reg,))
                cur.fetchall()
            for tkt_no in rng.sample(tkt_nos, 120):
                cur.execute("SELECT * FROM intake.ticket WHERE tkt_no = %s", (tkt_no,))
                cur.fetchall()
            for day in ("2024-09-16", "2024-09-17", "2024-09-18", "2024-09-19", "2024-09-20"):
                cur.execute("""SELECT site_cd, crop_cd, count(*), sum(gross_kg - tare_kg)
                               FROM intake.ticket WHERE wb_in_at >= %s::date AND wb_in_at < %s::date + 1
                               GROUP BY site_cd, crop_cd ORDER BY 1, 2""", (day, day))
                cur.fetchall()
            cur.execute("""SELECT tkt_no, site_cd, vehicle_reg, gross_kg, wb_in_at FROM intake.ticket
                           WHERE wb_in_at >= '2024-09-20' AND tare_kg IS NULL ORDER BY wb_in_at""")
            cur.fetchall()
            cur.execute("""SELECT tkt_no, mbr_id, crop_cd, moist_pct, admix_pct FROM intake.ticket
                           WHERE wb_in_at >= '2024-09-18' AND status_cd = 'H' ORDER BY wb_in_at""")
            cur.fetchall()
            conn.commit()

            # --- members' office: statements ------------------------------------------
            for mbr_id, _no in rng.sample(members, 60):
                cur.execute("""SELECT tkt_no, wb_in_at, crop_cd, grade_cd, gross_kg - tare_kg AS net_kg, dockage_kg, status_cd
                               FROM intake.ticket WHERE mbr_id = %s AND season = 2024 ORDER BY wb_in_at""", (mbr_id,))
                cur.fetchall()
                cur.execute("""SELECT ctr_no, crop_cd, kind, tonnes, price_t, ctr_status FROM finance.price_contract
                               WHERE mbr_id = %s AND season IN (2024, 2025) ORDER BY season, ctr_no""", (mbr_id,))
                cur.fetchall()
                cur.execute("""SELECT pay_id, pay_ref, pay_typ, raised_on, gross_amt, ded_amt, net_amt, settled_on
                               FROM finance.payment WHERE mbr_id = %s AND raised_on >= '2023-09-01' ORDER BY raised_on""", (mbr_id,))
                pays = cur.fetchall()
                for pay in pays[:4]:
                    cur.execute("SELECT ded_cd, basis_t, rate, amount FROM finance.deduction WHERE pay_id = %s", (pay[0],))
                    cur.fetchall()
            for mbr_id, _no in rng.sample(members, 30):
                cur.execute("""SELECT mbr_cat, share_units, valid_from, valid_to FROM members.membership_hist
                               WHERE mbr_id = %s ORDER BY valid_from""", (mbr_id,))
                cur.fetchall()
            cur.execute("""SELECT bus_name, pay_typ, count(*), sum(net_amt) FROM finance.v_unpaid_payments
                           GROUP BY bus_name, pay_typ ORDER BY 4 DESC LIMIT 25""")
            cur.fetchall()
            conn.commit()

            # --- agronomists: field records ---------------------------------------------
            for mbr_id, _no in rng.sample(members, 45):
                cur.execute("SELECT fld_id, fld_name, area_ha, soil FROM members.field WHERE mbr_id = %s AND retired_on IS NULL", (mbr_id,))
                fields = cur.fetchall()
                for fld in fields[:3]:
                    cur.execute("""SELECT plant_id, season, crop_cd, variety, drilled_on, harvested_on
                                   FROM agronomy.planting WHERE fld_id = %s AND season >= 2023 ORDER BY season""", (fld[0],))
                    plants = cur.fetchall()
                    for pl in plants[-2:]:
                        cur.execute("""SELECT s.applied_on, p.prod_nm, s.dose_ha, s.area_ha FROM agronomy.spray_rec s
                                       JOIN agronomy.product p ON p.prod_id = s.prod_id
                                       WHERE s.plant_id = %s ORDER BY s.applied_on""", (pl[0],))
                        cur.fetchall()
                        cur.execute("""SELECT insp_on, findings, advice, follow_up_by FROM agronomy.inspection
                                       WHERE plant_id = %s ORDER BY insp_on""", (pl[0],))
                        cur.fetchall()
            cur.execute("""SELECT p.prod_nm, count(*), sum(s.dose_ha * s.area_ha) FROM agronomy.spray_rec s
                           JOIN agronomy.product p ON p.prod_id = s.prod_id
                           WHERE s.applied_on >= '2024-08-01' GROUP BY p.prod_nm ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT i.insp_id, i.insp_on, i.advice FROM agronomy.inspection i
                           WHERE i.follow_up_by BETWEEN '2024-09-16' AND '2024-09-30' ORDER BY i.follow_up_by""")
            cur.fetchall()
            conn.commit()

            # --- store managers: bin stock and machinery ----------------------------------
            cur.execute("SELECT silo_id FROM intake.silo ORDER BY silo_id")
            silos = [r[0] for r in cur.fetchall()]
            for silo_id in silos:
                cur.execute("""SELECT mvt_at, mvt_typ, qty_kg, ref_doc FROM intake.stock_mvt
                               WHERE silo_id = %s AND mvt_at >= '2024-09-01' ORDER BY mvt_at""", (silo_id,))
                cur.fetchall()
            cur.execute("""SELECT s.site_cd, s.bin_cd, s.crop_cd, s.cap_t, sum(m.qty_kg) / 1000.0
                           FROM intake.silo s LEFT JOIN intake.stock_mvt m ON m.silo_id = s.silo_id
                           GROUP BY 1, 2, 3, 4 ORDER BY 1, 2""")
            cur.fetchall()
            for eqp_id in range(1, 32):
                cur.execute("""SELECT job_id, job_typ, opened_on, closed_on, descr FROM assets.maint_job
                               WHERE eqp_id = %s ORDER BY opened_on DESC LIMIT 10""", (eqp_id,))
                cur.fetchall()
            conn.commit()

            # --- reports -------------------------------------------------------------------
            cur.execute("""SELECT crop_cd, grade_cd, count(*), sum(gross_kg - tare_kg) / 1000.0 FROM intake.ticket
                           WHERE season = 2024 AND status_cd = 'A' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT season, crop_cd, sum(tonnes) FROM finance.price_contract
                           WHERE ctr_status <> 'X' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT d.ded_cd, sum(d.amount) FROM finance.deduction d JOIN finance.payment p ON p.pay_id = d.pay_id
                           WHERE p.season = 2023 GROUP BY 1""")
            cur.fetchall()
            conn.commit()

            # --- writes ----------------------------------------------------------------------
            # contract allocation run: this season's accepted loads that are not allocated yet
            cur.execute("""SELECT tkt_id, mbr_id, crop_cd FROM intake.ticket
                           WHERE season = 2024 AND status_cd = 'A' AND contract_id IS NULL ORDER BY tkt_id""")
            todo = cur.fetchall()
            for tkt_id, mbr_id, crop_cd in todo:
                cur.execute("""UPDATE intake.ticket SET contract_id =
                                 (SELECT min(ctr_id) FROM finance.price_contract
                                   WHERE mbr_id = %s AND crop_cd = %s AND season = 2024 AND ctr_status = 'O')
                               WHERE tkt_id = %s""", (mbr_id, crop_cd, tkt_id))
            conn.commit()
            # accounts export re-stamps the whole season after the Sage interface fix
            cur.execute("""UPDATE intake.ticket SET exported_at = '2024-09-20 18:30:00'
                           WHERE season = 2024 AND wb_in_at < '2024-09-19'""")
            conn.commit()
            # workshop closes two repair jobs; agronomist logs a visit
            cur.execute("""SELECT job_id FROM assets.maint_job WHERE closed_on IS NULL AND job_typ = 'R'
                           ORDER BY opened_on, job_id LIMIT 2""")
            for (job_id,) in cur.fetchall():
                cur.execute("UPDATE assets.maint_job SET closed_on = '2024-09-20', labour_hrs = labour_hrs + 2 WHERE job_id = %s",
                            (job_id,))
            cur.execute("""INSERT INTO agronomy.inspection (plant_id, agr_id, insp_on, findings, advice, follow_up_by)
                           SELECT plant_id, 3, '2024-09-20',
                                  '{"gs": 12, "crop_cond": "good", "blackgrass_m2": 0, "broadleaf": "low",
                                    "disease": {"phoma_pct": 0.5, "light_leaf_spot_pct": 0}, "pests": ["cabbage stem flea beetle"]}',
                                  'Flea beetle larvae: assess plant numbers, consider early Kerb', '2024-10-04'
                           FROM agronomy.planting WHERE season = 2025 AND crop_cd = 'OSR' ORDER BY plant_id LIMIT 1""")
            cur.execute("UPDATE members.member SET phone = '01354 692210' WHERE mbr_no = 'FG1003'")
            conn.commit()

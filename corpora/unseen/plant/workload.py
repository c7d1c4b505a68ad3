"""Short, deterministic day-in-the-life workload for the Hartwell plant database.

run(dsn) plays typical ERP/MES traffic after schema.sql has been loaded:
look-ups by work-order number and lot number, labour and inspection
look-ups, a handful of reports, shipment look-ups by tracking number and
labour look-ups by employee (neither column is indexed), and an MRP sync
job that touches ~1,900 work-order rows (leaving dead tuples behind).
It never changes any column the documented questions depend on.
"""
import random

import psycopg

SEED = 20240701


def run(dsn: str) -> None:
    rnd = random.Random(SEED)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        wo = cur.execute(
            "SELECT wo_id, wo_no FROM prod.work_order ORDER BY wo_id").fetchall()
        lots = [r[0] for r in cur.execute(
            "SELECT lot_no FROM prod.material_lot ORDER BY lot_no")]
        tracking = [r[0] for r in cur.execute(
            "SELECT tracking_no FROM sales.shipment "
            "WHERE tracking_no IS NOT NULL ORDER BY ship_id")]
        emps = [r[0] for r in cur.execute(
            "SELECT emp_id FROM prod.operator WHERE role_cd <> 'INSP' ORDER BY emp_id")]
        custs = [r[0] for r in cur.execute(
            "SELECT cust_id FROM sales.customer ORDER BY cust_id")]
        machines = [r[0] for r in cur.execute(
            "SELECT machine_id FROM prod.machine WHERE is_active ORDER BY machine_id")]

        # 1. front office: work-order look-ups by number
        for _ in range(400):
            wo_no = rnd.choice(wo)[1]
            cur.execute(
                "SELECT w.wo_no, w.status_cd, w.qty_ord, w.qty_cmpl, w.due_dt, p.descr, c.cust_name "
                "FROM prod.work_order w JOIN eng.part p ON p.part_no = w.part_no "
                "JOIN sales.customer c ON c.cust_id = p.cust_id WHERE w.wo_no = %s", (wo_no,))
            cur.fetchall()

        # 2. shop floor: labour and inspections for a work order
        for _ in range(150):
            wo_id = rnd.choice(wo)[0]
            cur.execute(
                "SELECT op_seq, sum(hrs), sum(qty_good), sum(qty_scrap) FROM prod.wo_labor "
                "WHERE wo_id = %s GROUP BY op_seq ORDER BY op_seq", (wo_id,))
            cur.fetchall()
            cur.execute(
                "SELECT insp_type, insp_ts, result_cd FROM qa.inspection WHERE wo_id = %s "
                "ORDER BY insp_ts", (wo_id,))
            cur.fetchall()

        # 3. receiving / traceability: lot look-ups (wo_material.lot_no has no index)
        for _ in range(80):
            lot = rnd.choice(lots)
            cur.execute("SELECT * FROM prod.material_lot WHERE lot_no = %s", (lot,))
            cur.fetchall()
        for _ in range(15):
            lot = rnd.choice(lots)
            cur.execute(
                "SELECT w.wo_no, m.qty_kg FROM prod.wo_material m "
                "JOIN prod.work_order w ON w.wo_id = m.wo_id WHERE m.lot_no = %s", (lot,))
            cur.fetchall()

        # 4. shipping desk: "where is my shipment" by tracking number (no index)
        for _ in range(60):
            tn = rnd.choice(tracking)
            cur.execute(
                "SELECT s.ship_id, s.ship_dt, s.carrier, w.wo_no FROM sales.shipment s "
                "JOIN prod.work_order w ON w.wo_id = s.wo_id WHERE s.tracking_no = %s", (tn,))
            cur.fetchall()

        # 5. payroll check: hours per employee (emp_id has no index)
        for _ in range(25):
            emp = rnd.choice(emps)
            cur.execute(
                "SELECT count(*), sum(hrs) FROM prod.wo_labor WHERE emp_id = %s", (emp,))
            cur.fetchall()

        # 6. account managers: parts per customer
        for _ in range(30):
            cust = rnd.choice(custs)
            cur.execute(
                "SELECT part_no, descr, unit_price FROM eng.part WHERE cust_id = %s AND active",
                (cust,))
            cur.fetchall()

        # 7. maintenance: downtime history of a machine
        for _ in range(30):
            m = rnd.choice(machines)
            cur.execute(
                "SELECT start_ts, end_ts, reason_cd FROM prod.machine_downtime "
                "WHERE machine_id = %s AND start_ts >= timestamp '2024-04-01' ORDER BY start_ts",
                (m,))
            cur.fetchall()

        # 8. reports
        reports = [
            "SELECT status_cd, count(*) FROM prod.work_order WHERE status_cd IN ('R','S','H') "
            "GROUP BY status_cd",
            "SELECT w.wo_no, w.due_dt, w.status_cd FROM prod.work_order w "
            "WHERE w.status_cd = 'H' ORDER BY w.due_dt",
            "SELECT m.mach_nm, d.reason_cd, sum(extract(epoch FROM d.end_ts - d.start_ts)) / 3600 "
            "FROM prod.machine_downtime d JOIN prod.machine m ON m.machine_id = d.machine_id "
            "WHERE d.start_ts >= timestamp '2024-06-01' AND d.start_ts < timestamp '2024-07-01' "
            "GROUP BY 1, 2 ORDER BY 3 DESC",
            "SELECT shift_cd, sum(hrs) FROM prod.wo_labor "
            "WHERE work_dt BETWEEN date '2024-06-24' AND date '2024-06-28' GROUP BY shift_cd",
            "SELECT c.cust_name, count(*) FROM sales.shipment s "
            "JOIN sales.customer c ON c.cust_id = s.cust_id "
            "WHERE s.ship_dt >= date '2024-06-24' GROUP BY 1 ORDER BY 2 DESC",
            "SELECT ncr_no, defect_cd, opened_dt FROM qa.ncr WHERE closed_dt IS NULL ORDER BY opened_dt",
            "SELECT cust_name, count(*) FILTER (WHERE days_late > 0), count(*) "
            "FROM sales.v_wo_delivery WHERE closed_dt >= date '2024-01-01' GROUP BY 1 ORDER BY 2 DESC",
            "SELECT p.part_no, sum(w.qty_scrap) FROM prod.work_order w "
            "JOIN eng.part p ON p.part_no = w.part_no WHERE w.closed_dt >= date '2024-01-01' "
            "GROUP BY 1 ORDER BY 2 DESC LIMIT 20",
        ]
        for _ in range(3):
            for sql in reports:
                cur.execute(sql)
                cur.fetchall()

        # 9. MRP sync job: re-stamps work orders it re-planned (dead tuples, no vacuum)
        ids = [w[0] for w in wo]
        touched = rnd.sample(ids, 1500) + rnd.sample(ids[-3000:], 400)
        for wo_id in touched:
            cur.execute(
                "UPDATE prod.work_order SET upd_ts = now(), upd_by = 'mrp_sync' WHERE wo_id = %s",
                (wo_id,))

        # 10. maintenance planner reviews recent downtime notes
        recent = [r[0] for r in cur.execute(
            "SELECT dt_id FROM prod.machine_downtime WHERE start_ts >= timestamp '2024-06-01' "
            "ORDER BY dt_id")]
        for dt_id in rnd.sample(recent, min(60, len(recent))):
            cur.execute(
                "UPDATE prod.machine_downtime SET notes = coalesce(notes || ' ', '') || '[reviewed]' "
                "WHERE dt_id = %s", (dt_id,))


if __name__ == "__main__":
    import sys
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 port=5432 user=postgres dbname=check_plant")

"""Short, deterministic day-in-the-life workload for the wine merchant / members' club database.

Plays what Harcourt & Vine does on Friday 15 November 2024: the nightly stock-position refresh,
member services look members up (by email, membership number, name) and check their orders,
subscriptions, cellar, en-primeur reservations and event bookings; customers chase deliveries by
courier tracking number (no index on it); the shop and buyers check wines, stock and purchase
orders; events check their guest lists; a few reports run; then the warehouse picks today's orders,
the courier status feed is imported, telephone-order payments are posted and members log in.
"""
import random

import psycopg

SEED = 20241115


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- 02:00 nightly job: refresh the saleable stock position -----------
            cur.execute("REFRESH MATERIALIZED VIEW inv.mv_stock_pos")
            conn.commit()

            # --- member services -------------------------------------------------------
            mbr_ids = [rng.randint(1, 25000) for _ in range(400)]
            emails, nos, names = [], [], []
            for mid in mbr_ids[:250]:
                cur.execute("SELECT email, mbr_no, last_nm, first_nm FROM club.member WHERE mbr_id = %s", (mid,))
                email, mbr_no, last_nm, first_nm = cur.fetchone()
                emails.append(email)
                nos.append(mbr_no)
                names.append((last_nm, first_nm))
            conn.commit()
            for e in emails[:150]:
                cur.execute("SELECT mbr_id, mbr_no, first_nm, last_nm, left_on FROM club.member WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            for n in nos[:80]:
                cur.execute("SELECT mbr_id, first_nm, last_nm, joined_on, left_on FROM club.member WHERE mbr_no = %s", (n,))
                cur.fetchall()
            for last_nm, first_nm in names[:40]:
                cur.execute("""SELECT mbr_id, mbr_no, first_nm, last_nm, pcode FROM club.member
                               WHERE last_nm = %s AND first_nm = %s ORDER BY mbr_no LIMIT 50""", (last_nm, first_nm))
                cur.fetchall()
            for mid in mbr_ids[:150]:
                cur.execute("SELECT tier, valid_from, annual_fee FROM club.tier_hist WHERE mbr_id = %s ORDER BY valid_from DESC LIMIT 1", (mid,))
                cur.fetchall()
                cur.execute("""SELECT ord_id, ord_no, ordered_at, ord_st, net_amt + duty_amt + ship_amt + vat_amt
                               FROM club.sales_order WHERE mbr_id = %s ORDER BY ordered_at DESC LIMIT 10""", (mid,))
                orders = cur.fetchall()
                for o in orders[:2]:
                    cur.execute("""SELECT l.ln, v.vint_yr, w.wine_nm, l.qty, l.unit_px, l.disc_pct
                                   FROM club.order_line l JOIN cat.vintage v ON v.vint_id = l.vint_id
                                   JOIN cat.wine w ON w.wine_id = v.wine_id WHERE l.ord_id = %s ORDER BY l.ln""", (o[0],))
                    cur.fetchall()
                    cur.execute("SELECT rtn_id, qty, rsn_cd, rtn_st, refund_amt FROM club.rtn WHERE ord_id = %s", (o[0],))
                    cur.fetchall()
                cur.execute("SELECT sub_id, plan_cd, started_on, cancelled_on, paused_until FROM club.subscription WHERE mbr_id = %s", (mid,))
                for sub in cur.fetchall():
                    cur.execute("SELECT case_mth, cs_st, chg_amt, disp_on FROM club.sub_case WHERE sub_id = %s ORDER BY case_mth DESC LIMIT 6", (sub[0],))
                    cur.fetchall()
                cur.execute("""SELECT h.hold_id, v.vint_yr, h.qty_btl, h.stored_from, h.fees_paid_to
                               FROM club.cellar_holding h JOIN cat.vintage v ON v.vint_id = h.vint_id
                               WHERE h.mbr_id = %s AND h.withdrawn_on IS NULL""", (mid,))
                cur.fetchall()
                cur.execute("SELECT resv_id, campaign_yr, qty_req_cs, qty_alloc_cs, resv_st, paid_on FROM club.ep_resv WHERE mbr_id = %s ORDER BY resv_at DESC", (mid,))
                cur.fetchall()
                cur.execute("""SELECT e.evt_nm, e.evt_at, b.seats, b.bk_st FROM club.event_booking b
                               JOIN club.event e ON e.evt_id = b.evt_id WHERE b.mbr_id = %s ORDER BY e.evt_at DESC""", (mid,))
                cur.fetchall()
            conn.commit()

            # --- customers chasing deliveries by tracking number (no index) ---------
            cur.execute("""SELECT trk_no FROM club.sales_order WHERE trk_no IS NOT NULL AND ordered_at >= '2024-10-01'
                           ORDER BY ord_id""")
            trks = [r[0] for r in cur.fetchall()]
            for t in rng.sample(trks, 60):
                cur.execute("SELECT ord_id, ord_no, ord_st, disp_at, dlv_at FROM club.sales_order WHERE trk_no = %s", (t,))
                cur.fetchall()
            conn.commit()

            # --- shop and buyers: wines, stock, purchase orders -----------------------
            for pid in rng.sample(range(1, 325), 40):
                cur.execute("SELECT wine_id, wine_nm, colour_cd FROM cat.wine WHERE prod_id = %s ORDER BY wine_nm", (pid,))
                for w in cur.fetchall()[:2]:
                    cur.execute("""SELECT vint_id, vint_yr, list_px, scores -> 'RP' ->> 'pts' FROM cat.vintage
                                   WHERE wine_id = %s ORDER BY vint_yr""", (w[0],))
                    cur.fetchall()
            for vid in rng.sample(range(1, 8575), 80):
                cur.execute("""SELECT lot_id, wh_cd, bond_st, btl_oh - btl_rsv FROM inv.stock_lot
                               WHERE vint_id = %s AND lot_st = 'A' ORDER BY recv_on""", (vid,))
                cur.fetchall()
                cur.execute("SELECT bond_st, btl_avail FROM inv.mv_stock_pos WHERE vint_id = %s", (vid,))
                cur.fetchall()
                cur.execute("SELECT sum(qty) FROM club.order_line WHERE vint_id = %s", (vid,))
                cur.fetchall()
                cur.execute("SELECT po_id, ln, cs_qty, recv_cs, cost_cs FROM inv.po_line WHERE vint_id = %s", (vid,))
                cur.fetchall()
                cur.execute("SELECT count(*), sum(qty_req_cs) FROM club.ep_resv WHERE vint_id = %s", (vid,))
                cur.fetchall()
            for sid in range(1, 46):
                cur.execute("""SELECT po_id, po_no, raised_on, exp_on, po_st FROM inv.purchase_order
                               WHERE supp_id = %s AND raised_on >= '2024-01-01' ORDER BY raised_on""", (sid,))
                cur.fetchall()
            cur.execute("""SELECT po.po_no, s.supp_nm, po.exp_on, po.po_st FROM inv.purchase_order po
                           JOIN inv.supplier s ON s.supp_id = po.supp_id WHERE po.po_st IN ('S','P') ORDER BY po.exp_on""")
            cur.fetchall()
            conn.commit()

            # --- events: guest lists for the coming weeks --------------------------------
            cur.execute("SELECT evt_id FROM club.event WHERE evt_at >= '2024-11-15' AND evt_at < '2024-12-31' AND evt_st = 'S' ORDER BY evt_at")
            for (evt_id,) in cur.fetchall():
                cur.execute("""SELECT b.bkg_id, m.first_nm, m.last_nm, b.seats, b.bk_st FROM club.event_booking b
                               JOIN club.member m ON m.mbr_id = b.mbr_id WHERE b.evt_id = %s ORDER BY m.last_nm""", (evt_id,))
                cur.fetchall()
            conn.commit()

            # --- orders desk and reports ------------------------------------------------
            cur.execute("""SELECT ord_id, ord_no, chan_cd, ord_st, net_amt FROM club.sales_order
                           WHERE ordered_at >= '2024-11-15' ORDER BY ordered_at""")
            cur.fetchall()
            cur.execute("""SELECT chan_cd, count(*), sum(net_amt) FROM club.sales_order
                           WHERE ordered_at >= '2024-11-08' AND ordered_at < '2024-11-15' AND ord_st <> 'cancelled'
                           GROUP BY chan_cd""")
            cur.fetchall()
            cur.execute("""SELECT date_trunc('month', ordered_at), chan_cd, sum(net_amt + duty_amt)
                           FROM club.sales_order WHERE ordered_at >= '2024-01-01' AND ord_st <> 'cancelled'
                           GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT p.prod_nm, sum(l.qty) FROM club.order_line l
                           JOIN club.sales_order o ON o.ord_id = l.ord_id
                           JOIN cat.vintage v ON v.vint_id = l.vint_id JOIN cat.wine w ON w.wine_id = v.wine_id
                           JOIN cat.producer p ON p.prod_id = w.prod_id
                           WHERE o.ordered_at >= '2024-10-01' AND o.ord_st <> 'cancelled'
                           GROUP BY p.prod_nm ORDER BY 2 DESC LIMIT 20""")
            cur.fetchall()
            cur.execute("""SELECT campaign_yr, resv_st, count(*), sum(qty_req_cs), sum(qty_alloc_cs)
                           FROM club.ep_resv GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("SELECT plan_cd, count(*) FROM club.subscription WHERE cancelled_on IS NULL GROUP BY plan_cd")
            cur.fetchall()
            cur.execute("SELECT cs_st, count(*) FROM club.sub_case WHERE case_mth = '2024-11-01' GROUP BY cs_st")
            cur.fetchall()
            cur.execute("SELECT tier, count(*) FROM club.v_current_members GROUP BY tier ORDER BY tier")
            cur.fetchall()
            cur.execute("""SELECT wh_cd, sum(qty_btl) FROM club.cellar_holding WHERE withdrawn_on IS NULL GROUP BY wh_cd""")
            cur.fetchall()
            cur.execute("""SELECT bond_st, sum(btl_avail) FROM inv.mv_stock_pos GROUP BY bond_st""")
            cur.fetchall()
            conn.commit()

            # --- writes: the warehouse picks today's orders and reserves the bottles ----
            cur.execute("""SELECT ord_id FROM club.sales_order WHERE ord_st = 'placed' AND ordered_at >= '2024-11-15'
                           ORDER BY ord_id""")
            placed = [r[0] for r in cur.fetchall()]
            for oid in placed:
                cur.execute("""UPDATE inv.stock_lot s SET btl_rsv = least(s.btl_oh, s.btl_rsv + l.qty)
                               FROM club.order_line l WHERE l.ord_id = %s AND s.lot_id = l.lot_id AND s.btl_oh > 0""", (oid,))
                cur.execute("UPDATE club.sales_order SET ord_st = 'picking' WHERE ord_id = %s", (oid,))
                conn.commit()

            # courier (DPD) status feed: re-sends the status of every parcel since 1 September
            cur.execute("""SELECT ord_id FROM club.sales_order
                           WHERE disp_at >= '2024-09-01' AND ord_st = 'delivered' ORDER BY ord_id""")
            feed = [r[0] for r in cur.fetchall()]
            for i in range(0, len(feed), 200):
                cur.execute("UPDATE club.sales_order SET dlv_at = dlv_at WHERE ord_id = ANY(%s)", (feed[i:i + 200],))
                conn.commit()
            # ... and parcels delivered yesterday
            cur.execute("""UPDATE club.sales_order SET ord_st = 'delivered', dlv_at = disp_at + interval '1 day 3 hours'
                           WHERE ord_st = 'dispatched' AND disp_at < '2024-11-13'""")
            conn.commit()

            # credit control posts today's telephone-order payments (bank file)
            cur.execute("""SELECT ord_id FROM club.sales_order
                           WHERE chan_cd = 'T' AND paid_at IS NULL AND ord_st <> 'cancelled'
                             AND ordered_at >= '2024-10-01' AND ordered_at < '2024-10-15' ORDER BY ord_id""")
            for (oid,) in cur.fetchall()[:12]:
                cur.execute("UPDATE club.sales_order SET paid_at = '2024-11-15 16:30:00' WHERE ord_id = %s", (oid,))
            conn.commit()

            # members log in to the website
            for mid in mbr_ids[:300]:
                minute = rng.randint(0, 600)
                cur.execute("""UPDATE club.member SET last_login_at = timestamp '2024-11-15 07:00' + %s * interval '1 minute'
                               WHERE mbr_id = %s AND left_on IS NULL""", (minute, mid))
            conn.commit()

"""Simulated day of traffic on the WDAFF league database.

Deterministic (fixed seed).  Mix of
  * key look-ups from the league website / registration portal,
  * match-secretary screens (fixture and team-sheet look-ups),
  * no-op updates that leave dead tuples behind (fine reminders batch,
    fixture "touch" on result screens) - no business value changes,
  * a few slow reporting queries without a supporting index,
  * a rolled-back transaction (result entered against the wrong fixture).
"""
import random

import psycopg


def run(dsn: str) -> None:
    rnd = random.Random(20240318)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("SET application_name = 'wdaff-web'")

        cur.execute("SELECT min(player_id), max(player_id) FROM core.player")
        pmin, pmax = cur.fetchone()
        cur.execute("SELECT min(fixture_id), max(fixture_id) FROM comp.fixture")
        fmin, fmax = cur.fetchone()
        cur.execute("SELECT fan_no FROM core.player ORDER BY player_id")
        fans = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT last_name, first_name FROM core.player ORDER BY player_id")
        names = cur.fetchall()
        cur.execute("SELECT club_id FROM core.club ORDER BY club_id")
        clubs = [r[0] for r in cur.fetchall()]

        # 1. registration portal: "which club is this player registered with?"
        for _ in range(3000):
            cur.execute(
                "SELECT r.club_id, r.reg_type, r.valid_from, r.valid_to "
                "FROM core.registration r WHERE r.player_id = %s ORDER BY r.valid_from",
                (rnd.randint(pmin, pmax),),
            )
            cur.fetchall()

        # 2. FA-number and name searches
        for _ in range(400):
            cur.execute(
                "SELECT player_id, first_name, last_name, dob FROM core.player WHERE fan_no = %s",
                (rnd.choice(fans),),
            )
            cur.fetchall()
        for _ in range(250):
            ln, fn = rnd.choice(names)
            cur.execute(
                "SELECT player_id, fan_no, dob FROM core.player WHERE last_name = %s AND first_name = %s",
                (ln, fn),
            )
            cur.fetchall()

        # 3. match-centre pages: fixture, team sheets, events
        for _ in range(600):
            fid = rnd.randint(fmin, fmax)
            cur.execute(
                "SELECT f.fixture_id, f.ko_at, f.status, f.home_goals, f.away_goals, th.team_name, ta.team_name "
                "FROM comp.fixture f JOIN comp.team th ON th.team_id = f.home_team_id "
                "JOIN comp.team ta ON ta.team_id = f.away_team_id WHERE f.fixture_id = %s",
                (fid,),
            )
            cur.fetchall()
            cur.execute(
                "SELECT ts.shirt_no, p.first_name, p.last_name, ts.starter FROM comp.team_sheet ts "
                "JOIN core.player p USING (player_id) WHERE ts.fixture_id = %s ORDER BY ts.team_id, ts.shirt_no",
                (fid,),
            )
            cur.fetchall()
            cur.execute(
                "SELECT kind, minute, added_min, player_id FROM comp.match_event WHERE fixture_id = %s ORDER BY minute",
                (fid,),
            )
            cur.fetchall()

        # 4. player profile: career events (index on player_id)
        for _ in range(300):
            cur.execute(
                "SELECT kind, count(*) FROM comp.match_event WHERE player_id = %s GROUP BY kind",
                (rnd.randint(pmin, pmax),),
            )
            cur.fetchall()

        # 5. no-op updates -> dead tuples (values unchanged)
        #    nightly reminder batch touches every fine of every club (twice: retry after timeout)
        for _ in range(2):
            for cid in clubs:
                cur.execute(
                    "UPDATE disc.fine SET reminders_sent = reminders_sent WHERE club_id = %s", (cid,)
                )
        #    result screens "touch" the fixture row on save
        for _ in range(400):
            cur.execute(
                "UPDATE comp.fixture SET updated_at = updated_at WHERE fixture_id = %s",
                (rnd.randint(fmin, fmax),),
            )
        #    referee portal re-saves appointments
        cur.execute(
            "UPDATE comp.ref_appt SET appointed_at = appointed_at "
            "WHERE fixture_id IN (SELECT fixture_id FROM comp.fixture WHERE season_id = 5)"
        )

        # 6. slow reporting queries (no supporting index)
        for _ in range(3):
            cur.execute(
                "SELECT p.player_id, p.first_name, p.last_name, count(*) AS apps "
                "FROM comp.team_sheet ts JOIN core.player p USING (player_id) "
                "JOIN comp.fixture f USING (fixture_id) "
                "WHERE f.season_id = 5 GROUP BY p.player_id, p.first_name, p.last_name "
                "ORDER BY apps DESC LIMIT 20"
            )
            cur.fetchall()
        for _ in range(40):
            cur.execute(
                "SELECT f.fixture_id, f.ko_at, a.role, a.fee FROM comp.ref_appt a "
                "JOIN comp.fixture f USING (fixture_id) WHERE a.ref_id = %s ORDER BY f.ko_at DESC",
                (rnd.randint(1, 142),),
            )
            cur.fetchall()
        for _ in range(40):
            cur.execute(
                "SELECT fine_id, offence_code, amount, issued_on, paid_on FROM disc.fine "
                "WHERE player_id = %s ORDER BY issued_on",
                (rnd.randint(pmin, pmax),),
            )
            cur.fetchall()
        cur.execute(
            "SELECT e.player_id, count(*) FROM comp.match_event e "
            "WHERE e.kind IN ('goal','pen_goal') GROUP BY e.player_id ORDER BY 2 DESC LIMIT 25"
        )
        cur.fetchall()
        cur.execute("SELECT * FROM comp.v_league_table WHERE season = '2023/24' ORDER BY div_id, pos")
        cur.fetchall()
        cur.execute(
            "SELECT c.club_name, sum(f.amount) FROM disc.fine f JOIN core.club c USING (club_id) "
            "WHERE f.paid_on IS NULL AND NOT f.waived GROUP BY c.club_name ORDER BY 2 DESC"
        )
        cur.fetchall()

        # 7. a result keyed against the wrong fixture - rolled back
        conn.autocommit = False
        with conn.transaction(force_rollback=True):
            cur.execute(
                "UPDATE comp.fixture SET home_goals = 9, away_goals = 0, status = 'PLD' "
                "WHERE fixture_id = (SELECT min(fixture_id) FROM comp.fixture WHERE status = 'SCH')"
            )
            cur.execute(
                "INSERT INTO disc.fine (club_id, offence_code, amount, issued_on, due_on) "
                "VALUES (1, 'A02', 15.00, DATE '2024-03-18', DATE '2024-04-01')"
            )
        conn.autocommit = True

        cur.execute("ANALYZE comp.ref_appt")

"""Deterministic read/write workload for the dba_se (forum) benchmark database.

run(dsn) simulates a short burst of site traffic against the dump copy:
  * page views: posts, answers, comments, user profiles and badges fetched by key
  * profile touches: Users.Views / LastAccessDate updated, Posts.LastActivityDate bumped
  * vote retractions that are re-cast (DELETE + identical INSERT) on Votes and a
    comment clean-up job that deletes and restores comments -> dead tuples,
    but the logical content of those tables is unchanged afterwards
  * a few reporting queries with no supporting index (comments/votes by user,
    full-text-ish ILIKE over post bodies, date-range scans on Posts)

No randomness: every key is derived from the loop counter.
"""
import psycopg

S = "dba_se"


def _ids(n, mult, mod, offset=1):
    return [offset + (i * mult) % mod for i in range(n)]


def run(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute(f'SELECT max("Id") FROM {S}."Posts"')
        max_post = cur.fetchone()[0]
        cur.execute(f'SELECT max("Id") FROM {S}."Users"')
        max_user = cur.fetchone()[0]

        # --- question pages: post by key, its answers, its comments -------------
        for pid in _ids(90, 4373, max_post):
            cur.execute(f'SELECT "Id", "PostTypeId", "Title", "Score", "ViewCount", "Tags" '
                        f'FROM {S}."Posts" WHERE "Id" = %s', (pid,))
            cur.fetchall()
            cur.execute(f'SELECT "Id", "Score", "OwnerUserId" FROM {S}."Posts" '
                        f'WHERE "ParentId" = %s ORDER BY "Score" DESC', (pid,))
            cur.fetchall()
            cur.execute(f'SELECT "Id", "Text", "UserId" FROM {S}."Comments" '
                        f'WHERE "PostId" = %s ORDER BY "CreationDate"', (pid,))
            cur.fetchall()

        # --- user profile pages ------------------------------------------------------
        for uid in _ids(60, 997, max_user):
            cur.execute(f'SELECT "Id", "DisplayName", "Reputation", "Location" '
                        f'FROM {S}."Users" WHERE "Id" = %s', (uid,))
            cur.fetchall()
            cur.execute(f'SELECT "Name", "Class", "Date" FROM {S}."Badges" '
                        f'WHERE "UserId" = %s ORDER BY "Date" DESC LIMIT 20', (uid,))
            cur.fetchall()
            cur.execute(f'SELECT "Id", "Title", "Score" FROM {S}."Posts" '
                        f'WHERE "OwnerUserId" = %s ORDER BY "Score" DESC LIMIT 10', (uid,))
            cur.fetchall()

        # --- tag pages ----------------------------------------------------------------
        for tid in range(1, 21):
            cur.execute(f'SELECT p."Id", p."Title" FROM {S}."PostTags" pt '
                        f'JOIN {S}."Posts" p ON p."Id" = pt."PostId" '
                        f'WHERE pt."TagId" = %s ORDER BY p."Score" DESC LIMIT 15', (tid,))
            cur.fetchall()

        # --- profile touches (updates -> dead tuples in Users / Posts) ----------------
        for uid in _ids(80, 613, max_user):
            cur.execute(f'UPDATE {S}."Users" SET "Views" = "Views" + 1, '
                        f'"LastAccessDate" = greatest("LastAccessDate", timestamp \'2024-09-29 23:59:00\') '
                        f'WHERE "Id" = %s', (uid,))
        for pid in _ids(60, 7919, max_post):
            cur.execute(f'UPDATE {S}."Posts" SET "LastActivityDate" = '
                        f'greatest("LastActivityDate", timestamp \'2024-09-29 23:59:00\') '
                        f'WHERE "Id" = %s', (pid,))

        # --- vote retract + re-cast (DELETE then identical INSERT) --------------------
        for i in range(20):
            lo = 1000 + i * 11000
            with conn.transaction():
                cur.execute(f'DELETE FROM {S}."Votes" WHERE "Id" BETWEEN %s AND %s '
                            f'RETURNING "Id", "PostId", "VoteTypeId", "UserId", "CreationDate", "BountyAmount"',
                            (lo, lo + 9))
                rows = cur.fetchall()
                cur.executemany(f'INSERT INTO {S}."Votes" ("Id", "PostId", "VoteTypeId", "UserId", '
                                f'"CreationDate", "BountyAmount") VALUES (%s, %s, %s, %s, %s, %s)', rows)

        # --- comment moderation job: soft-delete then restore -------------------------
        for i in range(10):
            lo = 500 + i * 6000
            with conn.transaction():
                cur.execute(f'DELETE FROM {S}."Comments" WHERE "Id" BETWEEN %s AND %s '
                            f'RETURNING "Id", "PostId", "Score", "Text", "CreationDate", '
                            f'"UserDisplayName", "UserId", "ContentLicense"', (lo, lo + 4))
                rows = cur.fetchall()
                cur.executemany(f'INSERT INTO {S}."Comments" ("Id", "PostId", "Score", "Text", "CreationDate", '
                                f'"UserDisplayName", "UserId", "ContentLicense") '
                                f'VALUES (%s, %s, %s, %s, %s, %s, %s, %s)', rows)

        # --- flag queue: moderators re-open pending flags in their dashboard ----------
        for i in range(10):
            cur.execute('SELECT "FlagId", "PostId", "FlagTypCd", "RaisedAt" FROM moderation."FlagQueue" '
                        'WHERE "RslvdAt" IS NULL ORDER BY "RaisedAt" LIMIT 20 OFFSET %s', (i * 5,))
            cur.fetchall()
        cur.execute('UPDATE moderation."FlagQueue" SET "Nt" = "Nt" WHERE "RslvdAt" IS NULL')

        # --- slow reporting queries without a supporting index -----------------------
        for uid in (7, 38, 255, 1210, 2305):
            cur.execute(f'SELECT count(*), max("CreationDate") FROM {S}."Comments" WHERE "UserId" = %s', (uid,))
            cur.fetchall()
        for uid in (7, 100, 540):
            cur.execute(f'SELECT "PostId", "CreationDate" FROM {S}."Votes" '
                        f'WHERE "UserId" = %s AND "VoteTypeId" = 5 ORDER BY "CreationDate"', (uid,))
            cur.fetchall()
        for word in ("deadlock", "autovacuum"):
            cur.execute(f'SELECT "Id", "Title", "Score" FROM {S}."Posts" '
                        f'WHERE "Body" ILIKE %s ORDER BY "Score" DESC LIMIT 20', (f"%{word}%",))
            cur.fetchall()
        for y in range(2019, 2025):
            cur.execute(f'SELECT count(*) FROM {S}."Posts" WHERE "PostTypeId" = 1 '
                        f'AND "CreationDate" >= %s AND "CreationDate" < %s',
                        (f"{y}-01-01", f"{y + 1}-01-01"))
            cur.fetchall()
        cur.execute(f'SELECT u."DisplayName", sum(p."Score") FROM {S}."Posts" p '
                    f'JOIN {S}."Users" u ON u."Id" = p."OwnerUserId" '
                    f'WHERE p."PostTypeId" = 2 GROUP BY u."DisplayName" ORDER BY 2 DESC LIMIT 25')
        cur.fetchall()


if __name__ == "__main__":
    import sys
    import time
    t = time.time()
    run(sys.argv[1])
    print(f"workload done in {time.time() - t:.1f}s")

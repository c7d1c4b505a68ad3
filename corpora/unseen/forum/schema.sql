-- =====================================================================
--  dba_se : local copy of the "Database Administrators" Q&A site data
--  dump, loaded into PostgreSQL by the analytics team (2016, extended
--  over the years with moderation tables and reporting views).
--
--  All data below is GENERATED (deterministic md5-based pseudo random).
--  The dump's cut-off ("today") is 2024-09-30 00:00:00; nothing is dated
--  on or after that instant except suspension end dates (future).
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA dba_se;
COMMENT ON SCHEMA dba_se IS 'Public data dump of the Database Administrators Q&A site, imported as-is (quoted CamelCase names kept from the dump). Dump cut-off 2024-09-30.';
CREATE SCHEMA moderation;
COMMENT ON SCHEMA moderation IS 'In-house moderation data (not part of the public dump): moderator roster and the flag queue export.';
CREATE SCHEMA reporting;
COMMENT ON SCHEMA reporting IS 'Views used by the weekly community-health report.';

-- ---------------------------------------------------------------------
-- deterministic pseudo random helper: uniform [0,1) from a text key
-- ---------------------------------------------------------------------
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 13))::bit(52)::bigint / 4503599627370496.0 $$;

-- number of users that already existed at a given instant
-- (user N is created at 2014-01-01 + (N-1)*940 min + jitter < 940 min)
CREATE FUNCTION pg_temp.nb(t timestamp) RETURNS integer
LANGUAGE sql IMMUTABLE AS
$$ SELECT least(6000, greatest(1, floor(extract(epoch FROM (t - timestamp '2014-01-01')) / 56400)::int)) $$;

-- =====================================================================
--  DDL
-- =====================================================================
CREATE TABLE dba_se."Users" (
    "Id"             integer PRIMARY KEY,
    "Reputation"     integer      NOT NULL,
    "CreationDate"   timestamp    NOT NULL,
    "DisplayName"    varchar(40)  NOT NULL,
    "LastAccessDate" timestamp    NOT NULL,
    "WebsiteUrl"     varchar(200),
    "Location"       varchar(100),
    "AboutMe"        text,
    "Views"          integer      NOT NULL DEFAULT 0,
    "UpVotes"        integer      NOT NULL DEFAULT 0,
    "DownVotes"      integer      NOT NULL DEFAULT 0,
    "AccountId"      integer,
    "AcctSt"         char(1)      NOT NULL DEFAULT 'A' CHECK ("AcctSt" IN ('A','S','R')),
    "SuspEndsAt"     timestamp
);
COMMENT ON TABLE  dba_se."Users" IS 'Site users from the dump. Id -1 is the "Community" bot user that owns tag wikis and community-wiki content.';
COMMENT ON COLUMN dba_se."Users"."Reputation" IS 'Reputation points at dump time (minimum 1).';
COMMENT ON COLUMN dba_se."Users"."WebsiteUrl" IS 'NULL = user did not enter a website.';
COMMENT ON COLUMN dba_se."Users"."Location" IS 'Free text location; NULL = not given on the profile.';
COMMENT ON COLUMN dba_se."Users"."AboutMe" IS 'Profile text; NULL = left blank.';
COMMENT ON COLUMN dba_se."Users"."Views" IS 'Number of times the profile was viewed.';
COMMENT ON COLUMN dba_se."Users"."UpVotes" IS 'Number of up-votes this user has CAST (not received).';
COMMENT ON COLUMN dba_se."Users"."DownVotes" IS 'Number of down-votes this user has CAST (not received).';
COMMENT ON COLUMN dba_se."Users"."AccountId" IS 'Network-wide account id; NULL only for the Community user.';
COMMENT ON COLUMN dba_se."Users"."AcctSt" IS 'In-house account state: A = active, S = suspended (see SuspEndsAt), R = read-only / rate-limited (may read and vote but not post).';
COMMENT ON COLUMN dba_se."Users"."SuspEndsAt" IS 'End of the current suspension; NULL unless AcctSt = S.';

CREATE TABLE dba_se."Posts" (
    "Id"                 integer PRIMARY KEY,
    "PostTypeId"         smallint     NOT NULL,
    "AcceptedAnswerId"   integer,
    "ParentId"           integer REFERENCES dba_se."Posts"("Id"),
    "CreationDate"       timestamp    NOT NULL,
    "Score"              integer      NOT NULL DEFAULT 0,
    "ViewCount"          integer,
    "Body"               text,
    "OwnerUserId"        integer REFERENCES dba_se."Users"("Id"),
    "OwnerDisplayName"   varchar(40),
    "LastEditorUserId"   integer REFERENCES dba_se."Users"("Id"),
    "LastEditDate"       timestamp,
    "LastActivityDate"   timestamp    NOT NULL,
    "Title"              varchar(250),
    "Tags"               varchar(250),
    "AnswerCount"        integer,
    "CommentCount"       integer      NOT NULL DEFAULT 0,
    "FavoriteCount"      integer,
    "ClosedDate"         timestamp,
    "CommunityOwnedDate" timestamp,
    "ContentLicense"     varchar(12)  NOT NULL
);
COMMENT ON TABLE  dba_se."Posts" IS 'Questions, answers and tag-wiki posts in one table, as in the dump.';
COMMENT ON COLUMN dba_se."Posts"."PostTypeId" IS '1 = question, 2 = answer, 4 = tag wiki excerpt, 5 = tag wiki body.';
COMMENT ON COLUMN dba_se."Posts"."AcceptedAnswerId" IS 'Questions only: Id of the answer the asker accepted; NULL = no accepted answer. Not enforced by a foreign key (dump loads answers after questions).';
COMMENT ON COLUMN dba_se."Posts"."ParentId" IS 'Answers only: the question this answer belongs to.';
COMMENT ON COLUMN dba_se."Posts"."Score" IS 'Up-votes minus down-votes.';
COMMENT ON COLUMN dba_se."Posts"."ViewCount" IS 'Questions only: page views; NULL for answers and wiki posts.';
COMMENT ON COLUMN dba_se."Posts"."OwnerUserId" IS 'Author; NULL = the author deleted their account (name kept in OwnerDisplayName).';
COMMENT ON COLUMN dba_se."Posts"."OwnerDisplayName" IS 'Only filled when OwnerUserId is NULL: name of the deleted author.';
COMMENT ON COLUMN dba_se."Posts"."LastEditDate" IS 'NULL = never edited after posting.';
COMMENT ON COLUMN dba_se."Posts"."Tags" IS 'Questions only: tags as ''<tag1><tag2>'' string (normalised copy in PostTags).';
COMMENT ON COLUMN dba_se."Posts"."AnswerCount" IS 'Questions only: number of answers.';
COMMENT ON COLUMN dba_se."Posts"."FavoriteCount" IS 'Questions only: number of users who bookmarked it; NULL = never bookmarked (never 0).';
COMMENT ON COLUMN dba_se."Posts"."ClosedDate" IS 'Questions only: when the question was closed; NULL = open (including questions that were closed and later reopened).';
COMMENT ON COLUMN dba_se."Posts"."CommunityOwnedDate" IS 'When the post became community wiki; NULL = normal post.';

CREATE TABLE dba_se."Tags" (
    "Id"              integer PRIMARY KEY,
    "TagName"         varchar(35) NOT NULL UNIQUE,
    "Count"           integer     NOT NULL,
    "ExcerptPostId"   integer REFERENCES dba_se."Posts"("Id"),
    "WikiPostId"      integer REFERENCES dba_se."Posts"("Id"),
    "IsModeratorOnly" boolean     NOT NULL DEFAULT false,
    "IsRequired"      boolean     NOT NULL DEFAULT false
);
COMMENT ON COLUMN dba_se."Tags"."Count" IS 'Number of questions carrying the tag at dump time.';
COMMENT ON COLUMN dba_se."Tags"."ExcerptPostId" IS 'Tag wiki excerpt post (PostTypeId 4); NULL = tag has no wiki yet.';
COMMENT ON COLUMN dba_se."Tags"."WikiPostId" IS 'Tag wiki body post (PostTypeId 5); NULL = tag has no wiki yet.';

CREATE TABLE dba_se."PostTags" (
    "PostId" integer NOT NULL REFERENCES dba_se."Posts"("Id"),
    "TagId"  integer NOT NULL REFERENCES dba_se."Tags"("Id"),
    PRIMARY KEY ("PostId", "TagId")
);
COMMENT ON TABLE dba_se."PostTags" IS 'Question-to-tag bridge built by the import job from Posts.Tags.';

CREATE TABLE dba_se."Comments" (
    "Id"              integer PRIMARY KEY,
    "PostId"          integer   NOT NULL REFERENCES dba_se."Posts"("Id"),
    "Score"           integer   NOT NULL DEFAULT 0,
    "Text"            varchar(600) NOT NULL,
    "CreationDate"    timestamp NOT NULL,
    "UserDisplayName" varchar(40),
    "UserId"          integer REFERENCES dba_se."Users"("Id"),
    "ContentLicense"  varchar(12) NOT NULL
);
COMMENT ON COLUMN dba_se."Comments"."Score" IS 'Number of up-votes on the comment.';
COMMENT ON COLUMN dba_se."Comments"."UserId" IS 'Commenter; NULL = commenter deleted their account (name in UserDisplayName).';

CREATE TABLE dba_se."Votes" (
    "Id"           integer PRIMARY KEY,
    "PostId"       integer   NOT NULL REFERENCES dba_se."Posts"("Id"),
    "VoteTypeId"   smallint  NOT NULL,
    "UserId"       integer REFERENCES dba_se."Users"("Id"),
    "CreationDate" timestamp NOT NULL,
    "BountyAmount" integer
);
COMMENT ON TABLE  dba_se."Votes" IS 'Votes from the dump. Voter identity is anonymised except for bookmarks and bounties.';
COMMENT ON COLUMN dba_se."Votes"."VoteTypeId" IS '1 = AcceptedByOriginator, 2 = UpMod (up-vote), 3 = DownMod (down-vote), 5 = Favorite (bookmark), 6 = Close vote, 7 = Reopen vote, 8 = BountyStart, 9 = BountyClose (bounty awarded to this answer).';
COMMENT ON COLUMN dba_se."Votes"."UserId" IS 'Only filled for VoteTypeId 5 and 8; NULL (anonymised) for every other vote type.';
COMMENT ON COLUMN dba_se."Votes"."CreationDate" IS 'Day precision only: the time part is always 00:00.';
COMMENT ON COLUMN dba_se."Votes"."BountyAmount" IS 'Reputation offered (type 8) or awarded (type 9); NULL for other vote types.';

CREATE TABLE dba_se."Badges" (
    "Id"       integer PRIMARY KEY,
    "UserId"   integer     NOT NULL REFERENCES dba_se."Users"("Id"),
    "Name"     varchar(50) NOT NULL,
    "Date"     timestamp   NOT NULL,
    "Class"    smallint    NOT NULL,
    "TagBased" boolean     NOT NULL
);
COMMENT ON COLUMN dba_se."Badges"."Class" IS '1 = gold, 2 = silver, 3 = bronze.';
COMMENT ON COLUMN dba_se."Badges"."TagBased" IS 'true = tag badge; then Name is the tag name.';

CREATE TABLE dba_se."PostHistory" (
    "Id"                integer PRIMARY KEY,
    "PostHistoryTypeId" smallint  NOT NULL,
    "PostId"            integer   NOT NULL REFERENCES dba_se."Posts"("Id"),
    "RevisionGUID"      uuid      NOT NULL,
    "CreationDate"      timestamp NOT NULL,
    "UserId"            integer REFERENCES dba_se."Users"("Id"),
    "Comment"           text,
    "Text"              text,
    "ContentLicense"    varchar(12)
);
COMMENT ON COLUMN dba_se."PostHistory"."PostHistoryTypeId" IS '1 = initial title, 2 = initial body, 3 = initial tags, 4 = edit title, 5 = edit body, 6 = edit tags, 10 = post closed, 11 = post reopened, 16 = made community wiki.';
COMMENT ON COLUMN dba_se."PostHistory"."UserId" IS 'Who made the change. For type 10/11 NULL = closed/reopened by community vote, otherwise the moderator who did it alone. NULL for other types = author account deleted.';
COMMENT ON COLUMN dba_se."PostHistory"."Comment" IS 'Edit summary; for type 10 the close reason id: 101 = duplicate, 102 = off-topic, 103 = unclear what you are asking, 104 = needs more focus (too broad), 105 = primarily opinion-based.';

CREATE TABLE dba_se."PostLinks" (
    "Id"            integer PRIMARY KEY,
    "CreationDate"  timestamp NOT NULL,
    "PostId"        integer   NOT NULL REFERENCES dba_se."Posts"("Id"),
    "RelatedPostId" integer   NOT NULL REFERENCES dba_se."Posts"("Id"),
    "LinkTypeId"    smallint  NOT NULL
);
COMMENT ON COLUMN dba_se."PostLinks"."LinkTypeId" IS '1 = linked (PostId mentions RelatedPostId), 3 = duplicate (PostId was closed as a duplicate of RelatedPostId).';

CREATE TYPE moderation.flag_outcome AS ENUM ('helpful', 'declined', 'disputed', 'aged_away');
COMMENT ON TYPE moderation.flag_outcome IS 'Final state of a flag. aged_away = nobody handled it within 365 days and it expired.';

CREATE TABLE moderation."Moderators" (
    "UserId"     integer PRIMARY KEY REFERENCES dba_se."Users"("Id"),
    "ElectedOn"  date NOT NULL,
    "StepDownOn" date,
    "ElectionNo" smallint
);
COMMENT ON TABLE  moderation."Moderators" IS 'Diamond moderators, past and present.';
COMMENT ON COLUMN moderation."Moderators"."StepDownOn" IS 'NULL = still serving.';
COMMENT ON COLUMN moderation."Moderators"."ElectionNo" IS 'Which community election made them moderator; NULL = appointed pro tempore by staff.';

CREATE TABLE moderation."FlagQueue" (
    "FlagId"    integer PRIMARY KEY,
    "PostId"    integer   NOT NULL REFERENCES dba_se."Posts"("Id"),
    "RaisedBy"  integer   NOT NULL REFERENCES dba_se."Users"("Id"),
    "FlagTypCd" char(1)   NOT NULL,
    "RaisedAt"  timestamp NOT NULL,
    "RslvdAt"   timestamp,
    "Outcome"   moderation.flag_outcome,
    "HndlrId"   integer REFERENCES dba_se."Users"("Id"),
    "Nt"        text
);
COMMENT ON TABLE  moderation."FlagQueue" IS 'Export of user flags on posts (nightly job).';
COMMENT ON COLUMN moderation."FlagQueue"."FlagTypCd" IS 'Flag type: S = spam, R = rude or abusive, L = very low quality, N = not an answer (answers only), M = in need of moderator intervention (custom text).';
COMMENT ON COLUMN moderation."FlagQueue"."RslvdAt" IS 'Resolution time; NULL = flag still pending.';
COMMENT ON COLUMN moderation."FlagQueue"."Outcome" IS 'NULL while pending.';
COMMENT ON COLUMN moderation."FlagQueue"."HndlrId" IS 'Moderator who handled the flag; NULL = resolved by the review queues / automatically (or still pending).';
COMMENT ON COLUMN moderation."FlagQueue"."Nt" IS 'Handler note (free text), mostly NULL.';

-- =====================================================================
--  staging (temp tables, dropped at end of session)
-- =====================================================================
CREATE TEMP TABLE tg (tid int PRIMARY KEY, name text, since timestamp, fallback int);
INSERT INTO tg VALUES
 (1,'sql-server',NULL,NULL),(2,'postgresql',NULL,NULL),(3,'mysql',NULL,NULL),(4,'performance',NULL,NULL),
 (5,'query-performance',NULL,NULL),(6,'index',NULL,NULL),(7,'t-sql',NULL,NULL),(8,'database-design',NULL,NULL),
 (9,'oracle',NULL,NULL),(10,'replication',NULL,NULL),(11,'backup',NULL,NULL),(12,'sql-server-2016','2015-06-01',1),
 (13,'innodb',NULL,NULL),(14,'mariadb',NULL,NULL),(15,'execution-plan',NULL,NULL),(16,'optimization',NULL,NULL),
 (17,'locking',NULL,NULL),(18,'deadlock',NULL,NULL),(19,'transaction',NULL,NULL),(20,'permissions',NULL,NULL),
 (21,'security',NULL,NULL),(22,'restore',NULL,NULL),(23,'high-availability',NULL,NULL),(24,'availability-groups',NULL,NULL),
 (25,'partitioning',NULL,NULL),(26,'sql-server-2019','2018-09-24',1),(27,'json',NULL,NULL),(28,'postgresql-12','2019-10-03',2),
 (29,'mysql-8.0','2018-04-19',3),(30,'index-tuning',NULL,NULL),(31,'join',NULL,NULL),(32,'primary-key',NULL,NULL),
 (33,'foreign-key',NULL,NULL),(34,'constraint',NULL,NULL),(35,'trigger',NULL,NULL),(36,'stored-procedures',NULL,NULL),
 (37,'functions',NULL,NULL),(38,'view',NULL,NULL),(39,'cte',NULL,NULL),(40,'window-functions',NULL,NULL),
 (41,'aggregate',NULL,NULL),(42,'group-by',NULL,NULL),(43,'datatypes',NULL,NULL),(44,'timestamp',NULL,NULL),
 (45,'vacuum',NULL,NULL),(46,'autovacuum',NULL,NULL),(47,'postgis',NULL,NULL),(48,'mongodb',NULL,NULL),
 (49,'sqlite',NULL,NULL),(50,'ssis',NULL,NULL),(51,'linux',NULL,NULL),(52,'aws',NULL,NULL),
 (53,'azure-sql-database',NULL,NULL),(54,'statistics',NULL,NULL),(55,'cardinality-estimates',NULL,NULL),(56,'tempdb',NULL,NULL),
 (57,'memory',NULL,NULL),(58,'configuration',NULL,NULL),(59,'sql-server-2022','2022-11-16',1),(60,'postgresql-16','2023-09-14',2);

-- moderators (fixed roster)
CREATE TEMP TABLE md (uid int, elected date, stepdown date, elno smallint);
INSERT INTO md VALUES
 (7,'2014-06-20',NULL,1),(38,'2014-06-20','2019-03-01',1),(255,'2015-08-14',NULL,2),(540,'2016-11-04','2021-09-30',3),
 (1210,'2019-03-22',NULL,4),(2305,'2021-05-07',NULL,5),(3301,'2023-04-12',NULL,NULL);

-- ---------- users -----------------------------------------------------
CREATE TEMP TABLE us AS
SELECT g AS uid,
       timestamp '2014-01-01' + (g - 1) * interval '940 minutes'
         + floor(pg_temp.rnd('uc' || g) * 930) * interval '1 minute' AS created
FROM generate_series(1, 6000) g;
ALTER TABLE us ADD PRIMARY KEY (uid);

-- ---------- questions -------------------------------------------------
CREATE TEMP TABLE q AS
WITH b AS (
  SELECT g AS qn,
         date_trunc('second', timestamp '2014-01-03'
           + (timestamp '2024-09-29 22:00' - timestamp '2014-01-03')
             * power((g - 1 + pg_temp.rnd('qt' || g)) / 20000.0, 0.8)) AS created
  FROM generate_series(1, 20000) g
), c AS (
  SELECT b.*, pg_temp.nb(created) AS nbu,
         (extract(epoch FROM (timestamp '2024-09-30' - created)) / 60.0)::float8 AS agemin,
         pg_temp.rnd('pop' || qn) < 0.012 AS popular,
         pg_temp.rnd('cl' || qn) AS rcl,
         pg_temp.rnd('na' || qn) AS rna
  FROM b
)
SELECT c.*,
  CASE WHEN pg_temp.rnd('qd' || qn) < 0.03 THEN NULL
       WHEN pg_temp.rnd('qx' || qn) < 0.15 THEN 7 + 31 * floor(power(pg_temp.rnd('qe' || qn), 1.5) * (floor((nbu - 7) / 31.0) + 1))::int
       ELSE 1 + floor(power(pg_temp.rnd('qo' || qn), 1.3) * nbu)::int END AS owner,
  CASE WHEN agemin < 60 THEN 0
       WHEN rna < 0.18 THEN 0 WHEN rna < 0.55 THEN 1 WHEN rna < 0.80 THEN 2
       WHEN rna < 0.92 THEN 3 WHEN rna < 0.97 THEN 4
       ELSE 5 + floor(pg_temp.rnd('nb' || qn) * 4)::int END AS nans,
  CASE WHEN rcl < 0.09 AND agemin > 1440 THEN
       CASE WHEN pg_temp.rnd('cr' || qn) < 0.35 THEN 101 WHEN pg_temp.rnd('cr' || qn) < 0.60 THEN 102
            WHEN pg_temp.rnd('cr' || qn) < 0.75 THEN 103 WHEN pg_temp.rnd('cr' || qn) < 0.87 THEN 104 ELSE 105 END
  END AS creason,
  pg_temp.rnd('wiki' || qn) < 0.01 AS is_wiki
FROM c;
-- owner 7 + 31*k must not exceed the users that exist
UPDATE q SET owner = 1 + floor(pg_temp.rnd('qo' || qn) * nbu)::int WHERE owner > nbu;
ALTER TABLE q ADD PRIMARY KEY (qn);

ALTER TABLE q ADD closed_at timestamp, ADD reopened_at timestamp, ADD closer int, ADD reopener int;
UPDATE q SET closed_at = date_trunc('second', created + least(
        exp(ln(10) + pg_temp.rnd('cd' || qn) * (ln(86400) - ln(10))) * interval '1 minute',
        (timestamp '2024-09-29 23:00' - created) * 0.9))
WHERE creason IS NOT NULL;
UPDATE q SET reopened_at = date_trunc('second', closed_at + (timestamp '2024-09-29 23:00' - closed_at) * power(pg_temp.rnd('ro2' || qn), 2))
WHERE creason IS NOT NULL AND pg_temp.rnd('ro' || qn) < 0.15;
-- closed by a single moderator (20 %) if one was serving, else community vote (NULL)
UPDATE q SET closer = (SELECT md.uid FROM md WHERE md.elected <= q.closed_at AND (md.stepdown IS NULL OR md.stepdown > q.closed_at)
                       ORDER BY pg_temp.rnd('cm' || q.qn || '_' || md.uid) LIMIT 1)
WHERE creason IS NOT NULL AND pg_temp.rnd('cbm' || qn) < 0.20;
UPDATE q SET reopener = (SELECT md.uid FROM md WHERE md.elected <= q.reopened_at AND (md.stepdown IS NULL OR md.stepdown > q.reopened_at)
                       ORDER BY pg_temp.rnd('rm' || q.qn || '_' || md.uid) LIMIT 1)
WHERE reopened_at IS NOT NULL AND pg_temp.rnd('rbm' || qn) < 0.30;

-- ---------- answers ---------------------------------------------------
CREATE TEMP TABLE a AS
WITH b AS (
  SELECT q.qn, k, q.popular AS qpop,
         date_trunc('second', q.created + exp(ln(2) + power(pg_temp.rnd('ad' || q.qn || '_' || k), 1.7) * (ln(q.agemin * 0.98) - ln(2))) * interval '1 minute') AS created
  FROM q CROSS JOIN LATERAL generate_series(1, q.nans) k
)
SELECT b.*, pg_temp.nb(created) AS nbu,
  (qpop AND k = 1) OR pg_temp.rnd('apop' || qn || '_' || k) < 0.008 AS popular
FROM b;
ALTER TABLE a ADD owner int;
UPDATE a SET owner =
  CASE WHEN pg_temp.rnd('ado' || qn || '_' || k) < 0.02 THEN NULL
       WHEN pg_temp.rnd('ax' || qn || '_' || k) < 0.45 THEN 7 + 31 * floor(power(pg_temp.rnd('ae' || qn || '_' || k), 1.5) * (floor((nbu - 7) / 31.0) + 1))::int
       ELSE 1 + floor(pg_temp.rnd('ao' || qn || '_' || k) * nbu)::int END;
UPDATE a SET owner = 1 + floor(pg_temp.rnd('ao' || qn || '_' || k) * nbu)::int WHERE owner > nbu;
ALTER TABLE a ADD PRIMARY KEY (qn, k);

-- accepted answers
ALTER TABLE q ADD acc_k int, ADD acc_at timestamp;
UPDATE q SET acc_k = 1 + floor(pg_temp.rnd('acck' || qn) * nans)::int
WHERE owner IS NOT NULL AND nans > 0 AND pg_temp.rnd('acc' || qn) < 0.58;
UPDATE q SET acc_at = date_trunc('second', a.created + (timestamp '2024-09-29 23:30' - a.created) * power(pg_temp.rnd('acd' || q.qn), 8))
FROM a WHERE a.qn = q.qn AND a.k = q.acc_k;

-- ---------- tag wiki posts ---------------------------------------------
CREATE TEMP TABLE w AS
SELECT tid, t AS wt, timestamp '2014-02-01' + tid * interval '9 days' + t * interval '5 minutes' AS created
FROM tg CROSS JOIN generate_series(4, 5) t
WHERE tg.tid <= 30 AND tg.since IS NULL OR tg.tid IN (12, 26);
UPDATE w SET created = tg.since + interval '3 days' + wt * interval '5 minutes' FROM tg WHERE tg.tid = w.tid AND tg.since IS NOT NULL;

-- ---------- post ids: ordered by creation time, as on the real site ----
CREATE TEMP TABLE pid AS
SELECT kind, qn, k, created, row_number() OVER (ORDER BY created, kind, qn, k)::int AS pid
FROM (SELECT 'Q'::text AS kind, qn, 0 AS k, created FROM q
      UNION ALL SELECT 'A', qn, k, created FROM a
      UNION ALL SELECT 'W', tid, wt, created FROM w) s;
ALTER TABLE pid ADD PRIMARY KEY (kind, qn, k);
ALTER TABLE q ADD pid int; UPDATE q SET pid = p.pid FROM pid p WHERE p.kind = 'Q' AND p.qn = q.qn;
ALTER TABLE a ADD pid int; UPDATE a SET pid = p.pid FROM pid p WHERE p.kind = 'A' AND p.qn = a.qn AND p.k = a.k;
ALTER TABLE w ADD pid int; UPDATE w SET pid = p.pid FROM pid p WHERE p.kind = 'W' AND p.qn = w.tid AND p.k = w.wt;

-- ---------- question tags ----------------------------------------------
CREATE TEMP TABLE qt AS
WITH slots AS (
  SELECT q.qn, q.created, s,
         1 + floor(60 * power(pg_temp.rnd('tg' || q.qn || '_' || s), 2.5))::int AS t0
  FROM q CROSS JOIN LATERAL generate_series(1,
        CASE WHEN pg_temp.rnd('nt' || q.qn) < 0.15 THEN 1 WHEN pg_temp.rnd('nt' || q.qn) < 0.45 THEN 2
             WHEN pg_temp.rnd('nt' || q.qn) < 0.75 THEN 3 WHEN pg_temp.rnd('nt' || q.qn) < 0.90 THEN 4 ELSE 5 END) s
), m AS (
  SELECT slots.qn, slots.s,
         CASE WHEN tg.since IS NOT NULL AND slots.created < tg.since THEN tg.fallback ELSE tg.tid END AS tid
  FROM slots JOIN tg ON tg.tid = slots.t0
)
SELECT qn, tid, min(s) AS s FROM m GROUP BY qn, tid;
ALTER TABLE qt ADD PRIMARY KEY (qn, tid);

-- ---------- edits ---------------------------------------------------------
CREATE TEMP TABLE ed AS
WITH p AS (
  SELECT 'Q'::text AS kind, qn, 0 AS k, pid, created, owner FROM q
  UNION ALL SELECT 'A', qn, k, pid, created, owner FROM a
), e AS (
  SELECT p.*, n, date_trunc('second', p.created + (timestamp '2024-09-29 23:00' - p.created)
                * power(pg_temp.rnd('edd' || p.pid || '_' || n), 2.5)) AS ecreated
  FROM p CROSS JOIN LATERAL generate_series(1,
        CASE WHEN pg_temp.rnd('ed' || p.pid) < 0.18 THEN 1 WHEN pg_temp.rnd('ed' || p.pid) < 0.24 THEN 2
             WHEN pg_temp.rnd('ed' || p.pid) < 0.26 THEN 3 ELSE 0 END) n
)
SELECT kind, qn, k, pid, n, ecreated,
  CASE WHEN owner IS NOT NULL AND pg_temp.rnd('edo' || pid || '_' || n) < 0.6 THEN owner
       ELSE 1 + floor(pg_temp.rnd('edu' || pid || '_' || n) * pg_temp.nb(ecreated))::int END AS editor,
  CASE WHEN kind = 'A' THEN 5
       WHEN pg_temp.rnd('edt' || pid || '_' || n) < 0.55 THEN 5
       WHEN pg_temp.rnd('edt' || pid || '_' || n) < 0.80 THEN 4 ELSE 6 END AS htype
FROM e;

-- ---------- comments -------------------------------------------------------
CREATE TEMP TABLE cm AS
WITH p AS (
  SELECT pid, created, owner FROM q
  UNION ALL SELECT pid, created, owner FROM a
), c AS (
  SELECT p.*, n, date_trunc('second', p.created + (timestamp '2024-09-29 23:50' - p.created)
               * power(pg_temp.rnd('cmd' || p.pid || '_' || n), 5)) AS ccreated
  FROM p CROSS JOIN LATERAL generate_series(1,
        CASE WHEN pg_temp.rnd('nc' || p.pid) < 0.45 THEN 0 WHEN pg_temp.rnd('nc' || p.pid) < 0.70 THEN 1
             WHEN pg_temp.rnd('nc' || p.pid) < 0.85 THEN 2 WHEN pg_temp.rnd('nc' || p.pid) < 0.93 THEN 3
             ELSE 4 + floor(pg_temp.rnd('nc2' || p.pid) * 4)::int END) n
)
SELECT pid, n, ccreated,
  CASE WHEN pg_temp.rnd('cdl' || pid || '_' || n) < 0.04 THEN NULL
       WHEN owner IS NOT NULL AND pg_temp.rnd('cow' || pid || '_' || n) < 0.30 THEN owner
       ELSE 1 + floor(pg_temp.rnd('cu' || pid || '_' || n) * pg_temp.nb(ccreated))::int END AS uid,
  CASE WHEN pg_temp.rnd('cs' || pid || '_' || n) < 0.82 THEN 0
       ELSE 1 + floor(-ln(1 - pg_temp.rnd('cs2' || pid || '_' || n)) * 2.5)::int END AS score,
  (ARRAY['Can you post the actual execution plan?','Which version and edition are you on?','Have you tried updating statistics first?',
         'Please add the table definition (CREATE TABLE) and indexes to the question.','This worked for me, thanks!',
         'Possible duplicate, see the linked question.','What do the wait stats show while this runs?','Did you check the error log?',
         'Welcome to the site! Please edit the question to include sample data.','Great answer, thanks for the detailed explanation.',
         'How many rows are in the table?','Is there an index on the join column?','Are you sure this is not a parameter sniffing issue?',
         'What isolation level are you using?','Note that this only works since version 12.','Why not just use a CTE here?'])
   [1 + floor(pg_temp.rnd('ct' || pid || '_' || n) * 16)::int] AS txt
FROM c;

-- ---------- vote counts per post -----------------------------------------
ALTER TABLE q ADD up int, ADD down int, ADD fav int;
UPDATE q SET
  up   = floor(-ln(1 - pg_temp.rnd('up' || pid)) * (CASE WHEN popular THEN 45 ELSE 3.2 END) * least(1.0, (agemin / 1440 + 1) / 60))::int,
  down = floor(-ln(1 - pg_temp.rnd('dn' || pid)) * (CASE WHEN creason IS NOT NULL THEN 2.0 ELSE 0.8 END))::int,
  fav  = floor(-ln(1 - pg_temp.rnd('fv' || pid)) * 0.5)::int + CASE WHEN popular THEN 3 + floor(pg_temp.rnd('fv2' || pid) * 8)::int ELSE 0 END;
ALTER TABLE a ADD up int, ADD down int;
UPDATE a SET
  up   = floor(-ln(1 - pg_temp.rnd('up' || pid)) * (CASE WHEN popular THEN 45 ELSE 4 END)
           * least(1.0, (extract(epoch FROM (timestamp '2024-09-30' - created)) / 86400 + 1) / 60))::int,
  down = floor(-ln(1 - pg_temp.rnd('dn' || pid)) * 0.7)::int;

-- bounties
CREATE TEMP TABLE bt AS
SELECT q.qn, q.pid, q.owner,
       date_trunc('day', q.created + interval '2 days' + (timestamp '2024-09-27' - q.created) * power(pg_temp.rnd('bd' || q.qn), 3)) AS started,
       (ARRAY[50,50,50,100,100,100,150,200,250,300,400,500])[1 + floor(pg_temp.rnd('ba' || q.qn) * 12)::int] AS amount,
       CASE WHEN q.owner IS NOT NULL AND pg_temp.rnd('bo' || q.qn) < 0.6 THEN q.owner END AS sponsor0
FROM q WHERE pg_temp.rnd('bty' || q.qn) < 0.02 AND q.agemin > 4 * 1440 AND q.closed_at IS NULL;
ALTER TABLE bt ADD sponsor int, ADD award_k int, ADD award_pid int, ADD awarded date;
UPDATE bt SET sponsor = coalesce(sponsor0, 1 + floor(pg_temp.rnd('bu' || qn) * pg_temp.nb(started))::int);
UPDATE bt SET award_k = 1 + floor(pg_temp.rnd('bk' || bt.qn) * q.nans)::int
FROM q WHERE q.qn = bt.qn AND q.nans > 0 AND pg_temp.rnd('bw' || bt.qn) < 0.75 AND bt.started + interval '7 days' < timestamp '2024-09-30';
UPDATE bt SET award_pid = a.pid, awarded = (bt.started + interval '7 days')::date
FROM a WHERE a.qn = bt.qn AND a.k = bt.award_k AND a.created < bt.started + interval '7 days';

-- all votes
CREATE TEMP TABLE vt AS
WITH src AS (
  SELECT pid, created, up, down, fav, 'Q' AS kind FROM q
  UNION ALL SELECT pid, created, up, down, 0, 'A' FROM a
), v AS (
  SELECT s.pid, 2::smallint AS vtype, NULL::int AS uid, n,
         date_trunc('day', s.created + (timestamp '2024-09-29 23:59' - s.created) * power(pg_temp.rnd('vu' || s.pid || '_' || n), 3)) AS vdate,
         NULL::int AS amount
  FROM src s CROSS JOIN LATERAL generate_series(1, s.up) n
  UNION ALL
  SELECT s.pid, 3::smallint, NULL, n,
         date_trunc('day', s.created + (timestamp '2024-09-29 23:59' - s.created) * power(pg_temp.rnd('vd' || s.pid || '_' || n), 2)), NULL
  FROM src s CROSS JOIN LATERAL generate_series(1, s.down) n
  UNION ALL
  SELECT f.pid, 5::smallint, 1 + floor(pg_temp.rnd('vfu' || f.pid || '_' || f.n) * pg_temp.nb(f.vdate))::int, f.n, f.vdate, NULL
  FROM (SELECT s.pid, n, date_trunc('day', s.created + (timestamp '2024-09-29 23:59' - s.created) * power(pg_temp.rnd('vf' || s.pid || '_' || n), 2)) AS vdate
        FROM src s CROSS JOIN LATERAL generate_series(1, s.fav) n) f
  UNION ALL
  SELECT a.pid, 1::smallint, NULL, 1, date_trunc('day', q.acc_at), NULL
  FROM q JOIN a ON a.qn = q.qn AND a.k = q.acc_k
  UNION ALL
  SELECT q.pid, 6::smallint, NULL, n, date_trunc('day', q.closed_at), NULL
  FROM q CROSS JOIN LATERAL generate_series(1, CASE WHEN q.closed_at < timestamp '2021-06-01' THEN 5 ELSE 3 END) n
  WHERE q.closed_at IS NOT NULL AND q.closer IS NULL
  UNION ALL
  SELECT q.pid, 7::smallint, NULL, n, date_trunc('day', q.reopened_at), NULL
  FROM q CROSS JOIN LATERAL generate_series(1, CASE WHEN q.reopened_at < timestamp '2021-06-01' THEN 5 ELSE 3 END) n
  WHERE q.reopened_at IS NOT NULL AND q.reopener IS NULL
  UNION ALL
  SELECT bt.pid, 8::smallint, bt.sponsor, 1, bt.started, bt.amount FROM bt
  UNION ALL
  SELECT bt.award_pid, 9::smallint, NULL, 1, bt.awarded::timestamp, bt.amount FROM bt WHERE bt.award_pid IS NOT NULL
)
SELECT row_number() OVER (ORDER BY vdate, pid, vtype, n)::int AS vid, pid, vtype, uid, vdate, amount FROM v;

-- ---------- reputation -------------------------------------------------------
CREATE TEMP TABLE rep AS
SELECT uid, greatest(1, 1 + sum(pts))::int AS rep FROM (
  SELECT owner AS uid, 5 * up - 2 * down AS pts FROM q WHERE owner IS NOT NULL
  UNION ALL SELECT owner, 10 * up - 2 * down FROM a WHERE owner IS NOT NULL
  UNION ALL SELECT a.owner, 15 FROM q JOIN a ON a.qn = q.qn AND a.k = q.acc_k WHERE a.owner IS NOT NULL
  UNION ALL SELECT q.owner, 2 FROM q WHERE q.acc_k IS NOT NULL
  UNION ALL SELECT a.owner, bt.amount FROM bt JOIN a ON a.pid = bt.award_pid WHERE a.owner IS NOT NULL
  UNION ALL SELECT bt.sponsor, -bt.amount FROM bt
  UNION ALL SELECT e.editor, 2 FROM ed e JOIN us ON us.uid = e.editor
) x GROUP BY uid;
ALTER TABLE rep ADD PRIMARY KEY (uid);

-- =====================================================================
--  load final tables
-- =====================================================================
INSERT INTO dba_se."Users" VALUES
 (-1, 1, timestamp '2014-01-01 00:00:00', 'Community', timestamp '2014-01-01 00:00:00', 'https://meta.stackexchange.com/',
  'on the server farm', 'Hi, I''m not really a person. I''m a background process that helps keep this site clean!', 0, 5000, 900, NULL, 'A', NULL);

INSERT INTO dba_se."Users"
SELECT us.uid,
       coalesce(rep.rep, 1),
       us.created,
       CASE WHEN pg_temp.rnd('nm' || us.uid) < 0.22 THEN 'user' || ((us.uid * 7919) % 1000000 + 1000000)
            WHEN pg_temp.rnd('nm' || us.uid) < 0.70 THEN
              (ARRAY['Aaron','Paul','Erik','Joe','Kin','Max','Martin','Brent','Laurenz','Evan','Vérace','Mikael','Jonathan','Rick','Daniel','Dan','Andriy','Jack','Hannah','Lennart','Colin','Phil','Gerard','Craig','Michael','Philipp','Nikita','Sarah','Priya','Wei','Olga','Tomasz','Fatima','Sven','Ines','Kenji','Ana','Luca','Noor','Ravi','Mei','Jonas','Elena','Marco','Aisha','Pieter','Hugo','Leila','Oscar','Yuki','Nadia','Tariq','Clara','Felix','Ingrid','Diego','Amara','Bjorn','Chloe','Dmitri'])[1 + (us.uid * 1931) % 3600 % 60] || ' ' ||
              CASE WHEN us.uid <= 3600 THEN (ARRAY['Bertrand','White','Darling','Obbish','Shrestha','Vernon','Smith','Ozar','Albe','Carroll','Eriksson','Reiser','Guthrie','Kanth','James','Hutmacher','McLaren','Nilsson','Shaw','Pearce','Douglas','Kowalski','Novak','Haddad','Lindqvist','Costa','Tanaka','Rossi','Khan','Schmidt','Dubois','Ivanova','Moreau','Silva','Chen','Okafor','Varga','Jensen','Fischer','Moretti','Larsen','Popescu','Kaur','Nakamura','Brennan','Sato','Horvat','Mendes','Quinn','Adeyemi','Falk','Petrov','Lopez','Walsh','Yilmaz','Berg','Das','Keller','Romero','Baptiste'])[1 + (us.uid * 1931) % 3600 / 60]
                   ELSE left((ARRAY['Bertrand','White','Darling','Obbish','Shrestha','Vernon','Smith','Ozar','Albe','Carroll','Eriksson','Reiser','Guthrie','Kanth','James','Hutmacher','McLaren','Nilsson','Shaw','Pearce','Douglas','Kowalski','Novak','Haddad','Lindqvist','Costa','Tanaka','Rossi','Khan','Schmidt','Dubois','Ivanova','Moreau','Silva','Chen','Okafor','Varga','Jensen','Fischer','Moretti','Larsen','Popescu','Kaur','Nakamura','Brennan','Sato','Horvat','Mendes','Quinn','Adeyemi','Falk','Petrov','Lopez','Walsh','Yilmaz','Berg','Das','Keller','Romero','Baptiste'])[1 + (us.uid * 1931) % 3600 / 60], 1) || '.' END
            ELSE lower((ARRAY['db','sql','query','index','tuple','page','lock','heap','btree','vacuum','shard','cluster'])
                         [1 + floor(pg_temp.rnd('h1' || us.uid) * 12)::int]
                       || (ARRAY['guy','ninja','fan','monk','smith','wizard','coder','dude','geek','hacker'])
                         [1 + floor(pg_temp.rnd('h2' || us.uid) * 10)::int])
                 || (us.uid % 997)::text
       END,
       date_trunc('second', us.created + (timestamp '2024-09-29 23:59' - us.created) * (0.2 + 0.8 * power(pg_temp.rnd('la' || us.uid), 0.4))),
       CASE WHEN pg_temp.rnd('web' || us.uid) < 0.2 THEN 'https://blog.example.org/u' || us.uid END,
       CASE WHEN pg_temp.rnd('loc' || us.uid) < 0.6 THEN
         (ARRAY['London, United Kingdom','Seattle, WA','Berlin, Germany','Bangalore, India','São Paulo, Brazil','Toronto, Canada',
                'Sydney, Australia','Paris, France','Amsterdam, Netherlands','Stockholm, Sweden','Warsaw, Poland','Chennai, India',
                'New York, NY','Austin, TX','Vienna, Austria','Tokyo, Japan','Dublin, Ireland','Zürich, Switzerland','Cape Town, South Africa',
                'Madrid, Spain'])[1 + floor(power(pg_temp.rnd('lc' || us.uid), 1.4) * 20)::int] END,
       CASE WHEN pg_temp.rnd('ab' || us.uid) < 0.33 THEN 'DBA working mostly with ' ||
         (ARRAY['SQL Server','PostgreSQL','MySQL','Oracle','MariaDB'])[1 + floor(pg_temp.rnd('ab2' || us.uid) * 5)::int] END,
       floor(exp(pg_temp.rnd('vw' || us.uid) * 7))::int,
       floor(exp(pg_temp.rnd('uv' || us.uid) * 6.5))::int - 1,
       floor(exp(pg_temp.rnd('dv' || us.uid) * 3.5))::int - 1,
       us.uid * 13 + 40000,
       CASE WHEN pg_temp.rnd('st' || us.uid) < 0.012 THEN 'S' WHEN pg_temp.rnd('st' || us.uid) < 0.020 THEN 'R' ELSE 'A' END,
       CASE WHEN pg_temp.rnd('st' || us.uid) < 0.012 THEN timestamp '2024-09-30' + (1 + floor(pg_temp.rnd('se' || us.uid) * 365)::int) * interval '1 day' END
FROM us LEFT JOIN rep ON rep.uid = us.uid
ORDER BY us.uid;

-- posts
CREATE TEMP TABLE lastedit AS
SELECT DISTINCT ON (pid) pid, ecreated, editor FROM ed ORDER BY pid, ecreated DESC, n DESC;
ALTER TABLE lastedit ADD PRIMARY KEY (pid);
CREATE TEMP TABLE ccount AS SELECT pid, count(*)::int AS c FROM cm GROUP BY pid;
ALTER TABLE ccount ADD PRIMARY KEY (pid);
CREATE TEMP TABLE qtags AS
SELECT qt.qn, string_agg('<' || tg.name || '>', '' ORDER BY qt.s) AS tags, (array_agg(tg.name ORDER BY qt.s))[1] AS first_tag
FROM qt JOIN tg ON tg.tid = qt.tid GROUP BY qt.qn;
ALTER TABLE qtags ADD PRIMARY KEY (qn);
CREATE TEMP TABLE lastans AS SELECT qn, max(created) AS lastans FROM a GROUP BY qn;

INSERT INTO dba_se."Posts"
SELECT q.pid, 1, aa.pid, NULL, q.created, q.up - q.down,
       greatest(3, floor(exp(2.3 + 5.2 * pg_temp.rnd('vc' || q.qn)) * (1 + q.agemin / 1440 / 700.0)
                         * CASE WHEN q.popular THEN 12 ELSE 1 END * CASE WHEN q.creason IS NOT NULL AND q.reopened_at IS NULL THEN 0.4 ELSE 1 END)::int),
       '<p>' || format((ARRAY['I am on %s and a report query got much slower after an upgrade.','Our %s server shows a growing backlog during the nightly batch.',
                        'I need to model audit history in %s without blowing up storage.','The optimizer in %s ignores my index.',
                        'Backups on %s started failing last night.'])[1 + floor(pg_temp.rnd('bq' || q.qn) * 5)::int], qtags.first_tag)
         || '</p><p>Table has about ' || (1000 * floor(exp(pg_temp.rnd('br' || q.qn) * 12)))::bigint || ' rows. Ref ' || left(md5('body' || q.qn), 10) || '</p>',
       q.owner,
       CASE WHEN q.owner IS NULL THEN 'user' || (900000 + q.qn * 37 % 99991) END,
       le.editor, le.ecreated,
       greatest(q.created, le.ecreated, la.lastans, q.closed_at, q.reopened_at),
       format((ARRAY['Slow %s query after upgrade','How to speed up a %s query with many joins','Deadlock between two updates in %s',
                     'Index not used by the %s optimizer','Best way to store audit history in %s','Backup fails with permission error (%s)',
                     'Replication lag keeps growing on %s','Why does this %s query return duplicate rows?','Row estimate is way off for %s query',
                     'Table grows much faster than expected (%s)','Choosing a primary key for a large %s table','Query hangs waiting on a lock in %s',
                     'Partitioning a large %s table by date','Transaction log fills up on %s','Moving data between servers with %s',
                     'Unexpected NULLs after a join in %s','Can I rebuild an index online in %s?','Strange wait type under load on %s',
                     'Counting rows efficiently in %s','Grouping by week in %s'])[1 + floor(pg_temp.rnd('ti' || q.qn) * 20)::int], qtags.first_tag)
         || CASE WHEN pg_temp.rnd('tsuf' || q.qn) < 0.5 THEN '' ELSE ' (' || (q.qn % 97 + 1) || ')' END,
       qtags.tags,
       q.nans,
       coalesce(cc.c, 0),
       nullif(q.fav, 0),
       CASE WHEN q.reopened_at IS NULL THEN q.closed_at END,
       CASE WHEN q.is_wiki THEN q.created + interval '10 minutes' END,
       CASE WHEN q.created < timestamp '2019-09-05' THEN 'CC BY-SA 3.0' ELSE 'CC BY-SA 4.0' END
FROM q
JOIN qtags ON qtags.qn = q.qn
LEFT JOIN a aa ON aa.qn = q.qn AND aa.k = q.acc_k
LEFT JOIN lastedit le ON le.pid = q.pid
LEFT JOIN ccount cc ON cc.pid = q.pid
LEFT JOIN lastans la ON la.qn = q.qn
UNION ALL
SELECT a.pid, 2, NULL, q.pid, a.created, a.up - a.down, NULL,
       '<p>' || (ARRAY['Create a covering index on the filter columns.','Update statistics with a full scan and re-test.',
                       'This is a classic parameter sniffing problem.','You are seeing lock escalation.','Rewrite the correlated subquery as a join.',
                       'Check the autovacuum settings for that table.','Use a window function instead of the self join.'])[1 + floor(pg_temp.rnd('bd' || a.pid) * 7)::int]
         || ' Ref ' || left(md5('ans' || a.pid), 10) || '</p>',
       a.owner,
       CASE WHEN a.owner IS NULL THEN 'user' || (900000 + a.pid * 37 % 99991) END,
       le.editor, le.ecreated,
       greatest(a.created, le.ecreated),
       NULL, NULL, NULL,
       coalesce(cc.c, 0),
       NULL, NULL,
       CASE WHEN q.is_wiki THEN a.created END,
       CASE WHEN a.created < timestamp '2019-09-05' THEN 'CC BY-SA 3.0' ELSE 'CC BY-SA 4.0' END
FROM a JOIN q ON q.qn = a.qn
LEFT JOIN lastedit le ON le.pid = a.pid
LEFT JOIN ccount cc ON cc.pid = a.pid
UNION ALL
SELECT w.pid, w.wt, NULL, NULL, w.created, 0, NULL,
       CASE WHEN w.wt = 4 THEN 'Questions about ' || tg.name || '.' ELSE '<p>Tag wiki for ' || tg.name || '.</p>' END,
       -1, NULL, NULL, NULL, w.created, NULL, NULL, NULL, 0, NULL, NULL,
       w.created,
       CASE WHEN w.created < timestamp '2019-09-05' THEN 'CC BY-SA 3.0' ELSE 'CC BY-SA 4.0' END
FROM w JOIN tg ON tg.tid = w.tid
ORDER BY 1;

INSERT INTO dba_se."Tags"
SELECT tg.tid, tg.name, (SELECT count(*) FROM qt WHERE qt.tid = tg.tid),
       (SELECT pid FROM w WHERE w.tid = tg.tid AND w.wt = 4),
       (SELECT pid FROM w WHERE w.tid = tg.tid AND w.wt = 5),
       false, false
FROM tg ORDER BY tg.tid;

INSERT INTO dba_se."PostTags"
SELECT q.pid, qt.tid FROM qt JOIN q ON q.qn = qt.qn ORDER BY 1, 2;

INSERT INTO dba_se."Comments"
SELECT row_number() OVER (ORDER BY ccreated, pid, n)::int, pid, score, txt, ccreated,
       CASE WHEN uid IS NULL THEN 'user' || (800000 + (pid * 31 + n) % 99989) END,
       uid,
       CASE WHEN ccreated < timestamp '2019-09-05' THEN 'CC BY-SA 3.0' ELSE 'CC BY-SA 4.0' END
FROM cm ORDER BY 1;

INSERT INTO dba_se."Votes" SELECT vid, pid, vtype, uid, vdate, amount FROM vt ORDER BY vid;

-- post history
INSERT INTO dba_se."PostHistory"
SELECT row_number() OVER (ORDER BY hcreated, pid, htype, n)::int, htype, pid,
       md5('rev' || pid || '_' || revkey)::uuid, hcreated, uid, cmt, txt,
       CASE WHEN htype IN (10, 11, 16) THEN NULL WHEN hcreated < timestamp '2019-09-05' THEN 'CC BY-SA 3.0' ELSE 'CC BY-SA 4.0' END
FROM (
  SELECT p.pid, h AS htype, 0 AS n, p."CreationDate" AS hcreated, p."OwnerUserId" AS uid, '0' AS revkey, NULL::text AS cmt,
         CASE h WHEN 1 THEN p."Title" WHEN 2 THEN p."Body" ELSE p."Tags" END AS txt
  FROM (SELECT "Id" AS pid, * FROM dba_se."Posts" WHERE "PostTypeId" = 1) p CROSS JOIN generate_series(1, 3) h
  UNION ALL
  SELECT p."Id", 2, 0, p."CreationDate", p."OwnerUserId", '0', NULL, p."Body" FROM dba_se."Posts" p WHERE p."PostTypeId" IN (2, 4, 5)
  UNION ALL
  SELECT e.pid, e.htype, e.n, e.ecreated, e.editor, e.n::text,
         (ARRAY['fixed formatting','added execution plan','improved title','corrected typo','added version information','edited tags'])
           [1 + floor(pg_temp.rnd('es' || e.pid || '_' || e.n) * 6)::int],
         'revision ' || e.n || ' ' || left(md5('rv' || e.pid || '_' || e.n), 16)
  FROM ed e
  UNION ALL
  SELECT q.pid, 10, 0, q.closed_at, q.closer, 'c', q.creason::text, NULL FROM q WHERE q.closed_at IS NOT NULL
  UNION ALL
  SELECT q.pid, 11, 0, q.reopened_at, q.reopener, 'r', NULL, NULL FROM q WHERE q.reopened_at IS NOT NULL
  UNION ALL
  SELECT q.pid, 16, 0, q.created + interval '10 minutes', q.owner, 'w', NULL, NULL FROM q WHERE q.is_wiki
) h
ORDER BY 1;

-- post links: duplicates of earlier questions + ordinary "linked" references
INSERT INTO dba_se."PostLinks"
SELECT row_number() OVER (ORDER BY lcreated, pid, rel)::int, lcreated, pid, rel, ltype
FROM (
  SELECT q.closed_at AS lcreated, q.pid, t.pid AS rel, 3 AS ltype
  FROM q JOIN q t ON t.qn = 1 + floor(pg_temp.rnd('dup' || q.qn) * (q.qn - 1))::int
  WHERE q.creason = 101 AND q.reopened_at IS NULL AND q.qn > 1
  UNION
  SELECT q.created + interval '1 hour', q.pid, t.pid, 1
  FROM q JOIN q t ON t.qn = 1 + floor(pg_temp.rnd('lnk' || q.qn) * (q.qn - 1))::int
  WHERE pg_temp.rnd('haslink' || q.qn) < 0.12 AND q.qn > 1 AND q.creason IS DISTINCT FROM 101
) l;

-- moderators
INSERT INTO moderation."Moderators" SELECT uid, elected, stepdown, elno FROM md ORDER BY uid;

-- flags
CREATE TEMP TABLE qa AS
SELECT row_number() OVER (ORDER BY pid)::int AS rn, pid, created, kind FROM (
  SELECT pid, created, 'Q' AS kind FROM q UNION ALL SELECT pid, created, 'A' FROM a) s;
ALTER TABLE qa ADD PRIMARY KEY (rn);
CREATE TEMP TABLE fl AS
WITH f AS (
  SELECT g AS fid, qa.pid, qa.kind,
         date_trunc('second', qa.created + (timestamp '2024-09-29 23:00' - qa.created) * power(pg_temp.rnd('fr' || g), 4)) AS raised,
         pg_temp.rnd('ft' || g) AS rt, pg_temp.rnd('fo' || g) AS ro
  FROM generate_series(1, 4200) g
  JOIN qa ON qa.rn = 1 + floor(pg_temp.rnd('fp' || g) * (SELECT count(*) FROM qa))::int
)
SELECT fid, pid, raised,
  1 + floor(pg_temp.rnd('fu' || fid) * pg_temp.nb(raised))::int AS raiser,
  CASE WHEN kind = 'A' THEN CASE WHEN rt < 0.40 THEN 'N' WHEN rt < 0.60 THEN 'L' WHEN rt < 0.68 THEN 'S' WHEN rt < 0.75 THEN 'R' ELSE 'M' END
       ELSE CASE WHEN rt < 0.30 THEN 'L' WHEN rt < 0.42 THEN 'S' WHEN rt < 0.52 THEN 'R' ELSE 'M' END END AS ftype,
  CASE WHEN ro < 0.62 THEN 'helpful' WHEN ro < 0.82 THEN 'declined' WHEN ro < 0.90 THEN 'disputed' ELSE 'aged_away' END::moderation.flag_outcome AS outcome0
FROM f;
ALTER TABLE fl ADD rslvd timestamp, ADD outcome moderation.flag_outcome, ADD handler int;
UPDATE fl SET
  rslvd = CASE WHEN outcome0 = 'aged_away' THEN raised + interval '365 days'
               ELSE date_trunc('second', raised + power(pg_temp.rnd('frs' || fid), 2) * interval '20 days') END,
  outcome = outcome0;
UPDATE fl SET rslvd = NULL, outcome = NULL WHERE rslvd >= timestamp '2024-09-30' OR (raised > timestamp '2024-08-15' AND pg_temp.rnd('pend' || fid) < 0.5);
UPDATE fl SET handler = (SELECT md.uid FROM md WHERE md.elected <= fl.rslvd AND (md.stepdown IS NULL OR md.stepdown > fl.rslvd)
                         ORDER BY pg_temp.rnd('fh' || fl.fid || '_' || md.uid) LIMIT 1)
WHERE outcome IN ('helpful', 'declined', 'disputed') AND pg_temp.rnd('fhm' || fid) < CASE WHEN ftype IN ('M', 'R') THEN 0.95 ELSE 0.45 END;

INSERT INTO moderation."FlagQueue"
SELECT fid, pid, raiser, ftype, raised, rslvd, outcome, handler,
       CASE WHEN handler IS NOT NULL AND pg_temp.rnd('nt' || fid) < 0.15 THEN
         (ARRAY['warned user','post edited instead','user contacted via mod message','duplicate flag','see chat transcript'])
           [1 + floor(pg_temp.rnd('nt2' || fid) * 5)::int] END
FROM fl ORDER BY fid;

-- ---------- badges (derived from the loaded data) --------------------------
INSERT INTO dba_se."Badges"
SELECT row_number() OVER (ORDER BY bdate, uid, name)::int, uid, name, bdate, cls, tb
FROM (
  -- score badges on answers / questions
  SELECT p."OwnerUserId" AS uid, n.name, least(p."CreationDate" + n.lag, timestamp '2024-09-29 23:59') AS bdate, n.cls, false AS tb
  FROM dba_se."Posts" p
  JOIN (VALUES (2, 'Nice Answer', 10, 3, interval '20 days'), (2, 'Good Answer', 25, 2, interval '60 days'), (2, 'Great Answer', 100, 1, interval '200 days'),
               (1, 'Nice Question', 10, 3, interval '25 days'), (1, 'Good Question', 25, 2, interval '80 days'), (1, 'Great Question', 100, 1, interval '250 days'))
       n(ptype, name, minscore, cls, lag) ON n.ptype = p."PostTypeId" AND p."Score" >= n.minscore
  WHERE p."OwnerUserId" IS NOT NULL
  UNION ALL
  -- view badges
  SELECT p."OwnerUserId", n.name, least(p."CreationDate" + n.lag, timestamp '2024-09-29 23:59'), n.cls, false
  FROM dba_se."Posts" p
  JOIN (VALUES ('Popular Question', 1000, 3, interval '90 days'), ('Notable Question', 2500, 2, interval '200 days'), ('Famous Question', 10000, 1, interval '400 days'))
       n(name, minviews, cls, lag) ON p."ViewCount" >= n.minviews
  WHERE p."PostTypeId" = 1 AND p."OwnerUserId" IS NOT NULL
  UNION ALL
  -- first positively scored question / answer
  SELECT * FROM (
    SELECT DISTINCT ON (p."OwnerUserId", p."PostTypeId") p."OwnerUserId",
           CASE p."PostTypeId" WHEN 1 THEN 'Student' ELSE 'Teacher' END,
           least(p."CreationDate" + interval '1 day', timestamp '2024-09-29 23:59'), 3, false
    FROM dba_se."Posts" p WHERE p."PostTypeId" IN (1, 2) AND p."Score" >= 1 AND p."OwnerUserId" IS NOT NULL
    ORDER BY p."OwnerUserId", p."PostTypeId", p."CreationDate") st
  UNION ALL
  -- Scholar: first time the user accepted an answer
  SELECT qp."OwnerUserId", 'Scholar', min(v."CreationDate") + interval '1 hour', 3, false
  FROM dba_se."Votes" v JOIN dba_se."Posts" ap ON ap."Id" = v."PostId" JOIN dba_se."Posts" qp ON qp."Id" = ap."ParentId"
  WHERE v."VoteTypeId" = 1 GROUP BY qp."OwnerUserId"
  UNION ALL
  -- Enlightened: accepted answer with score >= 10
  SELECT ap."OwnerUserId", 'Enlightened', least(ap."CreationDate" + interval '30 days', timestamp '2024-09-29 23:59'), 2, false
  FROM dba_se."Posts" qp JOIN dba_se."Posts" ap ON ap."Id" = qp."AcceptedAnswerId"
  WHERE ap."Score" >= 10 AND ap."OwnerUserId" IS NOT NULL
  UNION ALL
  -- Necromancer: answer 60+ days after the question, score >= 5
  SELECT ap."OwnerUserId", 'Necromancer', least(ap."CreationDate" + interval '15 days', timestamp '2024-09-29 23:59'), 2, false
  FROM dba_se."Posts" ap JOIN dba_se."Posts" qp ON qp."Id" = ap."ParentId"
  WHERE ap."PostTypeId" = 2 AND ap."Score" >= 5 AND ap."CreationDate" >= qp."CreationDate" + interval '60 days' AND ap."OwnerUserId" IS NOT NULL
  UNION ALL
  -- Editor: first edit
  SELECT h."UserId", 'Editor', min(h."CreationDate"), 3, false
  FROM dba_se."PostHistory" h WHERE h."PostHistoryTypeId" IN (4, 5, 6) AND h."UserId" IS NOT NULL GROUP BY h."UserId"
  UNION ALL
  -- profile / voting badges
  SELECT u."Id", 'Autobiographer', u."CreationDate" + interval '2 days', 3, false FROM dba_se."Users" u WHERE u."AboutMe" IS NOT NULL AND u."Id" > 0
  UNION ALL
  SELECT u."Id", 'Supporter', least(u."CreationDate" + (3 + floor(pg_temp.rnd('sup' || u."Id") * 200)::int) * interval '1 day', timestamp '2024-09-29 23:59'), 3, false
  FROM dba_se."Users" u WHERE u."UpVotes" > 0 AND u."Id" > 0
  UNION ALL
  SELECT u."Id", 'Critic', least(u."CreationDate" + (5 + floor(pg_temp.rnd('cri' || u."Id") * 300)::int) * interval '1 day', timestamp '2024-09-29 23:59'), 3, false
  FROM dba_se."Users" u WHERE u."DownVotes" > 0 AND u."Id" > 0
  UNION ALL
  SELECT u."Id", 'Yearling', u."CreationDate" + y * interval '1 year', 2, false
  FROM dba_se."Users" u CROSS JOIN generate_series(1, 10) y
  WHERE u."Reputation" >= 200 AND u."Id" > 0 AND u."CreationDate" + y * interval '1 year' < timestamp '2024-09-30'
  UNION ALL
  -- tag badges: cumulative answer score within a tag
  SELECT uid, tagname, min(adate), cls, true FROM (
    SELECT ap."OwnerUserId" AS uid, t."TagName" AS tagname, ap."CreationDate" AS adate,
           sum(ap."Score") OVER (PARTITION BY ap."OwnerUserId", t."Id" ORDER BY ap."CreationDate", ap."Id") AS cum
    FROM dba_se."Posts" ap
    JOIN dba_se."PostTags" pt ON pt."PostId" = ap."ParentId"
    JOIN dba_se."Tags" t ON t."Id" = pt."TagId"
    WHERE ap."PostTypeId" = 2 AND ap."OwnerUserId" IS NOT NULL
  ) s JOIN (VALUES (3, 100), (2, 400), (1, 1000)) th(cls, minscore) ON s.cum >= th.minscore
  GROUP BY uid, tagname, cls
) b
ORDER BY 1;

-- =====================================================================
--  indexes (the ones the team added over the years)
-- =====================================================================
CREATE INDEX "IX_Posts_ParentId"       ON dba_se."Posts" ("ParentId");
CREATE INDEX "IX_Posts_OwnerUserId"    ON dba_se."Posts" ("OwnerUserId");
CREATE INDEX "IX_Posts_PostTypeId_Score" ON dba_se."Posts" ("PostTypeId", "Score");
CREATE INDEX "IX_Comments_PostId"      ON dba_se."Comments" ("PostId");
CREATE INDEX "IX_Votes_PostId_VoteTypeId" ON dba_se."Votes" ("PostId", "VoteTypeId");
CREATE INDEX "IX_Badges_UserId"        ON dba_se."Badges" ("UserId");
CREATE INDEX "IX_Badges_Name_Date"     ON dba_se."Badges" ("Name", "Date");
CREATE INDEX "IX_PostTags_TagId"       ON dba_se."PostTags" ("TagId");
CREATE INDEX "IX_PostHistory_PostId"   ON dba_se."PostHistory" ("PostId");
CREATE INDEX "IX_Users_DisplayName"    ON dba_se."Users" ("DisplayName");
CREATE INDEX "IX_PostLinks_RelatedPostId" ON dba_se."PostLinks" ("RelatedPostId");
CREATE INDEX ix_flagqueue_pending      ON moderation."FlagQueue" ("RaisedAt") WHERE "RslvdAt" IS NULL;

-- =====================================================================
--  reporting views
-- =====================================================================
CREATE VIEW reporting."QuestionOverview" AS
SELECT q."Id"                             AS "QuestionId",
       q."Title",
       q."CreationDate"                   AS "AskedAt",
       coalesce(u."DisplayName", q."OwnerDisplayName") AS "AskedBy",
       q."Score",
       q."ViewCount",
       q."AnswerCount",
       (q."AcceptedAnswerId" IS NOT NULL) AS "HasAcceptedAnswer",
       (q."ClosedDate" IS NOT NULL)       AS "IsClosed",
       q."Tags"
FROM dba_se."Posts" q
LEFT JOIN dba_se."Users" u ON u."Id" = q."OwnerUserId"
WHERE q."PostTypeId" = 1;
COMMENT ON VIEW reporting."QuestionOverview" IS 'One row per question with asker name and answer/closed flags (community-health report, page 1).';

CREATE VIEW reporting."MonthlyActivity" AS
SELECT date_trunc('month', p."CreationDate")::date AS "Month",
       count(*) FILTER (WHERE p."PostTypeId" = 1) AS "Questions",
       count(*) FILTER (WHERE p."PostTypeId" = 2) AS "Answers",
       count(*) FILTER (WHERE p."PostTypeId" = 1 AND p."ClosedDate" IS NOT NULL) AS "QuestionsClosedNow"
FROM dba_se."Posts" p
WHERE p."PostTypeId" IN (1, 2)
GROUP BY 1;
COMMENT ON VIEW reporting."MonthlyActivity" IS 'Questions and answers posted per calendar month; QuestionsClosedNow counts questions from that month that are closed at dump time.';

DROP FUNCTION pg_temp.rnd(text);
DROP FUNCTION pg_temp.nb(timestamp);

ANALYZE;

-- =====================================================================
--  WDAFF  -  Westmoor & District Amateur Football Federation
--  League administration database (fixtures, registrations, discipline)
--
--  Schemas
--    core  : venues, clubs, players, player registrations, referees
--    comp  : seasons, competitions, divisions, teams, fixtures,
--            team sheets, match events, referee appointments
--    disc  : offence codes, suspensions, fines
--
--  Data snapshot taken Monday 18 March 2024 (morning): every fixture up
--  to and including Sunday 17 March 2024 has been processed.
-- =====================================================================

CREATE EXTENSION IF NOT EXISTS pg_stat_statements;

CREATE SCHEMA core;
CREATE SCHEMA comp;
CREATE SCHEMA disc;

COMMENT ON SCHEMA core IS 'Master data: venues, clubs, players, registrations, referees';
COMMENT ON SCHEMA comp IS 'Competitions: seasons, divisions, teams, fixtures, match events, appointments';
COMMENT ON SCHEMA disc IS 'Discipline: offence codes, suspensions, fines';

-- ---------------------------------------------------------------------
-- core
-- ---------------------------------------------------------------------
CREATE TABLE core.venue (
    venue_id     serial PRIMARY KEY,
    venue_name   varchar(80) NOT NULL UNIQUE,
    town         varchar(40) NOT NULL,
    postcode     varchar(8),
    surface      char(2)     NOT NULL CHECK (surface IN ('GR','3G','HY')),
    floodlit     boolean     NOT NULL DEFAULT false,
    capacity     integer,
    owner_type   varchar(7)  NOT NULL CHECK (owner_type IN ('CLUB','COUNCIL','SCHOOL','COUNTY'))
);
COMMENT ON COLUMN core.venue.surface  IS 'GR = natural grass, 3G = third-generation artificial turf, HY = hybrid grass';
COMMENT ON COLUMN core.venue.capacity IS 'Ground grading capacity; NULL = ground not graded (public pitch, no barrier)';

CREATE TABLE core.club (
    club_id        serial PRIMARY KEY,
    aff_no         varchar(9)  NOT NULL UNIQUE,
    club_name      varchar(60) NOT NULL UNIQUE,
    short_name     varchar(20),
    district       varchar(8)  NOT NULL CHECK (district IN ('North','South','East','West','Central')),
    founded        smallint,
    home_venue_id  integer REFERENCES core.venue (venue_id),
    affiliated_on  date        NOT NULL,
    status         char(1)     NOT NULL DEFAULT 'A' CHECK (status IN ('A','F','S')),
    folded_on      date,
    secretary      varchar(60),
    sec_email      varchar(80),
    sec_phone      varchar(20)
);
COMMENT ON COLUMN core.club.aff_no    IS 'County FA affiliation number';
COMMENT ON COLUMN core.club.status    IS 'A = affiliated (active), F = folded / resigned from the federation, S = suspended by the federation (e.g. unpaid fines)';
COMMENT ON COLUMN core.club.folded_on IS 'Date the club resigned its affiliation; only set when status = F';
COMMENT ON COLUMN core.club.founded   IS 'Year founded, as given by the club (NULL = unknown)';

CREATE TABLE core.player (
    player_id   serial PRIMARY KEY,
    fan_no      integer     NOT NULL UNIQUE,
    first_name  varchar(40) NOT NULL,
    last_name   varchar(40) NOT NULL,
    dob         date        NOT NULL,
    gender      char(1)     NOT NULL CHECK (gender IN ('M','F')),
    pos         varchar(3)  CHECK (pos IN ('GK','DEF','MID','FWD')),
    email       varchar(100),
    mobile      varchar(20),
    created_at  timestamp   NOT NULL,
    updated_at  timestamp
);
COMMENT ON COLUMN core.player.fan_no IS 'FA Number (national player id, printed on the registration card)';
COMMENT ON COLUMN core.player.pos    IS 'Preferred position given on the registration form; NULL = not stated';

CREATE TABLE core.registration (
    reg_id      serial PRIMARY KEY,
    player_id   integer NOT NULL REFERENCES core.player (player_id),
    club_id     integer NOT NULL REFERENCES core.club (club_id),
    reg_type    varchar(4) NOT NULL DEFAULT 'STD' CHECK (reg_type IN ('STD','DUAL')),
    valid_from  date NOT NULL,
    valid_to    date,
    created_at  timestamp NOT NULL,
    CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
COMMENT ON TABLE  core.registration IS 'Player registration history. A player moving club gets a new row; the old row is closed (valid_to).';
COMMENT ON COLUMN core.registration.reg_type IS 'STD = standard (playing) registration, DUAL = second registration with a Sunday club while holding a Saturday registration elsewhere';
COMMENT ON COLUMN core.registration.valid_to IS 'Last day of the registration; NULL = still registered';

CREATE TABLE core.referee (
    ref_id        serial PRIMARY KEY,
    ref_no        varchar(7)  NOT NULL UNIQUE,
    first_name    varchar(40) NOT NULL,
    last_name     varchar(40) NOT NULL,
    gender        char(1)     NOT NULL CHECK (gender IN ('M','F')),
    dob           date,
    ref_level     smallint    NOT NULL CHECK (ref_level BETWEEN 4 AND 7),
    qualified_on  date        NOT NULL,
    retired_on    date,
    district      varchar(8),
    email         varchar(100),
    mobile        varchar(20)
);
COMMENT ON COLUMN core.referee.ref_level  IS 'County FA referee level: 4 = Level 4 (senior county, contributory league), 5 = Level 5 (senior county), 6 = Level 6 (county), 7 = Level 7 (junior / newly qualified)';
COMMENT ON COLUMN core.referee.retired_on IS 'Date the referee stopped officiating for the federation; NULL = still active';

-- ---------------------------------------------------------------------
-- disc (offence codes first: referenced from comp.match_event)
-- ---------------------------------------------------------------------
CREATE TABLE disc.offence (
    offence_code  varchar(3)  PRIMARY KEY,
    category      char(1)     NOT NULL CHECK (category IN ('C','S','E','A')),
    descr         varchar(120) NOT NULL,
    std_matches   smallint,
    std_fine      numeric(6,2)
);
COMMENT ON TABLE  disc.offence IS 'Offence / charge codes. C = caution (yellow card), S = sending-off (red card), E = misconduct charge, A = administrative breach by a club';
COMMENT ON COLUMN disc.offence.std_matches IS 'Standard match suspension for the offence (sending-offs / misconduct)';
COMMENT ON COLUMN disc.offence.std_fine    IS 'Standard fine as at the 2023/24 tariff';

-- ---------------------------------------------------------------------
-- comp
-- ---------------------------------------------------------------------
CREATE TABLE comp.season (
    season_id  smallint PRIMARY KEY,
    label      char(7)  NOT NULL UNIQUE,
    starts_on  date     NOT NULL,
    ends_on    date     NOT NULL,
    status     char(1)  NOT NULL CHECK (status IN ('C','V','A')),
    notes      text
);
COMMENT ON COLUMN comp.season.status IS 'C = completed, V = void (declared null and void: no champions, no promotion or relegation), A = active / in progress';

CREATE TABLE comp.competition (
    comp_code   varchar(4)  PRIMARY KEY,
    comp_name   varchar(60) NOT NULL,
    comp_type   char(1)     NOT NULL CHECK (comp_type IN ('L','C')),
    gender      char(1)     NOT NULL CHECK (gender IN ('M','F')),
    age_group   varchar(4)  NOT NULL,
    match_day   varchar(3)  NOT NULL
);
COMMENT ON COLUMN comp.competition.comp_type IS 'L = league, C = knock-out cup';
COMMENT ON COLUMN comp.competition.age_group IS 'OPEN = open age (16+), O35 = veterans (35 and over)';

CREATE TABLE comp.division (
    div_id      serial PRIMARY KEY,
    comp_code   varchar(4)  NOT NULL REFERENCES comp.competition (comp_code),
    div_name    varchar(40) NOT NULL,
    tier        smallint,
    promote_n   smallint,
    relegate_n  smallint,
    UNIQUE (comp_code, div_name)
);
COMMENT ON COLUMN comp.division.tier IS '1 = top division of the competition; NULL for cup competitions';

CREATE TABLE comp.team (
    team_id       serial PRIMARY KEY,
    season_id     smallint    NOT NULL REFERENCES comp.season (season_id),
    div_id        integer     NOT NULL REFERENCES comp.division (div_id),
    club_id       integer     NOT NULL REFERENCES core.club (club_id),
    team_name     varchar(80) NOT NULL,
    manager       varchar(60),
    withdrawn_on  date,
    UNIQUE (season_id, team_name)
);
COMMENT ON TABLE  comp.team IS 'One row per team per season (a club can run several teams). Cup ties use the team row of the team''s league division.';
COMMENT ON COLUMN comp.team.withdrawn_on IS 'Team withdrew from the league during the season; its playing record is expunged from the league table';

CREATE TABLE comp.fixture_status (
    status_code  varchar(3) PRIMARY KEY,
    descr        varchar(80) NOT NULL
);

CREATE TABLE comp.fixture (
    fixture_id       serial PRIMARY KEY,
    season_id        smallint  NOT NULL REFERENCES comp.season (season_id),
    div_id           integer   NOT NULL REFERENCES comp.division (div_id),
    round_no         smallint,
    home_team_id     integer   NOT NULL REFERENCES comp.team (team_id),
    away_team_id     integer   NOT NULL REFERENCES comp.team (team_id),
    venue_id         integer   REFERENCES core.venue (venue_id),
    ko_at            timestamp NOT NULL,
    status           varchar(3) NOT NULL DEFAULT 'SCH' REFERENCES comp.fixture_status (status_code),
    home_goals       smallint,
    away_goals       smallint,
    home_pens        smallint,
    away_pens        smallint,
    attendance       integer,
    abandoned_min    smallint,
    orig_fixture_id  integer REFERENCES comp.fixture (fixture_id),
    notes            varchar(200),
    updated_at       timestamp,
    CHECK (home_team_id <> away_team_id)
);
COMMENT ON COLUMN comp.fixture.ko_at      IS 'Kick-off, local time (Europe/London)';
COMMENT ON COLUMN comp.fixture.status     IS 'See comp.fixture_status: SCH scheduled, PLD played, PP postponed, AB abandoned, AWD awarded (walk-over), CAN cancelled/void';
COMMENT ON COLUMN comp.fixture.round_no   IS 'League: matchday number of the original fixture list. Cup: 1 = first round (last 32), 2 = second round (last 16), 3 = quarter-final, 4 = semi-final, 5 = final';
COMMENT ON COLUMN comp.fixture.home_goals IS 'Full-time score; for AB the score when the match was abandoned; for AWD the awarded score (3-0)';
COMMENT ON COLUMN comp.fixture.home_pens  IS 'Cup ties only: penalty shoot-out score when level after 90 minutes (no extra time in this competition)';
COMMENT ON COLUMN comp.fixture.attendance IS 'Paying/counted spectators; NULL = not recorded (only required in the Saturday Premier Division and the Challenge Cup)';
COMMENT ON COLUMN comp.fixture.orig_fixture_id IS 'For a rearranged fixture or a replay: the postponed / abandoned fixture it replaces';

CREATE TABLE comp.team_sheet (
    fixture_id  integer  NOT NULL REFERENCES comp.fixture (fixture_id),
    team_id     integer  NOT NULL REFERENCES comp.team (team_id),
    player_id   integer  NOT NULL REFERENCES core.player (player_id),
    shirt_no    smallint NOT NULL,
    starter     boolean  NOT NULL,
    PRIMARY KEY (fixture_id, player_id)
);
COMMENT ON TABLE  comp.team_sheet IS 'Team sheets submitted by clubs (starting XI + named substitutes)';
COMMENT ON COLUMN comp.team_sheet.starter IS 'true = starting XI, false = named substitute (may not have come on)';

CREATE TYPE comp.event_kind AS ENUM
    ('goal','pen_goal','own_goal','pen_miss','yellow','second_yellow','red','sub');

CREATE TABLE comp.match_event (
    event_id       bigserial PRIMARY KEY,
    fixture_id     integer   NOT NULL REFERENCES comp.fixture (fixture_id),
    team_id        integer   NOT NULL REFERENCES comp.team (team_id),
    player_id      integer   NOT NULL REFERENCES core.player (player_id),
    kind           comp.event_kind NOT NULL,
    minute         smallint  NOT NULL CHECK (minute BETWEEN 1 AND 90),
    added_min      smallint,
    offence_code   varchar(3) REFERENCES disc.offence (offence_code),
    player_off_id  integer   REFERENCES core.player (player_id)
);
COMMENT ON TABLE  comp.match_event IS 'Events from the referee''s match report';
COMMENT ON COLUMN comp.match_event.team_id   IS 'Team of the player involved. NB: an own_goal is credited to the OTHER team';
COMMENT ON COLUMN comp.match_event.player_id IS 'Player involved; for kind = sub the player coming ON';
COMMENT ON COLUMN comp.match_event.player_off_id IS 'kind = sub only: the player replaced';
COMMENT ON COLUMN comp.match_event.minute    IS 'Match minute 1-90; stoppage time is in added_min (45+2 = minute 45, added_min 2)';
COMMENT ON COLUMN comp.match_event.offence_code IS 'Cards only: caution (C1-C7) or sending-off (S1-S7) code, see disc.offence';

CREATE TABLE comp.ref_appt (
    fixture_id     integer    NOT NULL REFERENCES comp.fixture (fixture_id),
    role           varchar(3) NOT NULL CHECK (role IN ('R','AR1','AR2')),
    ref_id         integer    NOT NULL REFERENCES core.referee (ref_id),
    fee            numeric(6,2),
    assessor_mark  numeric(4,1),
    appointed_at   timestamp  NOT NULL,
    PRIMARY KEY (fixture_id, role)
);
COMMENT ON TABLE  comp.ref_appt IS 'Match official appointments. Fixtures without a row were officiated by a club volunteer.';
COMMENT ON COLUMN comp.ref_appt.role IS 'R = referee, AR1/AR2 = assistant referees';
COMMENT ON COLUMN comp.ref_appt.fee  IS 'Match fee claimed (GBP); NULL = not yet claimed (match not played yet)';
COMMENT ON COLUMN comp.ref_appt.assessor_mark IS 'Mark given by a referee assessor (out of 100); NULL = match not assessed';

-- ---------------------------------------------------------------------
-- disc
-- ---------------------------------------------------------------------
CREATE TABLE disc.suspension (
    susp_id         serial PRIMARY KEY,
    player_id       integer  NOT NULL REFERENCES core.player (player_id),
    season_id       smallint NOT NULL REFERENCES comp.season (season_id),
    susp_type       char(2)  NOT NULL CHECK (susp_type IN ('RC','YA','MC')),
    event_id        bigint   REFERENCES comp.match_event (event_id),
    fixture_id      integer  REFERENCES comp.fixture (fixture_id),
    offence_code    varchar(3) REFERENCES disc.offence (offence_code),
    matches         smallint NOT NULL CHECK (matches > 0),
    effective_from  date     NOT NULL,
    served_on       date
);
COMMENT ON COLUMN disc.suspension.susp_type IS 'RC = sending-off, YA = accumulation of cautions in a season (5 / 10 / 15), MC = misconduct charge heard by the discipline committee';
COMMENT ON COLUMN disc.suspension.effective_from IS 'Suspensions start 7 days after the offence';
COMMENT ON COLUMN disc.suspension.served_on IS 'Date of the last match missed; NULL = suspension not (yet) fully served';

CREATE TABLE disc.fine (
    fine_id         serial PRIMARY KEY,
    club_id         integer      NOT NULL REFERENCES core.club (club_id),
    player_id       integer      REFERENCES core.player (player_id),
    fixture_id      integer,
    offence_code    varchar(3)   NOT NULL REFERENCES disc.offence (offence_code),
    amount          numeric(7,2) NOT NULL,
    issued_on       date         NOT NULL,
    due_on          date         NOT NULL,
    paid_on         date,
    waived          boolean      NOT NULL DEFAULT false,
    reminders_sent  smallint     NOT NULL DEFAULT 0
);
COMMENT ON TABLE  disc.fine IS 'Fines invoiced to clubs (clubs pay their players'' card fines). fixture_id is kept from the old system and is not enforced.';
COMMENT ON COLUMN disc.fine.player_id IS 'Player the fine relates to; NULL = fine against the club itself';
COMMENT ON COLUMN disc.fine.paid_on   IS 'NULL = not paid (outstanding unless waived)';
COMMENT ON COLUMN disc.fine.waived    IS 'true = fine written off by the discipline committee';

-- =====================================================================
--  Reference data
-- =====================================================================
INSERT INTO comp.fixture_status VALUES
 ('SCH','Scheduled'),
 ('PLD','Played - result confirmed'),
 ('PP','Postponed (see rearranged fixture via orig_fixture_id)'),
 ('AB','Abandoned (replayed; score is the score at abandonment)'),
 ('AWD','Awarded - walk-over, result awarded by the league'),
 ('CAN','Cancelled / void');

INSERT INTO disc.offence VALUES
 ('C1','C','Unsporting behaviour',NULL,12.00),
 ('C2','C','Dissent by word or action',NULL,12.00),
 ('C3','C','Persistent infringement of the Laws of the Game',NULL,12.00),
 ('C4','C','Delaying the restart of play',NULL,12.00),
 ('C5','C','Failure to respect the required distance',NULL,12.00),
 ('C6','C','Entering or re-entering the field of play without permission',NULL,12.00),
 ('C7','C','Deliberately leaving the field of play without permission',NULL,12.00),
 ('S1','S','Serious foul play',3,30.00),
 ('S2','S','Violent conduct',3,30.00),
 ('S3','S','Spitting at an opponent or any other person',6,30.00),
 ('S4','S','Denying a goal or obvious goal-scoring opportunity by deliberate handball',1,30.00),
 ('S5','S','Denying an obvious goal-scoring opportunity (foul)',1,30.00),
 ('S6','S','Offensive, insulting or abusive language or gestures',2,30.00),
 ('S7','S','Second caution in the same match',1,30.00),
 ('E3','E','Improper conduct (misconduct charge)',NULL,NULL),
 ('A01','A','Late or incomplete team sheet',NULL,10.00),
 ('A02','A','Late submission of result',NULL,15.00),
 ('A03','A','Failure to fulfil a fixture',NULL,50.00),
 ('A04','A','Failing to control players: five or more cautions in one match',NULL,75.00);

INSERT INTO comp.season VALUES
 (1,'2019/20','2019-07-01','2020-06-30','V','Curtailed 13 March 2020 (COVID-19); declared null and void'),
 (2,'2020/21','2020-07-01','2021-06-30','C','Late start 19 Sept 2020; no football 31 Oct - 5 Dec 2020 (lockdown)'),
 (3,'2021/22','2021-07-01','2022-06-30','C',NULL),
 (4,'2022/23','2022-07-01','2023-06-30','C',NULL),
 (5,'2023/24','2023-07-01','2024-06-30','A',NULL);

INSERT INTO comp.competition VALUES
 ('SAT','Saturday League','L','M','OPEN','SAT'),
 ('SUN','Sunday League','L','M','OPEN','SUN'),
 ('WOM','Women''s League','L','F','OPEN','SUN'),
 ('VET','Veterans League','L','M','O35','SAT'),
 ('SCC','Senior Challenge Cup','C','M','OPEN','SAT');

INSERT INTO comp.division (div_id, comp_code, div_name, tier, promote_n, relegate_n) VALUES
 (1,'SAT','Premier Division',1,NULL,2),
 (2,'SAT','Division One',2,2,2),
 (3,'SAT','Division Two',3,2,2),
 (4,'SAT','Division Three',4,2,2),
 (5,'SAT','Division Four',5,2,NULL),
 (6,'SUN','Sunday Premier',1,NULL,2),
 (7,'SUN','Sunday Division One',2,2,2),
 (8,'SUN','Sunday Division Two',3,2,NULL),
 (9,'WOM','Women''s Division One',1,NULL,2),
 (10,'WOM','Women''s Division Two',2,2,NULL),
 (11,'VET','Veterans Division',1,NULL,NULL),
 (12,'SCC','Senior Challenge Cup',NULL,NULL,NULL);
SELECT setval('comp.division_div_id_seq', 12);

-- indexes (created up front; the fixture ones are used while loading)
CREATE INDEX ix_fixture_season_div   ON comp.fixture (season_id, div_id);
CREATE INDEX ix_fixture_home_team    ON comp.fixture (home_team_id);
CREATE INDEX ix_fixture_away_team    ON comp.fixture (away_team_id);
CREATE INDEX ix_fixture_ko_at        ON comp.fixture (ko_at);
CREATE INDEX ix_fixture_orig         ON comp.fixture (orig_fixture_id);
CREATE INDEX ix_team_season_div      ON comp.team (season_id, div_id);
CREATE INDEX ix_team_club            ON comp.team (club_id);

-- =====================================================================
--  Data generation (deterministic: md5-based pseudo-random numbers)
-- =====================================================================
CREATE FUNCTION pg_temp.h(t text) RETURNS bigint LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x'||substr(md5(t),1,8))::bit(32)::bigint $$;
CREATE FUNCTION pg_temp.u(t text) RETURNS float8 LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x'||substr(md5(t),1,8))::bit(32)::bigint / 4294967296.0 $$;
CREATE FUNCTION pg_temp.pois(lam float8, u float8) RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE k int := 0; p float8 := exp(-lam); c float8 := exp(-lam);
BEGIN
  WHILE u > c AND k < 12 LOOP k := k + 1; p := p * lam / k; c := c + p; END LOOP;
  RETURN k;
END $$;

CREATE TEMP TABLE g_fn_m (i int PRIMARY KEY, n text);
INSERT INTO g_fn_m SELECT i, n FROM unnest(ARRAY['James','Jack','Harry','Oliver','Thomas','George','Charlie','Jacob','Daniel','Joshua',
 'Samuel','William','Joseph','Ryan','Liam','Connor','Callum','Lewis','Adam','Luke','Matthew','Nathan','Ben','Alex','Jordan',
 'Kieran','Scott','Dean','Lee','Craig','Mark','Paul','Steven','Michael','Chris','Andrew','David','Richard','Robert','Jamie',
 'Aaron','Ashley','Bradley','Jake','Kyle','Reece','Tyler','Ethan','Mason','Alfie','Archie','Leo','Max','Owen','Toby','Sam',
 'Dan','Tom','Rob','Gary','Carl','Darren','Neil','Wayne','Stuart','Martin','Gavin','Jason','Marcus','Ricky','Kai','Zak',
 'Elliot','Josh','Cameron','Declan','Billy','Frankie','Louis','Mohammed','Kacper','Jakub','Tomasz','Kwame','Rhys']) WITH ORDINALITY AS t(n, i);
CREATE TEMP TABLE g_fn_f (i int PRIMARY KEY, n text);
INSERT INTO g_fn_f SELECT i, n FROM unnest(ARRAY['Emily','Sophie','Chloe','Jessica','Lucy','Hannah','Megan','Charlotte','Ellie','Amy',
 'Lauren','Holly','Katie','Georgia','Olivia','Grace','Rebecca','Laura','Emma','Sarah','Rachel','Jade','Leah','Abbie','Bethany',
 'Amber','Millie','Ruby','Freya','Isla','Poppy','Evie','Jasmine','Molly','Phoebe','Zoe','Kirsty','Gemma','Natalie','Danielle',
 'Stacey','Nicola','Jodie','Kelly','Alice','Niamh','Caitlin','Eleanor','Harriet','Imogen','Tilly','Maisie','Lily','Ella','Mia',
 'Keira','Shannon','Courtney','Chelsea','Hayley']) WITH ORDINALITY AS t(n, i);
CREATE TEMP TABLE g_ln (i int PRIMARY KEY, n text);
INSERT INTO g_ln SELECT i, n FROM unnest(ARRAY['Smith','Jones','Williams','Taylor','Brown','Davies','Evans','Wilson','Thomas','Johnson',
 'Roberts','Robinson','Thompson','Wright','Walker','White','Edwards','Hughes','Green','Hall','Lewis','Harris','Clarke','Patel',
 'Jackson','Wood','Turner','Martin','Cooper','Hill','Ward','Morris','Moore','Clark','Lee','King','Baker','Harrison','Morgan',
 'Allen','James','Scott','Phillips','Watson','Davis','Parker','Price','Bennett','Young','Griffiths','Mitchell','Kelly','Cook',
 'Carter','Richardson','Bailey','Collins','Bell','Shaw','Murphy','Miller','Cox','Richards','Khan','Marshall','Anderson',
 'Simpson','Ellis','Adams','Singh','Wilkinson','Foster','Chapman','Powell','Webb','Rogers','Gray','Mason','Ali','Hunt',
 'Hussain','Campbell','Matthews','Owen','Palmer','Holmes','Mills','Barnes','Knight','Lloyd','Butler','Russell','Barker',
 'Fisher','Stevens','Jenkins','Murray','Dixon','Harvey','Graham','Pearson','Ahmed','Fletcher','Walsh','Kaur','Gibson',
 'Howard','Andrews','Stewart','Elliott','Reynolds','Saunders','Payne','Fox','Ford','Pearce','Day','Brooks','West','Lawrence',
 'Cole','Atkinson','Bradley','Spencer','Gill','Dawson','Ball','Burton','O''Brien','Watts','Rose','Booth','Perry','Ryan',
 'Grant','Wells','Armstrong','Francis','Rees','Hayes','Hart','Hudson','Newman','Barrett','Webster','Hunter','Gregory','Carr',
 'Lowe','Page','Marsh','Riley','Dunn','Woods','Parsons','Kowalski','Nowak','Okafor','Mensah','McCarthy','Doherty']) WITH ORDINALITY AS t(n, i);

-- ---------------------------------------------------------------------
-- venues and clubs
-- ---------------------------------------------------------------------
CREATE TEMP TABLE g_town (town text PRIMARY KEY, district text, pc text);
INSERT INTO g_town VALUES
 ('Ashby Green','North','WM2'),('Bramford','East','WM8'),('Calder Bridge','West','WM14'),('Dunmore','South','WM11'),
 ('Eastwick','East','WM7'),('Fellside','North','WM3'),('Gorton Vale','West','WM15'),('Hartley','Central','WM5'),
 ('Ingleby','North','WM4'),('Kettlewell','South','WM12'),('Langford','West','WM16'),('Millbrook','Central','WM6'),
 ('Northgate','North','WM1'),('Oakhurst','South','WM10'),('Penwick','East','WM9'),('Queensbury','Central','WM19'),
 ('Redmere','West','WM17'),('Stanmoor','Central','WM20'),('Thornby','South','WM13'),('Upton Marsh','East','WM18'),
 ('Valley Park','West','WM21'),('Westmoor','Central','WM22'),('Yarrow Vale','North','WM23'),('Sandford','South','WM24'),
 ('Heathfield','East','WM25'),('Kingsmead','Central','WM26'),('Greystones','West','WM27'),('Castle Hill','Central','WM28');

-- club-owned grounds + public / school / county venues
CREATE TEMP TABLE g_venue (vname text, town text, surface text, floodlit bool, capacity int, owner text);
INSERT INTO g_venue VALUES
 ('Station Road','Ashby Green','GR',true,1200,'CLUB'),
 ('The Meadow','Bramford','GR',true,900,'CLUB'),
 ('Bridge Lane','Calder Bridge','GR',false,NULL,'CLUB'),
 ('Rovers Park','Dunmore','3G',true,800,'CLUB'),
 ('Coronation Ground','Eastwick','GR',false,NULL,'CLUB'),
 ('Albion Park','Fellside','GR',true,650,'CLUB'),
 ('Vale Recreation Ground','Gorton Vale','GR',false,NULL,'CLUB'),
 ('Mill Street','Hartley','GR',true,2000,'CLUB'),
 ('Ingleby Sports Ground','Ingleby','GR',false,NULL,'CLUB'),
 ('Church Lane','Kettlewell','GR',true,700,'CLUB'),
 ('Rangers Field','Langford','GR',false,NULL,'CLUB'),
 ('Brook Road','Millbrook','3G',true,1000,'CLUB'),
 ('Old Boys Field','Northgate','GR',false,NULL,'CLUB'),
 ('The Oaks','Oakhurst','HY',true,1500,'CLUB'),
 ('Villa Park Road','Penwick','GR',false,NULL,'CLUB'),
 ('Queensbury Rec','Queensbury','GR',true,500,'CLUB'),
 ('Lakeside','Redmere','GR',true,900,'CLUB'),
 ('Moor Lane','Stanmoor','3G',true,1800,'CLUB'),
 ('Thornby Park','Thornby','GR',false,NULL,'CLUB'),
 ('Marsh Road','Upton Marsh','GR',false,NULL,'CLUB'),
 ('Valley Park Stadium','Valley Park','GR',true,1100,'CLUB'),
 ('Wanderers Ground','Westmoor','GR',true,1600,'CLUB'),
 ('Yarrow Playing Fields','Yarrow Vale','GR',false,NULL,'CLUB'),
 ('Celtic Park','Ashby Green','GR',false,NULL,'CLUB'),
 ('Bramford Sports Centre','Bramford','3G',true,300,'CLUB'),
 ('Town Ground','Calder Bridge','GR',true,700,'CLUB'),
 ('Albion Road','Dunmore','GR',false,NULL,'CLUB'),
 ('Eastwick Town Ground','Eastwick','GR',true,1300,'CLUB'),
 ('Fell View','Fellside','GR',false,NULL,'CLUB'),
 ('Corinthian Field','Hartley','GR',false,NULL,'CLUB'),
 ('School Lane','Kettlewell','GR',false,NULL,'CLUB'),
 ('Langford Town Ground','Langford','GR',true,800,'CLUB'),
 ('Rovers Lane','Millbrook','GR',false,NULL,'CLUB'),
 ('Northgate Park','Northgate','GR',true,600,'CLUB'),
 ('Villa Fields','Oakhurst','GR',false,NULL,'CLUB'),
 ('Penwick Recreation Ground','Penwick','GR',true,900,'CLUB'),
 ('Redmere Playing Fields','Redmere','GR',false,NULL,'CLUB'),
 ('Heath Road','Stanmoor','GR',false,NULL,'CLUB'),
 ('Thornby Town Ground','Thornby','GR',true,750,'CLUB'),
 ('Marsh Lane','Upton Marsh','GR',false,NULL,'CLUB'),
 ('Westmoor Stadium','Westmoor','3G',true,2500,'CLUB'),
 ('St Aldhelm''s Field','Westmoor','GR',false,NULL,'CLUB'),
 ('Holy Cross School','Hartley','GR',false,NULL,'SCHOOL'),
 ('Institute Ground','Stanmoor','GR',false,NULL,'CLUB'),
 ('Priory Park','Oakhurst','GR',false,NULL,'COUNCIL'),
 ('Welfare Ground','Sandford','GR',true,1000,'CLUB'),
 ('Brookside Rec','Millbrook','GR',false,NULL,'COUNCIL'),
 ('Castle Hill Ground','Castle Hill','GR',true,850,'CLUB'),
 ('Mill Lane Field','Hartley','GR',false,NULL,'CLUB'),
 ('Heathfield Road','Heathfield','GR',false,NULL,'CLUB'),
 ('Kingsmead Park','Kingsmead','GR',true,600,'CLUB'),
 ('Greystones Lane','Greystones','GR',false,NULL,'CLUB'),
 ('King George V Playing Fields (Pitch 1)','Hartley','GR',false,NULL,'COUNCIL'),
 ('King George V Playing Fields (Pitch 2)','Hartley','GR',false,NULL,'COUNCIL'),
 ('Memorial Park (Pitch 1)','Westmoor','GR',false,NULL,'COUNCIL'),
 ('Memorial Park (Pitch 2)','Westmoor','GR',false,NULL,'COUNCIL'),
 ('Riverside Playing Fields','Redmere','GR',false,NULL,'COUNCIL'),
 ('Victoria Park','Stanmoor','GR',false,NULL,'COUNCIL'),
 ('Jubilee Fields (Pitch 1)','Millbrook','GR',false,NULL,'COUNCIL'),
 ('Jubilee Fields (Pitch 2)','Millbrook','GR',false,NULL,'COUNCIL'),
 ('Coronation Recreation Ground','Penwick','GR',false,NULL,'COUNCIL'),
 ('Eastwick Common','Eastwick','GR',false,NULL,'COUNCIL'),
 ('Dunmore Leisure Centre 3G','Dunmore','3G',true,NULL,'COUNCIL'),
 ('Westmoor Sports Hub 3G','Westmoor','3G',true,250,'COUNCIL'),
 ('Hartley Leisure Centre 3G','Hartley','3G',true,NULL,'COUNCIL'),
 ('Fellside Recreation Ground','Fellside','GR',false,NULL,'COUNCIL'),
 ('Oakhurst Academy','Oakhurst','3G',true,NULL,'SCHOOL'),
 ('Thornby Meadows','Thornby','GR',false,NULL,'COUNCIL'),
 ('Langford Park','Langford','GR',false,NULL,'COUNCIL'),
 ('Greystones Common','Greystones','GR',false,NULL,'COUNCIL'),
 ('Sandford Recreation Ground','Sandford','GR',false,NULL,'COUNCIL'),
 ('County Ground','Westmoor','GR',true,3500,'COUNTY');

INSERT INTO core.venue (venue_name, town, postcode, surface, floodlit, capacity, owner_type)
SELECT v.vname, v.town,
       t.pc || ' ' || (1 + pg_temp.h('pc'||v.vname) % 9)::text
            || chr(65 + (pg_temp.h('pc1'||v.vname) % 26)::int) || chr(65 + (pg_temp.h('pc2'||v.vname) % 26)::int),
       v.surface, v.floodlit, v.capacity, v.owner
FROM g_venue v JOIN g_town t USING (town)
ORDER BY v.ctid;

-- clubs: (name, short, town, founded, venue, affiliation year, kind)
CREATE TEMP TABLE g_club (club_id int PRIMARY KEY, cname text, short text, town text, founded int, vname text, aff_year int, kind text);
INSERT INTO g_club VALUES
 (1,'Ashby Green Town FC','Ashby Green','Ashby Green',1889,'Station Road',1950,'SAT'),
 (2,'Bramford United','Bramford Utd','Bramford',1902,'The Meadow',1950,'SAT'),
 (3,'Calder Bridge Athletic','Calder Ath','Calder Bridge',1921,'Bridge Lane',1962,'SAT'),
 (4,'Dunmore Rovers','Dunmore','Dunmore',1895,'Rovers Park',1950,'SAT'),
 (5,'Eastwick Wanderers','Eastwick W','Eastwick',1910,'Coronation Ground',1955,'SAT'),
 (6,'Fellside Albion','Fellside','Fellside',1946,'Albion Park',1958,'SAT'),
 (7,'Gorton Vale FC','Gorton Vale','Gorton Vale',1973,'Vale Recreation Ground',1974,'SAT'),
 (8,'Hartley Town','Hartley','Hartley',1884,'Mill Street',1950,'SAT'),
 (9,'Ingleby Athletic','Ingleby','Ingleby',1931,'Ingleby Sports Ground',1966,'SAT'),
 (10,'Kettlewell United','Kettlewell','Kettlewell',1907,'Church Lane',1950,'SAT'),
 (11,'Langford Rangers','Langford R','Langford',1952,'Rangers Field',1960,'SAT'),
 (12,'Millbrook FC','Millbrook','Millbrook',1899,'Brook Road',1950,'SAT'),
 (13,'Northgate Old Boys','Northgate OB','Northgate',1924,'Old Boys Field',1971,'SAT'),
 (14,'Oakhurst Town','Oakhurst','Oakhurst',1888,'The Oaks',1950,'SAT'),
 (15,'Penwick Villa','Penwick V','Penwick',1965,'Villa Park Road',1967,'SAT'),
 (16,'Queensbury Athletic','Queensbury','Queensbury',1920,'Queensbury Rec',1963,'SAT'),
 (17,'Redmere United','Redmere Utd','Redmere',1897,'Lakeside',1950,'SAT'),
 (18,'Stanmoor Town','Stanmoor','Stanmoor',1892,'Moor Lane',1950,'SAT'),
 (19,'Thornby Rovers','Thornby R','Thornby',1936,'Thornby Park',1970,'SAT'),
 (20,'Upton Marsh FC','Upton Marsh','Upton Marsh',1978,'Marsh Road',1979,'SAT'),
 (21,'Valley Park Rangers','Valley Park','Valley Park',1949,'Valley Park Stadium',1952,'SAT'),
 (22,'Westmoor Wanderers','Westmoor W','Westmoor',1886,'Wanderers Ground',1950,'SAT'),
 (23,'Yarrow Vale FC','Yarrow Vale','Yarrow Vale',1969,'Yarrow Playing Fields',1972,'SAT'),
 (24,'Ashby Green Celtic','AG Celtic','Ashby Green',1983,'Celtic Park',1984,'SAT'),
 (25,'Bramford Sports','Bramford Spts','Bramford',1990,'Bramford Sports Centre',1991,'SAT'),
 (26,'Calder Bridge Town','Calder Town','Calder Bridge',1904,'Town Ground',1950,'SAT'),
 (27,'Dunmore Albion','Dunmore Alb','Dunmore',1958,'Albion Road',1961,'SAT'),
 (28,'Eastwick Town','Eastwick','Eastwick',1891,'Eastwick Town Ground',1950,'SAT'),
 (29,'Fellside Rangers','Fellside R','Fellside',1975,'Fell View',1976,'SAT'),
 (30,'Hartley Corinthians','Hartley Cor','Hartley',1947,'Corinthian Field',1953,'SAT'),
 (31,'Kettlewell Old Boys','Kettlewell OB','Kettlewell',1929,'School Lane',1969,'SAT'),
 (32,'Langford Town','Langford','Langford',1898,'Langford Town Ground',1950,'SAT'),
 (33,'Millbrook Rovers','Millbrook R','Millbrook',1971,'Rovers Lane',1973,'SAT'),
 (34,'Northgate Athletic','Northgate Ath','Northgate',1911,'Northgate Park',1950,'SAT'),
 (35,'Oakhurst Villa','Oakhurst V','Oakhurst',1986,'Villa Fields',1987,'SAT'),
 (36,'Penwick Town','Penwick','Penwick',1890,'Penwick Recreation Ground',1950,'SAT'),
 (37,'Redmere Athletic','Redmere Ath','Redmere',1933,'Redmere Playing Fields',1968,'SAT'),
 (38,'Stanmoor Rovers','Stanmoor R','Stanmoor',1968,'Heath Road',1970,'SAT'),
 (39,'Thornby Town','Thornby','Thornby',1905,'Thornby Town Ground',1950,'SAT'),
 (40,'Upton Marsh Wanderers','Upton Marsh W','Upton Marsh',1994,'Marsh Lane',1995,'SAT'),
 (41,'Westmoor Town','Westmoor','Westmoor',1919,'Westmoor Stadium',1950,'SAT'),
 (42,'St Aldhelm''s FC','St Aldhelm''s','Westmoor',1937,'St Aldhelm''s Field',1965,'SAT'),
 (43,'Holy Cross Old Boys','Holy Cross OB','Hartley',1956,'Holy Cross School',1977,'SAT'),
 (44,'Railway Institute FC','Railway Inst','Stanmoor',1908,'Institute Ground',1950,'SAT'),
 (45,'Priory Park FC','Priory Park','Oakhurst',1977,'Priory Park',1980,'SAT'),
 (46,'Sandford Colliery Welfare','Sandford CW','Sandford',1912,'Welfare Ground',1950,'SAT'),
 (47,'Brookside Athletic','Brookside','Millbrook',1981,'Brookside Rec',1982,'SAT'),
 (48,'Castle Hill United','Castle Hill','Castle Hill',1926,'Castle Hill Ground',1959,'SAT'),
 (49,'Mill Lane FC','Mill Lane','Hartley',1999,'Mill Lane Field',2000,'SAT'),
 (50,'Heathfield Albion','Heathfield','Heathfield',1938,'Heathfield Road',1964,'SAT'),
 (51,'Kingsmead FC','Kingsmead','Kingsmead',1963,'Kingsmead Park',1966,'SAT'),
 (52,'Greystones United','Greystones','Greystones',1957,'Greystones Lane',1960,'SAT'),
 (53,'Westmoor Polish FC','Westmoor Polish','Westmoor',2015,'Westmoor Sports Hub 3G',2020,'SAT'),
 (54,'AFC Redmere','AFC Redmere','Redmere',2019,'Riverside Playing Fields',2021,'SAT'),
 (55,'Fellside Phoenix','Fellside Phx','Fellside',2021,'Fellside Recreation Ground',2022,'SAT'),
 (56,'Sandford Town','Sandford Town','Sandford',2022,'Sandford Recreation Ground',2023,'SAT'),
 (57,'Red Lion FC','Red Lion','Hartley',1979,'King George V Playing Fields (Pitch 1)',1979,'SUN'),
 (58,'Kings Arms FC','Kings Arms','Westmoor',1985,'Memorial Park (Pitch 1)',1985,'SUN'),
 (59,'Black Horse FC','Black Horse','Redmere',1991,'Riverside Playing Fields',1991,'SUN'),
 (60,'Royal Oak FC','Royal Oak','Stanmoor',1976,'Victoria Park',1976,'SUN'),
 (61,'White Hart FC','White Hart','Millbrook',1988,'Jubilee Fields (Pitch 1)',1988,'SUN'),
 (62,'Plough Inn FC','Plough','Penwick',1995,'Coronation Recreation Ground',1995,'SUN'),
 (63,'Crown & Anchor FC','Crown & Anchor','Eastwick',2001,'Eastwick Common',2001,'SUN'),
 (64,'Rose & Crown FC','Rose & Crown','Dunmore',1998,'Dunmore Leisure Centre 3G',1998,'SUN'),
 (65,'Three Horseshoes FC','Three Horseshoes','Fellside',1983,'Fellside Recreation Ground',1983,'SUN'),
 (66,'Swan FC','Swan','Thornby',2004,'Thornby Meadows',2004,'SUN'),
 (67,'Bell Inn FC','Bell Inn','Langford',1990,'Langford Park',1990,'SUN'),
 (68,'Queens Head FC','Queens Head','Hartley',2007,'King George V Playing Fields (Pitch 2)',2007,'SUN'),
 (69,'Wheatsheaf FC','Wheatsheaf','Westmoor',1994,'Memorial Park (Pitch 2)',1994,'SUN'),
 (70,'Fox & Hounds FC','Fox & Hounds','Greystones',2010,'Greystones Common',2010,'SUN'),
 (71,'Nags Head FC','Nags Head','Millbrook',1987,'Jubilee Fields (Pitch 2)',1987,'SUN'),
 (72,'Railway Tavern FC','Railway Tavern','Stanmoor',2012,'Victoria Park',2012,'SUN'),
 (73,'Coach & Horses FC','Coach & Horses','Hartley',2009,'Hartley Leisure Centre 3G',2009,'SUN'),
 (74,'George & Dragon FC','George & Dragon','Redmere',1999,'Riverside Playing Fields',1999,'SUN'),
 (75,'Green Man FC','Green Man','Fellside',2014,'Fellside Recreation Ground',2014,'SUN'),
 (76,'Hope & Anchor FC','Hope & Anchor','Penwick',2003,'Coronation Recreation Ground',2003,'SUN'),
 (77,'Old Bell FC','Old Bell','Thornby',2011,'Thornby Meadows',2011,'SUN'),
 (78,'Prince of Wales FC','Prince of Wales','Westmoor',2016,'Westmoor Sports Hub 3G',2016,'SUN'),
 (79,'Victoria FC','Victoria','Westmoor',1993,'Memorial Park (Pitch 1)',1993,'SUN'),
 (80,'Duke of York FC','Duke of York','Eastwick',2008,'Eastwick Common',2008,'SUN'),
 (81,'Star Inn FC','Star Inn','Langford',2013,'Langford Park',2013,'SUN'),
 (82,'Travellers Rest FC','Travellers','Oakhurst',2017,'Oakhurst Academy',2017,'SUN'),
 (83,'Fleece FC','Fleece','Greystones',2006,'Greystones Common',2006,'SUN'),
 (84,'Bridge Inn FC','Bridge Inn','Dunmore',2018,'Dunmore Leisure Centre 3G',2018,'SUN'),
 (85,'Sportsman FC','Sportsman','Hartley',2020,'King George V Playing Fields (Pitch 2)',2020,'SUN'),
 (86,'Eagle FC','Eagle','Millbrook',2021,'Jubilee Fields (Pitch 1)',2021,'SUN'),
 (87,'Cricketers FC','Cricketers','Stanmoor',2022,'Victoria Park',2022,'SUN'),
 (88,'Woolpack FC','Woolpack','Westmoor',2023,'Memorial Park (Pitch 2)',2023,'SUN'),
 (89,'Westmoor Ladies FC','Westmoor Ladies','Westmoor',1996,'Westmoor Sports Hub 3G',1996,'WOM'),
 (90,'Valley Park Belles','VP Belles','Valley Park',2009,'Valley Park Stadium',2009,'WOM'),
 (91,'Eastwick Lionesses','Lionesses','Eastwick',2018,'Eastwick Common',2018,'WOM'),
 (92,'Bramford Girls & Ladies FC','Bramford G&L','Bramford',2012,'Bramford Sports Centre',2012,'WOM');

INSERT INTO core.club (club_id, aff_no, club_name, short_name, district, founded, home_venue_id, affiliated_on,
                       status, folded_on, secretary, sec_email, sec_phone)
SELECT c.club_id,
       'WM' || lpad((1000 + (c.club_id * 337) % 9000)::text, 5, '0'),
       c.cname, c.short, t.district,
       CASE WHEN pg_temp.u('fy'||c.club_id) < 0.08 THEN NULL ELSE c.founded END,
       v.venue_id,
       make_date(c.aff_year, 6 + (pg_temp.h('am'||c.club_id) % 3)::int, 1 + (pg_temp.h('ad'||c.club_id) % 28)::int),
       'A', NULL,
       fn.n || ' ' || ln.n,
       CASE WHEN pg_temp.u('se'||c.club_id) < 0.85
            THEN lower(regexp_replace(c.short, '[^A-Za-z]', '', 'g')) || '.secretary@' ||
                 (ARRAY['gmail.com','outlook.com','btinternet.com','yahoo.co.uk'])[1 + (pg_temp.h('sd'||c.club_id) % 4)::int] END,
       CASE WHEN pg_temp.u('sp'||c.club_id) < 0.9
            THEN '07' || lpad((pg_temp.h('sph'||c.club_id) % 1000000000)::text, 9, '0') END
FROM g_club c
JOIN g_town t USING (town)
JOIN core.venue v ON v.venue_name = c.vname
JOIN g_fn_m fn ON fn.i = 1 + pg_temp.h('sfn'||c.club_id) % 85
JOIN g_ln ln ON ln.i = 1 + pg_temp.h('sln'||c.club_id) % 161
ORDER BY c.club_id;
SELECT setval('core.club_club_id_seq', 92);

-- ---------------------------------------------------------------------
-- referees
-- ---------------------------------------------------------------------
INSERT INTO core.referee (ref_no, first_name, last_name, gender, dob, ref_level, qualified_on, retired_on, district, email, mobile)
SELECT 'WR' || lpad((10000 + i * 173 % 90000)::text, 5, '0'),
       CASE WHEN g = 'F' THEN (SELECT n FROM g_fn_f WHERE g_fn_f.i = 1 + pg_temp.h('rfn'||x.i) % 60)
            ELSE (SELECT n FROM g_fn_m WHERE g_fn_m.i = 1 + pg_temp.h('rfn'||x.i) % 85) END,
       (SELECT n FROM g_ln WHERE g_ln.i = 1 + pg_temp.h('rln'||x.i) % 161),
       g, dob, lvl,
       q_on,
       CASE WHEN pg_temp.u('rret'||i) < 0.13
            THEN greatest(q_on + 400, date '2019-10-01' + (pg_temp.h('rrd'||i) % 1500)::int) END,
       (ARRAY['North','South','East','West','Central'])[1 + (pg_temp.h('rdi'||i) % 5)::int],
       CASE WHEN pg_temp.u('rem'||i) < 0.93 THEN 'ref' || (10000 + i * 173 % 90000) || '@wdaff-referees.org.uk' END,
       '07' || lpad((pg_temp.h('rmo'||i) % 1000000000)::text, 9, '0')
FROM (
  SELECT i,
         CASE WHEN pg_temp.u('rg'||i) < 0.11 THEN 'F' ELSE 'M' END AS g,
         CASE WHEN pg_temp.u('rl'||i) < 0.10 THEN 4 WHEN pg_temp.u('rl'||i) < 0.28 THEN 5
              WHEN pg_temp.u('rl'||i) < 0.62 THEN 6 ELSE 7 END AS lvl,
         date '1956-01-01' + (pg_temp.h('rdob'||i) % 17500)::int AS dob,
         CASE WHEN i <= 118 THEN date '2003-08-01' + (pg_temp.h('rq'||i) % 5800)::int
              ELSE date '2019-08-01' + (pg_temp.h('rq'||i) % 1500)::int END AS q_raw
  FROM generate_series(1, 142) i
) x,
LATERAL (SELECT greatest(x.q_raw, (x.dob + interval '15 years')::date + (pg_temp.h('rq2'||x.i) % 700)::int) AS q_on) x1
ORDER BY i;
-- retired_on must not be in the future
UPDATE core.referee SET retired_on = NULL WHERE retired_on > date '2024-03-17';
-- newly qualified referees start at level 7
UPDATE core.referee SET ref_level = 7 WHERE qualified_on >= date '2020-01-01' AND ref_level < 6;

-- ---------------------------------------------------------------------
-- team "lineages": the same team across seasons (generator only)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE g_lin (
  lin_id serial PRIMARY KEY, club_id int, comp text, team_name text, is_res bool,
  base float8, first_season int, last_season int, venue_id int, target int);

INSERT INTO g_lin (club_id, comp, team_name, is_res, base, first_season, venue_id, target)
SELECT club_id, 'SAT', c.club_name, false,
       CASE WHEN club_id > 52 THEN -0.6 ELSE 0 END +
       1.7 * (pg_temp.u('b1'||club_id) + pg_temp.u('b2'||club_id) + pg_temp.u('b3'||club_id) + pg_temp.u('b4'||club_id) - 2),
       CASE club_id WHEN 53 THEN 2 WHEN 54 THEN 3 WHEN 55 THEN 4 WHEN 56 THEN 5 ELSE 1 END,
       c.home_venue_id, 22
FROM core.club c WHERE club_id <= 56 ORDER BY club_id;

INSERT INTO g_lin (club_id, comp, team_name, is_res, base, first_season, venue_id, target)
SELECT club_id, 'SAT', regexp_replace(c.club_name, ' FC$', '') || ' Reserves', true,
       -1.3 + 1.2 * (pg_temp.u('rb1'||club_id) + pg_temp.u('rb2'||club_id) + pg_temp.u('rb3'||club_id) - 1.5),
       1, c.home_venue_id, 20
FROM core.club c WHERE club_id IN (1,2,4,8,10,12,14,17,18,21,22,28,36,41) ORDER BY club_id;

INSERT INTO g_lin (club_id, comp, team_name, is_res, base, first_season, venue_id, target)
SELECT club_id, 'SUN',
       CASE WHEN club_id <= 56 THEN regexp_replace(c.club_name, ' FC$', '') || ' Sunday' ELSE c.club_name END, false,
       CASE WHEN club_id BETWEEN 85 AND 88 THEN -0.5 ELSE 0 END +
       1.7 * (pg_temp.u('sb1'||club_id) + pg_temp.u('sb2'||club_id) + pg_temp.u('sb3'||club_id) + pg_temp.u('sb4'||club_id) - 2),
       CASE club_id WHEN 85 THEN 2 WHEN 86 THEN 3 WHEN 87 THEN 4 WHEN 88 THEN 5 ELSE 1 END,
       c.home_venue_id, 20
FROM core.club c WHERE club_id BETWEEN 57 AND 88 OR club_id IN (5,13,19,30,44,47) ORDER BY club_id;

INSERT INTO g_lin (club_id, comp, team_name, is_res, base, first_season, venue_id, target)
SELECT club_id, 'WOM',
       CASE WHEN club_id <= 56 THEN regexp_replace(c.club_name, ' FC$', '') ||
                 CASE WHEN club_id % 2 = 0 THEN ' Women' ELSE ' Ladies' END
            ELSE c.club_name END, false,
       1.7 * (pg_temp.u('wb1'||club_id) + pg_temp.u('wb2'||club_id) + pg_temp.u('wb3'||club_id) + pg_temp.u('wb4'||club_id) - 2),
       1, c.home_venue_id, 18
FROM core.club c WHERE club_id IN (1,4,8,12,14,17,18,21,22,25,28,36,41,46,89,90,91,92) ORDER BY club_id;

INSERT INTO g_lin (club_id, comp, team_name, is_res, base, first_season, venue_id, target)
SELECT club_id, 'VET', regexp_replace(c.club_name, ' FC$', '') || ' Vets', false,
       1.7 * (pg_temp.u('vb1'||club_id) + pg_temp.u('vb2'||club_id) + pg_temp.u('vb3'||club_id) + pg_temp.u('vb4'||club_id) - 2),
       1, c.home_venue_id, 19
FROM core.club c WHERE club_id IN (2,8,10,13,22,26,31,34,43,51) ORDER BY club_id;

-- season form of each team
CREATE TEMP TABLE g_rating AS
SELECT l.lin_id, s.season_id, l.base + 0.7 * (pg_temp.u('drift'||l.lin_id||'/'||s.season_id) - 0.5) AS r
FROM g_lin l CROSS JOIN comp.season s;
CREATE UNIQUE INDEX ON g_rating (lin_id, season_id);

-- division sizes
CREATE TEMP TABLE g_div (div_id int PRIMARY KEY, comp text, tier int, size int, lo int, hi int);
INSERT INTO g_div VALUES
 (1,'SAT',1,14,1,14),(2,'SAT',2,14,15,28),(3,'SAT',3,14,29,42),(4,'SAT',4,12,43,54),(5,'SAT',5,12,55,66),
 (6,'SUN',1,12,1,12),(7,'SUN',2,12,13,24),(8,'SUN',3,10,25,34),
 (9,'WOM',1,10,1,10),(10,'WOM',2,8,11,18),
 (11,'VET',1,10,1,10);

-- season calendar
CREATE TEMP TABLE g_cal (season_id int PRIMARY KEY, sat1 date, sat_end date);
INSERT INTO g_cal VALUES
 (1,'2019-08-17','2020-04-25'),(2,'2020-09-19','2021-05-29'),(3,'2021-08-14','2022-04-30'),
 (4,'2022-08-13','2023-04-29'),(5,'2023-08-12','2024-04-27');
CREATE TEMP TABLE g_cupdate (season_id int, round_no int, d date, PRIMARY KEY (season_id, round_no));
INSERT INTO g_cupdate VALUES
 (1,1,'2019-10-12'),(1,2,'2019-11-16'),(1,3,'2020-02-01'),(1,4,'2020-03-21'),
 (2,1,'2020-10-17'),(2,2,'2020-12-12'),(2,3,'2021-02-13'),(2,4,'2021-04-10'),(2,5,'2021-05-31'),
 (3,1,'2021-10-09'),(3,2,'2021-11-13'),(3,3,'2022-02-05'),(3,4,'2022-03-26'),(3,5,'2022-05-02'),
 (4,1,'2022-10-08'),(4,2,'2022-11-12'),(4,3,'2023-02-04'),(4,4,'2023-03-25'),(4,5,'2023-05-01'),
 (5,1,'2023-10-07'),(5,2,'2023-11-11'),(5,3,'2024-02-03'),(5,4,'2024-03-23');

-- playing weeks (Saturday dates) for a competition
CREATE FUNCTION pg_temp.weeks(p_season int, p_comp text) RETURNS date[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(d + CASE WHEN p_comp IN ('SUN','WOM') THEN 1 ELSE 0 END ORDER BY d)
  FROM g_cal c,
       generate_series(c.sat1 + CASE p_comp WHEN 'SUN' THEN 14 WHEN 'WOM' THEN 7 WHEN 'VET' THEN 14 ELSE 0 END,
                       c.sat_end - CASE p_comp WHEN 'SUN' THEN 7 WHEN 'WOM' THEN 7 WHEN 'VET' THEN 14 ELSE 0 END,
                       interval '7 days') g(ts),
       LATERAL (SELECT g.ts::date AS d) x
  WHERE c.season_id = p_season
    AND NOT (extract(month FROM d) = 12 AND extract(day FROM d) >= 22)
    AND NOT (extract(month FROM d) = 1 AND extract(day FROM d) <= 1)
    AND NOT (d BETWEEN date '2020-10-31' AND date '2020-12-05')
    AND NOT (p_comp = 'SAT' AND d IN (SELECT cd.d FROM g_cupdate cd WHERE cd.season_id = p_season))
$$;

CREATE TEMP TABLE g_lt (lin_id int, season_id int, div_id int, team_id int, PRIMARY KEY (lin_id, season_id));
CREATE TEMP TABLE g_stand (lin_id int, season_id int, div_id int, pos int, n int);
CREATE TEMP TABLE g_batch (fixture_id int PRIMARY KEY);

-- ---------------------------------------------------------------------
-- fixture processing: postponements, abandonments, rearrangements,
-- walk-overs and results for the fixtures listed in g_batch
-- ---------------------------------------------------------------------
CREATE FUNCTION pg_temp.process_batch() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  f record; c record; v_found bool; v_new int; v_to date; v_ko time; v_venue int;
  c_today constant timestamp := '2024-03-18 00:00';
BEGIN
  -- void season 2019/20
  UPDATE comp.fixture x SET status = 'CAN', notes = 'Season curtailed (COVID-19) - not played'
  FROM g_batch b WHERE x.fixture_id = b.fixture_id AND x.season_id = 1 AND x.ko_at >= '2020-03-14';
  -- withdrawn teams
  UPDATE comp.fixture x SET status = 'CAN', notes = t.team_name || ' withdrew from the league'
  FROM g_batch b, comp.team t
  WHERE x.fixture_id = b.fixture_id AND x.status = 'SCH'
    AND t.team_id IN (x.home_team_id, x.away_team_id) AND t.withdrawn_on IS NOT NULL
    AND x.ko_at::date > t.withdrawn_on;

  -- postponements (weather mostly; far fewer on artificial pitches)
  UPDATE comp.fixture x
     SET status = 'PP',
         notes = CASE
           WHEN x.season_id = 3 AND extract(month FROM x.ko_at) IN (12,1) AND pg_temp.u('ppc'||x.fixture_id) < 0.35
                THEN 'COVID-19 cases in squad'
           WHEN extract(month FROM x.ko_at) IN (11,12,1,2,3) AND v.surface <> '3G' THEN
                (ARRAY['Waterlogged pitch','Waterlogged pitch','Waterlogged pitch','Frozen pitch','Frozen pitch','Snow',
                       'Waterlogged pitch','Pitch unfit (council closure)'])[1 + (pg_temp.h('ppr'||x.fixture_id) % 8)::int]
           ELSE (ARRAY['Pitch unavailable','Referee unavailable','Bereavement','Opponents'' cup replay','Frozen pitch'])
                [1 + (pg_temp.h('ppr'||x.fixture_id) % 5)::int]
         END
  FROM g_batch b, core.venue v
  WHERE x.fixture_id = b.fixture_id AND v.venue_id = x.venue_id
    AND x.status = 'SCH' AND x.orig_fixture_id IS NULL AND x.ko_at < c_today
    AND pg_temp.u('pp'||x.fixture_id) <
        CASE WHEN extract(month FROM x.ko_at) IN (12,1,2) THEN
                  CASE v.surface WHEN '3G' THEN 0.015 WHEN 'HY' THEN 0.06 ELSE 0.14 END
             WHEN extract(month FROM x.ko_at) IN (11,3) THEN
                  CASE v.surface WHEN '3G' THEN 0.01 ELSE 0.06 END
             ELSE 0.012 END
             + CASE WHEN x.season_id = 3 AND extract(month FROM x.ko_at) IN (12,1) THEN 0.04 ELSE 0 END;

  -- abandonments
  UPDATE comp.fixture x
     SET status = 'AB',
         abandoned_min = 12 + (pg_temp.h('abm'||x.fixture_id) % 76)::int,
         notes = 'Abandoned: ' || (ARRAY['waterlogged pitch','serious injury to a player','referee injured','fog',
                 'crowd disorder','mass confrontation between players','thunder and lightning'])
                 [1 + (pg_temp.h('abr'||x.fixture_id) % 7)::int]
  FROM g_batch b
  WHERE x.fixture_id = b.fixture_id AND x.status = 'SCH' AND x.orig_fixture_id IS NULL
    AND x.ko_at < c_today AND pg_temp.u('ab'||x.fixture_id) < 0.006;

  -- rearrangements / replays
  FOR f IN SELECT x.*, d.comp_code, cp.match_day, v.floodlit,
                  (SELECT min(cd.d) FROM g_cupdate cd WHERE cd.season_id = x.season_id AND cd.d > x.ko_at::date) AS next_cup
           FROM comp.fixture x JOIN g_batch b USING (fixture_id)
           JOIN comp.division d ON d.div_id = x.div_id
           JOIN comp.competition cp ON cp.comp_code = d.comp_code
           JOIN core.venue v ON v.venue_id = x.venue_id
           WHERE x.status IN ('PP','AB')
           ORDER BY x.ko_at, x.fixture_id
  LOOP
    -- recent postponements in the current season still waiting for a new date
    IF f.season_id = 5 AND f.ko_at >= '2024-02-10' AND pg_temp.u('nr'||f.fixture_id) < 0.5 THEN
      CONTINUE;
    END IF;
    v_found := false;
    v_to := (SELECT ends_on FROM comp.season WHERE season_id = f.season_id) - 35;
    FOR c IN
      SELECT cand::date AS d
      FROM generate_series(f.ko_at::date + 1, v_to, interval '1 day') cand
      WHERE CASE
              WHEN f.match_day = 'SUN' THEN extract(isodow FROM cand) = 7
              WHEN f.comp_code = 'SCC' THEN extract(isodow FROM cand) IN (2,3)
                                            AND (f.next_cup IS NULL OR cand::date < f.next_cup)
              ELSE extract(isodow FROM cand) IN (2,3)
                   AND (f.floodlit OR extract(month FROM cand) IN (4,5,8,9))
            END
        AND NOT (cand::date BETWEEN date '2020-10-31' AND date '2020-12-05')
        AND cand::date > f.ko_at::date + 2
      ORDER BY cand
    LOOP
      IF NOT EXISTS (SELECT 1 FROM comp.fixture y
                     WHERE y.ko_at >= c.d AND y.ko_at < c.d + 1
                       AND (y.home_team_id IN (f.home_team_id, f.away_team_id)
                            OR y.away_team_id IN (f.home_team_id, f.away_team_id))) THEN
        v_found := true; EXIT;
      END IF;
    END LOOP;
    CONTINUE WHEN NOT v_found;
    v_venue := f.venue_id;
    IF f.match_day = 'SUN' THEN
      v_ko := f.ko_at::time;
    ELSIF f.floodlit THEN
      v_ko := CASE WHEN f.comp_code = 'SCC' THEN time '19:45' ELSE time '19:30' END;
    ELSIF f.comp_code = 'SCC' AND extract(month FROM c.d) NOT IN (4,5,8,9) THEN
      v_ko := time '19:45';
      v_venue := (SELECT venue_id FROM core.venue WHERE venue_name = 'Westmoor Sports Hub 3G');
    ELSE
      v_ko := time '18:30';
    END IF;
    INSERT INTO comp.fixture (season_id, div_id, round_no, home_team_id, away_team_id, venue_id, ko_at, status,
                              orig_fixture_id, notes)
    VALUES (f.season_id, f.div_id, f.round_no, f.home_team_id, f.away_team_id, v_venue, c.d + v_ko, 'SCH',
            f.fixture_id, CASE WHEN f.status = 'AB' THEN 'Replay of abandoned fixture' ELSE 'Rearranged fixture' END)
    RETURNING fixture_id INTO v_new;
    INSERT INTO g_batch VALUES (v_new);
  END LOOP;

  -- void / withdrawn again for the new rows
  UPDATE comp.fixture x SET status = 'CAN', notes = 'Season curtailed (COVID-19) - not played'
  FROM g_batch b WHERE x.fixture_id = b.fixture_id AND x.season_id = 1 AND x.ko_at >= '2020-03-14' AND x.status = 'SCH';
  UPDATE comp.fixture x SET status = 'CAN', notes = t.team_name || ' withdrew from the league'
  FROM g_batch b, comp.team t
  WHERE x.fixture_id = b.fixture_id AND x.status = 'SCH'
    AND t.team_id IN (x.home_team_id, x.away_team_id) AND t.withdrawn_on IS NOT NULL
    AND x.ko_at::date > t.withdrawn_on;

  -- walk-overs
  UPDATE comp.fixture x
     SET status = 'AWD',
         home_goals = CASE WHEN pg_temp.u('wos'||x.fixture_id) < 0.72 THEN 3 ELSE 0 END,
         away_goals = CASE WHEN pg_temp.u('wos'||x.fixture_id) < 0.72 THEN 0 ELSE 3 END,
         notes = CASE WHEN pg_temp.u('wos'||x.fixture_id) < 0.72 THEN ta.team_name ELSE th.team_name END
                 || ' failed to fulfil the fixture - awarded 3-0'
  FROM g_batch b, comp.team th, comp.team ta, comp.division d
  WHERE x.fixture_id = b.fixture_id AND th.team_id = x.home_team_id AND ta.team_id = x.away_team_id
    AND d.div_id = x.div_id
    AND x.status = 'SCH' AND x.ko_at < c_today
    AND pg_temp.u('wo'||x.fixture_id) < CASE d.comp_code WHEN 'SUN' THEN 0.018 WHEN 'SCC' THEN 0.004 WHEN 'VET' THEN 0.012 ELSE 0.008 END;

  -- results (and score at abandonment)
  UPDATE comp.fixture x
     SET home_goals = pg_temp.pois(exp(0.52 + 0.42 * (rh.r - ra.r)) * coalesce(x.abandoned_min, 90) / 90.0, pg_temp.u('hg'||x.fixture_id)),
         away_goals = pg_temp.pois(exp(0.28 + 0.42 * (ra.r - rh.r)) * coalesce(x.abandoned_min, 90) / 90.0, pg_temp.u('ag'||x.fixture_id)),
         status = CASE WHEN x.status = 'AB' THEN 'AB' ELSE 'PLD' END
  FROM g_batch b, g_lt lh, g_lt la, g_rating rh, g_rating ra
  WHERE x.fixture_id = b.fixture_id AND x.ko_at < c_today
    AND (x.status = 'AB' OR x.status = 'SCH')
    AND lh.team_id = x.home_team_id AND la.team_id = x.away_team_id
    AND rh.lin_id = lh.lin_id AND rh.season_id = x.season_id
    AND ra.lin_id = la.lin_id AND ra.season_id = x.season_id;

  -- cup ties level after 90 minutes: penalties
  UPDATE comp.fixture x
     SET home_pens = CASE WHEN pg_temp.u('pw'||x.fixture_id) < 0.5 THEN p.w ELSE p.l END,
         away_pens = CASE WHEN pg_temp.u('pw'||x.fixture_id) < 0.5 THEN p.l ELSE p.w END
  FROM (SELECT b.fixture_id,
               (ARRAY[4,5,3,5,4,6,7,5])[1 + (pg_temp.h('pk'||b.fixture_id) % 8)::int] AS w,
               (ARRAY[3,4,2,3,2,5,6,4])[1 + (pg_temp.h('pk'||b.fixture_id) % 8)::int] AS l
        FROM g_batch b) p
  WHERE x.fixture_id = p.fixture_id AND x.div_id = 12 AND x.status = 'PLD' AND x.home_goals = x.away_goals;

  -- attendance: compulsory in the Premier Division and the cup, occasional elsewhere
  UPDATE comp.fixture x
     SET attendance = greatest(8, round(
           (CASE WHEN x.div_id = 12 AND x.round_no = 5 THEN 420 + 90 * (pg_temp.u('att0'||x.fixture_id) * 4)
                 WHEN x.div_id = 12 THEN 55 + 30 * x.round_no + 160 * pg_temp.u('attc'||x.home_team_id)
                 WHEN x.div_id = 1 THEN 45 + 190 * pg_temp.u('attc'||x.home_team_id)
                 WHEN x.div_id = 2 THEN 25 + 90 * pg_temp.u('attc'||x.home_team_id)
                 WHEN x.div_id = 9 THEN 20 + 70 * pg_temp.u('attc'||x.home_team_id)
                 ELSE 10 + 40 * pg_temp.u('attc'||x.home_team_id) END)
           * (0.7 + 0.6 * pg_temp.u('att'||x.fixture_id))
           * CASE WHEN extract(isodow FROM x.ko_at) IN (2,3) THEN 0.75 ELSE 1 END)::int)
  FROM g_batch b
  WHERE x.fixture_id = b.fixture_id AND x.status IN ('PLD','AB')
    AND pg_temp.u('attr'||x.fixture_id) <
        CASE x.div_id WHEN 12 THEN 1.0 WHEN 1 THEN 0.93 WHEN 2 THEN 0.35 WHEN 9 THEN 0.3 ELSE 0.04 END;

  TRUNCATE g_batch;
END $$;

-- ---------------------------------------------------------------------
-- season by season: divisions (promotion / relegation), fixtures, results, cup
-- ---------------------------------------------------------------------
DO $$
DECLARE
  s record; dv record; r int; v_w date[]; v_n int; v_rounds int; v_entrants int[]; v_winners int[];
  v_cd date; v_ko time; v_fold int; v_tie record; v_fin record; v_ok bool;
BEGIN
FOR s IN SELECT * FROM comp.season ORDER BY season_id LOOP

  -- 1. division membership ------------------------------------------------
  IF s.season_id = 1 THEN
    INSERT INTO g_lt (lin_id, season_id, div_id)
    SELECT x.lin_id, 1, d.div_id
    FROM (SELECT l.lin_id, l.comp, row_number() OVER (PARTITION BY l.comp ORDER BY l.base DESC, l.lin_id) rn
          FROM g_lin l WHERE l.first_season = 1) x
    JOIN g_div d ON d.comp = x.comp AND x.rn BETWEEN d.lo AND d.hi;
  ELSE
    -- one team folds in the bottom division of the Saturday and Sunday leagues every close season
    FOR v_fold IN
      SELECT DISTINCT ON (l.comp) l.lin_id
      FROM g_stand st JOIN g_lin l USING (lin_id) JOIN g_div d ON d.div_id = st.div_id
      WHERE st.season_id = s.season_id - 1 AND l.comp IN ('SAT','SUN')
        AND d.tier = (SELECT max(tier) FROM g_div d2 WHERE d2.comp = l.comp)
        AND (l.is_res OR NOT EXISTS (SELECT 1 FROM g_lin l2 WHERE l2.club_id = l.club_id AND l2.comp = l.comp
                                     AND l2.lin_id <> l.lin_id AND l2.last_season IS NULL))
      ORDER BY l.comp, st.pos DESC, l.lin_id
    LOOP
      -- a team that withdrew during the season takes precedence
      UPDATE g_lin SET last_season = s.season_id - 1 WHERE lin_id = v_fold
        AND NOT EXISTS (SELECT 1 FROM g_lin w JOIN g_lin l0 ON l0.lin_id = v_fold
                        WHERE w.comp = l0.comp AND w.last_season = s.season_id - 1);
    END LOOP;

    INSERT INTO g_lt (lin_id, season_id, div_id)
    SELECT st.lin_id, s.season_id,
           CASE WHEN ps.status = 'V' THEN st.div_id
                WHEN d.tier > 1 AND st.pos <= 2 THEN (SELECT d2.div_id FROM g_div d2 WHERE d2.comp = d.comp AND d2.tier = d.tier - 1)
                WHEN st.pos > st.n - 2 AND EXISTS (SELECT 1 FROM g_div d2 WHERE d2.comp = d.comp AND d2.tier = d.tier + 1)
                     THEN (SELECT d2.div_id FROM g_div d2 WHERE d2.comp = d.comp AND d2.tier = d.tier + 1)
                ELSE st.div_id END
    FROM g_stand st JOIN g_div d ON d.div_id = st.div_id JOIN g_lin l USING (lin_id)
    JOIN comp.season ps ON ps.season_id = st.season_id
    WHERE st.season_id = s.season_id - 1
      AND (l.last_season IS NULL OR l.last_season >= s.season_id);
    -- newcomers start in the bottom division
    INSERT INTO g_lt (lin_id, season_id, div_id)
    SELECT l.lin_id, s.season_id, (SELECT d.div_id FROM g_div d WHERE d.comp = l.comp ORDER BY d.tier DESC LIMIT 1)
    FROM g_lin l WHERE l.first_season = s.season_id;
  END IF;

  INSERT INTO comp.team (season_id, div_id, club_id, team_name, manager)
  SELECT s.season_id, lt.div_id, l.club_id, l.team_name,
         CASE WHEN l.comp = 'WOM' AND pg_temp.u('mg'||l.lin_id||'/'||(s.season_id + l.lin_id) / 3) < 0.5
              THEN (SELECT n FROM g_fn_f WHERE i = 1 + pg_temp.h('mf'||l.lin_id||'/'||(s.season_id + l.lin_id) / 3) % 60)
              ELSE (SELECT n FROM g_fn_m WHERE i = 1 + pg_temp.h('mf'||l.lin_id||'/'||(s.season_id + l.lin_id) / 3) % 85) END
         || ' ' || (SELECT n FROM g_ln WHERE i = 1 + pg_temp.h('ml'||l.lin_id||'/'||(s.season_id + l.lin_id) / 3) % 161)
  FROM g_lt lt JOIN g_lin l USING (lin_id)
  WHERE lt.season_id = s.season_id
  ORDER BY lt.div_id, l.team_name;

  UPDATE g_lt lt SET team_id = t.team_id
  FROM comp.team t, g_lin l
  WHERE lt.season_id = s.season_id AND l.lin_id = lt.lin_id
    AND t.season_id = s.season_id AND t.team_name = l.team_name;

  -- 2022/23: the weakest Sunday Division Two side withdraws in January
  IF s.season_id = 4 THEN
    UPDATE comp.team t SET withdrawn_on = date '2023-01-19'
    WHERE t.team_id = (SELECT lt.team_id FROM g_lt lt JOIN g_rating gr ON gr.lin_id = lt.lin_id AND gr.season_id = 4
                       WHERE lt.season_id = 4 AND lt.div_id = 8 ORDER BY gr.r LIMIT 1);
    UPDATE g_lin l SET last_season = 4
    FROM g_lt lt, comp.team t
    WHERE lt.lin_id = l.lin_id AND lt.season_id = 4 AND t.team_id = lt.team_id AND t.withdrawn_on IS NOT NULL;
  END IF;

  -- 2. league fixtures (double round robin, circle method) -------------------
  FOR dv IN SELECT d.div_id, d.comp FROM g_div d ORDER BY d.div_id LOOP
    v_w := pg_temp.weeks(s.season_id, dv.comp);
    SELECT count(*) INTO v_n FROM g_lt WHERE season_id = s.season_id AND div_id = dv.div_id;
    v_rounds := 2 * (v_n - 1);
    IF array_length(v_w, 1) < v_rounds THEN
      RAISE EXCEPTION 'not enough weeks for div % season %', dv.div_id, s.season_id;
    END IF;
    INSERT INTO comp.fixture (season_id, div_id, round_no, home_team_id, away_team_id, venue_id, ko_at, status)
    SELECT s.season_id, dv.div_id, rr.round_no, th.team_id, ta.team_id, lh.venue_id,
           v_w[1 + (rr.round_no - 1) * array_length(v_w, 1) / v_rounds]
           + CASE dv.comp
               WHEN 'SAT' THEN CASE WHEN extract(month FROM v_w[1 + (rr.round_no - 1) * array_length(v_w, 1) / v_rounds]) IN (11,12,1,2)
                                    THEN time '14:00' ELSE time '15:00' END
               WHEN 'VET' THEN time '10:30'
               WHEN 'SUN' THEN time '10:30'
               ELSE CASE WHEN extract(month FROM v_w[1 + (rr.round_no - 1) * array_length(v_w, 1) / v_rounds]) IN (12,1)
                         THEN time '13:00' ELSE time '14:00' END END,
           'SCH'
    FROM (
      SELECT r0 + 1 AS round_no,
             CASE WHEN (r0 + i) % 2 = 0 THEN a ELSE b END AS h_idx,
             CASE WHEN (r0 + i) % 2 = 0 THEN b ELSE a END AS a_idx
      FROM (SELECT r0, i,
                   CASE WHEN i = 0 THEN v_n - 1 ELSE (r0 + i) % (v_n - 1) END AS a,
                   CASE WHEN i = 0 THEN r0 ELSE (r0 - i + v_n - 1) % (v_n - 1) END AS b
            FROM generate_series(0, v_n - 2) r0, generate_series(0, v_n / 2 - 1) i) p
      UNION ALL
      SELECT r0 + v_n,
             CASE WHEN (r0 + i) % 2 = 0 THEN b ELSE a END,
             CASE WHEN (r0 + i) % 2 = 0 THEN a ELSE b END
      FROM (SELECT r0, i,
                   CASE WHEN i = 0 THEN v_n - 1 ELSE (r0 + i) % (v_n - 1) END AS a,
                   CASE WHEN i = 0 THEN r0 ELSE (r0 - i + v_n - 1) % (v_n - 1) END AS b
            FROM generate_series(0, v_n - 2) r0, generate_series(0, v_n / 2 - 1) i) p
    ) rr
    JOIN (SELECT lt.lin_id, lt.team_id,
                 row_number() OVER (ORDER BY md5('ord'||s.season_id||'/'||lt.lin_id)) - 1 AS idx
          FROM g_lt lt WHERE lt.season_id = s.season_id AND lt.div_id = dv.div_id) th ON th.idx = rr.h_idx
    JOIN (SELECT lt.lin_id, lt.team_id,
                 row_number() OVER (ORDER BY md5('ord'||s.season_id||'/'||lt.lin_id)) - 1 AS idx
          FROM g_lt lt WHERE lt.season_id = s.season_id AND lt.div_id = dv.div_id) ta ON ta.idx = rr.a_idx
    JOIN g_lin lh ON lh.lin_id = th.lin_id
    ORDER BY rr.round_no, th.idx;
  END LOOP;

  INSERT INTO g_batch SELECT fixture_id FROM comp.fixture WHERE season_id = s.season_id;
  PERFORM pg_temp.process_batch();

  -- 3. Senior Challenge Cup -------------------------------------------------
  SELECT array_agg(team_id ORDER BY md5('cup'||s.season_id||'/'||team_id)) INTO v_entrants
  FROM (SELECT lt.team_id FROM g_lt lt WHERE lt.season_id = s.season_id AND lt.div_id IN (1,2)
        UNION ALL
        (SELECT lt.team_id FROM g_lt lt WHERE lt.season_id = s.season_id AND lt.div_id = 3
         ORDER BY md5('cupq'||s.season_id||'/'||lt.lin_id) LIMIT 4)) e;
  FOR r IN 1..5 LOOP
    SELECT d INTO v_cd FROM g_cupdate WHERE season_id = s.season_id AND round_no = r;
    EXIT WHEN v_cd IS NULL;
    v_ko := CASE WHEN r = 5 THEN time '15:00'
                 WHEN extract(month FROM v_cd) IN (11,12,1,2) THEN time '14:00' ELSE time '15:00' END;
    INSERT INTO comp.fixture (season_id, div_id, round_no, home_team_id, away_team_id, venue_id, ko_at, status)
    SELECT s.season_id, 12, r, v_entrants[2 * k - 1], v_entrants[2 * k],
           CASE WHEN r = 5 THEN (SELECT venue_id FROM core.venue WHERE venue_name = 'County Ground')
                ELSE (SELECT l.venue_id FROM g_lt lt JOIN g_lin l USING (lin_id) WHERE lt.team_id = v_entrants[2 * k - 1]) END,
           v_cd + v_ko, 'SCH'
    FROM generate_series(1, array_length(v_entrants, 1) / 2) k
    ORDER BY k;
    INSERT INTO g_batch SELECT fixture_id FROM comp.fixture WHERE season_id = s.season_id AND div_id = 12 AND round_no = r;
    PERFORM pg_temp.process_batch();

    -- winners of this round (in draw order); stop if any tie is unresolved
    v_winners := '{}'; v_ok := true;
    FOR v_tie IN SELECT fixture_id FROM comp.fixture
                 WHERE season_id = s.season_id AND div_id = 12 AND round_no = r AND orig_fixture_id IS NULL
                 ORDER BY fixture_id LOOP
      SELECT * INTO v_fin FROM comp.fixture
      WHERE fixture_id = v_tie.fixture_id OR orig_fixture_id = v_tie.fixture_id
      ORDER BY ko_at DESC LIMIT 1;
      IF v_fin.status NOT IN ('PLD','AWD') THEN v_ok := false; EXIT; END IF;
      v_winners := v_winners || CASE WHEN v_fin.home_goals > v_fin.away_goals
                                       OR (v_fin.home_goals = v_fin.away_goals AND v_fin.home_pens > v_fin.away_pens)
                                     THEN v_fin.home_team_id ELSE v_fin.away_team_id END;
    END LOOP;
    EXIT WHEN NOT v_ok OR array_length(v_winners, 1) < 2;
    SELECT array_agg(w ORDER BY md5('draw'||s.season_id||'/'||r||'/'||w)) INTO v_entrants FROM unnest(v_winners) w;
  END LOOP;

  -- 4. final standings (withdrawn teams expunged) -----------------------------
  INSERT INTO g_stand (lin_id, season_id, div_id, pos, n)
  SELECT lt.lin_id, s.season_id, lt.div_id,
         row_number() OVER (PARTITION BY lt.div_id ORDER BY coalesce(x.pts,0) DESC, coalesce(x.gd,0) DESC, coalesce(x.gf,0) DESC,
                            md5('tb'||lt.lin_id)),
         count(*) OVER (PARTITION BY lt.div_id)
  FROM g_lt lt
  JOIN comp.team t ON t.team_id = lt.team_id
  LEFT JOIN (
    SELECT team_id, sum(pts) pts, sum(gf - ga) gd, sum(gf) gf FROM (
      SELECT f.home_team_id team_id, f.home_goals gf, f.away_goals ga,
             CASE WHEN f.home_goals > f.away_goals THEN 3 WHEN f.home_goals = f.away_goals THEN 1 ELSE 0 END pts
      FROM comp.fixture f WHERE f.season_id = s.season_id AND f.div_id <> 12 AND f.status IN ('PLD','AWD')
        AND NOT EXISTS (SELECT 1 FROM comp.team w WHERE w.team_id IN (f.home_team_id, f.away_team_id) AND w.withdrawn_on IS NOT NULL)
      UNION ALL
      SELECT f.away_team_id, f.away_goals, f.home_goals,
             CASE WHEN f.away_goals > f.home_goals THEN 3 WHEN f.home_goals = f.away_goals THEN 1 ELSE 0 END
      FROM comp.fixture f WHERE f.season_id = s.season_id AND f.div_id <> 12 AND f.status IN ('PLD','AWD')
        AND NOT EXISTS (SELECT 1 FROM comp.team w WHERE w.team_id IN (f.home_team_id, f.away_team_id) AND w.withdrawn_on IS NOT NULL)
    ) q GROUP BY team_id
  ) x ON x.team_id = lt.team_id
  WHERE lt.season_id = s.season_id AND t.withdrawn_on IS NULL;
END LOOP;
END $$;

-- ---------------------------------------------------------------------
-- venue clashes: a second match at the same ground and time moves to a public pitch
-- ---------------------------------------------------------------------
DO $$
DECLARE c record; v_alt int;
BEGIN
  FOR c IN SELECT f.fixture_id, f.ko_at, v.town
           FROM comp.fixture f JOIN core.venue v USING (venue_id)
           WHERE EXISTS (SELECT 1 FROM comp.fixture f2 WHERE f2.venue_id = f.venue_id AND f2.ko_at = f.ko_at
                         AND f2.fixture_id < f.fixture_id)
           ORDER BY f.fixture_id
  LOOP
    SELECT v.venue_id INTO v_alt FROM core.venue v
    WHERE v.owner_type IN ('COUNCIL','SCHOOL')
      AND NOT EXISTS (SELECT 1 FROM comp.fixture f3 WHERE f3.venue_id = v.venue_id AND f3.ko_at = c.ko_at)
    ORDER BY (v.town = c.town) DESC, md5('alt'||c.fixture_id||'/'||v.venue_id)
    LIMIT 1;
    UPDATE comp.fixture SET venue_id = v_alt WHERE fixture_id = c.fixture_id;
  END LOOP;
END $$;

-- when results were keyed in
UPDATE comp.fixture
   SET updated_at = ko_at + make_interval(hours => 2 + (pg_temp.h('upd'||fixture_id) % 46)::int,
                                          mins => (pg_temp.h('updm'||fixture_id) % 60)::int)
WHERE status <> 'SCH';

-- ---------------------------------------------------------------------
-- squads: players joining, staying, moving between clubs, leaving
-- ---------------------------------------------------------------------
CREATE TEMP TABLE g_stint (pid int, lin_id int, season_id int, from_d date, to_d date, how text);
CREATE TEMP TABLE g_np (pid int, lin_id int, season_id int, from_d date, comp text);

DO $$
DECLARE s record; v_max int := 0;
BEGIN
FOR s IN SELECT * FROM comp.season ORDER BY season_id LOOP
  IF s.season_id > 1 THEN
    -- stayers
    INSERT INTO g_stint
    SELECT st.pid, st.lin_id, s.season_id, s.starts_on, s.ends_on, 'stay'
    FROM g_stint st JOIN g_lin l USING (lin_id)
    WHERE st.season_id = s.season_id - 1 AND st.to_d = s.starts_on - 1
      AND EXISTS (SELECT 1 FROM g_lt lt WHERE lt.lin_id = st.lin_id AND lt.season_id = s.season_id)
      AND pg_temp.u('mv'||st.pid||'/'||s.season_id) < CASE l.comp WHEN 'VET' THEN 0.80 ELSE 0.70 END;
    -- movers (incl. players of folded teams)
    INSERT INTO g_stint
    SELECT DISTINCT ON (st.pid) st.pid, lt.lin_id, s.season_id,
           s.starts_on + (pg_temp.h('mvd'||st.pid||'/'||s.season_id) % 55)::int, s.ends_on, 'move'
    FROM g_stint st JOIN g_lin l USING (lin_id)
    JOIN g_lt lt ON lt.season_id = s.season_id AND lt.lin_id <> st.lin_id
    JOIN g_lin l2 ON l2.lin_id = lt.lin_id AND l2.comp = l.comp
    WHERE st.season_id = s.season_id - 1 AND st.to_d = s.starts_on - 1
      AND CASE WHEN EXISTS (SELECT 1 FROM g_lt x WHERE x.lin_id = st.lin_id AND x.season_id = s.season_id)
               THEN pg_temp.u('mv'||st.pid||'/'||s.season_id) >= CASE l.comp WHEN 'VET' THEN 0.80 ELSE 0.70 END
                    AND pg_temp.u('mv'||st.pid||'/'||s.season_id) < CASE l.comp WHEN 'VET' THEN 0.86 ELSE 0.84 END
               ELSE pg_temp.u('mv'||st.pid||'/'||s.season_id) < 0.55 END
    ORDER BY st.pid, md5('to'||st.pid||'/'||s.season_id||'/'||lt.lin_id);
  END IF;

  -- newcomers: top squads up to their target size
  INSERT INTO g_np (pid, lin_id, season_id, from_d, comp)
  SELECT v_max + row_number() OVER (ORDER BY x.lin_id, k), x.lin_id, s.season_id,
         CASE WHEN s.season_id = 1 AND pg_temp.u('old'||x.lin_id||'/'||k) < 0.85
              THEN date '2011-07-01' + (pg_temp.h('od'||x.lin_id||'/'||k) % 2900)::int
              ELSE s.starts_on + (pg_temp.h('nd'||x.lin_id||'/'||k||'/'||s.season_id) % 100)::int END,
         x.comp
  FROM (SELECT lt.lin_id, l.comp,
               greatest(l.target + (pg_temp.h('tg'||lt.lin_id||'/'||s.season_id) % 5)::int - 2
                        - (SELECT count(*) FROM g_stint st WHERE st.lin_id = lt.lin_id AND st.season_id = s.season_id)::int,
                        2 + (pg_temp.h('ng'||lt.lin_id||'/'||s.season_id) % 3)::int) AS need
        FROM g_lt lt JOIN g_lin l USING (lin_id) WHERE lt.season_id = s.season_id) x,
       generate_series(1, x.need) k;
  INSERT INTO g_stint
  SELECT pid, lin_id, season_id, from_d, s.ends_on, 'new' FROM g_np WHERE season_id = s.season_id;
  SELECT coalesce(max(pid), 0) INTO v_max FROM g_np;

  -- January transfers
  INSERT INTO g_stint
  SELECT DISTINCT ON (st.pid) st.pid, lt.lin_id, s.season_id,
         make_date(extract(year FROM s.ends_on)::int, 1, 2) + (pg_temp.h('jd'||st.pid||'/'||s.season_id) % 29)::int,
         s.ends_on, 'jan'
  FROM g_stint st JOIN g_lin l USING (lin_id)
  JOIN g_lt lt ON lt.season_id = s.season_id AND lt.lin_id <> st.lin_id
  JOIN g_lin l2 ON l2.lin_id = lt.lin_id AND l2.comp = l.comp AND l2.club_id <> l.club_id
  WHERE st.season_id = s.season_id AND st.from_d < make_date(extract(year FROM s.starts_on)::int, 12, 1)
    AND pg_temp.u('mid'||st.pid||'/'||s.season_id) < 0.035
  ORDER BY st.pid, md5('jt'||st.pid||'/'||s.season_id||'/'||lt.lin_id);
  UPDATE g_stint st SET to_d = j.from_d - 1
  FROM g_stint j
  WHERE j.how = 'jan' AND j.season_id = s.season_id AND j.pid = st.pid
    AND st.season_id = s.season_id AND st.how <> 'jan';
  -- released during the season
  UPDATE g_stint st SET to_d = s.starts_on + 92 + (pg_temp.h('rl'||st.pid||'/'||s.season_id) % 160)::int
  WHERE st.season_id = s.season_id AND st.how <> 'jan' AND st.to_d = s.ends_on
    AND pg_temp.u('mid'||st.pid||'/'||s.season_id) BETWEEN 0.035 AND 0.047
    AND st.from_d < s.starts_on + 60;
END LOOP;
END $$;

-- date of birth; nobody is registered before the age of 16
ALTER TABLE g_np ADD COLUMN dob date;
UPDATE g_np p SET dob =
   (CASE WHEN p.comp = 'VET' THEN make_date(extract(year FROM s.starts_on)::int, 9, 1)
                                  - make_interval(days => (365.25 * (35 + 12 * pg_temp.u('age'||p.pid)))::int)
         ELSE make_date(extract(year FROM s.starts_on)::int, 9, 1)
              - make_interval(days => (365.25 * (17 + 16 * power(pg_temp.u('age'||p.pid), 1.4)))::int)
    END)::date
FROM comp.season s WHERE s.season_id = p.season_id;
UPDATE g_np SET from_d = (dob + interval '16 years')::date + (pg_temp.h('y16'||pid) % 300)::int
WHERE from_d < (dob + interval '16 years')::date;
UPDATE g_stint st SET from_d = p.from_d FROM g_np p
WHERE st.pid = p.pid AND st.season_id = p.season_id AND st.how = 'new' AND st.from_d <> p.from_d;

-- the players themselves
INSERT INTO core.player (player_id, fan_no, first_name, last_name, dob, gender, pos, email, mobile, created_at)
SELECT p.pid,
       50000000 + (p.pid * 7919) % 10000000,
       fn, ln, p.dob,
       CASE WHEN p.comp = 'WOM' THEN 'F' ELSE 'M' END,
       CASE WHEN u_pos < 0.09 THEN 'GK' WHEN u_pos < 0.41 THEN 'DEF' WHEN u_pos < 0.73 THEN 'MID'
            WHEN u_pos < 0.95 THEN 'FWD' END,
       CASE WHEN pg_temp.u('em'||p.pid) < 0.72
            THEN lower(regexp_replace(fn, '[^A-Za-z]', '', 'g')) || '.' || lower(regexp_replace(ln, '[^A-Za-z]', '', 'g'))
                 || (pg_temp.h('emn'||p.pid) % 100)::text || '@' ||
                 (ARRAY['gmail.com','hotmail.co.uk','outlook.com','icloud.com','yahoo.co.uk'])[1 + (pg_temp.h('emd'||p.pid) % 5)::int] END,
       CASE WHEN pg_temp.u('mo'||p.pid) < 0.8 THEN '07' || lpad((pg_temp.h('mob'||p.pid) % 1000000000)::text, 9, '0') END,
       p.from_d + make_interval(hours => 8 + (pg_temp.h('ct'||p.pid) % 13)::int, mins => (pg_temp.h('cm'||p.pid) % 60)::int)
FROM g_np p,
LATERAL (SELECT
   CASE WHEN p.comp = 'WOM' THEN (SELECT n FROM g_fn_f WHERE i = 1 + pg_temp.h('pfn'||p.pid) % 60)
        ELSE (SELECT n FROM g_fn_m WHERE i = 1 + pg_temp.h('pfn'||p.pid) % 85) END AS fn,
   (SELECT n FROM g_ln WHERE i = 1 + pg_temp.h('pln'||p.pid) % 161) AS ln,
   pg_temp.u('pos'||p.pid) AS u_pos) a
ORDER BY p.pid;
SELECT setval('core.player_player_id_seq', (SELECT max(player_id) FROM core.player));

-- registrations: one row per continuous spell at a club
INSERT INTO core.registration (player_id, club_id, reg_type, valid_from, valid_to, created_at)
SELECT pid, club_id, 'STD', min(from_d),
       CASE WHEN max(to_d) = date '2024-06-30' THEN NULL ELSE max(to_d) END,
       min(from_d) + make_interval(hours => 9 + (pg_temp.h('rc'||pid||'/'||grp) % 11)::int, mins => (pg_temp.h('rcm'||pid||'/'||grp) % 60)::int)
FROM (
  SELECT x.*, sum(brk) OVER (PARTITION BY pid ORDER BY from_d, to_d) AS grp
  FROM (SELECT st.pid, st.from_d, st.to_d, l.club_id,
               CASE WHEN lag(l.club_id) OVER (PARTITION BY st.pid ORDER BY st.from_d, st.to_d) = l.club_id THEN 0 ELSE 1 END AS brk
        FROM g_stint st JOIN g_lin l USING (lin_id)) x
) y
GROUP BY pid, club_id, grp
ORDER BY min(from_d), pid;

-- dual (Sunday) registrations of some Saturday players, mostly never used
INSERT INTO core.registration (player_id, club_id, reg_type, valid_from, valid_to, created_at)
SELECT r.player_id, c.club_id, 'DUAL', d.vf,
       CASE WHEN s.season_id = 5 THEN NULL ELSE least(s.ends_on, coalesce(r.valid_to, s.ends_on)) END,
       d.vf + time '19:00'
FROM core.registration r
JOIN core.player p ON p.player_id = r.player_id AND p.gender = 'M'
JOIN comp.season s ON s.season_id = 1 + pg_temp.h('dus'||r.reg_id) % 5
JOIN LATERAL (SELECT greatest(r.valid_from, s.starts_on) + 60 + (pg_temp.h('dud'||r.reg_id) % 40)::int AS vf) d ON true
JOIN LATERAL (SELECT l.club_id FROM g_lin l JOIN g_lt lt ON lt.lin_id = l.lin_id AND lt.season_id = s.season_id
              WHERE l.comp = 'SUN' AND l.club_id <> r.club_id
              ORDER BY md5('duc'||r.reg_id||'/'||l.lin_id) LIMIT 1) c ON true
WHERE r.club_id <= 56 AND pg_temp.u('du'||r.reg_id) < 0.08
  AND d.vf <= coalesce(r.valid_to, date '2024-03-17') AND d.vf <= date '2024-03-17' AND d.vf <= s.ends_on
  AND EXISTS (SELECT 1 FROM g_stint st JOIN g_lin l USING (lin_id)
              WHERE st.pid = r.player_id AND l.comp = 'SAT' AND l.club_id = r.club_id);

-- ---------------------------------------------------------------------
-- team sheets and match events
-- ---------------------------------------------------------------------
CREATE TEMP TABLE g_fx AS
SELECT f.fixture_id, f.season_id, f.div_id, d.comp_code AS comp, d.tier, f.ko_at::date AS d,
       f.home_team_id, f.away_team_id, f.home_goals, f.away_goals, coalesce(f.abandoned_min, 90) AS endm
FROM comp.fixture f JOIN comp.division d USING (div_id)
WHERE f.status IN ('PLD','AB');

CREATE INDEX ON g_stint (lin_id, season_id);
ANALYZE g_fx; ANALYZE g_lt; ANALYZE g_stint; ANALYZE g_lin;

CREATE TEMP TABLE g_cand AS
SELECT x.fixture_id, x.team_id, x.pid, x.pos, x.comp, x.tier, x.endm,
       row_number() OVER (PARTITION BY x.fixture_id, x.team_id
                          ORDER BY CASE WHEN x.pos = 'GK' AND x.gk_rn = 1 THEN 0 ELSE 1 END,
                                   x.k * CASE WHEN x.pos = 'GK' THEN 4 ELSE 1 END, x.pid) AS ord,
       count(*) OVER (PARTITION BY x.fixture_id, x.team_id) AS sq
FROM (
  SELECT y.*, row_number() OVER (PARTITION BY y.fixture_id, y.team_id, y.pos = 'GK' ORDER BY y.k) AS gk_rn
  FROM (
    SELECT fx.fixture_id, t.team_id, st.pid, p.pos, fx.comp, fx.tier, fx.endm,
           -ln(pg_temp.u('ts'||fx.fixture_id||'/'||st.pid) + 1e-9) / (0.35 + pg_temp.u('rg'||st.pid||'/'||st.lin_id)) AS k
    FROM g_fx fx
    CROSS JOIN LATERAL (VALUES (fx.home_team_id), (fx.away_team_id)) t(team_id)
    JOIN g_lt lt ON lt.team_id = t.team_id
    JOIN g_stint st ON st.lin_id = lt.lin_id AND st.season_id = fx.season_id AND fx.d BETWEEN st.from_d AND st.to_d
    JOIN core.player p ON p.player_id = st.pid
  ) y
) x;

-- bench size and number of substitutions used
CREATE TEMP TABLE g_side AS
SELECT fixture_id, team_id, max(sq) AS sq, max(endm) AS endm,
       least(max(sq) - 11, CASE WHEN max(comp) IN ('SUN','VET') OR max(tier) <= 2 OR max(tier) IS NULL THEN 5
                                ELSE 3 + (pg_temp.h('nb'||fixture_id||'/'||team_id) % 3)::int END) AS nb
FROM g_cand GROUP BY fixture_id, team_id;
ANALYZE g_cand;
ALTER TABLE g_side ADD COLUMN nu int;
UPDATE g_side SET nb = greatest(nb, 0);
UPDATE g_side SET nu = least(nb, 2 + (pg_temp.h('nu'||fixture_id||'/'||team_id) % 4)::int);

INSERT INTO comp.team_sheet (fixture_id, team_id, player_id, shirt_no, starter)
SELECT c.fixture_id, c.team_id, c.pid, c.ord, c.ord <= 11
FROM g_cand c JOIN g_side s USING (fixture_id, team_id)
WHERE c.ord <= 11 + s.nb
ORDER BY c.fixture_id, c.team_id, c.ord;

-- substitutions: k-th substitute replaces the k-th outfield starter in a random order
CREATE TEMP TABLE g_sub AS
SELECT o.fixture_id, o.team_id, o.pid AS on_pid, f.pid AS off_pid, o.m
FROM (SELECT c.fixture_id, c.team_id, c.pid, c.ord - 11 AS k,
             CASE WHEN pg_temp.u('sm0'||c.fixture_id||'/'||c.pid) < 0.14 THEN 18 + (pg_temp.h('sm'||c.fixture_id||'/'||c.pid) % 27)::int
                  ELSE 46 + (pg_temp.h('sm'||c.fixture_id||'/'||c.pid) % 43)::int END AS m
      FROM g_cand c JOIN g_side s USING (fixture_id, team_id)
      WHERE c.ord BETWEEN 12 AND 11 + s.nu) o
JOIN (SELECT c.fixture_id, c.team_id, c.pid,
             row_number() OVER (PARTITION BY c.fixture_id, c.team_id ORDER BY md5('off'||c.fixture_id||'/'||c.pid)) AS k
      FROM g_cand c WHERE c.ord BETWEEN 2 AND 11) f
  ON f.fixture_id = o.fixture_id AND f.team_id = o.team_id AND f.k = o.k
JOIN g_side s ON s.fixture_id = o.fixture_id AND s.team_id = o.team_id
WHERE o.m < s.endm;

-- who was on the pitch, and when
CREATE TEMP TABLE g_on AS
SELECT c.fixture_id, c.team_id, c.pid, c.pos,
       coalesce(son.m, 1) AS lo,
       coalesce(soff.m, c.endm) AS hi,
       soff.m IS NOT NULL AS off
FROM g_cand c
LEFT JOIN g_sub son  ON son.fixture_id = c.fixture_id AND son.on_pid = c.pid
LEFT JOIN g_sub soff ON soff.fixture_id = c.fixture_id AND soff.off_pid = c.pid
WHERE c.ord <= 11 OR son.on_pid IS NOT NULL;
CREATE INDEX ON g_on (fixture_id, team_id);
ANALYZE g_on; ANALYZE g_side; ANALYZE g_sub;

-- goals
CREATE TEMP TABLE g_goal AS
WITH slots AS (
  SELECT fx.fixture_id, sd.team_id, sd.opp_id, k,
         CASE WHEN pg_temp.u('gt'||fx.fixture_id||'/'||sd.team_id||'/'||k) < 0.035 THEN 'own_goal'
              WHEN pg_temp.u('gt'||fx.fixture_id||'/'||sd.team_id||'/'||k) < 0.135 THEN 'pen_goal'
              ELSE 'goal' END AS kind
  FROM g_fx fx
  CROSS JOIN LATERAL (VALUES (fx.home_team_id, fx.away_team_id, fx.home_goals),
                             (fx.away_team_id, fx.home_team_id, fx.away_goals)) sd(team_id, opp_id, g)
  CROSS JOIN LATERAL generate_series(1, sd.g) k
)
SELECT DISTINCT ON (sl.fixture_id, sl.team_id, sl.k)
       sl.fixture_id, sl.k, sl.kind, o.team_id AS player_team_id, o.pid, o.lo, o.hi
FROM slots sl
JOIN g_on o ON o.fixture_id = sl.fixture_id
           AND o.team_id = CASE WHEN sl.kind = 'own_goal' THEN sl.opp_id ELSE sl.team_id END
ORDER BY sl.fixture_id, sl.team_id, sl.k,
         -ln(pg_temp.u('gs'||sl.fixture_id||'/'||sl.team_id||'/'||sl.k||'/'||o.pid) + 1e-9) /
         CASE WHEN sl.kind = 'own_goal' THEN
                   CASE o.pos WHEN 'DEF' THEN 3 WHEN 'GK' THEN 1 WHEN 'MID' THEN 1 WHEN 'FWD' THEN 0.3 ELSE 1 END
              WHEN sl.kind = 'pen_goal' THEN
                   0.05 + power(pg_temp.u('fin'||o.pid), 4) * 10 * CASE o.pos WHEN 'GK' THEN 0.01 ELSE 1 END
              ELSE CASE o.pos WHEN 'FWD' THEN 5 WHEN 'MID' THEN 2.5 WHEN 'DEF' THEN 0.8 WHEN 'GK' THEN 0.02 ELSE 2 END
                   * (0.2 + 2 * power(pg_temp.u('fin'||o.pid), 2))
         END;
ALTER TABLE g_goal ADD COLUMN minute int;
UPDATE g_goal SET minute = lo + (pg_temp.h('gm'||fixture_id||'/'||player_team_id||'/'||k||kind) % (hi - lo + 1))::int;

-- missed penalties
CREATE TEMP TABLE g_pmiss AS
SELECT DISTINCT ON (s.fixture_id, s.team_id) s.fixture_id, s.team_id, o.pid,
       o.lo + (pg_temp.h('pmm'||s.fixture_id||'/'||s.team_id) % (o.hi - o.lo + 1))::int AS minute
FROM g_side s JOIN g_on o USING (fixture_id, team_id)
WHERE pg_temp.u('pm'||s.fixture_id||'/'||s.team_id) < 0.045 AND coalesce(o.pos, '') <> 'GK'
ORDER BY s.fixture_id, s.team_id,
         -ln(pg_temp.u('pmp'||s.fixture_id||'/'||o.pid) + 1e-9) / (0.05 + power(pg_temp.u('fin'||o.pid), 4) * 10);

-- cautions
CREATE TEMP TABLE g_yc AS
SELECT x.fixture_id, x.team_id, x.pid, x.lo, x.hi, x.off,
       x.lo + floor((x.hi - x.lo) * sqrt(pg_temp.u('ym'||x.fixture_id||'/'||x.pid)))::int AS minute,
       CASE WHEN pg_temp.u('yo'||x.fixture_id||'/'||x.pid) < 0.35 THEN 'C1'
            WHEN pg_temp.u('yo'||x.fixture_id||'/'||x.pid) < 0.63 THEN 'C2'
            WHEN pg_temp.u('yo'||x.fixture_id||'/'||x.pid) < 0.80 THEN 'C3'
            WHEN pg_temp.u('yo'||x.fixture_id||'/'||x.pid) < 0.88 THEN 'C4'
            WHEN pg_temp.u('yo'||x.fixture_id||'/'||x.pid) < 0.93 THEN 'C5'
            WHEN pg_temp.u('yo'||x.fixture_id||'/'||x.pid) < 0.97 THEN 'C6'
            ELSE 'C7' END AS code,
       x.rn
FROM (
  SELECT o.*, s.ny,
         row_number() OVER (PARTITION BY o.fixture_id, o.team_id
                            ORDER BY -ln(pg_temp.u('yk'||o.fixture_id||'/'||o.pid) + 1e-9) /
                                     (CASE o.pos WHEN 'DEF' THEN 1.6 WHEN 'MID' THEN 1.3 WHEN 'FWD' THEN 0.9 WHEN 'GK' THEN 0.3 ELSE 1.1 END
                                      * (0.3 + 1.7 * power(pg_temp.u('tmp'||o.pid), 2)))) AS rn
  FROM g_on o
  JOIN (SELECT s.fixture_id, s.team_id,
               pg_temp.pois(CASE fx.comp WHEN 'SUN' THEN 2.1 WHEN 'SAT' THEN 1.5 WHEN 'SCC' THEN 1.6 WHEN 'VET' THEN 1.0 ELSE 0.7 END
                            * s.endm / 90.0, pg_temp.u('ny'||s.fixture_id||'/'||s.team_id)) AS ny
        FROM g_side s JOIN g_fx fx USING (fixture_id)) s USING (fixture_id, team_id)
) x
WHERE x.rn <= x.ny;

-- second cautions (player must still be on the pitch)
CREATE TEMP TABLE g_y2 AS
SELECT DISTINCT ON (y.fixture_id, y.team_id) y.fixture_id, y.team_id, y.pid,
       y.minute + 1 + (pg_temp.h('y2m'||y.fixture_id||'/'||y.pid) % (y.hi - y.minute))::int AS minute
FROM g_yc y
WHERE NOT y.off AND y.hi > y.minute AND pg_temp.u('y2'||y.fixture_id||'/'||y.team_id) < 0.085
ORDER BY y.fixture_id, y.team_id, y.rn;

-- straight red cards
CREATE TEMP TABLE g_rc AS
SELECT DISTINCT ON (o.fixture_id, o.team_id) o.fixture_id, o.team_id, o.pid,
       o.lo + (pg_temp.h('rcm'||o.fixture_id||'/'||o.pid) % (o.hi - o.lo + 1))::int AS minute,
       CASE WHEN pg_temp.u('rco'||o.fixture_id||'/'||o.pid) < 0.22 THEN 'S1'
            WHEN pg_temp.u('rco'||o.fixture_id||'/'||o.pid) < 0.47 THEN 'S2'
            WHEN pg_temp.u('rco'||o.fixture_id||'/'||o.pid) < 0.50 THEN 'S3'
            WHEN pg_temp.u('rco'||o.fixture_id||'/'||o.pid) < 0.55 THEN 'S4'
            WHEN pg_temp.u('rco'||o.fixture_id||'/'||o.pid) < 0.73 THEN 'S5'
            ELSE 'S6' END AS code
FROM g_on o JOIN g_fx fx USING (fixture_id)
WHERE NOT o.off
  AND pg_temp.u('rc'||o.fixture_id||'/'||o.team_id) <
      CASE fx.comp WHEN 'SUN' THEN 0.06 WHEN 'SAT' THEN 0.035 WHEN 'SCC' THEN 0.035 WHEN 'VET' THEN 0.03 ELSE 0.015 END
  AND NOT EXISTS (SELECT 1 FROM g_y2 y WHERE y.fixture_id = o.fixture_id AND y.pid = o.pid)
  AND NOT EXISTS (SELECT 1 FROM g_yc y WHERE y.fixture_id = o.fixture_id AND y.pid = o.pid)
ORDER BY o.fixture_id, o.team_id,
         -ln(pg_temp.u('rk'||o.fixture_id||'/'||o.pid) + 1e-9) / (0.3 + 1.7 * power(pg_temp.u('tmp'||o.pid), 2));
-- a dismissed player takes no part after his red card
DELETE FROM g_rc r USING g_goal g
WHERE g.fixture_id = r.fixture_id AND g.pid = r.pid AND g.minute >= r.minute;
DELETE FROM g_y2 r USING g_goal g
WHERE g.fixture_id = r.fixture_id AND g.pid = r.pid AND g.minute >= r.minute;

INSERT INTO comp.match_event (fixture_id, team_id, player_id, kind, minute, added_min, offence_code, player_off_id)
SELECT fixture_id, team_id, player_id, kind::comp.event_kind, minute,
       CASE WHEN minute = 45 AND pg_temp.u('ad'||fixture_id||'/'||player_id||kind) < 0.35 THEN 1 + (pg_temp.h('adm'||fixture_id||'/'||player_id) % 3)::int
            WHEN minute = 90 AND pg_temp.u('ad'||fixture_id||'/'||player_id||kind) < 0.55 THEN 1 + (pg_temp.h('adm'||fixture_id||'/'||player_id) % 6)::int END,
       code, off_id
FROM (
  SELECT fixture_id, player_team_id AS team_id, pid AS player_id, kind, minute, NULL::text AS code, NULL::int AS off_id, 1 AS o FROM g_goal
  UNION ALL SELECT fixture_id, team_id, pid, 'pen_miss', minute, NULL, NULL, 2 FROM g_pmiss
  UNION ALL SELECT fixture_id, team_id, pid, 'yellow', minute, code, NULL, 3 FROM g_yc
  UNION ALL SELECT fixture_id, team_id, pid, 'second_yellow', minute, 'S7', NULL, 4 FROM g_y2
  UNION ALL SELECT fixture_id, team_id, pid, 'red', minute, code, NULL, 5 FROM g_rc
  UNION ALL SELECT fixture_id, team_id, on_pid, 'sub', m, NULL, off_pid, 6 FROM g_sub
) e
ORDER BY fixture_id, minute, o, team_id, player_id;

-- ---------------------------------------------------------------------
-- referee appointments
-- ---------------------------------------------------------------------
CREATE TEMP TABLE g_slot AS
SELECT f.fixture_id, f.ko_at, f.ko_at::date AS d, f.status, f.season_id, d.comp_code, d.tier, f.round_no, r.role,
       CASE WHEN d.comp_code = 'SCC' AND f.round_no = 5 THEN 0 WHEN d.comp_code = 'SCC' THEN 1
            WHEN d.comp_code = 'SAT' THEN 1 + d.tier WHEN d.comp_code = 'WOM' THEN 3 + d.tier
            WHEN d.comp_code = 'SUN' THEN 3 + d.tier ELSE 8 END AS imp
FROM comp.fixture f JOIN comp.division d USING (div_id)
CROSS JOIN (VALUES ('R'),('AR1'),('AR2')) r(role)
WHERE (f.status IN ('PLD','AB') OR (f.status = 'SCH' AND f.ko_at >= '2024-03-18' AND f.ko_at < '2024-04-01'))
  AND CASE WHEN r.role = 'R' THEN
             (d.comp_code IN ('SCC','WOM') OR (d.comp_code = 'SAT' AND d.tier <= 3)
              OR pg_temp.u('rq'||f.fixture_id) < 0.90)
           WHEN d.comp_code = 'SCC' OR (d.comp_code = 'SAT' AND d.tier = 1) THEN true
           WHEN d.comp_code = 'SAT' AND d.tier = 2 THEN pg_temp.u('arq'||f.fixture_id) < 0.35
           ELSE false END;

CREATE TEMP TABLE g_refday AS
SELECT dd.d, r.ref_id, r.ref_level,
       row_number() OVER (PARTITION BY dd.d ORDER BY r.ref_level + 1.8 * pg_temp.u('av'||r.ref_id||'/'||dd.d), r.ref_id) AS rk
FROM (SELECT DISTINCT d FROM g_slot) dd
JOIN core.referee r ON r.qualified_on <= dd.d AND (r.retired_on IS NULL OR r.retired_on > dd.d)
WHERE pg_temp.u('na'||r.ref_id||'/'||dd.d) >= 0.12;

INSERT INTO comp.ref_appt (fixture_id, role, ref_id, fee, assessor_mark, appointed_at)
SELECT s.fixture_id, s.role, rd.ref_id,
       CASE WHEN s.status = 'SCH' THEN NULL
            WHEN s.role = 'R' THEN
              CASE WHEN s.comp_code = 'SCC' AND s.round_no = 5 THEN 60
                   WHEN s.comp_code = 'SCC' OR (s.comp_code = 'SAT' AND s.tier = 1) THEN 45
                   WHEN s.comp_code = 'SAT' AND s.tier = 2 THEN 40
                   WHEN s.comp_code = 'SUN' AND s.tier = 1 THEN 40
                   WHEN s.comp_code = 'VET' THEN 30
                   ELSE 35 END + CASE WHEN s.season_id >= 4 THEN 5 ELSE 0 END
            ELSE CASE WHEN s.comp_code = 'SCC' OR s.tier = 1 THEN 30 ELSE 25 END
                 + CASE WHEN s.season_id >= 4 THEN 3 ELSE 0 END
       END,
       CASE WHEN s.role = 'R' AND s.status = 'PLD' AND (s.comp_code = 'SCC' OR (s.comp_code = 'SAT' AND s.tier <= 2))
                 AND pg_temp.u('as'||s.fixture_id) < 0.11
            THEN round((58 + 4 * (7 - rd.ref_level) + 20 * pg_temp.u('asm'||s.fixture_id))::numeric, 1) END,
       (s.d - (4 + (pg_temp.h('apd'||s.fixture_id) % 9))::int) + make_time(18 + (pg_temp.h('aph'||s.fixture_id) % 4)::int, (pg_temp.h('apm'||s.fixture_id) % 60)::int, 0)
FROM (SELECT g.*, row_number() OVER (PARTITION BY g.d ORDER BY g.imp, g.role <> 'R', md5('sl'||g.fixture_id), g.role) AS rk
      FROM g_slot g) s
JOIN g_refday rd ON rd.d = s.d AND rd.rk = s.rk
ORDER BY s.fixture_id, s.role;
-- appointments for rearranged fixtures are made at short notice
UPDATE comp.ref_appt a SET appointed_at = f.ko_at::date - 2 + time '20:15'
FROM comp.fixture f WHERE f.fixture_id = a.fixture_id AND f.orig_fixture_id IS NOT NULL;

-- ---------------------------------------------------------------------
-- discipline: suspensions
-- ---------------------------------------------------------------------
CREATE TEMP TABLE g_linfix AS
SELECT lt.lin_id, f.ko_at::date AS d
FROM comp.fixture f JOIN g_lt lt ON lt.team_id IN (f.home_team_id, f.away_team_id)
WHERE f.status IN ('PLD','AWD');
CREATE INDEX ON g_linfix (lin_id, d);
ANALYZE g_linfix;

CREATE TEMP TABLE g_susp AS
-- sending-offs
SELECT e.player_id, f.season_id, 'RC'::text AS susp_type, e.event_id, e.fixture_id, e.offence_code,
       o.std_matches + CASE WHEN e.offence_code = 'S2' AND pg_temp.u('vc'||e.event_id) < 0.15 THEN 2 ELSE 0 END AS matches,
       f.ko_at::date + 7 AS eff, e.team_id
FROM comp.match_event e JOIN comp.fixture f USING (fixture_id) JOIN disc.offence o USING (offence_code)
WHERE e.kind IN ('red','second_yellow')
UNION ALL
-- caution totting-up: 5, 10, 15 cautions in a season
SELECT y.player_id, y.season_id, 'YA', y.event_id, y.fixture_id, NULL, y.n / 5, y.d + 7, y.team_id
FROM (SELECT e.player_id, e.event_id, e.fixture_id, e.team_id, f.season_id, f.ko_at::date AS d,
             row_number() OVER (PARTITION BY e.player_id, f.season_id ORDER BY f.ko_at, e.event_id) AS n
      FROM comp.match_event e JOIN comp.fixture f USING (fixture_id) WHERE e.kind = 'yellow') y
WHERE y.n IN (5, 10, 15)
UNION ALL
-- misconduct charges after some violent-conduct / abusive-language dismissals
SELECT e.player_id, f.season_id, 'MC', e.event_id, e.fixture_id, 'E3',
       2 + (pg_temp.h('mcm'||e.event_id) % 5)::int, f.ko_at::date + 21, e.team_id
FROM comp.match_event e JOIN comp.fixture f USING (fixture_id)
WHERE e.kind = 'red' AND e.offence_code IN ('S2','S6') AND pg_temp.u('mc'||e.event_id) < 0.14
UNION ALL
-- misconduct charges after matches abandoned for disorder
(SELECT DISTINCT ON (o.fixture_id, o.team_id) o.pid, f.season_id, 'MC', NULL::bigint, o.fixture_id, 'E3',
        4 + (pg_temp.h('mca'||o.fixture_id||'/'||o.pid) % 3)::int, f.ko_at::date + 21, o.team_id
 FROM g_on o JOIN comp.fixture f USING (fixture_id)
 WHERE f.status = 'AB' AND f.notes ~ 'disorder|confrontation'
 ORDER BY o.fixture_id, o.team_id, md5('mcp'||o.fixture_id||'/'||o.pid));

-- effective dates falling after the snapshot are still included (hearing already held)
INSERT INTO disc.suspension (player_id, season_id, susp_type, event_id, fixture_id, offence_code, matches, effective_from, served_on)
SELECT s.player_id, s.season_id, s.susp_type, s.event_id, s.fixture_id, s.offence_code, s.matches, s.eff,
       (SELECT lf.d FROM g_linfix lf WHERE lf.lin_id = lt.lin_id AND lf.d >= s.eff ORDER BY lf.d OFFSET s.matches - 1 LIMIT 1)
FROM g_susp s JOIN g_lt lt ON lt.team_id = s.team_id
WHERE s.eff - CASE WHEN s.susp_type = 'MC' THEN 14 ELSE 0 END <= date '2024-03-17'
ORDER BY s.eff, s.player_id, s.susp_type;

-- ---------------------------------------------------------------------
-- discipline: fines (invoiced to clubs)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE g_fine AS
SELECT t.club_id, e.player_id, e.fixture_id, e.offence_code,
       CASE WHEN e.kind = 'yellow' THEN CASE WHEN f.season_id >= 4 THEN 12 ELSE 10 END
            ELSE CASE WHEN f.season_id >= 4 THEN 30 ELSE 25 END END::numeric AS amount,
       f.ko_at::date AS d, 'e'||e.event_id AS k
FROM comp.match_event e JOIN comp.fixture f USING (fixture_id) JOIN comp.team t ON t.team_id = e.team_id
WHERE e.kind IN ('yellow','second_yellow','red')
UNION ALL
SELECT t.club_id, s.player_id, s.fixture_id, 'E3', (40 + 5 * (pg_temp.h('mcf'||s.player_id||'/'||s.fixture_id) % 23))::numeric,
       s.eff - 7, 'm'||s.player_id||'/'||s.fixture_id
FROM g_susp s JOIN comp.team t ON t.team_id = s.team_id WHERE s.susp_type = 'MC'
UNION ALL
SELECT t.club_id, NULL, f.fixture_id, 'A03', CASE WHEN f.season_id >= 4 THEN 50 ELSE 40 END::numeric, f.ko_at::date, 'w'||f.fixture_id
FROM comp.fixture f JOIN comp.team t ON t.team_id = CASE WHEN f.home_goals = 0 THEN f.home_team_id ELSE f.away_team_id END
WHERE f.status = 'AWD'
UNION ALL
SELECT t.club_id, NULL, f.fixture_id, 'A02', CASE WHEN f.season_id >= 4 THEN 15 ELSE 10 END::numeric, f.ko_at::date, 'l'||f.fixture_id
FROM comp.fixture f JOIN comp.team t ON t.team_id = f.home_team_id
WHERE f.status = 'PLD' AND pg_temp.u('lrs'||f.fixture_id) < 0.03
UNION ALL
SELECT t.club_id, NULL, s.fixture_id, 'A01', 10::numeric, fx.d, 't'||s.fixture_id||'/'||s.team_id
FROM g_side s JOIN g_fx fx USING (fixture_id) JOIN comp.team t ON t.team_id = s.team_id
WHERE pg_temp.u('lts'||s.fixture_id||'/'||s.team_id) < 0.015
UNION ALL
SELECT t.club_id, NULL, e.fixture_id, 'A04', CASE WHEN f.season_id >= 4 THEN 75 ELSE 50 END::numeric, f.ko_at::date, 'c'||e.fixture_id||'/'||e.team_id
FROM comp.match_event e JOIN comp.fixture f USING (fixture_id) JOIN comp.team t ON t.team_id = e.team_id
WHERE e.kind IN ('yellow','second_yellow')
GROUP BY t.club_id, e.fixture_id, e.team_id, f.season_id, f.ko_at
HAVING count(*) >= 5;

INSERT INTO disc.fine (club_id, player_id, fixture_id, offence_code, amount, issued_on, due_on, paid_on, waived, reminders_sent)
SELECT club_id, player_id, fixture_id, offence_code, amount, iss, iss + 14,
       CASE WHEN st = 'paid' AND pd <= date '2024-03-17' THEN pd END,
       st = 'waived',
       CASE WHEN st = 'open' AND iss + 14 < date '2024-03-17' THEN 1 + (pg_temp.h('rem'||k) % 3)::int ELSE 0 END
FROM (
  SELECT g.*, iss,
         iss + (pg_temp.h('pd'||g.k) % 45)::int AS pd,
         CASE WHEN pg_temp.u('pay'||g.k) < 0.04 THEN 'waived'
              WHEN pg_temp.u('pay'||g.k) < 0.10 + CASE WHEN pg_temp.u('bad'||g.club_id) < 0.07 THEN 0.45 ELSE 0 END THEN 'open'
              ELSE 'paid' END AS st
  FROM g_fine g, LATERAL (SELECT g.d + 9 + (pg_temp.h('iss'||g.k) % 10)::int AS iss) i
) x
WHERE iss <= date '2024-03-17'
ORDER BY iss, club_id, k;

-- ---------------------------------------------------------------------
-- club status
-- ---------------------------------------------------------------------
UPDATE core.club c SET status = 'F', folded_on = make_date(2020 + x.last_season - 1, 6, 10 + (pg_temp.h('fo'||c.club_id) % 15)::int)
FROM (SELECT club_id, max(coalesce(last_season, 99)) AS last_season FROM g_lin GROUP BY club_id) x
WHERE x.club_id = c.club_id AND x.last_season < 99;
-- the club owing the most is suspended until it pays
UPDATE core.club SET status = 'S'
WHERE club_id = (SELECT club_id FROM disc.fine WHERE paid_on IS NULL AND NOT waived
                 GROUP BY club_id ORDER BY sum(amount) DESC, club_id LIMIT 1);

-- =====================================================================
--  Remaining indexes, views, housekeeping
-- =====================================================================
CREATE INDEX ix_match_event_fixture   ON comp.match_event (fixture_id);
CREATE INDEX ix_match_event_player    ON comp.match_event (player_id);
CREATE INDEX ix_team_sheet_player     ON comp.team_sheet (player_id);
CREATE INDEX ix_registration_player   ON core.registration (player_id);
CREATE INDEX ix_registration_club     ON core.registration (club_id, valid_from);
CREATE INDEX ix_player_name           ON core.player (last_name, first_name);
CREATE INDEX ix_player_email          ON core.player (lower(email));
CREATE INDEX ix_fine_club             ON disc.fine (club_id);
CREATE INDEX ix_fine_issued           ON disc.fine (issued_on);
CREATE INDEX ix_suspension_player     ON disc.suspension (player_id);

-- results (played and awarded fixtures)
CREATE VIEW comp.v_result AS
SELECT f.fixture_id, s.label AS season, d.comp_code, d.div_name, f.round_no, f.ko_at,
       th.team_name AS home_team, f.home_goals, f.away_goals, ta.team_name AS away_team,
       f.home_pens, f.away_pens, f.status, v.venue_name, f.attendance
FROM comp.fixture f
JOIN comp.season s   ON s.season_id = f.season_id
JOIN comp.division d ON d.div_id = f.div_id
JOIN comp.team th    ON th.team_id = f.home_team_id
JOIN comp.team ta    ON ta.team_id = f.away_team_id
LEFT JOIN core.venue v ON v.venue_id = f.venue_id
WHERE f.status IN ('PLD','AWD');
COMMENT ON VIEW comp.v_result IS 'Played (PLD) and awarded (AWD) fixtures with team names';

-- league tables: 3 points for a win; records of withdrawn teams are expunged
CREATE VIEW comp.v_league_table AS
WITH f AS (
  SELECT f.* FROM comp.fixture f
  JOIN comp.division d ON d.div_id = f.div_id AND d.tier IS NOT NULL
  JOIN comp.team th ON th.team_id = f.home_team_id
  JOIN comp.team ta ON ta.team_id = f.away_team_id
  WHERE f.status IN ('PLD','AWD') AND th.withdrawn_on IS NULL AND ta.withdrawn_on IS NULL
), g AS (
  SELECT home_team_id AS team_id, home_goals AS gf, away_goals AS ga FROM f
  UNION ALL
  SELECT away_team_id, away_goals, home_goals FROM f
), t AS (
  SELECT t.season_id, t.div_id, t.team_id, t.team_name,
         count(g.team_id) AS played,
         count(*) FILTER (WHERE g.gf > g.ga) AS won,
         count(*) FILTER (WHERE g.gf = g.ga) AS drawn,
         count(*) FILTER (WHERE g.gf < g.ga) AS lost,
         coalesce(sum(g.gf), 0) AS goals_for,
         coalesce(sum(g.ga), 0) AS goals_against,
         coalesce(sum(g.gf - g.ga), 0) AS goal_diff,
         3 * count(*) FILTER (WHERE g.gf > g.ga) + count(*) FILTER (WHERE g.gf = g.ga) AS points
  FROM comp.team t
  LEFT JOIN g ON g.team_id = t.team_id
  WHERE t.withdrawn_on IS NULL
  GROUP BY t.season_id, t.div_id, t.team_id, t.team_name
)
SELECT s.label AS season, d.div_name, t.*,
       rank() OVER (PARTITION BY t.season_id, t.div_id ORDER BY t.points DESC, t.goal_diff DESC, t.goals_for DESC) AS pos
FROM t
JOIN comp.season s ON s.season_id = t.season_id
JOIN comp.division d ON d.div_id = t.div_id;
COMMENT ON VIEW comp.v_league_table IS 'League standings per season and division (PLD + AWD results, 3-1-0 points, withdrawn teams expunged). Ties on points split by goal difference, then goals scored.';

-- current playing registrations
CREATE VIEW core.v_current_registration AS
SELECT r.reg_id, p.player_id, p.fan_no, p.first_name, p.last_name, c.club_id, c.club_name, r.reg_type, r.valid_from
FROM core.registration r
JOIN core.player p ON p.player_id = r.player_id
JOIN core.club c   ON c.club_id = r.club_id
WHERE r.valid_to IS NULL;

-- unpaid fines
CREATE VIEW disc.v_fines_outstanding AS
SELECT f.fine_id, c.club_name, f.player_id, f.offence_code, o.descr, f.amount, f.issued_on, f.due_on, f.reminders_sent
FROM disc.fine f
JOIN core.club c     ON c.club_id = f.club_id
JOIN disc.offence o  ON o.offence_code = f.offence_code
WHERE f.paid_on IS NULL AND NOT f.waived;

-- autovacuum switched off for the 2023 import of the old fines ledger (to be re-enabled - ticket DB-112)
ALTER TABLE disc.fine SET (autovacuum_enabled = off);

VACUUM;
ANALYZE;

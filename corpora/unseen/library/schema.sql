-- =====================================================================
--  Metro City Public Library Consortium -- Integrated Library System
--  (in-house build by the municipal IT team, PostgreSQL 15)
--
--  Schemas:  ops  (branches, programmes/events)
--            cat  (catalogue: bibliographic records, copies, subjects)
--            circ (patrons, loans [partitioned by year], holds, fines)
--
--  Data window 2022-01-01 .. 2025-09-30; the data's "today" is 2025-10-01.
--  Data generation is fully deterministic (md5 of ids, no random()).
--  Load:  psql -v ON_ERROR_STOP=1 -f schema.sql  (into an empty database)
-- =====================================================================

\set ON_ERROR_STOP 1
set client_min_messages = warning;

-- deterministic pseudo-random helper: uniform [0,1) from (key, salt)
create function pg_temp.u(k bigint, salt int) returns double precision
language sql immutable parallel safe as
$$ select ('x' || substr(md5(k::text || '-' || salt::text), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- Schemas
-- ---------------------------------------------------------------------
create schema ops;
create schema cat;
create schema circ;
comment on schema ops  is 'Operations: branches and public programmes/events';
comment on schema cat  is 'Catalogue: bibliographic records, physical copies, subject headings';
comment on schema circ is 'Circulation: patrons (card holders), loans, holds, fines';

create type ops.evt_cat as enum ('storytime', 'author_talk', 'workshop', 'book_club', 'film', 'class');
comment on type ops.evt_cat is 'Programme category';

-- ---------------------------------------------------------------------
-- ops.branch
-- ---------------------------------------------------------------------
create table ops.branch (
    br_id     smallint primary key,
    br_cd     char(3)      not null unique,
    br_nm     varchar(60)  not null,
    addr      varchar(120),
    opened_dt date,
    sq_ft     integer,
    is_ctrl   boolean      not null default false
);
comment on table  ops.branch is 'Library branches of the consortium';
comment on column ops.branch.br_cd   is 'Short branch code used on spine labels and receipts';
comment on column ops.branch.is_ctrl is 'true = central (main) library';

-- ---------------------------------------------------------------------
-- cat.bib / cat.subj / cat.bib_subj / cat.items
-- ---------------------------------------------------------------------
create table cat.bib (
    bib_id   integer primary key,
    title    varchar(200) not null,
    auth     varchar(100),
    pub_yr   smallint,
    lang     char(3)      not null default 'eng',
    mat_cd   varchar(3)   not null,
    isbn     varchar(13),
    added_dt date         not null
);
comment on table  cat.bib is 'Bibliographic records (one per title/edition)';
comment on column cat.bib.auth   is 'Main entry author, "Surname, Forename"';
comment on column cat.bib.pub_yr is 'Year of publication / release';
comment on column cat.bib.lang   is 'Language, ISO 639-2/B three-letter code (eng, spa, fre, chi, ...)';
comment on column cat.bib.mat_cd is 'Material type: BK = print book, DVD = DVD video, EB = e-book (licensed via vendor platform; no physical copies, not circulated in this system), AB = audiobook on CD, MAG = magazine/periodical';
comment on column cat.bib.added_dt is 'Date the record was catalogued';

create table cat.subj (
    subj_id smallint primary key,
    heading varchar(120) not null unique
);
comment on table cat.subj is 'Subject headings (LCSH style)';

create table cat.bib_subj (
    bib_id  integer  not null references cat.bib (bib_id),
    subj_id smallint not null references cat.subj (subj_id),
    primary key (bib_id, subj_id)
);
comment on table cat.bib_subj is 'Subject headings assigned to bibliographic records (many-to-many)';

create table cat.items (
    itm_id      integer primary key,
    barcode     char(14)    not null constraint uq_items_barcode unique,
    bib_id      integer     not null references cat.bib (bib_id),
    br_id       smallint    not null references ops.branch (br_id),
    itm_stat    char(2)     not null default 'AV',
    acq_dt      date        not null,
    price_cents integer,
    call_no     varchar(40)
);
comment on table  cat.items is 'Physical copies (items) of bibliographic records, each with a barcode';
comment on column cat.items.br_id       is 'Owning / shelving branch';
comment on column cat.items.itm_stat    is 'Item status: AV = available on shelf, CO = checked out, LO = lost (patron billed), MI = missing (not found at inventory), WD = withdrawn/discarded';
comment on column cat.items.acq_dt      is 'Date acquired';
comment on column cat.items.price_cents is 'Replacement price in cents';
create index ix_items_bib on cat.items (bib_id);

-- ---------------------------------------------------------------------
-- circ.patron
-- ---------------------------------------------------------------------
create table circ.patron (
    pat_id   integer primary key,
    card_no  char(14)     not null constraint uq_patron_card unique,
    fname    varchar(40)  not null,
    lname    varchar(40)  not null,
    ptype    char(1)      not null,
    home_br  smallint     not null references ops.branch (br_id),
    birth_yr smallint,
    email    varchar(120),
    reg_dt   date         not null,
    exp_dt   date         not null
);
comment on table  circ.patron is 'Registered borrowers (library-card holders)';
comment on column circ.patron.card_no is '14-digit library card barcode';
comment on column circ.patron.ptype   is 'Patron type: A = adult, J = juvenile (under 18), S = senior (65+), X = library staff';
comment on column circ.patron.home_br is 'Home branch';
comment on column circ.patron.reg_dt  is 'Date the card was first issued';
comment on column circ.patron.exp_dt  is 'Card expiry date (card is expired when exp_dt is before today)';
create index ix_patron_lname    on circ.patron (lname);
create index idx_patron_email   on circ.patron (email);
create index ix_patron_home_br  on circ.patron (home_br);

-- ---------------------------------------------------------------------
-- circ.loans  (partitioned by checkout year)
-- ---------------------------------------------------------------------
create table circ.loans (
    loan_id  bigint    not null,
    itm_id   integer   not null references cat.items (itm_id),
    pat_id   integer   not null references circ.patron (pat_id),
    br_id    smallint  not null references ops.branch (br_id),
    co_ts    timestamp not null,
    due_dt   date      not null,
    ret_ts   timestamp,
    renewals smallint  not null default 0,
    primary key (loan_id, co_ts)
) partition by range (co_ts);
comment on table  circ.loans is 'Checkouts of physical items; partitioned by year of checkout';
comment on column circ.loans.br_id    is 'Branch where the checkout happened';
comment on column circ.loans.co_ts    is 'Checkout timestamp';
comment on column circ.loans.due_dt   is 'Current due date (already extended by renewals)';
comment on column circ.loans.ret_ts   is 'Return (check-in) timestamp; NULL = not yet returned';
comment on column circ.loans.renewals is 'Number of times the loan was renewed';
create table circ.loans_2022 partition of circ.loans for values from ('2022-01-01') to ('2023-01-01');
create table circ.loans_2023 partition of circ.loans for values from ('2023-01-01') to ('2024-01-01');
create table circ.loans_2024 partition of circ.loans for values from ('2024-01-01') to ('2025-01-01');
create table circ.loans_2025 partition of circ.loans for values from ('2025-01-01') to ('2026-01-01');
create table circ.loans_2026 partition of circ.loans for values from ('2026-01-01') to ('2027-01-01');
create index ix_loans_itm on circ.loans (itm_id);
create index ix_loans_pat on circ.loans (pat_id);

-- ---------------------------------------------------------------------
-- circ.holds
-- ---------------------------------------------------------------------
create table circ.holds (
    hold_id   integer primary key,
    pat_id    integer   not null references circ.patron (pat_id),
    bib_id    integer   not null references cat.bib (bib_id),
    pickup_br smallint  not null references ops.branch (br_id),
    placed_ts timestamp not null,
    filled_ts timestamp
);
comment on table  circ.holds is 'Title-level holds (reservations) placed by patrons';
comment on column circ.holds.pickup_br is 'Branch where the patron will collect the item';
comment on column circ.holds.filled_ts is 'When a copy was trapped for the patron; NULL = still waiting in the queue';
create index ix_holds_bib on circ.holds (bib_id);

-- ---------------------------------------------------------------------
-- circ.fines   (loan_id refers to circ.loans.loan_id by convention only:
--               no FK because the loans PK includes the partition key)
-- ---------------------------------------------------------------------
create table circ.fines (
    fine_id     integer primary key,
    pat_id      integer  not null references circ.patron (pat_id),
    loan_id     bigint,
    reason      char(2)  not null,
    amt_cents   integer  not null,
    assessed_dt date     not null,
    paid_on     date,
    waived      boolean  not null default false
);
comment on table  circ.fines is 'Charges on patron accounts';
comment on column circ.fines.loan_id   is 'Loan that caused the charge (circ.loans.loan_id)';
comment on column circ.fines.reason    is 'Reason: OD = overdue, LO = lost item (replacement cost), DM = damaged item';
comment on column circ.fines.amt_cents is 'Amount in cents';
comment on column circ.fines.paid_on   is 'Date paid; NULL = not paid';
comment on column circ.fines.waived    is 'true = forgiven by staff (nothing owed)';
create index ix_fines_pat on circ.fines (pat_id);

-- ---------------------------------------------------------------------
-- ops.events
-- ---------------------------------------------------------------------
create table ops.events (
    evt_id   integer primary key,
    br_id    smallint     not null references ops.branch (br_id),
    title    varchar(120) not null,
    cat      ops.evt_cat  not null,
    start_ts timestamp    not null,
    dur_min  smallint     not null,
    capacity smallint,
    attn_cnt smallint
);
comment on table  ops.events is 'Public programmes held at branches';
comment on column ops.events.attn_cnt is 'Head count of attendees; NULL = not yet held or not recorded';
create index ix_events_br on ops.events (br_id);

-- =====================================================================
--  DATA
-- =====================================================================
insert into ops.branch values
 ( 1, 'CEN', 'Central Library',  '100 Civic Plaza',        '1968-05-01', 92000, true),
 ( 2, 'RIV', 'Riverside',        '14 Water St',            '1985-09-12', 18000, false),
 ( 3, 'OAK', 'Oak Park',         '220 Oak Ave',            '1991-03-04', 15500, false),
 ( 4, 'HIL', 'Hillcrest',        '9 Summit Rd',            '1979-10-20', 12000, false),
 ( 5, 'EAS', 'Eastgate',         '4410 E Main St',         '2003-06-15', 21000, false),
 ( 6, 'NOR', 'Northfield',       '77 Northfield Blvd',     '1996-01-08', 14000, false),
 ( 7, 'WES', 'Westbrook',        '1502 Brook Ln',          '2011-11-19', 16500, false),
 ( 8, 'LAK', 'Lakeside',         '3 Shore Dr',             '1972-04-22', 9800,  false),
 ( 9, 'MAP', 'Maple Grove',      '610 Maple St',           '2008-02-02', 13200, false),
 (10, 'SOU', 'Southport',        '88 Harbour Rd S',        '1988-07-30', 11000, false),
 (11, 'CED', 'Cedar Hills',      '2700 Cedar Hills Pkwy',  '2016-09-10', 17500, false),
 (12, 'HAR', 'Harbor View',      '5 Pier Way',             '1999-05-05', 10400, false);

insert into cat.subj (subj_id, heading)
select ord, h from unnest(array[
 'Detective and mystery stories','Science fiction','Fantasy fiction','Romance fiction','Historical fiction',
 'Thrillers (Fiction)','Horror fiction','Short stories','Poetry','Drama',
 'Biography','Autobiography','World War, 1939-1945','United States -- History','Cooking',
 'Baking','Gardening','Travel','Health','Nutrition',
 'Physical fitness','Parenting','Self-help techniques','Business','Personal finance',
 'Investments','Computer programming','Artificial intelligence','Photography','Painting',
 'Music','Motion pictures','Sports','Soccer','Baseball',
 'Animals','Dogs','Cats','Birds','Dinosaurs',
 'Picture books for children','Fairy tales','Friendship -- Juvenile fiction','Families -- Fiction','Graphic novels',
 'Humor','Religion','Philosophy','Psychology','Climate change',
 'Astronomy','Mathematics','Chemistry','Medicine','Law',
 'Politics and government','Economics','Handicraft','Dwellings -- Remodeling','Language and languages -- Study and teaching'
]) with ordinality as t(h, ord);

-- ---------------------------------------------------------------------
-- bibliographic records (8,000)
-- ---------------------------------------------------------------------
create temp table t_bib as
with base as (
  select b as bib_id,
         (b::bigint * 7919) % 16000 as ti,
         pg_temp.u(b, 1) as u_mat,
         pg_temp.u(b, 2) as u_lang,
         pg_temp.u(b, 3) as u_auth,
         pg_temp.u(b, 4) as u_yr,
         pg_temp.u(b, 5) as u_pop,
         pg_temp.u(b, 6) as u_add,
         pg_temp.u(b, 7) as u_old,
         pg_temp.u(b, 8) as u_yr2
  from generate_series(1, 8000) b
), m as (
  select *,
    case when u_mat < 0.60 then 'BK' when u_mat < 0.72 then 'DVD' when u_mat < 0.84 then 'EB'
         when u_mat < 0.92 then 'AB' else 'MAG' end as mat_cd,
    (3000 * power(u_auth, 1.6))::int as a_rank
  from base
), y as (
  select *,
    case mat_cd
      when 'BK'  then case when u_old < 0.02 then 1851 + floor(u_yr2 * 110)::int
                           else 2025 - floor(55 * power(u_yr, 2.5))::int end
      when 'DVD' then 2025 - floor(28 * power(u_yr, 1.8))::int
      when 'EB'  then 2025 - floor(18 * power(u_yr, 1.5))::int
      when 'AB'  then 2025 - floor(28 * power(u_yr, 1.8))::int
      else            2022 + floor(u_yr * 4)::int
    end as pub_yr
  from m
)
select bib_id, mat_cd, pub_yr,
  0.85 * u_pop * u_pop * u_pop + 0.9 / (((bib_id::bigint * 4241) % 8000) + 1) as pop,
  (array['The ','','Our ','The ','','The ','Beyond the ','The ','Notes from the ','Return to the '])[1 + ti / 1600]
  || (array['Silent','Hidden','Broken','Golden','Distant','Forgotten','Burning','Quiet','Secret','Wild',
            'Frozen','Lost','Crimson','Velvet','Midnight','Hollow','Bright','Shattered','Gentle','Restless',
            'Stolen','Painted','Winter','Summer','Scarlet','Glass','Paper','Silver','Falling','Rising',
            'Wandering','Sleeping','Bitter','Sweet','Northern','Southern','Little','Drowned','Amber','Salt'])[1 + (ti % 40)::int]
  || ' '
  || (array['River','Garden','House','Kingdom','Letter','Mountain','Orchard','Harbor','Island','Forest',
            'Bridge','Daughter','Promise','Shadow','Journey','Library','Window','Sky','Road','Voyage',
            'Storm','Lantern','Mirror','Season','City','Crown','Tide','Witness','Archive','Song',
            'Compass','Field','Sea','Country','Room','Valley','Clock','Circle','Map','Heart'])[1 + ((ti / 40) % 40)::int]
  || (array['','','',' of Summer',' and Other Stories',' Mystery','',' Chronicles','',''])[1 + ti / 1600]
  as title_raw,
  (array['Abbott','Alvarez','Bennett','Brooks','Castillo','Chen','Clarke','Dawson','Delgado','Ellis',
         'Fischer','Flores','Garner','Gupta','Hale','Hartman','Hughes','Ibarra','Jensen','Kaur',
         'Keller','Kowalski','Lambert','Larsen','Mahoney','Marsh','Mendez','Moreau','Nakamura','Novak',
         'Okafor','Olsen','Patel','Pereira','Quinn','Ramirez','Reyes','Rossi','Sandoval','Schmidt',
         'Sharma','Sinclair','Sorensen','Tanaka','Thornton','Underwood','Vance','Vargas','Walsh','Weber',
         'Whitfield','Xu','Yamada','Young','Zamora','Zhang','Baptiste','Lindqvist','Oduya','Petrov'])[1 + (((a_rank * 37) % 3000) % 60)]
  || ', ' ||
  (array['Anna','Ben','Carmen','David','Elena','Farid','Grace','Hiroshi','Isabel','Jonah',
         'Kira','Luis','Maya','Noah','Olga','Pablo','Quentin','Rosa','Samuel','Tessa',
         'Umar','Vera','Walter','Ximena','Yusuf','Zoe','Amara','Bruno','Celeste','Dmitri',
         'Esther','Felix','Gemma','Hugo','Ines','Julian','Lena','Marcus','Nadia','Oscar',
         'Priya','Rafael','Sofia','Tobias','Ursula','Victor','Wren','Yara','Alma','Cyrus'])[1 + (((a_rank * 37) % 3000) / 60)]
  as auth,
  case when u_lang < 0.82 then 'eng' when u_lang < 0.90 then 'spa' when u_lang < 0.925 then 'fre'
       when u_lang < 0.95 then 'chi' when u_lang < 0.965 then 'pol' when u_lang < 0.975 then 'ger'
       when u_lang < 0.985 then 'ara' else 'vie' end as lang,
  u_add
from y;

insert into cat.bib (bib_id, title, auth, pub_yr, lang, mat_cd, isbn, added_dt)
select bib_id,
       replace(title_raw, '  ', ' '),
       case when mat_cd = 'MAG' then null else auth end,
       pub_yr, lang, mat_cd,
       case when mat_cd in ('BK', 'EB', 'AB')
            then '978' || lpad(((bib_id::bigint * 102947 + 12345) % 1000000000)::text, 9, '0') || (bib_id % 10)::text end,
       lo + floor(u_add * (hi - lo))::int
from (
  select t.*,
         greatest(make_date(pub_yr, 1, 1), date '2008-01-01') as lo,
         least(greatest(make_date(pub_yr, 1, 1), date '2008-01-01') + 730, date '2025-09-30') as hi
  from t_bib t
) s;

insert into cat.bib_subj (bib_id, subj_id)
select distinct b.bib_id, (1 + floor(60 * power(pg_temp.u(b.bib_id * 10 + k, 11), 1.4)))::smallint
from cat.bib b
cross join generate_series(1, 3) k
where k <= 1 + floor(pg_temp.u(b.bib_id, 12) * 2.6);

-- ---------------------------------------------------------------------
-- physical copies (items) -- e-books have none
-- ---------------------------------------------------------------------
create temp table t_item as
with c as (
  select b.bib_id, b.mat_cd, t.pop, b.added_dt, g.c,
         row_number() over (order by b.bib_id, g.c)::int as itm_id
  from cat.bib b
  join t_bib t using (bib_id)
  cross join lateral generate_series(1,
      1 + floor(t.pop * case b.mat_cd when 'BK' then 6 when 'DVD' then 3 when 'AB' then 2 else 1 end
                + pg_temp.u(b.bib_id, 13))::int) g(c)
  where b.mat_cd <> 'EB'
), d as (
  select c.*,
    case when pg_temp.u(itm_id, 20) < 0.22 then 1
         else 2 + floor((pg_temp.u(itm_id, 20) - 0.22) / 0.78 * 11)::int end as br_id,
    least(added_dt + floor(pg_temp.u(itm_id, 21) * 60)::int, date '2025-09-30') as acq_dt,
    pg_temp.u(itm_id, 22) as u_cls,
    case mat_cd when 'BK' then 1500 + 100 * floor(pg_temp.u(itm_id, 23) * 30)::int
                when 'DVD' then 1999 + 100 * floor(pg_temp.u(itm_id, 23) * 11)::int
                when 'AB' then 3000 + 100 * floor(pg_temp.u(itm_id, 23) * 31)::int
                else 500 + 100 * floor(pg_temp.u(itm_id, 23) * 5)::int end as price_cents
  from c
), e as (
  select d.*,
    case when u_cls < 0.022 then 'L' when u_cls < 0.050 then 'W' when u_cls < 0.060 then 'M' else 'N' end as cls,
    greatest(timestamp '2022-01-01', acq_dt::timestamp) as win_start
  from d
), f as (
  select e.*,
    case when cls = 'N' then timestamp '2025-10-01'
         else win_start + (pg_temp.u(itm_id, 24) * extract(epoch from (timestamp '2025-09-30' - win_start))) * interval '1 second'
    end as win_end
  from e
)
select f.*,
  extract(epoch from (win_end - win_start)) / 86400.0 as span_d,
  greatest(0, floor(
     (0.2 + 6 * power(pop, 1.5))
     * case mat_cd when 'BK' then 1.0 when 'DVD' then 1.6 when 'AB' then 0.7 else 0.8 end
     * (0.6 + 0.8 * pg_temp.u(itm_id, 25))
     * (extract(epoch from (win_end - win_start)) / 86400.0) / 365.25
     + pg_temp.u(itm_id, 26)))::int as k
from f;

-- ---------------------------------------------------------------------
-- patrons (15,000): ids 1..10500 registered 2005-2021, 10501..15000 in 2022-2025-09
-- ---------------------------------------------------------------------
create temp table t_pat as
with b as (
  select p as pat_id,
    case when p <= 10500
         then date '2005-01-01' + floor((p - 1 + pg_temp.u(p, 30)) * 6209.0 / 10500)::int
         else date '2022-01-01' + floor((p - 10501 + pg_temp.u(p, 30)) * 1368.0 / 4500)::int end as reg_dt,
    pg_temp.u(p, 31) as u_age, pg_temp.u(p, 32) as u_typ, pg_temp.u(p, 33) as u_br,
    pg_temp.u(p, 34) as u_act, pg_temp.u(p, 35) as u_exp, pg_temp.u(p, 36) as u_mail,
    pg_temp.u(p, 37) as u_fn, pg_temp.u(p, 38) as u_ln
  from generate_series(1, 15000) p
), c as (
  select b.*,
    (extract(year from reg_dt)::int - (3 + floor(power(u_age, 1.7) * 78))::int) as birth_yr
  from b
)
select c.*,
  case when birth_yr >= 2008 then 'J' when birth_yr <= 1960 then 'S'
       when u_typ < 0.03 then 'X' else 'A' end as ptype,
  case when u_br < 0.20 then 1 else 2 + floor((u_br - 0.20) / 0.80 * 11)::int end as home_br,
  case when u_act < 0.80 or reg_dt > date '2024-09-30'
       then greatest((reg_dt + interval '3 years')::date, date '2025-10-02' + floor(u_exp * 1090)::int)
       else (reg_dt + 365) + floor(u_exp * (date '2025-09-30' - (reg_dt + 365)))::int end as exp_dt
from c;

insert into circ.patron (pat_id, card_no, fname, lname, ptype, home_br, birth_yr, email, reg_dt, exp_dt)
select pat_id,
       '21234' || lpad(pat_id::text, 9, '0'),
       fn, ln, ptype, home_br, birth_yr,
       case when u_mail < 0.72 then lower(fn || '.' || replace(ln, '''', '') || pat_id::text || '@' ||
            (array['mail.com','inbox.net','citymail.org','webpost.com'])[1 + (pat_id % 4)]) end,
       reg_dt, exp_dt
from (
  select t.*,
    (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth',
           'William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Carlos','Karen',
           'Daniel','Lisa','Matthew','Nancy','Anthony','Betty','Mark','Sandra','Wei','Ashley',
           'Steven','Kimberly','Paul','Emily','Andrew','Donna','Joshua','Michelle','Kenji','Carol',
           'Kevin','Amanda','Brian','Melissa','Jose','Deborah','Omar','Stephanie','Ryan','Aisha',
           'Jacob','Laura','Ethan','Olivia','Liam','Emma','Mateo','Ava','Lucas','Mia'])[1 + floor(u_fn * 60)::int] as fn,
    (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
           'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin',
           'Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson',
           'Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores',
           'Green','Adams','Nelson','Baker','Hall','Rivera','Campbell','Mitchell','Carter','Roberts',
           'Kim','Patel','O''Brien','Murphy','Cohen','Kowalczyk','Singh','Tran','Okonkwo','Haddad',
           'Ferreira','Novak','Schultz','Andersen','Ivanova','Mendoza','Park','Russo','Dubois','Chowdhury',
           'Mbeki','Larsen','Yilmaz','Costa','Reilly','Becker','Sato','Hoffman','Price','Bishop'])[1 + floor(u_ln * 80)::int] as ln
  from t_pat t
) s;

-- ---------------------------------------------------------------------
-- loans (~100k) : each copy has a chain of non-overlapping loans
-- ---------------------------------------------------------------------
create temp table t_loan as
with g as (
  select i.itm_id, i.bib_id, i.br_id, i.mat_cd, i.cls, i.win_start, i.win_end, i.span_d,
         i.span_d / i.k as gap, j, i.itm_id::bigint * 1000 + j as lk, pg_temp.u(i.itm_id, 27) as phase
  from t_item i
  cross join lateral generate_series(0, i.k) j
  where i.k > 0
), d00 as (
  select g.*,
    win_start + ((j + phase + 0.1 * pg_temp.u(lk, 1)) * gap * 86400) * interval '1 second' as t_raw
  from g
), d0x as (
  -- keep the loans that start inside the item's active window; number them 0..n-1
  select d00.*, count(*) over (partition by itm_id) as k
  from d00 where t_raw < win_end - interval '12 hours'
), d0 as (
  select d0x.*,
    t_raw::date as d_raw,
    case when pg_temp.u(lk, 3) < 0.70 then 0 when pg_temp.u(lk, 3) < 0.90 then 1 else 2 end as renewals,
    case mat_cd when 'BK' then 21 when 'DVD' then 7 when 'AB' then 21 else 14 end as period
  from d0x
), d1 as (
  select d0.*,
    d_raw + case when extract(isodow from d_raw) = 7 then 1 else 0 end as co_date,
    period * (1 + renewals) as due_days
  from d0
), d2 as (
  select d1.*,
    co_date + due_days as due_dt,
    least(
      case when pg_temp.u(lk, 4) < 0.12
           then due_days + 1 + floor(40 * power(pg_temp.u(lk, 5), 2))::int
           else greatest(1, ceil(due_days * sqrt(pg_temp.u(lk, 5))))::int end,
      greatest(1, floor(gap * 0.6)::int - 1)) as dd,
    (co_date + time '09:00') + floor(pg_temp.u(lk, 2) * 39600) * interval '1 second' as co_ts,
    case when co_date < date '2022-01-01' then 10500
         else 10500 + floor((co_date - date '2022-01-01') * 4500.0 / 1368)::int end as maxpat
  from d1
), d3 as (
  select d2.*,
    ((co_date + dd) + time '09:00') + floor(pg_temp.u(lk, 6) * 39600) * interval '1 second' as ret_raw,
    case when pg_temp.u(lk, 7) < 0.12
         then 1 + floor(pg_temp.u(floor(400 * power(pg_temp.u(lk, 8), 1.25))::bigint, 99) * 10500)::int
         else 1 + floor(pg_temp.u(lk, 9) * maxpat)::int end as pat_id
  from d2
)
select itm_id, bib_id, br_id, mat_cd, cls, k, j, lk, co_ts, due_dt, renewals, pat_id,
  case when cls = 'L' and j = k - 1 then null
       when ret_raw >= timestamp '2025-10-01' then null
       else ret_raw end as ret_ts
from d3;

-- item status derived from the loan history
create temp table t_open as
select itm_id, max(due_dt) as due_dt from t_loan where ret_ts is null group by itm_id;

insert into cat.items (itm_id, barcode, bib_id, br_id, itm_stat, acq_dt, price_cents, call_no)
select i.itm_id,
       '31234' || lpad(i.itm_id::text, 9, '0'),
       i.bib_id, i.br_id,
       case when o.itm_id is not null and o.due_dt < date '2025-08-02' then 'LO'
            when o.itm_id is not null then 'CO'
            when i.cls = 'W' then 'WD'
            when i.cls in ('M', 'L') then 'MI'
            else 'AV' end,
       i.acq_dt, i.price_cents,
       case i.mat_cd when 'BK'  then 'FIC ' || upper(left(b.auth, 3))
                     when 'DVD' then 'DVD ' || upper(left(replace(b.title, 'The ', ''), 4))
                     when 'AB'  then 'CD-BOOK ' || upper(left(b.auth, 3))
                     else 'PER ' || upper(left(replace(b.title, 'The ', ''), 4)) end
from t_item i
join cat.bib b using (bib_id)
left join t_open o using (itm_id)
order by i.itm_id;

insert into circ.loans (loan_id, itm_id, pat_id, br_id, co_ts, due_dt, ret_ts, renewals)
select row_number() over (order by co_ts, itm_id), itm_id, pat_id, br_id, co_ts, due_dt, ret_ts, renewals
from t_loan
order by co_ts, itm_id;

-- ---------------------------------------------------------------------
-- fines
-- ---------------------------------------------------------------------
create temp table t_fine as
-- overdue fines: assessed at check-in; juveniles and staff are fine-free
select l.loan_id, l.pat_id, 'OD'::char(2) as reason,
       case p.ptype when 'S' then least(500, 10 * (l.ret_ts::date - l.due_dt))
                    else least(1000, 25 * (l.ret_ts::date - l.due_dt)) end as amt_cents,
       l.ret_ts::date as assessed_dt, 0.70 as p_paid, 0.08 as p_waive
from circ.loans l
join circ.patron p using (pat_id)
where l.ret_ts is not null and l.ret_ts::date > l.due_dt and p.ptype in ('A', 'S')
union all
-- lost items: replacement cost billed 45 days after due date
select l.loan_id, l.pat_id, 'LO', i.price_cents, l.due_dt + 45, 0.30, 0.10
from circ.loans l
join cat.items i using (itm_id)
where l.ret_ts is null and i.itm_stat = 'LO'
union all
-- damage charges
select l.loan_id, l.pat_id, 'DM', 500 + 100 * floor(pg_temp.u(l.loan_id, 41) * 21)::int,
       l.ret_ts::date, 0.60, 0.15
from circ.loans l
where l.ret_ts is not null and pg_temp.u(l.loan_id, 40) < 0.004;

insert into circ.fines (fine_id, pat_id, loan_id, reason, amt_cents, assessed_dt, paid_on, waived)
select row_number() over (order by assessed_dt, loan_id, reason),
       pat_id, loan_id, reason, amt_cents, assessed_dt,
       case when w < p_paid and assessed_dt + floor(power(v, 2) * 90)::int < date '2025-10-01'
            then assessed_dt + floor(power(v, 2) * 90)::int end,
       (w >= p_paid and w < p_paid + p_waive)
from (
  select f.*, pg_temp.u(f.loan_id * 3 + ascii(f.reason), 42) as w,
              pg_temp.u(f.loan_id * 3 + ascii(f.reason), 43) as v
  from t_fine f
) s
order by 1;

-- ---------------------------------------------------------------------
-- holds (9,000) on popular physical titles
-- ---------------------------------------------------------------------
create temp table t_rank as
select row_number() over (order by t.pop desc, t.bib_id) as rk, t.bib_id
from t_bib t where t.mat_cd <> 'EB';

insert into circ.holds (hold_id, pat_id, bib_id, pickup_br, placed_ts, filled_ts)
select h, x.pat_id, r.bib_id,
       case when pg_temp.u(h, 54) < 0.9 then p.home_br else 1 + floor(pg_temp.u(h, 55) * 12)::int end,
       placed_ts,
       case when filled < timestamp '2025-10-01' then filled end
from (
  select h, pd, placed_ts,
         1 + floor(pg_temp.u(h, 51) * (10500 + floor((pd - date '2022-01-01') * 4500.0 / 1368)))::int as pat_id,
         1 + floor(7040 * power(pg_temp.u(h, 52), 3))::int as rk,
         ((pd + 1 + floor(power(pg_temp.u(h, 53), 3) * 120)::int) + time '09:00')
            + floor(pg_temp.u(h, 56) * 39600) * interval '1 second' as filled
  from (
    select h, pd, (pd + time '09:00') + floor(pg_temp.u(h, 57) * 39600) * interval '1 second' as placed_ts
    from (select h, date '2022-01-01' + floor(pg_temp.u(h, 50) * 1368)::int as pd
          from generate_series(1, 9000) h) a
  ) b
) x
join t_rank r on r.rk = least(x.rk, (select max(rk) from t_rank))
join circ.patron p on p.pat_id = x.pat_id
order by h;

-- ---------------------------------------------------------------------
-- events (programmes), weekly schedule 2022-01-03 .. 2025-12-29
-- ---------------------------------------------------------------------
insert into ops.events (evt_id, br_id, title, cat, start_ts, dur_min, capacity, attn_cnt)
select row_number() over (order by start_ts, br_id, slot),
       br_id, title, cat, start_ts, dur_min, capacity,
       case when start_ts >= timestamp '2025-10-01' then null
            when pg_temp.u(ek, 64) < 0.04 then null
            else least(capacity, greatest(1, round(capacity * (0.35 + 0.6 * pg_temp.u(ek, 65)))))::int end
from (
  select w.wk, b.br_id, s.slot, ek,
         c.cat,
         case c.cat
           when 'storytime'   then (array['Baby Storytime','Toddler Storytime','Family Storytime','Bilingual Storytime'])[1 + floor(pg_temp.u(ek, 66) * 4)::int]
           when 'author_talk' then 'Author Talk: ' || (select auth from cat.bib where bib_id = 1 + floor(pg_temp.u(ek, 67) * 8000)::int and auth is not null
                                                      union all select 'Local Authors Panel' limit 1)
           when 'workshop'    then (array['Tech Help Drop-in','Resume Workshop','Intro to Genealogy','Seed Library Workshop','3D Printing Basics'])[1 + floor(pg_temp.u(ek, 66) * 5)::int]
           when 'book_club'   then (array['Adult Book Club','Mystery Book Club','Teen Book Club'])[1 + floor(pg_temp.u(ek, 66) * 3)::int]
           when 'film'        then 'Friday Film: ' || (select title from cat.bib where mat_cd = 'DVD' and bib_id >= 1 + floor(pg_temp.u(ek, 67) * 7900)::int order by bib_id limit 1)
           else                    (array['ESL Conversation Class','Computer Basics Class','Citizenship Class'])[1 + floor(pg_temp.u(ek, 66) * 3)::int]
         end as title,
         (w.wk + (case c.cat when 'film' then 4 when 'storytime' then floor(pg_temp.u(ek, 68) * 3)::int
                           else floor(pg_temp.u(ek, 68) * 6)::int end)
              + case c.cat when 'storytime' then time '10:30' when 'film' then time '18:00'
                           when 'book_club' then time '18:30'
                           else (array[time '10:00', time '14:00', time '18:00'])[1 + floor(pg_temp.u(ek, 69) * 3)::int] end
         ) as start_ts,
         case c.cat when 'storytime' then 30 when 'film' then 120 when 'book_club' then 90 else 60 end as dur_min,
         case c.cat when 'storytime' then 25 when 'author_talk' then 80 when 'workshop' then 15
                    when 'book_club' then 14 when 'film' then 40 else 20 end
           * case when b.br_id = 1 then 2 else 1 end as capacity
  from generate_series(date '2022-01-03', date '2025-12-29', interval '7 days') g(wk0)
  cross join lateral (select g.wk0::date as wk) w
  cross join ops.branch b
  cross join generate_series(1, 3) s(slot)
  cross join lateral (select (b.br_id * 100000 + s.slot * 10000 + (w.wk - date '2022-01-03') / 7)::bigint as ek) e
  cross join lateral (select (case when pg_temp.u(ek, 60) < 0.40 then 'storytime'
                                   when pg_temp.u(ek, 60) < 0.50 then 'author_talk'
                                   when pg_temp.u(ek, 60) < 0.68 then 'workshop'
                                   when pg_temp.u(ek, 60) < 0.80 then 'book_club'
                                   when pg_temp.u(ek, 60) < 0.88 then 'film'
                                   else 'class' end)::ops.evt_cat as cat) c
  where pg_temp.u(ek, 61) < case when b.br_id = 1 then 0.9 else 0.25 + 0.06 * (b.br_id % 6) end
    and (s.slot <= 2 or b.br_id = 1)
) x;

-- ---------------------------------------------------------------------
-- view
-- ---------------------------------------------------------------------
create view circ.v_open_loans as
select l.loan_id, l.co_ts, l.due_dt, l.renewals, l.br_id,
       p.card_no, p.lname, p.fname, p.ptype,
       i.barcode, i.itm_stat, b.title, b.mat_cd
from circ.loans l
join circ.patron p on p.pat_id = l.pat_id
join cat.items i on i.itm_id = l.itm_id
join cat.bib b on b.bib_id = i.bib_id
where l.ret_ts is null;
comment on view circ.v_open_loans is 'Loans still out (not yet checked in), with patron and item details';

drop table t_bib, t_item, t_pat, t_loan, t_open, t_fine, t_rank;

-- bulk load done: set hint bits / visibility map and reset insert counters,
-- then gather planner statistics
vacuum;
analyze;

--
-- DVD rental store ("pagila"-style port of the MySQL sakila sample database).
-- DDL follows the public pagila dump (same tables, column names, types, views, functions,
-- partitioned payment table); the rows are generated here, deterministically.
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;

CREATE EXTENSION IF NOT EXISTS pg_stat_statements;

--
-- Types and domains
--

CREATE TYPE public.mpaa_rating AS ENUM (
    'G',
    'PG',
    'PG-13',
    'R',
    'NC-17'
);

CREATE DOMAIN public.year AS integer
	CONSTRAINT year_check CHECK (((VALUE >= 1901) AND (VALUE <= 2155)));

--
-- Helper functions used by the DDL
--

CREATE FUNCTION public._group_concat(text, text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $_$
SELECT CASE
  WHEN $2 IS NULL THEN $1
  WHEN $1 IS NULL THEN $2
  ELSE $1 || ', ' || $2
END
$_$;

CREATE AGGREGATE public.group_concat(text) (
    SFUNC = public._group_concat,
    STYPE = text
);

CREATE FUNCTION public.last_updated() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    NEW.last_update = CURRENT_TIMESTAMP;
    RETURN NEW;
END $$;

--
-- Tables
--

CREATE SEQUENCE public.actor_actor_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.actor (
    actor_id integer DEFAULT nextval('public.actor_actor_id_seq'::regclass) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.category_category_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.category (
    category_id integer DEFAULT nextval('public.category_category_id_seq'::regclass) NOT NULL,
    name text NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.film_film_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.film (
    film_id integer DEFAULT nextval('public.film_film_id_seq'::regclass) NOT NULL,
    title text NOT NULL,
    description text,
    release_year public.year,
    language_id integer NOT NULL,
    original_language_id integer,
    rental_duration smallint DEFAULT 3 NOT NULL,
    rental_rate numeric(4,2) DEFAULT 4.99 NOT NULL,
    length smallint,
    replacement_cost numeric(5,2) DEFAULT 19.99 NOT NULL,
    rating public.mpaa_rating DEFAULT 'G'::public.mpaa_rating,
    last_update timestamp with time zone DEFAULT now() NOT NULL,
    special_features text[],
    fulltext tsvector NOT NULL
);

CREATE TABLE public.film_actor (
    actor_id integer NOT NULL,
    film_id integer NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.film_category (
    film_id integer NOT NULL,
    category_id integer NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.address_address_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.address (
    address_id integer DEFAULT nextval('public.address_address_id_seq'::regclass) NOT NULL,
    address text NOT NULL,
    address2 text,
    district text NOT NULL,
    city_id integer NOT NULL,
    postal_code text,
    phone text NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.city_city_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.city (
    city_id integer DEFAULT nextval('public.city_city_id_seq'::regclass) NOT NULL,
    city text NOT NULL,
    country_id integer NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.country_country_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.country (
    country_id integer DEFAULT nextval('public.country_country_id_seq'::regclass) NOT NULL,
    country text NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.customer_customer_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.customer (
    customer_id integer DEFAULT nextval('public.customer_customer_id_seq'::regclass) NOT NULL,
    store_id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text,
    address_id integer NOT NULL,
    activebool boolean DEFAULT true NOT NULL,
    create_date date DEFAULT CURRENT_DATE NOT NULL,
    last_update timestamp with time zone DEFAULT now(),
    active integer
);

CREATE SEQUENCE public.inventory_inventory_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.inventory (
    inventory_id integer DEFAULT nextval('public.inventory_inventory_id_seq'::regclass) NOT NULL,
    film_id integer NOT NULL,
    store_id integer NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.language_language_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.language (
    language_id integer DEFAULT nextval('public.language_language_id_seq'::regclass) NOT NULL,
    name character(20) NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.payment_payment_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.payment (
    payment_id integer DEFAULT nextval('public.payment_payment_id_seq'::regclass) NOT NULL,
    customer_id integer NOT NULL,
    staff_id integer NOT NULL,
    rental_id integer,
    amount numeric(5,2) NOT NULL,
    payment_date timestamp with time zone NOT NULL
)
PARTITION BY RANGE (payment_date);

CREATE TABLE public.payment_p2022_01 (LIKE public.payment INCLUDING DEFAULTS);
CREATE TABLE public.payment_p2022_02 (LIKE public.payment INCLUDING DEFAULTS);
CREATE TABLE public.payment_p2022_03 (LIKE public.payment INCLUDING DEFAULTS);
CREATE TABLE public.payment_p2022_04 (LIKE public.payment INCLUDING DEFAULTS);
CREATE TABLE public.payment_p2022_05 (LIKE public.payment INCLUDING DEFAULTS);
CREATE TABLE public.payment_p2022_06 (LIKE public.payment INCLUDING DEFAULTS);
CREATE TABLE public.payment_p2022_07 (LIKE public.payment INCLUDING DEFAULTS);
CREATE TABLE public.payment_p2022_08 (LIKE public.payment INCLUDING DEFAULTS);
-- nobody created monthly partitions after the 2022 re-launch: everything newer lands here
CREATE TABLE public.payment_default (LIKE public.payment INCLUDING DEFAULTS);

ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_01 FOR VALUES FROM ('2022-01-01 00:00:00+00') TO ('2022-02-01 00:00:00+00');
ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_02 FOR VALUES FROM ('2022-02-01 00:00:00+00') TO ('2022-03-01 00:00:00+00');
ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_03 FOR VALUES FROM ('2022-03-01 00:00:00+00') TO ('2022-04-01 00:00:00+00');
ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_04 FOR VALUES FROM ('2022-04-01 00:00:00+00') TO ('2022-05-01 00:00:00+00');
ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_05 FOR VALUES FROM ('2022-05-01 00:00:00+00') TO ('2022-06-01 00:00:00+00');
ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_06 FOR VALUES FROM ('2022-06-01 00:00:00+00') TO ('2022-07-01 00:00:00+00');
ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_07 FOR VALUES FROM ('2022-07-01 00:00:00+00') TO ('2022-08-01 00:00:00+00');
ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_p2022_08 FOR VALUES FROM ('2022-08-01 00:00:00+00') TO ('2022-09-01 00:00:00+00');
ALTER TABLE ONLY public.payment ATTACH PARTITION public.payment_default DEFAULT;

CREATE SEQUENCE public.rental_rental_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.rental (
    rental_id integer DEFAULT nextval('public.rental_rental_id_seq'::regclass) NOT NULL,
    rental_date timestamp with time zone NOT NULL,
    inventory_id integer NOT NULL,
    customer_id integer NOT NULL,
    return_date timestamp with time zone,
    staff_id integer NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.staff_staff_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.staff (
    staff_id integer DEFAULT nextval('public.staff_staff_id_seq'::regclass) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    address_id integer NOT NULL,
    email text,
    store_id integer NOT NULL,
    active boolean DEFAULT true NOT NULL,
    username text NOT NULL,
    password text,
    last_update timestamp with time zone DEFAULT now() NOT NULL,
    picture bytea
);

CREATE SEQUENCE public.store_store_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE public.store (
    store_id integer DEFAULT nextval('public.store_store_id_seq'::regclass) NOT NULL,
    manager_staff_id integer NOT NULL,
    address_id integer NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Data. Deterministic: every "random" draw is a hash of (row number, salt).
--

CREATE FUNCTION pg_temp.rnd(i bigint, salt text) RETURNS double precision
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT ('x' || substr(md5(salt || ':' || i), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE FUNCTION pg_temp.pick(arr text[], i bigint, salt text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT arr[1 + floor(pg_temp.rnd(i, salt) * array_length(arr, 1))::int] $$;

-- ---------------------------------------------------------------- language, category
INSERT INTO public.language (language_id, name, last_update) VALUES
 (1, 'English', '2022-02-15 10:02:19+00'),
 (2, 'Italian', '2022-02-15 10:02:19+00'),
 (3, 'Japanese', '2022-02-15 10:02:19+00'),
 (4, 'Mandarin', '2022-02-15 10:02:19+00'),
 (5, 'French', '2022-02-15 10:02:19+00'),
 (6, 'German', '2022-02-15 10:02:19+00');

INSERT INTO public.category (category_id, name, last_update) VALUES
 (1, 'Action', '2022-02-15 09:46:27+00'),
 (2, 'Animation', '2022-02-15 09:46:27+00'),
 (3, 'Children', '2022-02-15 09:46:27+00'),
 (4, 'Classics', '2022-02-15 09:46:27+00'),
 (5, 'Comedy', '2022-02-15 09:46:27+00'),
 (6, 'Documentary', '2022-02-15 09:46:27+00'),
 (7, 'Drama', '2022-02-15 09:46:27+00'),
 (8, 'Family', '2022-02-15 09:46:27+00'),
 (9, 'Foreign', '2022-02-15 09:46:27+00'),
 (10, 'Games', '2022-02-15 09:46:27+00'),
 (11, 'Horror', '2022-02-15 09:46:27+00'),
 (12, 'Music', '2022-02-15 09:46:27+00'),
 (13, 'New', '2022-02-15 09:46:27+00'),
 (14, 'Sci-Fi', '2022-02-15 09:46:27+00'),
 (15, 'Sports', '2022-02-15 09:46:27+00'),
 (16, 'Travel', '2022-02-15 09:46:27+00');

-- ---------------------------------------------------------------- country, city
CREATE TEMP TABLE geo (n serial, city text, district text, country text);
INSERT INTO geo (city, district, country) VALUES
 ('Lethbridge','Alberta','Canada'), ('Woodridge','QLD','Australia'),
 ('London','Ontario','Canada'), ('Richmond Hill','Ontario','Canada'), ('Halifax','Nova Scotia','Canada'), ('Gatineau','Québec','Canada'),
 ('Adoni','Andhra Pradesh','India'), ('Ambattur','Tamil Nadu','India'), ('Amroha','Uttar Pradesh','India'), ('Bhilwara','Rajasthan','India'),
 ('Bhimavaram','Andhra Pradesh','India'), ('Chandrapur','Maharashtra','India'), ('Dhule (Dhulia)','Maharashtra','India'), ('Etawah','Uttar Pradesh','India'),
 ('Gandhinagar','Gujarat','India'), ('Hubli-Dharwad','Karnataka','India'), ('Jamalpur','Bihar','India'), ('Kanchrapara','West Bengal','India'),
 ('Kolhapur','Maharashtra','India'), ('Nagaon','Assam','India'),
 ('Baicheng','Jilin','China'), ('Binzhou','Shandong','China'), ('Dongying','Shandong','China'), ('Fuyu','Jilin','China'),
 ('Haining','Zhejiang','China'), ('Jinzhou','Liaoning','China'), ('Laiwu','Shandong','China'), ('Nanyang','Henan','China'),
 ('Shenzhen','Guangdong','China'), ('Tiefa','Liaoning','China'), ('Xiangtan','Hunan','China'),
 ('Aurora','Illinois','United States'), ('Bellevue','Washington','United States'), ('Brockton','Massachusetts','United States'),
 ('Cape Coral','Florida','United States'), ('Citrus Heights','California','United States'), ('Dayton','Ohio','United States'),
 ('El Monte','California','United States'), ('Fontana','California','United States'), ('Garden Grove','California','United States'),
 ('Joliet','Illinois','United States'), ('Lancaster','Pennsylvania','United States'),
 ('Akishima','Tokyo-to','Japan'), ('Fukuyama','Hiroshima','Japan'), ('Higashiosaka','Osaka','Japan'), ('Iwaki','Fukushima','Japan'),
 ('Kamakura','Kanagawa','Japan'), ('Okayama','Okayama','Japan'),
 ('Acuña','Coahuila de Zaragoza','Mexico'), ('Atlixco','Puebla','Mexico'), ('Celaya','Guanajuato','Mexico'), ('Coatzacoalcos','Veracruz','Mexico'),
 ('Huejutla de Reyes','Hidalgo','Mexico'), ('Matamoros','Tamaulipas','Mexico'),
 ('Alvorada','Rio Grande do Sul','Brazil'), ('Angra dos Reis','Rio de Janeiro','Brazil'), ('Anápolis','Goiás','Brazil'), ('Betim','Minas Gerais','Brazil'),
 ('Boa Vista','Roraima','Brazil'), ('Juiz de Fora','Minas Gerais','Brazil'),
 ('Balašiha','Moscow (City)','Russian Federation'), ('Dzerzinsk','Nizni Novgorod','Russian Federation'), ('Ivanovo','Ivanovo','Russian Federation'),
 ('Kolpino','Pietari','Russian Federation'), ('Syktyvkar','Komi','Russian Federation'),
 ('Angeles','Central Luzon','Philippines'), ('Bayugan','Caraga','Philippines'), ('Cabuyao','Southern Tagalog','Philippines'), ('Davao','Southern Mindanao','Philippines'),
 ('Adana','Adana','Turkey'), ('Balikesir','Balikesir','Turkey'), ('Denizli','Denizli','Turkey'), ('Eskisehir','Eskisehir','Turkey'),
 ('Bandar Seri Begawan','Brunei','Brunei'),
 ('Cianjur','West Java','Indonesia'), ('Ciparay','West Java','Indonesia'), ('Jakarta','Jakarta Raya','Indonesia'), ('Kupang','Nusa Tenggara Timur','Indonesia'),
 ('Benin City','Edo & Delta','Nigeria'), ('Ife','Oyo & Osun','Nigeria'), ('Kaduna','Kaduna','Nigeria'),
 ('Avellaneda','Buenos Aires','Argentina'), ('Bahía Blanca','Buenos Aires','Argentina'), ('Córdoba','Córdoba','Argentina'),
 ('Duisburg','Nordrhein-Westfalen','Germany'), ('Erlangen','Bavaria','Germany'), ('Halle/Saale','Saxony-Anhalt','Germany'),
 ('Bradford','England','United Kingdom'), ('Dundee','Scotland','United Kingdom'), ('Southport','England','United Kingdom'),
 ('Bergamo','Lombardia','Italy'), ('Brindisi','Apulia','Italy'), ('Como','Lombardia','Italy'),
 ('Brest','Bretagne','France'), ('Toulon','Provence-Alpes-Côte','France'),
 ('A Coruña (La Coruña)','Galicia','Spain'), ('Donostia-San Sebastián','Basque Country','Spain'),
 ('Bydgoszcz','Kujawsko-Pomorskie','Poland'), ('Czestochowa','Slaskie','Poland'),
 ('Arak','Markazi','Iran'), ('Esfahan','Esfahan','Iran'),
 ('Bilbays','al-Sharqiya','Egypt'), ('Idfu','Qina','Egypt'),
 ('Botshabelo','Free State','South Africa'), ('Boksburg','Gauteng','South Africa'),
 ('Cam Ranh','Khanh Hoa','Vietnam'), ('Haiphong','Haiphong','Vietnam'),
 ('Changhwa','Changhwa','Taiwan'), ('Chiayi','Tainan','Taiwan'),
 ('Cheju','Cheju','South Korea'), ('Naju','Chollanam','South Korea'),
 ('Dos Quebradas','Risaralda','Colombia'), ('Sogamoso','Boyacá','Colombia'),
 ('Barcelona','Anzoátegui','Venezuela'), ('Maracaibo','Zulia','Venezuela'),
 ('Kamjanets-Podilskyi','Hmelnytskyi','Ukraine'), ('Rivne','Rivne','Ukraine'),
 ('Callao','Lima','Peru'), ('Coquimbo','Coquimbo','Chile'), ('Amersfoort','Utrecht','Netherlands'),
 ('Abha','Asir','Saudi Arabia'), ('Bahawalnagar','Punjab','Pakistan'), ('Dhaka','Dhaka','Bangladesh'),
 ('Nakhon Sawan','Nakhon Sawan','Thailand'), ('Ipoh','Perak','Malaysia'), ('Aden','Aden','Yemen'),
 ('Batna','Batna','Algeria'), ('Beni-Mellal','Tadla-Azilal','Morocco'), ('Kisumu','Nyanza','Kenya'),
 ('Graz','Steiermark','Austria'), ('Patras','West Greece','Greece'), ('Ashqelon','Southern','Israel'),
 ('Hamilton','Hamilton','New Zealand'), ('Oulu','Oulu','Finland'), ('Malmö','Skåne','Sweden');

INSERT INTO public.country (country_id, country, last_update)
SELECT row_number() OVER (ORDER BY country), country, '2022-02-15 09:44:00+00'
FROM (SELECT DISTINCT country FROM geo
      UNION SELECT unnest(ARRAY['Afghanistan','American Samoa','Faroe Islands','French Guiana','Holy See (Vatican City State)',
                                'Nauru','Tuvalu','Virgin Islands, U.S.','Tonga','Greenland','Anguilla'])) c;

INSERT INTO public.city (city_id, city, country_id, last_update)
SELECT g.n, g.city, co.country_id, '2022-02-15 09:45:25+00'
FROM geo g JOIN public.country co ON co.country = g.country
ORDER BY g.n;

-- ---------------------------------------------------------------- address
-- 1..6: stores and staff; 7..605: customers (customer_id = address_id - 6)
INSERT INTO public.address (address_id, address, address2, district, city_id, postal_code, phone, last_update) VALUES
 (1, '47 MySakila Drive', NULL, 'Alberta', 1, '', '', '2022-02-15 09:45:30+00'),
 (2, '28 MySQL Boulevard', NULL, 'QLD', 2, '', '', '2022-02-15 09:45:30+00'),
 (3, '23 Workhaven Lane', NULL, 'Alberta', 1, '', '14033335568', '2022-02-15 09:45:30+00'),
 (4, '1411 Lillydale Drive', NULL, 'QLD', 2, '', '6172235589', '2022-02-15 09:45:30+00'),
 (5, '1913 Hanoi Way', '', 'Alberta', 1, '35200', '28303384290', '2022-02-15 09:45:30+00'),
 (6, '1121 Loja Avenue', '', 'QLD', 2, '17886', '838635286649', '2022-02-15 09:45:30+00');

INSERT INTO public.address (address_id, address, address2, district, city_id, postal_code, phone, last_update)
SELECT a.id,
       (1 + floor(pg_temp.rnd(a.id, 'num') * 1990))::int || ' ' ||
         pg_temp.pick(ARRAY['Abu Dhabi','Ahmadnagar','Akron','Allende','Alvorada','Angra dos Reis','Baybay','Beira','Bhopal','Boa Vista',
                            'Brockton','Cabuyao','Celaya','Changzhou','Chisinau','Coatzacoalcos','Dadu','Dayton','Dos Quebradas','Effon-Alaiye',
                            'El Alto','Eskisehir','Florencia','Gatineau','Grand Prairie','Hamilton','Hodeida','Imus','Jinchang','Kamakura',
                            'Kimberley','Kragujevac','Lapu-Lapu','Loja','Mandaluyong','Masqat','Molodetno','Nador','Nuuk','Oshawa',
                            'Pangkal Pinang','Potchefstroom','Qomsheh','Rizhao','Sasebo','Shimoga','Songkhla','Tabriz','Tiefa','Udine'],
                      a.id, 'street') || ' ' ||
         pg_temp.pick(ARRAY['Street','Avenue','Drive','Lane','Way','Parkway','Boulevard','Loop','Manor','Place','Road','Street','Avenue'],
                      a.id, 'suffix'),
       CASE WHEN pg_temp.rnd(a.id, 'addr2') < 0.01 THEN NULL ELSE '' END,
       g.district,
       g.n,
       CASE WHEN pg_temp.rnd(a.id, 'zip') < 0.007 THEN '' ELSE lpad((floor(pg_temp.rnd(a.id, 'zipn') * 99999))::int::text, 5, '0') END,
       CASE WHEN pg_temp.rnd(a.id, 'nophone') < 0.004 THEN ''
            ELSE (100000000000 + floor(pg_temp.rnd(a.id, 'phone') * 899999999999))::bigint::text END,
       '2022-02-15 09:45:30+00'
FROM generate_series(7, 605) AS a(id)
JOIN geo g ON g.n = 3 + floor(pg_temp.rnd(a.id, 'city') * ((SELECT max(n) FROM geo) - 2))::int;

-- ---------------------------------------------------------------- staff, store
INSERT INTO public.staff (staff_id, first_name, last_name, address_id, email, store_id, active, username, password, last_update, picture) VALUES
 (1, 'Mike', 'Hillyer', 3, 'Mike.Hillyer@sakilastaff.com', 1, true, 'Mike', '8cb2237d0679ca88db6464eac60da96345513964', '2022-05-16 16:13:11+00', '\x89504e470d0a5a0a'),
 (2, 'Jon', 'Stephens', 4, 'Jon.Stephens@sakilastaff.com', 2, true, 'Jon', '8cb2237d0679ca88db6464eac60da96345513964', '2022-05-16 16:13:11+00', NULL),
 (3, 'Ada', 'Okafor', 5, 'Ada.Okafor@sakilastaff.com', 1, true, 'ada', NULL, '2022-03-01 09:00:00+00', NULL),
 (4, 'Luis', 'Ferreira', 6, 'Luis.Ferreira@sakilastaff.com', 2, false, 'lferreira', NULL, '2022-06-01 08:00:00+00', NULL);

INSERT INTO public.store (store_id, manager_staff_id, address_id, last_update) VALUES
 (1, 1, 1, '2022-02-15 09:57:12+00'),
 (2, 2, 2, '2022-02-15 09:57:12+00');

-- ---------------------------------------------------------------- actor
INSERT INTO public.actor (actor_id, first_name, last_name, last_update)
SELECT i,
       pg_temp.pick(ARRAY['PENELOPE','NICK','ED','JENNIFER','JOHNNY','BETTE','GRACE','MATTHEW','JOE','CHRISTIAN','ZERO','KARL',
                          'UMA','VIVIEN','CUBA','FRED','HELEN','DAN','BOB','LUCILLE','KIRSTEN','ELVIS','SANDRA','CAMERON','KEVIN',
                          'RIP','JULIA','WOODY','ALEC','SISSY','TIM','MILLA','AUDREY','JUDY','BURT','VAL','TOM','GOLDIE','JODIE',
                          'KIRK','REESE','PARKER','FRANCES','ANNE','NATALIE','GARY','CARMEN','MENA','FAY','JESSICA','WALTER',
                          'SIDNEY','GINA','WARREN','SPENCER','SUSAN','CATE','RUSSELL','MORGAN','HARRISON','GREG','RAY','ALBERT',
                          'LAURA','WILL','MINNIE','CHRIS','HUMPHREY','MICHELLE','ADAM','SEAN','GENE','RITA','EWAN','WHOOPI',
                          'MERYL','ANGELA','CHARLIZE','OPRAH','DARYL','GROUCHO','JAYNE','LISA','JEFF','SCARLETT','BEN','KENNETH'],
                    i, 'afirst'),
       pg_temp.pick(ARRAY['GUINESS','WAHLBERG','CHASE','DAVIS','LOLLOBRIGIDA','NICHOLSON','MOSTEL','JOHANSSON','SWANK','GABLE',
                          'CAGE','BERRY','WOOD','BERGEN','OLIVIER','COSTNER','VOIGHT','TORN','FAWCETT','TRACY','PALTROW','MARX',
                          'KILMER','STREEP','BLOOM','CRAWFORD','MCQUEEN','HOFFMAN','WRAY','DEPP','HOPKINS','DEGENERES','WILLIS',
                          'PECK','HACKMAN','DUKAKIS','KEITEL','JACKMAN','WITHERSPOON','PINKETT','BAILEY','GOODING','DENCH',
                          'TEMPLE','DEE','ZELLWEGER','HARRIS','CRONYN','BALL','WEST','MONROE','TANDY','BRODY','ALLEN',
                          'SILVERSTONE','WINSLET','DAMON','GARLAND','BOLGER','CARREY','HUDSON','NEESON','SOBIESKI','HESTON',
                          'MALDEN','REYNOLDS','AKROYD','BASINGER','BIRCH','CHAPLIN','CLOSE','DAY-LEWIS','DERN','DREYFUSS',
                          'GIBSON','HOPPER','HUNT','MANSFIELD','PFEIFFER','POSEY','SINATRA','STALLONE','SUVARI','TOMEI','WAYNE'],
                    i, 'alast'),
       '2022-02-15 09:34:33+00'
FROM generate_series(1, 200) AS i;

-- ---------------------------------------------------------------- film
CREATE TEMP TABLE title_words (w text);
INSERT INTO title_words SELECT unnest(string_to_array(
 'ACADEMY ACE ADAPTATION AFFAIR AFRICAN AGENT AIRPLANE AIRPORT ALABAMA ALADDIN ALAMO ALASKA ALI ALICE ALIEN ALLEY ALONE ALTER '
 'AMADEUS AMELIE AMERICAN AMISTAD ANACONDA ANALYZE ANGELS ANNIE ANONYMOUS ANTHEM ANTITRUST ANYTHING APACHE APOCALYPSE APOLLO '
 'ARABIA ARACHNOPHOBIA ARGONAUTS ARIZONA ARK ARMAGEDDON ARMY ARSENIC ARTIST ATLANTIS ATTACKS ATTRACTION AUTUMN BABY BACKLASH '
 'BADMAN BAKED BALLOON BALLROOM BANG BANGER BAREFOOT BASIC BEACH BEAR BEAST BEAUTY BED BEDAZZLED BEETHOVEN BEHAVIOR BENEATH '
 'BERETS BETRAYED BEVERLY BIKINI BILKO BILL BINGO BIRCH BIRD BIRDCAGE BIRDS BLACKOUT BLADE BLANKET BLINDNESS BLOOD BLUES '
 'BOILED BONNIE BOOGIE BOONDOCK BORN BORROWERS BOULEVARD BOUND BOWFINGER BRANNIGAN BRAVEHEART BREAKFAST BREAKING BRIDE BRIGHT '
 'BRINGING BROOKLYN BROTHERHOOD BUBBLE BUCKET BUGSY BULL BULWORTH BUNCH BUTCH BUTTERFLY CABIN CADDYSHACK CALENDAR CALIFORNIA '
 'CAMELOT CAMPUS CANDIDATE CANDLES CANYON CAPER CARIBBEAN CAROL CARRIE CASABLANCA CASPER CASSIDY CASUALTIES CAT CATCH CAUSE '
 'CELEBRITY CENTER CHAINSAW CHAMBER CHAMPION CHANCE CHAPLIN CHARADE CHARIOTS CHASING CHEAPER CHICAGO CHICKEN CHILL CHINATOWN '
 'CHISUM CHITTY CHOCOLAT CHOCOLATE CHRISTMAS CIDER CINCINATTI CIRCUS CITIZEN CLASH CLEOPATRA CLERKS CLOCKWORK CLONES CLOSER '
 'CLUB CLUE CLUELESS CLYDE COAST COLDBLOODED COLOR COMA COMANCHEROS COMFORTS COMMAND COMMANDMENTS CONEHEADS CONFESSIONS '
 'CONFIDENTIAL CONFUSED CONGENIALITY CONNECTICUT CONNECTION CONQUERER CONSPIRACY CONTACT CONTROL CONVERSATION CORE COWBOY '
 'CRAFT CRANES CRAZY CREATURES CREEPERS CROOKED CROSSING CROSSROADS CROW CROWDS CRUELTY CRUSADE CRYSTAL CUPBOARD CURTAIN '
 'CYCLONE DADDY DAISY DALMATIONS DANCES DANCING DANGEROUS DARES DARKNESS DARKO DARLING DARN DATE DAUGHTER DAWN DAY DAZED '
 'DECEIVER DEEP DEER DELIVERANCE DESERT DESIRE DESPERATE DESTINATION DESTINY DETAILS DETECTIVE DEVIL DIARY DINOSAUR DIRTY '
 'DISCIPLE DIVIDE DIVINE DIVORCE DOCTOR DOGMA DOLLS DONNIE DOOM DOORS DORADO DOUBLE DOUBTFIRE DOWNHILL DOZEN DRACULA DRAGON '
 'DRAGONFLY DREAM DRIFTER DRIVER DRIVING DROP DRUMLINE DRUMS DUCK DUDE DUFFEL DUMBO DURHAM DUST DYING', ' '));

CREATE TEMP TABLE titles AS
SELECT row_number() OVER (ORDER BY md5(a.w || '/' || b.w)) AS film_id, a.w || ' ' || b.w AS title
FROM title_words a, title_words b
WHERE a.w <> b.w;
DELETE FROM titles WHERE film_id > 1000;
-- the all-time favourite gets a fixed title
UPDATE titles SET title = 'BUCKET BROTHERHOOD' WHERE film_id = 103
  AND NOT EXISTS (SELECT 1 FROM titles WHERE title = 'BUCKET BROTHERHOOD');

INSERT INTO public.film (film_id, title, description, release_year, language_id, original_language_id, rental_duration,
                         rental_rate, length, replacement_cost, rating, last_update, special_features, fulltext)
SELECT s.*, to_tsvector('pg_catalog.english', s.title || ' ' || s.description)
FROM (
SELECT t.film_id,
       t.title,
       'A ' || pg_temp.pick(ARRAY['Epic','Astounding','Fanciful','Beautiful','Touching','Boring','Thoughtful','Emotional',
                                 'Insightful','Action-Packed','Intrepid','Fast-Paced','Awe-Inspiring','Unbelieveable',
                                 'Amazing','Brilliant','Lacklusture','Taut','Stunning'], t.film_id, 'd1')
       || ' ' || pg_temp.pick(ARRAY['Drama','Documentary','Saga','Story','Reflection','Panorama','Tale','Yarn',
                                   'Character Study','Display','Epistle','Drama'], t.film_id, 'd2')
       || ' of a ' || pg_temp.pick(ARRAY['Feminist','Mad Scientist','Teacher','Dentist','Moose','Squirrel','Butler','Cat',
                                        'Dog','Hunter','Explorer','Pioneer','Robot','Woman','Man','Boy','Girl','Car',
                                        'Astronaut','Crocodile','Waitress','Technical Writer','Database Administrator',
                                        'Mad Cow','Lumberjack','Composer','Sumo Wrestler','Monkey','Pastry Chef','Student'],
                                  t.film_id, 'd3')
       || ' And a ' || pg_temp.pick(ARRAY['Feminist','Mad Scientist','Teacher','Dentist','Moose','Squirrel','Butler','Cat',
                                         'Dog','Hunter','Explorer','Pioneer','Robot','Woman','Man','Boy','Girl','Car',
                                         'Astronaut','Crocodile','Waitress','Technical Writer','Database Administrator',
                                         'Mad Cow','Lumberjack','Composer','Sumo Wrestler','Monkey','Pastry Chef','Student'],
                                   t.film_id, 'd4')
       || ' who must ' || pg_temp.pick(ARRAY['Battle','Chase','Conquer','Defeat','Discover','Find','Fight','Kill','Meet',
                                            'Outgun','Outrace','Overcome','Pursue','Reach','Redeem','Sink','Succumb','Vanquish',
                                            'Build','Confront','Escape','Face','Challenge'], t.film_id, 'd5')
       || ' a ' || pg_temp.pick(ARRAY['Cat','Dog','Teacher','Hunter','Robot','Butler','Moose','Composer','Monkey','Forensic Psychologist',
                                     'Lumberjack','Frisbee','Husband','Secret Agent','Cow','Shark','Boat','Pastry Chef'], t.film_id, 'd6')
       || ' in ' || pg_temp.pick(ARRAY['The Canadian Rockies','A Shark Tank','A Baloon','The Gulf of Mexico','A Manhattan Penthouse',
                                      'An Abandoned Mine Shaft','Ancient Japan','Ancient China','The Outback','A Jet Boat',
                                      'A MySQL Convention','A U-Boat','Soviet Georgia','Nigeria','Berlin','The Sahara Desert',
                                      'A Monastery','The First Manned Space Station','An Abandoned Fun House','Australia',
                                      'A Car Factory','A Baloon Factory'], t.film_id, 'd7') AS description,
       CASE WHEN pg_temp.rnd(t.film_id, 'yr') < 0.62 THEN 2006
            ELSE 1994 + floor(pg_temp.rnd(t.film_id, 'yr2') * 19)::int END,
       CASE WHEN pg_temp.rnd(t.film_id, 'lang') < 0.86 THEN 1
            ELSE 2 + floor(pg_temp.rnd(t.film_id, 'lang2') * 5)::int END,
       CASE WHEN pg_temp.rnd(t.film_id, 'olang') < 0.07 THEN 2 + floor(pg_temp.rnd(t.film_id, 'olang2') * 5)::int END,
       (3 + floor(pg_temp.rnd(t.film_id, 'dur') * 5))::smallint,
       (ARRAY[0.99, 2.99, 4.99])[1 + floor(pg_temp.rnd(t.film_id, 'rate') * 3)::int],
       -- a few titles from the 2022 catalogue refresh have no running time recorded
       CASE WHEN t.film_id IN (17, 388, 642, 905) THEN NULL
            ELSE (46 + floor(pg_temp.rnd(t.film_id, 'len') * 140))::smallint END,
       9.99 + floor(pg_temp.rnd(t.film_id, 'cost') * 21),
       (CASE
          WHEN pg_temp.rnd(t.film_id, 'rating') < 0.17 THEN 'G'
          WHEN pg_temp.rnd(t.film_id, 'rating') < 0.36 THEN 'PG'
          WHEN pg_temp.rnd(t.film_id, 'rating') < 0.60 THEN 'PG-13'
          WHEN pg_temp.rnd(t.film_id, 'rating') < 0.80 THEN 'R'
          ELSE 'NC-17' END)::public.mpaa_rating,
       '2022-02-15 10:03:42+00'::timestamptz,
       coalesce(nullif(ARRAY(SELECT f FROM unnest(ARRAY['Trailers','Commentaries','Deleted Scenes','Behind the Scenes'])
                                    WITH ORDINALITY AS x(f, k)
                             WHERE pg_temp.rnd(t.film_id * 10 + k, 'feat') < 0.5 ORDER BY k), '{}'),
                ARRAY['Trailers'])
FROM titles t
) s
ORDER BY s.film_id;

-- ---------------------------------------------------------------- film_category, film_actor
INSERT INTO public.film_category (film_id, category_id, last_update)
SELECT f.film_id, 1 + floor(pg_temp.rnd(f.film_id, 'cat') * 16)::int, '2022-02-15 10:07:09+00'
FROM public.film f
WHERE f.film_id NOT IN (257, 323, 803);          -- never categorised

INSERT INTO public.film_actor (actor_id, film_id, last_update)
SELECT DISTINCT 1 + floor(pg_temp.rnd(f.film_id * 100 + j, 'fa') * 200)::int, f.film_id, '2022-02-15 10:05:03+00'::timestamptz
FROM public.film f
CROSS JOIN LATERAL generate_series(1, 1 + floor(pg_temp.rnd(f.film_id, 'nact') * 10)::int) AS j
WHERE f.film_id NOT IN (14, 323, 717);            -- no cast listed
-- GINA DEGENERES-style outlier: actor 107 is in a lot of films
INSERT INTO public.film_actor (actor_id, film_id, last_update)
SELECT 107, f.film_id, '2022-02-15 10:05:03+00'
FROM public.film f
WHERE f.film_id % 29 = 3 AND f.film_id NOT IN (14, 323, 717)
  AND NOT EXISTS (SELECT 1 FROM public.film_actor x WHERE x.actor_id = 107 AND x.film_id = f.film_id);

-- ---------------------------------------------------------------- customer
-- 1..560 came over in the 2022 migration, 561..590 signed up later, 591..599 are brand new
INSERT INTO public.customer (customer_id, store_id, first_name, last_name, email, address_id, activebool, create_date, last_update, active)
SELECT c.id,
       CASE WHEN pg_temp.rnd(c.id, 'store') < 0.55 THEN 1 ELSE 2 END,
       c.fn, c.ln,
       CASE WHEN c.id IN (44, 203, 377, 431, 517, 596) THEN NULL
            ELSE c.fn || '.' || c.ln || '@sakilacustomer.org' END,
       c.id + 6,
       true,                                   -- activebool: never maintained after the port
       CASE WHEN c.id <= 560 THEN DATE '2022-02-14'
            WHEN c.id <= 590 THEN DATE '2022-09-01' + floor(pg_temp.rnd(c.id, 'created') * 1000)::int
            ELSE CURRENT_DATE - (3 + floor(pg_temp.rnd(c.id, 'created') * 80)::int) END,
       '2022-02-15 09:57:20+00',
       CASE WHEN c.id IN (16, 64, 124, 169, 241, 271, 315, 368, 406, 446, 482, 510, 534, 558, 592) THEN 0 ELSE 1 END
FROM (SELECT i AS id,
             pg_temp.pick(ARRAY['MARY','PATRICIA','LINDA','BARBARA','ELIZABETH','JENNIFER','MARIA','SUSAN','MARGARET','DOROTHY',
                   'LISA','NANCY','KAREN','BETTY','HELEN','SANDRA','DONNA','CAROL','RUTH','SHARON','MICHELLE','LAURA','SARAH',
                   'KIMBERLY','DEBORAH','JESSICA','SHIRLEY','CYNTHIA','ANGELA','MELISSA','BRENDA','AMY','ANNA','REBECCA',
                   'VIRGINIA','KATHLEEN','PAMELA','MARTHA','DEBRA','AMANDA','STEPHANIE','CAROLYN','CHRISTINE','MARIE','JANET',
                   'CATHERINE','FRANCES','ANN','JOYCE','DIANE','ALICE','JULIE','HEATHER','TERESA','DORIS','GLORIA','EVELYN',
                   'JEAN','CHERYL','MILDRED','KATHERINE','JOAN','ASHLEY','JUDITH','ROSE','JANICE','KELLY','NICOLE','JUDY',
                   'CHRISTINA','KATHY','THERESA','BEVERLY','DENISE','TAMMY','IRENE','JANE','LORI','RACHEL','MARILYN','ANDREA',
                   'ELEANOR','JAMES','JOHN','ROBERT','MICHAEL','WILLIAM','DAVID','RICHARD','CHARLES','JOSEPH','THOMAS',
                   'CHRISTOPHER','DANIEL','PAUL','MARK','DONALD','GEORGE','KENNETH','STEVEN','EDWARD','BRIAN','RONALD',
                   'ANTHONY','KEVIN','JASON','MATTHEW','GARY','TIMOTHY','JOSE','LARRY','JEFFREY','FRANK','SCOTT','ERIC',
                   'STEPHEN','ANDREW','RAYMOND','GREGORY','JOSHUA','JERRY','DENNIS','WALTER','PATRICK','PETER','HAROLD',
                   'DOUGLAS','HENRY','CARL','ARTHUR','RYAN','ROGER','KARL','CLARA','TOMMY','MARION'], i, 'cfirst') AS fn,
             pg_temp.pick(ARRAY['SMITH','JOHNSON','WILLIAMS','JONES','BROWN','DAVIS','MILLER','WILSON','MOORE','TAYLOR',
                   'ANDERSON','THOMAS','JACKSON','WHITE','HARRIS','MARTIN','THOMPSON','GARCIA','MARTINEZ','ROBINSON','CLARK',
                   'RODRIGUEZ','LEWIS','LEE','WALKER','HALL','ALLEN','YOUNG','HERNANDEZ','KING','WRIGHT','LOPEZ','HILL',
                   'SCOTT','GREEN','ADAMS','BAKER','GONZALEZ','NELSON','CARTER','MITCHELL','PEREZ','ROBERTS','TURNER',
                   'PHILLIPS','CAMPBELL','PARKER','EVANS','EDWARDS','COLLINS','STEWART','SANCHEZ','MORRIS','ROGERS','REED',
                   'COOK','MORGAN','BELL','MURPHY','BAILEY','RIVERA','COOPER','RICHARDSON','COX','HOWARD','WARD','TORRES',
                   'PETERSON','GRAY','RAMIREZ','JAMES','WATSON','BROOKS','KELLY','SANDERS','PRICE','BENNETT','WOOD','BARNES',
                   'ROSS','HENDERSON','COLEMAN','JENKINS','PERRY','POWELL','LONG','PATTERSON','HUGHES','FLORES','WASHINGTON',
                   'BUTLER','SIMMONS','FOSTER','GONZALES','BRYANT','ALEXANDER','RUSSELL','GRIFFIN','DIAZ','HAYES','MYERS',
                   'FORD','HAMILTON','GRAHAM','SULLIVAN','WALLACE','WOODS','COLE','WEST','JORDAN','OWENS','REYNOLDS','FISHER',
                   'ELLIS','HARRISON','GIBSON','MCDONALD','CRUZ','MARSHALL','ORTIZ','GOMEZ','MURRAY','FREEMAN','WELLS','WEBB',
                   'SIMPSON','STEVENS','TUCKER','PORTER','HUNTER','HICKS','CRAWFORD','HENRY','BOYD','MASON','MORALES',
                   'KENNEDY','WARREN','DIXON','RAMOS','REYES','BURNS','GORDON','SHAW','HOLMES','RICE','ROBERTSON','BLACK',
                   'DANIELS','PALMER','MILLS','NICHOLS','GRANT','KNIGHT','FERGUSON','STONE','HAWKINS','DUNN','PERKINS',
                   'HUDSON','SPENCER','GARDNER','PAYNE','PIERCE','BERRY','MATTHEWS','ARNOLD','WAGNER','WILLIS','RAY',
                   'WATKINS','OLSON','CARROLL','DUNCAN','SNYDER','HART','CUNNINGHAM','BRADLEY','LANE','ANDREWS','RUIZ',
                   'HARPER','FOX','RILEY','ARMSTRONG','CARPENTER','WEAVER','GREENE','LAWRENCE','ELLIOTT','CHAVEZ','SIMS',
                   'AUSTIN','PETERS','KELLEY','FRANKLIN','LAWSON','FIELDS','GUTIERREZ','RYAN','SCHMIDT','CARR','VASQUEZ',
                   'CASTILLO','WHEELER','CHAPMAN','OLIVER','MONTGOMERY','RICHARDS','WILLIAMSON','JOHNSTON','BANKS','MEYER',
                   'BISHOP','MCCOY','HOWELL','ALVAREZ','MORRISON','HANSEN','FERNANDEZ','GARZA','HARVEY','LITTLE','BURTON',
                   'STANLEY','NGUYEN','GEORGE','JACOBS','REID','FULLER','LYNCH','DEAN','GILBERT','GARRETT','ROMERO','WELCH',
                   'LARSON','FRAZIER','BURKE','HANSON','DAY','MENDOZA','MORENO','BOWMAN','MEDINA','FOWLER'], i, 'clast') AS ln
      FROM generate_series(1, 599) AS i) c
ORDER BY c.id;

-- the store's best customer, as in the original sample
UPDATE public.customer SET first_name = 'ELEANOR', last_name = 'HUNT', email = 'ELEANOR.HUNT@sakilacustomer.org'
WHERE customer_id = 148;

-- ---------------------------------------------------------------- inventory
CREATE TEMP TABLE stock AS
SELECT f.film_id,
       CASE WHEN f.film_id = 103 THEN 4 ELSE floor(pg_temp.rnd(f.film_id, 'inv1') * 5)::int END AS c1,
       CASE WHEN f.film_id = 103 THEN 4 ELSE floor(pg_temp.rnd(f.film_id, 'inv2') * 5)::int END AS c2,
       CASE WHEN f.film_id = 103 THEN 10 ELSE 1 + floor(pg_temp.rnd(f.film_id, 'pop') * 5)::int END AS pop
FROM public.film f
WHERE f.film_id = 103 OR pg_temp.rnd(f.film_id, 'nostock') >= 0.042;    -- ~4 % of the catalogue was never stocked
UPDATE stock SET c1 = 1 WHERE c1 = 0 AND c2 = 0;

INSERT INTO public.inventory (inventory_id, film_id, store_id, last_update)
SELECT row_number() OVER (ORDER BY s.film_id, x.store_id, x.k), s.film_id, x.store_id, '2022-02-15 10:09:17+00'::timestamptz
FROM stock s
CROSS JOIN LATERAL (SELECT 1 AS store_id, k FROM generate_series(1, s.c1) k
                    UNION ALL SELECT 2, k FROM generate_series(1, s.c2) k) x;

-- ---------------------------------------------------------------- rental
CREATE TEMP TABLE inv_pick AS
SELECT row_number() OVER (ORDER BY i.inventory_id, g) AS n, i.inventory_id, i.store_id, f.rental_rate, f.rental_duration
FROM public.inventory i
JOIN stock s USING (film_id)
JOIN public.film f USING (film_id)
CROSS JOIN generate_series(1, s.pop) g;
CREATE INDEX ON inv_pick (n);

CREATE TEMP TABLE cust_pick AS
SELECT row_number() OVER (ORDER BY c.customer_id, g) AS n, c.customer_id
FROM public.customer c
CROSS JOIN generate_series(1, CASE WHEN c.customer_id = 148 THEN 8 ELSE 1 + floor(pg_temp.rnd(c.customer_id, 'w') * 5)::int END) g
WHERE c.customer_id <= 560;
CREATE INDEX ON cust_pick (n);

CREATE TEMP TABLE cust_pick_recent AS
SELECT row_number() OVER (ORDER BY c.customer_id, g) AS n, c.customer_id
FROM public.customer c
CROSS JOIN generate_series(1, 1 + floor(pg_temp.rnd(c.customer_id, 'w') * 5)::int) g
WHERE c.customer_id <= 590;
CREATE INDEX ON cust_pick_recent (n);

-- 2022 season (Feb .. Aug 2022), busier towards the summer
CREATE TEMP TABLE r0 AS
SELECT i AS k,
       '2022-02-01 00:00:00+00'::timestamptz
         + floor(212 * power(pg_temp.rnd(i, 'day'), 0.75)) * interval '1 day'
         + (28800 + floor(pg_temp.rnd(i, 'tod') * 54000)) * interval '1 second' AS rental_date,
       1 + floor(pg_temp.rnd(i, 'inv') * (SELECT count(*) FROM inv_pick))::bigint AS inv_n,
       1 + floor(pg_temp.rnd(i, 'cust') * (SELECT count(*) FROM cust_pick))::bigint AS cust_n,
       CASE WHEN pg_temp.rnd(i, 'unret') < 0.0115 THEN NULL
            ELSE floor((0.3 + pg_temp.rnd(i, 'kept') * 9.2) * 86400) END AS kept_s,
       false AS recent
FROM generate_series(1, 16000) AS i;

-- the shop re-opened this year: the last four months of activity, relative to today
-- (no rentals 28..32 days ago: the store was closed for the flooring works)
INSERT INTO r0
SELECT 100000 + j,
       (CURRENT_DATE - (CASE WHEN d BETWEEN 28 AND 32 THEN d + 5 ELSE d END))::timestamptz
         + (28800 + floor(pg_temp.rnd(j, 'rtod') * 54000)) * interval '1 second',
       1 + floor(pg_temp.rnd(j, 'rinv') * (SELECT count(*) FROM inv_pick))::bigint,
       1 + floor(pg_temp.rnd(j, 'rcust') * (SELECT count(*) FROM cust_pick_recent))::bigint,
       floor((0.3 + pg_temp.rnd(j, 'rkept') * 9.2) * 86400),
       true
FROM (SELECT j, 1 + floor(pg_temp.rnd(j, 'rday') * 120)::int AS d FROM generate_series(1, 1500) AS j) x;

CREATE TEMP TABLE r1 AS
SELECT row_number() OVER (ORDER BY r0.rental_date, r0.k) AS rental_id,
       r0.rental_date,
       ip.inventory_id,
       CASE WHEN r0.recent THEN cr.customer_id ELSE ch.customer_id END AS customer_id,
       CASE WHEN r0.kept_s IS NULL THEN NULL
            WHEN r0.rental_date + r0.kept_s * interval '1 second' >= CURRENT_DATE::timestamptz THEN NULL
            ELSE r0.rental_date + r0.kept_s * interval '1 second' END AS return_date,
       CASE WHEN ip.store_id = 1 THEN (CASE WHEN pg_temp.rnd(r0.k, 'staff') < 0.55 THEN 1 ELSE 3 END)
            WHEN r0.rental_date < '2022-06-01 00:00:00+00' AND pg_temp.rnd(r0.k, 'staff') < 0.4 THEN 4
            ELSE 2 END AS staff_id,
       ip.rental_rate, ip.rental_duration, r0.k
FROM r0
JOIN inv_pick ip ON ip.n = r0.inv_n
LEFT JOIN cust_pick ch ON ch.n = r0.cust_n AND NOT r0.recent
LEFT JOIN cust_pick_recent cr ON cr.n = r0.cust_n AND r0.recent;

INSERT INTO public.rental (rental_id, rental_date, inventory_id, customer_id, return_date, staff_id, last_update)
SELECT rental_id, rental_date, inventory_id, customer_id, return_date, staff_id,
       CASE WHEN rental_date < '2023-01-01' THEN '2022-09-01 21:30:53+00'::timestamptz ELSE coalesce(return_date, rental_date) END
FROM r1
ORDER BY rental_id;

-- ---------------------------------------------------------------- payment
INSERT INTO public.payment (payment_id, customer_id, staff_id, rental_id, amount, payment_date)
SELECT row_number() OVER (ORDER BY p.payment_date, p.rental_id NULLS LAST), p.*
FROM (
  SELECT r.customer_id, r.staff_id, r.rental_id,
         CASE WHEN pg_temp.rnd(r.k, 'promo') < 0.008 THEN 0.00
              ELSE r.rental_rate
                   + CASE WHEN r.return_date - r.rental_date > r.rental_duration * interval '1 day'
                          THEN (extract(epoch FROM (r.return_date - r.rental_date) - r.rental_duration * interval '1 day'))::integer / 86400
                          ELSE 0 END
         END AS amount,
         r.rental_date + (60 + floor(pg_temp.rnd(r.k, 'paid') * 600)) * interval '1 second' AS payment_date
  FROM r1 r
  UNION ALL
  -- manual adjustments keyed in without a rental
  SELECT * FROM (VALUES (87, 1, NULL::integer, 1.99, '2022-06-14 11:02:51+00'::timestamptz),
                        (148, 2, NULL, 2.99, '2022-07-02 17:40:12+00'),
                        (251, 1, NULL, 0.99, '2022-07-19 10:15:00+00'),
                        (402, 4, NULL, 5.98, '2022-05-30 19:20:44+00'),
                        (511, 2, NULL, 3.99, '2022-08-08 13:05:09+00')) v
) p;

--
-- Sequences
--

SELECT pg_catalog.setval('public.actor_actor_id_seq', (SELECT max(actor_id) FROM public.actor), true);
SELECT pg_catalog.setval('public.address_address_id_seq', (SELECT max(address_id) FROM public.address), true);
SELECT pg_catalog.setval('public.category_category_id_seq', (SELECT max(category_id) FROM public.category), true);
SELECT pg_catalog.setval('public.city_city_id_seq', (SELECT max(city_id) FROM public.city), true);
SELECT pg_catalog.setval('public.country_country_id_seq', (SELECT max(country_id) FROM public.country), true);
SELECT pg_catalog.setval('public.customer_customer_id_seq', (SELECT max(customer_id) FROM public.customer), true);
SELECT pg_catalog.setval('public.film_film_id_seq', (SELECT max(film_id) FROM public.film), true);
SELECT pg_catalog.setval('public.inventory_inventory_id_seq', (SELECT max(inventory_id) FROM public.inventory), true);
SELECT pg_catalog.setval('public.language_language_id_seq', (SELECT max(language_id) FROM public.language), true);
SELECT pg_catalog.setval('public.payment_payment_id_seq', (SELECT max(payment_id) FROM public.payment), true);
SELECT pg_catalog.setval('public.rental_rental_id_seq', (SELECT max(rental_id) FROM public.rental), true);
SELECT pg_catalog.setval('public.staff_staff_id_seq', (SELECT max(staff_id) FROM public.staff), true);
SELECT pg_catalog.setval('public.store_store_id_seq', (SELECT max(store_id) FROM public.store), true);

ALTER SEQUENCE public.actor_actor_id_seq OWNED BY public.actor.actor_id;
ALTER SEQUENCE public.address_address_id_seq OWNED BY public.address.address_id;
ALTER SEQUENCE public.category_category_id_seq OWNED BY public.category.category_id;
ALTER SEQUENCE public.city_city_id_seq OWNED BY public.city.city_id;
ALTER SEQUENCE public.country_country_id_seq OWNED BY public.country.country_id;
ALTER SEQUENCE public.customer_customer_id_seq OWNED BY public.customer.customer_id;
ALTER SEQUENCE public.film_film_id_seq OWNED BY public.film.film_id;
ALTER SEQUENCE public.inventory_inventory_id_seq OWNED BY public.inventory.inventory_id;
ALTER SEQUENCE public.language_language_id_seq OWNED BY public.language.language_id;
ALTER SEQUENCE public.payment_payment_id_seq OWNED BY public.payment.payment_id;
ALTER SEQUENCE public.rental_rental_id_seq OWNED BY public.rental.rental_id;
ALTER SEQUENCE public.staff_staff_id_seq OWNED BY public.staff.staff_id;
ALTER SEQUENCE public.store_store_id_seq OWNED BY public.store.store_id;

--
-- Primary keys
--

ALTER TABLE ONLY public.actor ADD CONSTRAINT actor_pkey PRIMARY KEY (actor_id);
ALTER TABLE ONLY public.address ADD CONSTRAINT address_pkey PRIMARY KEY (address_id);
ALTER TABLE ONLY public.category ADD CONSTRAINT category_pkey PRIMARY KEY (category_id);
ALTER TABLE ONLY public.city ADD CONSTRAINT city_pkey PRIMARY KEY (city_id);
ALTER TABLE ONLY public.country ADD CONSTRAINT country_pkey PRIMARY KEY (country_id);
ALTER TABLE ONLY public.customer ADD CONSTRAINT customer_pkey PRIMARY KEY (customer_id);
ALTER TABLE ONLY public.film_actor ADD CONSTRAINT film_actor_pkey PRIMARY KEY (actor_id, film_id);
ALTER TABLE ONLY public.film_category ADD CONSTRAINT film_category_pkey PRIMARY KEY (film_id, category_id);
ALTER TABLE ONLY public.film ADD CONSTRAINT film_pkey PRIMARY KEY (film_id);
ALTER TABLE ONLY public.inventory ADD CONSTRAINT inventory_pkey PRIMARY KEY (inventory_id);
ALTER TABLE ONLY public.language ADD CONSTRAINT language_pkey PRIMARY KEY (language_id);
ALTER TABLE public.payment ADD CONSTRAINT payment_pkey PRIMARY KEY (payment_date, payment_id);
ALTER TABLE ONLY public.rental ADD CONSTRAINT rental_pkey PRIMARY KEY (rental_id);
ALTER TABLE ONLY public.staff ADD CONSTRAINT staff_pkey PRIMARY KEY (staff_id);
ALTER TABLE ONLY public.store ADD CONSTRAINT store_pkey PRIMARY KEY (store_id);

--
-- Indexes (as in the pagila dump, including its duplicated per-partition payment indexes)
--

CREATE INDEX film_fulltext_idx ON public.film USING gist (fulltext);
CREATE INDEX idx_actor_last_name ON public.actor USING btree (last_name);
CREATE INDEX idx_fk_address_id ON public.customer USING btree (address_id);
CREATE INDEX idx_fk_city_id ON public.address USING btree (city_id);
CREATE INDEX idx_fk_country_id ON public.city USING btree (country_id);
CREATE INDEX idx_fk_film_id ON public.film_actor USING btree (film_id);
CREATE INDEX idx_fk_inventory_id ON public.rental USING btree (inventory_id);
CREATE INDEX idx_fk_language_id ON public.film USING btree (language_id);
CREATE INDEX idx_fk_original_language_id ON public.film USING btree (original_language_id);
CREATE INDEX idx_fk_store_id ON public.customer USING btree (store_id);
CREATE INDEX idx_last_name ON public.customer USING btree (last_name);
CREATE INDEX idx_store_id_film_id ON public.inventory USING btree (store_id, film_id);
CREATE INDEX idx_title ON public.film USING btree (title);
CREATE UNIQUE INDEX idx_unq_manager_staff_id ON public.store USING btree (manager_staff_id);
CREATE UNIQUE INDEX idx_unq_rental_rental_date_inventory_id_customer_id ON public.rental USING btree (rental_date, inventory_id, customer_id);
-- added in 2023 for a nightly export job that has since been switched off
CREATE INDEX idx_rental_last_update ON public.rental USING btree (last_update);

CREATE INDEX payment_customer_id_idx ON public.payment USING btree (customer_id);
CREATE INDEX payment_staff_id_idx ON public.payment USING btree (staff_id);
CREATE INDEX idx_fk_payment_p2022_01_customer_id ON public.payment_p2022_01 USING btree (customer_id);
CREATE INDEX idx_fk_payment_p2022_01_staff_id ON public.payment_p2022_01 USING btree (staff_id);
CREATE INDEX idx_fk_payment_p2022_02_customer_id ON public.payment_p2022_02 USING btree (customer_id);
CREATE INDEX idx_fk_payment_p2022_02_staff_id ON public.payment_p2022_02 USING btree (staff_id);
CREATE INDEX idx_fk_payment_p2022_03_customer_id ON public.payment_p2022_03 USING btree (customer_id);
CREATE INDEX idx_fk_payment_p2022_03_staff_id ON public.payment_p2022_03 USING btree (staff_id);
CREATE INDEX idx_fk_payment_p2022_04_customer_id ON public.payment_p2022_04 USING btree (customer_id);
CREATE INDEX idx_fk_payment_p2022_04_staff_id ON public.payment_p2022_04 USING btree (staff_id);
CREATE INDEX idx_fk_payment_p2022_05_customer_id ON public.payment_p2022_05 USING btree (customer_id);
CREATE INDEX idx_fk_payment_p2022_05_staff_id ON public.payment_p2022_05 USING btree (staff_id);
CREATE INDEX idx_fk_payment_p2022_06_customer_id ON public.payment_p2022_06 USING btree (customer_id);
CREATE INDEX idx_fk_payment_p2022_06_staff_id ON public.payment_p2022_06 USING btree (staff_id);
CREATE INDEX idx_fk_payment_p2022_07_customer_id ON public.payment_p2022_07 USING btree (customer_id);
CREATE INDEX idx_fk_payment_p2022_07_staff_id ON public.payment_p2022_07 USING btree (staff_id);

--
-- Foreign keys (store and staff point at each other, hence added after the data)
--

ALTER TABLE ONLY public.address ADD CONSTRAINT address_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.city(city_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.city ADD CONSTRAINT city_country_id_fkey FOREIGN KEY (country_id) REFERENCES public.country(country_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.customer ADD CONSTRAINT customer_address_id_fkey FOREIGN KEY (address_id) REFERENCES public.address(address_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.customer ADD CONSTRAINT customer_store_id_fkey FOREIGN KEY (store_id) REFERENCES public.store(store_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.film_actor ADD CONSTRAINT film_actor_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.actor(actor_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.film_actor ADD CONSTRAINT film_actor_film_id_fkey FOREIGN KEY (film_id) REFERENCES public.film(film_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.film_category ADD CONSTRAINT film_category_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.category(category_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.film_category ADD CONSTRAINT film_category_film_id_fkey FOREIGN KEY (film_id) REFERENCES public.film(film_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.film ADD CONSTRAINT film_language_id_fkey FOREIGN KEY (language_id) REFERENCES public.language(language_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.film ADD CONSTRAINT film_original_language_id_fkey FOREIGN KEY (original_language_id) REFERENCES public.language(language_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.inventory ADD CONSTRAINT inventory_film_id_fkey FOREIGN KEY (film_id) REFERENCES public.film(film_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.inventory ADD CONSTRAINT inventory_store_id_fkey FOREIGN KEY (store_id) REFERENCES public.store(store_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE public.payment ADD CONSTRAINT payment_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customer(customer_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE public.payment ADD CONSTRAINT payment_rental_id_fkey FOREIGN KEY (rental_id) REFERENCES public.rental(rental_id) ON UPDATE CASCADE ON DELETE SET NULL;
ALTER TABLE public.payment ADD CONSTRAINT payment_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff(staff_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.rental ADD CONSTRAINT rental_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customer(customer_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.rental ADD CONSTRAINT rental_inventory_id_fkey FOREIGN KEY (inventory_id) REFERENCES public.inventory(inventory_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.rental ADD CONSTRAINT rental_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff(staff_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.staff ADD CONSTRAINT staff_address_id_fkey FOREIGN KEY (address_id) REFERENCES public.address(address_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.staff ADD CONSTRAINT staff_store_id_fkey FOREIGN KEY (store_id) REFERENCES public.store(store_id);
ALTER TABLE ONLY public.store ADD CONSTRAINT store_address_id_fkey FOREIGN KEY (address_id) REFERENCES public.address(address_id) ON UPDATE CASCADE ON DELETE RESTRICT;
ALTER TABLE ONLY public.store ADD CONSTRAINT store_manager_staff_id_fkey FOREIGN KEY (manager_staff_id) REFERENCES public.staff(staff_id) ON UPDATE CASCADE ON DELETE RESTRICT;

--
-- Triggers
--

CREATE TRIGGER film_fulltext_trigger BEFORE INSERT OR UPDATE ON public.film FOR EACH ROW EXECUTE FUNCTION tsvector_update_trigger('fulltext', 'pg_catalog.english', 'title', 'description');
CREATE TRIGGER last_updated BEFORE UPDATE ON public.actor FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.address FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.category FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.city FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.country FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.customer FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.film FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.film_actor FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.film_category FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.inventory FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.language FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.rental FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.staff FOR EACH ROW EXECUTE FUNCTION public.last_updated();
CREATE TRIGGER last_updated BEFORE UPDATE ON public.store FOR EACH ROW EXECUTE FUNCTION public.last_updated();

--
-- Views
--

CREATE VIEW public.actor_info AS
 SELECT a.actor_id,
    a.first_name,
    a.last_name,
    public.group_concat(DISTINCT ((c.name || ': '::text) || ( SELECT public.group_concat(f.title) AS group_concat
           FROM ((public.film f
             JOIN public.film_category fc_1 ON ((f.film_id = fc_1.film_id)))
             JOIN public.film_actor fa_1 ON ((f.film_id = fa_1.film_id)))
          WHERE ((fc_1.category_id = c.category_id) AND (fa_1.actor_id = a.actor_id))
          GROUP BY fa_1.actor_id))) AS film_info
   FROM (((public.actor a
     LEFT JOIN public.film_actor fa ON ((a.actor_id = fa.actor_id)))
     LEFT JOIN public.film_category fc ON ((fa.film_id = fc.film_id)))
     LEFT JOIN public.category c ON ((fc.category_id = c.category_id)))
  GROUP BY a.actor_id, a.first_name, a.last_name;

CREATE VIEW public.customer_list AS
 SELECT cu.customer_id AS id,
    ((cu.first_name || ' '::text) || cu.last_name) AS name,
    a.address,
    a.postal_code AS "zip code",
    a.phone,
    city.city,
    country.country,
        CASE
            WHEN cu.activebool THEN 'active'::text
            ELSE ''::text
        END AS notes,
    cu.store_id AS sid
   FROM (((public.customer cu
     JOIN public.address a ON ((cu.address_id = a.address_id)))
     JOIN public.city ON ((a.city_id = city.city_id)))
     JOIN public.country ON ((city.country_id = country.country_id)));

CREATE VIEW public.film_list AS
 SELECT film.film_id AS fid,
    film.title,
    film.description,
    category.name AS category,
    film.rental_rate AS price,
    film.length,
    film.rating,
    public.group_concat(((actor.first_name || ' '::text) || actor.last_name)) AS actors
   FROM ((((public.category
     LEFT JOIN public.film_category ON ((category.category_id = film_category.category_id)))
     LEFT JOIN public.film ON ((film_category.film_id = film.film_id)))
     JOIN public.film_actor ON ((film.film_id = film_actor.film_id)))
     JOIN public.actor ON ((film_actor.actor_id = actor.actor_id)))
  GROUP BY film.film_id, film.title, film.description, category.name, film.rental_rate, film.length, film.rating;

CREATE VIEW public.nicer_but_slower_film_list AS
 SELECT film.film_id AS fid,
    film.title,
    film.description,
    category.name AS category,
    film.rental_rate AS price,
    film.length,
    film.rating,
    public.group_concat((((upper("substring"(actor.first_name, 1, 1)) || lower("substring"(actor.first_name, 2))) || upper("substring"(actor.last_name, 1, 1))) || lower("substring"(actor.last_name, 2)))) AS actors
   FROM ((((public.category
     LEFT JOIN public.film_category ON ((category.category_id = film_category.category_id)))
     LEFT JOIN public.film ON ((film_category.film_id = film.film_id)))
     JOIN public.film_actor ON ((film.film_id = film_actor.film_id)))
     JOIN public.actor ON ((film_actor.actor_id = actor.actor_id)))
  GROUP BY film.film_id, film.title, film.description, category.name, film.rental_rate, film.length, film.rating;

CREATE VIEW public.sales_by_film_category AS
 SELECT c.name AS category,
    sum(p.amount) AS total_sales
   FROM (((((public.payment p
     JOIN public.rental r ON ((p.rental_id = r.rental_id)))
     JOIN public.inventory i ON ((r.inventory_id = i.inventory_id)))
     JOIN public.film f ON ((i.film_id = f.film_id)))
     JOIN public.film_category fc ON ((f.film_id = fc.film_id)))
     JOIN public.category c ON ((fc.category_id = c.category_id)))
  GROUP BY c.name
  ORDER BY (sum(p.amount)) DESC;

CREATE VIEW public.sales_by_store AS
 SELECT ((c.city || ','::text) || cy.country) AS store,
    ((m.first_name || ' '::text) || m.last_name) AS manager,
    sum(p.amount) AS total_sales
   FROM (((((((public.payment p
     JOIN public.rental r ON ((p.rental_id = r.rental_id)))
     JOIN public.inventory i ON ((r.inventory_id = i.inventory_id)))
     JOIN public.store s ON ((i.store_id = s.store_id)))
     JOIN public.address a ON ((s.address_id = a.address_id)))
     JOIN public.city c ON ((a.city_id = c.city_id)))
     JOIN public.country cy ON ((c.country_id = cy.country_id)))
     JOIN public.staff m ON ((s.manager_staff_id = m.staff_id)))
  GROUP BY cy.country, c.city, s.store_id, m.first_name, m.last_name
  ORDER BY cy.country, c.city;

CREATE VIEW public.staff_list AS
 SELECT s.staff_id AS id,
    ((s.first_name || ' '::text) || s.last_name) AS name,
    a.address,
    a.postal_code AS "zip code",
    a.phone,
    city.city,
    country.country,
    s.store_id AS sid
   FROM (((public.staff s
     JOIN public.address a ON ((s.address_id = a.address_id)))
     JOIN public.city ON ((a.city_id = city.city_id)))
     JOIN public.country ON ((city.country_id = country.country_id)));

CREATE MATERIALIZED VIEW public.rental_by_category AS
 SELECT c.name AS category,
    sum(p.amount) AS total_sales
   FROM (((((public.payment p
     JOIN public.rental r ON ((p.rental_id = r.rental_id)))
     JOIN public.inventory i ON ((r.inventory_id = i.inventory_id)))
     JOIN public.film f ON ((i.film_id = f.film_id)))
     JOIN public.film_category fc ON ((f.film_id = fc.film_id)))
     JOIN public.category c ON ((fc.category_id = c.category_id)))
  GROUP BY c.name
  ORDER BY (sum(p.amount)) DESC
  WITH NO DATA;

CREATE UNIQUE INDEX rental_category ON public.rental_by_category USING btree (category);

--
-- Functions
--

CREATE FUNCTION public.inventory_in_stock(p_inventory_id integer) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
DECLARE
    v_rentals INTEGER;
    v_out     INTEGER;
BEGIN
    -- AN ITEM IS IN-STOCK IF THERE ARE EITHER NO ROWS IN THE rental TABLE
    -- FOR THE ITEM OR ALL ROWS HAVE return_date POPULATED

    SELECT count(*) INTO v_rentals
    FROM rental
    WHERE inventory_id = p_inventory_id;

    IF v_rentals = 0 THEN
      RETURN TRUE;
    END IF;

    SELECT COUNT(rental_id) INTO v_out
    FROM inventory LEFT JOIN rental USING(inventory_id)
    WHERE inventory.inventory_id = p_inventory_id
    AND rental.return_date IS NULL;

    IF v_out > 0 THEN
      RETURN FALSE;
    ELSE
      RETURN TRUE;
    END IF;
END $$;

CREATE FUNCTION public.film_in_stock(p_film_id integer, p_store_id integer, OUT p_film_count integer) RETURNS SETOF integer
    LANGUAGE sql
    AS $_$
     SELECT inventory_id
     FROM inventory
     WHERE film_id = $1
     AND store_id = $2
     AND inventory_in_stock(inventory_id);
$_$;

CREATE FUNCTION public.film_not_in_stock(p_film_id integer, p_store_id integer, OUT p_film_count integer) RETURNS SETOF integer
    LANGUAGE sql
    AS $_$
    SELECT inventory_id
    FROM inventory
    WHERE film_id = $1
    AND store_id = $2
    AND NOT inventory_in_stock(inventory_id);
$_$;

CREATE FUNCTION public.get_customer_balance(p_customer_id integer, p_effective_date timestamp with time zone) RETURNS numeric
    LANGUAGE plpgsql
    AS $$
       --#OK, WE NEED TO CALCULATE THE CURRENT BALANCE GIVEN A CUSTOMER_ID AND A DATE
       --#THAT WE WANT THE BALANCE TO BE EFFECTIVE FOR. THE BALANCE IS:
       --#   1) RENTAL FEES FOR ALL PREVIOUS RENTALS
       --#   2) ONE DOLLAR FOR EVERY DAY THE PREVIOUS RENTALS ARE OVERDUE
       --#   3) IF A FILM IS MORE THAN RENTAL_DURATION * 2 OVERDUE, CHARGE THE REPLACEMENT_COST
       --#   4) SUBTRACT ALL PAYMENTS MADE BEFORE THE DATE SPECIFIED
DECLARE
    v_rentfees DECIMAL(5,2); --#FEES PAID TO RENT THE VIDEOS INITIALLY
    v_overfees INTEGER;      --#LATE FEES FOR PRIOR RENTALS
    v_payments DECIMAL(5,2); --#SUM OF PAYMENTS MADE PREVIOUSLY
BEGIN
    SELECT COALESCE(SUM(film.rental_rate),0) INTO v_rentfees
    FROM film, inventory, rental
    WHERE film.film_id = inventory.film_id
      AND inventory.inventory_id = rental.inventory_id
      AND rental.rental_date <= p_effective_date
      AND rental.customer_id = p_customer_id;

    SELECT COALESCE(SUM(CASE
                           WHEN (rental.return_date - rental.rental_date) > (film.rental_duration * '1 day'::interval)
                           THEN EXTRACT(epoch FROM ((rental.return_date - rental.rental_date) - (film.rental_duration * '1 day'::interval)))::INTEGER / 86400 -- * 1 dollar
                           ELSE 0
                        END),0)
    INTO v_overfees
    FROM rental, inventory, film
    WHERE film.film_id = inventory.film_id
      AND inventory.inventory_id = rental.inventory_id
      AND rental.rental_date <= p_effective_date
      AND rental.customer_id = p_customer_id;

    SELECT COALESCE(SUM(payment.amount),0) INTO v_payments
    FROM payment
    WHERE payment.payment_date <= p_effective_date
    AND payment.customer_id = p_customer_id;

    RETURN v_rentfees + v_overfees - v_payments;
END
$$;

CREATE FUNCTION public.inventory_held_by_customer(p_inventory_id integer) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
    v_customer_id INTEGER;
BEGIN

  SELECT customer_id INTO v_customer_id
  FROM rental
  WHERE return_date IS NULL
  AND inventory_id = p_inventory_id;

  RETURN v_customer_id;
END $$;

CREATE FUNCTION public.last_day(timestamp with time zone) RETURNS date
    LANGUAGE sql IMMUTABLE STRICT
    AS $_$
  SELECT CASE
    WHEN EXTRACT(MONTH FROM $1) = 12 THEN
      (((EXTRACT(YEAR FROM $1) + 1) operator(pg_catalog.||) '-01-01')::date - INTERVAL '1 day')::date
    ELSE
      ((EXTRACT(YEAR FROM $1) operator(pg_catalog.||) '-' operator(pg_catalog.||) (EXTRACT(MONTH FROM $1) + 1) operator(pg_catalog.||) '-01')::date - INTERVAL '1 day')::date
    END
$_$;

--
-- Documentation added by the current DBA (most of the schema never had any)
--

COMMENT ON TABLE public.inventory IS 'Physical copies (DVDs) on the shelves: one row per copy of a film held by a store. A film can have several copies per store.';
COMMENT ON TABLE public.rental IS 'One row per checkout of an inventory copy by a customer.';
COMMENT ON COLUMN public.rental.return_date IS 'When the copy came back to the store; NULL while the customer still has it.';
COMMENT ON TABLE public.payment IS 'Money received from customers, one row per charge. Partitioned by month of payment_date; payment_default catches everything after August 2022.';
COMMENT ON COLUMN public.payment.amount IS 'Charge in USD: rental_rate plus 1.00 per full day kept beyond rental_duration; 0.00 for promotional free rentals.';
COMMENT ON COLUMN public.payment.rental_id IS 'NULL for manual adjustments keyed in at the till.';
COMMENT ON COLUMN public.film.rental_duration IS 'Number of days a customer may keep the film before late fees apply (the allowed rental period, not the time actually kept).';
COMMENT ON COLUMN public.film.rental_rate IS 'Price in USD to rent the film for its rental_duration.';
COMMENT ON COLUMN public.film.replacement_cost IS 'Amount charged to the customer if the copy is not returned or is returned damaged.';
COMMENT ON COLUMN public.film.length IS 'Running time in minutes.';
COMMENT ON COLUMN public.film.special_features IS 'Extras on the disc: any of Trailers, Commentaries, Deleted Scenes, Behind the Scenes.';
COMMENT ON COLUMN public.film.original_language_id IS 'Language the film was shot in, when it differs from language_id (dubbed releases).';
COMMENT ON COLUMN public.customer.active IS 'Legacy integer flag from the MySQL import, still the one the storefront reads: 1 = account open, 0 = account closed.';
COMMENT ON COLUMN public.customer.activebool IS 'Added by the PostgreSQL port and never maintained; do not use.';
COMMENT ON COLUMN public.customer.store_id IS 'Home store where the customer signed up; customers may rent at either store.';
COMMENT ON COLUMN public.store.manager_staff_id IS 'Staff member who manages the store.';

--
-- Housekeeping
--

-- switched off during the 2022 bulk import "for speed" and never switched back on
ALTER TABLE public.rental SET (autovacuum_enabled = false);

REFRESH MATERIALIZED VIEW public.rental_by_category;

-- generation scaffolding
DROP TABLE pg_temp.geo, pg_temp.title_words, pg_temp.titles, pg_temp.stock, pg_temp.inv_pick,
           pg_temp.cust_pick, pg_temp.cust_pick_recent, pg_temp.r0, pg_temp.r1;
DROP FUNCTION pg_temp.pick(text[], bigint, text);
DROP FUNCTION pg_temp.rnd(bigint, text);

ANALYZE;

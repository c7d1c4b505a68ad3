-- =====================================================================
--  Airline "demo" bookings database (PostgreSQL 15)
--  Schema `bookings`, modelled on the public PostgreSQL demo database.
--  All data is generated deterministically (md5-based), no random().
--  Fixed "today" of the data: 2017-08-15 18:00 Europe/Moscow (15:00 UTC).
-- =====================================================================
SET client_min_messages = warning;
SET statement_timeout = 0;
SET TimeZone = 'Europe/Moscow';

CREATE EXTENSION IF NOT EXISTS pg_stat_statements;

CREATE SCHEMA bookings;
COMMENT ON SCHEMA bookings IS 'Airlines demo database schema';

-- ---------------------------------------------------------------------
--  Tables
-- ---------------------------------------------------------------------
CREATE TABLE bookings.aircrafts_data (
    aircraft_code character(3) NOT NULL,
    model         jsonb        NOT NULL,
    range         integer      NOT NULL,
    CONSTRAINT aircrafts_range_check CHECK (range > 0)
);
COMMENT ON TABLE  bookings.aircrafts_data IS 'Aircraft models (multilingual)';
COMMENT ON COLUMN bookings.aircrafts_data.aircraft_code IS 'Aircraft code, IATA';
COMMENT ON COLUMN bookings.aircrafts_data.model IS 'Aircraft model, {"en": ..., "ru": ...}';
COMMENT ON COLUMN bookings.aircrafts_data.range IS 'Maximal flying distance, km';

CREATE TABLE bookings.airports_data (
    airport_code character(3) NOT NULL,
    airport_name jsonb        NOT NULL,
    city         jsonb        NOT NULL,
    coordinates  point        NOT NULL,
    timezone     text         NOT NULL
);
COMMENT ON TABLE  bookings.airports_data IS 'Airports (multilingual)';
COMMENT ON COLUMN bookings.airports_data.airport_code IS 'Airport code, IATA';
COMMENT ON COLUMN bookings.airports_data.airport_name IS 'Airport name, {"en": ..., "ru": ...}';
COMMENT ON COLUMN bookings.airports_data.city IS 'City, {"en": ..., "ru": ...}';
COMMENT ON COLUMN bookings.airports_data.coordinates IS 'Airport coordinates (longitude and latitude)';
COMMENT ON COLUMN bookings.airports_data.timezone IS 'Airport time zone';

CREATE TABLE bookings.seats (
    aircraft_code   character(3)          NOT NULL,
    seat_no         character varying(4)  NOT NULL,
    fare_conditions character varying(10) NOT NULL,
    CONSTRAINT seats_fare_conditions_check
        CHECK (fare_conditions IN ('Economy', 'Comfort', 'Business'))
);
COMMENT ON TABLE  bookings.seats IS 'Seats';
COMMENT ON COLUMN bookings.seats.aircraft_code IS 'Aircraft code, IATA';
COMMENT ON COLUMN bookings.seats.seat_no IS 'Seat number';
COMMENT ON COLUMN bookings.seats.fare_conditions IS 'Travel class: Economy, Comfort (premium economy, only on the Boeing 777), Business';

CREATE TABLE bookings.flights (
    flight_id           integer                  NOT NULL,
    flight_no           character(6)             NOT NULL,
    scheduled_departure timestamp with time zone NOT NULL,
    scheduled_arrival   timestamp with time zone NOT NULL,
    departure_airport   character(3)             NOT NULL,
    arrival_airport     character(3)             NOT NULL,
    status              character varying(20)    NOT NULL,
    aircraft_code       character(3)             NOT NULL,
    actual_departure    timestamp with time zone,
    actual_arrival      timestamp with time zone,
    CONSTRAINT flights_check  CHECK (scheduled_arrival > scheduled_departure),
    CONSTRAINT flights_check1 CHECK (actual_arrival IS NULL
        OR (actual_departure IS NOT NULL AND actual_arrival IS NOT NULL
            AND actual_arrival > actual_departure)),
    CONSTRAINT flights_status_check CHECK (status IN
        ('On Time', 'Delayed', 'Departed', 'Arrived', 'Scheduled', 'Cancelled')),
    CONSTRAINT flights_airports_check CHECK (departure_airport <> arrival_airport)
);
CREATE SEQUENCE bookings.flights_flight_id_seq AS integer OWNED BY bookings.flights.flight_id;
ALTER TABLE bookings.flights ALTER COLUMN flight_id SET DEFAULT nextval('bookings.flights_flight_id_seq');
COMMENT ON TABLE  bookings.flights IS 'Flights';
COMMENT ON COLUMN bookings.flights.flight_id IS 'Flight ID (surrogate key)';
COMMENT ON COLUMN bookings.flights.flight_no IS 'Flight number, e.g. PG0123';
COMMENT ON COLUMN bookings.flights.scheduled_departure IS 'Scheduled departure time';
COMMENT ON COLUMN bookings.flights.scheduled_arrival IS 'Scheduled arrival time';
COMMENT ON COLUMN bookings.flights.departure_airport IS 'Airport of departure';
COMMENT ON COLUMN bookings.flights.arrival_airport IS 'Airport of arrival';
COMMENT ON COLUMN bookings.flights.status IS
 'Flight status: Scheduled = bookable, more than a day before departure; On Time = check-in open, not delayed; '
 'Delayed = check-in open but departure delayed; Departed = airborne; Arrived = landed; Cancelled = flight cancelled';
COMMENT ON COLUMN bookings.flights.aircraft_code IS 'Aircraft code, IATA';
COMMENT ON COLUMN bookings.flights.actual_departure IS 'Actual departure time (NULL until the flight has departed)';
COMMENT ON COLUMN bookings.flights.actual_arrival IS 'Actual arrival time (NULL until the flight has landed)';

CREATE TABLE bookings.bookings (
    book_ref     character(6)             NOT NULL,
    book_date    timestamp with time zone NOT NULL,
    total_amount numeric(10,2)            NOT NULL
);
COMMENT ON TABLE  bookings.bookings IS 'Bookings';
COMMENT ON COLUMN bookings.bookings.book_ref IS 'Booking number (PNR)';
COMMENT ON COLUMN bookings.bookings.book_date IS 'Booking date';
COMMENT ON COLUMN bookings.bookings.total_amount IS 'Total booking cost, RUB';

CREATE TABLE bookings.tickets (
    ticket_no      character(13)         NOT NULL,
    book_ref       character(6)          NOT NULL,
    passenger_id   character varying(20) NOT NULL,
    passenger_name text                  NOT NULL,
    contact_data   jsonb
);
COMMENT ON TABLE  bookings.tickets IS 'Tickets';
COMMENT ON COLUMN bookings.tickets.ticket_no IS 'Ticket number';
COMMENT ON COLUMN bookings.tickets.book_ref IS 'Booking number';
COMMENT ON COLUMN bookings.tickets.passenger_id IS 'Passenger ID (passport series and number)';
COMMENT ON COLUMN bookings.tickets.passenger_name IS 'Passenger name, latin, upper case';
COMMENT ON COLUMN bookings.tickets.contact_data IS 'Passenger contact information: {"phone": ..., "email": ...}; email is optional';

CREATE TABLE bookings.ticket_flights (
    ticket_no       character(13)         NOT NULL,
    flight_id       integer               NOT NULL,
    fare_conditions character varying(10) NOT NULL,
    amount          numeric(10,2)         NOT NULL,
    CONSTRAINT ticket_flights_amount_check CHECK (amount >= 0),
    CONSTRAINT ticket_flights_fare_conditions_check
        CHECK (fare_conditions IN ('Economy', 'Comfort', 'Business'))
);
COMMENT ON TABLE  bookings.ticket_flights IS 'Flight segments (one row per ticket and flight)';
COMMENT ON COLUMN bookings.ticket_flights.ticket_no IS 'Ticket number';
COMMENT ON COLUMN bookings.ticket_flights.flight_id IS 'Flight ID';
COMMENT ON COLUMN bookings.ticket_flights.fare_conditions IS 'Travel class: Economy, Comfort, Business';
COMMENT ON COLUMN bookings.ticket_flights.amount IS 'Segment price, RUB';

CREATE TABLE bookings.boarding_passes (
    ticket_no   character(13)        NOT NULL,
    flight_id   integer              NOT NULL,
    boarding_no integer              NOT NULL,
    seat_no     character varying(4) NOT NULL
);
COMMENT ON TABLE  bookings.boarding_passes IS 'Boarding passes (issued at check-in; a segment without one is a no-show or not checked in yet)';
COMMENT ON COLUMN bookings.boarding_passes.ticket_no IS 'Ticket number';
COMMENT ON COLUMN bookings.boarding_passes.flight_id IS 'Flight ID';
COMMENT ON COLUMN bookings.boarding_passes.boarding_no IS 'Boarding pass number, in check-in order per flight';
COMMENT ON COLUMN bookings.boarding_passes.seat_no IS 'Seat number';

-- ---------------------------------------------------------------------
--  Generator helpers (session-local, dropped at end of load)
-- ---------------------------------------------------------------------
CREATE FUNCTION pg_temp.h(text) RETURNS bigint LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || lpad(substr(md5($1), 1, 8), 16, '0'))::bit(64)::bigint $$;
CREATE FUNCTION pg_temp.u(text) RETURNS double precision LANGUAGE sql IMMUTABLE AS
$$ SELECT pg_temp.h($1) / 4294967296.0 $$;

-- ---------------------------------------------------------------------
--  Reference data
-- ---------------------------------------------------------------------
INSERT INTO bookings.aircrafts_data (aircraft_code, model, range) VALUES
 ('773', '{"en": "Boeing 777-300", "ru": "Боинг 777-300"}', 11100),
 ('763', '{"en": "Boeing 767-300", "ru": "Боинг 767-300"}', 7900),
 ('SU9', '{"en": "Sukhoi Superjet-100", "ru": "Сухой Суперджет-100"}', 3000),
 ('320', '{"en": "Airbus A320-200", "ru": "Аэробус A320-200"}', 5700),
 ('321', '{"en": "Airbus A321-200", "ru": "Аэробус A321-200"}', 5600),
 ('319', '{"en": "Airbus A319-100", "ru": "Аэробус A319-100"}', 6700),
 ('733', '{"en": "Boeing 737-300", "ru": "Боинг 737-300"}', 4200),
 ('CN1', '{"en": "Cessna 208 Caravan", "ru": "Сессна 208 Караван"}', 1200),
 ('CR2', '{"en": "Bombardier CRJ-200", "ru": "Бомбардье CRJ-200"}', 2700);

INSERT INTO bookings.airports_data (airport_code, airport_name, city, coordinates, timezone)
SELECT code, jsonb_build_object('en', name_en, 'ru', name_ru), jsonb_build_object('en', city_en, 'ru', city_ru),
       point(lon, lat), tz
FROM (VALUES
 ('SVO','Sheremetyevo International Airport','Шереметьево','Moscow','Москва',37.414589,55.972642,'Europe/Moscow'),
 ('DME','Domodedovo International Airport','Домодедово','Moscow','Москва',37.906314,55.408611,'Europe/Moscow'),
 ('VKO','Vnukovo International Airport','Внуково','Moscow','Москва',37.261486,55.591531,'Europe/Moscow'),
 ('LED','Pulkovo Airport','Пулково','St. Petersburg','Санкт-Петербург',30.262503,59.800292,'Europe/Moscow'),
 ('KGD','Khrabrovo Airport','Храброво','Kaliningrad','Калининград',20.592633,54.890047,'Europe/Kaliningrad'),
 ('MMK','Murmansk Airport','Мурманск','Murmansk','Мурманск',32.750822,68.781672,'Europe/Moscow'),
 ('ARH','Talagi Airport','Талаги','Arkhangelsk','Архангельск',40.716733,64.600314,'Europe/Moscow'),
 ('SCW','Syktyvkar Airport','Сыктывкар','Syktyvkar','Сыктывкар',50.845100,61.646700,'Europe/Moscow'),
 ('CEE','Cherepovets Airport','Череповец','Cherepovets','Череповец',38.015800,59.273600,'Europe/Moscow'),
 ('GOJ','Strigino Airport','Стригино','Nizhny Novgorod','Нижний Новгород',43.784042,56.230119,'Europe/Moscow'),
 ('KZN','Kazan International Airport','Казань','Kazan','Казань',49.278728,55.606186,'Europe/Moscow'),
 ('NBC','Begishevo Airport','Бегишево','Nizhnekamsk','Нижнекамск',52.092498,55.564701,'Europe/Moscow'),
 ('CSY','Cheboksary Airport','Чебоксары','Cheboksary','Чебоксары',47.347301,56.090302,'Europe/Moscow'),
 ('IJK','Izhevsk Airport','Ижевск','Izhevsk','Ижевск',53.457500,56.828101,'Europe/Samara'),
 ('KUF','Kurumoch International Airport','Курумоч','Samara','Самара',50.164303,53.504858,'Europe/Samara'),
 ('ULV','Baratayevka Airport','Баратаевка','Ulyanovsk','Ульяновск',48.226700,54.268299,'Europe/Ulyanovsk'),
 ('VOZ','Voronezh International Airport','Воронеж','Voronezh','Воронеж',39.229589,51.814211,'Europe/Moscow'),
 ('VOG','Gumrak Airport','Гумрак','Volgograd','Волгоград',44.345544,48.782528,'Europe/Volgograd'),
 ('ASF','Astrakhan Airport','Астрахань','Astrakhan','Астрахань',48.006278,46.283333,'Europe/Astrakhan'),
 ('ROV','Rostov-on-Don Airport','Ростов-на-Дону','Rostov-on-Don','Ростов-на-Дону',39.818089,47.258208,'Europe/Moscow'),
 ('KRR','Pashkovsky Airport','Пашковский','Krasnodar','Краснодар',39.170544,45.034689,'Europe/Moscow'),
 ('AER','Sochi International Airport','Сочи','Sochi','Сочи',39.956589,43.449928,'Europe/Moscow'),
 ('MRV','Mineralnye Vody Airport','Минеральные Воды','Mineralnye Vody','Минеральные Воды',43.081889,44.225072,'Europe/Moscow'),
 ('STW','Shpakovskoye Airport','Шпаковское','Stavropol','Ставрополь',42.112778,45.109165,'Europe/Moscow'),
 ('MCX','Uytash Airport','Уйташ','Makhachkala','Махачкала',47.652283,42.816822,'Europe/Moscow'),
 ('UFA','Ufa International Airport','Уфа','Ufa','Уфа',55.874417,54.557511,'Asia/Yekaterinburg'),
 ('REN','Orenburg Central Airport','Оренбург','Orenburg','Оренбург',55.456744,51.795786,'Asia/Yekaterinburg'),
 ('PEE','Bolshoye Savino Airport','Большое Савино','Perm','Пермь',56.021214,57.914517,'Asia/Yekaterinburg'),
 ('SVX','Koltsovo Airport','Кольцово','Yekaterinburg','Екатеринбург',60.802728,56.743108,'Asia/Yekaterinburg'),
 ('CEK','Chelyabinsk Balandino Airport','Челябинск','Chelyabinsk','Челябинск',61.503333,55.305836,'Asia/Yekaterinburg'),
 ('TJM','Roshchino International Airport','Рощино','Tyumen','Тюмень',65.324272,57.189567,'Asia/Yekaterinburg'),
 ('SGC','Surgut Airport','Сургут','Surgut','Сургут',73.401842,61.343694,'Asia/Yekaterinburg'),
 ('NJC','Nizhnevartovsk Airport','Нижневартовск','Nizhnevartovsk','Нижневартовск',76.483617,60.949272,'Asia/Yekaterinburg'),
 ('NUX','Novy Urengoy Airport','Новый Уренгой','Novy Urengoy','Новый Уренгой',76.520336,66.069417,'Asia/Yekaterinburg'),
 ('OMS','Omsk Tsentralny Airport','Омск-Центральный','Omsk','Омск',73.310514,54.967033,'Asia/Omsk'),
 ('OVB','Tolmachevo Airport','Толмачёво','Novosibirsk','Новосибирск',82.650656,55.012622,'Asia/Novosibirsk'),
 ('BAX','Barnaul Airport','Барнаул','Barnaul','Барнаул',83.538494,53.363775,'Asia/Barnaul'),
 ('TOF','Bogashevo Airport','Богашёво','Tomsk','Томск',85.208333,56.380278,'Asia/Tomsk'),
 ('KEJ','Kemerovo Airport','Кемерово','Kemerovo','Кемерово',86.107208,55.270094,'Asia/Novokuznetsk'),
 ('NOZ','Spichenkovo Airport','Спиченково','Novokuznetsk','Новокузнецк',86.877200,53.811401,'Asia/Novokuznetsk'),
 ('KJA','Yemelyanovo Airport','Емельяново','Krasnoyarsk','Красноярск',92.493278,56.172947,'Asia/Krasnoyarsk'),
 ('ABA','Abakan International Airport','Абакан','Abakan','Абакан',91.385002,53.740002,'Asia/Krasnoyarsk'),
 ('IKT','Irkutsk International Airport','Иркутск','Irkutsk','Иркутск',104.388975,52.268028,'Asia/Irkutsk'),
 ('UUD','Baikal International Airport','Байкал','Ulan-Ude','Улан-Удэ',107.437800,51.807800,'Asia/Irkutsk'),
 ('YKS','Yakutsk Airport','Якутск','Yakutsk','Якутск',129.770639,62.093250,'Asia/Yakutsk'),
 ('BQS','Ignatyevo Airport','Игнатьево','Blagoveshchensk','Благовещенск',127.412000,50.425400,'Asia/Yakutsk'),
 ('KHV','Khabarovsk Novy Airport','Хабаровск-Новый','Khabarovsk','Хабаровск',135.188361,48.528044,'Asia/Vladivostok'),
 ('VVO','Vladivostok International Airport','Владивосток','Vladivostok','Владивосток',132.148017,43.398953,'Asia/Vladivostok'),
 ('UUS','Khomutovo Airport','Хомутово','Yuzhno-Sakhalinsk','Южно-Сахалинск',142.717531,46.888672,'Asia/Sakhalin'),
 ('GDX','Sokol Airport','Сокол','Magadan','Магадан',150.720439,59.910989,'Asia/Magadan'),
 ('PKC','Yelizovo Airport','Елизово','Petropavlovsk-Kamchatsky','Петропавловск-Камчатский',158.453669,53.167889,'Asia/Kamchatka')
) AS a(code, name_en, name_ru, city_en, city_ru, lon, lat, tz);

-- Seat maps: (aircraft, class, first row, last row, seat letters)
INSERT INTO bookings.seats (aircraft_code, seat_no, fare_conditions)
SELECT l.ac, r::text || substr(l.letters, p, 1), l.cls
FROM (VALUES
 ('773','Business', 1, 5,'ACDGHK'), ('773','Comfort', 6,11,'ACDEFGHK'), ('773','Economy',12,47,'ABCDEFGHK'),
 ('763','Business', 1, 5,'ABCFGH'), ('763','Economy', 6,37,'ABCFGH'),
 ('SU9','Business', 1, 3,'ACDF'),   ('SU9','Economy', 4,20,'ACDEF'),
 ('320','Business', 1, 5,'ACDF'),   ('320','Economy', 6,25,'ABCDEF'),
 ('321','Business', 1, 7,'ACDF'),   ('321','Economy', 8,30,'ABCDEF'),
 ('319','Business', 1, 5,'ACDF'),   ('319','Economy', 6,21,'ABCDEF'),
 ('733','Business', 1, 3,'ACDF'),   ('733','Economy', 4,23,'ABCDEF'),
 ('CN1','Economy', 1, 6,'AB'),
 ('CR2','Economy', 1,13,'ABCD')
) AS l(ac, cls, r1, r2, letters)
CROSS JOIN LATERAL generate_series(l.r1, l.r2) AS r
CROSS JOIN LATERAL generate_series(1, length(l.letters)) AS p
ORDER BY 1, r, p;

-- ---------------------------------------------------------------------
--  Network: airport pairs (both directions are flown), aircraft,
--  weekly frequency and departures per day
-- ---------------------------------------------------------------------
CREATE TEMP TABLE rp (pair_id int, a char(3), b char(3), ac char(3), per_week int, per_day int);
INSERT INTO rp
SELECT row_number() OVER (), * FROM (VALUES
 ('SVO','LED','321',7,3), ('DME','LED','320',7,2), ('VKO','LED','SU9',7,1),
 ('SVO','AER','321',7,2), ('VKO','AER','733',7,1), ('DME','KRR','320',7,1),
 ('SVO','KRR','SU9',5,1), ('SVO','KGD','319',7,1), ('VKO','KGD','SU9',4,1),
 ('DME','MRV','SU9',7,1), ('SVO','ROV','320',7,1), ('VKO','MCX','733',4,1),
 ('SVO','KZN','SU9',7,1), ('DME','KUF','319',7,1), ('VKO','UFA','SU9',7,1),
 ('SVO','SVX','321',7,2), ('DME','SVX','320',7,1), ('SVO','PEE','SU9',7,1),
 ('DME','CEK','319',7,1), ('VKO','TJM','SU9',7,1), ('SVO','SGC','733',5,1),
 ('DME','NUX','733',3,1), ('SVO','OVB','763',7,1), ('DME','OVB','320',7,1),
 ('SVO','OMS','319',7,1), ('DME','KJA','319',7,1), ('SVO','IKT','763',7,1),
 ('DME','BAX','319',4,1), ('VKO','TOF','733',3,1), ('SVO','KEJ','319',3,1),
 ('SVO','KHV','773',7,1), ('SVO','VVO','773',7,1), ('DME','YKS','763',3,1),
 ('SVO','UUS','763',3,1), ('SVO','PKC','773',2,1), ('SVO','GDX','763',2,1),
 ('SVO','MMK','SU9',7,1), ('DME','ARH','SU9',7,1), ('VKO','SCW','CR2',5,1),
 ('SVO','GOJ','SU9',7,1), ('VKO','VOZ','CR2',7,1), ('VKO','VOG','SU9',7,1),
 ('DME','ASF','SU9',4,1), ('SVO','CSY','CR2',4,1), ('DME','IJK','CR2',3,1),
 ('VKO','ULV','CR2',3,1), ('DME','REN','SU9',4,1), ('DME','NJC','733',3,1),
 ('LED','KGD','SU9',7,1), ('LED','AER','320',7,1), ('LED','KRR','319',5,1),
 ('LED','SVX','SU9',7,1), ('LED','KZN','CR2',4,1), ('LED','MMK','CR2',7,1),
 ('LED','OVB','320',4,1), ('LED','ARH','CR2',3,1),
 ('OVB','KJA','CR2',7,1), ('OVB','IKT','SU9',7,1), ('OVB','BAX','CN1',7,1),
 ('KJA','ABA','CN1',7,1), ('IKT','UUD','CN1',7,1), ('KEJ','NOZ','CN1',5,1),
 ('KZN','NBC','CN1',7,1), ('SVX','SGC','CR2',7,1), ('SVX','AER','320',4,1),
 ('KHV','VVO','CR2',7,1), ('KHV','UUS','CR2',7,1), ('KHV','BQS','CN1',3,1),
 ('YKS','KHV','SU9',4,1), ('IKT','YKS','CR2',3,1), ('MRV','KRR','CN1',4,1),
 ('OVB','SGC','CR2',3,1), ('SVX','OVB','SU9',7,1), ('UFA','SVX','CR2',4,1),
 ('KUF','UFA','CN1',3,1), ('CEK','TJM','CN1',3,1)
) AS v(a, b, ac, per_week, per_day);

-- great-circle distance, km
CREATE TEMP TABLE rp_dist AS
SELECT rp.*,
       round(2 * 6371 * asin(sqrt(
           sin(radians(pb.coordinates[1] - pa.coordinates[1]) / 2) ^ 2 +
           cos(radians(pa.coordinates[1])) * cos(radians(pb.coordinates[1])) *
           sin(radians(pb.coordinates[0] - pa.coordinates[0]) / 2) ^ 2)))::int AS dist_km
FROM rp
JOIN bookings.airports_data pa ON pa.airport_code = rp.a
JOIN bookings.airports_data pb ON pb.airport_code = rp.b;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM rp_dist d JOIN bookings.aircrafts_data ac ON ac.aircraft_code = d.ac
             WHERE d.dist_km > ac.range) THEN
    RAISE EXCEPTION 'route longer than aircraft range';
  END IF;
END $$;

-- directed routes, one per flight number
CREATE TEMP TABLE dr AS
WITH x AS (
  SELECT d.pair_id, dir, k, d.per_day, d.per_week, d.ac, d.dist_km,
         CASE dir WHEN 0 THEN d.a ELSE d.b END AS dep,
         CASE dir WHEN 0 THEN d.b ELSE d.a END AS arr
  FROM rp_dist d
  CROSS JOIN generate_series(0, 1) AS dir
  CROSS JOIN LATERAL generate_series(1, d.per_day) AS k
)
SELECT x.*,
       'PG' || lpad((row_number() OVER (ORDER BY pg_temp.h('fno' || pair_id || '/' || dir || '/' || k)))::text, 4, '0') AS flight_no,
       -- departure time, minutes after midnight Moscow time, between 06:00 and 21:00
       360 + (k - 1) * (900 / per_day)
           + 5 * (pg_temp.h('dep' || pair_id || '/' || dir || '/' || k) % (900 / per_day / 5 + 1))::int AS dep_min,
       -- block time, minutes, rounded to 5
       (5 * round((dist_km::numeric / CASE ac WHEN 'CN1' THEN 280 WHEN 'CR2' THEN 650 ELSE 780 END * 60 + 25) / 5))::int AS dur_min
FROM x;

-- operating weekdays (ISO 1..7) per pair
CREATE TEMP TABLE rp_days AS
SELECT d.pair_id, ((pg_temp.h('days' || d.pair_id) % 7) + (i * 7) / d.per_week) % 7 + 1 AS isodow
FROM rp_dist d CROSS JOIN LATERAL generate_series(0, d.per_week - 1) AS i;

-- ---------------------------------------------------------------------
--  Flights 2017-07-01 .. 2017-09-14 (today = 2017-08-15 18:00 MSK)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE f0 AS
SELECT dr.*, dday::date AS dep_date,
       (dday::date + dep_min * interval '1 minute') AT TIME ZONE 'Europe/Moscow' AS sched_dep
FROM dr
CROSS JOIN generate_series(date '2017-07-01', date '2017-09-14', interval '1 day') AS dday
WHERE extract(isodow FROM dday) IN (SELECT isodow FROM rp_days WHERE rp_days.pair_id = dr.pair_id);

CREATE TEMP TABLE f1 AS
SELECT f0.*,
       row_number() OVER (ORDER BY sched_dep, flight_no)::int AS flight_id,
       sched_dep + dur_min * interval '1 minute' AS sched_arr,
       pg_temp.u('cxl' || flight_no || dep_date) < 0.009 AS cancelled,
       CASE WHEN pg_temp.u('dl' || flight_no || dep_date) < 0.70 THEN (pg_temp.h('dm' || flight_no || dep_date) % 6)::int
            WHEN pg_temp.u('dl' || flight_no || dep_date) < 0.90 THEN 6 + (pg_temp.h('dm' || flight_no || dep_date) % 25)::int
            WHEN pg_temp.u('dl' || flight_no || dep_date) < 0.98 THEN 31 + (pg_temp.h('dm' || flight_no || dep_date) % 90)::int
            ELSE 121 + (pg_temp.h('dm' || flight_no || dep_date) % 180)::int END AS delay_min,
       (pg_temp.h('ad' || flight_no || dep_date) % 21)::int - 10 AS arr_dev_min
FROM f0;

CREATE TEMP TABLE f2 AS
SELECT f1.*,
       sched_dep + delay_min * interval '1 minute' AS plan_act_dep,
       sched_dep + delay_min * interval '1 minute' + (dur_min + arr_dev_min) * interval '1 minute' AS plan_act_arr
FROM f1;

INSERT INTO bookings.flights (flight_id, flight_no, scheduled_departure, scheduled_arrival,
    departure_airport, arrival_airport, status, aircraft_code, actual_departure, actual_arrival)
SELECT flight_id, flight_no, sched_dep, sched_arr, dep, arr,
       CASE WHEN cancelled THEN 'Cancelled'
            WHEN plan_act_arr <= t.now THEN 'Arrived'
            WHEN plan_act_dep <= t.now THEN 'Departed'
            WHEN sched_dep <= t.now THEN 'Delayed'
            WHEN sched_dep <= t.now + interval '1 day' THEN CASE WHEN delay_min > 60 THEN 'Delayed' ELSE 'On Time' END
            ELSE 'Scheduled' END,
       ac,
       CASE WHEN NOT cancelled AND plan_act_dep <= t.now THEN plan_act_dep END,
       CASE WHEN NOT cancelled AND plan_act_arr <= t.now THEN plan_act_arr END
FROM f2, (SELECT timestamptz '2017-08-15 18:00:00+03' AS now) t
ORDER BY flight_id;
SELECT setval('bookings.flights_flight_id_seq', (SELECT max(flight_id) FROM bookings.flights));

-- ---------------------------------------------------------------------
--  Bookings, tickets, segments
-- ---------------------------------------------------------------------
CREATE TEMP TABLE cap AS
SELECT aircraft_code AS ac, fare_conditions AS cls, count(*)::int AS n
FROM bookings.seats GROUP BY 1, 2;

-- outbound demand per flight and class
CREATE TEMP TABLE fo AS
SELECT f.flight_id, f.pair_id, f.dir, f.dep_date, f.sched_dep, f.flight_no, c.cls, c.n AS cap_n,
       floor(c.n
             * (0.07 + 0.22 * pg_temp.u('lf' || f.flight_id))
             * CASE c.cls WHEN 'Business' THEN 0.6 WHEN 'Comfort' THEN 0.8 ELSE 1 END
             * least(1.0, (61 - greatest(0, f.dep_date - date '2017-08-15')) / 60.0))::int AS nout
FROM f2 f JOIN cap c ON c.ac = f.ac;

-- candidate bookings, party size 1..4, truncated at the outbound demand
CREATE TEMP TABLE bk0 AS
SELECT *, least(sz, nout - (csum - sz)) AS party
FROM (
  SELECT fo.flight_id, fo.pair_id, fo.dir, fo.dep_date, fo.sched_dep, fo.flight_no, fo.cls, fo.nout, j,
         CASE WHEN pg_temp.u('sz' || fo.flight_id || fo.cls || j) < 0.62 THEN 1
              WHEN pg_temp.u('sz' || fo.flight_id || fo.cls || j) < 0.86 THEN 2
              WHEN pg_temp.u('sz' || fo.flight_id || fo.cls || j) < 0.96 THEN 3 ELSE 4 END AS sz,
         sum(CASE WHEN pg_temp.u('sz' || fo.flight_id || fo.cls || j) < 0.62 THEN 1
                  WHEN pg_temp.u('sz' || fo.flight_id || fo.cls || j) < 0.86 THEN 2
                  WHEN pg_temp.u('sz' || fo.flight_id || fo.cls || j) < 0.96 THEN 3 ELSE 4 END)
             OVER (PARTITION BY fo.flight_id, fo.cls ORDER BY j) AS csum
  FROM fo CROSS JOIN LATERAL generate_series(1, fo.nout) AS j
) s
WHERE csum - sz < nout;

-- booking lead time (days before the first flight), time of day, return wish
CREATE TEMP TABLE bk1 AS
SELECT b.*,
       lo + (pg_temp.h('ld' || b.flight_id || b.cls || b.j) % (61 - lo))::int AS lead_days,
       pg_temp.u('rt' || b.flight_id || b.cls || b.j) < 0.45 AS wants_return,
       2 + (pg_temp.h('gap' || b.flight_id || b.cls || b.j) % 13)::int AS gap_days
FROM (SELECT bk0.*, greatest(1, dep_date - date '2017-08-15') AS lo FROM bk0) b;

CREATE TEMP TABLE bk2 AS
SELECT b.*,
       ((b.dep_date - b.lead_days)
        + (360 + pg_temp.h('bt' || b.flight_id || b.cls || b.j)
                 % CASE WHEN b.dep_date - b.lead_days = date '2017-08-15' THEN 720 ELSE 1020 END)
          * interval '1 minute') AT TIME ZONE 'Europe/Moscow' AS book_date
FROM bk1 b;

CREATE INDEX ON f2 (pair_id, dir, dep_date);
ANALYZE f2;

-- return flight: first flight back on the same pair at least gap_days later
CREATE TEMP TABLE bk3 AS
SELECT b.*, r.flight_id AS ret_flight_id
FROM bk2 b
LEFT JOIN LATERAL (
  SELECT f.flight_id FROM f2 f
  WHERE b.wants_return AND f.pair_id = b.pair_id AND f.dir = 1 - b.dir
    AND f.dep_date >= b.dep_date + b.gap_days
  ORDER BY f.dep_date, f.sched_dep LIMIT 1) r ON true;

-- keep a return only while the return flight still has seats in that class
CREATE TEMP TABLE bk4 AS
SELECT b.*,
       CASE WHEN b.ret_flight_id IS NOT NULL
             AND sum(b.party) OVER (PARTITION BY b.ret_flight_id, b.cls ORDER BY b.book_date, b.flight_id, b.j)
                 <= fr.cap_n - fr.nout
            THEN b.ret_flight_id END AS ret_id
FROM bk3 b
LEFT JOIN fo fr ON fr.flight_id = b.ret_flight_id AND fr.cls = b.cls;

CREATE TEMP TABLE bk AS
SELECT b.*,
       row_number() OVER (ORDER BY b.book_date, b.flight_id, b.cls, b.j) AS bk_id
FROM bk4 b;

-- fares: distance based, per class; 10 % early-booking discount at 30+ days
CREATE TEMP TABLE fare AS
SELECT d.pair_id, c.cls,
       (100 * round((2200 + d.dist_km * 4.6) * CASE c.cls WHEN 'Business' THEN 3.0 WHEN 'Comfort' THEN 1.6 ELSE 1.0 END / 100))::numeric AS base
FROM rp_dist d CROSS JOIN (VALUES ('Economy'), ('Comfort'), ('Business')) c(cls);

CREATE TEMP TABLE tk AS
SELECT b.bk_id, b.book_date, b.flight_id, b.ret_id, b.cls, i,
       row_number() OVER (ORDER BY b.bk_id, i) AS tk_seq,
       CASE WHEN b.lead_days >= 30 THEN 100 * round(fa.base * 0.9 / 100) ELSE fa.base END AS seg_amount
FROM bk b
CROSS JOIN LATERAL generate_series(1, b.party) AS i
JOIN fare fa ON fa.pair_id = b.pair_id AND fa.cls = b.cls;

-- bookings
INSERT INTO bookings.bookings (book_ref, book_date, total_amount)
SELECT upper(lpad(to_hex(((b.bk_id * 2654435 + 1048573) % 16777216)::int), 6, '0')),
       b.book_date,
       sum(t.seg_amount * CASE WHEN t.ret_id IS NULL THEN 1 ELSE 2 END)
FROM bk b JOIN tk t ON t.bk_id = b.bk_id
GROUP BY b.bk_id, b.book_date
ORDER BY b.bk_id;

-- passengers: a pool of 150001 occasional travellers (a person can fly again
-- months later) plus 300 frequent flyers who take about 2 % of all tickets
CREATE TEMP TABLE names_m (i int, n text);
INSERT INTO names_m SELECT row_number() OVER () - 1, n FROM unnest(ARRAY[
 'ALEKSANDR','SERGEY','DMITRIY','ANDREY','ALEKSEY','MAKSIM','EVGENIY','IVAN','MIKHAIL','ARTEM',
 'NIKOLAY','VLADIMIR','PAVEL','ROMAN','OLEG','DENIS','VIKTOR','YURIY','IGOR','KONSTANTIN',
 'ANTON','VADIM','ILYA','NIKITA','KIRILL','VALERIY','GENNADIY','BORIS','STANISLAV','TIMUR']) n;
CREATE TEMP TABLE names_f (i int, n text);
INSERT INTO names_f SELECT row_number() OVER () - 1, n FROM unnest(ARRAY[
 'ELENA','TATYANA','NATALIYA','OLGA','IRINA','SVETLANA','ANNA','MARINA','YULIYA','EKATERINA',
 'LYUDMILA','GALINA','NADEZHDA','VALENTINA','ANASTASIYA','LARISA','TAMARA','VIKTORIYA','ALLA','DARYA',
 'KSENIYA','POLINA','ALINA','SOFIYA','VERA','ZOYA','LIDIYA','MARIYA','INNA','ALEKSANDRA']) n;
CREATE TEMP TABLE names_s (i int, n text);
INSERT INTO names_s SELECT row_number() OVER () - 1, n FROM unnest(ARRAY[
 'IVANOV','SMIRNOV','KUZNETSOV','POPOV','VASILEV','PETROV','SOKOLOV','MIKHAYLOV','NOVIKOV','FEDOROV',
 'MOROZOV','VOLKOV','ALEKSEEV','LEBEDEV','SEMENOV','EGOROV','PAVLOV','KOZLOV','STEPANOV','NIKOLAEV',
 'ORLOV','ANDREEV','MAKAROV','NIKITIN','ZAKHAROV','ZAYTSEV','SOLOVEV','BORISOV','YAKOVLEV','GRIGOREV',
 'ROMANOV','VOROBEV','SERGEEV','KUZMIN','FROLOV','ALEKSANDROV','DMITRIEV','KOROLEV','GUSEV','KISELEV',
 'ILIN','MAKSIMOV','POLYAKOV','SOROKIN','VINOGRADOV','KOVALEV','BELOV','MEDVEDEV','ANTONOV','TARASOV',
 'ZHUKOV','BARANOV','FILIPPOV','KOMAROV','DAVYDOV','BELYAEV','GERASIMOV','BOGDANOV','OSIPOV','SIDOROV',
 'MATVEEV','TITOV','MARKOV','MIRONOV','KRYLOV','KULIKOV','KARPOV','VLASOV','MELNIKOV','DENISOV',
 'GAVRILOV','TIKHONOV','KAZAKOV','AFANASEV','DANILOV','SAVELEV','TIMOFEEV','FOMIN','CHERNOV','ABRAMOV',
 'MARTYNOV','EFIMOV','FEDOTOV','SHCHERBAKOV','NAZAROV','KALININ','ISAEV','CHERNYSHEV','BYKOV','KOVALENKO',
 'BONDARENKO','SHEVCHENKO','ZHURAVLEV','KOVALEVSKIY','SAVITSKIY','LITVINENKO','POTAPOV','GORDEEV','KOLESNIKOV','BELOUSOV']) n;

CREATE TEMP TABLE person AS
SELECT p AS person_id,
       lpad(((p::bigint * 2718281 + 4012345678) % 10000000000)::text, 10, '0') AS doc,
       pg_temp.h('sex' || p) % 100 < 52 AS female,
       (pg_temp.h('fn' || p) % 30)::int AS fn_i,
       (pg_temp.h('sn' || p) % 100)::int AS sn_i,
       pg_temp.u('em' || p) < 0.7 AS has_email,
       (pg_temp.h('dom' || p) % 4)::int AS dom_i,
       '+79' || lpad(((p::bigint * 314159 + 271828182) % 1000000000)::text, 9, '0') AS phone
FROM generate_series(0, 150300) AS p;

CREATE TEMP TABLE person2 AS
SELECT p.person_id,
       substr(p.doc, 1, 4) || ' ' || substr(p.doc, 5, 6) AS passenger_id,
       CASE WHEN p.female THEN nf.n ELSE nm.n END AS first_name,
       CASE WHEN NOT p.female THEN s.n
            WHEN s.n LIKE '%SKIY' THEN left(s.n, -2) || 'AYA'
            WHEN s.n ~ '(OV|EV|IN)$' THEN s.n || 'A'
            ELSE s.n END AS last_name,
       p.has_email, p.dom_i, p.phone
FROM person p
JOIN names_m nm ON nm.i = p.fn_i
JOIN names_f nf ON nf.i = p.fn_i
JOIN names_s s ON s.i = p.sn_i;

CREATE TEMP TABLE tp AS
SELECT t.tk_seq, t.bk_id,
       CASE WHEN pg_temp.u('ff' || t.tk_seq) < 0.02
            THEN 150001 + (pg_temp.h('ffp' || t.tk_seq) % 300)::int
            ELSE ((t.tk_seq * 7907) % 150001)::int END AS person_id,
       ((t.tk_seq * 7907) % 150001)::int AS occ_person_id
FROM tk t;
-- a frequent flyer never holds two tickets on the same flight or in the same booking
CREATE TEMP TABLE seg AS
SELECT tk_seq, flight_id FROM tk UNION ALL SELECT tk_seq, ret_id FROM tk WHERE ret_id IS NOT NULL;
UPDATE tp SET person_id = tp.occ_person_id
WHERE tp.tk_seq IN (
  SELECT x.tk_seq FROM (
    SELECT s.tk_seq, row_number() OVER (PARTITION BY s.flight_id, p.person_id ORDER BY s.tk_seq) AS rn
    FROM seg s JOIN tp p ON p.tk_seq = s.tk_seq) x WHERE x.rn > 1
  UNION
  SELECT x.tk_seq FROM (
    SELECT p.tk_seq, row_number() OVER (PARTITION BY p.bk_id, p.person_id ORDER BY p.tk_seq) AS rn
    FROM tp p) x WHERE x.rn > 1);

INSERT INTO bookings.tickets (ticket_no, book_ref, passenger_id, passenger_name, contact_data)
SELECT '0005' || lpad((432000000 + t.tk_seq)::text, 9, '0'),
       upper(lpad(to_hex(((t.bk_id * 2654435 + 1048573) % 16777216)::int), 6, '0')),
       p.passenger_id,
       p.first_name || ' ' || p.last_name,
       CASE WHEN p.has_email
            THEN jsonb_build_object('email',
                     lower(left(p.first_name, 1) || '.' || p.last_name) || '_' || (p.person_id % 1000)
                     || '@' || (ARRAY['mail.ru','yandex.ru','gmail.com','postgrespro.ru'])[p.dom_i + 1],
                     'phone', p.phone)
            ELSE jsonb_build_object('phone', p.phone) END
FROM tk t
JOIN tp ON tp.tk_seq = t.tk_seq
JOIN person2 p ON p.person_id = tp.person_id
ORDER BY t.tk_seq;

INSERT INTO bookings.ticket_flights (ticket_no, flight_id, fare_conditions, amount)
SELECT ticket_no, flight_id, cls, seg_amount
FROM (
  SELECT '0005' || lpad((432000000 + t.tk_seq)::text, 9, '0') AS ticket_no, t.flight_id, t.cls, t.seg_amount, t.tk_seq, 1 AS leg
  FROM tk t
  UNION ALL
  SELECT '0005' || lpad((432000000 + t.tk_seq)::text, 9, '0'), t.ret_id, t.cls, t.seg_amount, t.tk_seq, 2
  FROM tk t WHERE t.ret_id IS NOT NULL
) s
ORDER BY tk_seq, leg;

-- ---------------------------------------------------------------------
--  Boarding passes: everybody checked in on departed flights except ~2 %
--  no-shows; for flights with check-in open (next 24 h, or delayed)
--  about 60 % have checked in so far.  Cancelled flights have none.
-- ---------------------------------------------------------------------
CREATE TEMP TABLE bp0 AS
SELECT tf.ticket_no, tf.flight_id, tf.fare_conditions, f.aircraft_code,
       row_number() OVER (PARTITION BY tf.flight_id, tf.fare_conditions
                          ORDER BY pg_temp.h('seat' || tf.ticket_no || tf.flight_id), tf.ticket_no) AS cls_rn,
       pg_temp.h('chk' || tf.ticket_no || tf.flight_id) AS chk_order
FROM bookings.ticket_flights tf
JOIN bookings.flights f ON f.flight_id = tf.flight_id
WHERE (f.status IN ('Arrived', 'Departed') AND pg_temp.u('ns' || tf.ticket_no || tf.flight_id) >= 0.02)
   OR (f.status IN ('On Time', 'Delayed') AND pg_temp.u('ci' || tf.ticket_no || tf.flight_id) < 0.60);

CREATE TEMP TABLE seat_ord AS
SELECT s.aircraft_code, s.fare_conditions, s.seat_no,
       row_number() OVER (PARTITION BY s.aircraft_code, s.fare_conditions ORDER BY pg_temp.h('s' || s.aircraft_code || s.seat_no)) AS rn
FROM bookings.seats s;

INSERT INTO bookings.boarding_passes (ticket_no, flight_id, boarding_no, seat_no)
SELECT b.ticket_no, b.flight_id,
       row_number() OVER (PARTITION BY b.flight_id ORDER BY b.chk_order, b.ticket_no),
       so.seat_no
FROM bp0 b
JOIN LATERAL (SELECT s.seat_no FROM seat_ord s
              WHERE s.aircraft_code = b.aircraft_code AND s.fare_conditions = b.fare_conditions
                AND s.rn = (b.cls_rn + b.flight_id) % (SELECT c.n FROM cap c WHERE c.ac = b.aircraft_code AND c.cls = b.fare_conditions) + 1
             ) so ON true
ORDER BY b.flight_id, 3;

-- ---------------------------------------------------------------------
--  Constraints and indexes
-- ---------------------------------------------------------------------
ALTER TABLE bookings.aircrafts_data ADD CONSTRAINT aircrafts_pkey PRIMARY KEY (aircraft_code);
ALTER TABLE bookings.airports_data  ADD CONSTRAINT airports_data_pkey PRIMARY KEY (airport_code);
ALTER TABLE bookings.seats          ADD CONSTRAINT seats_pkey PRIMARY KEY (aircraft_code, seat_no);
ALTER TABLE bookings.flights        ADD CONSTRAINT flights_pkey PRIMARY KEY (flight_id);
ALTER TABLE bookings.flights        ADD CONSTRAINT flights_flight_no_scheduled_departure_key UNIQUE (flight_no, scheduled_departure);
ALTER TABLE bookings.bookings       ADD CONSTRAINT bookings_pkey PRIMARY KEY (book_ref);
ALTER TABLE bookings.tickets        ADD CONSTRAINT tickets_pkey PRIMARY KEY (ticket_no);
ALTER TABLE bookings.ticket_flights ADD CONSTRAINT ticket_flights_pkey PRIMARY KEY (ticket_no, flight_id);
ALTER TABLE bookings.boarding_passes ADD CONSTRAINT boarding_passes_pkey PRIMARY KEY (ticket_no, flight_id);
ALTER TABLE bookings.boarding_passes ADD CONSTRAINT boarding_passes_flight_id_boarding_no_key UNIQUE (flight_id, boarding_no);
ALTER TABLE bookings.boarding_passes ADD CONSTRAINT boarding_passes_flight_id_seat_no_key UNIQUE (flight_id, seat_no);

ALTER TABLE bookings.seats ADD CONSTRAINT seats_aircraft_code_fkey
    FOREIGN KEY (aircraft_code) REFERENCES bookings.aircrafts_data (aircraft_code) ON DELETE CASCADE;
ALTER TABLE bookings.flights ADD CONSTRAINT flights_aircraft_code_fkey
    FOREIGN KEY (aircraft_code) REFERENCES bookings.aircrafts_data (aircraft_code);
ALTER TABLE bookings.flights ADD CONSTRAINT flights_departure_airport_fkey
    FOREIGN KEY (departure_airport) REFERENCES bookings.airports_data (airport_code);
ALTER TABLE bookings.flights ADD CONSTRAINT flights_arrival_airport_fkey
    FOREIGN KEY (arrival_airport) REFERENCES bookings.airports_data (airport_code);
ALTER TABLE bookings.tickets ADD CONSTRAINT tickets_book_ref_fkey
    FOREIGN KEY (book_ref) REFERENCES bookings.bookings (book_ref);
ALTER TABLE bookings.ticket_flights ADD CONSTRAINT ticket_flights_ticket_no_fkey
    FOREIGN KEY (ticket_no) REFERENCES bookings.tickets (ticket_no);
ALTER TABLE bookings.ticket_flights ADD CONSTRAINT ticket_flights_flight_id_fkey
    FOREIGN KEY (flight_id) REFERENCES bookings.flights (flight_id);
ALTER TABLE bookings.boarding_passes ADD CONSTRAINT boarding_passes_ticket_no_fkey
    FOREIGN KEY (ticket_no, flight_id) REFERENCES bookings.ticket_flights (ticket_no, flight_id);

-- secondary indexes added by the ops team over time
CREATE INDEX tickets_book_ref_idx ON bookings.tickets (book_ref);
CREATE INDEX flights_departure_airport_sched_idx ON bookings.flights (departure_airport, scheduled_departure);
CREATE INDEX flights_actual_arrival_idx ON bookings.flights (actual_arrival);   -- for the old on-time report
CREATE INDEX bookings_book_date_idx ON bookings.bookings (book_date);

-- ---------------------------------------------------------------------
--  Views (English names picked from the jsonb columns)
-- ---------------------------------------------------------------------
CREATE VIEW bookings.aircrafts AS
SELECT ml.aircraft_code, ml.model ->> 'en' AS model, ml.range
FROM bookings.aircrafts_data ml;
COMMENT ON VIEW bookings.aircrafts IS 'Aircrafts (English names)';

CREATE VIEW bookings.airports AS
SELECT ml.airport_code, ml.airport_name ->> 'en' AS airport_name, ml.city ->> 'en' AS city,
       ml.coordinates, ml.timezone
FROM bookings.airports_data ml;
COMMENT ON VIEW bookings.airports IS 'Airports (English names)';

CREATE VIEW bookings.flights_v AS
SELECT f.flight_id,
       f.flight_no,
       f.scheduled_departure,
       timezone(dep.timezone, f.scheduled_departure) AS scheduled_departure_local,
       f.scheduled_arrival,
       timezone(arr.timezone, f.scheduled_arrival) AS scheduled_arrival_local,
       f.scheduled_arrival - f.scheduled_departure AS scheduled_duration,
       f.departure_airport,
       dep.airport_name AS departure_airport_name,
       dep.city AS departure_city,
       f.arrival_airport,
       arr.airport_name AS arrival_airport_name,
       arr.city AS arrival_city,
       f.status,
       f.aircraft_code,
       f.actual_departure,
       timezone(dep.timezone, f.actual_departure) AS actual_departure_local,
       f.actual_arrival,
       timezone(arr.timezone, f.actual_arrival) AS actual_arrival_local,
       f.actual_arrival - f.actual_departure AS actual_duration
FROM bookings.flights f
JOIN bookings.airports dep ON f.departure_airport = dep.airport_code
JOIN bookings.airports arr ON f.arrival_airport = arr.airport_code;
COMMENT ON VIEW bookings.flights_v IS 'Flights with airport names, cities and local times';

CREATE MATERIALIZED VIEW bookings.routes AS
WITH f3 AS (
  SELECT f2.flight_no, f2.departure_airport, f2.arrival_airport, f2.aircraft_code, f2.duration,
         array_agg(f2.days_of_week ORDER BY f2.days_of_week) AS days_of_week
  FROM (
    SELECT DISTINCT f.flight_no, f.departure_airport, f.arrival_airport, f.aircraft_code,
           f.scheduled_arrival - f.scheduled_departure AS duration,
           extract(isodow FROM timezone('Europe/Moscow', f.scheduled_departure))::int AS days_of_week
    FROM bookings.flights f
  ) f2
  GROUP BY f2.flight_no, f2.departure_airport, f2.arrival_airport, f2.aircraft_code, f2.duration
)
SELECT f3.flight_no,
       f3.departure_airport, dep.airport_name AS departure_airport_name, dep.city AS departure_city,
       f3.arrival_airport, arr.airport_name AS arrival_airport_name, arr.city AS arrival_city,
       f3.aircraft_code, f3.duration, f3.days_of_week
FROM f3
JOIN bookings.airports dep ON f3.departure_airport = dep.airport_code
JOIN bookings.airports arr ON f3.arrival_airport = arr.airport_code;
COMMENT ON MATERIALIZED VIEW bookings.routes IS 'Routes: one row per flight number, days_of_week = ISO weekdays (Moscow time)';

DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET search_path = bookings, public', current_database());
END $$;

DROP FUNCTION pg_temp.u(text);
DROP FUNCTION pg_temp.h(text);

ANALYZE;

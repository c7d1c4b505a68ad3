-- classicmodels: PostgreSQL port of the MySQL "classicmodels" sample database
-- (Classic Models Inc., a retailer of scale models of classic cars, planes,
-- ships, trains, motorcycles, trucks and buses).
-- Table and column names follow the usual PostgreSQL port: the original
-- camelCase identifiers unquoted, i.e. folded to lower case.
-- Data is generated deterministically (hash-based arithmetic, no random()).
-- The data's "today" is 2025-06-30.

SET client_min_messages = warning;

-- deterministic pseudo-random number in [0,1) from (key, salt); session-local helper
CREATE FUNCTION pg_temp.u(k bigint, s int) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
SELECT ((h5 % 1000003)::float8 / 1000003) FROM (
 SELECT h4 # (h4 >> 15) AS h5 FROM (
  SELECT ((h3 * 1664525 + 1013904223) % 4294967296) AS h4 FROM (
   SELECT h2 # (h2 >> 11) AS h3 FROM (
    SELECT ((h1 * 1103515245 + 12345) % 2147483648) AS h2 FROM (
     SELECT ((k * 2654435761 + s::bigint * 97531 + 12345) % 4294967296) AS h1) a) b) c) d) e
$$;

-- ---------------------------------------------------------------- DDL

CREATE TABLE productlines (
    productline      varchar(50) PRIMARY KEY,
    textdescription  varchar(4000),
    htmldescription  text,
    image            bytea
);

CREATE TABLE products (
    productcode        varchar(15) PRIMARY KEY,
    productname        varchar(70) NOT NULL,
    productline        varchar(50) NOT NULL REFERENCES productlines (productline),
    productscale       varchar(10) NOT NULL,
    productvendor      varchar(50) NOT NULL,
    productdescription text NOT NULL,
    quantityinstock    smallint NOT NULL,
    buyprice           numeric(10,2) NOT NULL,
    msrp               numeric(10,2) NOT NULL
);

CREATE TABLE offices (
    officecode   varchar(10) PRIMARY KEY,
    city         varchar(50) NOT NULL,
    phone        varchar(50) NOT NULL,
    addressline1 varchar(50) NOT NULL,
    addressline2 varchar(50),
    state        varchar(50),
    country      varchar(50) NOT NULL,
    postalcode   varchar(15) NOT NULL,
    territory    varchar(10) NOT NULL
);

CREATE TABLE employees (
    employeenumber integer PRIMARY KEY,
    lastname       varchar(50) NOT NULL,
    firstname      varchar(50) NOT NULL,
    extension      varchar(10) NOT NULL,
    email          varchar(100) NOT NULL,
    officecode     varchar(10) NOT NULL REFERENCES offices (officecode),
    reportsto      integer REFERENCES employees (employeenumber),
    jobtitle       varchar(50) NOT NULL
);

CREATE TABLE customers (
    customernumber         integer PRIMARY KEY,
    customername           varchar(50) NOT NULL,
    contactlastname        varchar(50) NOT NULL,
    contactfirstname       varchar(50) NOT NULL,
    phone                  varchar(50) NOT NULL,
    addressline1           varchar(50) NOT NULL,
    addressline2           varchar(50),
    city                   varchar(50) NOT NULL,
    state                  varchar(50),
    postalcode             varchar(15),
    country                varchar(50) NOT NULL,
    salesrepemployeenumber integer REFERENCES employees (employeenumber),
    creditlimit            numeric(10,2)
);

CREATE TABLE orders (
    ordernumber    integer PRIMARY KEY,
    orderdate      date NOT NULL,
    requireddate   date NOT NULL,
    shippeddate    date,
    status         varchar(15) NOT NULL,
    comments       text,
    customernumber integer NOT NULL REFERENCES customers (customernumber)
);

CREATE TABLE orderdetails (
    ordernumber     integer NOT NULL REFERENCES orders (ordernumber),
    productcode     varchar(15) NOT NULL REFERENCES products (productcode),
    quantityordered integer NOT NULL,
    priceeach       numeric(10,2) NOT NULL,
    orderlinenumber smallint NOT NULL,
    PRIMARY KEY (ordernumber, productcode)
);

CREATE TABLE payments (
    customernumber integer NOT NULL REFERENCES customers (customernumber),
    checknumber    varchar(50) NOT NULL,
    paymentdate    date NOT NULL,
    amount         numeric(10,2) NOT NULL,
    PRIMARY KEY (customernumber, checknumber)
);

-- secondary indexes of the original (MySQL creates them for the foreign keys)
CREATE INDEX customers_salesrepemployeenumber_idx ON customers (salesrepemployeenumber);
CREATE INDEX employees_reportsto_idx ON employees (reportsto);
CREATE INDEX employees_officecode_idx ON employees (officecode);
CREATE INDEX orders_customernumber_idx ON orders (customernumber);
CREATE INDEX orderdetails_productcode_idx ON orderdetails (productcode);
CREATE INDEX products_productline_idx ON products (productline);

COMMENT ON TABLE customers IS 'Customers (retail shops and distributors) of Classic Models Inc.';
COMMENT ON COLUMN customers.salesrepemployeenumber IS 'Employee who is the sales representative for this customer; NULL when no sales rep is assigned';
COMMENT ON COLUMN customers.creditlimit IS 'Credit limit granted to the customer, in USD';
COMMENT ON TABLE employees IS 'Company employees, including the sales representatives';
COMMENT ON COLUMN employees.reportsto IS 'employeenumber of the manager this employee reports to (NULL for the President)';
COMMENT ON TABLE offices IS 'Sales offices';
COMMENT ON COLUMN offices.territory IS 'Sales territory of the office: NA, EMEA, APAC or Japan';
COMMENT ON TABLE orders IS 'Sales orders placed by customers';
COMMENT ON COLUMN orders.requireddate IS 'Date by which the customer requires delivery';
COMMENT ON COLUMN orders.shippeddate IS 'Date the order was shipped; NULL if not shipped';
COMMENT ON COLUMN orders.status IS 'Order status: In Process, On Hold, Shipped, Resolved, Disputed or Cancelled';
COMMENT ON TABLE orderdetails IS 'Order line items';
COMMENT ON COLUMN orderdetails.priceeach IS 'Unit price charged for the product on this order, in USD';
COMMENT ON TABLE payments IS 'Payments received from customers (one row per check)';
COMMENT ON TABLE products IS 'Scale model products sold by the company';
COMMENT ON COLUMN products.buyprice IS 'Price the company pays the vendor for one unit, in USD';
COMMENT ON COLUMN products.msrp IS 'Manufacturer''s suggested retail price, in USD';
COMMENT ON TABLE productlines IS 'Product lines (categories) of products';

-- ---------------------------------------------------------------- data

INSERT INTO productlines (productline, textdescription) VALUES
('Classic Cars', 'Attention car enthusiasts: Make your wildest car ownership dreams come true. Whether you are looking for classic muscle cars, dream sports cars or movie-inspired miniatures, you will find great choices in this category. These replicas feature superb attention to detail and craftsmanship.'),
('Motorcycles', 'Our motorcycles are state of the art replicas of classic as well as contemporary motorcycle legends such as Harley Davidson, Ducati and Vespa. Models contain stunning details such as official logos, rotating wheels, working kickstand, front suspension, gear-shift lever and more.'),
('Planes', 'Unique, diecast airplane and helicopter replicas suitable for collections, as well as home, office or classroom decorations. Models contain stunning details such as official logos and insignias, rotating jet engines and propellers, retractable wheels, and the like.'),
('Ships', 'The perfect holiday or anniversary gift for executives, clients, friends, and family. These handcrafted model ships are unique, stunning works of art that will be treasured for generations.'),
('Trains', 'Model trains are a rewarding hobby for enthusiasts of all ages. Whether you''re looking for collectible wooden trains, electric streetcars or locomotives, you''ll find a number of great choices for any budget within this category.'),
('Trucks and Buses', 'The Truck and Bus models are realistic replicas of buses and specialized trucks produced from the early 1920s to present. The models range in size from 1:12 to 1:50 scale and include numerous limited edition and several out-of-production vehicles.'),
('Vintage Cars', 'Our Vintage Car models realistically portray automobiles produced from the early 1900s through the 1940s. Materials used include Bakelite, diecast, plastic and wood. Most of the replicas are in the 1:18 and 1:24 scale sizes.');

CREATE TEMP TABLE pl_spec (productline text, ord int, n int, y0 int, y1 int,
                           makes text[], models text[], scales text[], pmin numeric, pmax numeric);
INSERT INTO pl_spec VALUES
('Classic Cars', 1, 152, 1948, 2005,
 ARRAY['Ferrari','Porsche','Mercedes-Benz','Chevrolet','Ford','Dodge','Pontiac','Plymouth','Alfa Romeo','Lamborghini','Aston Martin','Jaguar','Cadillac','Buick','Shelby','Toyota'],
 ARRAY['Coupe','Convertible','Roadster','Hardtop','GT','Spyder','Sport Sedan','Fastback','Turbo','Targa'],
 ARRAY['1:10','1:12','1:18','1:18','1:24'], 38, 102),
('Vintage Cars', 2, 96, 1903, 1939,
 ARRAY['Ford','Bugatti','Packard','Duesenberg','Rolls-Royce','Bentley','Hispano-Suiza','Chrysler','Cord','Pierce-Arrow','Mercer','Stutz'],
 ARRAY['Touring Car','Phaeton','Town Car','Runabout','Speedster','Limousine','Roadster','Landaulet'],
 ARRAY['1:18','1:24','1:24','1:32'], 22, 88),
('Motorcycles', 3, 52, 1936, 2005,
 ARRAY['Harley Davidson','Ducati','Honda','Yamaha','BMW','Triumph','Indian','Suzuki','Kawasaki','Moto Guzzi','Norton','Vincent','Aprilia'],
 ARRAY['Chopper','Sportster','Superbike','Cruiser','Scrambler'],
 ARRAY['1:10','1:12','1:18','1:24','1:32','1:50'], 24, 90),
('Planes', 4, 48, 1915, 2000,
 ARRAY['Boeing','Lockheed','Douglas','Supermarine','North American','Vought','Hawker','Cessna','Piper','Messerschmitt','Curtiss','Grumman'],
 ARRAY['Fighter','Bomber','Airliner','Seaplane'],
 ARRAY['1:72','1:72','1:24','1:700'], 29, 80),
('Trucks and Buses', 5, 44, 1926, 2000,
 ARRAY['Ford','Mack','Peterbilt','Kenworth','Volvo','Dodge','Chevy','GMC','International','Freightliner','Scania'],
 ARRAY['Pickup','Tow Truck','Tanker','School Bus'],
 ARRAY['1:12','1:18','1:24','1:32','1:50'], 30, 85),
('Ships', 6, 36, 1620, 1936,
 ARRAY['HMS Bounty','Mayflower','Titanic','Queen Mary','USS Constitution','Pont Yacht','Cutty Sark','Santa Maria','Endeavour'],
 ARRAY['Scale Model','Deluxe Kit','Display Edition','Wooden Kit'],
 ARRAY['1:700','1:72','1:72'], 25, 80),
('Trains', 7, 12, 1880, 1960,
 ARRAY['Collectable Wooden Train','Union Pacific','Orient Express','Flying Scotsman','Santa Fe','Pennsylvania Railroad'],
 ARRAY['Locomotive','Passenger Set'],
 ARRAY['1:32','1:50','1:18'], 20, 70);

INSERT INTO products (productcode, productname, productline, productscale, productvendor,
                      productdescription, quantityinstock, buyprice, msrp)
SELECT 'S' || split_part(sc, ':', 2) || '_' || (1000 + (gi * 7907) % 9000)::text,
       yr || ' ' || mk || ' ' || mo,
       productline, sc,
       (ARRAY['Min Lin Diecast','Classic Metal Creations','Highway 66 Mini Classics','Red Start Diecast',
              'Motor City Art Classics','Second Gear Diecast','Autoart Studio Design','Welly Diecast Productions',
              'Unimax Art Galleries','Studio M Art Models','Exoto Designs','Gearbox Collectibles',
              'Carousel DieCast Legends'])[1 + floor(pg_temp.u(gi, 104) * 13)::int],
       'This replica features ' ||
         (ARRAY['opening doors','a detailed engine','a working steering system','rubber tires','chrome trim',
                'an opening hood','a detailed interior','a removable roof','spinning wheels','authentic decals'])[1 + floor(pg_temp.u(gi, 105) * 10)::int]
         || ', ' ||
         (ARRAY['a die-cast metal body','hand-painted details','official logos','a display stand','a certificate of authenticity'])[1 + floor(pg_temp.u(gi, 106) * 5)::int]
         || ' and ' ||
         (ARRAY['a glossy red finish','a metallic blue finish','a black lacquer finish','a cream and brown finish',
                'a silver finish','a dark green finish','a yellow finish','a white finish'])[1 + floor(pg_temp.u(gi, 107) * 8)::int]
         || '.',
       CASE WHEN pg_temp.u(gi, 108) < 0.02 THEN 0 ELSE 100 + floor(pg_temp.u(gi, 109) * 9800)::int END,
       bp,
       round(bp * (1.55 + 0.65 * pg_temp.u(gi, 110))::numeric, 2)
FROM (
  SELECT s.productline, s.ord, i,
         (s.ord * 1000 + i) AS gi,
         (s.y0 + floor(pg_temp.u(s.ord * 1000 + i, 101) * (s.y1 - s.y0 + 1)))::int AS yr,
         s.makes[1 + i % cardinality(s.makes)] AS mk,
         s.models[1 + (i / cardinality(s.makes)) % cardinality(s.models)] AS mo,
         s.scales[1 + floor(pg_temp.u(s.ord * 1000 + i, 102) * cardinality(s.scales))::int] AS sc,
         round((s.pmin + (s.pmax - s.pmin) * pg_temp.u(s.ord * 1000 + i, 103)::numeric), 2) AS bp
  FROM pl_spec s, generate_series(0, s.n - 1) AS i
) x
ORDER BY ord, i;

INSERT INTO offices VALUES
('1', 'San Francisco', '+1 650 219 4782', '100 Market Street', 'Suite 300', 'CA', 'USA', '94080', 'NA'),
('2', 'Boston', '+1 215 837 0825', '1550 Court Place', 'Suite 102', 'MA', 'USA', '02107', 'NA'),
('3', 'NYC', '+1 212 555 3000', '523 East 53rd Street', 'apt. 5A', 'NY', 'USA', '10022', 'NA'),
('4', 'Paris', '+33 14 723 4404', '43 Rue Jouffroy D''abbans', NULL, NULL, 'France', '75017', 'EMEA'),
('5', 'Tokyo', '+81 33 224 5000', '4-1 Kioicho', NULL, 'Chiyoda-Ku', 'Japan', '102-8578', 'Japan'),
('6', 'Sydney', '+61 2 9264 2451', '5-11 Wentworth Avenue', 'Floor #2', NULL, 'Australia', 'NSW 2010', 'APAC'),
('7', 'London', '+44 20 7877 2041', '25 Old Broad Street', 'Level 7', NULL, 'UK', 'EC2N 1HN', 'EMEA');

INSERT INTO employees (employeenumber, lastname, firstname, extension, email, officecode, reportsto, jobtitle)
SELECT e.num, e.ln, e.fn, e.ext,
       lower(left(e.fn, 1) || replace(replace(e.ln, '''', ''), ' ', '')) || '@classicmodelcars.com',
       e.oc, e.rt, e.jt
FROM (VALUES
 (1002, 'Murphy', 'Diane', 'x5800', '1', NULL::int, 'President'),
 (1056, 'Patterson', 'Mary', 'x4611', '1', 1002, 'VP Sales'),
 (1076, 'Firrelli', 'Jeff', 'x9273', '1', 1002, 'VP Marketing'),
 (1088, 'Patterson', 'William', 'x4871', '6', 1056, 'Sales Manager (APAC)'),
 (1102, 'Bondur', 'Gerard', 'x5408', '4', 1056, 'Sale Manager (EMEA)'),
 (1143, 'Bow', 'Anthony', 'x5428', '1', 1056, 'Sales Manager (NA)'),
 (1165, 'Jennings', 'Leslie', 'x3291', '1', 1143, 'Sales Rep'),
 (1166, 'Thompson', 'Leslie', 'x4065', '1', 1143, 'Sales Rep'),
 (1188, 'Firrelli', 'Julie', 'x2173', '2', 1143, 'Sales Rep'),
 (1216, 'Patterson', 'Steve', 'x4334', '2', 1143, 'Sales Rep'),
 (1286, 'Tseng', 'Foon Yue', 'x2248', '3', 1143, 'Sales Rep'),
 (1323, 'Vanauf', 'George', 'x4102', '3', 1143, 'Sales Rep'),
 (1337, 'Bondur', 'Loui', 'x6493', '4', 1102, 'Sales Rep'),
 (1370, 'Hernandez', 'Gerard', 'x2028', '4', 1102, 'Sales Rep'),
 (1401, 'Castillo', 'Pamela', 'x2759', '4', 1102, 'Sales Rep'),
 (1501, 'Bott', 'Larry', 'x2311', '7', 1102, 'Sales Rep'),
 (1504, 'Jones', 'Barry', 'x102', '7', 1102, 'Sales Rep'),
 (1611, 'Fixter', 'Andy', 'x101', '6', 1088, 'Sales Rep'),
 (1612, 'Marsh', 'Peter', 'x102', '6', 1088, 'Sales Rep'),
 (1619, 'King', 'Tom', 'x103', '6', 1088, 'Sales Rep'),
 (1621, 'Nishi', 'Mami', 'x101', '5', 1056, 'Sales Rep'),
 (1625, 'Kato', 'Yoshimi', 'x102', '5', 1621, 'Sales Rep'),
 (1702, 'Gerard', 'Martin', 'x2312', '4', 1102, 'Sales Rep'),
 (1710, 'Hayes', 'Rachel', 'x3310', '1', 1143, 'Sales Rep'),
 (1717, 'Morales', 'Daniel', 'x3317', '1', 1143, 'Sales Rep'),
 (1724, 'Chen', 'Kevin', 'x3324', '1', 1143, 'Sales Rep'),
 (1731, 'Walsh', 'Bridget', 'x3331', '1', 1143, 'Sales Rep'),
 (1738, 'Okafor', 'Samuel', 'x3338', '1', 1143, 'Sales Rep'),
 (1745, 'Lindqvist', 'Erik', 'x3345', '1', 1143, 'Sales Rep'),
 (1752, 'Russo', 'Angela', 'x4352', '2', 1143, 'Sales Rep'),
 (1759, 'Brennan', 'Patrick', 'x4359', '2', 1143, 'Sales Rep'),
 (1766, 'Dubois', 'Claire', 'x4366', '2', 1143, 'Sales Rep'),
 (1773, 'Nguyen', 'Linh', 'x4373', '2', 1143, 'Sales Rep'),
 (1780, 'Sullivan', 'Megan', 'x4380', '2', 1143, 'Sales Rep'),
 (1787, 'Kaplan', 'Aaron', 'x5387', '3', 1143, 'Sales Rep'),
 (1794, 'Rivera', 'Sofia', 'x5394', '3', 1143, 'Sales Rep'),
 (1801, 'Goldberg', 'Nathan', 'x5401', '3', 1143, 'Sales Rep'),
 (1808, 'Park', 'Jiwoo', 'x5408', '3', 1143, 'Sales Rep'),
 (1815, 'Mitchell', 'Grace', 'x5415', '3', 1143, 'Sales Rep'),
 (1822, 'O''Connor', 'Liam', 'x5422', '3', 1143, 'Sales Rep'),
 (1829, 'Santos', 'Marco', 'x5429', '3', 1143, 'Sales Rep'),
 (1836, 'Lefebvre', 'Antoine', 'x6436', '4', 1102, 'Sales Rep'),
 (1843, 'Moreau', 'Camille', 'x6443', '4', 1102, 'Sales Rep'),
 (1850, 'Girard', 'Julien', 'x6450', '4', 1102, 'Sales Rep'),
 (1857, 'Roux', 'Elodie', 'x6457', '4', 1102, 'Sales Rep'),
 (1864, 'Fontaine', 'Hugo', 'x6464', '4', 1102, 'Sales Rep'),
 (1871, 'Schmidt', 'Katrin', 'x6471', '4', 1102, 'Sales Rep'),
 (1878, 'Alvarez', 'Lucia', 'x6478', '4', 1102, 'Sales Rep'),
 (1885, 'Clarke', 'Oliver', 'x7485', '7', 1102, 'Sales Rep'),
 (1892, 'Hughes', 'Amelia', 'x7492', '7', 1102, 'Sales Rep'),
 (1899, 'Wright', 'Harry', 'x7499', '7', 1102, 'Sales Rep'),
 (1906, 'Evans', 'Charlotte', 'x7506', '7', 1102, 'Sales Rep'),
 (1913, 'Patel', 'Priya', 'x7513', '7', 1102, 'Sales Rep'),
 (1920, 'Murray', 'Callum', 'x7520', '7', 1102, 'Sales Rep'),
 (1927, 'Tanaka', 'Hiroshi', 'x127', '5', 1621, 'Sales Rep'),
 (1934, 'Sato', 'Yuki', 'x134', '5', 1621, 'Sales Rep'),
 (1941, 'Wilson', 'Jack', 'x141', '6', 1088, 'Sales Rep'),
 (1948, 'Nguyen', 'Minh', 'x148', '6', 1088, 'Sales Rep'),
 (1955, 'Taylor', 'Chloe', 'x155', '6', 1088, 'Sales Rep'),
 (1962, 'Brown', 'Lachlan', 'x162', '6', 1088, 'Sales Rep')
) AS e(num, ln, fn, ext, oc, rt, jt)
ORDER BY e.num;

-- customer geography: country, weight (per 100), sales territory group
CREATE TEMP TABLE geo_country (country text, w int, terr text, lo int, hi int, cc text);
INSERT INTO geo_country (country, w, terr) VALUES
('USA', 28, 'NA'), ('France', 9, 'EMEA'), ('Germany', 8, 'EMEA'), ('Spain', 6, 'EMEA'), ('UK', 6, 'EMEA'),
('Australia', 5, 'APAC'), ('Italy', 4, 'EMEA'), ('Canada', 4, 'NA'), ('Japan', 4, 'Japan'),
('Singapore', 3, 'APAC'), ('New Zealand', 3, 'APAC'), ('Norway', 2, 'EMEA'), ('Finland', 2, 'EMEA'),
('Sweden', 2, 'EMEA'), ('Denmark', 2, 'EMEA'), ('Belgium', 2, 'EMEA'), ('Switzerland', 2, 'EMEA'),
('Austria', 2, 'EMEA'), ('Ireland', 1, 'EMEA'), ('Philippines', 2, 'APAC'), ('Hong Kong', 2, 'APAC'),
('Netherlands', 1, 'EMEA');
UPDATE geo_country SET cc = CASE country WHEN 'Germany' THEN '49' WHEN 'Spain' THEN '34' WHEN 'Italy' THEN '39'
  WHEN 'Singapore' THEN '65' WHEN 'New Zealand' THEN '64' WHEN 'Norway' THEN '47' WHEN 'Finland' THEN '358'
  WHEN 'Sweden' THEN '46' WHEN 'Denmark' THEN '45' WHEN 'Belgium' THEN '32' WHEN 'Switzerland' THEN '41'
  WHEN 'Austria' THEN '43' WHEN 'Ireland' THEN '353' WHEN 'Philippines' THEN '63' WHEN 'Hong Kong' THEN '852'
  WHEN 'Netherlands' THEN '31' END;
UPDATE geo_country g SET hi = x.c, lo = x.c - g.w
FROM (SELECT country, sum(w) OVER (ORDER BY w DESC, country) AS c FROM geo_country) x
WHERE x.country = g.country;

CREATE TEMP TABLE geo_city (country text, city text, state text, seq int);
INSERT INTO geo_city (country, city, state) VALUES
('USA','NYC','NY'),('USA','San Francisco','CA'),('USA','Los Angeles','CA'),('USA','San Diego','CA'),
('USA','San Jose','CA'),('USA','Burlingame','CA'),('USA','Glendale','CA'),('USA','Boston','MA'),
('USA','Cambridge','MA'),('USA','Brickhaven','MA'),('USA','Philadelphia','PA'),('USA','Allentown','PA'),
('USA','New Haven','CT'),('USA','Bridgewater','CT'),('USA','Las Vegas','NV'),('USA','White Plains','NY'),
('USA','Brooklyn','NY'),('USA','Seattle','WA'),('USA','Portland','OR'),('USA','Chicago','IL'),
('France','Paris',NULL),('France','Nantes',NULL),('France','Lyon',NULL),('France','Marseille',NULL),
('France','Strasbourg',NULL),('France','Toulouse',NULL),('France','Lille',NULL),('France','Reims',NULL),
('Germany','Frankfurt',NULL),('Germany','München',NULL),('Germany','Berlin',NULL),('Germany','Köln',NULL),
('Germany','Hamburg',NULL),('Germany','Stuttgart',NULL),('Germany','Leipzig',NULL),
('Spain','Madrid',NULL),('Spain','Barcelona',NULL),('Spain','Sevilla',NULL),('Spain','Valencia',NULL),
('UK','London',NULL),('UK','Manchester',NULL),('UK','Liverpool',NULL),('UK','Cowes','Isle of Wight'),('UK','Birmingham',NULL),
('Australia','Melbourne','Victoria'),('Australia','Sydney','NSW'),('Australia','Chatswood','NSW'),
('Australia','North Sydney','NSW'),('Australia','Brisbane','Queensland'),('Australia','Perth','WA'),
('Italy','Milan',NULL),('Italy','Torino',NULL),('Italy','Reggio Emilia',NULL),('Italy','Bergamo',NULL),('Italy','Roma',NULL),
('Canada','Vancouver','BC'),('Canada','Montréal','Québec'),('Canada','Toronto','ON'),('Canada','Tsawassen','BC'),
('Japan','Tokyo','Tokyo'),('Japan','Osaka','Osaka'),('Japan','Kyoto','Kyoto'),('Japan','Yokohama','Kanagawa'),
('Singapore','Singapore',NULL),
('New Zealand','Auckland',NULL),('New Zealand','Wellington',NULL),('New Zealand','Christchurch',NULL),
('Norway','Oslo',NULL),('Norway','Bergen',NULL),('Norway','Stavern',NULL),
('Finland','Helsinki',NULL),('Finland','Espoo',NULL),('Finland','Oulu',NULL),
('Sweden','Stockholm',NULL),('Sweden','Göteborg',NULL),('Sweden','Luleå',NULL),
('Denmark','København',NULL),('Denmark','Århus',NULL),('Denmark','Odense',NULL),
('Belgium','Bruxelles',NULL),('Belgium','Charleroi',NULL),('Belgium','Antwerpen',NULL),
('Switzerland','Genève',NULL),('Switzerland','Bern',NULL),('Switzerland','Zürich',NULL),
('Austria','Salzburg',NULL),('Austria','Graz',NULL),('Austria','Wien',NULL),
('Ireland','Dublin',NULL),('Ireland','Cork',NULL),
('Philippines','Makati City',NULL),('Philippines','Manila',NULL),
('Hong Kong','Central Hong Kong',NULL),('Hong Kong','Kowloon',NULL),
('Netherlands','Amsterdam',NULL),('Netherlands','Rotterdam',NULL);
UPDATE geo_city g SET seq = x.rn - 1
FROM (SELECT ctid AS c, row_number() OVER (PARTITION BY country ORDER BY city) AS rn FROM geo_city) x
WHERE x.c = g.ctid;

-- sales reps that take customers, numbered within their territory
CREATE TEMP TABLE rep_pool AS
SELECT e.employeenumber, o.territory,
       row_number() OVER (PARTITION BY o.territory ORDER BY e.employeenumber) - 1 AS idx,
       count(*) OVER (PARTITION BY o.territory) AS n
FROM employees e JOIN offices o USING (officecode)
WHERE e.jobtitle = 'Sales Rep' AND e.employeenumber NOT IN (1619, 1625, 1962);

CREATE TEMP TABLE cust_base AS
SELECT i, 100 + i AS customernumber,
       gc.country, gc.terr, gc.cc,
       floor(pg_temp.u(i, 202) * 100)::int AS cpick
FROM generate_series(1, 1500) AS i
JOIN geo_country gc ON floor(pg_temp.u(i, 201) * 100)::int >= gc.lo AND floor(pg_temp.u(i, 201) * 100)::int < gc.hi;

INSERT INTO customers
SELECT cb.customernumber,
       (ARRAY['Atelier','Auto','Australian','Baane','Blauer','Boards','Canadian','Classic','Collectable','Corporate',
              'Cruz','Diecast','Double','Dragon','Euro','Extreme','Gift','Handji','Heintze','Iberia',
              'King','Lyon','Land of','Marseille','Mini','Motor','Muscle','Online','Petit','Precious',
              'Royal','Saveley','Scandinavian','Signal','Souvenir','Stylish','Technics','Tekni','Toys','Vida'])
         [1 + (cb.i - 1) % 40]
       || ' ' ||
       (ARRAY['Gifts','Collectables','Souvenirs','Replicas','Models','Imports','Distributors','Wholesale','Traders','Hobbies',
              'Miniatures','Classics','Toys','Creations','Emporium','Depot','Outlet','Gallery','Boutique','Warehouse',
              'Direct','Supply','Shop','Store','Market','Garage','Legends','Treasures','Novelties','Designs',
              'Decorations','Exports','Exchange','Mart','Center','Corner','House','Works','World','Planet'])
         [1 + ((cb.i - 1) / 40 + 3 * ((cb.i - 1) % 40)) % 40]
       || (ARRAY['', ' Co.', ' Ltd.', ' Inc.', ' Corp.', ' & Co.', ', Ltd', ' Inc', '', ''])[1 + floor(pg_temp.u(cb.i, 203) * 10)::int],
       (ARRAY['Smith','Brown','King','Young','Hirano','Ferguson','Frick','Labrune','Saavedra','Natividad',
              'Müller','Pfalzheimer','Kloss','Cartrain','Piestrzeniewicz','Holz','Keitel','Larsson','Petersen','Ashworth',
              'Cassidy','Roel','Citeaux','Perrier','Franco','Moroni','Accorti','Rance','Bergulfsen','Karttunen',
              'Suominen','Camino','Rodriguez','Murphy','Tannamuri','Kuo','Huxley','McRoy','Nelson','Taylor'])
         [1 + floor(pg_temp.u(cb.i, 204) * 40)::int],
       (ARRAY['Carine','Jean','Peter','Janine','Jonas','Susan','Roland','Julie','Kwai','Diego',
              'Christina','Jytte','Mary','Eric','Jeff','Kelvin','Juri','Wendy','Veysel','Keith',
              'Isabel','Martine','Marie','Dominique','Paolo','Elizabeth','Yoshi','Pirkko','Matti','Rosa',
              'Michael','Sue','Anna','Daniel','Violeta','Brian','Frédérique','Leslie','Valarie','Francisca'])
         [1 + floor(pg_temp.u(cb.i, 205) * 40)::int],
       CASE cb.country
         WHEN 'USA' THEN lpad((2000000000 + floor(pg_temp.u(cb.i, 206) * 7000000000))::bigint::text, 10, '0')
         WHEN 'Canada' THEN '(604) 555-' || lpad(floor(pg_temp.u(cb.i, 206) * 10000)::int::text, 4, '0')
         WHEN 'France' THEN '40.' || lpad(floor(pg_temp.u(cb.i, 206) * 100)::int::text, 2, '0') || '.' || lpad(floor(pg_temp.u(cb.i, 207) * 10000)::int::text, 4, '0')
         WHEN 'UK' THEN '(171) 555-' || lpad(floor(pg_temp.u(cb.i, 206) * 10000)::int::text, 4, '0')
         WHEN 'Australia' THEN '03 9520 ' || lpad(floor(pg_temp.u(cb.i, 206) * 10000)::int::text, 4, '0')
         WHEN 'Japan' THEN '+81 06 6342 ' || lpad(floor(pg_temp.u(cb.i, 206) * 10000)::int::text, 4, '0')
         ELSE '+' || cb.cc || ' ' || lpad(floor(pg_temp.u(cb.i, 206) * 100000000)::int::text, 8, '0')
       END,
       (1 + floor(pg_temp.u(cb.i, 208) * 980)::int)::text || ' ' ||
       (ARRAY['Market Street','Hillside Dr.','Rue Royale','Strasse 12','Berliner Platz','Kingsway','Oak Avenue','Maple Road',
              'Rue du Commerce','Via Monte Bianco','Gran Via','Fauntleroy Circus','Elm Street','Harbour Road','Park Lane',
              'Keskuskatu','Torikatu','Smagsloget','Boulevard Tirou','Rambla de Cataluña','Main Street','Station Road',
              'Rue des Bouchers','Calle de la Paz','Bahnhofstr.','Queen Street','Victoria Road','Sunset Blvd.',
              'Lincoln Avenue','Ocean Drive'])[1 + floor(pg_temp.u(cb.i, 209) * 30)::int],
       CASE WHEN pg_temp.u(cb.i, 210) < 0.12 THEN 'Suite ' || (100 + floor(pg_temp.u(cb.i, 211) * 400)::int)::text END,
       g.city, g.state,
       CASE WHEN cb.country IN ('Singapore', 'Hong Kong') THEN
              CASE WHEN cb.country = 'Singapore' THEN lpad((10000 + floor(pg_temp.u(cb.i, 212) * 89999))::int::text, 6, '0') END
            WHEN cb.country IN ('USA', 'France', 'Germany', 'Spain', 'Italy', 'Finland')
              THEN lpad((1000 + floor(pg_temp.u(cb.i, 212) * 98999))::int::text, 5, '0')
            WHEN cb.country = 'UK' THEN (ARRAY['WX1 6LT','EC2 5NT','PO31 7PJ','M1 2AB','L3 4CD'])[1 + floor(pg_temp.u(cb.i, 212) * 5)::int]
            WHEN cb.country = 'Canada' THEN (ARRAY['V3F 2K1','H1J 1C3','M5V 2T6','T2F 8M4'])[1 + floor(pg_temp.u(cb.i, 212) * 4)::int]
            ELSE (1000 + floor(pg_temp.u(cb.i, 212) * 8999)::int)::text END,
       cb.country,
       rp.employeenumber,
       CASE WHEN rp.employeenumber IS NULL THEN 0
            ELSE (200 + floor(pg_temp.u(cb.i, 214) * 2000)::int) * 100 END
FROM cust_base cb
JOIN LATERAL (SELECT count(*) AS nc FROM geo_city WHERE country = cb.country) cnt ON true
JOIN geo_city g ON g.country = cb.country AND g.seq = floor(power(pg_temp.u(cb.i, 215), 1.4) * cnt.nc)::int
LEFT JOIN rep_pool rp ON pg_temp.u(cb.i, 213) >= 0.08 AND rp.territory = cb.terr
      AND rp.idx = floor(power(pg_temp.u(cb.i, 216), 1.25) * rp.n)::int
ORDER BY cb.customernumber;

-- orders --------------------------------------------------------------
CREATE TEMP TABLE active_cust AS
SELECT customernumber, row_number() OVER (ORDER BY pg_temp.u(customernumber, 301), customernumber) AS rk,
       count(*) OVER () AS n
FROM customers
WHERE salesrepemployeenumber IS NOT NULL AND pg_temp.u(customernumber, 302) >= 0.05;

CREATE TEMP TABLE ord_base AS
SELECT i, od,
       od + 7 + floor(pg_temp.u(i, 312) * 8)::int AS rd,
       pg_temp.u(i, 313) AS x,
       ('2025-06-30'::date - od) AS age,
       ac.customernumber
FROM (SELECT i,
             '2022-01-03'::date + floor(1275 * CASE WHEN pg_temp.u(i, 310) < 0.4 THEN pg_temp.u(i, 311)
                                                   ELSE sqrt(pg_temp.u(i, 311)) END)::int AS od,
             1 + floor((SELECT max(n) FROM active_cust) * power(pg_temp.u(i, 314), 1.3))::int AS rk
      FROM generate_series(1, 12000) AS i) b
JOIN active_cust ac ON ac.rk = b.rk;

CREATE TEMP TABLE ord_st AS
SELECT *,
       CASE WHEN age <= 14 THEN CASE WHEN x < 0.72 THEN 'In Process' WHEN x < 0.82 THEN 'On Hold' ELSE 'Shipped' END
            WHEN age <= 120 THEN CASE WHEN x < 0.03 THEN 'Cancelled' WHEN x < 0.055 THEN 'On Hold'
                                      WHEN x < 0.075 THEN 'Disputed' WHEN x < 0.095 THEN 'Resolved' ELSE 'Shipped' END
            ELSE CASE WHEN x < 0.025 THEN 'Cancelled' WHEN x < 0.045 THEN 'Resolved'
                      WHEN x < 0.055 THEN 'Disputed' ELSE 'Shipped' END
       END AS status
FROM ord_base;

INSERT INTO orders (ordernumber, orderdate, requireddate, shippeddate, status, comments, customernumber)
SELECT 10099 + row_number() OVER (ORDER BY od, i),
       od, rd,
       CASE WHEN status IN ('Shipped', 'Resolved', 'Disputed') THEN
         least('2025-06-30'::date,
               od + CASE WHEN pg_temp.u(i, 320) < 0.04 THEN (rd - od) + 1 + floor(pg_temp.u(i, 321) * 5)::int
                         ELSE 1 + floor(pg_temp.u(i, 321) * 6)::int END)
       END,
       status,
       CASE status
         WHEN 'Cancelled' THEN (ARRAY['Customer cancelled due to urgent budgeting issues. Must be cautious when dealing with them in the future since three orders were cancelled already.',
                                      'Customer called to cancel. The warehouse was notified in time and the order didn''t ship. They have a new VP of Sales and are shifting their sales model. Our VP of Sales should contact them.',
                                      'Cancelled after the customer found a cheaper supplier.'])[1 + floor(pg_temp.u(i, 322) * 3)::int]
         WHEN 'On Hold' THEN (ARRAY['Customer credit limit exceeded. Will ship when a payment is received.',
                                    'Order will be shipped as soon as a payment is received.'])[1 + floor(pg_temp.u(i, 322) * 2)::int]
         WHEN 'Disputed' THEN (ARRAY['Customer claims the shipment was incomplete.',
                                     'The customer disputes the price charged for one of the items.',
                                     'Customer reports the packaging was damaged and is refusing payment until resolved.'])[1 + floor(pg_temp.u(i, 322) * 3)::int]
         WHEN 'Resolved' THEN (ARRAY['Disputed then Resolved. The missing item was re-sent to the customer.',
                                     'Customer doesn''t like the colors and precision of the models.',
                                     'Product was damaged in transit; a replacement was shipped.'])[1 + floor(pg_temp.u(i, 322) * 3)::int]
         ELSE CASE WHEN pg_temp.u(i, 323) < 0.09 THEN
                (ARRAY['Check on availability.',
                       'Customer requested that DHL is used for this shipping.',
                       'Customer requested that FedEx Ground is used for this shipping.',
                       'Customer requested that delivery be delayed.',
                       'Can we deliver the new Ford Mustang models by end-of-quarter?',
                       'They want to reevaluate their terms agreement with Finance.'])[1 + floor(pg_temp.u(i, 322) * 6)::int]
              END
       END,
       customernumber
FROM ord_st
ORDER BY od, i;

-- order lines ---------------------------------------------------------
CREATE TEMP TABLE prod_rank AS
SELECT productcode, msrp, row_number() OVER (ORDER BY pg_temp.u(ascii(substr(productcode, 2, 1)) * 100000 + substr(productcode, strpos(productcode, '_') + 1)::int, 401), productcode) - 1 AS pidx
FROM products;

INSERT INTO orderdetails (ordernumber, productcode, quantityordered, priceeach, orderlinenumber)
SELECT o.ordernumber, pr.productcode,
       CASE WHEN pg_temp.u(o.ordernumber * 20 + k, 411) < 0.1 THEN 51 + floor(pg_temp.u(o.ordernumber * 20 + k, 412) * 47)::int
            ELSE 20 + floor(pg_temp.u(o.ordernumber * 20 + k, 412) * 31)::int END,
       round(pr.msrp * (0.80 + 0.20 * pg_temp.u(o.ordernumber * 20 + k, 413))::numeric, 2),
       k + 1
FROM orders o
CROSS JOIN LATERAL generate_series(0, floor(pg_temp.u(o.ordernumber, 401) * 16)::int) AS k
JOIN prod_rank pr ON pr.pidx = (floor(power(pg_temp.u(o.ordernumber, 402), 1.15) * 440)::int
                               + k * (ARRAY[1,3,7,9,13,17,19,21,23,27,29,31,37,39,41,43])[1 + floor(pg_temp.u(o.ordernumber, 403) * 16)::int]) % 440
ORDER BY o.ordernumber, k;

-- payments ------------------------------------------------------------
INSERT INTO payments (customernumber, checknumber, paymentdate, amount)
SELECT o.customernumber,
       chr(65 + floor(pg_temp.u(o.ordernumber, 501) * 26)::int) || chr(65 + floor(pg_temp.u(o.ordernumber, 502) * 26)::int)
         || lpad(((o.ordernumber::bigint * 7919) % 1000000)::text, 6, '0'),
       o.shippeddate + 3 + floor(pg_temp.u(o.ordernumber, 503) * 40)::int,
       t.total
FROM orders o
JOIN (SELECT ordernumber, sum(quantityordered * priceeach) AS total FROM orderdetails GROUP BY ordernumber) t USING (ordernumber)
WHERE ((o.status IN ('Shipped', 'Resolved') AND pg_temp.u(o.ordernumber, 504) < 0.92)
       OR (o.status = 'Disputed' AND pg_temp.u(o.ordernumber, 504) < 0.3))
  AND o.shippeddate + 3 + floor(pg_temp.u(o.ordernumber, 503) * 40)::int <= '2025-06-30'::date
ORDER BY o.ordernumber;

DROP TABLE pl_spec, geo_country, geo_city, rep_pool, cust_base, active_cust, ord_base, ord_st, prod_rank;
DROP FUNCTION pg_temp.u(bigint, int);

ANALYZE;

-- Northwind Traders sample database (PostgreSQL port layout: snake_case names,
-- smallint keys, real money columns), refilled with deterministic generated
-- activity for 2023-01-01 .. 2025-06-30.  All pseudo-random choices come from
-- md5() of fixed strings, so every load produces identical data.
-- Helper functions live in pg_temp and disappear at the end of the session.

SET client_min_messages = warning;

CREATE FUNCTION pg_temp.h(t text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(t), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- fill a pattern: '#' -> digit, '@' -> capital letter, other characters kept
CREATE FUNCTION pg_temp.fmt(pat text, seed text) RETURNS text
LANGUAGE sql IMMUTABLE AS
$$ SELECT nullif(string_agg(CASE c WHEN '#' THEN floor(pg_temp.h(seed || ':' || n) * 10)::int::text
                                   WHEN '@' THEN chr(65 + floor(pg_temp.h(seed || ':' || n) * 26)::int)
                                   ELSE c END, '' ORDER BY n), '')
     FROM regexp_split_to_table(pat, '') WITH ORDINALITY AS t(c, n) $$;

-----------------------------------------------------------------------------
-- DDL
-----------------------------------------------------------------------------

CREATE TABLE categories (
    category_id smallint NOT NULL,
    category_name character varying(15) NOT NULL,
    description text,
    picture bytea,
    CONSTRAINT pk_categories PRIMARY KEY (category_id)
);

CREATE TABLE customer_demographics (
    customer_type_id character varying(5) NOT NULL,
    customer_desc text,
    CONSTRAINT pk_customer_demographics PRIMARY KEY (customer_type_id)
);

CREATE TABLE customers (
    customer_id character varying(5) NOT NULL,
    company_name character varying(40) NOT NULL,
    contact_name character varying(30),
    contact_title character varying(30),
    address character varying(60),
    city character varying(15),
    region character varying(15),
    postal_code character varying(10),
    country character varying(15),
    phone character varying(24),
    fax character varying(24),
    CONSTRAINT pk_customers PRIMARY KEY (customer_id)
);

CREATE TABLE customer_customer_demo (
    customer_id character varying(5) NOT NULL,
    customer_type_id character varying(5) NOT NULL,
    CONSTRAINT pk_customer_customer_demo PRIMARY KEY (customer_id, customer_type_id)
);

CREATE TABLE employees (
    employee_id smallint NOT NULL,
    last_name character varying(20) NOT NULL,
    first_name character varying(10) NOT NULL,
    title character varying(30),
    title_of_courtesy character varying(25),
    birth_date date,
    hire_date date,
    address character varying(60),
    city character varying(15),
    region character varying(15),
    postal_code character varying(10),
    country character varying(15),
    home_phone character varying(24),
    extension character varying(4),
    photo bytea,
    notes text,
    reports_to smallint,
    photo_path character varying(255),
    CONSTRAINT pk_employees PRIMARY KEY (employee_id)
);

CREATE TABLE suppliers (
    supplier_id smallint NOT NULL,
    company_name character varying(40) NOT NULL,
    contact_name character varying(30),
    contact_title character varying(30),
    address character varying(60),
    city character varying(15),
    region character varying(15),
    postal_code character varying(10),
    country character varying(15),
    phone character varying(24),
    fax character varying(24),
    homepage text,
    CONSTRAINT pk_suppliers PRIMARY KEY (supplier_id)
);

CREATE TABLE products (
    product_id smallint NOT NULL,
    product_name character varying(40) NOT NULL,
    supplier_id smallint,
    category_id smallint,
    quantity_per_unit character varying(20),
    unit_price real,
    units_in_stock smallint,
    units_on_order smallint,
    reorder_level smallint,
    discontinued integer NOT NULL,
    CONSTRAINT pk_products PRIMARY KEY (product_id)
);

CREATE TABLE region (
    region_id smallint NOT NULL,
    region_description character varying(60) NOT NULL,
    CONSTRAINT pk_region PRIMARY KEY (region_id)
);

CREATE TABLE shippers (
    shipper_id smallint NOT NULL,
    company_name character varying(40) NOT NULL,
    phone character varying(24),
    CONSTRAINT pk_shippers PRIMARY KEY (shipper_id)
);

CREATE TABLE orders (
    order_id smallint NOT NULL,
    customer_id character varying(5),
    employee_id smallint,
    order_date date,
    required_date date,
    shipped_date date,
    ship_via smallint,
    freight real,
    ship_name character varying(40),
    ship_address character varying(60),
    ship_city character varying(15),
    ship_region character varying(15),
    ship_postal_code character varying(10),
    ship_country character varying(15),
    CONSTRAINT pk_orders PRIMARY KEY (order_id)
);

CREATE TABLE order_details (
    order_id smallint NOT NULL,
    product_id smallint NOT NULL,
    unit_price real NOT NULL,
    quantity smallint NOT NULL,
    discount real NOT NULL,
    CONSTRAINT pk_order_details PRIMARY KEY (order_id, product_id)
);

CREATE TABLE territories (
    territory_id character varying(20) NOT NULL,
    territory_description character varying(60) NOT NULL,
    region_id smallint NOT NULL,
    CONSTRAINT pk_territories PRIMARY KEY (territory_id)
);

CREATE TABLE employee_territories (
    employee_id smallint NOT NULL,
    territory_id character varying(20) NOT NULL,
    CONSTRAINT pk_employee_territories PRIMARY KEY (employee_id, territory_id)
);

CREATE TABLE us_states (
    state_id smallint NOT NULL,
    state_name character varying(100),
    state_abbr character varying(2),
    state_region character varying(50),
    CONSTRAINT pk_usstates PRIMARY KEY (state_id)
);

-----------------------------------------------------------------------------
-- Reference data
-----------------------------------------------------------------------------

INSERT INTO categories (category_id, category_name, description) VALUES
(1, 'Beverages', 'Soft drinks, coffees, teas, beers, and ales'),
(2, 'Condiments', 'Sweet and savory sauces, relishes, spreads, and seasonings'),
(3, 'Confections', 'Desserts, candies, and sweet breads'),
(4, 'Dairy Products', 'Cheeses'),
(5, 'Grains/Cereals', 'Breads, crackers, pasta, and cereal'),
(6, 'Meat/Poultry', 'Prepared meats'),
(7, 'Produce', 'Dried fruit and bean curd'),
(8, 'Seafood', 'Seaweed and fish');

INSERT INTO region VALUES (1, 'Eastern'), (2, 'Western'), (3, 'Northern'), (4, 'Southern');

INSERT INTO shippers VALUES
(1, 'Speedy Express', '(503) 555-9831'),
(2, 'United Package', '(503) 555-3199'),
(3, 'Federal Shipping', '(503) 555-9931'),
(4, 'Alliance Shippers', '1-800-222-0451'),
(5, 'UPS', '1-800-782-7892'),
(6, 'DHL', '1-800-225-5345');

INSERT INTO employees (employee_id, last_name, first_name, title, title_of_courtesy, birth_date, hire_date,
                       address, city, region, postal_code, country, home_phone, extension, notes, reports_to, photo_path) VALUES
(1, 'Davolio', 'Nancy', 'Sales Representative', 'Ms.', '1968-12-08', '2012-05-01', E'507 - 20th Ave. E.\nApt. 2A', 'Seattle', 'WA', '98122', 'USA', '(206) 555-9857', '5467',
 'Education includes a BA in psychology from Colorado State University. She also completed "The Art of the Cold Call." Nancy is a member of Toastmasters International.', 2, 'http://accweb/emmployees/davolio.bmp'),
(2, 'Fuller', 'Andrew', 'Vice President, Sales', 'Dr.', '1972-02-19', '2012-08-14', '908 W. Capital Way', 'Tacoma', 'WA', '98401', 'USA', '(206) 555-9482', '3457',
 'Andrew received his BTS commercial and a Ph.D. in international marketing from the University of Dallas. He is fluent in French and Italian and reads German. He joined the company as a sales representative, was promoted to sales manager and then named vice president of sales.', NULL, 'http://accweb/emmployees/fuller.bmp'),
(3, 'Leverling', 'Janet', 'Sales Representative', 'Ms.', '1983-08-30', '2012-04-01', '722 Moss Bay Blvd.', 'Kirkland', 'WA', '98033', 'USA', '(206) 555-3412', '3355',
 'Janet has a BS degree in chemistry from Boston College. She has also completed a certificate program in food retailing management. Janet was hired as a sales associate and was promoted to sales representative.', 2, 'http://accweb/emmployees/leverling.bmp'),
(4, 'Peacock', 'Margaret', 'Sales Representative', 'Mrs.', '1957-09-19', '2013-05-03', '4110 Old Redmond Rd.', 'Redmond', 'WA', '98052', 'USA', '(206) 555-8122', '5176',
 'Margaret holds a BA in English literature from Concordia College and an MA from the American Institute of Culinary Arts. She was temporarily assigned to the London office before returning to her permanent post in Seattle.', 2, 'http://accweb/emmployees/peacock.bmp'),
(5, 'Buchanan', 'Steven', 'Sales Manager', 'Mr.', '1975-03-04', '2013-10-17', '14 Garrett Hill', 'London', NULL, 'SW1 8JR', 'UK', '(71) 555-4848', '3453',
 'Steven Buchanan graduated from St. Andrews University, Scotland, with a BSC degree. Upon joining the company as a sales representative, he spent 6 months in an orientation program at the Seattle office and then returned to his permanent post in London, where he was promoted to sales manager.', 2, 'http://accweb/emmployees/buchanan.bmp'),
(6, 'Suyama', 'Michael', 'Sales Representative', 'Mr.', '1983-07-02', '2013-10-17', E'Coventry House\nMiner Rd.', 'London', NULL, 'EC2 7JR', 'UK', '(71) 555-7773', '428',
 'Michael is a graduate of Sussex University (MA, economics) and the University of California at Los Angeles (MBA, marketing). He has also taken the courses "Multi-Cultural Selling" and "Time Management for the Sales Professional."', 5, 'http://accweb/emmployees/davolio.bmp'),
(7, 'King', 'Robert', 'Sales Representative', 'Mr.', '1980-05-29', '2014-01-02', E'Edgeham Hollow\nWinchester Way', 'London', NULL, 'RG1 9SP', 'UK', '(71) 555-5598', '465',
 'Robert King served in the Peace Corps and traveled extensively before completing his degree in English at the University of Michigan, the year he joined the company. He completed a course entitled "Selling in Europe" and was transferred to the London office.', 5, 'http://accweb/emmployees/davolio.bmp'),
(8, 'Callahan', 'Laura', 'Inside Sales Coordinator', 'Ms.', '1978-01-09', '2014-03-05', '4726 - 11th Ave. N.E.', 'Seattle', 'WA', '98105', 'USA', '(206) 555-1189', '2344',
 'Laura received a BA in psychology from the University of Washington. She has also completed a course in business French. She reads and writes French.', 2, 'http://accweb/emmployees/davolio.bmp'),
(9, 'Dodsworth', 'Anne', 'Sales Representative', 'Ms.', '1986-01-27', '2014-11-15', '7 Houndstooth Rd.', 'London', NULL, 'WG2 7LT', 'UK', '(71) 555-4444', '452',
 'Anne has a BA degree in English from St. Lawrence College. She is fluent in French and German.', 5, 'http://accweb/emmployees/davolio.bmp');

INSERT INTO suppliers (supplier_id, company_name, contact_name, contact_title, address, city, region, postal_code, country, phone, fax, homepage) VALUES
(1, 'Exotic Liquids', 'Charlotte Cooper', 'Purchasing Manager', '49 Gilbert St.', 'London', NULL, 'EC1 4SD', 'UK', '(171) 555-2222', NULL, NULL),
(2, 'New Orleans Cajun Delights', 'Shelley Burke', 'Order Administrator', 'P.O. Box 78934', 'New Orleans', 'LA', '70117', 'USA', '(100) 555-4822', NULL, '#CAJUN.HTM#'),
(3, 'Grandma Kelly''s Homestead', 'Regina Murphy', 'Sales Representative', '707 Oxford Rd.', 'Ann Arbor', 'MI', '48104', 'USA', '(313) 555-5735', '(313) 555-3349', NULL),
(4, 'Tokyo Traders', 'Yoshi Nagase', 'Marketing Manager', '9-8 Sekimai Musashino-shi', 'Tokyo', NULL, '100', 'Japan', '(03) 3555-5011', NULL, NULL),
(5, 'Cooperativa de Quesos ''Las Cabras''', 'Antonio del Valle Saavedra', 'Export Administrator', 'Calle del Rosal 4', 'Oviedo', 'Asturias', '33007', 'Spain', '(98) 598 76 54', NULL, NULL),
(6, 'Mayumi''s', 'Mayumi Ohno', 'Marketing Representative', '92 Setsuko Chuo-ku', 'Osaka', NULL, '545', 'Japan', '(06) 431-7877', NULL, 'Mayumi''s (on the World Wide Web)#http://www.microsoft.com/accessdev/sampleapps/mayumi.htm#'),
(7, 'Pavlova, Ltd.', 'Ian Devling', 'Marketing Manager', '74 Rose St. Moonie Ponds', 'Melbourne', 'Victoria', '3058', 'Australia', '(03) 444-2343', '(03) 444-6588', NULL),
(8, 'Specialty Biscuits, Ltd.', 'Peter Wilson', 'Sales Representative', '29 King''s Way', 'Manchester', NULL, 'M14 GSD', 'UK', '(161) 555-4448', NULL, NULL),
(9, 'PB Knäckebröd AB', 'Lars Peterson', 'Sales Agent', 'Kaloadagatan 13', 'Göteborg', NULL, 'S-345 67', 'Sweden', '031-987 65 43', '031-987 65 91', NULL),
(10, 'Refrescos Americanas LTDA', 'Carlos Diaz', 'Marketing Manager', 'Av. das Americanas 12.890', 'Sao Paulo', NULL, '5442', 'Brazil', '(11) 555 4640', NULL, NULL),
(11, 'Heli Süßwaren GmbH & Co. KG', 'Petra Winkler', 'Sales Manager', 'Tiergartenstraße 5', 'Berlin', NULL, '10785', 'Germany', '(010) 9984510', NULL, NULL),
(12, 'Plutzer Lebensmittelgroßmärkte AG', 'Martin Bein', 'International Marketing Mgr.', 'Bogenallee 51', 'Frankfurt', NULL, '60439', 'Germany', '(069) 992755', NULL, 'Plutzer (on the World Wide Web)#http://www.microsoft.com/accessdev/sampleapps/plutzer.htm#'),
(13, 'Nord-Ost-Fisch Handelsgesellschaft mbH', 'Sven Petersen', 'Coordinator Foreign Markets', 'Frahmredder 112a', 'Cuxhaven', NULL, '27478', 'Germany', '(04721) 8713', '(04721) 8714', NULL),
(14, 'Formaggi Fortini s.r.l.', 'Elio Rossi', 'Sales Representative', 'Viale Dante, 75', 'Ravenna', NULL, '48100', 'Italy', '(0544) 60323', '(0544) 60603', '#FORMAGGI.HTM#'),
(15, 'Norske Meierier', 'Beate Vileid', 'Marketing Manager', 'Hatlevegen 5', 'Sandvika', NULL, '1320', 'Norway', '(0)2-953010', NULL, NULL),
(16, 'Bigfoot Breweries', 'Cheryl Saylor', 'Regional Account Rep.', '3400 - 8th Avenue Suite 210', 'Bend', 'OR', '97101', 'USA', '(503) 555-9931', NULL, NULL),
(17, 'Svensk Sjöföda AB', 'Michael Björn', 'Sales Representative', 'Brovallavägen 231', 'Stockholm', NULL, 'S-123 45', 'Sweden', '08-123 45 67', NULL, NULL),
(18, 'Aux joyeux ecclésiastiques', 'Guylène Nodier', 'Sales Manager', '203, Rue des Francs-Bourgeois', 'Paris', NULL, '75004', 'France', '(1) 03.83.00.68', '(1) 03.83.00.62', NULL),
(19, 'New England Seafood Cannery', 'Robb Merchant', 'Wholesale Account Agent', 'Order Processing Dept. 2100 Paul Revere Blvd.', 'Boston', 'MA', '02134', 'USA', '(617) 555-3267', '(617) 555-3389', NULL),
(20, 'Leka Trading', 'Chandra Leka', 'Owner', '471 Serangoon Loop, Suite #402', 'Singapore', NULL, '0512', 'Singapore', '555-8787', NULL, NULL),
(21, 'Lyngbysild', 'Niels Petersen', 'Sales Manager', 'Lyngbysild Fiskebakken 10', 'Lyngby', NULL, '2800', 'Denmark', '43844108', '43844115', NULL),
(22, 'Zaanse Snoepfabriek', 'Dirk Luchte', 'Accounting Manager', 'Verkoop Rijnweg 22', 'Zaandam', NULL, '9999 ZZ', 'Netherlands', '(12345) 1212', '(12345) 1210', NULL),
(23, 'Karkki Oy', 'Anne Heikkonen', 'Product Manager', 'Valtakatu 12', 'Lappeenranta', NULL, '53120', 'Finland', '(953) 10956', NULL, NULL),
(24, 'G''day, Mate', 'Wendy Mackenzie', 'Sales Representative', '170 Prince Edward Parade Hunter''s Hill', 'Sydney', 'NSW', '2042', 'Australia', '(02) 555-5914', '(02) 555-4873', 'G''day Mate (on the World Wide Web)#http://www.microsoft.com/accessdev/sampleapps/gdaymate.htm#'),
(25, 'Ma Maison', 'Jean-Guy Lauzon', 'Marketing Manager', '2960 Rue St. Laurent', 'Montréal', 'Québec', 'H1J 1C3', 'Canada', '(514) 555-9022', NULL, NULL),
(26, 'Pasta Buttini s.r.l.', 'Giovanni Giudici', 'Order Administrator', 'Via dei Gelsomini, 153', 'Salerno', NULL, '84100', 'Italy', '(089) 6547665', '(089) 6547667', NULL),
(27, 'Escargots Nouveaux', 'Marie Delamare', 'Sales Manager', '22, rue H. Voiron', 'Montceau', NULL, '71300', 'France', '85.57.00.07', NULL, NULL),
(28, 'Gai pâturage', 'Eliane Noz', 'Sales Representative', 'Bat. B 3, rue des Alpes', 'Annecy', NULL, '74000', 'France', '38.76.98.06', '38.76.98.58', NULL),
(29, 'Forêts d''érables', 'Chantal Goulet', 'Accounting Manager', '148 rue Chasseur', 'Ste-Hyacinthe', 'Québec', 'J2S 7S8', 'Canada', '(514) 555-2955', '(514) 555-2921', NULL);

INSERT INTO products VALUES
(1, 'Chai', 1, 1, '10 boxes x 20 bags', 18, 39, 0, 10, 0),
(2, 'Chang', 1, 1, '24 - 12 oz bottles', 19, 17, 40, 25, 0),
(3, 'Aniseed Syrup', 1, 2, '12 - 550 ml bottles', 10, 13, 70, 25, 0),
(4, 'Chef Anton''s Cajun Seasoning', 2, 2, '48 - 6 oz jars', 22, 53, 0, 0, 0),
(5, 'Chef Anton''s Gumbo Mix', 2, 2, '36 boxes', 21.35, 0, 0, 0, 1),
(6, 'Grandma''s Boysenberry Spread', 3, 2, '12 - 8 oz jars', 25, 120, 0, 25, 0),
(7, 'Uncle Bob''s Organic Dried Pears', 3, 7, '12 - 1 lb pkgs.', 30, 15, 0, 10, 0),
(8, 'Northwoods Cranberry Sauce', 3, 2, '12 - 12 oz jars', 40, 6, 0, 0, 0),
(9, 'Mishi Kobe Niku', 4, 6, '18 - 500 g pkgs.', 97, 29, 0, 0, 1),
(10, 'Ikura', 4, 8, '12 - 200 ml jars', 31, 31, 0, 0, 0),
(11, 'Queso Cabrales', 5, 4, '1 kg pkg.', 21, 22, 30, 30, 0),
(12, 'Queso Manchego La Pastora', 5, 4, '10 - 500 g pkgs.', 38, 86, 0, 0, 0),
(13, 'Konbu', 6, 8, '2 kg box', 6, 24, 0, 5, 0),
(14, 'Tofu', 6, 7, '40 - 100 g pkgs.', 23.25, 35, 0, 0, 0),
(15, 'Genen Shouyu', 6, 2, '24 - 250 ml bottles', 15.5, 39, 0, 5, 0),
(16, 'Pavlova', 7, 3, '32 - 500 g boxes', 17.45, 29, 0, 10, 0),
(17, 'Alice Mutton', 7, 6, '20 - 1 kg tins', 39, 0, 0, 0, 1),
(18, 'Carnarvon Tigers', 7, 8, '16 kg pkg.', 62.5, 42, 0, 0, 0),
(19, 'Teatime Chocolate Biscuits', 8, 3, '10 boxes x 12 pieces', 9.2, 25, 0, 5, 0),
(20, 'Sir Rodney''s Marmalade', 8, 3, '30 gift boxes', 81, 40, 0, 0, 0),
(21, 'Sir Rodney''s Scones', 8, 3, '24 pkgs. x 4 pieces', 10, 3, 40, 5, 0),
(22, 'Gustaf''s Knäckebröd', 9, 5, '24 - 500 g pkgs.', 21, 104, 0, 25, 0),
(23, 'Tunnbröd', 9, 5, '12 - 250 g pkgs.', 9, 61, 0, 25, 0),
(24, 'Guaraná Fantástica', 10, 1, '12 - 355 ml cans', 4.5, 20, 0, 0, 1),
(25, 'NuNuCa Nuß-Nougat-Creme', 11, 3, '20 - 450 g glasses', 14, 76, 0, 30, 0),
(26, 'Gumbär Gummibärchen', 11, 3, '100 - 250 g bags', 31.23, 15, 0, 0, 0),
(27, 'Schoggi Schokolade', 11, 3, '100 - 100 g pieces', 43.9, 49, 0, 30, 0),
(28, 'Rössle Sauerkraut', 12, 7, '25 - 825 g cans', 45.6, 26, 0, 0, 1),
(29, 'Thüringer Rostbratwurst', 12, 6, '50 bags x 30 sausgs.', 123.79, 0, 0, 0, 1),
(30, 'Nord-Ost Matjeshering', 13, 8, '10 - 200 g glasses', 25.89, 10, 0, 15, 0),
(31, 'Gorgonzola Telino', 14, 4, '12 - 100 g pkgs', 12.5, 0, 70, 20, 0),
(32, 'Mascarpone Fabioli', 14, 4, '24 - 200 g pkgs.', 32, 9, 40, 25, 0),
(33, 'Geitost', 15, 4, '500 g', 2.5, 112, 0, 20, 0),
(34, 'Sasquatch Ale', 16, 1, '24 - 12 oz bottles', 14, 111, 0, 15, 0),
(35, 'Steeleye Stout', 16, 1, '24 - 12 oz bottles', 18, 20, 0, 15, 0),
(36, 'Inlagd Sill', 17, 8, '24 - 250 g  jars', 19, 112, 0, 20, 0),
(37, 'Gravad lax', 17, 8, '12 - 500 g pkgs.', 26, 11, 50, 25, 0),
(38, 'Côte de Blaye', 18, 1, '12 - 75 cl bottles', 263.5, 17, 0, 15, 0),
(39, 'Chartreuse verte', 18, 1, '750 cc per bottle', 18, 69, 0, 5, 0),
(40, 'Boston Crab Meat', 19, 8, '24 - 4 oz tins', 18.4, 123, 0, 30, 0),
(41, 'Jack''s New England Clam Chowder', 19, 8, '12 - 12 oz cans', 9.65, 85, 0, 10, 0),
(42, 'Singaporean Hokkien Fried Mee', 20, 5, '32 - 1 kg pkgs.', 14, 26, 0, 0, 1),
(43, 'Ipoh Coffee', 20, 1, '16 - 500 g tins', 46, 17, 10, 25, 0),
(44, 'Gula Malacca', 20, 2, '20 - 2 kg bags', 19.45, 27, 0, 15, 0),
(45, 'Rogede sild', 21, 8, '1k pkg.', 9.5, 5, 70, 15, 0),
(46, 'Spegesild', 21, 8, '4 - 450 g glasses', 12, 95, 0, 0, 0),
(47, 'Zaanse koeken', 22, 3, '10 - 4 oz boxes', 9.5, 36, 0, 0, 0),
(48, 'Chocolade', 22, 3, '10 pkgs.', 12.75, 15, 70, 25, 0),
(49, 'Maxilaku', 23, 3, '24 - 50 g pkgs.', 20, 10, 60, 15, 0),
(50, 'Valkoinen suklaa', 23, 3, '12 - 100 g bars', 16.25, 65, 0, 30, 0),
(51, 'Manjimup Dried Apples', 24, 7, '50 - 300 g pkgs.', 53, 20, 0, 10, 0),
(52, 'Filo Mix', 24, 5, '16 - 2 kg boxes', 7, 38, 0, 25, 0),
(53, 'Perth Pasties', 24, 6, '48 pieces', 32.8, 0, 0, 0, 1),
(54, 'Tourtière', 25, 6, '16 pies', 7.45, 21, 0, 10, 0),
(55, 'Pâté chinois', 25, 6, '24 boxes x 2 pies', 24, 115, 0, 20, 0),
(56, 'Gnocchi di nonna Alice', 26, 5, '24 - 250 g pkgs.', 38, 21, 10, 30, 0),
(57, 'Ravioli Angelo', 26, 5, '24 - 250 g pkgs.', 19.5, 36, 0, 20, 0),
(58, 'Escargots de Bourgogne', 27, 8, '24 pieces', 13.25, 62, 0, 20, 0),
(59, 'Raclette Courdavault', 28, 4, '5 kg pkg.', 55, 79, 0, 0, 0),
(60, 'Camembert Pierrot', 28, 4, '15 - 300 g rounds', 34, 19, 0, 0, 0),
(61, 'Sirop d''érable', 29, 2, '24 - 500 ml bottles', 28.5, 113, 0, 25, 0),
(62, 'Tarte au sucre', 29, 3, '48 pies', 49.3, 17, 0, 0, 0),
(63, 'Vegie-spread', 7, 2, '15 - 625 g jars', 43.9, 24, 0, 5, 0),
(64, 'Wimmers gute Semmelknödel', 12, 5, '20 bags x 4 pieces', 33.25, 22, 80, 30, 0),
(65, 'Louisiana Fiery Hot Pepper Sauce', 2, 2, '32 - 8 oz bottles', 21.05, 76, 0, 0, 0),
(66, 'Louisiana Hot Spiced Okra', 2, 2, '24 - 8 oz jars', 17, 4, 100, 20, 0),
(67, 'Laughing Lumberjack Lager', 16, 1, '24 - 12 oz bottles', 14, 52, 0, 10, 0),
(68, 'Scottish Longbreads', 8, 3, '10 boxes x 8 pieces', 12.5, 6, 10, 15, 0),
(69, 'Gudbrandsdalsost', 15, 4, '10 kg pkg.', 36, 26, 0, 15, 0),
(70, 'Outback Lager', 7, 1, '24 - 355 ml bottles', 15, 15, 10, 30, 0),
(71, 'Flotemysost', 15, 4, '10 - 500 g pkgs.', 21.5, 26, 0, 0, 0),
(72, 'Mozzarella di Giovanni', 14, 4, '24 - 200 g pkgs.', 34.8, 14, 0, 0, 0),
(73, 'Röd Kaviar', 17, 8, '24 - 150 g jars', 15, 101, 0, 5, 0),
(74, 'Longlife Tofu', 4, 7, '5 kg pkg.', 10, 4, 20, 5, 0),
(75, 'Rhönbräu Klosterbier', 12, 1, '24 - 0.5 l bottles', 7.75, 125, 0, 25, 0),
(76, 'Lakkalikööri', 23, 1, '500 ml', 18, 57, 0, 20, 0),
(77, 'Original Frankfurter grüne Soße', 12, 2, '12 boxes', 13, 32, 0, 15, 0);

INSERT INTO territories VALUES
('01581', 'Westboro', 1), ('01730', 'Bedford', 1), ('01833', 'Georgetow', 1), ('02116', 'Boston', 1),
('02139', 'Cambridge', 1), ('02184', 'Braintree', 1), ('02903', 'Providence', 1), ('03049', 'Hollis', 3),
('03801', 'Portsmouth', 3), ('06897', 'Wilton', 1), ('07960', 'Morristown', 1), ('08837', 'Edison', 1),
('10019', 'New York', 1), ('10038', 'New York', 1), ('11747', 'Mellvile', 1), ('14450', 'Fairport', 1),
('19428', 'Philadelphia', 3), ('19713', 'Neward', 1), ('20852', 'Rockville', 1), ('27403', 'Greensboro', 1),
('27511', 'Cary', 1), ('29202', 'Columbia', 4), ('30346', 'Atlanta', 4), ('31406', 'Savannah', 4),
('32859', 'Orlando', 4), ('33607', 'Tampa', 4), ('40222', 'Louisville', 1), ('44122', 'Beachwood', 3),
('45839', 'Findlay', 3), ('48075', 'Southfield', 3), ('48084', 'Troy', 3), ('48304', 'Bloomfield Hills', 3),
('53404', 'Racine', 3), ('55113', 'Roseville', 3), ('55439', 'Minneapolis', 3), ('60179', 'Hoffman Estates', 2),
('60601', 'Chicago', 2), ('72716', 'Bentonville', 4), ('75234', 'Dallas', 4), ('78759', 'Austin', 4),
('80202', 'Denver', 2), ('80909', 'Colorado Springs', 2), ('85014', 'Phoenix', 2), ('85251', 'Scottsdale', 2),
('90405', 'Santa Monica', 2), ('94025', 'Menlo Park', 2), ('94105', 'San Francisco', 2), ('95008', 'Campbell', 2),
('95054', 'Santa Clara', 2), ('95060', 'Santa Cruz', 2), ('98004', 'Bellevue', 2), ('98052', 'Redmond', 2),
('98104', 'Seattle', 2);

INSERT INTO employee_territories VALUES
(1, '06897'), (1, '19713'),
(2, '01581'), (2, '01730'), (2, '01833'), (2, '02116'), (2, '02139'), (2, '02184'), (2, '40222'),
(3, '30346'), (3, '31406'), (3, '32859'), (3, '33607'),
(4, '20852'), (4, '27403'), (4, '27511'),
(5, '02903'), (5, '07960'), (5, '08837'), (5, '10019'), (5, '10038'), (5, '11747'), (5, '14450'),
(6, '85014'), (6, '85251'), (6, '98004'), (6, '98052'), (6, '98104'),
(7, '60179'), (7, '60601'), (7, '80202'), (7, '80909'), (7, '90405'), (7, '94025'), (7, '94105'), (7, '95008'), (7, '95054'), (7, '95060'),
(8, '19428'), (8, '44122'), (8, '45839'), (8, '53404'),
(9, '03049'), (9, '03801'), (9, '48075'), (9, '48084'), (9, '48304'), (9, '55113'), (9, '55439');

INSERT INTO us_states VALUES
(1, 'Alabama', 'AL', 'south'), (2, 'Alaska', 'AK', 'north'), (3, 'Arizona', 'AZ', 'west'),
(4, 'Arkansas', 'AR', 'south'), (5, 'California', 'CA', 'west'), (6, 'Colorado', 'CO', 'west'),
(7, 'Connecticut', 'CT', 'east'), (8, 'Delaware', 'DE', 'east'), (9, 'District of Columbia', 'DC', 'east'),
(10, 'Florida', 'FL', 'south'), (11, 'Georgia', 'GA', 'south'), (12, 'Hawaii', 'HI', 'west'),
(13, 'Idaho', 'ID', 'midwest'), (14, 'Illinois', 'IL', 'midwest'), (15, 'Indiana', 'IN', 'midwest'),
(16, 'Iowa', 'IA', 'midwest'), (17, 'Kansas', 'KS', 'midwest'), (18, 'Kentucky', 'KY', 'south'),
(19, 'Louisiana', 'LA', 'south'), (20, 'Maine', 'ME', 'north'), (21, 'Maryland', 'MD', 'east'),
(22, 'Massachusetts', 'MA', 'north'), (23, 'Michigan', 'MI', 'north'), (24, 'Minnesota', 'MN', 'north'),
(25, 'Mississippi', 'MS', 'south'), (26, 'Missouri', 'MO', 'south'), (27, 'Montana', 'MT', 'west'),
(28, 'Nebraska', 'NE', 'midwest'), (29, 'Nevada', 'NV', 'west'), (30, 'New Hampshire', 'NH', 'east'),
(31, 'New Jersey', 'NJ', 'east'), (32, 'New Mexico', 'NM', 'west'), (33, 'New York', 'NY', 'east'),
(34, 'North Carolina', 'NC', 'east'), (35, 'North Dakota', 'ND', 'midwest'), (36, 'Ohio', 'OH', 'midwest'),
(37, 'Oklahoma', 'OK', 'midwest'), (38, 'Oregon', 'OR', 'west'), (39, 'Pennsylvania', 'PA', 'east'),
(40, 'Rhode Island', 'RI', 'east'), (41, 'South Carolina', 'SC', 'east'), (42, 'South Dakota', 'SD', 'midwest'),
(43, 'Tennessee', 'TN', 'midwest'), (44, 'Texas', 'TX', 'west'), (45, 'Utah', 'UT', 'west'),
(46, 'Vermont', 'VT', 'east'), (47, 'Virginia', 'VA', 'east'), (48, 'Washington', 'WA', 'west'),
(49, 'West Virginia', 'WV', 'south'), (50, 'Wisconsin', 'WI', 'midwest'), (51, 'Wyoming', 'WY', 'west');

-----------------------------------------------------------------------------
-- Customers: the 91 classic Northwind customers plus generated accounts
-----------------------------------------------------------------------------

CREATE TEMP TABLE t_cc (
    country text, w int, cities text[], regions text[], postal text, phone text,
    surnames text[], words text[], word_first boolean, firsts text[], streets text[], num_first boolean
);

INSERT INTO t_cc VALUES
('USA', 13, '{Seattle,Portland,Boise,Eugene,"San Francisco",Anchorage,Albuquerque,Denver,Austin,Chicago,Kirkland,Spokane,Tacoma,Reno}',
 '{WA,OR,ID,OR,CA,AK,NM,CO,TX,IL,WA,WA,WA,NV}', '#####', '(###) 555-####',
 '{Smith,Johnson,Miller,Davis,Wilson,Anderson,Taylor,Thomas,Moore,Jackson,Martin,Thompson,Clark,Walker}',
 '{Market,"Food Market",Grocers,"Gourmet Foods",Provisions,"Deli & Grocery","Fine Foods",Emporium}', false,
 '{John,Mary,Robert,Linda,James,Susan,Michael,Karen,David,Nancy,Paul,Helen}',
 '{"Main St.","Oak St.","Pine Ave.","Maple Dr.","Baker Blvd.","Elm St.","Lake Rd.","Cedar Ln."}', true),
('France', 11, '{Paris,Lyon,Marseille,Nantes,Strasbourg,Lille,Toulouse,Reims,Bordeaux,Nice,Versailles,Rennes}',
 '{"","","","","","","","","","","",""}', '#####', '##.##.##.##',
 '{Martin,Bernard,Dubois,Thomas,Robert,Richard,Petit,Durand,Leroy,Moreau,Simon,Laurent,Lefebvre,Michel}',
 '{Épicerie,Maison,Comptoir,Délices,Caves,Traiteur,Marché,Saveurs}', true,
 '{Marie,Jean,Sophie,Pierre,Claire,Michel,Nathalie,Luc,Isabelle,Philippe,Camille,Paul}',
 '{"rue Royale","rue du Commerce","avenue de la Gare","boulevard Voltaire","place Kléber","rue des Écoles","rue Lauriston","quai des Bateliers"}', true),
('Germany', 11, '{Berlin,München,Hamburg,Köln,"Frankfurt a.M.",Stuttgart,Leipzig,Mannheim,Aachen,Dresden,Bremen,Münster}',
 '{"","","","","","","","","","","",""}', '#####', '0###-######',
 '{Müller,Schmidt,Schneider,Fischer,Weber,Meyer,Wagner,Becker,Hoffmann,Koch,Richter,Klein,Wolf,Schröder}',
 '{Feinkost,Delikatessen,Lebensmittel,Markt,Handelshaus,Spezialitäten,Getränke,Naturkost}', false,
 '{Hanna,Peter,Karin,Klaus,Sven,Jürgen,Petra,Thomas,Anna,Stefan,Monika,Lukas}',
 '{Hauptstr.,Bahnhofstr.,Gartenweg,Lindenallee,Schillerstr.,Marktplatz,Kirchgasse,Bergstr.}', false),
('Brazil', 9, '{"Rio de Janeiro","Sao Paulo",Campinas,Resende,"Belo Horizonte",Curitiba,Salvador,Recife}',
 '{RJ,SP,SP,SP,MG,PR,BA,PE}', '#####-###', '(##) 555-####',
 '{Silva,Santos,Oliveira,Souza,Lima,Pereira,Costa,Ferreira,Almeida,Carvalho,Gomes,Ribeiro}',
 '{Mercado,Comércio,Empório,Distribuidora,Armazém,Delícias,Supermercado,Casa}', true,
 '{Ana,João,Maria,Pedro,Lúcia,Carlos,Fernanda,Paulo,Beatriz,Rafael,Juliana,André}',
 '{"Rua do Mercado","Av. Brasil","Rua das Flores","Av. Paulista","Rua da Paz","Av. Copacabana"}', false),
('UK', 7, '{London,Manchester,Leeds,Bristol,Birmingham,Liverpool,Edinburgh,Glasgow,Cowes}',
 '{"","","","","","","","","Isle of Wight"}', '@@# #@@', '(###) 555-####',
 '{Smith,Jones,Taylor,Brown,Williams,Evans,Wright,Hughes,Walker,Roberts,Hall,Green}',
 '{Provisions,"Foods Ltd.",Trading,Imports,Delicatessen,Stores,"Wine Merchants",Grocers}', false,
 '{Oliver,Emily,Harry,Sophie,George,Charlotte,Jack,Amelia,Thomas,Victoria,Simon,Helen}',
 '{"High St.","King''s Rd.","Church Lane","Station Rd.","Victoria St.","Queensway","Park Rd.","Mill Lane"}', true),
('Spain', 5, '{Madrid,Barcelona,Sevilla,Valencia,Bilbao,Zaragoza,Málaga}',
 '{"","","","","","",""}', '#####', '(9#) 555 ## ##',
 '{García,Fernández,González,Rodríguez,López,Martínez,Sánchez,Pérez,Gómez,Martín,Ruiz,Díaz}',
 '{Comidas,Ultramarinos,Bodega,Delicias,Mercado,Despensa,Casa,Almacenes}', true,
 '{José,María,Carmen,Antonio,Laura,Manuel,Lucía,Javier,Elena,Pablo,Marta,Diego}',
 '{"C/ Mayor","Gran Vía","C/ Alcalá","Paseo del Prado","C/ Serrano","Av. de la Paz"}', false),
('Mexico', 5, '{"México D.F.","México D.F.","México D.F.",Guadalajara,Monterrey,Puebla}',
 '{"","","","","",""}', '0####', '(5) 555-####',
 '{Hernández,García,Martínez,López,González,Pérez,Rodríguez,Sánchez,Ramírez,Cruz,Flores,Morales}',
 '{Taquería,Comidas,Abarrotes,Cocina,Tienda,Mercado,Antojitos,Provisiones}', true,
 '{Juan,Guadalupe,Miguel,Rosa,Francisco,Ana,Luis,Patricia,Jorge,Sofía,Alejandro,Gabriela}',
 '{"Avda. Insurgentes","Calle Reforma","Av. Juárez","Calle Madero","Avda. Azteca",Mataderos}', false),
('Venezuela', 4, '{Caracas,Barquisimeto,"San Cristóbal","I. de Margarita",Maracaibo,Valencia}',
 '{DF,Lara,Táchira,"Nueva Esparta",Zulia,Carabobo}', '####', '(#) ###-####',
 '{Pérez,Rodríguez,González,Hernández,Díaz,Martínez,Romero,Rojas,Torres,Medina}',
 '{Abastos,Supermercado,Comercial,Bodegón,Delicateses,Mercado}', true,
 '{Carlos,María,José,Carmen,Luis,Ana,Pedro,Rosa,Manuel,Elena}',
 '{"Ave. Bolívar","Carrera 22","Calle Sucre","Ave. Urdaneta","Calle Miranda"}', false),
('Argentina', 3, '{"Buenos Aires","Buenos Aires",Córdoba,Rosario,Mendoza,"La Plata"}',
 '{"","","","","",""}', '####', '(1) ###-####',
 '{González,Rodríguez,Gómez,Fernández,López,Díaz,Martínez,Pérez,Romero,Sosa}',
 '{Almacén,Comidas,Despensa,Fiambrería,Rotisería,Mercado}', true,
 '{Martín,Lucía,Santiago,Valentina,Mateo,Sofía,Diego,Camila,Pablo,Julieta}',
 '{"Av. del Libertador",Cerrito,"Av. Corrientes","Calle Florida","Av. Santa Fe"}', false),
('Canada', 3, '{Montréal,Tsawassen,Vancouver,Toronto,Ottawa,Calgary}',
 '{Québec,BC,BC,ON,ON,AB}', '@#@ #@#', '(###) 555-####',
 '{Tremblay,Gagnon,Roy,Côté,Smith,Brown,Wilson,MacDonald,Campbell,Bouchard}',
 '{Market,Épicerie,"Fine Foods",Provisions,Grocers,Marché}', false,
 '{Jean,Marie,Michael,Sarah,Luc,Emily,David,Julie,Mark,Anne}',
 '{"rue St. Laurent","Main St.","Granville St.","Yonge St.","rue Ste-Catherine","Bank St."}', true),
('Italy', 3, '{Torino,Bergamo,"Reggio Emilia",Milano,Roma,Napoli,Bologna,Firenze}',
 '{"","","","","","","",""}', '#####', '0##-#######',
 '{Rossi,Russo,Ferrari,Esposito,Bianchi,Romano,Colombo,Ricci,Marino,Greco,Bruno,Gallo}',
 '{Alimentari,Salumeria,Enoteca,Gastronomia,Bottega,Drogheria}', true,
 '{Giovanni,Maria,Paolo,Giulia,Marco,Francesca,Luca,Chiara,Andrea,Sara,Matteo,Elena}',
 '{"Via Roma","Via Garibaldi","Corso Italia","Via Dante","Piazza Duomo","Via Verdi"}', false),
('Austria', 2, '{Graz,Salzburg,Wien,Wien,Linz,Innsbruck}',
 '{"","","","","",""}', '####', '0###-#####',
 '{Gruber,Huber,Bauer,Wagner,Müller,Pichler,Steiner,Moser,Mayer,Hofer}',
 '{Feinkost,Delikatessen,Handel,Markt,Spezialitäten,Greißlerei}', false,
 '{Roland,Georg,Anna,Elisabeth,Franz,Maria,Johann,Eva,Karl,Sabine}',
 '{Kirchgasse,Hauptplatz,Ringstraße,Landstraße,Herrengasse}', false),
('Belgium', 2, '{Bruxelles,Charleroi,Antwerpen,Gent,Liège}',
 '{"","","","",""}', 'B-####', '(0#) ### ## ##',
 '{Peeters,Janssens,Maes,Jacobs,Mertens,Dubois,Lambert,Dupont,Claes,Willems}',
 '{Épicerie,Délices,Comptoir,Maison,Traiteur,Marché}', true,
 '{Catherine,Luc,Pascale,Marc,Sophie,Jan,Anne,Pieter,Isabelle,Tom}',
 '{"Rue Joseph-Bens","Boulevard Tirou","Rue Neuve","Meir","Rue de la Loi"}', false),
('Denmark', 2, '{København,Århus,Odense,Aalborg}',
 '{"","","",""}', '####', '## ## ## ##',
 '{Jensen,Nielsen,Hansen,Pedersen,Andersen,Christensen,Larsen,Sørensen}',
 '{Købmand,Delikatesse,Vinhandel,Fødevarer}', false,
 '{Jytte,Palle,Mette,Lars,Hanne,Søren,Karen,Henrik}',
 '{Vinbæltet,Smagsløget,Strøget,Nørregade,Vestergade}', false),
('Finland', 2, '{Helsinki,Oulu,Tampere,Turku,Espoo}',
 '{"","","","",""}', '#####', '##-### ###',
 '{Korhonen,Virtanen,Mäkinen,Nieminen,Mäkelä,Hämäläinen,Laine,Heikkinen}',
 '{Herkku,Kauppa,Ruokapuoti,Tukku}', false,
 '{Matti,Pirkko,Juha,Anne,Mikko,Tuula,Jari,Sari}',
 '{Keskuskatu,Torikatu,Aleksanterinkatu,Hämeenkatu,Kauppakatu}', false),
('Portugal', 2, '{Lisboa,Porto,Coimbra,Braga}',
 '{"","","",""}', '####', '(1) ###-####',
 '{Silva,Santos,Ferreira,Pereira,Oliveira,Costa,Rodrigues,Martins}',
 '{Mercearia,Vinhos,Comércio,Armazém,Delícias}', true,
 '{Isabel,Lino,Ana,João,Maria,Rui,Teresa,Miguel}',
 '{"Rua Augusta","Estrada da saúde","Jardim das rosas","Rua de Santa Catarina","Av. da Liberdade"}', false),
('Sweden', 2, '{Luleå,Bräcke,Stockholm,Göteborg,Malmö,Uppsala}',
 '{"","","","","",""}', 'S-### ##', '0###-## ## ##',
 '{Andersson,Johansson,Karlsson,Nilsson,Eriksson,Larsson,Olsson,Persson,Svensson,Gustafsson}',
 '{Livs,Delikatesser,Handelsbod,Matbutik,Saluhall,Specerier}', false,
 '{Christina,Maria,Erik,Anna,Lars,Karin,Anders,Eva,Johan,Ingrid}',
 '{Storgatan,Kungsgatan,Drottninggatan,Åkergatan,Berguvsvägen}', false),
('Switzerland', 2, '{Bern,Genève,Zürich,Basel,Lausanne}',
 '{"","","","",""}', '####', '0###-###-##-##',
 '{Meier,Müller,Schmid,Keller,Weber,Huber,Favre,Rochat,Brunner,Baumann}',
 '{Feinkost,Épicerie,Delikatessen,Comestibles,Markt,Traiteur}', false,
 '{Yang,Michael,Ursula,Hans,Claudia,Daniel,Monique,Reto,Sandra,Marc}',
 '{Hauptstr.,Grenzacherweg,Bahnhofstrasse,"Rue du Rhône",Marktgasse}', false),
('Ireland', 1, '{Cork,Dublin,Galway,Limerick}',
 '{"Co. Cork","Co. Dublin","Co. Galway","Co. Limerick"}', '', '(###) ###-####',
 '{Murphy,Kelly,O''Sullivan,Walsh,Byrne,Ryan,O''Brien,Doyle}',
 '{Grocers,Provisions,"Food Hall",Stores}', false,
 '{Patricia,Sean,Siobhan,Liam,Aoife,Conor,Niamh,Declan}',
 '{"Johnstown Road","Main Street","Patrick Street","Quay Street","Shop Street"}', true),
('Norway', 1, '{Stavern,Oslo,Bergen,Trondheim}',
 '{"","","",""}', '####', '(0)2-######',
 '{Hansen,Johansen,Olsen,Larsen,Andersen,Pedersen,Nilsen,Berg}',
 '{Mat,Delikatesser,Kolonial,Landhandel}', false,
 '{Jonas,Ingrid,Ole,Kari,Nils,Berit,Per,Liv}',
 '{"Erling Skakkes gate","Karl Johans gate",Bryggen,Storgata,Kirkegata}', false),
('Poland', 1, '{Warszawa,Kraków,Gdańsk,Poznań,Wrocław}',
 '{"","","","",""}', '##-###', '(##) ### ## ##',
 '{Nowak,Kowalski,Wiśniewski,Wójcik,Kowalczyk,Kamiński,Lewandowski,Zieliński}',
 '{Delikatesy,Zajazd,Hurtownia,Sklep}', true,
 '{Zbyszek,Anna,Piotr,Katarzyna,Tomasz,Magdalena,Krzysztof,Agnieszka}',
 '{"ul. Filtrowa","ul. Marszałkowska","ul. Floriańska","ul. Długa","ul. Piotrkowska"}', false);

INSERT INTO customers (customer_id, company_name, contact_name, contact_title, address, city, region, postal_code, country) VALUES
('ALFKI', 'Alfreds Futterkiste', 'Maria Anders', 'Sales Representative', 'Obere Str. 57', 'Berlin', NULL, '12209', 'Germany'),
('ANATR', 'Ana Trujillo Emparedados y helados', 'Ana Trujillo', 'Owner', 'Avda. de la Constitución 2222', 'México D.F.', NULL, '05021', 'Mexico'),
('ANTON', 'Antonio Moreno Taquería', 'Antonio Moreno', 'Owner', 'Mataderos  2312', 'México D.F.', NULL, '05023', 'Mexico'),
('AROUT', 'Around the Horn', 'Thomas Hardy', 'Sales Representative', '120 Hanover Sq.', 'London', NULL, 'WA1 1DP', 'UK'),
('BERGS', 'Berglunds snabbköp', 'Christina Berglund', 'Order Administrator', 'Berguvsvägen  8', 'Luleå', NULL, 'S-958 22', 'Sweden'),
('BLAUS', 'Blauer See Delikatessen', 'Hanna Moos', 'Sales Representative', 'Forsterstr. 57', 'Mannheim', NULL, '68306', 'Germany'),
('BLONP', 'Blondesddsl père et fils', 'Frédérique Citeaux', 'Marketing Manager', '24, place Kléber', 'Strasbourg', NULL, '67000', 'France'),
('BOLID', 'Bólido Comidas preparadas', 'Martín Sommer', 'Owner', 'C/ Araquil, 67', 'Madrid', NULL, '28023', 'Spain'),
('BONAP', 'Bon app''', 'Laurence Lebihan', 'Owner', '12, rue des Bouchers', 'Marseille', NULL, '13008', 'France'),
('BOTTM', 'Bottom-Dollar Markets', 'Elizabeth Lincoln', 'Accounting Manager', '23 Tsawassen Blvd.', 'Tsawassen', 'BC', 'T2F 8M4', 'Canada'),
('BSBEV', 'B''s Beverages', 'Victoria Ashworth', 'Sales Representative', 'Fauntleroy Circus', 'London', NULL, 'EC2 5NT', 'UK'),
('CACTU', 'Cactus Comidas para llevar', 'Patricio Simpson', 'Sales Agent', 'Cerrito 333', 'Buenos Aires', NULL, '1010', 'Argentina'),
('CENTC', 'Centro comercial Moctezuma', 'Francisco Chang', 'Marketing Manager', 'Sierras de Granada 9993', 'México D.F.', NULL, '05022', 'Mexico'),
('CHOPS', 'Chop-suey Chinese', 'Yang Wang', 'Owner', 'Hauptstr. 29', 'Bern', NULL, '3012', 'Switzerland'),
('COMMI', 'Comércio Mineiro', 'Pedro Afonso', 'Sales Associate', 'Av. dos Lusíadas, 23', 'Sao Paulo', 'SP', '05432-043', 'Brazil'),
('CONSH', 'Consolidated Holdings', 'Elizabeth Brown', 'Sales Representative', 'Berkeley Gardens 12  Brewery', 'London', NULL, 'WX1 6LT', 'UK'),
('DRACD', 'Drachenblut Delikatessen', 'Sven Ottlieb', 'Order Administrator', 'Walserweg 21', 'Aachen', NULL, '52066', 'Germany'),
('DUMON', 'Du monde entier', 'Janine Labrune', 'Owner', '67, rue des Cinquante Otages', 'Nantes', NULL, '44000', 'France'),
('EASTC', 'Eastern Connection', 'Ann Devon', 'Sales Agent', '35 King George', 'London', NULL, 'WX3 6FW', 'UK'),
('ERNSH', 'Ernst Handel', 'Roland Mendel', 'Sales Manager', 'Kirchgasse 6', 'Graz', NULL, '8010', 'Austria'),
('FAMIA', 'Familia Arquibaldo', 'Aria Cruz', 'Marketing Assistant', 'Rua Orós, 92', 'Sao Paulo', 'SP', '05442-030', 'Brazil'),
('FISSA', 'FISSA Fabrica Inter. Salchichas S.A.', 'Diego Roel', 'Accounting Manager', 'C/ Moralzarzal, 86', 'Madrid', NULL, '28034', 'Spain'),
('FOLIG', 'Folies gourmandes', 'Martine Rancé', 'Assistant Sales Agent', '184, chaussée de Tournai', 'Lille', NULL, '59000', 'France'),
('FOLKO', 'Folk och fä HB', 'Maria Larsson', 'Owner', 'Åkergatan 24', 'Bräcke', NULL, 'S-844 67', 'Sweden'),
('FRANK', 'Frankenversand', 'Peter Franken', 'Marketing Manager', 'Berliner Platz 43', 'München', NULL, '80805', 'Germany'),
('FRANR', 'France restauration', 'Carine Schmitt', 'Marketing Manager', '54, rue Royale', 'Nantes', NULL, '44000', 'France'),
('FRANS', 'Franchi S.p.A.', 'Paolo Accorti', 'Sales Representative', 'Via Monte Bianco 34', 'Torino', NULL, '10100', 'Italy'),
('FURIB', 'Furia Bacalhau e Frutos do Mar', 'Lino Rodriguez', 'Sales Manager', 'Jardim das rosas n. 32', 'Lisboa', NULL, '1675', 'Portugal'),
('GALED', 'Galería del gastrónomo', 'Eduardo Saavedra', 'Marketing Manager', 'Rambla de Cataluña, 23', 'Barcelona', NULL, '08022', 'Spain'),
('GODOS', 'Godos Cocina Típica', 'José Pedro Freyre', 'Sales Manager', 'C/ Romero, 33', 'Sevilla', NULL, '41101', 'Spain'),
('GOURL', 'Gourmet Lanchonetes', 'André Fonseca', 'Sales Associate', 'Av. Brasil, 442', 'Campinas', 'SP', '04876-786', 'Brazil'),
('GREAL', 'Great Lakes Food Market', 'Howard Snyder', 'Marketing Manager', '2732 Baker Blvd.', 'Eugene', 'OR', '97403', 'USA'),
('GROSR', 'GROSELLA-Restaurante', 'Manuel Pereira', 'Owner', '5ª Ave. Los Palos Grandes', 'Caracas', 'DF', '1081', 'Venezuela'),
('HANAR', 'Hanari Carnes', 'Mario Pontes', 'Accounting Manager', 'Rua do Paço, 67', 'Rio de Janeiro', 'RJ', '05454-876', 'Brazil'),
('HILAA', 'HILARION-Abastos', 'Carlos Hernández', 'Sales Representative', 'Carrera 22 con Ave. Carlos Soublette #8-35', 'San Cristóbal', 'Táchira', '5022', 'Venezuela'),
('HUNGC', 'Hungry Coyote Import Store', 'Yoshi Latimer', 'Sales Representative', 'City Center Plaza 516 Main St.', 'Elgin', 'OR', '97827', 'USA'),
('HUNGO', 'Hungry Owl All-Night Grocers', 'Patricia McKenna', 'Sales Associate', '8 Johnstown Road', 'Cork', 'Co. Cork', NULL, 'Ireland'),
('ISLAT', 'Island Trading', 'Helen Bennett', 'Marketing Manager', 'Garden House Crowther Way', 'Cowes', 'Isle of Wight', 'PO31 7PJ', 'UK'),
('KOENE', 'Königlich Essen', 'Philip Cramer', 'Sales Associate', 'Maubelstr. 90', 'Brandenburg', NULL, '14776', 'Germany'),
('LACOR', 'La corne d''abondance', 'Daniel Tonini', 'Sales Representative', '67, avenue de l''Europe', 'Versailles', NULL, '78000', 'France'),
('LAMAI', 'La maison d''Asie', 'Annette Roulet', 'Sales Manager', '1 rue Alsace-Lorraine', 'Toulouse', NULL, '31000', 'France'),
('LAUGB', 'Laughing Bacchus Wine Cellars', 'Yoshi Tannamuri', 'Marketing Assistant', '1900 Oak St.', 'Vancouver', 'BC', 'V3F 2K1', 'Canada'),
('LAZYK', 'Lazy K Kountry Store', 'John Steel', 'Marketing Manager', '12 Orchestra Terrace', 'Walla Walla', 'WA', '99362', 'USA'),
('LEHMS', 'Lehmanns Marktstand', 'Renate Messner', 'Sales Representative', 'Magazinweg 7', 'Frankfurt a.M.', NULL, '60528', 'Germany'),
('LETSS', 'Let''s Stop N Shop', 'Jaime Yorres', 'Owner', '87 Polk St. Suite 5', 'San Francisco', 'CA', '94117', 'USA'),
('LILAS', 'LILA-Supermercado', 'Carlos González', 'Accounting Manager', 'Carrera 52 con Ave. Bolívar #65-98 Llano Largo', 'Barquisimeto', 'Lara', '3508', 'Venezuela'),
('LINOD', 'LINO-Delicateses', 'Felipe Izquierdo', 'Owner', 'Ave. 5 de Mayo Porlamar', 'I. de Margarita', 'Nueva Esparta', '4980', 'Venezuela'),
('LONEP', 'Lonesome Pine Restaurant', 'Fran Wilson', 'Sales Manager', '89 Chiaroscuro Rd.', 'Portland', 'OR', '97219', 'USA'),
('MAGAA', 'Magazzini Alimentari Riuniti', 'Giovanni Rovelli', 'Marketing Manager', 'Via Ludovico il Moro 22', 'Bergamo', NULL, '24100', 'Italy'),
('MAISD', 'Maison Dewey', 'Catherine Dewey', 'Sales Agent', 'Rue Joseph-Bens 532', 'Bruxelles', NULL, 'B-1180', 'Belgium'),
('MEREP', 'Mère Paillarde', 'Jean Fresnière', 'Marketing Assistant', '43 rue St. Laurent', 'Montréal', 'Québec', 'H1J 1C3', 'Canada'),
('MORGK', 'Morgenstern Gesundkost', 'Alexander Feuer', 'Marketing Assistant', 'Heerstr. 22', 'Leipzig', NULL, '04179', 'Germany'),
('NORTS', 'North/South', 'Simon Crowther', 'Sales Associate', 'South House 300 Queensbridge', 'London', NULL, 'SW7 1RZ', 'UK'),
('OCEAN', 'Océano Atlántico Ltda.', 'Yvonne Moncada', 'Sales Agent', 'Ing. Gustavo Moncada 8585 Piso 20-A', 'Buenos Aires', NULL, '1010', 'Argentina'),
('OLDWO', 'Old World Delicatessen', 'Rene Phillips', 'Sales Representative', '2743 Bering St.', 'Anchorage', 'AK', '99508', 'USA'),
('OTTIK', 'Ottilies Käseladen', 'Henriette Pfalzheim', 'Owner', 'Mehrheimerstr. 369', 'Köln', NULL, '50739', 'Germany'),
('PARIS', 'Paris spécialités', 'Marie Bertrand', 'Owner', '265, boulevard Charonne', 'Paris', NULL, '75012', 'France'),
('PERIC', 'Pericles Comidas clásicas', 'Guillermo Fernández', 'Sales Representative', 'Calle Dr. Jorge Cash 321', 'México D.F.', NULL, '05033', 'Mexico'),
('PICCO', 'Piccolo und mehr', 'Georg Pipps', 'Sales Manager', 'Geislweg 14', 'Salzburg', NULL, '5020', 'Austria'),
('PRINI', 'Princesa Isabel Vinhos', 'Isabel de Castro', 'Sales Representative', 'Estrada da saúde n. 58', 'Lisboa', NULL, '1756', 'Portugal'),
('QUEDE', 'Que Delícia', 'Bernardo Batista', 'Accounting Manager', 'Rua da Panificadora, 12', 'Rio de Janeiro', 'RJ', '02389-673', 'Brazil'),
('QUEEN', 'Queen Cozinha', 'Lúcia Carvalho', 'Marketing Assistant', 'Alameda dos Canàrios, 891', 'Sao Paulo', 'SP', '05487-020', 'Brazil'),
('QUICK', 'QUICK-Stop', 'Horst Kloss', 'Accounting Manager', 'Taucherstraße 10', 'Cunewalde', NULL, '01307', 'Germany'),
('RANCH', 'Rancho grande', 'Sergio Gutiérrez', 'Sales Representative', 'Av. del Libertador 900', 'Buenos Aires', NULL, '1010', 'Argentina'),
('RATTC', 'Rattlesnake Canyon Grocery', 'Paula Wilson', 'Assistant Sales Representative', '2817 Milton Dr.', 'Albuquerque', 'NM', '87110', 'USA'),
('REGGC', 'Reggiani Caseifici', 'Maurizio Moroni', 'Sales Associate', 'Strada Provinciale 124', 'Reggio Emilia', NULL, '42100', 'Italy'),
('RICAR', 'Ricardo Adocicados', 'Janete Limeira', 'Assistant Sales Agent', 'Av. Copacabana, 267', 'Rio de Janeiro', 'RJ', '02389-890', 'Brazil'),
('RICSU', 'Richter Supermarkt', 'Michael Holz', 'Sales Manager', 'Grenzacherweg 237', 'Genève', NULL, '1203', 'Switzerland'),
('ROMEY', 'Romero y tomillo', 'Alejandra Camino', 'Accounting Manager', 'Gran Vía, 1', 'Madrid', NULL, '28001', 'Spain'),
('SANTG', 'Santé Gourmet', 'Jonas Bergulfsen', 'Owner', 'Erling Skakkes gate 78', 'Stavern', NULL, '4110', 'Norway'),
('SAVEA', 'Save-a-lot Markets', 'Jose Pavarotti', 'Sales Representative', '187 Suffolk Ln.', 'Boise', 'ID', '83720', 'USA'),
('SEVES', 'Seven Seas Imports', 'Hari Kumar', 'Sales Manager', '90 Wadhurst Rd.', 'London', NULL, 'OX15 4NB', 'UK'),
('SIMOB', 'Simons bistro', 'Jytte Petersen', 'Owner', 'Vinbæltet 34', 'København', NULL, '1734', 'Denmark'),
('SPECD', 'Spécialités du monde', 'Dominique Perrier', 'Marketing Manager', '25, rue Lauriston', 'Paris', NULL, '75016', 'France'),
('SPLIR', 'Split Rail Beer & Ale', 'Art Braunschweiger', 'Sales Manager', 'P.O. Box 555', 'Lander', 'WY', '82520', 'USA'),
('SUPRD', 'Suprêmes délices', 'Pascale Cartrain', 'Accounting Manager', 'Boulevard Tirou, 255', 'Charleroi', NULL, 'B-6000', 'Belgium'),
('THEBI', 'The Big Cheese', 'Liz Nixon', 'Marketing Manager', '89 Jefferson Way Suite 2', 'Portland', 'OR', '97201', 'USA'),
('THECR', 'The Cracker Box', 'Liu Wong', 'Marketing Assistant', '55 Grizzly Peak Rd.', 'Butte', 'MT', '59801', 'USA'),
('TOMSP', 'Toms Spezialitäten', 'Karin Josephs', 'Marketing Manager', 'Luisenstr. 48', 'Münster', NULL, '44087', 'Germany'),
('TORTU', 'Tortuga Restaurante', 'Miguel Angel Paolino', 'Owner', 'Avda. Azteca 123', 'México D.F.', NULL, '05033', 'Mexico'),
('TRADH', 'Tradição Hipermercados', 'Anabela Domingues', 'Sales Representative', 'Av. Inês de Castro, 414', 'Sao Paulo', 'SP', '05634-030', 'Brazil'),
('TRAIH', 'Trail''s Head Gourmet Provisioners', 'Helvetius Nagy', 'Sales Associate', '722 DaVinci Blvd.', 'Kirkland', 'WA', '98034', 'USA'),
('VAFFE', 'Vaffeljernet', 'Palle Ibsen', 'Sales Manager', 'Smagsløget 45', 'Århus', NULL, '8200', 'Denmark'),
('VICTE', 'Victuailles en stock', 'Mary Saveley', 'Sales Agent', '2, rue du Commerce', 'Lyon', NULL, '69004', 'France'),
('VINET', 'Vins et alcools Chevalier', 'Paul Henriot', 'Accounting Manager', '59 rue de l''Abbaye', 'Reims', NULL, '51100', 'France'),
('WANDK', 'Die Wandernde Kuh', 'Rita Müller', 'Sales Representative', 'Adenauerallee 900', 'Stuttgart', NULL, '70563', 'Germany'),
('WARTH', 'Wartian Herkku', 'Pirkko Koskitalo', 'Accounting Manager', 'Torikatu 38', 'Oulu', NULL, '90110', 'Finland'),
('WELLI', 'Wellington Importadora', 'Paula Parente', 'Sales Manager', 'Rua do Mercado, 12', 'Resende', 'SP', '08737-363', 'Brazil'),
('WHITC', 'White Clover Markets', 'Karl Jablonski', 'Owner', '305 - 14th Ave. S. Suite 3B', 'Seattle', 'WA', '98128', 'USA'),
('WILMK', 'Wilman Kala', 'Matti Karttunen', 'Owner/Marketing Assistant', 'Keskuskatu 45', 'Helsinki', NULL, '21240', 'Finland'),
('WOLZA', 'Wolski  Zajazd', 'Zbyszek Piestrzeniewicz', 'Owner', 'ul. Filtrowa 68', 'Warszawa', NULL, '01-012', 'Poland');

-- phone / fax for the classic customers, in each country's usual format
UPDATE customers c
   SET phone = pg_temp.fmt(cc.phone, 'ph' || c.customer_id),
       fax = CASE WHEN pg_temp.h('fx' || c.customer_id) < 0.55 THEN pg_temp.fmt(cc.phone, 'fx' || c.customer_id) END
  FROM t_cc cc
 WHERE cc.country = c.country;

CREATE TEMP TABLE t_newcust AS
WITH cw AS (
    SELECT country, (sum(w) OVER (ORDER BY w DESC, country) - w)::float8 / sum(w) OVER () AS lo
      FROM t_cc
), thr AS (
    SELECT array_agg(lo ORDER BY lo) AS lo, array_agg(country ORDER BY lo) AS ctry FROM cw
), raw AS (
    SELECT j, thr.ctry[width_bucket(pg_temp.h('cc' || j), thr.lo)] AS country
      FROM generate_series(1, 1400) j, thr
), named AS (
    SELECT r.j, cc.*,
           cc.surnames[1 + floor(pg_temp.h('s1' || r.j) * cardinality(cc.surnames))::int] AS s1,
           cc.surnames[1 + floor(pg_temp.h('s2' || r.j) * cardinality(cc.surnames))::int] AS s2,
           cc.words[1 + floor(pg_temp.h('wd' || r.j) * cardinality(cc.words))::int] AS wd,
           1 + floor(pg_temp.h('ci' || r.j) * cardinality(cc.cities))::int AS ci,
           pg_temp.h('pt' || r.j) AS pt
      FROM raw r JOIN t_cc cc USING (country)
), nm AS (
    SELECT n.*,
           CASE WHEN pt < 0.65 OR s1 = s2 THEN
                     CASE WHEN word_first THEN wd || ' ' || s1 ELSE s1 || ' ' || wd END
                ELSE CASE WHEN word_first THEN wd || ' ' || s1 || ' & ' || s2 ELSE s1 || ' & ' || s2 || ' ' || wd END
           END AS company_name
      FROM named n
), dedup AS (
    SELECT DISTINCT ON (company_name) * FROM nm
     WHERE company_name NOT IN (SELECT company_name FROM customers)
     ORDER BY company_name, j
)
SELECT translate(upper(left(s1, 2)), 'ÄÖÜÉÈÁÍÓÚÅØÆÇÃÕÑŚŁŃ', 'AOUEEAIOUAOACAONSLN')
          || chr(65 + (k / 676)::int % 26) || chr(65 + (k / 26)::int % 26) || chr(65 + k::int % 26) AS cid, d2.*
  FROM (SELECT row_number() OVER (ORDER BY j) AS k, d.* FROM dedup d ORDER BY j LIMIT 909) d2;

INSERT INTO customers (customer_id, company_name, contact_name, contact_title, address, city, region, postal_code, country, phone, fax)
SELECT cid,
       company_name,
       firsts[1 + floor(pg_temp.h('fn' || j) * cardinality(firsts))::int] || ' '
         || surnames[1 + floor(pg_temp.h('ln' || j) * cardinality(surnames))::int],
       (ARRAY['Sales Representative', 'Owner', 'Order Administrator', 'Marketing Manager', 'Accounting Manager',
              'Sales Agent', 'Sales Associate', 'Sales Manager', 'Marketing Assistant', 'Assistant Sales Agent',
              'Purchasing Manager', 'Owner'])[1 + floor(pg_temp.h('ti' || j) * 12)::int],
       CASE WHEN num_first
            THEN (1 + floor(pg_temp.h('an' || j) * 2900))::int || CASE WHEN country IN ('France', 'Belgium') THEN ', ' ELSE ' ' END
                 || streets[1 + floor(pg_temp.h('st' || j) * cardinality(streets))::int]
            ELSE streets[1 + floor(pg_temp.h('st' || j) * cardinality(streets))::int]
                 || CASE WHEN country IN ('Brazil', 'Spain') THEN ', ' ELSE ' ' END || (1 + floor(pg_temp.h('an' || j) * 400))::int
       END,
       cities[ci], nullif(regions[ci], ''), pg_temp.fmt(postal, 'pc' || j), country,
       pg_temp.fmt(phone, 'ph' || j),
       CASE WHEN pg_temp.h('fx' || j) < 0.45 THEN pg_temp.fmt(phone, 'fx' || j) END
  FROM t_newcust;

-----------------------------------------------------------------------------
-- Orders and order lines, 2023-01-01 .. 2025-06-30 (data "today" = 2025-06-30)
-----------------------------------------------------------------------------

-- customers who place orders, most active first.  FISSA and PARIS never
-- ordered in the classic data either; the 24 newest accounts have not ordered yet.
CREATE TEMP TABLE t_active AS
SELECT row_number() OVER (ORDER BY grp, md5('act' || c.customer_id)) - 1 AS rnk, c.customer_id
  FROM (SELECT customer_id,
               CASE WHEN customer_id = 'SAVEA' THEN 0 WHEN customer_id = 'ERNSH' THEN 1 WHEN customer_id = 'QUICK' THEN 2
                    WHEN customer_id NOT IN (SELECT cid FROM t_newcust) THEN 3 ELSE 4 END AS grp
          FROM customers) c
 WHERE c.customer_id NOT IN ('FISSA', 'PARIS')
   AND c.customer_id NOT IN (SELECT cid FROM t_newcust WHERE k > 885);

CREATE TEMP TABLE t_ord AS
WITH base AS (
    SELECT i, (10248 + i)::smallint AS order_id,
           date '2023-01-01' + floor(912 * power(i / 20000.0, 0.8))::int AS order_date
      FROM generate_series(0, 19999) i
), n AS (SELECT count(*) AS n FROM t_active)
SELECT b.*,
       a.customer_id,
       CASE WHEN extract(year FROM b.order_date) = 2023 THEN
                 (ARRAY[1,2,3,4,5,6,7,8,9])[width_bucket(pg_temp.h('em' || b.i) * 830, ARRAY[0,123,219,346,502,544,611,683,787]::float8[])]
            WHEN extract(year FROM b.order_date) = 2024 THEN
                 (ARRAY[1,2,3,4,5,6,7,8,9])[width_bucket(pg_temp.h('em' || b.i) * 860, ARRAY[0,130,220,360,510,550,620,700,805]::float8[])]
            ELSE (ARRAY[1,2,3,4,5,6,7,8,9])[width_bucket(pg_temp.h('em' || b.i) * 870, ARRAY[0,125,210,370,505,543,615,700,810]::float8[])]
       END::smallint AS employee_id,
       CASE WHEN pg_temp.h('rq' || b.i) < 0.90 THEN 28 WHEN pg_temp.h('rq' || b.i) < 0.96 THEN 14 ELSE 42 END AS req_days,
       width_bucket(pg_temp.h('sv' || b.i), ARRAY[0, 0.30, 0.69]::float8[])::smallint AS ship_via,
       pg_temp.h('dl' || b.i) AS dl
  FROM base b CROSS JOIN n
  JOIN t_active a ON a.rnk = floor(n.n * power(pg_temp.h('cu' || b.i), 1.6))::int;

-- product popularity weights
CREATE TEMP TABLE t_pw AS
SELECT array_agg(product_id ORDER BY product_id) AS pid,
       array_agg(lo ORDER BY product_id) AS lo
  FROM (SELECT product_id,
               (sum(w) OVER (ORDER BY product_id) - w) / sum(w) OVER () AS lo
          FROM (SELECT product_id,
                       CASE product_id WHEN 60 THEN 5.0 WHEN 59 THEN 4.6 WHEN 31 THEN 4.3 WHEN 56 THEN 4.0
                                       WHEN 16 THEN 3.8 WHEN 38 THEN 1.3 WHEN 29 THEN 1.6
                                       ELSE 0.6 + 2.6 * pg_temp.h('pw' || product_id) END AS w
                  FROM products) p) q;

CREATE TEMP TABLE t_disc (product_id int, last_day date);
INSERT INTO t_disc VALUES (5, '2024-02-14'), (9, '2024-04-30'), (17, '2024-08-31'), (24, '2023-10-31'),
                          (28, '2024-06-14'), (29, '2024-11-30'), (42, '2025-01-14'), (53, '2024-03-31');

CREATE TEMP TABLE t_lines AS
WITH cand AS (
    SELECT o.order_id, o.i, o.order_date, k,
           pw.pid[width_bucket(pg_temp.h('pr' || o.i || '-' || k), pw.lo)] AS product_id
      FROM t_ord o, t_pw pw, generate_series(0, 7) k
), ok AS (
    SELECT DISTINCT ON (c.order_id, c.product_id) c.*
      FROM cand c LEFT JOIN t_disc d USING (product_id)
     WHERE d.last_day IS NULL OR c.order_date <= d.last_day
     ORDER BY c.order_id, c.product_id, c.k
), numbered AS (
    SELECT ok.*, row_number() OVER (PARTITION BY order_id ORDER BY k) AS ln,
           CASE WHEN pg_temp.h('nl' || i) < 0.25 THEN 1 WHEN pg_temp.h('nl' || i) < 0.55 THEN 2
                WHEN pg_temp.h('nl' || i) < 0.80 THEN 3 WHEN pg_temp.h('nl' || i) < 0.93 THEN 4 ELSE 5 END AS nlines
      FROM ok
)
SELECT n.order_id, n.product_id::smallint AS product_id,
       round((p.unit_price * CASE WHEN n.order_date < date '2024-01-01' THEN 0.9 ELSE 1.0 END)::numeric, 2)::real AS unit_price,
       (CASE WHEN pg_temp.h('qr' || n.i || '-' || n.k) < 0.6
             THEN greatest(5, round((1 + 79 * power(pg_temp.h('qt' || n.i || '-' || n.k), 1.8)) / 5) * 5)
             ELSE 1 + floor(79 * power(pg_temp.h('qt' || n.i || '-' || n.k), 1.8)) END)::smallint AS quantity,
       (CASE WHEN pg_temp.h('ds' || n.i || '-' || n.k) < 0.62 THEN 0
             ELSE (ARRAY[0.05, 0.1, 0.15, 0.2, 0.25, 0.05, 0.1, 0.15])[1 + floor(pg_temp.h('dv' || n.i || '-' || n.k) * 8)::int] END)::real AS discount
  FROM numbered n JOIN products p ON p.product_id = n.product_id
 WHERE n.ln <= n.nlines;

INSERT INTO orders (order_id, customer_id, employee_id, order_date, required_date, shipped_date, ship_via, freight,
                    ship_name, ship_address, ship_city, ship_region, ship_postal_code, ship_country)
SELECT o.order_id, o.customer_id, o.employee_id, o.order_date,
       o.order_date + o.req_days,
       CASE WHEN o.order_date + sd.d <= date '2025-06-30' THEN o.order_date + sd.d END,
       o.ship_via,
       round((st.sub * (0.006 + 0.03 * pg_temp.h('fr' || o.i)) + 3 * pg_temp.h('fb' || o.i))::numeric, 2)::real,
       c.company_name, c.address, c.city, c.region, c.postal_code, c.country
  FROM t_ord o
  JOIN customers c ON c.customer_id = o.customer_id
  CROSS JOIN LATERAL (SELECT (1 + floor(power(o.dl, 2.2) * 34 * (ARRAY[0.8, 1.0, 1.25])[o.ship_via]))::int AS d) sd
  JOIN (SELECT order_id, sum(unit_price::numeric * quantity * (1 - discount::numeric)) AS sub
          FROM t_lines GROUP BY order_id) st ON st.order_id = o.order_id
 ORDER BY o.order_id;

INSERT INTO order_details SELECT * FROM t_lines ORDER BY order_id, product_id;

-----------------------------------------------------------------------------
-- Foreign keys and indexes (as in the original Northwind definition)
-----------------------------------------------------------------------------

ALTER TABLE customer_customer_demo
    ADD CONSTRAINT fk_customer_customer_demo_customer_demographics FOREIGN KEY (customer_type_id) REFERENCES customer_demographics,
    ADD CONSTRAINT fk_customer_customer_demo_customers FOREIGN KEY (customer_id) REFERENCES customers;
ALTER TABLE employees ADD CONSTRAINT fk_employees_employees FOREIGN KEY (reports_to) REFERENCES employees;
ALTER TABLE orders
    ADD CONSTRAINT fk_orders_customers FOREIGN KEY (customer_id) REFERENCES customers,
    ADD CONSTRAINT fk_orders_employees FOREIGN KEY (employee_id) REFERENCES employees,
    ADD CONSTRAINT fk_orders_shippers FOREIGN KEY (ship_via) REFERENCES shippers;
ALTER TABLE order_details
    ADD CONSTRAINT fk_order_details_products FOREIGN KEY (product_id) REFERENCES products,
    ADD CONSTRAINT fk_order_details_orders FOREIGN KEY (order_id) REFERENCES orders;
ALTER TABLE products
    ADD CONSTRAINT fk_products_categories FOREIGN KEY (category_id) REFERENCES categories,
    ADD CONSTRAINT fk_products_suppliers FOREIGN KEY (supplier_id) REFERENCES suppliers;
ALTER TABLE territories ADD CONSTRAINT fk_territories_region FOREIGN KEY (region_id) REFERENCES region;
ALTER TABLE employee_territories
    ADD CONSTRAINT fk_employee_territories_territories FOREIGN KEY (territory_id) REFERENCES territories,
    ADD CONSTRAINT fk_employee_territories_employees FOREIGN KEY (employee_id) REFERENCES employees;

CREATE INDEX customers_city_idx ON customers (city);
CREATE INDEX customers_company_name_idx ON customers (company_name);
CREATE INDEX customers_postal_code_idx ON customers (postal_code);
CREATE INDEX customers_region_idx ON customers (region);
CREATE INDEX employees_last_name_idx ON employees (last_name);
CREATE INDEX employees_postal_code_idx ON employees (postal_code);
CREATE INDEX orders_customer_id_idx ON orders (customer_id);
CREATE INDEX orders_employee_id_idx ON orders (employee_id);
CREATE INDEX orders_order_date_idx ON orders (order_date);
CREATE INDEX orders_shipped_date_idx ON orders (shipped_date);
CREATE INDEX orders_ship_via_idx ON orders (ship_via);
CREATE INDEX orders_ship_postal_code_idx ON orders (ship_postal_code);
CREATE INDEX order_details_product_id_idx ON order_details (product_id);
CREATE INDEX products_category_id_idx ON products (category_id);
CREATE INDEX products_supplier_id_idx ON products (supplier_id);
CREATE INDEX products_product_name_idx ON products (product_name);
CREATE INDEX suppliers_company_name_idx ON suppliers (company_name);
CREATE INDEX suppliers_postal_code_idx ON suppliers (postal_code);

-----------------------------------------------------------------------------
-- Documentation
-----------------------------------------------------------------------------

COMMENT ON TABLE customers IS 'Companies that buy from Northwind Traders';
COMMENT ON TABLE orders IS 'Sales orders; one row per order, lines are in order_details';
COMMENT ON TABLE order_details IS 'Order lines: one product per order with the price charged, quantity and discount';
COMMENT ON TABLE products IS 'Products Northwind Traders sells';
COMMENT ON TABLE suppliers IS 'Companies that supply the products';
COMMENT ON TABLE shippers IS 'Freight companies that deliver orders';
COMMENT ON TABLE employees IS 'Northwind Traders sales staff';
COMMENT ON TABLE territories IS 'US sales territories, grouped into regions';
COMMENT ON TABLE employee_territories IS 'Which sales territories each employee covers';
COMMENT ON COLUMN orders.required_date IS 'Date by which the customer needs the order delivered';
COMMENT ON COLUMN orders.shipped_date IS 'Date the order left the warehouse; NULL while not yet shipped';
COMMENT ON COLUMN orders.ship_via IS 'Shipper that carries the order (shippers.shipper_id)';
COMMENT ON COLUMN orders.freight IS 'Freight charge billed to the customer';
COMMENT ON COLUMN order_details.unit_price IS 'Price per unit charged on this order (may differ from the current list price)';
COMMENT ON COLUMN order_details.discount IS 'Discount as a fraction of the line price (0.15 = 15 %)';
COMMENT ON COLUMN products.unit_price IS 'Current list price per unit';
COMMENT ON COLUMN products.quantity_per_unit IS 'Packaging of one sales unit, e.g. 24 - 12 oz bottles';
COMMENT ON COLUMN products.units_in_stock IS 'Units currently in the warehouse';
COMMENT ON COLUMN products.units_on_order IS 'Units ordered from the supplier but not yet received';
COMMENT ON COLUMN products.reorder_level IS 'Stock level at or below which the product should be reordered';
COMMENT ON COLUMN products.discontinued IS '1 = product no longer sold, 0 = active';
COMMENT ON COLUMN employees.reports_to IS 'Manager of this employee (employees.employee_id)';
COMMENT ON COLUMN employees.title_of_courtesy IS 'Salutation: Mr., Ms., Mrs., Dr.';

DROP TABLE t_cc, t_newcust, t_active, t_ord, t_pw, t_disc, t_lines;

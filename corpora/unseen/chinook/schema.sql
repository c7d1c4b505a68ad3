-- Chinook sample database (digital music store), PostgreSQL port with
-- snake_case identifiers, as in the lerocha/chinook-database PostgreSQL script.
-- The catalog (artists, albums, tracks, playlists) and the sales history
-- (customers, invoices, invoice lines) are generated deterministically:
-- setseed() is called once and every random() call happens in a fixed order.
-- Sales history covers 2021-01-01 .. 2025-06-30 (the data's "today" is 2025-06-30).

SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;
DO $$ BEGIN PERFORM setseed(0.2025); END $$;

/*******************************************************************************
   Create Tables
********************************************************************************/
CREATE TABLE artist
(
    artist_id INT NOT NULL,
    name VARCHAR(120),
    CONSTRAINT artist_pkey PRIMARY KEY (artist_id)
);

CREATE TABLE album
(
    album_id INT NOT NULL,
    title VARCHAR(160) NOT NULL,
    artist_id INT NOT NULL,
    CONSTRAINT album_pkey PRIMARY KEY (album_id)
);

CREATE TABLE employee
(
    employee_id INT NOT NULL,
    last_name VARCHAR(20) NOT NULL,
    first_name VARCHAR(20) NOT NULL,
    title VARCHAR(30),
    reports_to INT,
    birth_date TIMESTAMP,
    hire_date TIMESTAMP,
    address VARCHAR(70),
    city VARCHAR(40),
    state VARCHAR(40),
    country VARCHAR(40),
    postal_code VARCHAR(10),
    phone VARCHAR(24),
    fax VARCHAR(24),
    email VARCHAR(60),
    CONSTRAINT employee_pkey PRIMARY KEY (employee_id)
);

CREATE TABLE customer
(
    customer_id INT NOT NULL,
    first_name VARCHAR(40) NOT NULL,
    last_name VARCHAR(20) NOT NULL,
    company VARCHAR(80),
    address VARCHAR(70),
    city VARCHAR(40),
    state VARCHAR(40),
    country VARCHAR(40),
    postal_code VARCHAR(10),
    phone VARCHAR(24),
    fax VARCHAR(24),
    email VARCHAR(60) NOT NULL,
    support_rep_id INT,
    CONSTRAINT customer_pkey PRIMARY KEY (customer_id)
);

CREATE TABLE genre
(
    genre_id INT NOT NULL,
    name VARCHAR(120),
    CONSTRAINT genre_pkey PRIMARY KEY (genre_id)
);

CREATE TABLE invoice
(
    invoice_id INT NOT NULL,
    customer_id INT NOT NULL,
    invoice_date TIMESTAMP NOT NULL,
    billing_address VARCHAR(70),
    billing_city VARCHAR(40),
    billing_state VARCHAR(40),
    billing_country VARCHAR(40),
    billing_postal_code VARCHAR(10),
    total NUMERIC(10,2) NOT NULL,
    CONSTRAINT invoice_pkey PRIMARY KEY (invoice_id)
);

CREATE TABLE invoice_line
(
    invoice_line_id INT NOT NULL,
    invoice_id INT NOT NULL,
    track_id INT NOT NULL,
    unit_price NUMERIC(10,2) NOT NULL,
    quantity INT NOT NULL,
    CONSTRAINT invoice_line_pkey PRIMARY KEY (invoice_line_id)
);

CREATE TABLE media_type
(
    media_type_id INT NOT NULL,
    name VARCHAR(120),
    CONSTRAINT media_type_pkey PRIMARY KEY (media_type_id)
);

CREATE TABLE playlist
(
    playlist_id INT NOT NULL,
    name VARCHAR(120),
    CONSTRAINT playlist_pkey PRIMARY KEY (playlist_id)
);

CREATE TABLE playlist_track
(
    playlist_id INT NOT NULL,
    track_id INT NOT NULL,
    CONSTRAINT playlist_track_pkey PRIMARY KEY (playlist_id, track_id)
);

CREATE TABLE track
(
    track_id INT NOT NULL,
    name VARCHAR(200) NOT NULL,
    album_id INT,
    media_type_id INT NOT NULL,
    genre_id INT,
    composer VARCHAR(220),
    milliseconds INT NOT NULL,
    bytes INT,
    unit_price NUMERIC(10,2) NOT NULL,
    CONSTRAINT track_pkey PRIMARY KEY (track_id)
);

/*******************************************************************************
   Comments
********************************************************************************/
COMMENT ON TABLE artist IS 'Recording artists and bands (also TV series for video content).';
COMMENT ON TABLE album IS 'Albums (or TV seasons); each belongs to one artist.';
COMMENT ON TABLE track IS 'Individual songs or videos sold in the store.';
COMMENT ON COLUMN track.milliseconds IS 'Duration of the track in milliseconds.';
COMMENT ON COLUMN track.bytes IS 'Size of the media file in bytes.';
COMMENT ON COLUMN track.unit_price IS 'Current list price of one download, in USD.';
COMMENT ON TABLE employee IS 'Store staff; sales support agents look after customers.';
COMMENT ON COLUMN employee.reports_to IS 'employee_id of this employee''s manager (NULL for the general manager).';
COMMENT ON TABLE customer IS 'Store customers.';
COMMENT ON COLUMN customer.support_rep_id IS 'employee_id of the sales support agent assigned to the customer.';
COMMENT ON COLUMN customer.state IS 'State or province abbreviation (e.g. CA, SP, AB) where applicable.';
COMMENT ON TABLE invoice IS 'One purchase by a customer; billing_* columns are the billing address at purchase time.';
COMMENT ON COLUMN invoice.total IS 'Invoice total in USD (sum of unit_price * quantity of its lines).';
COMMENT ON TABLE invoice_line IS 'One purchased track on an invoice.';
COMMENT ON COLUMN invoice_line.unit_price IS 'Price paid per unit, in USD.';
COMMENT ON TABLE playlist_track IS 'Membership of tracks in playlists.';

/*******************************************************************************
   Reference data
********************************************************************************/
INSERT INTO media_type (media_type_id, name) VALUES
    (1, 'MPEG audio file'),
    (2, 'Protected AAC audio file'),
    (3, 'Protected MPEG-4 video file'),
    (4, 'Purchased AAC audio file'),
    (5, 'AAC audio file');

INSERT INTO genre (genre_id, name) VALUES
    (1, 'Rock'), (2, 'Jazz'), (3, 'Metal'), (4, 'Alternative & Punk'),
    (5, 'Rock And Roll'), (6, 'Blues'), (7, 'Latin'), (8, 'Reggae'), (9, 'Pop'),
    (10, 'Soundtrack'), (11, 'Bossa Nova'), (12, 'Easy Listening'),
    (13, 'Heavy Metal'), (14, 'R&B/Soul'), (15, 'Electronica/Dance'),
    (16, 'World'), (17, 'Hip Hop/Rap'), (18, 'Science Fiction'), (19, 'TV Shows'),
    (20, 'Sci Fi & Fantasy'), (21, 'Drama'), (22, 'Comedy'), (23, 'Alternative'),
    (24, 'Classical'), (25, 'Opera');

INSERT INTO employee (employee_id, last_name, first_name, title, reports_to, birth_date, hire_date, address, city, state, country, postal_code, phone, fax, email) VALUES
    (1, 'Adams', 'Andrew', 'General Manager', NULL, '1962-02-18', '2002-08-14', '11120 Jasper Ave NW', 'Edmonton', 'AB', 'Canada', 'T5K 2N1', '+1 (780) 428-9482', '+1 (780) 428-3457', 'andrew@chinookcorp.com'),
    (2, 'Edwards', 'Nancy', 'Sales Manager', 1, '1958-12-08', '2002-05-01', '825 8 Ave SW', 'Calgary', 'AB', 'Canada', 'T2P 2T3', '+1 (403) 262-3443', '+1 (403) 262-3322', 'nancy@chinookcorp.com'),
    (3, 'Peacock', 'Jane', 'Sales Support Agent', 2, '1973-08-29', '2002-04-01', '1111 6 Ave SW', 'Calgary', 'AB', 'Canada', 'T2P 5M5', '+1 (403) 262-3443', '+1 (403) 262-6712', 'jane@chinookcorp.com'),
    (4, 'Park', 'Margaret', 'Sales Support Agent', 2, '1947-09-19', '2003-05-03', '683 10 Street SW', 'Calgary', 'AB', 'Canada', 'T2P 5G3', '+1 (403) 263-4423', '+1 (403) 263-4289', 'margaret@chinookcorp.com'),
    (5, 'Johnson', 'Steve', 'Sales Support Agent', 2, '1965-03-03', '2003-10-17', '7727B 41 Ave', 'Calgary', 'AB', 'Canada', 'T3B 1Y7', '1 (780) 836-9987', '1 (780) 836-9543', 'steve@chinookcorp.com'),
    (6, 'Mitchell', 'Michael', 'IT Manager', 1, '1973-07-01', '2003-10-17', '5827 Bowness Road NW', 'Calgary', 'AB', 'Canada', 'T3B 0C5', '+1 (403) 246-9887', '+1 (403) 246-9899', 'michael@chinookcorp.com'),
    (7, 'King', 'Robert', 'IT Staff', 6, '1970-05-29', '2004-01-02', '590 Columbia Boulevard West', 'Lethbridge', 'AB', 'Canada', 'T1K 5N8', '+1 (403) 456-9986', '+1 (403) 456-8485', 'robert@chinookcorp.com'),
    (8, 'Callahan', 'Laura', 'IT Staff', 6, '1968-01-09', '2004-03-04', '923 7 ST NW', 'Lethbridge', 'AB', 'Canada', 'T1H 1Y8', '+1 (403) 467-3351', '+1 (403) 467-8772', 'laura@chinookcorp.com');

/*******************************************************************************
   Artists: well-known names (with their main genre) + generated band names
********************************************************************************/
CREATE TEMP TABLE known_artist (ord serial, name text, genre_id int, video boolean DEFAULT false);
INSERT INTO known_artist (name, genre_id) VALUES
    ('AC/DC', 1), ('Accept', 1), ('Aerosmith', 1), ('Alanis Morissette', 1),
    ('Alice In Chains', 1), ('Antônio Carlos Jobim', 11), ('Apocalyptica', 3),
    ('Audioslave', 1), ('BackBeat', 5), ('Billy Cobham', 2),
    ('Black Label Society', 3), ('Black Sabbath', 3), ('Body Count', 4),
    ('Bruce Dickinson', 3), ('Buddy Guy', 6), ('Caetano Veloso', 7),
    ('Chico Buarque', 7), ('Chico Science & Nação Zumbi', 7), ('Cidade Negra', 8),
    ('Cláudio Zoli', 7), ('Various Artists', 9), ('Led Zeppelin', 1),
    ('Frank Zappa & Captain Beefheart', 1), ('Marcos Valle', 7), ('Metallica', 3),
    ('Queen', 1), ('Kiss', 1), ('Spyro Gyra', 2), ('Green Day', 4),
    ('David Coverdale', 1), ('Gonzaguinha', 7), ('Os Mutantes', 7),
    ('Deep Purple', 1), ('Santana', 1), ('Miles Davis', 2), ('Iron Maiden', 3),
    ('U2', 1), ('Pearl Jam', 1), ('Nirvana', 1), ('Van Halen', 1),
    ('Red Hot Chili Peppers', 1), ('The Rolling Stones', 1), ('Eric Clapton', 6),
    ('Jimi Hendrix', 1), ('Ozzy Osbourne', 1), ('Foo Fighters', 1),
    ('Guns N'' Roses', 1), ('Lenny Kravitz', 1), ('Milton Nascimento', 7),
    ('Gilberto Gil', 7), ('Djavan', 7), ('The Cult', 1), ('R.E.M.', 4),
    ('The Police', 1), ('Amy Winehouse', 14), ('Legião Urbana', 1), ('Titãs', 4),
    ('Skank', 1), ('Creedence Clearwater Revival', 1), ('Faith No More', 4),
    ('Soundgarden', 1), ('Stone Temple Pilots', 1), ('Incognito', 2),
    ('Jamiroquai', 15), ('James Brown', 14), ('Tim Maia', 7), ('Ed Motta', 7),
    ('Jota Quest', 7), ('Marvin Gaye', 14), ('Motörhead', 3), ('Judas Priest', 13),
    ('Pink Floyd', 1), ('The Who', 1), ('The Doors', 1), ('Elis Regina', 11),
    ('Vinícius De Moraes', 11), ('Bob Marley', 8), ('UB40', 8), ('Eminem', 17),
    ('Black Eyed Peas', 17), ('Massive Attack', 15), ('Moby', 15),
    ('Toquinho & Vinícius', 11), ('Ella Fitzgerald', 2), ('Dave Brubeck', 2),
    ('Nicolaus Esterhazy Sinfonia', 24), ('Berliner Philharmoniker & Herbert Von Karajan', 24),
    ('Yo-Yo Ma', 24), ('Academy of St. Martin in the Fields & Sir Neville Marriner', 24),
    ('Eugene Ormandy', 24), ('Luciano Pavarotti', 25), ('Maria Callas', 25),
    ('Sergei Prokofiev & Yuri Temirkanov', 24), ('Philip Glass Ensemble', 24),
    ('Scorpions', 13), ('Whitesnake', 13), ('The Clash', 4), ('Ramones', 4),
    ('Radiohead', 23), ('Coldplay', 23), ('Norah Jones', 2), ('Frank Sinatra', 12),
    ('Dean Martin', 12), ('Elvis Presley', 5), ('Chuck Berry', 5), ('B.B. King', 6),
    ('Muddy Waters', 6), ('Gipsy Kings', 16), ('Cesária Évora', 16),
    ('Hans Zimmer', 10), ('John Williams', 10), ('Madonna', 9), ('Michael Jackson', 9);
INSERT INTO known_artist (name, genre_id, video) VALUES
    ('Lost', 21, true), ('The Office', 22, true), ('Battlestar Galactica', 20, true),
    ('Heroes', 21, true), ('Aquaman', 19, true), ('Battlestar Galactica (Classic)', 18, true);

CREATE TEMP TABLE art (artist_id int, name text, genre_id int, video boolean, n_albums int);

INSERT INTO art (artist_id, name, genre_id, video)
SELECT ord, name, genre_id, video FROM known_artist ORDER BY ord;

-- generated band names: a random permutation of adjective x noun pairs
CREATE TEMP TABLE band_word AS
SELECT a.w AS adj, n.w AS noun, random() AS r
FROM unnest(ARRAY['Velvet','Electric','Silver','Broken','Crimson','Midnight','Wild','Golden',
                  'Lonely','Burning','Frozen','Hollow','Neon','Savage','Quiet','Iron',
                  'Scarlet','Lucky','Cosmic','Rusty','Paper','Northern','Twisted','Blue']) WITH ORDINALITY a(w, i)
CROSS JOIN unnest(ARRAY['Foxes','Harbor','Engines','Pilots','Ravens','Parade','Monks','Tides',
                        'Giants','Satellites','Wolves','Orchestra','Riders','Saints','Circus',
                        'Mirrors','Owls','Thunder','Lanterns','Hearts']) WITH ORDINALITY n(w, j)
ORDER BY a.i, n.j;

INSERT INTO art (artist_id, name, genre_id, video)
SELECT (SELECT max(ord) FROM known_artist) + row_number() OVER (ORDER BY r),
       CASE WHEN row_number() OVER (ORDER BY r) % 3 = 0 THEN adj || ' ' || noun ELSE 'The ' || adj || ' ' || noun END,
       NULL, false
FROM (SELECT * FROM band_word ORDER BY r LIMIT 180) s;

-- main genre of generated artists (weighted)
UPDATE art SET genre_id = g.genre_id
FROM (SELECT artist_id,
             CASE WHEN x < 0.30 THEN 1 WHEN x < 0.40 THEN 4 WHEN x < 0.48 THEN 3
                  WHEN x < 0.55 THEN 7 WHEN x < 0.61 THEN 2 WHEN x < 0.66 THEN 9
                  WHEN x < 0.70 THEN 6 WHEN x < 0.74 THEN 15 WHEN x < 0.78 THEN 14
                  WHEN x < 0.82 THEN 23 WHEN x < 0.85 THEN 8 WHEN x < 0.88 THEN 13
                  WHEN x < 0.91 THEN 17 WHEN x < 0.93 THEN 16 WHEN x < 0.95 THEN 12
                  WHEN x < 0.97 THEN 10 WHEN x < 0.985 THEN 5 ELSE 11 END AS genre_id
      FROM (SELECT artist_id, random() AS x FROM art WHERE genre_id IS NULL ORDER BY artist_id) q) g
WHERE art.artist_id = g.artist_id;

-- number of albums per artist (some artists have none in the catalog)
UPDATE art SET n_albums = q.n
FROM (SELECT artist_id,
             CASE WHEN video THEN 1 + floor(x * 3)::int
                  WHEN x < 0.12 THEN 0 WHEN x < 0.55 THEN 1 WHEN x < 0.80 THEN 2
                  WHEN x < 0.92 THEN 3 WHEN x < 0.97 THEN 4 ELSE 5 END AS n
      FROM (SELECT artist_id, video, random() AS x FROM art ORDER BY artist_id) s) q
WHERE art.artist_id = q.artist_id;
UPDATE art SET n_albums = 9 WHERE name = 'Iron Maiden';
UPDATE art SET n_albums = 7 WHERE name = 'Led Zeppelin';
UPDATE art SET n_albums = 6 WHERE name IN ('Deep Purple', 'Metallica');
UPDATE art SET n_albums = 5 WHERE name IN ('U2', 'Lost');
UPDATE art SET n_albums = 2 WHERE name = 'AC/DC';

INSERT INTO artist (artist_id, name) SELECT artist_id, name FROM art ORDER BY artist_id;

/*******************************************************************************
   Albums
********************************************************************************/
CREATE TEMP TABLE album_word AS
SELECT a.w || ' ' || n.w AS title, random() AS r
FROM unnest(ARRAY['Live at','Songs from','Return to','Letters from','Nights in','Echoes of',
                  'Rumours of','Tales from','Dreams of','Roads to','Sessions at','Ghosts of',
                  'Lights over','Storms over','Memories of','Fire in','Winter in','Summer in',
                  'Shadows of','Voices of','Postcards from','Back to','Escape from','Diamonds of',
                  'Rivers of','Beyond','Under','Highway to','Waiting for','Welcome to']) WITH ORDINALITY a(w, i)
CROSS JOIN unnest(ARRAY['Donington','Babylon','the Valley','Rio','the Harbor','Montreal',
                        'the Underground','Paradise','the North','Lisbon','Abbey Road','the Machine',
                        'Tomorrow','the Desert','Berlin','Avalon','the Sun','Budapest','the Moon',
                        'Osaka','the Garden','Memphis','the Storm','Havana','the Coast',
                        'the Stars','Chicago','Eden','the Bridge','Nowhere']) WITH ORDINALITY n(w, j)
ORDER BY a.i, n.j;

CREATE TEMP TABLE tv_title (artist_name text, n int, title text);
INSERT INTO tv_title
SELECT a.name, s.n,
       CASE WHEN a.name = 'The Office' THEN 'The Office, Season ' || s.n
            ELSE a.name || ', Season ' || s.n END
FROM art a CROSS JOIN generate_series(1, 6) s(n) WHERE a.video;

CREATE TEMP TABLE alb AS
SELECT row_number() OVER (ORDER BY a.artist_id, s.k) AS album_id, a.artist_id, a.name AS artist_name,
       a.genre_id AS artist_genre, a.video, s.k
FROM art a CROSS JOIN LATERAL generate_series(1, a.n_albums) s(k)
ORDER BY a.artist_id, s.k;

ALTER TABLE alb ADD COLUMN title text, ADD COLUMN genre_id int, ADD COLUMN media_type_id int,
                ADD COLUMN n_tracks int, ADD COLUMN composer text, ADD COLUMN has_composer boolean;

-- special well-known album titles for a few artists
CREATE TEMP TABLE known_title (artist_name text, k int, title text);
INSERT INTO known_title VALUES
    ('AC/DC', 1, 'For Those About To Rock We Salute You'), ('AC/DC', 2, 'Let There Be Rock'),
    ('Accept', 1, 'Balls to the Wall'), ('Accept', 2, 'Restless and Wild'),
    ('Aerosmith', 1, 'Big Ones'), ('Alanis Morissette', 1, 'Jagged Little Pill'),
    ('Alice In Chains', 1, 'Facelift'), ('Audioslave', 1, 'Audioslave'), ('Audioslave', 2, 'Out Of Exile'),
    ('Iron Maiden', 1, 'Powerslave'), ('Iron Maiden', 2, 'The Number of The Beast'),
    ('Iron Maiden', 3, 'Piece Of Mind'), ('Iron Maiden', 4, 'Fear Of The Dark'),
    ('Iron Maiden', 5, 'Brave New World'), ('Iron Maiden', 6, 'Killers'),
    ('Iron Maiden', 7, 'Seventh Son of a Seventh Son'), ('Iron Maiden', 8, 'Somewhere in Time'),
    ('Iron Maiden', 9, 'Live After Death'),
    ('Led Zeppelin', 1, 'Led Zeppelin I'), ('Led Zeppelin', 2, 'Led Zeppelin II'),
    ('Led Zeppelin', 3, 'Led Zeppelin III'), ('Led Zeppelin', 4, 'Houses Of The Holy'),
    ('Led Zeppelin', 5, 'Physical Graffiti [Disc 1]'), ('Led Zeppelin', 6, 'Presence'),
    ('Led Zeppelin', 7, 'Coda'),
    ('Deep Purple', 1, 'Machine Head'), ('Deep Purple', 2, 'Stormbringer'),
    ('Deep Purple', 3, 'Come Taste The Band'), ('Deep Purple', 4, 'Fireball'),
    ('Deep Purple', 5, 'Purpendicular'), ('Deep Purple', 6, 'Slaves And Masters'),
    ('Metallica', 1, 'Master Of Puppets'), ('Metallica', 2, 'Kill ''Em All'),
    ('Metallica', 3, 'Ride The Lightning'), ('Metallica', 4, '...And Justice For All'),
    ('Metallica', 5, 'Load'), ('Metallica', 6, 'Black Album'),
    ('U2', 1, 'Achtung Baby'), ('U2', 2, 'The Joshua Tree'), ('U2', 3, 'War'),
    ('U2', 4, 'Pop'), ('U2', 5, 'Zooropa'),
    ('Queen', 1, 'Greatest Hits I'), ('Queen', 2, 'News Of The World'),
    ('Nirvana', 1, 'Nevermind'), ('Nirvana', 2, 'Bleach'),
    ('Pearl Jam', 1, 'Ten'), ('Pearl Jam', 2, 'Vs.'),
    ('Miles Davis', 1, 'Kind of Blue'), ('Miles Davis', 2, 'Bitches Brew'),
    ('Pink Floyd', 1, 'Dark Side Of The Moon'), ('Pink Floyd', 2, 'Wish You Were Here'),
    ('Green Day', 1, 'American Idiot'), ('Green Day', 2, 'Dookie'),
    ('Amy Winehouse', 1, 'Back to Black'), ('Amy Winehouse', 2, 'Frank'),
    ('Van Halen', 1, '1984'), ('Guns N'' Roses', 1, 'Appetite for Destruction'),
    ('Guns N'' Roses', 2, 'Use Your Illusion I');

UPDATE alb SET title = kt.title FROM known_title kt WHERE kt.artist_name = alb.artist_name AND kt.k = alb.k;
UPDATE alb SET title = t.title FROM tv_title t WHERE t.artist_name = alb.artist_name AND t.n = alb.k;

UPDATE alb SET title = w.title
FROM (SELECT album_id, row_number() OVER (ORDER BY album_id) AS rn FROM alb WHERE title IS NULL) a2
JOIN (SELECT title, row_number() OVER (ORDER BY r) AS rn FROM album_word) w ON w.rn = a2.rn
WHERE alb.album_id = a2.album_id;

-- album attributes (genre, media type, track count, composer)
CREATE TEMP TABLE alb_rand AS
SELECT album_id, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6
FROM alb ORDER BY album_id;

UPDATE alb SET
    genre_id = CASE WHEN alb.video OR ar.r1 < 0.88 THEN alb.artist_genre
                    ELSE (ARRAY[1,1,1,4,3,2,7,9,6,23,15,14,10,16])[1 + floor(ar.r2 * 14)::int] END,
    media_type_id = CASE WHEN alb.video THEN 3
                         WHEN ar.r3 < 0.84 THEN 1 WHEN ar.r3 < 0.94 THEN 2
                         WHEN ar.r3 < 0.975 THEN 4 ELSE 5 END,
    n_tracks = CASE WHEN alb.video THEN 12 + floor(ar.r4 * 14)::int
                    ELSE 6 + floor(ar.r4 * 11)::int END,
    has_composer = NOT alb.video AND ar.r5 >= 0.28,
    composer = NULL
FROM alb_rand ar WHERE ar.album_id = alb.album_id;

CREATE TEMP TABLE composer_pool (idx serial, name text);
INSERT INTO composer_pool (name)
SELECT f.w || ' ' || l.w
FROM unnest(ARRAY['John','Paul','Steve','Roger','David','Chris','Mark','Tom','Kevin','Bruce',
                  'Carlos','Gilberto','Jorge','Ana','Maria','Lisa','Karen','Peter','Neil','Angus',
                  'Malcolm','Ian','Adrian','Dave','James','Robert','Jimmy','Eddie','Kirk','Lars']) WITH ORDINALITY f(w, i)
CROSS JOIN unnest(ARRAY['Harris','Young','Smith','Gillan','Blackmore','Page','Plant','Hetfield',
                        'Ulrich','Clayton','Mullen','Evans','Vedder','Gossard','Cobain','Novoselic',
                        'Santos','Ferreira','Silva','Moraes','Costa','Lord','Paice','Glover']) WITH ORDINALITY l(w, j)
WHERE (i * 7 + j * 3) % 5 = 0
ORDER BY i, j;

UPDATE alb SET composer = cp.name
FROM alb_rand ar, composer_pool cp
WHERE ar.album_id = alb.album_id AND alb.has_composer
  AND cp.idx = 1 + floor(ar.r6 * (SELECT count(*) FROM composer_pool))::int;

UPDATE alb SET composer = CASE alb.k % 4 WHEN 0 THEN 'Johann Sebastian Bach' WHEN 1 THEN 'Wolfgang Amadeus Mozart'
                                          WHEN 2 THEN 'Ludwig van Beethoven' ELSE 'Pyotr Ilyich Tchaikovsky' END
WHERE has_composer AND genre_id IN (24, 25);

INSERT INTO album (album_id, title, artist_id)
SELECT album_id, title, artist_id FROM alb ORDER BY album_id;

/*******************************************************************************
   Tracks
********************************************************************************/
CREATE TEMP TABLE track_word AS
SELECT a.w AS w1, n.w AS w2
FROM unnest(ARRAY['Midnight','Broken','Sweet','Dancing','Burning','Lonely','Electric','Crazy',
                  'Silent','Wild','Golden','Falling','Running','Holy','Dirty','Restless',
                  'Endless','Heavy','Hungry','Secret','Cold','Fading','Little','Wicked',
                  'Shining','Highway','Rainy','Desperate','Strange','Eternal']) WITH ORDINALITY a(w, i)
CROSS JOIN unnest(ARRAY['Love','Train','Heart','River','Night','Fire','Dreams','Rain','Road',
                        'Angel','Thunder','Blues','Machine','Soul','Sky','Days','Girl','Child',
                        'World','Light','Wings','Ocean','Stone','City','Summer','Rock','Song',
                        'Moon','Horizon','Wind']) WITH ORDINALITY n(w, j)
ORDER BY a.i, n.j;
ALTER TABLE track_word ADD COLUMN idx serial;

CREATE TEMP TABLE trk AS
SELECT row_number() OVER (ORDER BY a.album_id, s.n) AS track_id, a.album_id, s.n AS pos,
       a.video, a.genre_id, a.media_type_id, a.composer, a.has_composer
FROM alb a CROSS JOIN LATERAL generate_series(1, a.n_tracks) s(n)
ORDER BY a.album_id, s.n;

CREATE TEMP TABLE trk_rand AS
SELECT track_id, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5
FROM trk ORDER BY track_id;

INSERT INTO track (track_id, name, album_id, media_type_id, genre_id, composer, milliseconds, bytes, unit_price)
SELECT t.track_id,
       CASE WHEN t.video THEN 'Episode ' || t.pos || ': ' || tw.w1 || ' ' || tw.w2
            WHEN tr.r5 < 0.15 THEN tw.w1 || ' ' || tw.w2 || ' (Live)'
            ELSE tw.w1 || ' ' || tw.w2 END,
       t.album_id, t.media_type_id, t.genre_id,
       CASE WHEN t.has_composer AND tr.r4 >= 0.06 THEN t.composer END,
       ms.ms,
       CASE WHEN t.video THEN (ms.ms * 190.0 + tr.r3 * 5000000)::int
            ELSE (ms.ms * 32.6 + tr.r3 * 400000)::int END,
       CASE WHEN t.video THEN 1.99 ELSE 0.99 END
FROM trk t
JOIN trk_rand tr ON tr.track_id = t.track_id
JOIN track_word tw ON tw.idx = 1 + floor(tr.r1 * 900)::int
CROSS JOIN LATERAL (SELECT CASE WHEN t.video THEN 2400000 + floor(tr.r2 * 600000)::int
                                WHEN t.genre_id IN (24, 25) THEN 150000 + floor(power(tr.r2, 1.5) * 600000)::int
                                ELSE 120000 + floor(power(tr.r2, 1.8) * 420000)::int END AS ms) ms
ORDER BY t.track_id;

/*******************************************************************************
   Playlists
********************************************************************************/
INSERT INTO playlist (playlist_id, name) VALUES
    (1, 'Music'), (2, 'Movies'), (3, 'TV Shows'), (4, 'Audiobooks'), (5, '90’s Music'),
    (6, 'Audiobooks'), (7, 'Movies'), (8, 'Music'), (9, 'Music Videos'), (10, 'TV Shows'),
    (11, 'Brazilian Music'), (12, 'Classical'), (13, 'Classical 101 - Deep Cuts'),
    (14, 'Classical 101 - Next Steps'), (15, 'Classical 101 - The Basics'), (16, 'Grunge'),
    (17, 'Heavy Metal Classic'), (18, 'On-The-Go 1');

CREATE TEMP TABLE pl_rand AS
SELECT track_id, random() AS r1, random() AS r2, random() AS r3 FROM track ORDER BY track_id;

INSERT INTO playlist_track (playlist_id, track_id)
SELECT p.playlist_id, t.track_id
FROM track t JOIN pl_rand pr ON pr.track_id = t.track_id
JOIN album al ON al.album_id = t.album_id
JOIN artist ar ON ar.artist_id = al.artist_id
CROSS JOIN (VALUES (1), (3), (5), (8), (9), (10), (11), (12), (13), (14), (15), (16), (17), (18)) p(playlist_id)
WHERE CASE p.playlist_id
        WHEN 1 THEN t.media_type_id <> 3
        WHEN 8 THEN t.media_type_id <> 3 AND pr.r1 < 0.97
        WHEN 3 THEN t.media_type_id = 3
        WHEN 10 THEN t.media_type_id = 3
        WHEN 5 THEN t.media_type_id <> 3 AND t.genre_id IN (1, 4, 3, 9, 23) AND pr.r2 < 0.30
        WHEN 9 THEN t.track_id = 402
        WHEN 11 THEN t.genre_id IN (7, 11) AND pr.r2 < 0.25
        WHEN 12 THEN t.genre_id IN (24, 25) AND pr.r3 < 0.55
        WHEN 13 THEN t.genre_id = 24 AND pr.r3 >= 0.80 AND pr.r3 < 0.90
        WHEN 14 THEN t.genre_id = 24 AND pr.r3 >= 0.70 AND pr.r3 < 0.80
        WHEN 15 THEN t.genre_id = 24 AND pr.r3 >= 0.60 AND pr.r3 < 0.70
        WHEN 16 THEN ar.name IN ('Nirvana', 'Pearl Jam', 'Soundgarden', 'Alice In Chains', 'Stone Temple Pilots') AND pr.r1 < 0.35
        WHEN 17 THEN t.genre_id IN (3, 13) AND pr.r2 >= 0.85
        WHEN 18 THEN t.genre_id = 1 AND pr.r3 < 0.01
      END
ORDER BY p.playlist_id, t.track_id;

/*******************************************************************************
   Customers
********************************************************************************/
CREATE TEMP TABLE geo (gid serial, country text, city text, state text, weight numeric, dial text);
INSERT INTO geo (country, city, state, weight, dial) VALUES
    ('USA', 'New York', 'NY', 3.0, '+1 (212)'), ('USA', 'Mountain View', 'CA', 1.2, '+1 (650)'),
    ('USA', 'Cupertino', 'CA', 1.0, '+1 (408)'), ('USA', 'Los Angeles', 'CA', 2.2, '+1 (213)'),
    ('USA', 'San Diego', 'CA', 1.2, '+1 (619)'), ('USA', 'Redmond', 'WA', 1.0, '+1 (425)'),
    ('USA', 'Seattle', 'WA', 1.6, '+1 (206)'), ('USA', 'Reno', 'NV', 0.7, '+1 (775)'),
    ('USA', 'Orlando', 'FL', 1.0, '+1 (407)'), ('USA', 'Boston', 'MA', 1.4, '+1 (617)'),
    ('USA', 'Chicago', 'IL', 2.0, '+1 (312)'), ('USA', 'Fort Worth', 'TX', 1.0, '+1 (817)'),
    ('USA', 'Austin', 'TX', 1.3, '+1 (512)'), ('USA', 'Tucson', 'AZ', 0.7, '+1 (520)'),
    ('USA', 'Salt Lake City', 'UT', 0.6, '+1 (801)'), ('USA', 'Madison', 'WI', 0.6, '+1 (608)'),
    ('Canada', 'Montréal', 'QC', 2.0, '+1 (514)'), ('Canada', 'Toronto', 'ON', 2.6, '+1 (416)'),
    ('Canada', 'Ottawa', 'ON', 0.9, '+1 (613)'), ('Canada', 'Vancouver', 'BC', 1.8, '+1 (604)'),
    ('Canada', 'Edmonton', 'AB', 1.0, '+1 (780)'), ('Canada', 'Calgary', 'AB', 0.9, '+1 (403)'),
    ('Canada', 'Halifax', 'NS', 0.5, '+1 (902)'), ('Canada', 'Winnipeg', 'MB', 0.6, '+1 (204)'),
    ('Canada', 'Yellowknife', 'NT', 0.2, '+1 (867)'),
    ('Brazil', 'São Paulo', 'SP', 3.0, '+55 (11)'), ('Brazil', 'São José dos Campos', 'SP', 0.8, '+55 (12)'),
    ('Brazil', 'Rio de Janeiro', 'RJ', 2.0, '+55 (21)'), ('Brazil', 'Brasília', 'DF', 0.9, '+55 (61)'),
    ('France', 'Paris', NULL, 3.2, '+33 01'), ('France', 'Lyon', NULL, 1.2, '+33 04'),
    ('France', 'Bordeaux', NULL, 0.9, '+33 05'), ('France', 'Dijon', NULL, 0.5, '+33 03'),
    ('France', 'Marseille', NULL, 0.8, '+33 04'),
    ('Germany', 'Berlin', NULL, 2.4, '+49 030'), ('Germany', 'Stuttgart', NULL, 0.9, '+49 0711'),
    ('Germany', 'Frankfurt', NULL, 1.2, '+49 069'), ('Germany', 'Munich', NULL, 1.3, '+49 089'),
    ('Germany', 'Hamburg', NULL, 1.0, '+49 040'),
    ('United Kingdom', 'London', NULL, 3.2, '+44 020'), ('United Kingdom', 'Edinburgh', NULL, 0.8, '+44 0131'),
    ('United Kingdom', 'Manchester', NULL, 1.0, '+44 0161'),
    ('Portugal', 'Lisbon', NULL, 1.6, '+351 21'), ('Portugal', 'Porto', NULL, 1.0, '+351 22'),
    ('India', 'Delhi', NULL, 1.4, '+91 011'), ('India', 'Bangalore', NULL, 1.4, '+91 080'),
    ('Czech Republic', 'Prague', NULL, 2.0, '+420 2'),
    ('Argentina', 'Buenos Aires', NULL, 1.5, '+54 (0)11'),
    ('Australia', 'Sydney', 'NSW', 1.4, '+61 (02)'), ('Australia', 'Melbourne', 'VIC', 1.0, '+61 (03)'),
    ('Austria', 'Vienna', NULL, 1.2, '+43 01'), ('Belgium', 'Brussels', NULL, 1.1, '+32 02'),
    ('Chile', 'Santiago', NULL, 1.1, '+56 (0)2'), ('Denmark', 'Copenhagen', NULL, 1.0, '+45 33'),
    ('Finland', 'Helsinki', NULL, 1.0, '+358 09'), ('Hungary', 'Budapest', NULL, 1.0, '+36 01'),
    ('Ireland', 'Dublin', 'Dublin', 1.1, '+353 01'), ('Italy', 'Rome', 'RM', 1.2, '+39 06'),
    ('Italy', 'Milan', 'MI', 0.8, '+39 02'), ('Netherlands', 'Amsterdam', 'VV', 1.3, '+31 020'),
    ('Norway', 'Oslo', NULL, 1.0, '+47 22'), ('Poland', 'Warsaw', NULL, 1.2, '+48 22'),
    ('Spain', 'Madrid', NULL, 1.4, '+34 91'), ('Sweden', 'Stockholm', NULL, 1.2, '+46 08');

CREATE TEMP TABLE geo_cum AS
SELECT gid, country, city, state, dial,
       coalesce(sum(weight) OVER (ORDER BY gid ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) / sum(weight) OVER () AS lo,
       sum(weight) OVER (ORDER BY gid) / sum(weight) OVER () AS hi
FROM geo;

CREATE TEMP TABLE cust_rand AS
SELECT g AS customer_id, random() AS r_geo, random() AS r_first, random() AS r_last, random() AS r_company,
       random() AS r_rep, random() AS r_addr, random() AS r_phone, random() AS r_fax, random() AS r_mail
FROM generate_series(1, 900) g ORDER BY g;

CREATE TEMP TABLE first_names (i serial, n text);
INSERT INTO first_names (n) VALUES
    ('Luís'),('Leonie'),('François'),('Bjørn'),('František'),('Helena'),('Astrid'),('Daan'),('Kara'),('Eduardo'),
    ('Alexandre'),('Roberto'),('Fernanda'),('Mark'),('Jennifer'),('Frank'),('Jack'),('Michelle'),('Tim'),('Dan'),
    ('Kathy'),('Heather'),('John'),('Richard'),('Patrick'),('Julia'),('Robert'),('Edward'),('Ellie'),('Martha'),
    ('Aaron'),('Madalena'),('Hannah'),('Niklas'),('Camille'),('Dominique'),('Marc'),('Wyatt'),('Isabelle'),('Terhi'),
    ('Ladislav'),('Hugh'),('Lucas'),('Johannes'),('Stanisław'),('Enrique'),('Joakim'),('Emma'),('Phil'),('Steve'),
    ('Victor'),('Diego'),('Luis'),('Manoj'),('Puja'),('Sophie'),('Laura'),('Marco'),('Ana'),('Olivia');
CREATE TEMP TABLE last_names (i serial, n text);
INSERT INTO last_names (n) VALUES
    ('Gonçalves'),('Köhler'),('Tremblay'),('Hansen'),('Wichterlová'),('Holý'),('Mendoza'),('Peeters'),('Nielsen'),('Martins'),
    ('Rocha'),('Almeida'),('Ramos'),('Philips'),('Peterson'),('Harris'),('Smith'),('Brooks'),('Goyer'),('Miller'),
    ('Chase'),('Leacock'),('Gordon'),('Cunningham'),('Melvin'),('Barnett'),('Brown'),('Francis'),('Sullivan'),('Silk'),
    ('Mitchell'),('Sampaio'),('Schneider'),('Schröder'),('Dubois'),('Lefebvre'),('Bernard'),('Girard'),('Mercier'),('Hämäläinen'),
    ('Kovács'),('O''Reilly'),('Gray'),('Van der Berg'),('Wójcik'),('Muñoz'),('Johansson'),('Jones'),('Hughes'),('Murray'),
    ('Taylor'),('Gutiérrez'),('Rojas'),('Pareek'),('Srivastava'),('Fischer'),('Rossi'),('Bianchi'),('Costa'),('Walker'),
    ('Fernandes'),('Lima'),('Becker'),('Wagner'),('Moreau'),('Laurent'),('Nowak'),('García'),('Andersson'),('Berg');

-- every customer gets a distinct (first name, last name) pair
CREATE TEMP TABLE name_combo AS
SELECT row_number() OVER (ORDER BY r, fi, li) AS customer_id, first_name, last_name
FROM (SELECT f.i AS fi, l.i AS li, f.n AS first_name, l.n AS last_name, random() AS r
      FROM first_names f CROSS JOIN last_names l ORDER BY f.i, l.i) q;

CREATE TEMP TABLE companies (i serial, n text);
INSERT INTO companies (n) VALUES
    ('Embraer - Empresa Brasileira de Aeronáutica S.A.'), ('Telus'), ('Google Inc.'), ('Microsoft Corporation'),
    ('Apple Inc.'), ('Rogers Canada'), ('JetBrains s.r.o.'), ('Woodstock Discos'), ('Banco do Brasil S.A.'),
    ('Riotur'), ('Siemens AG'), ('SAP SE'), ('Spotify AB'), ('Nokia Oyj'), ('Philips N.V.'), ('Ubisoft'),
    ('BBC'), ('Infosys Ltd'), ('Atlassian'), ('Shopify Inc.');

INSERT INTO customer (customer_id, first_name, last_name, company, address, city, state, country, postal_code, phone, fax, email, support_rep_id)
SELECT c.customer_id, nc.first_name, nc.last_name,
       CASE WHEN c.r_company < 0.16 THEN co.n END,
       (10 + floor(c.r_addr * 9900)::int) || ' ' ||
         (ARRAY['Main Street','Rue de la Paix','Avenida Paulista','King Street','Church Road','Park Avenue',
                'Hauptstraße','Rua da Assembleia','Queen Street West','Ocean Drive','Calle Mayor','Via del Corso'])[1 + floor(c.r_phone * 12)::int],
       g.city, g.state, g.country,
       CASE WHEN g.country = 'Canada' THEN chr(65 + floor(c.r_addr * 26)::int) || (floor(c.r_phone * 9)::int + 1) || chr(65 + floor(c.r_fax * 26)::int) || ' ' || (floor(c.r_mail * 9)::int + 1) || chr(65 + floor(c.r_first * 26)::int) || (floor(c.r_last * 9)::int + 1)
            WHEN g.country IN ('Chile', 'Hungary', 'Ireland') AND c.r_fax < 0.5 THEN NULL
            ELSE lpad((1000 + floor(c.r_addr * 98000)::int)::text, 5, '0') END,
       g.dial || ' ' || (100 + floor(c.r_phone * 899)::int) || '-' || lpad(floor(c.r_fax * 10000)::int::text, 4, '0'),
       CASE WHEN c.r_fax < 0.22 THEN g.dial || ' ' || (100 + floor(c.r_mail * 899)::int) || '-' || lpad(floor(c.r_addr * 10000)::int::text, 4, '0') END,
       translate(lower(nc.first_name), 'áàãâäéêíóôõúçñöüåøæšěčřžýůłąńś ''', 'aaaaaeeioooucnouaoasecrzyulans')
         || '.' ||
       translate(lower(nc.last_name), 'áàãâäéêíóôõúçñöüåøæšěčřžýůłąńś ''', 'aaaaaeeioooucnouaoasecrzyulans')
         || c.customer_id || '@' ||
         (ARRAY['gmail.com','yahoo.com','hotmail.com','apple.com','uol.com.br','yahoo.fr','web.de','outlook.com','mail.com','proton.me'])[1 + floor(c.r_mail * 10)::int],
       CASE WHEN c.r_rep < 0.37 THEN 3 WHEN c.r_rep < 0.71 THEN 4 ELSE 5 END
FROM cust_rand c
JOIN geo_cum g ON c.r_geo >= g.lo AND c.r_geo < g.hi
JOIN name_combo nc ON nc.customer_id = c.customer_id
JOIN companies co ON co.i = 1 + floor(c.r_company * 125)::int % 20
ORDER BY c.customer_id;

/*******************************************************************************
   Invoices and invoice lines (2021-01-01 .. 2025-06-30)
********************************************************************************/
CREATE TEMP TABLE cust_inv AS
SELECT customer_id, random() AS r_none, random() AS r_n, random() AS r_start
FROM generate_series(1, 900) customer_id ORDER BY customer_id;

-- each customer has a first-purchase date; later customers buy for a shorter span
CREATE TEMP TABLE inv_raw AS
SELECT ci.customer_id, s.k,
       (DATE '2021-01-01' + floor(ci.r_start * 1400)::int) AS first_day
FROM cust_inv ci
CROSS JOIN LATERAL generate_series(1, CASE WHEN ci.r_none < 0.07 THEN 0 ELSE 3 + floor(ci.r_n * 18)::int END) s(k)
ORDER BY ci.customer_id, s.k;

ALTER TABLE inv_raw ADD COLUMN r double precision;
UPDATE inv_raw SET r = q.r
FROM (SELECT customer_id, k, random() AS r FROM inv_raw ORDER BY customer_id, k) q
WHERE q.customer_id = inv_raw.customer_id AND q.k = inv_raw.k;

CREATE TEMP TABLE inv AS
SELECT row_number() OVER (ORDER BY d, customer_id, k) AS invoice_id, customer_id, d AS invoice_date
FROM (SELECT customer_id, k,
             first_day + CASE WHEN k = 1 THEN 0 ELSE floor(r * (DATE '2025-06-30' - first_day + 1))::int END AS d
      FROM inv_raw) x
ORDER BY 1;

-- line counts per invoice follow the classic Chinook pattern (1, 2, 4, 6, 9, 14)
CREATE TEMP TABLE inv_lines AS
SELECT invoice_id, CASE WHEN x < 0.26 THEN 1 WHEN x < 0.52 THEN 2 WHEN x < 0.62 THEN 3 WHEN x < 0.77 THEN 4
                        WHEN x < 0.87 THEN 6 WHEN x < 0.96 THEN 9 ELSE 14 END AS n_lines
FROM (SELECT invoice_id, random() AS x FROM inv ORDER BY invoice_id) q;

-- popularity ranking of tracks: a random permutation
CREATE TEMP TABLE pop AS
SELECT row_number() OVER (ORDER BY r, track_id) AS rnk, track_id, unit_price
FROM (SELECT track_id, unit_price, random() AS r FROM track ORDER BY track_id) q;

CREATE TEMP TABLE line_raw AS
SELECT il.invoice_id, s.n, random() AS r
FROM inv_lines il CROSS JOIN LATERAL generate_series(1, il.n_lines) s(n)
ORDER BY il.invoice_id, s.n;

CREATE TEMP TABLE line_pick AS
SELECT DISTINCT ON (lr.invoice_id, p.track_id) lr.invoice_id, lr.n, p.track_id, p.unit_price
FROM line_raw lr
JOIN pop p ON p.rnk = 1 + floor(power(lr.r, 2.2) * (SELECT count(*) FROM track))::int
ORDER BY lr.invoice_id, p.track_id, lr.n;

INSERT INTO invoice_line (invoice_line_id, invoice_id, track_id, unit_price, quantity)
SELECT row_number() OVER (ORDER BY invoice_id, n), invoice_id, track_id, unit_price, 1
FROM line_pick ORDER BY invoice_id, n;

INSERT INTO invoice (invoice_id, customer_id, invoice_date, billing_address, billing_city, billing_state, billing_country, billing_postal_code, total)
SELECT i.invoice_id, i.customer_id, i.invoice_date, c.address, c.city, c.state, c.country, c.postal_code,
       t.total
FROM inv i JOIN customer c ON c.customer_id = i.customer_id
JOIN (SELECT invoice_id, sum(unit_price * quantity) AS total FROM invoice_line GROUP BY invoice_id) t ON t.invoice_id = i.invoice_id
ORDER BY i.invoice_id;

/*******************************************************************************
   Foreign keys and indexes
********************************************************************************/
ALTER TABLE album ADD CONSTRAINT album_artist_id_fkey
    FOREIGN KEY (artist_id) REFERENCES artist (artist_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX album_artist_id_idx ON album (artist_id);

ALTER TABLE customer ADD CONSTRAINT customer_support_rep_id_fkey
    FOREIGN KEY (support_rep_id) REFERENCES employee (employee_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX customer_support_rep_id_idx ON customer (support_rep_id);

ALTER TABLE employee ADD CONSTRAINT employee_reports_to_fkey
    FOREIGN KEY (reports_to) REFERENCES employee (employee_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX employee_reports_to_idx ON employee (reports_to);

ALTER TABLE invoice ADD CONSTRAINT invoice_customer_id_fkey
    FOREIGN KEY (customer_id) REFERENCES customer (customer_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX invoice_customer_id_idx ON invoice (customer_id);

ALTER TABLE invoice_line ADD CONSTRAINT invoice_line_invoice_id_fkey
    FOREIGN KEY (invoice_id) REFERENCES invoice (invoice_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX invoice_line_invoice_id_idx ON invoice_line (invoice_id);

ALTER TABLE invoice_line ADD CONSTRAINT invoice_line_track_id_fkey
    FOREIGN KEY (track_id) REFERENCES track (track_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX invoice_line_track_id_idx ON invoice_line (track_id);

ALTER TABLE playlist_track ADD CONSTRAINT playlist_track_playlist_id_fkey
    FOREIGN KEY (playlist_id) REFERENCES playlist (playlist_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX playlist_track_playlist_id_idx ON playlist_track (playlist_id);

ALTER TABLE playlist_track ADD CONSTRAINT playlist_track_track_id_fkey
    FOREIGN KEY (track_id) REFERENCES track (track_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX playlist_track_track_id_idx ON playlist_track (track_id);

ALTER TABLE track ADD CONSTRAINT track_album_id_fkey
    FOREIGN KEY (album_id) REFERENCES album (album_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX track_album_id_idx ON track (album_id);

ALTER TABLE track ADD CONSTRAINT track_genre_id_fkey
    FOREIGN KEY (genre_id) REFERENCES genre (genre_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX track_genre_id_idx ON track (genre_id);

ALTER TABLE track ADD CONSTRAINT track_media_type_id_fkey
    FOREIGN KEY (media_type_id) REFERENCES media_type (media_type_id) ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX track_media_type_id_idx ON track (media_type_id);

DROP TABLE known_artist, art, band_word, album_word, tv_title, alb, known_title, alb_rand, composer_pool,
           track_word, trk, trk_rand, pl_rand, geo, geo_cum, cust_rand, first_names, last_names, name_combo, companies,
           cust_inv, inv_raw, inv, inv_lines, pop, line_raw, line_pick;

ANALYZE;

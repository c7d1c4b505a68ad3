-- pgbench benchmark database, as `pgbench -i -s 2 --foreign-keys` leaves it (same DDL, same
-- fillfactor, same key names), after ~26 months of nightly `pgbench -n` runs against it:
-- pgbench_history was never truncated, balances were never reset.
-- The nightly job ran at 02:00 for 30 s, except on Sundays and during the August 2025 freeze.
-- Deterministic: setseed() before every random().

CREATE EXTENSION IF NOT EXISTS pg_stat_statements;

DROP TABLE IF EXISTS pgbench_history, pgbench_tellers, pgbench_accounts, pgbench_branches;

-- DDL exactly as pgbench 15 emits it
CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
CREATE TABLE pgbench_tellers (tid int not null, bid int, tbalance int, filler char(84)) WITH (fillfactor=100);
CREATE TABLE pgbench_accounts (aid int not null, bid int, abalance int, filler char(84)) WITH (fillfactor=100);
CREATE TABLE pgbench_branches (bid int not null, bbalance int, filler char(88)) WITH (fillfactor=100);

-- ---------------------------------------------------------------------------------------------
-- The history of the nightly runs. As in pgbench's built-in tpcb-like script, aid, tid and bid are
-- drawn independently (the teller need not belong to the branch, the account need not either),
-- delta is uniform in [-5000, 5000], filler is left NULL.
-- ---------------------------------------------------------------------------------------------
SELECT setseed(0.42);

INSERT INTO pgbench_history (tid, bid, aid, delta, mtime)
WITH nights AS MATERIALIZED (
    SELECT d::date AS night,
           40 + floor(random() * 61)::int AS cnt          -- 40..100 transactions a night
    FROM generate_series(date '2024-09-02', current_date - 1, interval '1 day') AS d
    WHERE extract(isodow FROM d) <> 7                                   -- no run on Sundays
      AND NOT (d >= date '2025-08-04' AND d < date '2025-08-18')        -- change freeze
    ORDER BY 1
), tx AS MATERIALIZED (
    SELECT n.night, s.i, n.cnt
    FROM nights n, LATERAL generate_series(1, n.cnt) AS s(i)
    ORDER BY n.night, s.i
)
SELECT 1 + floor(random() * 20)::int,
       1 + floor(random() * 2)::int,
       1 + floor(random() * 200000)::int,
       floor(random() * 10001)::int - 5000,
       night + time '02:00' + make_interval(secs => round((i * 30.0 / cnt + random() * 0.02)::numeric, 6)::float8)
FROM tx
ORDER BY night, i;

-- ---------------------------------------------------------------------------------------------
-- Branches, tellers and accounts as pgbench -i makes them (scale 2: 2 branches, 20 tellers,
-- 200000 accounts; fillers NULL / NULL / blank), balances = what the runs above posted.
-- ---------------------------------------------------------------------------------------------
INSERT INTO pgbench_branches (bid, bbalance)
SELECT b, coalesce((SELECT sum(delta) FROM pgbench_history h WHERE h.bid = b), 0)
FROM generate_series(1, 2) AS b;

INSERT INTO pgbench_tellers (tid, bid, tbalance)
SELECT t, (t - 1) / 10 + 1, coalesce((SELECT sum(delta) FROM pgbench_history h WHERE h.tid = t), 0)
FROM generate_series(1, 20) AS t;

INSERT INTO pgbench_accounts (aid, bid, abalance, filler)
SELECT g, (g - 1) / 100000 + 1, coalesce(s.total, 0), ''
FROM generate_series(1, 200000) AS g
LEFT JOIN (SELECT aid, sum(delta)::int AS total FROM pgbench_history GROUP BY aid) s ON s.aid = g
ORDER BY g;

ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid);
ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid);
ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid);

ALTER TABLE pgbench_tellers ADD CONSTRAINT pgbench_tellers_bid_fkey FOREIGN KEY (bid) REFERENCES pgbench_branches;
ALTER TABLE pgbench_accounts ADD CONSTRAINT pgbench_accounts_bid_fkey FOREIGN KEY (bid) REFERENCES pgbench_branches;
ALTER TABLE pgbench_history ADD CONSTRAINT pgbench_history_bid_fkey FOREIGN KEY (bid) REFERENCES pgbench_branches;
ALTER TABLE pgbench_history ADD CONSTRAINT pgbench_history_tid_fkey FOREIGN KEY (tid) REFERENCES pgbench_tellers;
ALTER TABLE pgbench_history ADD CONSTRAINT pgbench_history_aid_fkey FOREIGN KEY (aid) REFERENCES pgbench_accounts;

-- ---------------------------------------------------------------------------------------------
-- Local additions over the years (not from pgbench)
-- ---------------------------------------------------------------------------------------------
-- "foreign-key columns should be indexed": only this one got an index, and with 2 distinct,
-- randomly scattered values the planner never uses it (aid and tid, the useful ones, have none)
CREATE INDEX pgbench_history_bid_idx ON pgbench_history (bid);
-- switched off for a benchmark in 2025 "to avoid noise", never switched back on
ALTER TABLE pgbench_accounts SET (autovacuum_enabled = false);

COMMENT ON TABLE pgbench_branches IS 'Bank branches of the TPC-B-like benchmark (one per scale unit).';
COMMENT ON COLUMN pgbench_branches.bbalance IS 'Branch balance: running total of every delta posted with this branch id.';
COMMENT ON TABLE pgbench_tellers IS 'Bank tellers (cashiers), 10 per branch.';
COMMENT ON COLUMN pgbench_tellers.tbalance IS 'Cash drawer balance of the teller: running total of every delta the teller posted.';
COMMENT ON TABLE pgbench_accounts IS 'Customer accounts, 100000 per branch.';
COMMENT ON COLUMN pgbench_accounts.abalance IS 'Account balance in whole currency units (may be negative: overdrawn).';
COMMENT ON COLUMN pgbench_accounts.filler IS 'Padding to 100-byte rows (TPC-B). Ops dormancy sweep writes ''dormant'' here.';
COMMENT ON TABLE pgbench_history IS 'Transaction ledger: one row appended per transaction, never truncated. No primary key.';
COMMENT ON COLUMN pgbench_history.delta IS 'Transaction amount: positive = deposit, negative = withdrawal (-5000..5000).';
COMMENT ON COLUMN pgbench_history.mtime IS 'Posting time (timestamp without time zone, server time UTC).';
COMMENT ON COLUMN pgbench_history.bid IS 'Branch the transaction was posted at; random, not necessarily the account''s own branch.';

ANALYZE;

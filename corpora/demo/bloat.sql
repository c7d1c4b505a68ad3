-- Run after VACUUM ANALYZE of the fresh data (schema.sql).
-- a table with bloat
-- Someone switched autovacuum off on shipments "temporarily"; status updates left dead tuples.
ALTER TABLE shipments SET (autovacuum_enabled = false);
UPDATE shipments SET updated_at = updated_at + interval '1 minute' WHERE id % 5 < 2;

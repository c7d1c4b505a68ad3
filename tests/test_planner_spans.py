"""The parser on measures that are differences of two columns, joins no foreign key declares, questions it
should ask back, and follow-ups that refine the previous question. A small ward-and-warehouse schema nothing
in agent/ names; every figure is checked against independent SQL."""
from __future__ import annotations

from decimal import Decimal


try:
    from tests.planner_db import asker, loaded, schema_fixtures, truth
except ImportError:  # tests/ not a package
    from planner_db import asker, loaded, schema_fixtures, truth
from agent.planner import build_query
from agent.planner.answer import figure
from agent.planner.policy import follow_text
from agent.planner.question import ask_back
from toolkits.catalog import Catalog, Column, Table

DB = "dbc_unseen_spans"
SCHEMA = """
SELECT setseed(0.31);
CREATE TABLE wards (ward_id int PRIMARY KEY, ward_name text NOT NULL);
CREATE TABLE stays (stay_id serial PRIMARY KEY, ward_id int NOT NULL REFERENCES wards(ward_id),
                    admitted_at timestamp NOT NULL, discharged_at timestamp, created_at timestamptz DEFAULT now());
CREATE TABLE articles (article_id int PRIMARY KEY, label text NOT NULL, sell_price numeric(10,2) NOT NULL,
                       unit_cost numeric(10,2) NOT NULL);
CREATE TABLE jobs (job_id int PRIMARY KEY, queued_at timestamp NOT NULL, started_at timestamp NOT NULL,
                   finished_at timestamp, prio text NOT NULL);
CREATE TABLE job_logs (log_id serial PRIMARY KEY, job_id int NOT NULL REFERENCES jobs, logged_at timestamp NOT NULL);
INSERT INTO jobs SELECT g, timestamp '2025-01-01' + g * interval '1 hour', timestamp '2025-01-01' + g * interval '1 hour' + (g % 13) * interval '1 minute',
                        timestamp '2025-01-01' + g * interval '1 hour' + (g % 13 + g % 7) * interval '1 minute', CASE WHEN g % 5 = 0 THEN 'high' ELSE 'low' END
FROM generate_series(1, 400) g;
INSERT INTO job_logs (job_id, logged_at) SELECT 1 + g % 400, timestamp '2025-01-01' + g * interval '5 minutes' FROM generate_series(1, 4000) g;
CREATE TABLE moves (move_id serial PRIMARY KEY, article_id int NOT NULL, qty int NOT NULL, moved_on date NOT NULL);
INSERT INTO wards VALUES (1, 'Cardiology'), (2, 'Oncology'), (3, 'Maternity');
INSERT INTO stays (ward_id, admitted_at, discharged_at)
SELECT 1 + g % 3, timestamp '2025-01-01' + g * interval '7 hours',
       CASE WHEN g % 10 = 0 THEN NULL ELSE timestamp '2025-01-01' + g * interval '7 hours' + (1 + g % 9) * interval '1 day' + (g % 5) * interval '1 hour' END
FROM generate_series(1, 900) g;
INSERT INTO articles SELECT g, 'Article ' || g, 10 + g % 40, 4 + g % 17 FROM generate_series(1, 120) g;
INSERT INTO moves (article_id, qty, moved_on)
SELECT 1 + g % 120, 1 + g % 25, date '2025-01-01' + g % 300 FROM generate_series(1, 3000) g;
ANALYZE;
"""


dsn, ask = schema_fixtures(DB, SCHEMA)


def money(v) -> str:
    """A figure as the answer writes it (agent/planner/answer.figure: 2 decimals unless whole)."""
    return figure(Decimal(v))


def test_average_length_of_stay_is_the_difference_of_the_two_event_times(ask, dsn):
    want = truth(dsn, "SELECT round(avg(extract(epoch FROM discharged_at - admitted_at) / 86400)::numeric, 2) FROM stays")
    text = ask("What is the average length of stay?")
    assert money(want) in text, text
    assert "discharged_at" in text and "admitted_at" in text  # the reading is said


def test_named_span_in_hours_and_the_longest_one(ask, dsn):
    want = truth(dsn, "SELECT round(max(extract(epoch FROM discharged_at - admitted_at) / 3600)::numeric, 2) FROM stays")
    assert money(want) in ask("longest time from admission to discharge in hours")


def test_span_per_group_through_the_parent(ask, dsn):
    want = truth(dsn, """SELECT round(avg(extract(epoch FROM s.discharged_at - s.admitted_at) / 86400)::numeric, 2)
                         FROM stays s JOIN wards w USING (ward_id) WHERE w.ward_name = 'Oncology'""")
    assert money(want) in ask("average length of stay in the Oncology ward")


def test_margin_is_price_minus_cost(ask, dsn):
    want = truth(dsn, "SELECT round(avg(sell_price - unit_cost), 2) FROM articles")
    text = ask("What is the average margin of articles?")
    assert money(want) in text, text
    assert money(truth(dsn, "SELECT round(avg(sell_price), 2) FROM articles")) not in text.split("\n")[0]


def test_a_window_from_month_to_month_is_not_a_span(dsn):
    from toolkits.postgres import PgContext
    from toolkits.postgres.catalog import read_catalog

    cat = read_catalog(PgContext(dsn=dsn), fresh=True)
    q = build_query("how many stays from March to June 2025", cat)
    assert q is not None and q.kind == "count" and "epoch" not in q.sql


def test_a_join_no_foreign_key_declares_is_inferred_and_said(ask, dsn):
    want = truth(dsn, "SELECT sum(m.qty) FROM moves m JOIN articles a USING (article_id) WHERE a.sell_price > 45")
    text = ask("total qty of moves for articles with sell price over 45")
    assert str(want) in text, text
    assert "no foreign key declares it" in text


def test_inferred_links_need_one_candidate_of_the_same_type():
    cat = Catalog()
    cat.tables["a"] = Table("public", "a", "r", {"a_id": Column("a_id", "integer"), "b_id": Column("b_id", "text"),
                                               "c_id": Column("c_id", "bigint")}, pk="a_id")
    cat.tables["b"] = Table("public", "b", "r", {"b_id": Column("b_id", "integer")}, pk="b_id")
    cat.tables["cs"] = Table("public", "cs", "r", {"id": Column("id", "integer")}, pk="id")
    cat.infer_links()
    assert cat.tables["a"].fks == [("c_id", "cs", "id")]  # b_id is text, b.b_id an integer: no link
    assert cat.tables["a"].implied == {"c_id"}


def test_two_equally_near_tables_are_asked_back_not_guessed():
    def sensor(name: str) -> Table:
        cols = {"id": Column("id", "integer"), "reading": Column("reading", "numeric"),
                "taken_at": Column("taken_at", "timestamp")}
        return Table("public", name, "r", cols, pk="id", comment="Sensor readings")

    cat = Catalog({"sensor_log_a": sensor("sensor_log_a"), "sensor_log_b": sensor("sensor_log_b")})
    text = ask_back("what is the average sensor reading?", cat)
    assert text and "sensor_log_a" in text and "sensor_log_b" in text


def test_follow_ups_refine_the_previous_question():
    assert follow_text("only for 2025", "how many stays in 2024?") == "how many stays for 2025"
    assert follow_text("and per ward?", "average length of stay") == "average length of stay per ward?"
    assert follow_text("in which schema is stays?", "how many stays") is None


def test_a_follow_up_of_a_follow_up_keeps_the_whole_reading(ask, dsn):
    want = truth(dsn, """SELECT count(*) FROM stays s JOIN wards w USING (ward_id)
                         WHERE w.ward_name = 'Maternity' AND s.admitted_at >= '2025-02-01' AND s.admitted_at < '2025-03-01'""")
    history = [{"role": "user", "content": "how many stays were admitted in January 2025?"},
               {"role": "assistant", "content": "..."},
               {"role": "user", "content": "and in February 2025?"},
               {"role": "assistant", "content": "..."}]
    text = ask("only Maternity", history)
    assert f"**{want}**" in text, text


def test_both_ends_on_the_referenced_table_measure_over_its_rows(ask, dsn):
    want = truth(dsn, "SELECT round(avg(extract(epoch FROM finished_at - started_at) / 60)::numeric, 2) FROM jobs WHERE prio = 'high'")
    text = ask("average time from start to finish of high job logs, in minutes")
    assert money(want) in text.split("\n")[0], text


def test_two_equally_near_tables_are_asked_back_through_the_pipeline(scratch_database):
    twins = """CREATE TABLE sensor_log_a (id serial PRIMARY KEY, reading numeric NOT NULL, taken_at timestamp NOT NULL);
               CREATE TABLE sensor_log_b (id serial PRIMARY KEY, reading numeric NOT NULL, taken_at timestamp NOT NULL);
               COMMENT ON TABLE sensor_log_a IS 'Sensor readings'; COMMENT ON TABLE sensor_log_b IS 'Sensor readings';
               INSERT INTO sensor_log_a (reading, taken_at) SELECT g, now() FROM generate_series(1, 10) g;
               INSERT INTO sensor_log_b (reading, taken_at) SELECT g, now() FROM generate_series(1, 10) g; ANALYZE;"""
    with loaded(scratch_database, "dbc_twins", twins) as dsn:
        text = asker(dsn)("what is the average sensor reading?")
    assert "sensor_log_a" in text and "sensor_log_b" in text  # both readings, named
    assert "not sure which table" in text or "Which one do you mean?" in text

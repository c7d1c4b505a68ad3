"""Candidates and a choice: each shape that fits is built, scored by how much of the question it reads, the best
one runs; "why?" explains the reading of the previous question; follow-ups keep the instance route.

A small observatory schema of its own (nothing in agent/ names it); figures are checked against independent SQL."""
from __future__ import annotations

import pytest

from agent.planner.answer import figure
from agent.planner.choose import Candidate, choose, content_positions, faults_of
from agent.planner.filters import Query
from agent.planner.policy import WHY, follow_up_of
from agent.planner.question import read
from toolkits.catalog import Catalog, Column, Table

try:
    from tests.planner_db import asker, loaded, truth
except ImportError:  # tests/ not a package
    from planner_db import asker, loaded, truth

DB = "dbc_unseen_observatory"
SCHEMA = """
SELECT setseed(0.17);
CREATE TABLE scope (scope_id int PRIMARY KEY, site text NOT NULL, aperture_mm int NOT NULL);
COMMENT ON TABLE scope IS 'Telescopes of the network';
CREATE TABLE target (target_id int PRIMARY KEY, designation text NOT NULL, cls text NOT NULL);
COMMENT ON COLUMN target.cls IS 'Object class: galaxy, nebula, cluster or planet';
CREATE TABLE exposure (exposure_id serial PRIMARY KEY, scope_id int NOT NULL REFERENCES scope,
                       target_id int NOT NULL REFERENCES target, taken_at timestamptz NOT NULL,
                       secs numeric(8,1) NOT NULL, seeing numeric(4,2));
COMMENT ON COLUMN exposure.secs IS 'Exposure time in seconds';
COMMENT ON COLUMN exposure.seeing IS 'Seeing in arcseconds (NULL: not measured)';
INSERT INTO scope VALUES (1, 'Paranal', 8200), (2, 'La Palma', 4200), (3, 'Siding Spring', 3900);
INSERT INTO target SELECT g, 'NGC ' || (1000 + g), (ARRAY['galaxy','nebula','cluster','planet'])[1 + g % 4]
FROM generate_series(1, 80) g;
INSERT INTO exposure (scope_id, target_id, taken_at, secs, seeing)
SELECT 1 + g % 3, 1 + (g * 7) % 80, timestamptz '2025-01-01' + g * interval '53 minutes', 30 + (g * 13) % 600,
       CASE WHEN g % 5 = 0 THEN NULL ELSE 0.5 + (g % 17) / 10.0 END
FROM generate_series(1, 9000) g;
ANALYZE;
"""


@pytest.fixture(scope="module")
def obs(scratch_database):
    with loaded(scratch_database, DB, SCHEMA) as dsn:
        yield dsn


# --------------------------------------------------------------------------- the choice, on candidates


def _cat() -> Catalog:
    t = Table("public", "exposure", "r", columns={"exposure_id": Column("exposure_id", "integer"),
                                                  "secs": Column("secs", "numeric", comment="Exposure time in seconds")},
              pk="exposure_id")
    return Catalog(tables={"exposure": t})


def _cand(summary: str, order: int, covered: set[int], faults: list[str] | None = None, subject: str = "exposure"):
    return Candidate(Query(f"SELECT /*{summary}*/ 1", "count", subject, summary), "aggregate", order, covered,
                     faults or [], subject, direct=set(covered))


def test_a_later_shape_wins_only_when_it_reads_more_of_the_question():
    cat = _cat()
    r = read("total exposure secs per night", cat, 20)
    first, later = _cand("first", 0, {0, 1}), _cand("later", 4, {0, 1, 2})
    assert choose([first, later], r, cat).summary.startswith("later (chosen over first")
    tie = _cand("tie", 4, {0, 1})
    assert choose([first, tie], r, cat).summary == "first"  # a tie keeps the shape that fits first


def test_a_fault_outweighs_one_word():
    cat = _cat()
    r = read("average exposure secs", cat, 20)
    avg_less = _cand("no average", 0, {0, 1, 2}, ["asks for an average, computes none"])
    with_avg = _cand("average", 4, {0, 1})
    assert choose([avg_less, with_avg], r, cat).summary.startswith("average (chosen over no average: asks for an average")


def test_faults_name_what_the_statement_lacks():
    cat = _cat()
    r = read("average secs per scope of the top 3 exposures", cat, 20)
    q = Query('SELECT sum(t."exposure_id") FROM exposure t', "sum", "exposure", "")
    said = faults_of(r, q)
    assert "asks for an average, computes none" in said and "sum of the key exposure_id" in said
    assert any("groups nothing" in x for x in said) and any("limits nothing" in x for x in said)
    assert [r.ws[i] for i in content_positions(r)] == ["secs", "scope", "exposures"]


# --------------------------------------------------------------------------- on a live schema


def test_answers_stay_right_through_the_choice(obs):
    ask = asker(obs)
    text = ask("What is the average exposure time of galaxy targets?")
    want = truth(obs, "SELECT round(avg(e.secs), 2) FROM exposure e JOIN target t USING (target_id) WHERE t.cls = 'galaxy'")
    assert f"**{figure(want)}**" in text[:300], text[:400]
    text = ask("How many exposures have no seeing measured?")
    assert str(truth(obs, "SELECT count(*) FROM exposure WHERE seeing IS NULL")) in text[:300], text[:400]


def test_why_explains_the_reading_and_fetches_the_figure_again(obs):
    ask = asker(obs)
    q = "How many exposures were taken at Paranal?"
    want = str(truth(obs, "SELECT count(*) FROM exposure e JOIN scope s USING (scope_id) WHERE s.site = 'Paranal'"))
    first = ask(q)
    assert want in first[:300], first[:400]
    why = ask("why?", [{"role": "user", "content": q}, {"role": "assistant", "content": first}])
    assert why.startswith(f"How I answered \"{q}\"")
    assert "chosen:" in why and "\"paranal\"" in why.lower()  # the words the reading accounts for
    assert want in why, why[:800]  # the figure, fetched again


def test_why_without_a_previous_question_is_not_a_follow_up():
    assert WHY.match("why?") and WHY.match("How did you get that?") and not WHY.match("why is my query slow?")
    assert follow_up_of("why?", []) is None
    hist = [{"role": "user", "content": "how many exposures in 2025?"}, {"role": "assistant", "content": "9000"}]
    assert follow_up_of("why?", hist) == "how many exposures in 2025?"
    assert follow_up_of("and per scope?", hist) == "how many exposures in 2025?"
    assert follow_up_of("what is a checkpoint?", hist) is None


def test_what_a_terse_column_is_comes_from_its_comment(obs):
    text = asker(obs)("In the exposure table, what is secs?")
    assert text.startswith("**secs** (exposure, numeric(8,1)): Exposure time in seconds"), text[:200]
    assert "describe_table" in text  # the table's description follows as the evidence

"""Acronyms spelled out from the manual's own acronym page before a question is searched."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import rag
from agent.config import Settings
from rag import acronyms
from rag.embeddings import embed_query
from rag.ingest import ingest_paths

MANUAL = Path("/usr/share/doc/postgresql-doc-15/html")

PAGE_TEXT = ("This is a list of acronyms.\n\nHOT\n\nHeap-Only Tuples\n\nLSN\n\nLog Sequence Number, see pg_lsn and WAL "
             "Internals.\n\nMVCC\n\nMulti-Version Concurrency Control\n\nSQL\n\nStructured Query Language")


def test_table_comes_from_the_acronym_page_and_skips_what_is_everywhere_or_a_common_word():
    docs = [PAGE_TEXT, "SQL " * 2000 + "hot " * 20 + "a hot standby is a server"]
    metas = [{"source": acronyms.PAGE}, {"source": "other.html"}]
    table = acronyms.build(docs, metas)
    assert table["MVCC"] == {"meaning": "Multi-Version Concurrency Control", "any_case": True}
    assert table["LSN"]["meaning"] == "Log Sequence Number"  # remarks after the comma dropped
    assert table["HOT"]["any_case"] is False  # "hot" is an English word in the manual: only HOT as written
    assert "SQL" not in table  # used everywhere: nothing to explain
    assert acronyms.build(docs[1:], metas[1:]) == {}  # no acronym page, no table


def test_expand_adds_the_meaning_once_and_respects_case():
    table = {"MVCC": {"meaning": "Multi-Version Concurrency Control", "any_case": True},
             "HOT": {"meaning": "Heap-Only Tuples", "any_case": False}}
    assert acronyms.expand("how does mvcc work", table) == "how does mvcc work (Multi-Version Concurrency Control)"
    assert acronyms.expand("what is a HOT update", table).endswith("(Heap-Only Tuples)")
    assert acronyms.expand("set up a hot standby", table) == "set up a hot standby"
    spelled = "MVCC (multi-version concurrency control)"
    assert acronyms.expand(spelled, table) == spelled
    assert acronyms.expand("pg_mvcc_x and mvcc-ish", table) == "pg_mvcc_x and mvcc-ish"  # parts of other words
    assert acronyms.expand("anything", {}) == "anything"


@pytest.mark.skipif(not MANUAL.is_dir(), reason="postgresql-doc-15 not installed")
def test_a_question_naming_an_acronym_finds_the_page_that_spells_it_out(tmp_path):
    settings = Settings(data_dir=tmp_path)
    report = ingest_paths(settings, "manual", [MANUAL / p for p in ("acronyms.html", "mvcc-intro.html",
                                                                     "routine-vacuuming.html", "hot-standby.html")])
    assert not report.errors
    retriever = rag.open_retriever(settings)
    assert retriever.acronyms()["MVCC"]["meaning"] == "Multi-Version Concurrency Control"
    assert (tmp_path / "lexical" / "manual" / "acronyms.json").exists()  # computed once, cached beside the index

    hits = retriever.search("how does MVCC work", k=3)
    assert hits[0].source == "mvcc-intro.html"
    raw = float(np.dot(embed_query("how does MVCC work"), embed_query(hits[0].text)))
    assert hits[0].score > raw + 0.1  # the spelled-out question is much closer than the bare acronym


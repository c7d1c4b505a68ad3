"""Ingest, re-ingest, hybrid retrieval, threshold and grounded answers with the
real Chroma and the real MiniLM model on a few manual pages."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import rag
from agent.config import Settings
from rag.ingest import ingest_paths
from rag.store import KnowledgeBaseError, Store

MANUAL = Path("/usr/share/doc/postgresql-doc-15/html")
PAGES = ["routine-vacuuming.html", "runtime-config-autovacuum.html", "sql-createindex.html", "transaction-iso.html"]
pytestmark = pytest.mark.skipif(not MANUAL.is_dir(), reason="postgresql-doc-15 not installed")


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    s = Settings(data_dir=tmp_path_factory.mktemp("rag"), chunk_size=800, chunk_overlap=100)
    report = ingest_paths(s, "manual", [MANUAL / p for p in PAGES])
    assert report.files == 4 and report.chunks > 20 and not report.errors
    return s


@pytest.fixture(scope="module")
def retriever(settings):
    return rag.open_retriever(settings)


def test_open_retriever_is_cached(settings, retriever):
    assert rag.open_retriever(settings) is retriever


def test_reingest_unchanged_and_changed_file_has_no_duplicates(settings, tmp_path):
    store = Store(settings)
    before = store.count("manual")
    again = ingest_paths(settings, "manual", [MANUAL / p for p in PAGES])
    assert again.files == 0 and again.unchanged == 4 and store.count("manual") == before

    notes = tmp_path / "runbook.md"
    notes.write_text("# Runbook\n\n## Failover\n\nPromote the standby with pg_ctl promote.\n")
    first = ingest_paths(settings, "notes-kb", [notes])
    assert first.chunks == 1
    notes.write_text("# Runbook\n\n## Failover\n\nPromote the standby.\n\n## Restore\n\nUse pg_restore -j 4.\n")
    second = ingest_paths(settings, "notes-kb", [notes])
    assert second.files == 1 and second.chunks == 2
    docs = store.documents("notes-kb")
    assert [(d["source"], d["chunks"]) for d in docs] == [("runbook.md", 2)]
    assert store.count("notes-kb") == 2
    texts = store.all_chunks("notes-kb")[1]
    assert not any("pg_ctl promote" in t for t in texts)  # the old version's chunk is gone

    hits = rag.open_retriever(settings).search("how do I restore with several jobs", kb="notes-kb", k=1)
    assert hits and hits[0].source == "runbook.md" and "pg_restore" in hits[0].text


def test_semantic_question_finds_the_right_section(retriever):
    hits = retriever.search("build an index on a busy table without blocking inserts", k=3)
    assert hits[0].source == "sql-createindex.html"
    assert hits[0].anchor == "SQL-CREATEINDEX-CONCURRENTLY"
    assert hits[0].kb == "manual" and 0 < hits[0].score <= 1
    assert [h.score for h in hits] == [h.details["cosine"] for h in hits]


def test_exact_parameter_name_is_found_by_bm25(retriever):
    hits = retriever.search("autovacuum_vacuum_insert_scale_factor", k=3)
    assert hits[0].source == "runtime-config-autovacuum.html"
    assert hits[0].anchor == "GUC-AUTOVACUUM-VACUUM-INSERT-SCALE-FACTOR"
    assert hits[0].details["bm25_rank"] is not None and hits[0].details["bm25_rank"] <= 2


def test_hybrid_fusion_orders_by_reciprocal_rank(retriever):
    hits = retriever.search("phantom reads under repeatable read isolation", k=5)
    assert hits[0].source == "transaction-iso.html"
    rrf = [h.details["rrf"] for h in hits]
    assert rrf == sorted(rrf, reverse=True)
    top = hits[0].details
    assert top["dense_rank"] is not None and top["bm25_rank"] is not None  # both rankers voted


def test_near_duplicates_are_removed(retriever):
    hits = retriever.search("autovacuum", k=8)
    norm = [re.sub(r"\W+", " ", h.text).lower().strip() for h in hits]
    assert len(set(norm)) == len(norm)
    assert len({h.details["id"] for h in hits}) == len(hits)


def test_nothing_relevant_gives_empty_list_and_says_so(retriever):
    hits = retriever.search("best pizza dough recipe with fresh mozzarella", k=3)
    assert hits == []
    answer = rag.grounded_answer("best pizza dough recipe with fresh mozzarella", hits)
    assert answer == rag.NOTHING_RELEVANT and "nothing relevant" in answer


def test_threshold_is_applied(retriever):
    hits = retriever.search("how often does autovacuum run", k=5, threshold=0.0)
    strict = retriever.search("how often does autovacuum run", k=5, threshold=max(h.score for h in hits) + 0.001)
    assert hits and strict == []


def test_grounded_answer_quotes_and_cites(retriever):
    question = "how do I build an index without locking out writes"
    hits = retriever.search(question, k=3)
    answer = rag.grounded_answer(question, hits)
    assert f"(Manual?page=sql-createindex.html#{hits[0].anchor})" in answer
    assert "**" in answer
    # every sentence in bold is quoted from a passage: nothing invented
    for bold in re.findall(r"\*\*([^*\n]+)\*\*", answer):
        if bold.startswith(tuple("123456789")) or bold == "In short":  # citation headers, the lead's label
            continue
        assert any(bold in h.text for h in hits), bold
    # the short answer first: sentences quoted verbatim, each citing the passage it comes from
    lead = answer.split("From the PostgreSQL manual")[0]
    short = re.findall(r"^- (.+) \[(\d)\]$", lead, re.M)
    assert short, answer[:500]
    for sentence, n in short:
        assert sentence in hits[int(n) - 1].text, sentence


def test_manual_url():
    p = rag.Passage(text="x", source="routine-vacuuming.html", anchor="AUTOVACUUM")
    assert rag.manual_url(p) == "Manual?page=routine-vacuuming.html#AUTOVACUUM"
    assert rag.manual_url(rag.Passage(text="x", source="runbook.md")) == ""


def test_missing_index_and_bad_kb_give_clear_errors(settings, retriever, tmp_path):
    with pytest.raises(rag.EmptyKnowledgeBase, match="dbcopilot ingest"):
        rag.open_retriever(Settings(data_dir=tmp_path / "none"))
    with pytest.raises(rag.EmptyKnowledgeBase, match="'no-such-kb' is missing or empty"):
        retriever.search("vacuum", kb="no-such-kb")
    with pytest.raises(KnowledgeBaseError, match="not a valid knowledge base name"):
        retriever.search("vacuum", kb="../etc")
    assert retriever.search("   ") == []


def test_ingest_reports_bad_files_without_stopping(settings, tmp_path, monkeypatch):
    import rag.ingest as ingest

    (tmp_path / "empty.md").write_bytes(b"")
    (tmp_path / "big.txt").write_text("vacuum " * 200)
    (tmp_path / "good.md").write_text("# Good\n\nCheckpoints flush dirty pages.\n")
    monkeypatch.setattr(ingest, "MAX_FILE_BYTES", 1000)
    report = ingest_paths(settings, "mixed", [tmp_path, tmp_path / "missing.md"])
    assert report.files == 1
    assert any("the file is empty" in e for e in report.errors)
    assert any("big.txt: too large" in e for e in report.errors)
    assert any("missing.md: no such file" in e for e in report.errors)


def test_ensure_index_builds_lexical_index_when_missing(settings):
    from rag.ingest import lexical_dir

    shutil.rmtree(lexical_dir(settings, "manual"))
    fresh = rag.Retriever(settings)
    top = fresh.search("autovacuum_vacuum_insert_scale_factor", k=1)[0]
    assert top.source == "runtime-config-autovacuum.html" and top.details["bm25_rank"] is not None
    assert lexical_dir(settings, "manual").exists()


def test_a_new_collection_is_stored_in_batches_across_files(settings, tmp_path):
    """A first ingest adds every file's chunks in a few batched adds (no per-file delete); the result is the same
    collection a per-file ingest gives, and two copies of one file under one name are stored once."""
    store = Store(settings)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    text = "# Runbook\n\n## Failover\n\nPromote the standby with pg_ctl promote.\n"
    (tmp_path / "a" / "runbook.md").write_text(text)
    (tmp_path / "b" / "runbook.md").write_text(text)
    (tmp_path / "a" / "restore.md").write_text("# Restore\n\n## Jobs\n\nUse pg_restore -j 4 on a fresh database.\n")
    calls: list[tuple[str, int, int]] = []
    report = ingest_paths(settings, "batched-kb", [tmp_path / "a", tmp_path / "b"],
                          progress=lambda stage, done, total: calls.append((stage, done, total)))
    assert not report.errors and store.count("batched-kb") == 2
    assert sorted(d["source"] for d in store.documents("batched-kb")) == ["restore.md", "runbook.md"]
    assert [c for c in calls if c[0] == "store"][-1] == ("store", 3, 3)
    hits = rag.open_retriever(settings).search("restore with several jobs", kb="batched-kb", k=1)
    assert hits and hits[0].source == "restore.md"
    # the collection is no longer new: a changed file is replaced, not added beside its old chunks
    (tmp_path / "a" / "restore.md").write_text("# Restore\n\n## Jobs\n\nUse pg_restore -j 8.\n")
    assert ingest_paths(settings, "batched-kb", [tmp_path / "a" / "restore.md"]).chunks == 1
    assert store.count("batched-kb") == 2

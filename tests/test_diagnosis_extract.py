"""Knowledge extraction by the summary tree: the loop on a scripted OpenAI-compatible server (real client,
real HTTP), and one run through the real llama.cpp server."""
from __future__ import annotations

import json

from agent.backends import make_backend
from agent.config import Settings
from agent.diagnosis import knowledge
from agent.diagnosis.extract import extract, save, sections
from agent.diagnosis.rules import taxonomy
from tests.scripted_llm import ScriptedLLM

RUNBOOK = """# Runbook
Intro text about the cluster.
## Replication
### Lag
When replicas lag, updates pile up: check tup_updated and wal_bytes.
## Locks
Sessions waiting: look at lock_waiting and blockers.
"""


def test_sections_make_a_heading_tree():
    root = sections(RUNBOOK, "runbook")
    assert [c.title for c in root.children] == ["Runbook"]
    top = root.children[0]
    assert [c.title for c in top.children] == ["Replication", "Locks"]
    assert top.children[0].children[0].title == "Lag" and "tup_updated" in top.children[0].children[0].text


def test_extraction_summarises_bottom_up_and_keeps_only_measured_chunks(tmp_path):
    seen = []

    def reply(messages):
        seen.append(messages[-1]["content"])
        if "Summarise" in messages[0]["content"]:
            return "summary of " + messages[-1]["content"].split("\n", 1)[0]
        return json.dumps({"chunks": [
            {"name": "update pile-up", "cause": "high_updates", "metrics": ["tup_updated", "wal_bytes"],
             "steps": ["compare tup_updated with the baseline"], "fixes": ["batch updates"]},
            {"name": "made up", "cause": "cosmic_rays", "metrics": ["tup_updated"]},
            {"name": "unmeasured", "cause": "lock_wait", "metrics": ["replica_mood"]}]})

    doc = tmp_path / "runbook.md"
    doc.write_text(RUNBOOK)
    with ScriptedLLM(reply) as llm:
        backend = make_backend(Settings(llm_backend="openai", llm_base_url=llm.url, llm_model=llm.model))
        chunks, report = extract(backend, [doc])
    summaries = [s for s in seen if s.startswith("Section:")]
    assert summaries.index(next(s for s in summaries if s.startswith("Section: Lag"))) < \
        summaries.index(next(s for s in summaries if s.startswith("Section: Replication")))  # children first
    assert any("summary of Section: Lag" in s for s in seen if s.startswith("Section: Replication"))
    leaves = [s for s in seen if s.startswith("Context:")]
    assert len(leaves) == 2 and any("Runbook: summary" in s for s in leaves)  # ancestors' summaries as context
    assert [c["cause"] for c in chunks] == ["high_updates", "high_updates"]  # one kept per leaf
    assert len(report.dropped) == 4 and any("cosmic_rays" in d for d in report.dropped)
    assert report.largest_prompt_tokens < 4000
    out = tmp_path / "k.jsonl"
    save(chunks, out)
    knowledge.use_extracted(out)
    try:
        assert any(c.name == "update pile-up" for c in knowledge.chunks())
        assert any(c.name == "update pile-up" for c, s in knowledge.match(["tup_updated", "wal_bytes"]) if s > 0)
    finally:
        knowledge._EXTRA.remove(out)
        knowledge.chunks.cache_clear()
        knowledge._index.cache_clear()


def test_extraction_runs_on_the_real_llama_server(tmp_path, llama_server):
    doc = tmp_path / "notes.md"
    doc.write_text("# Locks\nSessions waiting on locks: check lock_waiting and the blocking sessions.\n")
    chunks, report = extract(make_backend(llama_server.settings()), [doc])
    assert report.prompts == 3  # the Locks section and the document summarised bottom-up, one extraction
    for c in chunks:  # whatever the tiny model wrote, only valid chunks survive
        assert c["cause"] in taxonomy()
        assert all(m in knowledge.KNOWN_METRICS for m in c["metrics"])
    assert report.kept == len(chunks)

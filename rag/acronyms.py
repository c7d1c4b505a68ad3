"""Acronyms the manual defines itself (its "Acronyms" appendix), spelled out in a question
before it is searched. MiniLM does not know that MVCC is multi-version concurrency control:
"how does MVCC work" has cosine 0.17 with the manual's MVCC introduction, 0.56 once the
expansion is added (page-hit@3 of the own set 0.905 -> 0.913, rag/README.md).

Only what the indexed manual says is used: the table is read from the chunks of its acronym
page, nothing is written by hand."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

PAGE = "acronyms.html"
MAX_SHARE = 0.002  # an acronym used this often among the manual's words (SQL, WAL, OID) is known: no expansion
LOWER_CASE_USES = 10  # its lower-case form used as a word this often (hot, toast, xid): match it only as written
_TERM = re.compile(r"^[A-Za-z][A-Za-z0-9/-]{1,9}$")
_WORD = re.compile(r"[A-Za-z][\w/-]*")


def _pairs(text: str):
    """(term, expansion) from the page's 'TERM\\n\\nExpansion, remarks' layout."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for term, meaning in zip(lines, lines[1:]):
        if _TERM.match(term) and not _TERM.match(meaning) and any(c.isupper() for c in term[1:]):
            meaning = re.split(r",|\s\(|\.\s|\ssee\s", meaning)[0].strip().rstrip(".")
            if meaning and meaning.lower() != term.lower():
                yield term, meaning


def build(docs: list[str], metas: list[dict]) -> dict[str, dict]:
    """{term: {"meaning": ..., "any_case": bool}} from a knowledge base's chunks; {} when it has no acronym page."""
    found: dict[str, str] = {}
    for doc, meta in zip(docs, metas):
        if (meta or {}).get("source") == PAGE:
            for term, meaning in _pairs(doc):
                found.setdefault(term, meaning)
    if not found:
        return {}
    words = Counter(_WORD.findall("\n".join(docs)))
    total = sum(words.values()) or 1
    table = {}
    for term, meaning in found.items():
        if words[term] / total > MAX_SHARE:
            continue
        table[term] = {"meaning": meaning, "any_case": words[term.lower()] < LOWER_CASE_USES}
    return table


def load_or_build(folder: Path, docs: list[str], metas: list[dict]) -> dict[str, dict]:
    """The table cached beside a lexical index (rebuilt when the index is newer)."""
    path, marker = folder / "acronyms.json", folder / "chunks.pkl"
    try:
        if path.exists() and (not marker.exists() or path.stat().st_mtime >= marker.stat().st_mtime):
            return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pass
    table = build(docs, metas)
    try:
        path.write_text(json.dumps(table, indent=0, sort_keys=True), encoding="utf-8")
    except OSError:
        pass  # a read-only data dir: computed again next time
    return table


def expand(query: str, table: dict[str, dict]) -> str:
    """The query with the meaning of each acronym it uses added in brackets (once; not when already spelled out)."""
    extra = []
    for term, entry in table.items():
        flags = re.I if entry.get("any_case") else 0
        meaning = entry["meaning"]
        if re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", query, flags) and meaning.lower() not in query.lower():
            extra.append(meaning)
    return f"{query} ({'; '.join(extra)})" if extra else query

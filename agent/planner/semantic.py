"""Table linking by meaning, when no word of the question names a table: the question and each table's
description (its name's words, its comment, its columns' names and comments) embedded with the sentence
encoder the registry and retrieval already share (toolkits/encoder.py), cosine similarity, a floor and a
margin over the runner-up so a vague question names nothing rather than a wrong table."""
from __future__ import annotations

import re
import threading

from toolkits.catalog import Catalog, Table
from toolkits.encoder import encode

FLOOR = 0.30  # below this cosine the best table is not what the question is about
MARGIN = 0.04  # the best must beat the runner-up by this much
_CACHE: dict[tuple, tuple[list[str], object]] = {}
_LOCK = threading.Lock()


def describe(t: Table) -> str:
    """The text a table is known by: its name as words, its comment, its columns (names and comment heads)."""
    name = " ".join(re.findall(r"[A-Za-z][a-z]*|[0-9]+", t.name.replace("_", " ")))
    cols = ", ".join(c.name.replace("_", " ") + (f" ({c.comment.split('.')[0][:60]})" if c.comment else "")
                     for c in list(t.columns.values())[:25])
    return f"{name}. {t.comment} Columns: {cols}"


def _table_vectors(tables: list[Table]):
    key = tuple((t.schema, t.name, t.comment, len(t.columns)) for t in tables)
    with _LOCK:
        hit = _CACHE.get(key)
    if hit is None:
        hit = ([t.name for t in tables], encode([describe(t) for t in tables]))
        with _LOCK:
            if len(_CACHE) > 16:  # one entry per catalog seen; a long-running app sees few
                _CACHE.clear()
            _CACHE[key] = hit
    return hit


_QUESTIONS: dict[str, object] = {}


def _question_vector(question: str):
    """The question's embedding, kept: one question is linked, its readings weighed and asked back on in turn."""
    with _LOCK:
        hit = _QUESTIONS.get(question)
    if hit is None:
        hit = encode([question])[0]
        with _LOCK:
            if len(_QUESTIONS) > 256:
                _QUESTIONS.clear()
            _QUESTIONS[question] = hit
    return hit


def ranked_tables(question: str, cat: Catalog) -> list[tuple[str, float]]:
    """Every table with its cosine to the question, closest first."""
    tables = [t for t in cat.tables.values() if t.kind in "rpm" and not t.partition_of]
    if not tables:
        return []
    names, vecs = _table_vectors(tables)
    sims = vecs @ _question_vector(question)
    return [(names[int(i)], float(sims[i])) for i in sims.argsort()[::-1]]


def closest_table(question: str, cat: Catalog) -> str | None:
    """The table the question is about by meaning, or None when no table is clearly closest."""
    ranked = ranked_tables(question, cat)
    if not ranked:
        return None
    best, second = ranked[0][1], (ranked[1][1] if len(ranked) > 1 else -1.0)
    if best < FLOOR or best - second < MARGIN:
        return None
    return ranked[0][0]


def close_pair(question: str, cat: Catalog) -> tuple[str, str] | None:
    """The two tables a question could be about when both are near it and neither clearly nearer: ask back."""
    ranked = ranked_tables(question, cat)
    if len(ranked) < 2 or ranked[0][1] < FLOOR or ranked[0][1] - ranked[1][1] >= MARGIN:
        return None
    return ranked[0][0], ranked[1][0]

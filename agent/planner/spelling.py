"""Typos in a data question, corrected against the schema's own words before it is read: "custmers from Germny",
"orders canceled" (the data says cancelled), "revenue per catgory".

Only a word that is not itself a schema word, a stop word or a common question word is corrected, and only to a
single close schema word (table names and their forms, column name parts, what comments call them, and the
values the catalog knows) of the same first letter. The corrected question is what the answer says it read.
"""
from __future__ import annotations

import difflib
import functools
import re
import threading
from pathlib import Path

from agent.planner.linking import MONTHS, STOP, abbreviates, column_synonyms, comment_names, forms, name_parts
from toolkits.catalog import Catalog
from toolkits.encoder import model_path

CUTOFF = 0.86  # difflib ratio: one edit in a word of 7 letters
QUESTION_WORDS = frozenset("""
about above after again against all also among amount amounts another answer anyone anything average averages
before being below best between biggest both bottom busiest cheapest count counts daily data date dates day days
different distinct does during each earliest ever every fewest first from give greater group grouped hours highest
include including into largest last latest least less list longest lowest many maximum mean median minimum minutes
month monthly months more most much never newest number numbers often oldest only other over past percent
percentage please rank ranked recent records rows same show since smallest some still table tables than that their
them then there these they this those through times today top total totals under until used using value values
week weekly weeks were what when where which while whose with within without would year yearly years yesterday
""".split())
_CACHE: dict[int, tuple[Catalog, dict[str, list[str]]]] = {}
_LOCK = threading.Lock()


def _vocabulary(cat: Catalog) -> dict[str, list[str]]:
    """The schema's words, by first letter."""
    with _LOCK:
        hit = _CACHE.get(id(cat))
        if hit and hit[0] is cat:
            return hit[1]
    words: set[str] = set()
    for t in cat.tables.values():
        words |= forms(t.name) | set(comment_names(t.comment))
        for c in [*t.columns.values(), *t.keys.values()]:
            words |= {p for p in name_parts(c.name) if len(p) >= 4} | set(column_synonyms(c.comment))
            words |= {v.lower() for v in c.values if re.fullmatch(r"[A-Za-z][A-Za-z-]{3,30}", v or "")}
    words |= {m for m in MONTHS if len(m) > 3}  # "Febuary 2025" is a window once spelt right
    by_letter: dict[str, list[str]] = {}
    for w in words:
        if w and "_" not in w:
            by_letter.setdefault(w[0], []).append(w)
    with _LOCK:
        if len(_CACHE) > 16:
            _CACHE.clear()
        _CACHE[id(cat)] = (cat, by_letter)
    return by_letter


@functools.lru_cache(maxsize=1)
def english() -> frozenset[str]:
    """Whole English words of 4+ letters: the MiniLM tokenizer's vocabulary (no "##" pieces). A real word ("books")
    is no typo of a schema word ("Brooks"); empty when the model is not there."""
    try:
        with open(Path(model_path()) / "vocab.txt", encoding="utf-8") as f:
            return frozenset(w for w in (line.strip() for line in f) if len(w) >= 4 and w.isalpha())
    except (OSError, ImportError):
        return frozenset()


def _doubling(a: str, b: str) -> bool:
    """Whether two spellings differ only by doubled letters ("canceled" / "cancelled")."""
    return re.sub(r"(.)\1", r"\1", a) == re.sub(r"(.)\1", r"\1", b)


def respell(question: str, cat: Catalog) -> str:
    """``question`` with its typos of schema words corrected (unchanged when it has none)."""
    vocab = _vocabulary(cat)
    known = {w for ws in vocab.values() for w in ws}

    def fix(m: re.Match) -> str:
        word = m.group(0)
        low = word.lower()
        before, after = m.string[max(0, m.start() - 1):m.start()], m.string[m.end():m.end() + 1]
        if before in "'\"`" and before or after in "'\"`" and after or re.search(r"\b(named|called)\s+\S*$",
                                                                                   m.string[:m.start()], re.I):
            return word  # a name written as such ("named O'Brien", 'the "Ward" table') is not a typo
        if len(low) < 5 or low in known or low in STOP or low in QUESTION_WORDS or \
                any(low[:-k] in known for k in (1, 2, 3) if low.endswith(("s", "d", "ed", "ing", "es"))) or \
                any(low + end in known for end in ("s", "es")):
            return word  # a known word, or one inflected ("named" for name, "priced" for price; "customer" for customers)
        swapped = {low[:i] + low[i + 1] + low[i] + low[i + 2:] for i in range(1, len(low) - 1)} & known
        if len(swapped) == 1 and low not in english():  # two letters swapped ("ordres"): one edit, whatever difflib's ratio says
            return swapped.pop()
        pool = [w for w in vocab.get(low[0], ()) if abs(len(w) - len(low)) <= 2]
        close = difflib.get_close_matches(low, pool, n=2, cutoff=CUTOFF)
        if len(close) == 1 or (len(close) == 2 and difflib.SequenceMatcher(None, low, close[0]).ratio()
                                > difflib.SequenceMatcher(None, low, close[1]).ratio() + 0.05):
            if low in english() and not _doubling(low, close[0]) and not (abbreviates(close[0], low) and (
                    close[0] not in english() or low == close[0] + "ly")):
                return word  # "on our books" is not Brooks; "canceled" is the data's "cancelled", "solar" its "solr",
                # "currently" its "current" — but an English word is no abbreviation: "or later" is not open_late's "late"
            return close[0]
        return word

    return re.sub(r"[A-Za-z][A-Za-z]+", fix, question)

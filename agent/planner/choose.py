"""Several readings of a data question, each scored; the best one runs, two equal ones are asked back.

Every shape of statement (a ranking over a related table, rows with or without child rows, an aggregate) is
built on its own copy of the reading, on each table a word of the question names equally (two table comments
call theirs "orders"), and, when the question names no table (the subject implied by a column or by meaning),
on the next table by meaning as well. A candidate scores by how much of the
question it accounts for:

- **covered**: the content words its SQL names itself (identifiers whole and split on ``_``, literals; 1
  each), and those its reading used or a comment on a table or column it reads says (0.75 each: "booked"
  in "Order date (business date the order was booked)");
- **faults**: operations the question asks for that its SQL lacks (a count, an average, a total, a
  grouping, a top-N), and type faults (a sum or an average of a key column).

The best score wins; the order the shapes are tried in (the shape that fits first) breaks ties, so a later
shape or the other table replaces the first only when it reads strictly more of the question. When one word
names two tables equally (two table comments call them "orders") and both readings score the same, the
question is asked back instead of guessed.
"""
from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass, field
from typing import Callable

from agent.planner.filters import Query
from agent.planner.linking import SECONDS_PER, STOP, bare, singular
from agent.planner.question import Read, implied_table
from agent.planner.related import deep_ranked, groups_with, ranked, self_ref, when_related, with_children, with_related, without
from agent.planner.semantic import ranked_tables
from toolkits.catalog import Catalog

# Words that ask for an operation rather than name data: their coverage is checked as faults, not as words.
_OPS = {"many", "much", "number", "count", "total", "sum", "average", "avg", "mean", "median", "top", "most",
        "least", "per", "each", "every", "all", "any", "some", "not", "no", "never", "without", "than", "more",
        "less", "fewer", "over", "under", "above", "below", "between", "last", "first", "latest", "earliest",
        "highest", "lowest", "largest", "smallest", "biggest", "maximum", "minimum", "max", "min", "ever", "recent",
        "newest", "oldest", "different", "distinct", "unique",
        "currently", "still", "yet", "please", "tell", "get", "find", "compute", "calculate", "so",
        "far", "overall", "altogether", "across", "whole", "database", "table", "tables", "rows", "row",
        "records", "record", "entries", "entry", "data", "value", "values", "one", "ones", "did", "got", "had",
        "out", "up", "into", "about", "being", "they", "them", "those", "these", "only", "just"}
_TOKEN = re.compile(r"[a-z][a-z0-9]*")


@dataclass
class Candidate:
    query: Query
    shape: str
    order: int  # the cascade's order: lower was tried first
    covered: set[int] = field(default_factory=set)
    faults: list[str] = field(default_factory=list)
    subject: str = ""
    direct: set[int] = field(default_factory=set)  # covered words the SQL itself names (a table, column or value)

    @property
    def score(self) -> float:
        """A word the SQL names counts 1; one read through a comment or a code's gloss 0.75; a fault −1.5."""
        return len(self.direct) + 0.75 * len(self.covered - self.direct) - 1.5 * len(self.faults)


def content_positions(r: Read) -> list[int]:
    """Positions of the words that name data: not stop words, not operation words, not bare numbers of a window."""
    return [i for i, w in enumerate(r.ws) if w not in STOP and w not in _OPS and len(w) > 2 and not w.isdigit()]


def _sql_tokens(sql: str) -> set[str]:
    """Identifiers whole ("ord_dt") and in parts ("ord", "dt"), words of literals, each also in the singular."""
    toks = set()
    camel = [p for q in re.findall(r'"([^"]*[A-Z][^"]*)"', sql) for p in bare(q).split("_")]  # "ListPrice": list, price
    for part in _TOKEN.findall(sql.lower()) + re.findall(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+", sql.lower()) + camel:
        toks.add(part)
        toks.add(singular(part))
    return toks


def _names(w: str, toks: set[str]) -> bool:
    s = singular(w)
    if w in toks or s in toks or (len(s) >= 4 and any(s + x in toks for x in ("ed", "d", "ing", s[-1] + "ed"))):
        return True  # "book" and a comment's "booked"
    return len(s) >= 5 and any(len(t) >= 5 and (t.startswith(s[:5]) and abs(len(t) - len(s)) <= 3) for t in toks)


def faults_of(r: Read, q: Query) -> list[str]:
    """What the question asks that the statement does not compute, and sums or averages of keys."""
    sql = q.sql.lower()
    out = []
    if r.avg and "avg(" not in sql and "percentile_cont" not in sql and q.kind != "ask":
        out.append("asks for an average, computes none")
    hours = re.search(r"\bhow many\s+(?:[a-z_]+\s+)?([a-z]+)", r.q)
    if r.count and "count(" not in sql and q.kind not in ("list", "ask", "value") and not (
            q.kind == "sum" and hours and hours.group(1) in SECONDS_PER):  # "how many labour hours": hours summed
        out.append("asks how many, counts nothing")
    if r.group and "group by" not in sql and q.kind not in ("top", "ask") and re.search(
            r"\b(per|for each|each|grouped by|broken down by|split by|breakdown)\b", r.q):  # "by value" may order
        out.append(f"asks per {r.group.split()[0]}, groups nothing")
    if r.n and "limit" not in sql:
        out.append(f"asks for {r.n} rows, limits nothing")
    if r.rank and re.search(r"\b(which|who)\b[^?]*\b(?<!at )most\b(?! recent)", r.q) and q.kind == "list" \
            and not re.search(r"\b(count|sum)\(", sql):  # "which customer has raised the most tickets"
        out.append("asks which has the most, ranks nothing")
    if re.match(r"\s*(?:when|(?:on |at |in )?(?:what|which) (?:date|day|time))\b", r.q) and q.kind in ("count", "sum", "avg") \
            and "group by" not in sql:
        out.append("asks when, dates nothing")  # "when was X granted its licence": a date, not a count of its staff
    for fn, col in re.findall(r"\b(sum|avg)\(\s*(?:\"?\w+\"?\.)?\"?(\w+)\"?\s*\)", sql):
        if col.endswith("_id") or col == "id":
            out.append(f"{fn} of the key {col}")
    return out


def _comment_tokens(q: Query, cat: Catalog, toks: set[str]) -> set[str]:
    """The words of the comments on the tables the SQL reads and on the columns it names."""
    said = []
    for t in cat.tables.values():
        if t.name.lower() in toks:
            said.append(t.comment)
            said += [c.comment for c in t.columns.values() if c.name.lower() in toks]
    return _sql_tokens(" ".join(said))


def score(r: Read, q: Query, base: list[int], cat: Catalog) -> tuple[set[int], set[int], list[str]]:
    """(covered word positions, those the SQL names itself, faults). A word the reading used, or that a comment
    on a table or column the SQL reads says ("booked": "business date the order was booked"), is covered."""
    toks = _sql_tokens(q.sql + " " + q.table)
    direct = {i for i in base if _names(r.ws[i], toks)}
    said = _comment_tokens(q, cat, toks)
    covered = direct | {i for i in base if i in r.used or _names(r.ws[i], said)}
    faults = faults_of(r, q)
    t = cat.tables.get(q.table)
    if t is not None and len(t.fks) >= 2 and set(t.columns) <= {c for c, _, _ in t.fks} | {t.pk} \
            and re.match(r"\s*(which|what|list|show)\b", r.q):
        faults.append(f"lists {t.name} links, not the rows they link")  # "which territories ...": not the bridge
    if t is not None and r.count and _one_named(t, q, cat):
        faults.append(f"counts the one {t.name} its name names")  # "people in the Sales department": not 1 department
    return covered, direct, faults


def _one_named(t, q: Query, cat: Catalog) -> bool:
    """A count of a table others refer to, whose only filter is its name ("count of departments (dept_name =
    Sales)"): one row by construction, which no question asks for."""
    lab = t.label_column()
    named = lab and set(re.split(r"_|(?<=[a-z])(?=[A-Z])", lab.lower())) & {"name", "nm", "title", "label"}
    return bool(named and q.kind == "count" and cat.inbound(t.name) and " join " not in q.sql.lower()
                and re.search(rf'\bcount\(\*\).* WHERE t\."?{re.escape(lab)}"? = \'[^\']*\'\s*$', q.sql.strip(), re.S))


def _shapes(aggregate: Callable[[Read, Catalog], Query]) -> tuple[tuple[str, Callable], ...]:
    return (("ranking", ranked), ("deep ranking", deep_ranked), ("its own parent or children", self_ref),
            ("when a related event happened", when_related), ("groups with more than N rows", groups_with),
            ("rows without children", without),
            ("rows with children", with_children), ("rows with related rows", with_related), ("aggregate", aggregate))


def _readings(r: Read, cat: Catalog, reread: Callable[[str], Read | None]) -> list[Read]:
    """The reading; the reading of each other table a shared word names ("orders"); else, when the subject is only
    implied, the reading of the next table by meaning."""
    out = [r]
    for name in r.alternatives:  # a word several tables' comments give as their name
        other = reread(name)
        if other is not None:
            other.mentions = [dataclasses.replace(r.mentions[0], table=name), *r.mentions[1:]]
            other.used = set(r.used)
            out.append(other)
    if r.alternatives or r.mentions[0].start >= 0 or len(r.mentions) > 1:
        for m in implied_table(r.ws, cat, skip=set(r.used))[:1]:  # "how long does a tyre change keep a car":
            if m.table not in {x.table for x in r.mentions}:  # the jobs a code names, beside the cars
                other = reread(m.table)
                if other is not None:
                    out.append(other)
        return out
    for name, _ in ranked_tables(r.text, cat)[:2]:
        if name != r.subject and cat.tables[name].kind in "rp":
            other = reread(name)
            if other is not None:
                out.append(other)
            break
    return out


def candidates(r: Read, cat: Catalog, aggregate: Callable[[Read, Catalog], Query],
               reread: Callable[[str], Read | None]) -> list[Candidate]:
    """Every shape that fits, on each reading, scored."""
    base = content_positions(r)
    out: list[Candidate] = []
    readings = _readings(r, cat, reread)
    for k, reading in enumerate(readings):
        out += _shaped(reading, k, base, cat, aggregate)
    named = next((c for c in out if c.faults and c.faults[-1].startswith("counts the one ")), None)
    if named is not None:  # what refers to the one named row is counted instead: the department's people
        kids = {t.name for t, _, _ in cat.inbound(named.query.table) if t.kind in "rp" and not t.partition_of}
        near = [name for name, _ in ranked_tables(r.text, cat) if name in kids][:3]
        for name in sorted(near, key=lambda n: -cat.tables[n].rows):  # the bulk link (assignments, not managers) first
            other = reread(name)
            if other is not None:
                other.used = set(r.used)
                out += _shaped(other, len(readings), base, cat, aggregate)
                readings.append(other)
    return out


def _shaped(reading: Read, k: int, base: list[int], cat: Catalog,
            aggregate: Callable[[Read, Catalog], Query]) -> list[Candidate]:
    """Each shape that fits one reading (the ``k``-th), scored."""
    out = []
    for i, (name, shape) in enumerate(_shapes(aggregate)):
        rc = copy.deepcopy(reading)
        try:
            found = shape(rc, cat)
        except (KeyError, IndexError, ValueError, TypeError):
            if k == 0:
                raise  # the first reading's shapes are the planner's own: a failure there is a bug to see
            continue  # another table's reading may not fit every shape
        if found is None:
            continue
        covered, direct, faults = score(rc, found, base, cat)
        out.append(Candidate(found, name, 10 * k + i, covered, faults, reading.subject, direct))
        if found.kind == "ask":
            break
    return out


def choose(cands: list[Candidate], r: Read, cat: Catalog) -> Query:
    """The best candidate; an ask-back when a word of the question names two tables equally ("orders": sales and
    purchase orders) and the other table's reading is as good."""
    best = max(cands, key=lambda c: (c.score, -c.order))
    first = min(cands, key=lambda c: c.order)
    shared = set(r.alternatives) | {r.subject}  # tables one word of the question names equally
    rivals = [c for c in cands if c.subject != best.subject and c.score >= best.score and not c.faults
              and c.query.table != best.query.table and {c.subject, best.subject} <= shared]
    if rivals and not best.faults and best.query.kind != "ask":
        a, b = cat.tables[best.query.table], cat.tables[rivals[0].query.table]
        return Query("", "ask", best.subject,
                     f"I can read this two ways: {best.query.summary} (in **{a.qname}**) or "
                     f"{rivals[0].query.summary} (in **{b.qname}**). Which one do you mean? Ask again naming the table, "
                     f"e.g. \"{r.text.rstrip(' ?')} in {a.qname}?\"")
    if best is not first:
        said = "; ".join(first.faults) or "it reads fewer of the question's words"
        best.query.summary += f" (chosen over {first.query.summary}: {said})"
    return best.query


def explain(cands: list[Candidate], r: Read) -> list[str]:
    """The candidates in words, best first (the chosen one, then the readings it was preferred to): which of the
    question's words each accounts for, which it leaves unread, and what it lacks. For "why?" and for tests."""
    base = content_positions(r)
    out = []
    for n, c in enumerate(sorted(cands, key=lambda c: (-c.score, c.order))):
        read_ = ", ".join(f"\"{r.ws[i]}\"" for i in sorted(c.covered)) or "none of its words"
        unread = [f"\"{r.ws[i]}\"" for i in base if i not in c.covered]
        line = (f"{'chosen' if n == 0 else 'also considered'}: {c.query.summary} ({c.shape} over {c.subject}); "
                f"accounts for {read_}" + (f"; leaves {', '.join(unread)} unread" if unread else "")
                + (f"; lacks: {'; '.join(c.faults)}" if c.faults else ""))
        out.append(line)
    return out

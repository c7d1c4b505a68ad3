"""Measures that are the difference of two columns: "average length of stay" (discharged − admitted),
"time from order to delivery", "the margin (price minus cost)".

A question asks for a difference when it says so ("from X to Y", "between X and Y", "X minus Y",
"how long", "length of", "duration", "margin") and names the two columns, or names none and the table
has exactly two event times (audit columns such as created/updated aside). The later event is the end:
the column the question names after "to", else the one defined later in the table. The columns may sit
on the fact table or on a table it references (one many-to-one join, so rows are not multiplied).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from psycopg import sql as psql

from agent.planner.filters import ident, rel
from agent.planner.linking import PAST, STOP, column_word, comment_names, name_parts, same_event, singular, words
from agent.planner.semantic import ranked_tables
from toolkits.catalog import Catalog, Column, Table

S = psql.SQL
_EVENT_TIME = (r"(?:response|reply|resolution|resolve|processing|handling|delivery|waiting|wait|repair|transit|completion) times?|"
               r"(?:average|mean|median|typical|longest|shortest) (?:\w+ )?(?:length|duration)|"  # "average loan length"
               r"(?:longest|shortest) (?:\w+ ){0,4}(?:wait|waited|waiting)\b")  # "the longest a customer had to wait"
_TIME_CUE = re.compile(r"\b(how long|length of|duration|durations|" + _EVENT_TIME + "|time (?:from|between|to|it takes|taken|spent)|"
                       r"(?:days|hours|minutes) (?:from|between|to|until|it takes|it took)|turnaround|lead time|delay|"
                       r"elapsed|takes? to|took to|from \w+(?: \w+)? (?:to|until) |"
                       r"how many (?:days|hours|minutes|weeks) (?:after|past|late|before|between|from|until|does|do|did|is|are|"
                       r"was|were|it|on average|pass|passed|go by|elapse|elapsed))")
STRONG = re.compile(r"\b(how long|length of|duration|durations|lead time|turnaround|time to \w+|time it takes|"
                    r"(?:days|hours|minutes|weeks) it (?:takes|took|take)|" + _EVENT_TIME + "|"
                    r"(?:average|mean|median|typical|longest|shortest) (?:time|wait|delay|stay)|"
                    r"how many (?:days|hours|minutes|weeks) (?:after|past|late|before|does|do|did|is|are|was|were|it|on average|"
                    r"pass|passed|go by|elapse|elapsed))\b")
_ABOVE_SAID = r"how (?:far|much) (?:above|below|over|under)"
_NUM_CUE = re.compile(r"\b(margin|margins|profit|profits|markup|mark-up|minus|difference between|spread|"
                      r"net of|how much (?:more|higher|bigger|less|lower|smaller)\b.*\bthan|" + _ABOVE_SAID + r")\b")
_REVERSED = re.compile(r"\bhow much (?:less|lower|smaller)\b")  # "how much less is X than Y": Y − X
_ABOVE = re.compile(rf"\b{_ABOVE_SAID}\b")  # "how far above X did Y come": Y − X
_SELLING = ("price", "sale", "sell", "revenue", "amount", "charge", "list")
_COSTING = ("cost", "purchase", "buy", "wholesale")


@dataclass
class Span:
    """``end − start`` as an expression over aliases, in ``unit``; the joins it needs; what it says in words."""

    expr: psql.Composable
    label: str
    said: str
    joins: list[psql.Composable] = field(default_factory=list)
    table: str = ""  # set when both ends sit on a referenced table: measure over that table's rows instead
    read: set[int] = field(default_factory=set)  # word positions the span reads (its cue, its columns' words)


def span(q: str, cat: Catalog, fact: Table, alias: str = "t") -> Span | None:
    """The difference the question measures over ``fact``'s rows, or None."""
    ws = words(q)
    if _TIME_CUE.search(q) or _NUM_CUE.search(q) or (_HOURS_ASKED.search(q) and worked(fact)):
        found = _time_span(q, ws, cat, fact, alias)
        if found:
            found.read = _read(q, ws, fact, found)
            return found
    if _NUM_CUE.search(q):
        return _number_span(q, ws, fact, alias) or _parent_number_span(q, ws, cat, fact, alias)
    return None


def _parent_number_span(q: str, ws: list[str], cat: Catalog, fact: Table, alias: str) -> Span | None:
    """"how far above the low estimate did the hammer price come in": a numeric column of the fact less one of
    a table it references (one many-to-one join), the column named after "above" taken away."""
    cue = _ABOVE.search(q)
    if not cue:
        return None
    at = len(words(q[:cue.end()]))
    mine = column_word(fact, ws, numeric=True, skip=_key_words(fact, ws))
    if mine is None:
        return None
    for t, a, join in _owned(cat, fact, alias)[1:]:
        theirs = column_word(t, ws[at:], numeric=True)
        if theirs is None or theirs[0] == t.pk or theirs[0] in {c for c, _, _ in t.fks}:
            continue
        ends = [(alias, fact, mine[0]), (a, t, theirs[0])]  # the price less the estimate it came in above
        if not re.search(r"above|over", cue.group(0)):
            ends.reverse()  # "how far below the target": the target less the figure
        (a1, t1, c1), (a2, t2, c2) = ends
        return Span(S("({} - {})").format(ident(a1, c1), ident(a2, c2)), f"{c1}_minus_{c2}",
                    f"{t1.name}.{c1} − {t2.name}.{c2}", [join])
    return None


def _key_words(fact: Table, ws: list[str]) -> set[int]:
    """The positions of words that name a key of ``fact`` ("a sale line's price": line, for line_id), no number to
    take one from another."""
    keys = {fact.pk, *(c for c, _, _ in fact.fks)}
    return {i for i, w in enumerate(ws) if (column_word(fact, [w], numeric=True) or ("",))[0] in keys}


def _read(q: str, ws: list[str], fact: Table, sp: Span) -> set[int]:
    """"the longest a customer had to wait for that first reply": the cue's words and the words naming the span's
    times are the span's, no value's ('waiting for customer reply')."""
    m = _TIME_CUE.search(q)
    at = len(words(q[:m.start()])) if m else 0
    out = set(range(at, at + len(words(m.group(0))))) if m else set()
    ends = [c for c in fact.time_columns() if re.search(rf"\.{re.escape(c.name)}\b", sp.said)]
    return out | {i for i, w in enumerate(ws) if any(_names(c, w, _own(fact)) for c in ends)}


def span_table(q: str, cat: Catalog) -> str | None:
    """The one table two of whose event times the question names ("time from admission to discharge"), or for
    "how long"/"length of" the table with two event times nearest to the question by meaning."""
    if not (_TIME_CUE.search(q) or _NUM_CUE.search(q)):
        return None
    ws = [w for w in words(q) if len(w) >= 4]
    tables = [t for t in cat.tables.values() if t.kind in "rpm" and not t.partition_of]
    hits = [t.name for t in tables if sum(any(_names(c, w) for w in ws) for c in t.time_columns()) >= 2]
    if hits or not STRONG.search(q):
        return hits[0] if len(hits) == 1 else None
    # "average length of stay": a table with exactly two event times, the nearest to the question by meaning
    two = {t.name for t in tables if len([c for c in t.time_columns() if not c.audit]) == 2}
    if len(two) == 1:
        return two.pop()
    said = [n for n in two if {singular(w) for w in ws if w not in STOP} &
            {singular(w) for w in words(f"{n} {cat.tables[n].comment}") if len(w) >= 4}]
    if len(said) == 1:  # "length of stay": the table its comment calls "hospital stays"
        return said[0]
    near = [name for name, sim in ranked_tables(q, cat) if name in two and sim >= 0.1]
    return near[0] if near else None


def _owned(cat: Catalog, fact: Table, alias: str) -> list[tuple[Table, str, psql.Composable | None]]:
    """The fact table and the tables it references: (table, alias, the join that reaches it)."""
    out: list[tuple[Table, str, psql.Composable | None]] = [(fact, alias, None)]
    for col, ref, refcol in fact.fks:
        if ref in cat.tables and ref != fact.name:
            a = f"s_{ref[:3]}"
            out.append((cat.tables[ref], a, S(" JOIN {} {} ON {} = {}").format(
                rel(cat.tables[ref]), ident(a), ident(a, refcol), ident(alias, col))))
    return out


def _names(c: Column, w: str, own: frozenset[str] = frozenset()) -> bool:
    """Whether word ``w`` names time column ``c``: a part of its name (or comment) shares its first 4+ letters
    ("delivery" ~ delivered_at, "admission" ~ admitted_on, "shipping" ~ shipped_at); ``own``: words of the
    table's name, which name every column of it ("When the ticket reached status C" names no ticket time)."""
    parts = [p for p in name_parts(c.name) if p not in ("at", "on", "date", "time", "ts", "dt")]
    parts += [x for x in _comment_words(c) if singular(x) not in own]
    w = PAST.get(w, w)
    if len(w) == 3 and w in name_parts(c.name) and w not in STOP:
        return True  # "the due date": due_on
    return len(w) >= 4 and (any(_prefix(w, p) >= min(4, len(p)) and len(p) >= 3 for p in parts)
                            or same_event(w, c))  # "completion" ~ closed_dt


_WHEN = {"when", "date", "time", "timestamp", "datetime", "moment", "that", "this", "with", "from"}


def _comment_words(c: Column) -> list[str]:
    """The first three words of a time column's comment that can name its event ("When the defect was deferred": defect,
    deferred — not "when")."""
    return [x for x in re.findall(r"[a-z]{4,}", c.comment.lower()) if x not in _WHEN][:3]


def _own(t: Table) -> frozenset[str]:
    """Words the rows are called by: the table's name and the names its comment gives ("Gifts received": a gift)."""
    return frozenset(singular(p) for p in [*name_parts(t.name), *(w for n in comment_names(t.comment) for w in n.split("_"))])


def _prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _named_times(ws: list[str], owned, lo: int, hi: int) -> list[tuple[int, Table, str, Column, psql.Composable | None]]:
    """(word position, table, alias, time column, join) for each time column words ``lo``..``hi`` name, first first."""
    named: list[tuple[int, Table, str, Column, psql.Composable | None]] = []
    for i in range(lo, min(hi, len(ws))):
        for t, a, join in owned:
            hits = [c for c in t.time_columns() if _names(c, ws[i], _own(t))
                    and not any(c is x[3] or c.name == x[3].name for x in named)]
            # a parent's closed_dt beside the fact's own is the same word's event, not a second end
            if hits:  # "rectified": clr_ts ("When the defect was rectified"), not due_ts ("Rectification deadline")
                c = max(hits, key=lambda c: (_closeness(c, ws[i]), _closeness(c, ws[i], own_name=True)))
                # ("the report went out": reported_at, not due_dt whose comment says "the report is due")
                named.append((i, t, a, c, join))
                break
    return named


def _closeness(c: Column, w: str, own_name: bool = False) -> int:
    """How much of word ``w`` a part of the time column's name or comment spells (its longest shared prefix);
    ``own_name``: its name only."""
    w = PAST.get(w, w)
    parts = [*name_parts(c.name), *([] if own_name else _comment_words(c))]
    return max((_prefix(w, p) for p in parts), default=0)


def _time_span(q: str, ws: list[str], cat: Catalog, fact: Table, alias: str) -> Span | None:
    owned = _owned(cat, fact, alias)
    on_fact = [c for c in fact.time_columns() if any(_names(c, w) for w in ws)]
    for t, _, _ in owned[1:] if len(on_fact) < 2 else ():  # "from collection to result": both on the order
        if len([c for c in t.time_columns() if any(_names(c, w) for w in ws)]) >= 2:
            return Span(S(""), "", "", table=t.name)
    named = _named_times(ws, owned, 0, len(ws))
    after = re.search(r"\bhow many (?:days|hours|minutes|weeks) (?:after|past|late|before)\b", q)
    if after:  # "paid late, how many days past the due date were they paid": the two times the cue's clause names
        inside = _named_times(ws, owned, len(words(q[:after.start()])), len(ws))
        named = inside if len(inside) >= 2 else named
    fro = re.search(r"\bfrom\b(.*?)\b(?:to|until|till)\b(.*?)(?:[?.,;]|$)", q)
    if fro:  # "orders completed in June: days from release to completion": the two ends the from-to phrase names
        at = len(words(q[:fro.start()]))
        inside = _named_times(ws, owned, at, at + len(words(fro.group(0))))
        named = inside if len(inside) >= 2 else named
    if len(named) < 2 and not STRONG.search(q) and not (_HOURS_ASKED.search(q) and worked(fact)):
        return None  # "orders from March to June" is a window, not a span
    if len(named) >= 2:
        (i, t1, a1, c1, j1), (k, t2, a2, c2, j2) = named[0], named[1]
        between = " ".join(ws[i + 1:k + 1])
        if re.search(r"\bminus\b", between):  # "return_date minus rental_date"
            (i, t1, a1, c1, j1), (k, t2, a2, c2, j2) = named[1], named[0]
        to = re.search(r"\b(?:to|until|and|minus)\b", re.sub(r"\b(?:take|takes|took|taking|taken|long)\s+to\b", " ",
                                                                 between)) is not None  # "take to pay" orders nothing
        start, end = ((a1, c1, t1), (a2, c2, t2)) if to or t1 is not fact or t2 is fact else ((a2, c2, t2), (a1, c1, t1))
        if not to and re.search(r"\b(?:from|since)\b", between):  # "how long to pay, from the date it was issued"
            start, end = (a2, c2, t2), (a1, c1, t1)
        elif not to and t1 is t2:  # no word orders them: the one defined later is the later event
            cols = list(t1.columns)
            start, end = sorted([start, end], key=lambda x: cols.index(x[1].name))
        joins = [j for j in (j1, j2) if j is not None]
    else:
        events = [c for c in fact.time_columns() if not c.audit]
        one = [x[3] for x in named if x[1] is fact]
        begin = [c for c in events if not c.nullable and c is not (one or [None])[0]]
        pair = worked(fact)
        if pair:  # "how many volunteer hours": each shift's end less its start
            start, end, joins = (alias, pair[0], fact), (alias, pair[1], fact), []
        elif len(events) == 2:
            start, end, joins = (alias, events[0], fact), (alias, events[1], fact), []
        elif len(one) == 1 and begin:  # "first-response time": from the row's own start (opened_ts) to the time named
            start, end, joins = (alias, begin[0], fact), (alias, one[0], fact), []
        else:
            return None
    if start[1] is end[1]:
        return None
    unit, div = ("hours", 3600) if re.search(r"\bhours?\b", q) else (
        ("minutes", 60) if re.search(r"\bminutes?\b", q) else ("days", 86400))
    s_col, e_col = ident(start[0], start[1].name), ident(end[0], end[1].name)
    if start[1].type == "date" and end[1].type == "date" and unit == "days":
        expr = S("({} - {})::numeric").format(e_col, s_col)
    elif unit == "days" and ("date" in (start[1].type, end[1].type) or re.search(r"\bcalendar days?\b", q)):
        # a date has no time of day: days from a booking's timestamp to an arrival date are calendar days
        expr = S("({}::date - {}::date)::numeric").format(e_col, s_col)
    elif _clock(start[1]) and _clock(end[1]):  # times of day: their difference is an interval already
        expr = S("(extract(epoch FROM ({} - {})) / {})").format(e_col, s_col, psql.Literal(div))
    else:
        expr = S("(extract(epoch FROM ({}::timestamp - {}::timestamp)) / {})").format(e_col, s_col, psql.Literal(div))
    said = f"{end[2].name}.{end[1].name} − {start[2].name}.{start[1].name} in {unit}"
    return Span(expr, f"{unit}", said, [j for i, j in enumerate(joins) if j not in joins[:i]])


_HOURS_ASKED = re.compile(r"\b(?:how many|total|number of)\s+(?:[a-z]+\s+)?(?:hours|minutes)\b")
_STARTS = {"start", "started", "begin", "began", "in", "from"}
_ENDS = {"end", "ended", "finish", "finished", "out", "to", "stop", "stopped"}


def _clock(c: Column) -> bool:
    return c.type.startswith("time") and not c.type.startswith("timestamp")


def worked(t: Table) -> tuple[Column, Column] | None:
    """A row's start and end times, when one column's name says it starts and one that it ends (start_tm / end_tm,
    clock_in / clock_out): the stretch a shift or session lasts."""
    times = [c for c in t.columns.values() if c.type.startswith("time") and not c.audit]  # times of day too
    starts = [c for c in times if set(name_parts(c.name)) & _STARTS]
    ends = [c for c in times if set(name_parts(c.name)) & _ENDS]
    return (starts[0], ends[0]) if len(starts) == 1 and len(ends) == 1 and starts[0] is not ends[0] else None


def _number_span(q: str, ws: list[str], fact: Table, alias: str) -> Span | None:
    keyed = _key_words(fact, ws)
    first = column_word(fact, ws, numeric=True, skip=keyed)  # "a sale line's price": no line_id
    again = {i for i, w in enumerate(ws) if first and (column_word(fact, [w], numeric=True) or ("",))[0] == first[0]}
    second = column_word(fact, ws, numeric=True, skip=again | keyed) if first else None
    if first and second and first[0] != second[0]:
        minuend, subtrahend = first[0], second[0]  # "price minus cost", "difference between price and cost"
        above = _ABOVE.search(q)
        if _REVERSED.search(q) or (above and re.search(r"above|over", above.group(0))):
            minuend, subtrahend = subtrahend, minuend  # "how far above the estimate did the price come": price − estimate
    elif re.search(r"\b(margin|margins|profit|profits|markup|mark-up)\b", q):
        nums = [c.name for c in fact.columns.values() if c.is_numeric]
        sell = [c for c in nums if any(p in c.lower() for p in _SELLING) and not any(p in c.lower() for p in _COSTING)]
        cost = [c for c in nums if any(p in c.lower() for p in _COSTING)]
        if len(sell) != 1 or len(cost) != 1:
            return None
        minuend, subtrahend = sell[0], cost[0]
    else:
        return None
    expr = S("({} - {})").format(ident(alias, minuend), ident(alias, subtrahend))
    return Span(expr, f"{minuend}_minus_{subtrahend}", f"{fact.name}.{minuend} − {fact.name}.{subtrahend}")

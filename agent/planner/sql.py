"""Plain questions about the data → one read-only SELECT, built from the live catalog.

Counts, sums, averages, min/max, medians and percentages; breakdowns ("per status", "by country",
"per day"); top-N ("top 5 products by revenue"); listings ("the last 10 orders"); rows without
related rows ("customers who never ordered") and with more than N of them. Filters come from the
question: time windows ("yesterday", "last 7 days"), values a column is known to hold ("pending",
"Germany"), numbers ("cost more than 100") and ids ("order 1234").

A question is read once (agent/planner/question.py), then each shape that fits builds a candidate
statement — a ranking over a related table, rows with(out) child rows (agent/planner/related.py), an
aggregate composed here — and the one that accounts for most of the question runs
(agent/planner/choose.py). An aggregate is composed from its parts: what is computed (``what_kind``), over which table
(``fact_table``), the filters, the grouping (agent/planner/grouping.py) and the measure. Identifiers and literals are composed with ``psycopg.sql``;
nothing here runs SQL (the selection tool and its guard do).
"""
from __future__ import annotations

import datetime as dt
import os
import re

from psycopg import sql as psql

from agent.planner.filters import (ENDING, PAST_DUE, overdue_filter, asked_column, MISSING, says_still, full_name, FIRST_NAMES, LAST_NAMES, NULL_SAYS, said_column, table_words, Filters, Query, column_comparisons, excluded, tagged_filters, column_ref, duration_filters, ident, meant_words, money_expr, numeric_filters, query, rel, sign_filters, value_filters, where,
                                   window_conds)
from agent.planner.glossary import meanings, named as meant_value, named_each
from agent.planner.grouping import BUCKETS, Group, grouping
from agent.planner.linking import (MONTHS, spelled_numbers, first_clause, NUMBER_WORDS, QTY_COLS, SECONDS_PER, STOP, abbreviates, bare, capitalized,
                                   column_synonyms, column_word, discount_col, duration_col, extended, find_tables, forms,
                                   money_cols, name_parts, qty_col, singular, spelled_columns, time_column, unit_column,
                                   stem_word, visible, vocabulary, words, Window, anchored)
from agent.planner.choose import candidates, choose, explain
from agent.planner.related import COUNT_OPS
from agent.planner.question import LISTS, SUM_SAID, Read, read
from agent.planner.span import PAST, STRONG, Span, span, worked
from agent.planner.spelling import QUESTION_WORDS, respell
from toolkits.catalog import Catalog, Table

S, L = psql.SQL, psql.Literal
T = "t"  # the alias of the table an aggregate reads
MEASURED = ("avg", "sum", "max", "min", "median")
_AGG = {"avg": S("round(avg({})::numeric, 2)"), "sum": S("sum({})"), "max": S("max({})"), "min": S("min({})"),
        "median": S("percentile_cont(0.5) WITHIN GROUP (ORDER BY {})")}

def build_query(question: str, cat: Catalog, limit: int = 20) -> Query | None:
    """One SELECT answering ``question``, or None when it does not look like a data question."""
    cat = visible(cat)
    got = _candidates(question, cat, limit)
    if got is None:
        return None
    _, r, cands = got
    found = choose(cands, r, cat)
    if r.window is not None and r.window.asof and r.window.phrase in found.summary:
        found.summary += (f" ({r.window.phrase} counted from {r.window.asof}: the data stops there, so this database "
                          "looks like a copy, not live)")
    guessed = implied_joins(found.sql, cat)
    if guessed:
        found.summary += f" (joined on {'; '.join(guessed)}: matched by column name and type, no foreign key declares it)"
    return found


def readings(question: str, cat: Catalog, limit: int = 20) -> list[str]:
    """How ``question`` is read: the spelling corrected, then each candidate statement in words, the chosen one
    first (``choose.explain``). Empty when it is not a data question."""
    cat = visible(cat)
    got = _candidates(question, cat, limit)
    if got is None:
        return []
    text, r, cands = got
    return ([f"read with corrected spelling as \"{text}\""] if text != question else []) + explain(cands, r)


def _candidates(question: str, cat: Catalog, limit: int) -> tuple[str, Read, list] | None:
    """(the question with its typos corrected, its reading, the scored candidate statements), or None when it
    is not a data question."""
    text = respell(question, cat)
    r = read(text, cat, limit)
    if r is None:
        return None
    return text, r, candidates(r, cat, aggregate, lambda name: read(text, cat, limit, about=name))


def implied_joins(sql: str, cat: Catalog) -> list[str]:
    """The joins of ``sql`` that follow a foreign key no constraint declares (``Catalog.infer_links``)."""
    out = []
    for t in cat.tables.values():
        for col, ref, refcol in t.fks:
            if col in t.implied and all(re.search(rf"\bJOIN\b.*\b{re.escape(x)}\b|\bFROM\s+\S*\b{re.escape(x)}\b", sql)
                                        for x in (t.name, ref)) and re.search(rf"\b{re.escape(col)}\b", sql):
                out.append(f"{t.name}.{col} = {ref}.{refcol}")
    return out


def aggregate(r: Read, cat: Catalog) -> Query:
    """A figure, a breakdown or a listing of one table's rows."""
    t = cat.tables[r.subject]
    kind, units = what_kind(r, cat, t)
    fact = fact_table(r, cat, t, kind, units)
    moved = span(r.q, cat, fact) if kind in MEASURED or STRONG.search(r.q) else None
    if moved is not None and moved.table:  # the span's two ends are columns of a table the fact references
        fact = cat.tables[moved.table]
        moved = span(r.q, cat, fact)
    if moved is not None:
        r.used |= moved.read  # "had to wait for that first reply": the span's words, no status 'waiting for reply'
    f = fact_filters(r, cat, fact)
    group, kind, asc = grouping(r, cat, fact, kind)
    if group is not None and group.join is not None:
        f.joins.append(group.join)
    for name in {group.name, *(x[1] for x in group.exprs)} if group is not None else ():
        grouped_has_values(f, name)
    found = percent(r, fact, f, kind)
    if found:
        return found
    sp = span(r.q, cat, fact) if kind in MEASURED or STRONG.search(r.q) else None
    if sp is not None and not sp.table:
        return spanned(r, fact, f, group, asc, sp, kind)
    if kind == "avg" and group is not None and _PER_GROUP.search(r.q):
        return per_group_average(r, cat, t, fact, f, group, units)
    asked = kind
    measure, kind = measure_of(r, fact, kind, units)
    if kind == "max" and measure and len(measure) == 1 and fact.columns[measure[0]].is_time and _HELD_LAST.search(r.q):
        end = anchored(Window("today", S("current_date + 1")), cat).low  # "when did we last hold an auction in
        f.add(S("{} < {}").format(ident(T, measure[0]), end), f"{measure[0]} up to today")  # Bath": one held, not one
        # booked ahead (today's rows in: a copy's clock is its newest day)
    if kind in ("sum", "avg"):
        comment_exclusions(fact, f)
    if asked in ("avg", "median") and measure is None:
        return which_measure(fact, asked, f)  # an average of nothing found: ask which column, do not count
    found = distinct_count(r, cat, fact, f, kind)
    if found:
        return found
    found = date_of(r, fact, f, cat) if group is None and not r.count else None
    if found:
        return found
    if kind == "count" and not r.count and group is None:
        found = lookup(r, fact, f, cat)
        if found:
            return found
    if kind == "list":
        return listing(r, fact, f, cat)
    agg, label = aggregate_of(r, cat, t, fact, kind, measure)
    if group is not None and kind == "count" and r.subject != fact.name and group.name in cat.tables[r.subject].columns:
        agg, label = S("count(*)"), fact.name  # per district, its tickets: not its distinct keys (1 each)
    what = fact.name + f.said_text()
    if group is not None:
        return grouped(r, fact, f, group, agg, label, asc, f"{kind} of {what} per {group.name}")
    sql = S("SELECT {} AS {} FROM {} t{}{}").format(agg, ident(label), rel(fact), f.join(), f.where())
    return query(sql, kind, fact.name, f"{kind} of {what}", label)


# --------------------------------------------------------------------------- what is computed, over which table


# "What classes are on the timetable tomorrow?", "give me the tracking numbers of ...": the rows themselves ("what
# percentage of orders are ..." is no list; "give me the total" is a sum, read before this)
_WHAT_PLURAL = re.compile(r"\s*what\s+(?!(?:percentage|percent|share|proportion|number|amount|fraction|average|total|"
                          r"sum|ratio|count|kind|type|sort)s?\b)(?:[a-z-]+\s+){0,2}?[a-z-]+s\s+(?:are|were|have|had|do|did|"
                          r"will)\b|\s*(?:please\s+)?(?:give|get|send) me (?:the|all|every|a list of)\b")


_OF_ALL = re.compile(r"\s*what(?:'s| is| was| were| are)\s+(?:the\s+)?((?:[a-z-]+\s+){1,3}?)(?:of|for|on) all\b")


def what_kind(r: Read, cat: Catalog, t: Table) -> tuple[str, bool]:
    """(count | sum | avg | max | min | median | list, whether units are counted)."""
    q = r.q
    kind = "count"
    if r.avg:
        kind = "avg"
    elif r.count:
        kind = "count"
    elif (r.max or r.min) and not r.n and not LISTS.search(q) and not _superlative_row(r):
        kind = "max" if r.max else "min"
    elif (r.max or r.min) and not r.n:
        kind = "list"  # "what is our most expensive product": the product, not its price
    elif r.sum:
        kind = "sum"
    elif r.n or LISTS.search(q) or re.search(r"\b(latest|recent|last|newest|oldest)\b", q) or _WHAT_PLURAL.match(q):
        kind = "list"
    hm = re.search(r"\bhow (?:many|much)\s+([a-z_]+)", q)
    if hm and kind == "count" and not any(hm.group(1) in forms(n) for n in cat.tables) \
            and not find_tables(words(q[hm.start(1):])[:2], cat):  # "how many line items": a table (lineitem)
        # "how many hours ...", "how much budget ...": a sum of that column, here or in a child table
        w = [hm.group(1)]  # a key ("patients" → pt_id, by its comment) is not an amount
        timed = time_summed(q)  # "how many (billable) hours were booked"
        if _named_measure(t, w) or any(_named_measure(rt, w) or (timed and duration_col(rt))
                                       for rt, _, _ in [(t, "", ""), *cat.inbound(t.name)]):
            kind = "sum"
    unit_asked = re.search(r"\bhow many\s+[a-z_]+\s+([a-z]+)", q)
    if unit_asked and kind == "count" and unit_asked.group(1) in SECONDS_PER and time_summed(q) and duration_col(t):
        kind = "sum"  # "how many labour hours were booked": the table's hours summed, not its rows counted
    of_all = _OF_ALL.match(q)
    if of_all and kind in ("count", "list") and not r.count and not r.n and _named_measure(t, words(of_all.group(1))):
        kind = "sum"  # "what was the estimated cost of all the waste logged": the costs added up, not the rows
    if (kind in ("count", "sum") or (kind == "list" and not r.n)) and time_summed(q) \
            and re.search(r"\b(?:hours|minutes)\b", q) and not duration_col(t):
        kids = [rt for rt in [t, *(x for x, _, _ in cat.inbound(t.name) if x.kind in "rp")] if worked(rt)]
        if len(kids) == 1:  # "how many volunteer hours did our shops get": the shifts' end less start, summed
            kind = "sum"
            r.child = None if kids[0] is t else kids[0].name
    if kind == "count" and r.sum and column_word(t, r.ws, numeric=True, skip=r.used):
        kind = "sum"  # "the total number of staffed beds": a sum of the column the comment calls that
    if hm and kind == "count" and not r.group:  # "how many API calls were metered": a sum of the quantity in calls
        said = words(q[hm.start(1):])[:3]
        r.unit = None if find_tables(said[:1], cat) else unit_column(t, said)
        if r.unit is None and not find_tables(said[:1], cat):  # "how many kilograms of 6061 were issued": a child's
            kids = {rt.name: u for rt, _, _ in cat.inbound(t.name) if rt.kind in "rp" and (u := unit_column(rt, said))}
            if len(kids) == 1 and r.child in (None, *kids):
                r.child, r.unit = next(iter(kids.items()))
        kind = "sum" if r.unit else kind
    when = column_word(t, r.ws, skip=r.used) if kind in ("list", "max", "min") and (r.max or r.min) and not r.n else None
    recency = re.search(r"\b(latest|recent|newest|oldest|earliest|last|first|next)\b", q)
    if recency and kind in ("count", "list") and not r.count and not r.n and re.match(
            r"\s*(?:(?:on|at|in) )?(when|(?:what|which) (?:date|day|time))\b", q):  # "on what date was the very first order placed"
        kind = "min" if recency.group(1) in ("oldest", "earliest", "first", "next") else "max"  # "when was the first
        # payment"; "when is the next show" (from now on: linking._next)
    measured = column_word(t, r.ws, numeric=True, skip=r.used)
    if measured and (measured[0] == t.pk or measured[0].lower().endswith("id")):
        measured = None  # "the first ledger entry" names entry_id: a key, not a measure
    if recency and kind in ("max", "min") and not (when and t.columns[when[0]].is_time) and t.time_columns() \
            and not measured:
        tcol, chose = time_column(t, r.ws, r.window_pos)  # "when was the earliest transaction": its time column
        when = (tcol, -1) if tcol else when
        if tcol and not r.window:  # "when did we last submit a claim": submitted_dt, no status 'submitted' too
            r.used |= chose
    if when and t.columns[when[0]].is_time and recency:
        kind = "max" if r.max or recency.group(1) in ("latest", "recent", "newest", "last") else "min"  # "the most recent shipment": the latest value of that time column
        r.latest = when[0]
        if when[1] >= 0:  # the word names the column, not a value to filter on
            r.used.add(when[1])
    if kind == "sum" and re.match(r"\s*(show|list|give me|find|display)\b", q) and not re.search(
            r"\b(total of|sum of|how much|in total)\b", q):
        kind = "list"  # "show me orders with a total over 5000" lists them
    if re.search(r"\bmedian\b", q):
        kind = "median"
    units = bool(re.search(r"\b(units?|sold|quantity|quantities|pieces)\b", q))
    hm = re.search(r"\bhow many\s+(?:\w+\s+)?(\w+)", q)
    if units and hm and not re.search(r"\b(units?|quantity|quantities|pieces)\b", q) and r.mentions \
            and r.mentions[0].start >= 0 and r.ws[r.mentions[0].start] in hm.group(0).split():
        units = False  # "how many policies were sold": the policies are counted, no quantity summed
    of = re.search(r"\b(?:pieces|units) of (\w+)", q)
    if units and of and any(m.start >= 0 and r.ws[m.start] == of.group(1) for m in r.mentions) \
            and not re.search(r"\b(sold|quantity|quantities)\b", q):
        units = False  # "which pieces of equipment are out of order": the equipment rows, no quantity
    if units and kind in ("count", "list"):
        kind = "sum"  # "how many units of product 5 were sold?" sums a quantity column
    return kind, units


_SUPERLATIVE = re.compile(r"\b(?:most expensive|least expensive|cheapest|priciest|largest|biggest|smallest|"
                          r"oldest|newest|youngest|latest|earliest|longest|shortest)\s+(\w+)")


def _superlative_row(r: Read) -> bool:
    """"the most expensive product", "our oldest customer": the word after the superlative names the subject's rows."""
    if not r.mentions or r.mentions[0].start < 0:
        return False
    top = _WHO_HAS.match(r.q)  # "who is the user with the highest reputation", "which driver has the longest trip"
    if top and r.mentions[0].start < len(words(r.q[:top.start(1)])) and (
            top.group(0).lstrip().startswith("who") or r.mentions[0].start <= 1):
        return True
    m = _SUPERLATIVE.search(r.q)
    if not m:
        return False
    at = len(words(r.q[:m.start(1)]))
    return r.mentions[0].start <= at < r.mentions[0].end


_WHO_HAS = re.compile(r"\s*(?:who|which|what)\b[^?]*?\b(highest|lowest|largest|biggest|smallest|longest|shortest|"
                      r"greatest|maximum|minimum|most|fewest)\b")


def fact_table(r: Read, cat: Catalog, t: Table, kind: str, units: bool) -> Table:
    """The table whose rows are counted or measured: the subject, a child the question counts, or the child
    that holds the measure ("average rating of product 17" → reviews)."""
    fact = cat.tables[r.child] if r.child and (r.count or r.window or span(r.q, cat, cat.tables[r.child])
                                                or _COMMON.search(r.q)  # "the most common breed among patients"
                                                or (kind == "list" and _child_valued(r, cat))) else t
    common = _COMMON_OF.search(r.q) if fact is t else None
    if common and column_word(t, [common.group(1)]) is None:  # "the most common diagnoses for rabbits": a column
        kids = {rt.name: rt for rt, _, _ in cat.inbound(t.name)  # of the one child that has it (visits)
                if rt.kind in "rp" and not rt.partition_of and column_word(rt, [common.group(1)], numeric=False)}
        fact = next(iter(kids.values())) if len(kids) == 1 else fact
    if kind in MEASURED:
        fact = _measured_in(r, cat, fact, units, kind)
    if r.money and kind != "count" and r.group is not None and money_cols(fact) is not None:
        # "sales per category": the group column may sit on a table only a child of another reaches
        gws = words(r.group)[:2]
        if not column_word(fact, gws) and not any(column_word(cat.tables[ref], gws) for _, ref, _ in fact.fks):
            for g in cat.tables.values():
                if g.kind in "rp" and column_word(g, gws):
                    fact = next((rt for rt, _, _ in cat.inbound(g.name) if money_cols(rt)), fact)
                    if fact is not t:
                        break
    return fact


_TIME_ASKED = re.compile(r"\b(?:how many|total|number of|in)\s+(?:[a-z]+\s+)?(milliseconds|seconds|minutes|hours|days)\b")


def _child_valued(r: Read, cat: Catalog) -> bool:
    """"Which UK customers have an order on hold": a listing of the subject whose named child's own values the
    question gives (orders.status) — the child's rows are read and each subject listed once (``parents_listed``)."""
    if not _ASKS_WHICH.match(r.q):
        return False
    conds, _, _ = value_filters(cat.tables[r.child], r.ws, "c", r.used, strong=True)
    return bool(conds)


def time_summed(q: str) -> bool:
    """"How many hours did ushers work", "total minutes booked": an amount of time kept in a column, summed — not
    the time between two events ("how many days from order to delivery")."""
    return bool(_TIME_ASKED.search(q)) and not re.search(
        r"\b(from|between|until|after|before|since|wait|waited|waiting|took|take|takes|taken|long|longest|shortest|"
        r"elapsed)\b", q)  # "the longest a customer had to wait, in minutes": the time between two events


def _measured_in(r: Read, cat: Catalog, fact: Table, units: bool, kind: str) -> Table:
    if time_summed(r.q) and kind in ("sum", "avg", "max", "min", "median") \
            and not column_word(fact, r.ws, numeric=True, skip=r.used):
        for t in [fact, *(rt for rt, _, _ in cat.inbound(fact.name))]:  # "hours booked": the minutes worked
            if duration_col(t):
                r.unit = duration_col(t)[0]
                return t
    if units:  # "quantity on hand" names a column (qoh) of the fact or a child: not any quantity
        for t in [fact, *(rt for rt, _, _ in cat.inbound(fact.name))]:
            hit = column_word(t, r.ws, numeric=True, skip=r.used)
            if hit and bare(hit[0]) not in QTY_COLS and _named_measure(t, r.ws, r.used) and _by_phrase(t, r.ws, hit):
                return t
    has_col = column_word(fact, r.ws, numeric=True, skip=r.used)
    cols = money_cols(fact)
    rate_only = r.money and (cols or ("",))[-1] in ("price", "unit_price")
    if units:
        has_col = qty_col(fact)
    if has_col or (r.money and cols and not rate_only):
        return fact
    for rt, _, _ in cat.inbound(fact.name):
        if (units and qty_col(rt)) or (not units and (
                column_word(rt, r.ws, numeric=True, skip=r.used) or (r.money and money_cols(rt)))):
            return rt
    recency = re.search(r"\b(latest|recent|newest|oldest|earliest|last|first)\b", r.q)
    lookup = not any(c.is_numeric and c.name != fact.pk and not c.name.lower().endswith("id") for c in fact.columns.values())
    implied = r.mentions[0].end <= r.mentions[0].start  # the subject came from a value ("HbA1c"), not its name
    if not units and ((kind in ("avg", "max", "min", "median") and (lookup or implied)) or (kind == "sum" and lookup)) \
            and _the_measure(fact, "avg", r) is None and not recency and span(r.q, cat, fact) is None \
            and not re.match(r"\s*when\b", r.q):  # ("when is our next masterclass": the event's own date)
        # "the mean HbA1c", "average hemoglobin of female patients": the one child table with a measure
        kids = [rt for rt, _, _ in cat.inbound(fact.name)]
        for _ in range(2):  # children first, then grandchildren ("the highest lactate value": panel → order → result)
            measured = {rt.name: rt for rt in kids if _the_measure(rt, "avg", r) or _named_measure(rt, r.ws, r.used)}
            if len(measured) == 1:
                return next(iter(measured.values()))
            if measured:
                break
            kids = [g for k in kids for g, _, _ in cat.inbound(k.name) if g.name != fact.name]
    return fact


# --------------------------------------------------------------------------- filters


def fact_filters(r: Read, cat: Catalog, fact: Table) -> Filters:
    """Ids, the time window, flags (stock, names, booleans), values and numbers, then a parent's values."""
    f = Filters(T)
    r.measured = measured = _measure_words(r, fact)
    id_filters(r, cat, fact, f)
    current_row_filter(r, cat, fact, f)
    if r.window and not (r.window.phrase == "today" and PAST_DUE.search(r.q)):
        window_filter(r, cat, fact, f)
    elif r.window is None and (yr := _this_year_column(r, cat, fact)) is not None:
        r.used.update(yr[2])
        f.add(S("{} = {}").format(ident(T, yr[0]), L(yr[1])), f"{yr[0]} = {yr[1]} ({' '.join(r.ws[i] for i in sorted(yr[2]))})")
    cconds, csaid, cused = column_comparisons(fact, r.ws, T, r.used | r.tax)
    r.used |= cused  # "first reply after the SLA deadline": two columns compared, not a NULL reply
    meant = meant_words(fact, r.ws, r.used) - r.used
    r.used |= meant  # a meaning's words are not also a date's or a NULL's ("written off": a status, not paid_at)
    flag_filters(r, fact, f, cat)
    overdue_filter(r, cat, fact, f)
    r.used -= meant - r.null_read  # a NULL's meaning that read a code's word keeps it ("licence verified")
    f.base = list(f.conds)
    soft = frozenset(i for m in r.mentions[1:] if m.start >= 0 for i in range(m.start, m.end))
    theirs = {m.start - 1 for m in r.mentions if m.table != fact.name and m.start > 0 and m.table in cat.tables
              and any(r.ws[m.start - 1] == v.lower() or v.lower().startswith(r.ws[m.start - 1] + " ")
                      for c in cat.tables[m.table].columns.values() for v in c.values)}
    # "shipped out of the Dallas warehouse": Dallas is the warehouse's, not the orders' ship-to city
    vconds, vsaid, vused = value_filters(fact, r.ws, T, r.used | spelled_columns(fact, r.ws) | theirs | measured, soft=soft,
                                         exact=capitalized(r.text))
    _owner_named(r, cat, fact, vconds, vsaid, vused)
    _kind_named(r, fact, vconds, vsaid, vused)
    nconds, nsaid = numeric_filters(fact, r.q, cat, T)
    dconds, dsaid = duration_filters(fact, r.q, T)
    if not dconds:
        dconds, dsaid = age_filter(r, cat, fact)
    nconds, nsaid = nconds + dconds, nsaid + dsaid
    sconds, ssaid, sused = sign_filters(fact, r.ws, T, r.used | vused)
    vused |= sused
    if sconds:  # "charges of more than 500" compares the signed amount once (below −500), not also above 500
        signed_cols = {x.split()[0] for x in ssaid}
        kept = [(c, x) for c, x in zip(nconds, nsaid) if x.split()[0] not in signed_cols]
        nconds, nsaid = [c for c, _ in kept], [x for _, x in kept]
    r.signed = ssaid[0].split()[0] if ssaid else None
    r.signed_said = ssaid[0] if ssaid else ""
    f.values, f.values_said = vconds + nconds + sconds + cconds, vsaid + nsaid + ssaid + csaid
    f.conds += f.values
    f.said += f.values_said
    r.used |= vused | measured  # (no parent's value either: "annual premium" is no 'Annual Multi-Trip' product)
    tconds, tsaid = tagged_filters(fact, r.text, T)  # "orders of Customer#000000124": on the fact or a parent
    for c, x in zip(tconds, tsaid):
        f.add(c, x)
    if not tconds:
        for pt, palias, path in _parents(cat, fact, 1):
            tconds, tsaid = tagged_filters(pt, r.text, palias)
            if tconds:
                f.joins += [j for j in path if j not in f.joins]
                for c, x in zip(tconds, tsaid):
                    f.add(c, x)
    parent_filters(r, cat, fact, f)
    bridge_filters(r, cat, fact, f)
    name_filters(r, cat, fact, f)
    return f


_AGE = re.compile(r"\b(?:been|sitting|sat|waiting|open|outstanding|out|left|gone|stuck)\b(?:\s+[a-z-]+){0,5}?\s+for\s+"
                  r"(more than|over|longer than|at least|less than|under|fewer than)\s+(\d+)\s+(days?|weeks?|months?|years?)\b")


def age_filter(r: Read, cat: Catalog, fact: Table) -> tuple[list, list[str]]:
    """"has been on hire for more than 90 days", "sitting at customers for over 8 weeks": the row's start (the date
    column its words name) is longer ago than that, counted from today (the data's today on a copy)."""
    m = _AGE.search(spelled_numbers(r.q))
    if m is None:
        return [], []
    at = len(words(r.q[:m.start()]))
    col, pos = time_column(fact, r.ws, at)
    if col is None or not pos:
        return [], []
    today = anchored(Window("today", S("current_date")), cat).low
    older = m.group(1) in ("more than", "over", "longer than", "at least")
    span = f"{m.group(2)} {m.group(3)}"
    cond = S("{} {} {} - {}::interval").format(ident(T, col), S("<" if older else ">"), today, L(span))
    return [cond], [f"{col} {'more' if older else 'less'} than {span} ago"]


_CURRENT = re.compile(r"\b(current|currently|right now|at the moment|at present|now|today's|in force)\b")
_THIS = re.compile(r"\b(this|current|the current|last|previous|the previous)\s+([a-z_]+)\b")
_STARTS = {"start", "starts", "begin", "begins", "from", "opens", "opened"}


def current_row_filter(r: Read, cat: Catalog, fact: Table, f: Filters) -> None:
    """"games this season", "fees of the current term", "last season": the rows of the season (a table the fact
    references, with a start date) that has begun most recently — or the one before it."""
    for m in _THIS.finditer(r.q):
        at = len(words(r.q[:m.start(2)]))
        for col, ref, refcol in fact.fks:
            pt = cat.tables.get(ref)
            if pt is None or ref == fact.name or m.group(2) not in forms(ref) or not pt.pk:
                continue
            start = next((c for c in pt.time_columns() if set(name_parts(c.name)) & _STARTS), None)
            if start is None:
                continue
            back = 1 if m.group(1).endswith(("last", "previous")) else 0
            now = anchored(Window("today", S("now()")), cat).low  # begun by the data's today on a copy
            f.add(S("{} = (SELECT {} FROM {} WHERE {} <= {} ORDER BY {} DESC LIMIT 1 OFFSET {})").format(
                ident(T, col), ident(pt.pk), rel(pt), ident(start.name), now, ident(start.name), L(back)),
                f"{'the previous' if back else 'the latest'} {ref} begun")
            r.used |= {at - 1, at} | ({at - 2} if m.group(1).startswith("the ") else set())
            return


def _owner_named(r: Read, cat: Catalog, fact: Table, conds: list, said: list[str], used: set[int]) -> None:
    """"How many teams is Hartley Town running?": a name the counted rows' own label holds (the first team is called
    'Hartley Town') and their parent's label too (the club) names the parent — counting rows by their own name gives
    one. The condition is dropped and its words left to the parent's filters."""
    lab = fact.label_column()
    if not r.count or not lab:
        return
    for k in [k for k, x in enumerate(said) if x.startswith(f"{lab} = ")]:
        value = said[k][len(lab) + 3:].lower()
        owners = [cat.tables[ref] for _, ref, _ in fact.fks if ref in cat.tables]
        if any((pl := pt.label_column()) and value in (v.lower() for v in pt.columns[pl].values) for pt in owners):
            vw = words(value)
            used -= {i for i in used if r.ws[i] in vw}
            del conds[k], said[k]
            return


def _kind_named(r: Read, fact: Table, conds: list, said: list[str], used: set[int]) -> None:
    """"How many internal notes have agents written?": the words that named the table ("Messages on a ticket (...,
    internal notes)") say all of one code's meaning too ("I = internal note (agents only)") — those rows only."""
    m0 = next((m for m in r.mentions if m.table == fact.name and m.start >= 0), None)
    if m0 is None or m0.end - m0.start < 2 or used & set(range(m0.start, m0.end)):
        return
    span = set(range(m0.start, m0.end))
    others = set(range(len(r.ws))) - span
    hits = [(c, h) for c in fact.columns.values() if c.values and c.name not in {x.split()[0] for x in said}
            for h in named_each(c, r.ws, others) if h[1] == span and h[3] >= 3 and not isinstance(h[0], bool)]
    if len(hits) == 1:
        c, (code, _, meaning, _) = hits[0]
        conds.append(S("{} = {}").format(ident(T, c.name), L(code)))
        said.append(f"{c.name} = {code} ({meaning})")
        used |= span


_COMMON = re.compile(r"\b(?:most|(?<!at )least)\s+(?:common|frequent|popular|often used|used)\b|\b(?:commonest|rarest)\b")


_COMMON_OF = re.compile(r"\b(?:most|(?<!at )least)\s+(?:common|frequent|popular)\s+([a-z_]+)")


def bridge_filters(r: Read, cat: Catalog, fact: Table, f: Filters) -> None:
    """Values of a table a bridge links the fact to ("territories Robert King covers": employee_territories
    references territories and employees): the fact's rows some bridge row links to a row those values pick."""
    if not fact.pk:
        return
    caps = capitalized(r.text)
    for bt, bcol, refcol in cat.inbound(fact.name):
        if bt.kind not in "rp":
            continue
        for ocol, oref, orefcol in bt.fks:
            if ocol == bcol or oref == fact.name or oref not in cat.tables:
                continue
            ot = cat.tables[oref]
            oc, osaid, oused = value_filters(ot, r.ws, "o", r.used, strong=True, exact=caps)  # far: no one-word meaning
            if not oc:
                continue
            if _COMMON.search(r.q) and r.subject == fact.name:  # "the most common tags on critical tickets": each
                # link is one use of the tag, so the links are joined (and counted), not only tested for
                f.joins += [S(" JOIN {} b ON {} = {} JOIN {} o ON {} = {}").format(
                    rel(bt), ident("b", bcol), ident(T, refcol), rel(ot), ident("o", orefcol), ident("b", ocol))]
                for c, x in zip(oc, osaid):
                    f.add(c, f"{x} (through {bt.name})")
                r.used |= oused
                return
            f.add(S("{} IN (SELECT b.{} FROM {} b JOIN {} o ON {} = {}{})").format(
                ident(T, refcol), ident(bcol), rel(bt), rel(ot), ident("o", orefcol), ident("b", ocol), where(oc)),
                f"linked through {bt.name} to {oref} with {', '.join(osaid)}")
            r.used |= oused
            return


_CALENDAR_WORDS = {*MONTHS, "spring", "summer", "fall", "autumn", "winter", "monday", "tuesday", "wednesday",
                   "thursday", "friday", "saturday", "sunday", "christmas", "easter"}
_PROPER = re.compile(r"(?<=\s)([A-Z][a-z][\w&'.-]*(?:\s+(?:[A-Z][\w&'.-]*|&|of|and|de|la|van|von|du)(?![\w&'.-])){1,5})")


def name_filters(r: Read, cat: Catalog, fact: Table, f: Filters) -> None:
    """A proper name no value matched ("When did Delacroix Fire Protection LLC first order?"; never the question's
    first word, ``_PROPER`` wants a space before it): a filter on the name column of the fact or of a table it
    references, the one whose sampled names share a word with it ("LLC", "Fire"), else a referenced one."""
    known: set[str] | None = None
    for m in _PROPER.finditer(r.text.strip()):
        phrase = m.group(1).strip(" .")
        pw = words(phrase)
        if known is None and len(pw) >= 2:  # the values the catalog knows, read once a name is there
            known = {v.lower() for t in cat.tables.values() for c in t.columns.values() for v in c.values}
        if len(pw) < 2 \
                or any(i in r.used for i, w in enumerate(r.ws) if w in pw) or phrase.lower() in known \
                or any(w in forms(t) or f"{w}s" in forms(t) for w in pw for t in cat.tables) or re.match(r"(19|20)\d\d$", pw[-1]) \
                or any(" ".join(pw[k:k + 2]) in known for k in range(len(pw) - 1)) \
                or any(w in _CALENDAR_WORDS for w in pw):
            continue  # not a value or a table the catalog knows, nor "Spring and Fall" or "March"
        options = [(fact, T, [])]
        for col, ref, refcol in fact.fks:
            pt = cat.tables.get(ref)
            if pt is not None:
                a = f"f_{ref[:3]}"  # not n_: a listing joins the same parent as n_ for its name
                options.append((pt, a, [S(" JOIN {} {} ON {} = {}").format(rel(pt), ident(a), ident(a, refcol), ident(T, col))]))
        labelled = [(t, a, j, t.label_column()) for t, a, j in options if t.label_column() and t.columns[t.label_column()].is_text]
        if not labelled:
            return
        def shared(x):
            vals = {w for v in x[0].columns[x[3]].values for w in words(v)}
            return len(vals & set(pw))
        best = max(labelled, key=lambda x: (shared(x), x[0] is not fact))
        t, a, joins, lab = best
        f.joins += [j for j in joins if j not in f.joins]
        f.add(S("{} ILIKE {}").format(ident(a, lab), L("%" + phrase + "%")), f"{t.name}.{lab} contains {phrase}")
        r.used |= {i for i, w in enumerate(r.ws) if w in pw}
        return


def parent_filters(r: Read, cat: Catalog, fact: Table, f: Filters, hops: int = 3) -> None:
    """Values of the tables the fact references, nearest first, up to ``hops`` foreign keys away ("orders from
    customers in Germany", "employees who work in Lisbon" through department and site, "invoice lines of
    products in a category" through product and category). Only many-to-one joins: the fact's rows are not multiplied."""
    caps = capitalized(r.text)
    unset = {x.split(" ")[0] for x in f.said if x.split(" ")[1:3] == ["is", "NULL"]} \
        | {x.split(" ")[1] for x in f.said if x.startswith("no ") and len(x.split(" ")) > 1}
    parents = list(_parents(cat, fact, hops, unset))  # "tests not scheduled into a run yet" (batch_id is NULL): no
    # run's values filter them (its status 'RUN' would leave none)
    # "keep a car in the workshop" over "Workshop / maintenance jobs": the fact's own words filter no parent
    lead = {singular(w) for w in words(re.split(r"[.;:(]", fact.comment, maxsplit=1)[0]) if len(w) >= 4 and w not in STOP}
    r.used |= {i for i, w in enumerate(r.ws) if singular(w) in lead and len(w) >= 4}
    for whole_names in (True, False):  # "Jon Stephens": first the table that holds both words of a name
        for pt, palias, path in parents:
            pc, ps, pu = value_filters(pt, r.ws, palias, r.used, fact, exact=caps)
            if whole_names and not any(i in pu and i + 1 in pu for i in caps):
                continue
            if not whole_names and not nconds_of(f):  # a number compared with a column the referenced table has
                nc, ns = numeric_filters(pt, r.q, cat, palias, named=True)
                pc, ps = pc + nc, ps + ns
            if pc:
                f.joins += [j for j in path if j not in f.joins]
                f.conds += pc
                f.said += ps
                r.used |= pu


def _parents(cat: Catalog, fact: Table, hops: int, unset: set[str] = frozenset()):
    """(table, alias, the joins from the fact to it) of each table the fact references, nearest first (not through
    a foreign key of the fact's in ``unset``: one the question says is NULL)."""
    seen, todo = {fact.name}, [(fact, T, [])]
    while todo:
        table, alias, path = todo.pop(0)
        for pcol, pref, prefcol in table.fks:
            if pref in seen or pref not in cat.tables or len(path) >= hops or (table is fact and pcol in unset):
                continue
            seen.add(pref)
            pt, palias = cat.tables[pref], f"p{len(path) + 1}_{pref[:3]}"
            step = S(" JOIN {} {} ON {} = {}").format(rel(pt), ident(palias), ident(palias, prefcol), ident(alias, pcol))
            yield pt, palias, path + [step]
            todo.append((pt, palias, path + [step]))


def nconds_of(f: Filters) -> bool:
    """Whether a number of the question already filters the statement."""
    return any(re.search(r" [<>]=? \d| = \d", x) for x in f.said)


_SMALL = {w: i for i, w in enumerate(NUMBER_WORDS[:13])}  # zero to twelve


def id_filters(r: Read, cat: Catalog, fact: Table, f: Filters) -> None:
    """"order 1234", "order id 7": the key of the fact table; "orders of customer 42", "accounts of branch two":
    its foreign key."""
    ws = [str(_SMALL[w]) if w in _SMALL and i and r.ws[i - 1] not in STOP else w for i, w in enumerate(r.ws)]
    for m in [m for m in r.mentions if m.start >= 0]:  # a table implied, not named, has no id after its name
        if m.table == fact.name and m.end < len(ws) and fact.pk:
            nxt = ws[m.end]
            if nxt in ("id", "no", "number", "#") and m.end + 1 < len(ws):
                nxt = ws[m.end + 1]
            if nxt.isdigit() and not re.search(rf"\b{nxt}\s*[/-]\s*\d", r.text):  # typed as the key is ("part 66" of a
                # text part number is '66'); "season 2023/24" is a label, "order 2024-03-01" a date
                lit = L(int(nxt)) if fact.columns[fact.pk].is_numeric else L(nxt)
                f.add(S("{} = {}").format(ident(T, fact.pk), lit), f"{fact.pk} = {nxt}")
    for m in [m for m in r.mentions if m.start >= 0]:  # "item HV-10120", "order SO-2291": a code-like key
        code = _code_after(r, m)
        if code is None:
            continue
        if m.table == fact.name and fact.pk and not fact.columns[fact.pk].is_numeric:
            f.add(S("{} = {}").format(ident(T, fact.pk), L(code)), f"{fact.pk} = {code}")
        elif m.table == fact.name and (col := code_column(fact, code)):  # "account KST04126705": acct_no, not acct_id
            f.add(S("{} = {}").format(ident(T, col), L(code)), f"{col} = {code}")
        elif m.table != fact.name:
            link = cat.link(fact.name, m.table)
            if link and link[2] == fact.name and not fact.columns[link[0]].is_numeric:
                f.add(S("{} = {}").format(ident(T, link[0]), L(code)), f"{link[0]} = {code}")
            elif link and link[2] == fact.name and (col := code_column(cat.tables[m.table], code)):
                # "the holder of account KST04108862": the row whose own code it is, through the numeric key
                f.add(S("{} IN (SELECT {} FROM {} WHERE {} = {})").format(
                    ident(T, link[0]), ident(link[1]), rel(cat.tables[m.table]), ident(col), L(code)),
                    f"{m.table}.{col} = {code}")
    for m in [m for m in r.mentions if m.start >= 0]:
        if m.table != fact.name:
            link = cat.link(fact.name, m.table)
            if link and link[2] == fact.name and m.end < len(ws):
                nxt = ws[m.end + 1] if ws[m.end] in ("id", "no", "number") and m.end + 1 < len(ws) else ws[m.end]
                if nxt.isdigit() and not re.search(rf"\b{nxt}\s*[/-]\s*\d", r.text):  # "season (2023/24)": a label
                    lit = L(int(nxt)) if fact.columns[link[0]].is_numeric else L(nxt)
                    f.add(S("{} = {}").format(ident(T, link[0]), lit), f"{link[0]} = {nxt}")


def _code_after(r: Read, m) -> str | None:
    """The code written right after a table's word, letters and digits with a dash ("item HV-10120", "booking
    000DDB"), or None."""
    word = re.escape(r.ws[m.end - 1])
    hit = re.search(rf"\b{word}\w*\s+(?:no\.?\s+|number\s+|#\s*|id\s+)?([A-Za-z]+[-_/.]?\d[\w-]*|\d+[-_/][\w-]+|"
                    rf"\d+(?!(?:st|nd|rd|th|s)\b)[A-Za-z][\w-]*)", r.text, re.I)
    return hit.group(1) if hit else None


def code_column(t: Table, code: str) -> str | None:
    """The text column of ``t`` whose values are written like ``code`` (as long, the same leading letters, digits
    where it has digits): "KST04126705" → acct_no when its values are 'KST04108064', ...; None when not exactly one."""
    def shape(v: str) -> str:
        return re.sub(r"[A-Za-z]", "a", re.sub(r"\d", "9", v))

    if any(code.lower() in (v.lower() for v in c.values) for c in t.columns.values()):
        return None  # a value the catalog lists: the value filters read it
    hits = []
    for c in t.columns.values():
        vals = [v for v in c.values or c.samples if v]
        if not c.is_text or len(vals) < 5:
            continue
        prefix = re.match(r"[A-Z]*", os.path.commonprefix([v.upper() for v in vals])).group()  # the letters all share
        same = sum(1 for v in vals if len(v) == len(code) and (shape(v) == shape(code) or prefix))
        if same >= 0.8 * len(vals) and code.upper().startswith(prefix) and (prefix or shape(vals[0]) == shape(code)):
            hits.append(c.name)
    return hits[0] if len(hits) == 1 else None


def window_filter(r: Read, cat: Catalog, fact: Table, f: Filters) -> None:
    """The window on the fact's time column, or on its parent's (order_items has no time: its order has); a year
    said with a whole-number column's word ("the 2024 season", "intake 2023") is that column's value."""
    yr = _year_column(r, fact)
    if yr is not None:
        col, year, pos = yr
        r.used.update(pos)
        f.add(S("{} = {}").format(ident(T, col), L(year)), f"{col} = {year}")
        return
    table, alias = fact, T
    if not fact.time_columns() and (yc := _years_between(r, fact)) is not None:
        f.add(yc[0], yc[1])  # "vessels built before 2005": built_yr < 2005
        return
    if not fact.time_columns():
        parent = next(((cat.tables[ref], col, refcol) for col, ref, refcol in fact.fks
                       if cat.tables[ref].time_columns()), None)
        if parent is None:
            return
        table, alias = parent[0], "w"
        f.joins.append(S(" JOIN {} w ON {} = {}").format(rel(table), ident("w", parent[2]), ident(T, parent[1])))
    col, pos = time_column(table, r.ws, r.window_pos)
    valid = validity(table)
    if valid and not pos and table is fact and (_one_day_window(r.window) or (
            r.window.low is not None and r.window.high is not None and not (r.count or r.n or r.sum or r.avg))):
        # "who held account X on New Year's Day 2024", "holders as of 30 June": the rows valid that day; "the list
        # price of the Standard plan in March 2023": the rows valid at some time in that month
        start, end = valid
        high = r.window.high if r.window.high is not None else S("current_date + 1")
        f.add(valid_during(alias, valid, r.window.low, high), f"valid {r.window.phrase} ({start} to {end})")
        return
    if col:
        r.used.update(pos)
        f.add(S(" AND ").join(window_conds(alias, col, r.window)), f"{col} {r.window.phrase}")  # one condition, one phrase


def _years_between(r: Read, fact: Table) -> tuple[psql.Composable, str] | None:
    """A window of whole years ("before 2005", "in 2001", "between 2000 and 2005") on the one whole-number column of
    years of a table with no date (built_yr) — the one the question's words name when there are several."""
    years = [c for c in fact.columns.values() if "int" in c.type and c.name != fact.pk and _holds_years(c)]
    if len(years) > 1:
        years = [c for c in years if set(name_parts(c.name)) & {x for w in r.ws for x in forms(w)}]
    bounds = [re.fullmatch(r"'(\d{4})-01-01'::date", b) if b else True for b in (r.window.lower, r.window.upper)]
    if len(years) != 1 or not all(bounds) or bounds == [True, True]:
        return None
    col, conds = years[0].name, []
    if bounds[0] is not True:
        conds.append(S("{} >= {}").format(ident(T, col), L(int(bounds[0].group(1)))))
    if bounds[1] is not True:
        conds.append(S("{} < {}").format(ident(T, col), L(int(bounds[1].group(1)))))
    return S(" AND ").join(conds), f"{col} {r.window.phrase}"


def _whole_number_col(fact: Table, w: str):
    """The whole-number column (not a key) the word ``w`` names, or None."""
    hit = column_word(fact, [w], numeric=True)
    c = fact.columns.get(hit[0]) if hit else None
    if c is None or "int" not in c.type or c.name == fact.pk or c.name in {x for x, _, _ in fact.fks}:
        return None
    return c


def _year_column(r: Read, fact: Table) -> tuple[str, int, set[int]] | None:
    """(column, year, word positions) when a year in the question is said with the word of a whole-number column
    that holds years ("for the 2024 season": season smallint), not a date."""
    for i, w in enumerate(r.ws):
        if not (re.fullmatch(r"(19|20)\d\d", w)):
            continue
        for j in (i + 1, i - 1):
            if not 0 <= j < len(r.ws) or r.ws[j] in STOP:
                continue
            c = _whole_number_col(fact, r.ws[j])
            if c is not None:
                return c.name, int(w), {i, j}
    return None


def _holds_years(c) -> bool:
    """A whole-number column of years: its name says so (season, built_yr) or its comment does."""
    return bool(set(name_parts(c.name)) & _YEARS_NAMED or re.search(r"\byears?\b", c.comment, re.I))


_CALENDAR_UNITS = {"year", "years", "month", "months", "week", "weeks", "day", "days", "quarter", "quarters"}
_YEARS_NAMED = {"year", "yr", "season", "fy", "intake", "cohort"}  # whole-number columns that hold a year
_YEAR_STEP = {"this": 0, "current": 0, "present": 0, "last": -1, "previous": -1, "next": 1, "coming": 1}


def _this_year_column(r: Read, cat: Catalog, fact: Table) -> tuple[str, int, set[int]] | None:
    """"active for this season", "last season's fees": the year a whole-number column of years holds for the year
    the data's today falls in (the snapshot's clock, else today), or the one before or after."""
    for i, w in enumerate(r.ws[:-1]):
        if w not in _YEAR_STEP or r.ws[i + 1] in STOP or r.ws[i + 1] in _CALENDAR_UNITS:
            continue  # "this year", "last month": windows on a date
        c = _whole_number_col(fact, r.ws[i + 1])
        if c is None:
            continue
        if not _holds_years(c):
            continue  # "this batch", "the current stage": a number that is no year
        today = dt.date.fromisoformat(cat.clock[2]) if cat.clock else dt.date.today()
        return c.name, today.year + _YEAR_STEP[w], {i, i + 1}
    return None


_VALID_FROM = {"from", "start", "begin", "effective", "valid"}
_VALID_TO = {"to", "end", "until", "thru", "till", "expiry"}


def validity(t: Table) -> tuple[str, str] | None:
    """(start, end) of a row's validity (valid_from / valid_to, effective_start / effective_end; the end NULL while
    it holds), or None when the table keeps no such range."""
    cols = [c for c in t.time_columns() if not c.audit]
    start = [c.name for c in cols if set(name_parts(c.name)) & _VALID_FROM and not set(name_parts(c.name)) & _VALID_TO]
    end = [c.name for c in cols if c.nullable and set(name_parts(c.name)) & _VALID_TO]
    return (start[0], end[0]) if len(start) == 1 and len(end) == 1 else None


def valid_during(alias: str, valid: tuple[str, str], low: psql.Composable,
                 high: psql.Composable | None = None) -> psql.Composable:
    """Rows valid at some time in [low, high) — or on the day ``low`` when no ``high`` — of a (start, end) range
    whose end is NULL while it holds."""
    start, end = ident(alias, valid[0]), ident(alias, valid[1])
    starts = S("{} <= {}").format(start, low) if high is None else S("{} < {}").format(start, high)
    return S("{} AND ({} IS NULL OR {} >= {})").format(starts, end, end, low)


def _one_day_window(w) -> bool:
    """A window of one day ("on 1 January 2024", "today"): a point in time for rows valid over a range."""
    if w is None or w.low is None:
        return False
    if w.phrase == "today":
        return True
    days = re.findall(r"'(\d{4}-\d{2}-\d{2})'", f"{w.lower} {w.upper}")
    return len(days) == 2 and (dt.date.fromisoformat(days[1]) - dt.date.fromisoformat(days[0])).days == 1


def flag_filters(r: Read, fact: Table, f: Filters, cat: Catalog) -> None:
    """Out of stock, "named O'Brien", and boolean columns ("active employees", "inactive", "not active")."""
    if r.stock:
        scol = next((c for c in fact.columns if "stock" in c and fact.columns[c].is_numeric), None)
        if scol:
            f.add(S("{} <= 0").format(ident(T, scol)), f"{scol} <= 0")
    elif re.search(r"\b(?:in stock|(?:showing|with|having|has|have|holding) (?:any )?stock|stock on hand)\b", r.q):
        keys = {fact.pk, *(c for c, _, _ in fact.fks)}
        held = [c for c in fact.columns if fact.columns[c].is_numeric and c not in keys and not c.lower().endswith("id")
                and ("on_hand" in c.lower() or "onhand" in c.lower() or "stock" in name_parts(c))]
        if len(held) == 1:  # "batches still showing stock on hand": some left
            f.add(S("{} > 0").format(ident(T, held[0])), f"{held[0]} > 0")
    named = re.search(r"\b(?:named|called)\s+['\"]?([A-Za-z][\w'.-]*(?:\s+[A-Z][\w'.-]*)?)", r.text)
    lab = fact.label_column()
    if named and lab:
        f.add(S("{} ILIKE {}").format(ident(T, lab), L("%" + named.group(1).strip("'\"") + "%")),
              f"{lab} contains {named.group(1)}")
    ended_filters(r, fact, f, cat)
    null_filters(r, fact, f)
    missing_filters(r, fact, f)
    positive_filters(r, fact, f)
    for c in [*fact.columns.values(), *fact.keys.values()]:
        flag = c.type == "boolean" or (c.key_of and {v.lower() for v in c.values} <= {"true", "false"} and c.values)
        # "discontinued integer" with a comment "1 = no longer sold, 0 = active": a flag kept as 0/1
        number = not flag and c.is_numeric and not c.key_of and {m.code for m in meanings(c)} == {0, 1}
        if not (flag or number):
            continue
        ref = column_ref(T, c) if c.key_of else ident(T, c.name)
        expr = S("({})::boolean").format(ref) if c.key_of else ref
        name = c.shown
        stem = c.name.lower().removeprefix("is_").removeprefix("has_")
        if flag and not re.search(rf"\b{re.escape(stem)}\b", r.q) and not meant_value(c, r.ws, set(), table_words(fact)):
            # "OnlineOrderFlag": online; "mkt_opt_in": marketing (a part that is a word names only itself) — unless
            # its comment's meanings already read the question ("leaving out reversed payments": rev_flg's)
            own = {singular(p) for p in name_parts(fact.name)}
            parts = [p for p in name_parts(c.name) if len(p) >= 3 and singular(p) not in own and p not in STOP
                     and p not in ("flag", "flg", "indicator", "ind", "bool", "yes")]
            stem = next((w for p in parts for w in r.ws if w not in STOP and len(w) >= 4
                         and (w == p or w == singular(p) or singular(w) == p or (p not in vocabulary() and abbreviates(p, w))
                              or (w.endswith("ed") and stem_word(w) == stem_word(p)
                                  and not any(stem_word(w) == stem_word(x) for tc in fact.time_columns()
                                              for x in name_parts(tc.name))))), stem)
            # "voided": void_fl — not "opened in 2020" of an open_24h flag when opened_on says when
        if _WHEN.match(r.q) and any(_names_date(tc, w) for tc in fact.time_columns()
                                    for w in (stem, stem + "ed", stem + "d", PAST.get(stem, stem))):
            continue  # "when did our Kilkenny club open?": the day it opened (opened_on), not the open_24h flag
        yes, no = (S("{} = 1").format(expr), S("{} = 0").format(expr)) if number else (expr, S("NOT {}").format(expr))
        at = [i for i, w in enumerate(r.ws) if w == stem]
        q = r.q + " | " + re.sub(r"(?<=[a-z])-(?=[a-z])", "", r.q)  # "Wi-Fi" names a wifi flag too
        if re.search(rf"\b(in|un|not |non-?|without (a |an |any )?(\w+ )?|opted out of (\w+ )?){re.escape(stem)}\b", r.q) \
                or any(excluded(r.ws, i) for i in at) \
                or (re.search(rf"\bfail(?:ed|s|ing)?\s+(?:the\s+|its\s+|their\s+)?(?:\w+\s+)?{re.escape(stem)}\b", r.q)
                    and re.search(r"\b(?:pass|passed|ok|succeeded|successful)\b", c.comment.lower())):
            # "leaving out waived fees", "not counting voided payments", "failed system suitability" of a passed flag
            f.add(no, f"{name} = {0 if number else 'false'}")
        elif re.search(rf"\b{re.escape(stem)}\b", q):
            f.add(yes, f"{name} = {1 if number else 'true'}")
        else:
            continue
        r.used |= {i for i, w in enumerate(r.ws) if w == stem or w in name_parts(c.name)}  # "credit hold" is read


_NO_LONGER = re.compile(r"\bno longer (?:being |on |in )?(\w+)|\bnot (\w+) any ?more\b")


_EXCLUDE_FROM = re.compile(r"\bexclud\w*\s+(?:\w+\s+){0,2}from\s+(?:the\s+|all\s+)?(revenue|totals?|balances?|sums?|"
                           r"reporting|reports?|statistics|averages?)\b|\bnot (?:be )?(?:counted|included) in (?:the )?"
                           r"(revenue|totals?|balances?|reporting|reports?|statistics)\b")


def comment_exclusions(fact: Table, f: Filters) -> None:
    """Rows a column's comment says are left out of totals ("void_flg: true = line voided ... must be excluded from
    revenue and balances"; "qf: 1 = suspect, exclude from reporting"): left out of a sum or an average, said so."""
    for c in fact.columns.values():
        if any(x.split(" ")[0] == c.name for x in f.said):
            continue  # the question already says what to do with them
        said = _EXCLUDE_FROM.search(c.comment.lower()) if c.type == "boolean" else None
        if said and re.match(r"\s*true\s*=", c.comment.lower()):
            f.add(S("{} IS NOT TRUE").format(ident(T, c.name)),
                  f"{c.name} is not true (its comment: excluded from {said.group(0).split()[-1]})")
            continue
        for m in meanings(c):
            if not isinstance(m.code, bool) and _EXCLUDE_FROM.search(m.said.lower()):
                f.add(S("{} IS DISTINCT FROM {}").format(ident(T, c.name), L(m.code)),
                      f"{c.name} is not {m.code} (its comment: {m.said})")


_CLOSES = {"to", "thru", "close", "closes", "closing"}  # the end of a period whose every row has one (close_dt)
_BEGINS = _STARTS | {"open", "opening", "effective"}  # a period's first day (open_dt), besides a season's start
_UNENDED = {"open", "active", "running", "ongoing", "outstanding", "unresolved", "pending", "live", "valid", "unpaid",
            "employed", "serving", "working", "alive", "underway"}
_ENDED_SAID = re.compile(r"\bno longer\b|\b(ended|stopped|discontinued|withdrawn|left|ceased)\b")


def ended_filters(r: Read, fact: Table, f: Filters, cat: Catalog) -> None:
    """"products no longer sold": the nullable end date of what the verb names (SellEndDate, "Date the product was
    no longer available for sale") IS NOT NULL — or the table's one end date. "Counting ones we no longer sell"
    includes them: no filter at all. Either way the words are read, so no other filter takes them."""
    m = _NO_LONGER.search(r.q)
    still = re.search(r"\b(currently|still|presently|at present|at the moment|right now|as of now|as we speak)\b", r.q)
    if still and re.match(r"\s+(?:not|no|never|\w+n't|\w+n’t)\b", r.q[still.end():]):
        still = None  # "deposits that still haven't been registered": the negated verb's, not a state still going
    at = r.mentions[0].start if r.mentions else -1
    current = still is None and at > 0 and r.ws[at - 1] == "current" and r.subject == fact.name
    if current:
        still = re.search(r"\b(current)\b", r.q)  # "who are the current moderators"
    if not m:
        ending = [c for c in fact.time_columns() if c.nullable and not c.audit and (
            set(name_parts(c.name)) & (ENDING | {"to", "thru"}) or ((still or current) and says_still(c)))]
        says = NULL_SAYS.search(ending[0].comment) if len(ending) == 1 else None
        if still and not ending:  # "the current salary" of a history whose open end is a date far ahead
            ahead = [c for c in fact.time_columns() if not c.nullable and not c.audit
                     and set(name_parts(c.name)) & (ENDING | _CLOSES)]
            active = [c for c in fact.columns.values() if c.type == "boolean" and set(name_parts(c.name)) - {"is"}
                      <= {"active", "current", "live", "enabled"} and r.subject == fact.name]
            begun = [c for c in fact.time_columns() if c not in ahead and not c.audit
                     and set(name_parts(c.name)) & _BEGINS] if len(ahead) == 1 and set(name_parts(ahead[0].name)) & _CLOSES \
                - {"to", "thru"} else []  # (a history's far-off to_date: below)
            if len(begun) == 1:  # "exhibitions open at the moment": opened by today and not closed before it
                today = anchored(Window("today", S("current_date")), cat).low
                f.add(S("{} <= {} AND {} >= {}").format(ident(T, begun[0].name), today, ident(T, ahead[0].name), today),
                      f"{begun[0].name} to {ahead[0].name} spans today ({still.group(1)})")
            elif len(ahead) == 1:
                f.add(S("{} > current_date").format(ident(T, ahead[0].name)),
                      f"{ahead[0].name} after today ({still.group(1)})")
            elif len(active) == 1 and not set(name_parts(active[0].name)) & {w.removeprefix("in") for w in r.ws}:
                f.add(ident(T, active[0].name), f"{active[0].name} ({still.group(1)})")  # "promoters still working with us"
            return
        if still and len(ending) == 1 and (not says or re.search(r"\b(still|current|currently|active|open|not yet)\b",
                                                                   says.group(1).lower())):
            # "people currently in the department", "crew members still employed" (NULL = still employed)
            after = words(r.q[still.end():])[:2]  # "questions currently closed": the end itself, now
            after += words(r.q[:still.start()])[-1:] if still.group(1) not in ("still", "currently") else []  # "closed now"
            own = set(name_parts(fact.name))  # "plant currently on hire": off_hire_dt's "hire" is the table's name
            if any(len(w) >= 4 and w in forms(p) for w in after for p in set(name_parts(ending[0].name)) - own):
                f.add(S("{} IS NOT NULL").format(ident(T, ending[0].name)), f"{ending[0].name} set ({still.group(1)})")
            else:
                if set(name_parts(ending[0].name)) & {"end", "to", "thru", "until", "expiry"}:
                    # an end date set ahead ("serving their notice") is not over yet
                    today = anchored(Window("today", S("current_date")), cat).low
                    f.add(S("({} IS NULL OR {} >= {})").format(ident(T, ending[0].name), ident(T, ending[0].name),
                                                               today),
                          f"no {ending[0].name} ({still.group(1)}), or one after today")
                else:
                    f.add(S("{} IS NULL").format(ident(T, ending[0].name)), f"no {ending[0].name} ({still.group(1)})")
                nxt = len(words(r.q[:still.end()]))  # "disputes still open": the unset end says it, no status 'OPEN'
                if nxt < len(r.ws) and (r.ws[nxt] in _UNENDED or (says and r.ws[nxt] in words(says.group(1).lower()))):
                    r.used.add(nxt)
        return
    at = len(words(r.q[:m.start()]))
    r.used |= set(range(at, at + len(words(m.group(0)))))
    if re.search(r"\b(counting|including|incl|even|plus|as well as)\b(?:\W+\w+){0,4}\W+(?:no longer|not \w+ any ?more)",
                 r.q):
        return
    verb = m.group(1) or m.group(2)
    base = {v for v, past in PAST.items() if past == verb} | {verb}
    ending = [c for c in fact.time_columns() if c.nullable and not c.audit
              and (set(name_parts(c.name)) & ENDING or _ENDED_SAID.search(c.comment.lower()))]

    def names(c) -> bool:
        said = set(name_parts(c.name)) | set(words(c.comment))
        return any(len(os.path.commonprefix([b, x])) >= min(4, len(b)) for b in base for x in said if len(x) >= 3)

    named = [c for c in ending if names(c)]
    col = named[0] if len(named) == 1 else (ending[0] if len(ending) == 1 else None)
    if col is not None:
        f.add(S("{} IS NOT NULL").format(ident(T, col.name)), f"{col.name} set (no longer {verb})")


_GOT = re.compile(r"\b(got|get|gets|getting|had|has|have|having|with|received|receive|given)\s+(a|an|any|some)\s+$")


def positive_filters(r: Read, fact: Table, f: Filters) -> None:
    """"order lines that got a discount", "invoices with a late fee": a number column that is never NULL, above 0."""
    keys = {fact.pk, *(c for c, _, _ in fact.fks)}
    for i, w in enumerate(r.ws):
        if i in r.used or not _GOT.search(" " + " ".join(r.ws[max(0, i - 3):i]) + " "):
            continue
        hit = column_word(fact, r.ws[i:i + 1], numeric=True)
        col = fact.columns.get(hit[0]) if hit else None
        if col is None or col.name in keys or col.nullable or col.is_time:
            continue
        f.add(S("{} > 0").format(ident(T, col.name)), f"{col.name} > 0")
        r.used.add(i)


_NOT_YET = re.compile(r"\b(not|never|no|without|yet|still|un\w+|pending|outstanding|missing|waiting|awaiting|rather than|"
                      r"instead of)\b")


def null_filters(r: Read, fact: Table, f: Filters) -> None:
    """A date that may be NULL, named by a word the question says ("not returned yet", "patients who are
    retired"): IS NULL after a negation near it, else IS NOT NULL. Only for counts and listings, for a column
    no window or value already used."""
    if not (r.avg or r.sum or r.max or r.min or r.window) and _left_filter(r, fact, f):
        return  # "which specialists have left the firm": left_on set, though its comment says "NULL = still with the firm"
    if said_null_filter(r, fact, f) or r.avg or r.sum or r.max or r.min or r.window:
        return
    known = {v.lower() for c in fact.columns.values() for v in c.values}
    parts = {p for c in fact.time_columns() for p in name_parts(c.name) if len(p) == 4}  # "left": left_on
    for i, w in enumerate(r.ws):
        if i in r.used or (len(w) < 5 and w not in parts) or w in known:  # "cancelled": a status, no missing date
            continue
        col = next((c for c in fact.time_columns() if c.nullable and _names_date(c, w)), None)
        if col is None or any(x.split(" (")[0] in (f"{col.name} set", f"no {col.name}") for x in f.said):
            continue  # ("currently closed" already read it)
        near = " ".join(r.ws[max(0, i - 3): i + 2])
        if _NOT_YET.search(near) or re.search(r"\bstill out\b|\bnot back\b", r.q):
            f.add(S("{} IS NULL").format(ident(T, col.name)), f"no {col.name}")
        else:
            f.add(S("{} IS NOT NULL").format(ident(T, col.name)), f"{col.name} set")
        r.used.add(i)
        return


_LEFT = re.compile(r"\b(left|quit|resigned|departed|moved on)\b(?!\s+(?:join|hand|side|wing|over|behind)\b)")
_LEAVING_PARTS = {"left", "leave", "leaving", "term", "termination", "terminated", "exit", "resigned", "departed"}
_EMPLOYED = re.compile(r"\bnull\s*(?:=|:|means)\s*(?:still|currently)\s+(?:employed|working|with us|on staff|"
                       r"with the (?:firm|company|business|practice|club))\b", re.I)


def _left_filter(r: Read, fact: Table, f: Filters) -> bool:
    """"Which staff have left the company?": the one nullable date that ends a person's time with us (leave_dt,
    term_on, or a comment "NULL = still employed") is set — or not set, "who haven't left"."""
    m = _LEFT.search(r.q)
    if not m:
        return False
    at = len(words(r.q[:m.start()]))
    if at in r.used:
        return False
    gone = [c for c in fact.time_columns() if c.nullable and not c.audit
            and (set(name_parts(c.name)) & _LEAVING_PARTS or _EMPLOYED.search(c.comment))]
    if len(gone) != 1 or any(gone[0].name in x for x in f.said):
        return False
    if re.search(r"(?:\bnot|\bnever|n't|n’t|\byet to)\s+(?:\w+\s+)?$", r.q[:m.start()]):
        f.add(S("{} IS NULL").format(ident(T, gone[0].name)), f"no {gone[0].name} (not {m.group(1)})")
    else:
        f.add(S("{} IS NOT NULL").format(ident(T, gone[0].name)), f"{gone[0].name} set ({m.group(1)})")
    r.used.add(at)
    return True


_HAVING = re.compile(r"\b(have|has|having|with)\s+(an?|any|their|its)\s+$")
_ON_FILE = re.compile(r"\bon file\b|\b(recorded|listed|provided|filled in|given)\b|\b(percent|percentage|share|proportion)\b")


def missing_filters(r: Read, fact: Table, f: Filters) -> None:
    """"customers with no email address", "claims still waiting for an adjuster": IS NULL on the nullable column
    named right after the word that says it is missing (a key of another table as well: adjuster_id); "customers
    that have a company name on file": IS NOT NULL (only with such a cue, or for a share)."""
    named = {i for m in r.mentions[1:] for i in range(m.start, m.end)}  # "an adjuster": the table, or the key to it
    for i, _ in enumerate(r.ws):
        if i in r.used and i not in named:
            continue
        before = " " + " ".join(r.ws[max(0, i - 3):i]) + " "
        null = bool(MISSING.search(before))
        if null and any(j in r.null_read and r.ws[j] in _NEGATING for j in range(max(0, i - 3), i)):
            continue  # "no Right to Rent check on file": the "no" a comment's NULL meaning already read
        if not null and not (i not in r.used and _HAVING.search(before) and _ON_FILE.search(r.q)):
            continue
        hit = said_column(fact, r.ws, i)
        col = fact.columns.get(hit[0]) if hit else None
        if col is None and fact.keys:  # "no e-mail address in the contact details": a key of its jsonb
            hit = said_column(Table(fact.schema, fact.name, fact.kind, columns=dict(fact.keys)), r.ws, i)
            col = fact.keys.get(hit[0]) if hit else None
        if col is None or not col.nullable or hit[0] == fact.pk or any(hit[0] in x for x in f.said):
            continue
        name = col.shown
        if null:
            f.add(S("{} IS NULL").format(column_ref(T, col)), f"no {name}")
        else:
            f.add(S("{} IS NOT NULL").format(column_ref(T, col)), f"{name} set")
        r.used |= {i} | ({i + 1} if hit[1] == i + 1 or column_word(fact, r.ws[i + 1:i + 2]) == (hit[0], 0) else set())


_NEGATIONS = {"not", "never", "no"}
_SYNONYM = {"living": "alive", "live": "alive", "dead": "deceased", "died": "deceased", "unpaid": "paid",
            "waiting": "awaiting"}
_DENIED = re.compile(r"\b(not|never|no|nobody|without|non|isn|aren|wasn|weren|hasn|haven|hadn|didn|doesn|don|rather than|"
                     r"instead of|yet|waiting|awaiting|pending)\b")  # "waiting to be assigned": not assigned yet


_NEGATING = {"not", "never", "no", "nobody", "without", "isn", "aren", "wasn", "weren", "hasn", "haven", "hadn",
             "didn", "doesn", "don"}
_CLAUSE = {"and", "but", "or", "which", "that", "who", "whose", "where", "while", "when", "if", "because"}


def _negation_before(ws: list[str], i: int, reach: int = 6) -> int | None:
    """The word that negates the phrase ending at word ``i``: up to ``reach`` words back, within its clause."""
    for j in range(i - 1, max(-1, i - reach - 1), -1):
        if ws[j] in _CLAUSE:
            return None
        if ws[j] in _NEGATING:
            return j
    return None


def said_null_filter(r: Read, fact: Table, f: Filters) -> bool:
    """A column whose comment says what NULL means ("NULL = active account", "NULL = not shipped yet") and a
    question word that says it: IS NULL, or IS NOT NULL when the question negates what the comment says
    ("inactive accounts", "shipped orders")."""
    found = False
    for c in fact.columns.values():
        m = NULL_SAYS.search(c.comment)
        if not m or not c.nullable or any(x.startswith(f"no {c.name} (") for x in f.said):
            continue  # (a column "still"/"currently" already read as not ended)
        meaning = m.group(1).lower()
        said = [w for w in re.findall(r"[a-z]+", meaning) if w not in STOP and len(w) >= 4
                and w not in ("also", "still", "account", "value", "known", "none")]
        own = {singular(p) for p in name_parts(fact.name)} | {singular(w) for w in words(fact.comment)[:2]}
        strong = [w for w in said if singular(w) not in own]  # "NULL = aircraft owned by us": "owned" says it

        def says_one(w: str, x: str) -> bool:
            if w == x:
                return True  # "unpaid" for "NULL = unpaid" (not its synonym "paid")
            w = _SYNONYM.get(w, w)  # "living" dogs for "NULL = alive"
            if w.startswith("un") and len(w) >= 8 and x == w[2:]:  # "unanswered" says "answered", negated
                return True
            return (len(os.path.commonprefix([w, x])) >= max(4, len(w) - 2) or (
                len(w) >= 6 and stem_word(w) == stem_word(x))) and (x, w) != ("open", "opened")  # "acknowledging"

        def says(w: str) -> bool:  # "opened" is created, not open
            return len(w) >= 4 and any(says_one(w, x) for x in said)

        matched = {x for i, w in enumerate(r.ws) if i not in r.used for x in strong if says_one(w, x)}
        # one word is enough when it is the meaning's own verb and the question denies it ("tickets nobody has
        # answered yet" for "NULL = the customer has never been answered")
        denied_verb = len(matched) == 1 and re.search(r"\b(not|never|no)\b", meaning) and any(
            (w == x or stem_word(w) == stem_word(x)) and x.endswith("ed")
            and (_DENIED.search(" ".join(r.ws[max(0, i - 4):i + 2])) or _negation_before(r.ws, i) is not None)
            for i, w in enumerate(r.ws) if i not in r.used for x in matched)
        if (len(matched) < min(2, len(strong)) and not denied_verb) or not strong:
            continue  # "policies sold per agent" names no "NULL = sold directly through the website"
        for i, w in enumerate(r.ws):
            if i in r.used or not says(w):
                continue
            # "still employed": the meaning's own words are no negation, except a negation it shares with the
            # question ("never had their licence verified" for "NULL = licence never verified")
            near = " ".join(x for x in r.ws[max(0, i - 3): i + 2] if x not in meaning.split() or x in _NEGATIONS)
            # a word of the meaning itself is negated only in so many words ("not open"), not by "outstanding
            # reserve on open claims"; another word that names it may say "pending" or "outstanding"
            said_word = any(says_one(w, x) and x == w for x in said)
            neg = _negation_before(r.ws, i)  # "no Right to Rent check on file", "haven't been registered with a
            # protection scheme": a negation that opens the phrase, further back than the words just before
            asked_not = bool((_DENIED if said_word else _NOT_YET).search(near)) or neg is not None \
                or (w.startswith(("in", "un")) and not said_word)  # ("unpaid" for "NULL = unpaid" denies nothing)
            null = asked_not == bool(re.search(r"\b(not|never|no)\b", meaning))
            f.add(S("{} IS NULL" if null else "{} IS NOT NULL").format(ident(T, c.name)),
                  f"{c.name} {'is NULL' if null else 'set'} (its comment: {m.group(0).strip()})")
            r.null_read |= {j for j, x in enumerate(r.ws) if j == i or says(x)} | ({neg} if neg is not None else set())
            r.used |= r.null_read
            found = True  # another column's NULL meaning may be said too ("cleared ... without anybody acknowledging")
            break
    return found


def _names_date(c, w: str) -> bool:
    """Whether word ``w`` names date column ``c``: a part of its name or a word of its comment that ``w`` starts
    with ("shipped" → shipped_at, "retired" → a comment "date of retirement (retired on)")."""
    parts = [p for p in re.split(r"[_\W]+", c.name.lower()) if (len(p) >= 5 or (len(p) == 4 and p == w))
             and p not in ("date", "time")]  # "left" names left_on as it is
    first = first_clause(c.comment)  # later sentences explain other things
    said = [x for x in re.findall(r"[a-z]{5,}", first) if x not in ("while", "which", "there", "timestamp")
            and x not in QUESTION_WORDS]  # "Date the (first) shipment left": "first" asks, it names no date
    return any(w.startswith(p) and len(w) - len(p) <= 3 for p in parts + said)


# --------------------------------------------------------------------------- the measure and the statement


def which_measure(fact: Table, kind: str, f: Filters) -> Query:
    """The question asks for an average but names no column the table has: the candidates, asked back."""
    keys = {fact.pk, *(c for c, _, _ in fact.fks)}
    nums = [c.name for c in fact.columns.values() if c.is_numeric and c.name not in keys
            and not c.name.lower().endswith("id")]
    word = "average" if kind == "avg" else "median"
    if not nums:
        text = f"{fact.qname} has no numeric column to take the {word} of; which table or column do you mean?"
    else:
        text = (f"Which column of {fact.qname} should I take the {word} of{f.said_text()}: "
                + ", ".join(f"`{n}`" for n in nums[:8]) + "? Ask again naming it, e.g. "
                f"\"{word} {nums[0].replace('_', ' ')} of {fact.name}\".")
    return Query("", "ask", fact.name, text)


def spanned(r: Read, fact: Table, f: Filters, group: Group | None, asc: bool, sp: Span, kind: str) -> Query:
    """An aggregate of a difference of two columns ("average length of stay", "longest delivery time")."""
    if re.search(r"\blongest\b", r.q):
        kind = "max"
    elif re.search(r"\bshortest\b|\bquickest\b|\bfastest\b", r.q):
        kind = "min"
    elif kind not in MEASURED and re.search(r"\bhow many (?:\w+ )?(?:hours|minutes|days|weeks)\b", r.q) \
            and not re.search(r"\b(average|mean|typical|typically|usually|normally|per)\b", r.q):
        kind = "sum"  # "how many hours did the presses sit idle this year": the time added up, not its mean
    elif kind not in MEASURED:
        kind = "avg"  # "how long does delivery take": the typical (mean) time
    f.joins += [j for j in sp.joins if j not in f.joins]
    inner = {"avg": S("avg({})"), "sum": S("sum({})"), "max": S("max({})"), "min": S("min({})"),
             "median": S("percentile_cont(0.5) WITHIN GROUP (ORDER BY {})")}[kind].format(sp.expr)
    agg, label = S("round(({})::numeric, 2)").format(inner), f"{kind}_{sp.label}"
    what = f"{sp.said}, over {fact.name}{f.said_text()}"
    if group is not None:
        return grouped(r, fact, f, group, agg, label, asc, f"{kind} of {what} per {group.name}")
    sql = S("SELECT {} AS {} FROM {} t{}{}").format(agg, ident(label), rel(fact), f.join(), f.where())
    return query(sql, kind, fact.name, f"{kind} of {what}", label)


def grouped_has_values(f: Filters, name: str) -> None:
    """A breakdown by a column counts the rows that have one: "the most common reason for a failed delivery" keeps
    no "fail_cd is NULL" (a comment's "NULL when delivered" met the word "delivery"), which would leave no group."""
    drop = [c for c, x in zip(f.conds, f.said) if x.startswith((f"{name} is NULL", f"no {name} (")) or x == f"no {name}"]
    if drop:
        f.said = [x for c, x in zip(f.conds, f.said) if c not in drop]
        f.conds = [c for c in f.conds if c not in drop]
        f.base = [c for c in f.base if c not in drop]


def percent(r: Read, fact: Table, f: Filters, kind: str) -> Query | None:
    """"what percentage of orders are cancelled": the share of rows the values pick, of the rows in the window."""
    said = re.search(r"\b(percent(age)?|share|proportion|fraction|ratio|rate|%)\b", r.q)
    if said and said.group(1) == "rate" and any("rate" in c.lower() for c in fact.columns):
        said = None  # "a rental rate between 2 and 4" names a column
    if said and not f.values and kind in ("count", "list"):  # "what percentage of customers have a company name":
        # the share: a NULL or a flag ("what percentage ... were made online"), its comment aside ("AcceptedAnswerId
        # set (its comment: NULL = no accepted answer)")
        nulls = [(c, x) for c, x in zip(f.conds, f.said) if re.sub(r"\s*\(.*$", "", x).endswith(
                 (" set", " = true", " = false", " = 1", " = 0", " is NULL", " is not NULL")) or x.startswith("no ")]
        if nulls:
            f.values, f.values_said = [nulls[-1][0]], [nulls[-1][1]]
            f.base = [c for c in f.conds if c is not nulls[-1][0]]  # every other filter picks the population
    if not (said and f.values
            and kind in ("count", "list")):
        return None
    qualified = _qualifiers(r, fact, said) & set(f.values_said)
    if qualified and len(qualified) < len(f.values_said):  # "what share of the OpenTable bookings were no-shows":
        kept = [(c, x) for c, x in zip(f.values, f.values_said) if x not in qualified]  # OpenTable picks the bookings
        f.base += [c for c, x in zip(f.values, f.values_said) if x in qualified]
        f.values, f.values_said = [c for c, _ in kept], [x for _, x in kept]
    sql = S("SELECT round(100.0 * count(*) FILTER (WHERE {}) / nullif(count(*), 0), 2) AS pct FROM {} t{}{}").format(
        S(" AND ").join(f.values), rel(fact), f.join(), where(f.base))
    of = [x for x in f.said if x not in f.values_said]
    summary = f"percent of {fact.name} with {', '.join(f.values_said)}" + (
        f" (of {', '.join(of)})" if len(f.said) > len(f.values_said) else "")
    return query(sql, "pct", fact.name, summary, "pct")


_SHARE_VERBS = {"are", "were", "is", "was", "that", "which", "who", "have", "has", "had", "got", "get", "went", "became",
                "end", "ended", "turn", "turned", "did", "do", "does"}


def _qualifiers(r: Read, fact: Table, said: re.Match) -> set[str]:
    """The values said between the share's word and the counted rows' own word ("share of the OpenTable
    bookings"): they pick the population, not the share (in words, as ``value_filters`` says them)."""
    at = len(words(r.q[:said.start()]))
    if at and r.ws[0] in ("of", "among", "amongst") or r.ws[:2] == ["out", "of"]:
        # "Of the stage one complaints we closed in 2023, what percentage were upheld": the opening clause
        outside = set(range(at, len(r.ws)))
        return set(value_filters(fact, r.ws, T, outside, exact=capitalized(r.text))[1])
    if r.ws[at + 1:at + 2] != ["of"]:
        return set()
    verb = next((j for j in range(at + 3, len(r.ws)) if r.ws[j] in _SHARE_VERBS or (
        r.ws[j].endswith("ed") and r.ws[j] not in ("booked", "placed", "issued", "registered", "listed"))), None)
    if verb is None:  # "of the bookings placed online": a participle still qualifies the rows
        return set()
    outside = {i for i in range(len(r.ws)) if not at + 1 < i < verb}
    return set(value_filters(fact, r.ws, T, outside, exact=capitalized(r.text))[1])


def measure_of(r: Read, fact: Table, kind: str, units: bool) -> tuple[tuple[str, ...] | None, str]:
    """(the measured column(s), the kind): a named numeric column, the quantity for units, else the amount.
    Without one, max/min become a listing ("the most expensive product") and the rest a count."""
    if kind not in MEASURED:
        return None, kind
    num = _after_aggregate(r, fact) or column_word(fact, r.ws, numeric=True, skip=r.used, by_comment=True)
    keys = {fact.pk, *(c for c, _, _ in fact.fks), *fact.implied}
    if num and num[0] in keys and kind in ("sum", "avg", "median") and r.unit in fact.columns:
        num = None  # "how many hectares were sprayed": the hectares, not the field key the comment of "sprayed" names
    if num and r.latest in fact.columns and (num[0] == fact.pk or num[0].lower().endswith("id")):
        num = None  # "the first ledger entry": its time, not its key
    if num is None and r.signed in fact.columns:  # "total of withdrawals": the signed amount
        num = (r.signed, -1)
    if num is None and r.latest in fact.columns:  # "the most recent shipment": a time column's latest value
        num = (r.latest, -1)
    if num is None and r.unit in fact.columns:
        num = (r.unit, -1)
    if num and r.money and (d := discount_col(fact)) and num[0] == d[0] and money_cols(fact) and (
            len(money_cols(fact)) == 2 or extended(fact, money_cols(fact))):
        num = None  # "revenue after discounts": the lines' worth less their discount, not the discounts summed
    if num is None and re.search(r"\b(length|duration|how long|longest|shortest|runtime)\b", r.q) and duration_col(fact):
        num = (duration_col(fact)[0], -1)  # "the average length of a track": its milliseconds
    if num is None and re.search(r"\b(heaviest|lightest|tallest|how heavy|how tall)\b", r.q):
        dims = {"weight", "wt", "kg", "kgs", "mass", "grams", "g", "lb", "lbs"} if re.search(r"heav|light", r.q) \
            else {"height", "ht", "cm", "tall"}
        hit = [c.name for c in fact.columns.values() if c.is_numeric and set(name_parts(c.name)) & dims]
        num = (hit[0], -1) if len(hit) == 1 else None  # "the heaviest parcel": its weight (wt_g)
    num = num or _the_measure(fact, kind, r)
    if units:
        qty = qty_col(fact)
        num = (qty, -1) if qty else num
    measure = None
    if num and num[0] in keys and kind in ("sum", "avg", "median"):
        num = None  # "internal notes written by agents in total": no one adds up agent ids
    if num and num[0] != fact.pk and not (r.money and not units and bare(num[0]) in ("quantity", "qty") and money_cols(fact)):
        measure = (num[0],)
    elif r.money or kind in ("sum", "avg", "median"):
        measure = money_cols(fact)
    if measure is None:
        kind = "list" if kind in ("max", "min") else "count"
    return measure, kind


def _measure_words(r: Read, fact: Table) -> set[int]:
    """"the average volume collected per complete donation": the words after an aggregate that name the measured
    column (vol_ml, "Volume collected in ml") — a column named, not a code's meaning ("P = partial/low-volume
    collection")."""
    if not (r.avg or r.sum or r.max or r.min):
        return set()
    hit = _after_aggregate(r, fact)
    c = fact.columns.get(hit[0]) if hit else None
    if c is None:
        return set()
    said = {stem_word(w) for w in words(c.comment)} | {stem_word(p) for p in name_parts(c.name)}
    out = {hit[1]}
    for i in range(hit[1] + 1, min(len(r.ws), hit[1] + 3)):
        if stem_word(r.ws[i]) not in said:
            break
        out.add(i)
    return out


_AGGREGATE_WORDS = {"average", "mean", "avg", "median", "maximum", "minimum", "max", "min"}


def _after_aggregate(r: Read, fact: Table) -> tuple[str, int] | None:
    """The number column named right after "average"/"median"/"maximum" ("on order lines that got a discount, what
    was the average discount": the discount, not the lines' total the earlier word names)."""
    for k, w in enumerate(r.ws):
        if w in _AGGREGATE_WORDS:
            hit = column_word(fact, r.ws[k + 1:k + 3], numeric=True,
                              skip={i - k - 1 for i in r.used - r.measured if i > k})
            if hit:  # "average hourly rate we charge clients": of pay_rate and charge_rate, the one the question says more of
                whole = column_word(fact, r.ws, numeric=True, skip=r.used - r.measured, by_comment=True)
                own = set(name_parts(hit[0])) - set(name_parts(whole[0])) if whole else set()
                said = r.ws[hit[1] + k + 1]  # the word that named it: by a part only it has ("overall": ovr_scr), keep it
                if whole and whole[0] != hit[0] and set(name_parts(whole[0])) & set(name_parts(hit[0])) \
                        and not any(p == said or abbreviates(p, said) for p in own):
                    return whole
                return hit[0], hit[1] + k + 1
    return None


_MEASURE_WORDS = re.compile(r"\b(value|result|amount|measure|score|reading)s?\b|_(val|value|amt|num)$", re.I)


def _the_measure(fact: Table, kind: str, r: Read) -> tuple[str, int] | None:
    """An average/min/max/sum that names no column: the table's one measure — its only numeric column that is
    not a key, else the one its name or comment calls a value, result or amount."""
    if kind not in ("avg", "max", "min", "median") or r.money:
        return None
    keys = {fact.pk, *(c for c, _, _ in fact.fks)}
    nums = [c for c in fact.columns.values()
            if c.is_numeric and c.name not in keys and not c.name.lower().endswith(("_id", "id"))]
    if len(nums) == 1:
        return nums[0].name, -1
    named = [c for c in nums if _MEASURE_WORDS.search(c.name) or _MEASURE_WORDS.search(c.comment)]
    return (named[0].name, -1) if len(named) == 1 else None


def _by_phrase(t: Table, ws: list[str], hit: tuple[str, int]) -> bool:
    """Whether column ``hit`` was named by several words ("quantity on hand": its comment's phrase, or its
    initials, qoh), not by one word ("quantity") that any quantity column shares."""
    col, i = hit
    c = t.columns.get(col)
    if c is None:
        return False
    said = set(column_synonyms(c.comment))
    runs = ["_".join(ws[i:i + k]) for k in (2, 3) if i + k <= len(ws)]
    return any(x in said or x == col.lower() for x in runs) or "".join(w[0] for w in ws[i:i + len(col)]) == col.lower()


def _named_measure(t: Table, ws: list[str], skip: set[int] | frozenset[int] = frozenset()) -> bool:
    """Whether words ``ws`` name a numeric column of ``t`` that is not a key ("lactate value" → val_num)."""
    hit = column_word(t, ws, numeric=True, skip=skip)
    return hit is not None and hit[0] != t.pk and hit[0] not in {c for c, _, _ in t.fks} and not hit[0].lower().endswith("id")


def distinct_count(r: Read, cat: Catalog, fact: Table, f: Filters, kind: str) -> Query | None:
    """"how many different countries": count(DISTINCT column)."""
    dm = re.search(r"\b(distinct|different|unique)\s+([a-z_]+(?:\s+[a-z_]+)?)", r.q)
    dcol = column_word(fact, words(dm.group(2))) if dm and kind == "count" else None
    if dm and kind == "count":  # "how many different operators booked time": the key that references operators
        named = {m.table for m in find_tables(words(dm.group(2))[:1], cat)}
        keys = [col for col, ref, _ in fact.fks if ref in named]
        dcol = (keys[0], 0) if len(keys) == 1 else dcol
    if not dcol or dcol[0] == fact.pk:
        return None
    label = f"distinct_{dcol[0]}"
    sql = S("SELECT count(DISTINCT {}) AS {} FROM {} t{}{}").format(
        ident(T, dcol[0]), ident(label), rel(fact), f.join(), f.where())
    return query(sql, "count", fact.name, f"count of distinct {dcol[0]} in {fact.name}{f.said_text()}", label)


def aggregate_of(r: Read, cat: Catalog, t: Table, fact: Table, kind: str,
                 measure: tuple[str, ...] | None) -> tuple[psql.Composable, str]:
    """(the aggregate, its label): count(*), count(DISTINCT parent key) for "customers who ordered", or the measure's."""
    if kind == "count":
        link = cat.link(r.subject, fact.name) if fact is not t else None
        if r.child is not None and link is not None and fact.name == r.child and _counts_subject(r):
            return S("count(DISTINCT {})").format(ident(T, link[1])), r.subject
        return S("count(*)"), fact.name
    label = "revenue" if (r.money and (len(measure) == 2 or extended(fact, measure))) else f"{kind}_{measure[-1]}"
    expr = money_expr(T, fact, measure, r.q) if r.money or r.tax else S(" * ").join(ident(T, c) for c in measure)
    if len(measure) == 1 and _in_minor_units(fact.columns[measure[0]]) and _MAJOR_ASKED.search(r.q):
        expr, label = S("{} / 100.0").format(expr), f"{kind}_{measure[0]}_div_100"  # "in pounds" of pence
    if len(measure) == 1 and re.search(r"\bin (kilograms?|kilos?|kgs?)\b", r.q) and _in_grams(fact.columns[measure[0]]):
        expr, label = S("{} / 1000.0").format(expr), f"{kind}_{measure[0]}_in_kg"  # "in kilograms" of grams
    dur = duration_col(fact)
    want = _TIME_ASKED.search(r.q)
    if len(measure) == 1 and dur and dur[0] == measure[0] and want and kind in ("avg", "sum", "max", "min", "median"):
        per = SECONDS_PER[want.group(1)] / dur[1]
        expr, label = S("{} / {}").format(expr, L(round(per, 6))), f"{kind}_{measure[0]}_in_{want.group(1)}"  # ms → min
    if len(measure) == 1 and kind in ("avg", "max", "min") and _fraction(fact.columns[measure[0]]) \
            and re.search(r"\b(in percent|as a percent(age)?|percentage points?)\b|%", r.q):
        expr, label = S("100 * {}").format(expr), f"{kind}_{measure[0]}_pct"  # "average discount, in percent"
    return _AGG[kind].format(expr), re.sub(r"[^a-z0-9_]", "", label.lower())


def _in_grams(c) -> bool:
    """A weight kept in grams (wt_g, weight_grams, or a comment that says "in grams")."""
    return c.is_numeric and (bool({"g", "gr", "grams", "gram"} & set(name_parts(c.name)))
                             or re.search(r"\bin grams\b|\(g\)|\bgrams\b", c.comment or "", re.I) is not None)


_MAJOR_ASKED = re.compile(r"\bin (us |u\.s\. |canadian |australian )?(dollars?|euros?|pounds?( sterling)?|francs?|"
                          r"kronor|krona|rupees?|yuan|major units)\b")


def _fraction(c) -> bool:
    """A rate kept as a fraction ("Discount as a fraction (0.05 = 5 %)"), or a discount that says no percent (a
    line's worth is price × (1 − discount), as money_expr reads it)."""
    if re.search(r"\bfraction\b|\b0\.\d+\s*=\s*\d+\s*%", c.comment, re.I):
        return True
    return bool(set(name_parts(c.name)) & {"discount", "disc", "rebate"}) and not re.search(
        r"pct|percent|perc\b|%", f"{c.name} {c.comment}".lower())


def _in_minor_units(c) -> bool:
    """An amount kept in cents or pence ("amt_cents", "Amount in pence (GBP x 100)")."""
    return bool(re.search(r"(^|_)(cents?|pence|minor)($|_)", c.name.lower())
                or re.search(r"\bin (cents|pence|minor units)\b|\bx ?100\b", c.comment, re.I))


def _counts_subject(r: Read) -> bool:
    """Whether "how many" / "number of" counts the subject ("how many customers ordered ..."), not the rows named
    before it ("how many cycle count corrections did the warehouses post")."""
    m = re.search(r"\b(?:how many|number of)\s+", r.q)
    if not m or r.mentions[0].start < 0:
        return True
    at = len(words(r.q[:m.end()]))
    after = r.ws[r.mentions[0].end] if r.mentions[0].end < len(r.ws) else ""
    if r.mentions[0].start == at and re.fullmatch(r"[a-z]{3,}[^s]s", after) and after not in STOP \
            and after not in ("does", "has", "was", "is", "always", "sometimes", "perhaps", "across", "whereas"):
        return False  # "how many card payments were declined": the payments (a child's rows), not the cards
    return r.mentions[0].start <= at + 1


_PER_GROUP = re.compile(r"\baverage\s+(?:total\s+|number\s+of\s+|count\s+of\s+|sum\s+of\s+)")


def per_group_average(r: Read, cat: Catalog, t: Table, fact: Table, f: Filters, group: Group, units: bool) -> Query:
    """"The average total paid per claim", "the average number of claims per policy": each group's total (or row
    count) first, then the average of those."""
    counted = re.search(r"\baverage\s+(?:number|count)\s+of\b", r.q) is not None
    measure = None if counted else measure_of(r, fact, "sum", units)[0]
    agg, label = (S("count(*)"), fact.name) if measure is None else aggregate_of(r, cat, t, fact, "sum", measure)
    keys = S(", ").join(e for e, _ in group.exprs)
    f.joins += [group.join] if group.join is not None and group.join not in f.joins else []
    sql = S("SELECT round(avg(x.v)::numeric, 2) AS {} FROM (SELECT {}, {} AS v FROM {} t{}{} GROUP BY {}) x").format(
        ident(f"avg_{label}_per_{group.name}"), keys, agg, rel(fact), f.join(), f.where(), keys)
    what = f"{fact.name} rows" if measure is None else label
    return query(sql, "avg", fact.name, f"average of the {what} per {group.name}, over the {group.name} values that have "
                                        f"{fact.name} rows{f.said_text()}",
                 f"avg_{label}_per_{group.name}")


_WHEN = re.compile(r"\s*(?:when|(?:on |at )?(?:what|which) (?:date|day|time))\b")


_HELD_LAST = re.compile(r"\bwhen (?:did|was|were|have|has)\b.*\blast\b(?! (?:week|month|year|quarter|night|time)\b)|"
                        r"\bwhen was the (?:last|most recent)\b")


def date_of(r: Read, fact: Table, f: Filters, cat: Catalog | None = None) -> Query | None:
    """"On what date did our Driffield branch open?": the time column a verb names, of the row the values pick
    (not a count, nor the latest of many)."""
    if not _WHEN.match(r.q) or not f.values or r.max or r.min or r.latest:
        return None
    named = [c for c in fact.time_columns() for i, w in enumerate(r.ws) if (i not in r.used or w in ENDING
                                                                            or PAST.get(w, w) in ENDING)
             and len(w) >= 4 and (_names_date(c, w) or _names_date(c, w + "ed") or _names_date(c, w + "d")
                                  or _names_date(c, PAST.get(w, w)))]  # "open": opened_on; "leave": left_on
    if len({c.name for c in named}) > 1:
        return None
    if named:
        col = named[0].name
        sql = S("SELECT {} FROM {} t{}{} LIMIT 2").format(ident(T, col), rel(fact), f.join(), f.where())
        return query(sql, "value", fact.name, f"{col} of {fact.name}{f.said_text()}", col)
    return _date_by_comment(r, cat, fact, f) if cat is not None else None


def _date_by_comment(r: Read, cat: Catalog, fact: Table, f: Filters) -> Query | None:
    """"When did Preston Care Home reach practical completion?": the date column of the row (or of a row that
    references it, one to one: its contract) whose comment says the question's event ("Practical completion
    certified"); a status whose meaning says the same event is no filter then (the job may have moved on)."""
    said = {stem_word(w) for w in r.ws if w not in STOP and len(w) >= 4 and w not in QUESTION_WORDS}
    scored = []
    for rt, col, refcol in [(fact, "", ""), *cat.inbound(fact.name)]:
        if rt.kind not in "rpm":
            continue
        for c in rt.time_columns():
            hits = said & {stem_word(x) for x in words(first_clause(c.comment))}
            if len(hits) >= 2:
                scored.append((len(hits), rt, col, refcol, c.name, hits))
    scored.sort(key=lambda x: -x[0])
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    _, rt, col, refcol, name, hits = scored[0]
    keep = [(c, x) for c, x in zip(f.conds, f.said) if len(hits & {stem_word(w) for w in words(x)}) < 2]
    join = S("") if rt is fact else S(" JOIN {} d ON {} = {}").format(rel(rt), ident("d", col), ident(T, refcol))
    sql = S("SELECT {} FROM {} t{}{}{} LIMIT 2").format(ident("d" if rt is not fact else T, name), rel(fact), join,
                                                        f.join(), where([c for c, _ in keep]))
    return query(sql, "value", rt.name, f"{rt.name}.{name} of {fact.name}"
                 + (f" ({', '.join(x for _, x in keep)})" if keep else ""), name)


_WHAT_OF = re.compile(r"\s*what(?:'s| is| was| are| were)\s+(?:the|its|their|our|your|my)\s+((?:[a-z0-9-]+\s+){1,4}?)(?:of|for|on)\s")


def lookup(r: Read, fact: Table, f: Filters, cat: Catalog) -> Query | None:
    """"the balance of account 4711": one column of the row a key picks; "what's the PIP code for the Fostair
    inhaler": that column of the rows a value picks (with their name: a value may pick several)."""
    keyed = bool(fact.pk) and any(x.startswith(f"{fact.pk} = ") for x in f.said)
    asked = _WHAT_OF.match(r.q) if not keyed and f.conds and not (r.avg or SUM_SAID.search(r.q)) else None  # values
    # here or on a parent ("the combined daily rate of everything on hire" is a sum, no one row's rate)
    if not keyed and asked is None:
        return None
    named = column_word(fact, r.ws, skip=r.used) if keyed else column_word(fact, words(asked.group(1)))
    keys = {fact.pk, *(c for c, _, _ in fact.fks)}
    if named is None and not keyed:
        return _from_history(r, fact, f, cat, words(asked.group(1)))
    if named is None or named[0] == fact.pk or (not keyed and named[0] in keys):
        return None
    if keyed:
        sql = S("SELECT {} FROM {} t{}{} LIMIT 2").format(ident(T, named[0]), rel(fact), f.join(), f.where())
        return query(sql, "value", fact.name, f"{named[0]} of {fact.name}{f.said_text()}", named[0])
    if r.window is None and _CURRENT.search(r.q) and (valid := validity(fact)) is not None \
            and not any(x.startswith(f"no {valid[1]} ") for x in f.said):  # (its open end read already)
        today = anchored(Window("today", S("current_date")), cat).low  # "the current price": the row valid today
        f.add(valid_during(T, valid, today), f"valid today ({valid[0]} to {valid[1]})")
    lab = fact.label_column()
    shown = S("{}, {}").format(ident(T, lab), ident(T, named[0])) if lab and lab != named[0] else ident(T, named[0])
    sql = S("SELECT {} FROM {} t{}{} LIMIT 5").format(shown, rel(fact), f.join(), f.where())
    return query(sql, "value", fact.name, f"{named[0]} of {fact.name}{f.said_text()}", named[0])


def _from_history(r: Read, fact: Table, f: Filters, cat: Catalog, asked: list[str]) -> Query | None:
    """"What is the current price of a full head of highlights": the column asked for is kept in a table of
    dated rows about the one the value picks (svc_price_hist: valid_from / valid_to) — the row valid today, or in
    the window the question names."""
    hits = []
    for ht, fk, ref in cat.inbound(fact.name):
        col = column_word(ht, asked) if (valid := validity(ht)) is not None else None
        if col is not None and col[0] not in {ht.pk, fk, *valid, *(c for c, _, _ in ht.fks)}:
            hits.append((ht, fk, ref, col[0], valid))
    if len(hits) != 1:
        return None
    ht, fk, ref, col, valid = hits[0]
    if r.window is not None and r.window.low is not None and r.window.high is not None:
        w = anchored(r.window, cat)  # "in June 2023": valid at some time in it
        cond = valid_during("h", valid, w.low, w.high)
    else:
        cond = valid_during("h", valid, anchored(Window("today", S("current_date")), cat).low)
    f.joins.append(S(" JOIN {} h ON {} = {}").format(rel(ht), ident("h", fk), ident(T, ref)))
    f.add(cond, f"{ht.name} valid {r.window.phrase if r.window else 'today'} ({valid[0]} to {valid[1]})")
    lab = fact.label_column()
    shown = S("{}, {}").format(ident(T, lab), ident("h", col)) if lab else ident("h", col)
    sql = S("SELECT {} FROM {} t{}{} LIMIT 5").format(shown, rel(fact), f.join(), f.where())
    return query(sql, "value", fact.name, f"{col} of {fact.name} ({ht.name}){f.said_text()}", col)


def listing(r: Read, fact: Table, f: Filters, cat: Catalog) -> Query:
    """Rows of the fact, in the order the question implies, at most N."""
    found = parents_listed(r, fact, f, cat)
    if found is not None:
        return found
    n = r.n
    if not n and (r.max or r.min or (r.signed and re.search(r"\bmost\b", r.q))):
        m0 = next((m for m in r.mentions if m.table == fact.name and m.start >= 0), None)
        if m0 and m0.end - m0.start == 1 and r.ws[m0.start] == singular(r.ws[m0.start]):
            n = 1  # "the cheapest product": one row
    names, join = _role_named(r, fact, cat) or _named_by_key(fact, cat, r.ws, bool(_ASKS_WHICH.match(r.q)))
    whole = full_name(fact, T)
    if whole is not None:  # "Mason James", as people are named, before the table's own columns
        names = S("{} AS full_name, {}").format(whole, names)
    sql = S("SELECT {}t.* FROM {} t{}{}{}{} LIMIT {}").format(names, rel(fact), join, f.join(), f.where(),
                                                              list_order(r, fact), L(n or r.limit))
    return query(sql, "list", fact.name, f"{n or r.limit} rows of {fact.name}{f.said_text()}")


_ASKS_WHICH = re.compile(r"\s*(?:which|what)\b")


def parents_listed(r: Read, fact: Table, f: Filters, cat: Catalog) -> Query | None:
    """"Which suppliers short-shipped a delivery last month": the question asks for the subject (suppliers), the
    filters pick rows of a table that refers to it (deliveries) — each supplier once, with how many of those rows
    it has, not every delivery."""
    m0 = r.mentions[0]
    if r.subject == fact.name or not _ASKS_WHICH.match(r.q) or not 1 <= m0.start <= 3 or r.n == 1:
        return None  # "which (UK) suppliers ...": the rows asked for are the subject's
    pt = cat.tables[r.subject]
    key = next(((col, refcol) for col, ref, refcol in fact.fks if ref == pt.name), None)
    if key is None or not pt.pk:
        return None
    a = "w_" + pt.name[:3]
    shown = full_name(pt, a)
    lab = pt.label_column()
    if shown is None and lab is None:
        return None
    shown = shown if shown is not None else ident(a, lab)
    join = S(" JOIN {} {} ON {} = {}").format(rel(pt), ident(a), ident(a, key[1]), ident(T, key[0]))
    num = column_word(fact, r.ws, numeric=True, skip=r.used) if r.max or r.min else None
    if num is not None and (num[0] == fact.pk or num[0] in {c for c, _, _ in fact.fks}):
        num = None
    agg, label = (S("sum({})").format(ident(T, num[0])), f"total_{num[0]}") if num else (S("count(*)"), f"{fact.name}_rows")
    bound = _times_bound(r, fact) if num is None else None
    having = S(" HAVING count(*) {} {}").format(S(bound[0]), L(bound[1])) if bound else S("")
    asked = asked_column(pt, r.q)  # "give me their UPRNs", "the registration": that column as well
    cols = ([ident(a, pt.pk)] if pt.pk != lab else []) + [S("{} AS {}").format(shown, ident(pt.name))] \
        + ([ident(a, asked)] if asked and asked not in (pt.pk, lab) else [])
    at = L(len(cols) + 1)  # the aggregate's position; grouped by the key, every column of the parent may be shown
    sql = S("SELECT {}, {} AS {} FROM {} t{}{}{} GROUP BY {}{} ORDER BY {} {}, {} LIMIT {}").format(
        S(", ").join(cols), agg, ident(label), rel(fact), join, f.join(), f.where(), ident(a, pt.pk), having, at,
        S("ASC" if num and r.min and not r.max else "DESC NULLS LAST"), L(2 if pt.pk != lab else 1),
        L(r.n or r.limit))
    what = f"total {num[0]}" if num else "how many" + (f" ({bound[0]} {bound[1]})" if bound else "")
    return query(sql, "list", fact.name, f"each {pt.name} with rows of {fact.name}{f.said_text()}, and {what}")


_TIMES = re.compile(r"\b(more than|over|at least|fewer than|less than|at most|exactly)\s+(\d+)\s+([a-z-]+)|"
                    r"\b(\d+)\s+(or more|or fewer|or less|or over)\s+([a-z-]+)")


def _times_bound(r: Read, fact: Table) -> tuple[str, int] | None:
    """"reported a missed bin more than 15 times", "20 or more missed bins": how many rows of the fact each listed
    row must have, as (operator, number)."""
    q = spelled_numbers(r.q)
    m = _TIMES.search(q)
    if not m:
        return None
    op, n, what = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(5), m.group(4), m.group(6))
    rest = words(q[m.end() - len(what):])[:3]
    if what not in ("times", "occasions") and not any(w in forms(fact.name) or singular(w) in name_parts(fact.name)
                                                      for w in rest):
        return None
    return COUNT_OPS[op], int(n)


def _role_named(r: Read, fact: Table, cat: Catalog) -> tuple[psql.Composable, psql.Composable] | None:
    """"Who is the head of the Asian Art department?": the one key whose name says the role asked for (head_spec_id)
    names the person — their name first."""
    if not re.match(r"\s*who\b", r.q):
        return None
    said = {w for w in r.ws if w not in STOP and len(w) >= 4}
    keys = [(c, cat.tables[ref], refcol) for c, ref, refcol in fact.fks if ref in cat.tables and ref != fact.name
            and _role_parts(c, ref) & said]  # (garage_id of "who works at our Leeds garage" names no role)
    if len(keys) != 1:
        return None
    col, pt, refcol = keys[0]
    name = full_name(pt, "n")
    if name is None and pt.label_column() is None:
        return None
    name = name if name is not None else ident("n", pt.label_column())
    return (S("{} AS {}, ").format(name, ident(f"{col}_name")),
            S(" LEFT JOIN {} n ON {} = {}").format(rel(pt), ident("n", refcol), ident(T, col)))


def _role_parts(key: str, ref: str) -> set[str]:
    """The words of a key's name that say a role, not the table it points to: head_spec_id → {head}."""
    theirs = name_parts(ref)
    return {p for p in name_parts(key) if p not in ("id", "key", "no", "cd", "code")
            and not any(x.startswith(p) or p.startswith(x) for x in theirs)}


def _named_by_key(fact: Table, cat: Catalog, ws: list[str] = (), which: bool = False
                  ) -> tuple[psql.Composable, psql.Composable]:
    """Rows with no name of their own whose key names someone ("Moderators": UserId → Users.DisplayName): that
    name first, so a listing says who, not only an id. Rows labelled by something that is no name (a reason) get
    a person's first (first and last name, or a company's name when those are empty: "the holder of account X"),
    then one more parent's name ("the classes tomorrow": the instructor and the class type). Asked "which ..."
    (``which``), rows labelled by a code get their parents' names too ("which ship is working cargo?": a visit's
    reference says no ship; its vessel's name does)."""
    own = fact.label_column()
    if own is not None and (own.lower().endswith(_NAMED) or full_name(fact, T) is not None):
        return S(""), S("")  # rows with a name of their own ("chg_rsn" is a reason, no name)
    parents = [(pcol, pref, prefcol) for pcol, pref, prefcol in fact.fks
               if pref in cat.tables and pref != fact.name]
    said = {singular(w) for w in ws}
    parents.sort(key=lambda p: (full_name(cat.tables[p[1]], "n") is None,  # a person first ("the holder": cust),
                                not said & set(name_parts(p[1]))))  # then a table the question names ("classes")
    shown_all, joins = [], []
    for pcol, pref, prefcol in parents:
        pt = cat.tables[pref]
        a, lab = "n_" + pref[:3], pt.label_column()
        whole = full_name(pt, a)  # a person: first and last name together
        other = [c for c in pt.columns if c.lower().endswith(_NAMED) and pt.columns[c].is_text
                 and bare(c) not in FIRST_NAMES | LAST_NAMES and c.lower() not in FIRST_NAMES | LAST_NAMES]
        if whole is not None and other:  # a customer that is a company has its name elsewhere (biz_nm)
            whole = S("coalesce(nullif({}, ''), {})").format(whole, ident(a, other[0]))
        if whole is not None or (lab and lab.lower().endswith(_NAMED) and (
                own is None or shown_all or (which and not said & set(name_parts(pref))))):  # (a parent the question
            # names is what a better reading lists: its name must not make this one look like it read the word)
            if a in {j[0] for j in joins}:
                continue  # two keys to one table: the first one's name
            shown_all.append(S("{} AS {}, ").format(whole, ident(f"{pref}_name")) if whole is not None else
                             S("{} AS {}, ").format(ident(a, lab), ident(f"{pref}_{lab}")))
            joins.append((a, S(" LEFT JOIN {} {} ON {} = {}").format(rel(pt), ident(a), ident(a, prefcol), ident(T, pcol))))
            if len(shown_all) == 2:
                break  # "the classes tomorrow": the class type's name and the instructor's, not every parent's
    return S("").join(shown_all), S("").join(j for _, j in joins)


_NAMED = ("name", "_nm", "title")


def list_order(r: Read, fact: Table) -> psql.Composable:
    """ORDER BY the column named after "by", the measured column for max/min, the price, else the time."""
    num = column_word(fact, r.ws, numeric=True, skip=r.used)
    by_m = re.search(r"\bby\s+([a-z_]+(?:\s+[a-z_]+)?)", r.q)
    by_col = column_word(fact, words(by_m.group(1)), numeric=True) if by_m else None
    if by_col:  # "top 3 projects by budget"
        low_first = re.search(r"\b(lowest|smallest|(?<!at )least|bottom|cheapest|fewest)\b", r.q)
        col, asc = by_col[0], bool(low_first)
    elif r.signed and re.search(r"\bmost\b", r.q):  # "the most overdrawn account": the signed column, its sign first
        col, asc = r.signed, r.signed_said.startswith(f"{r.signed} <")
    elif (r.max or r.min) and num:
        col, asc = num[0], r.min
    elif (r.max or r.min) and re.search(r"expensive|cheap|pric(ey|iest)|costliest", r.q) and _price(fact):
        col, asc = _price(fact), r.min
    elif re.search(r"\b(longest|shortest)\b", r.q) and duration_col(fact):
        col, asc = duration_col(fact)[0], "shortest" in r.q  # "the longest track": by its length
    elif fact.time_columns():
        col, _ = time_column(fact, r.ws, r.window_pos)
        asc = bool(re.search(r"\b(oldest|earliest|first|longest[- ](?:serving|standing|tenured)|most senior)\b", r.q))
    else:
        return S("")
    return S(" ORDER BY {} {}").format(ident(T, col), S("ASC" if asc else "DESC NULLS LAST"))


def _price(t: Table) -> str | None:
    """What one row costs: a price column, else the table's one amount."""
    named = [c for c in t.columns if t.columns[c].is_numeric and "price" in c.lower()]
    if len(named) == 1:
        return named[0]
    cols = money_cols(t)
    return cols[-1] if cols else None


def grouped(r: Read, fact: Table, f: Filters, group: Group, agg: psql.Composable, label: str, asc: bool,
            summary: str) -> Query:
    """One row per group, the biggest first (time buckets in time order)."""
    k = len(group.exprs)
    if group.top and group.single and group.name not in BUCKETS.values():  # "which code caused the most": not NULL
        f.add(S("{} IS NOT NULL").format(group.exprs[0][0]), f"{group.name} set")
    ranked = S("{} {}, 1").format(L(k + 1), S("ASC" if asc else "DESC"))
    order = L(1) if group.name in BUCKETS.values() and not group.top else ranked
    sql = S("SELECT {}, {} AS {} FROM {} t{}{} GROUP BY {} ORDER BY {} LIMIT {}").format(
        S(", ").join(S("{} AS {}").format(e, ident(a)) for e, a in group.exprs), agg, ident(label), rel(fact),
        f.join(), f.where(), S(", ").join(L(i + 1) for i in range(k)), order, L(group.top or max(r.limit, 50)))
    return query(sql, "group", fact.name, summary, label)

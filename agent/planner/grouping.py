"""GROUP BY for a data question: a time bucket ("per day", "monthly"), a column of the table ("per status"),
a parent table by its key and name ("per department"), or a parent's column ("per category")."""
from __future__ import annotations

import dataclasses

import re
from dataclasses import dataclass

from psycopg import sql as psql

from agent.planner.filters import full_name, ident, rel, value_filters
from agent.planner.glossary import meanings, named as value_named, stem
from agent.planner.linking import STOP, abbreviated_column, column_word, find_tables, forms, name_parts, singular, time_column, words
from agent.planner.question import Read
from toolkits.catalog import Catalog, Table

S, L = psql.SQL, psql.Literal
T = "t"  # the alias of the table an aggregate reads
BUCKETS = {"hour": "hour", "hourly": "hour", "day": "day", "daily": "day", "date": "day", "week": "week",
           "weekly": "week", "month": "month", "monthly": "month", "year": "year", "yearly": "year"}


@dataclass
class Group:
    exprs: list[tuple[psql.Composable, str]]  # (expression, output name)
    name: str
    single: bool  # one expression (a column or a time bucket), not a parent's key and name
    join: psql.Composable | None = None
    top: int | None = None  # only the N groups with the most rows ("the busiest month", "the most common X")


# Nouns an adjective like "monthly" describes as a rate, not a time bucket ("monthly fee", "hourly rate")
_RATES = {"price", "prices", "fee", "fees", "rent", "rents", "rate", "rates", "cost", "costs", "salary", "salaries",
          "charge", "charges", "payment", "payments", "premium", "premiums", "wage", "wages", "subscription", "amount"}
_RATE_NOUNS = {"rate", "rates", "fee", "fees", "price", "prices", "rent", "charge", "charges", "premium", "premiums",
               "wage", "wages", "salary", "subscription"}  # "daily hire rate", "monthly membership fee": one word apart


def grouping(r: Read, cat: Catalog, fact: Table, kind: str) -> tuple[Group | None, str, bool]:
    """(the GROUP BY, the kind it makes, ascending?) for "per ...", "daily", "which X has the most ..."."""
    group = None
    named = {i for m in r.mentions for i in range(m.start, m.end)}
    values = r.used - named - {i for i, w in enumerate(r.ws) if r.window and w in r.window.phrase.split()}
    gm = re.search(r"\b(?:per|by|for each|each|broken down by|grouped by|breakdown by|split by)\s+", r.q)
    at = len(words(r.q[:gm.end()])) if gm and gm.group(0).strip() == "by" else -1  # "per", "for each": a group
    if r.group is not None and at in values:
        r.group = None  # "collected by direct debit": a value the filters read, not a grouping
    if r.group is not None and words(r.group):
        group = group_by(words(r.group)[:3], fact, cat, r)
        gcol = None
        if group is not None and group.single:  # the grouped column, on the fact or on a table it references
            gcol = fact.columns.get(group.name) or next(
                (cat.tables[ref].columns[group.name] for _, ref, _ in fact.fks if group.name in cat.tables[ref].columns), None)
        if gcol is not None and gcol.is_numeric and not gcol.values and (r.n or r.rank or r.max or r.min):
            group = None  # "top 3 products by price" orders by price, it does not group
            kind = "list" if kind in ("count", "sum") and not r.count else kind
    every = re.search(r"\b(daily|weekly|monthly|hourly)\b", r.q)
    if every and r.ws.index(every.group(1)) in values:
        every = None  # "policies that pay monthly" when a code means monthly: a value, not a bucket
    after = r.ws[r.ws.index(every.group(1)) + 1:][:2] if every else []
    if after and (after[0] in _RATES or (after[1:] and after[1] in _RATE_NOUNS)
                  or column_word(fact, after[:1], numeric=True)):
        every = None  # "the monthly list price of the Standard plan", "monthly fee": a rate, not a bucket
    if group is None and every:
        group = bucket(r, fact, BUCKETS[every.group(1)])
    if group is not None and kind == "list":
        kind = "count"
    ranked = re.search(r"\b(?:top|the|which|what)\s+(\d+)\s+([a-z_]+(?:\s+[a-z_]+)?)\s+by\s+(?:the\s+)?(?:number|count)\s+of\s+"
                       r"((?:[a-z_]+\s*){1,3})", r.q) if group is None or not group.single else None
    counted = {m.table for m in find_tables(words(ranked.group(3)), cat)} if ranked else set()
    if ranked and fact.name in counted and fact.name not in {m.table for m in find_tables(words(ranked.group(2)), cat)}:
        # "top 5 merchants by number of disputes": the five groups of the counted rows with the most of them
        found = group_by(words(ranked.group(2)), fact, cat, r)
        if found is not None:
            return dataclasses.replace(found, top=int(ranked.group(1))), "count", False
    found = _top_group(r, cat, fact) if group is None else None
    if found is not None:
        return found, "count", bool(re.search(r"\b(quietest|(?<!at )least|fewest|rarest|slowest|lowest)\b", r.q))
    which = re.match(r".*?\b(?:which|what)\s+(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+)?"
                     r"([a-z_]+(?:\s+[a-z_]+)?)\s+(?:has|have|had|is|gets?|got|sees?|with|caused|causes?|made|makes|"
                     r"generated|produced|took|takes|saw|recorded|logged|accounted for|brought|did|do|does|"
                     r"[a-z]{3,}ed(?: out| up)?)\b.*"
                     r"\b((?<!at )most|fewest|(?<!at )least|highest|lowest|biggest|largest)\b", r.q)
    if group is None and which and kind in ("list", "count", "sum", "avg"):
        group = group_by(words(which.group(1)), fact, cat, r)
        if group is not None:
            after = words(r.q[which.end(2):])
            if kind == "list" and column_word(fact, after, numeric=True) and not (after and after[0] in forms(fact.name)) \
                    and not any(m.table == fact.name for m in find_tables(after[:2], cat)):  # "the most line items"
                kind = "sum"  # "which delay codes caused the most delay minutes": the minutes summed per code
            if r.n:  # "which three ...": the top three groups
                group = dataclasses.replace(group, top=r.n)
            return group, "count" if kind == "list" else kind, which.group(2) in ("fewest", "least", "lowest")
    return group, kind, False


def _top_group(r: Read, cat: Catalog, fact: Table) -> Group | None:
    """"the busiest month of 2024" (the time bucket with the most rows), "the most common diagnosis" (the value
    of a column that occurs most): a group with only its top row."""
    busy = re.search(r"\b(?:busiest|quietest|peak)\s+(hour|day|date|week|month|year)\b|"
                     r"\b(hour|day|date|week|month|year)\b[^.?]*\b(?:busiest|quietest)\b|"
                     r"\b(?:which|what)\s+(?:(?:were|was|are|is)\s+the\s+)?(?:(?:\d+|two|three|four|five|ten)\s+)?"
                     r"(hour|day of the week|weekday|day|date|week|month|year)s?\b[^.?]*"
                     r"\b(?:most(?! recent)|fewest|(?<!at )least|highest|lowest)\b", r.q)
    if busy:
        unit = next(g for g in busy.groups() if g)
        group = bucket(r, fact, "weekday" if unit in ("day of the week", "weekday") else BUCKETS[unit])
    else:
        common = re.search(r"\b(?:most|(?<!at )least)\s+(?:common|frequent|popular|used|often used)\s+([a-z_]+(?:\s+[a-z_]+)?)"
                           r"|\b(?:commonest|rarest)\s+([a-z_]+(?:\s+[a-z_]+)?)"
                           r"|\b(?:which|what)\s+([a-z_]+(?:\s+[a-z_]+)?)\s+(?:was|were|is|are|got|gets|has been|have been)"
                           r"\s+(?:[a-z]+\s+)?(?:the\s+)?most\s+(?:often|frequently)\b", r.q)  # "which code was cited most often"
        if not common:
            return None
        k = next(k for k in (1, 2, 3) if common.group(k))
        at = len(words(r.q[:common.start(k)]))
        named = {i for m in r.mentions for i in range(m.start, m.end)}
        said = words(common.group(k))
        gws = [w for j, w in enumerate(said) if at + j not in r.used - named]  # "the most common dog breed": "dog"
        # is a value the filters read, the breed is the group — unless without it no group is named ("code section")
        group = group_by(gws, fact, cat, r) if gws else None
        if group is None and gws != said:
            gws = said
            group = group_by(gws, fact, cat, r)
        if group is None and any(m.table == fact.name for m in find_tables(gws, cat)) and fact.label_column():
            lab = fact.label_column()  # "the most common diagnosis" over the diagnoses: their code or name
            group = Group([(ident(T, lab), lab)], lab, True)
    if group is None:
        return None
    return dataclasses.replace(group, top=r.n or 1)  # "the three years with the most hires"


def group_by(gws: list[str], fact: Table, cat: Catalog, r: Read) -> Group | None:
    """The words after "per"/"by"/"which": a time bucket, a column of the fact, a parent table (by its key
    and name), or a column of a parent."""
    mentions = find_tables(gws, cat)
    named = {i for m in mentions for i in range(m.start, m.end)}
    rest = [w for i, w in enumerate(gws) if i not in named and w not in STOP and not w.isdigit()]
    tables = [m.table for m in mentions]
    if tables and rest:  # "per council district": a word the table's comment calls it by is no other grouping
        told = {stem(w) for t in tables for w in words(cat.tables[t].comment)}
        rest = [w for w in rest if stem(w) not in told]
    if tables and not rest and set(tables) == {fact.name}:
        return None  # "average quantity per order item": per row of the table itself
    unit = next((BUCKETS[w] for w in gws if w in BUCKETS), None)
    if unit:
        return bucket(r, fact, unit)
    for pcol, pref, prefcol in fact.fks if tables and not rest else ():  # "per department"
        if pref in tables:
            lab = cat.tables[pref].label_column()
            return by_parent(cat.tables[pref], prefcol, pcol, singular(pref) if lab == "name" else lab)
    for pcol, pref, prefcol in fact.fks if tables and not rest else ():  # "customers per region": through nation
        pt = cat.tables.get(pref)
        for qcol, qref, qrefcol in (pt.fks if pt is not None else []):
            if qref in tables and qref not in (fact.name, pref):
                gt, a2, a3 = cat.tables[qref], "g_" + pref[:3], "h_" + qref[:3]
                lab = gt.label_column()
                exprs = [(ident(a3, qrefcol), qcol)]
                exprs += [(ident(a3, lab), singular(qref) if lab == "name" else lab)] if lab else []
                join = S("{}{}").format(_join(pt, a2, prefcol, pcol), S(" JOIN {} {} ON {} = {}").format(
                    rel(gt), ident(a3), ident(a3, qrefcol), ident(a2, qcol)))
                return Group(exprs, exprs[-1][1], False, join)
    ws = rest[:2] or gws[:2]
    hit = column_word(fact, ws)
    short = None if hit else abbreviated_column(fact, ws)  # "by category": cat
    hit = (short, 0) if short else hit
    if hit and hit[0] != fact.pk:
        key = next(((pref, prefcol) for pcol, pref, prefcol in fact.fks if pcol == hit[0] and pref in cat.tables
                    and pref != fact.name and cat.tables[pref].label_column()), None)
        if key:  # "per inspector" read as inspector_id: the inspector's name beside the key
            return by_parent(cat.tables[key[0]], key[1], hit[0])
        return Group(said_codes(fact.columns.get(hit[0]), ident(T, hit[0]), hit[0]), hit[0], True)
    # a column whose value the words name is no grouping ("which ballet tutor": kind_cd 'BT', per tutor, not per kind)
    found = [(pcol, pref, prefcol, hit[0]) for pcol, pref, prefcol in fact.fks
             if (hit := column_word(cat.tables[pref], ws)) and hit[0] != cat.tables[pref].pk
             and not value_named(cat.tables[pref].columns[hit[0]], ws, set())]
    # two keys to one table ("start_zone_id", "end_zone_id"): the one whose name the question says ("trips start")
    said = [x for x in found if set(name_parts(x[0])) - {"id"} & set(r.ws)]
    for pcol, pref, prefcol, col in said[:1] or found[:1]:
        a2 = "g_" + pref[:3]
        return Group(said_codes(cat.tables[pref].columns.get(col), ident(a2, col), col), col, True,
                     _join(cat.tables[pref], a2, prefcol, pcol))
    return _parent_of_kind(gws, fact, cat)


def _parent_of_kind(gws: list[str], fact: Table, cat: Catalog) -> Group | None:
    """"which inspector ...": no table or column is called that, but a value of a referenced table is (staff.role
    = 'inspector'): per row of that table, by its key and name (the value itself filters the rows elsewhere)."""
    hits = []
    for pcol, pref, prefcol in fact.fks:
        pt = cat.tables.get(pref)
        if pt is None or pt.name == fact.name or not pt.label_column():
            continue
        if value_filters(pt, gws, "g", set(), strong=True)[0]:
            hits.append((pcol, pt, prefcol))
    if len(hits) != 1:
        return None
    pcol, pt, prefcol = hits[0]
    return by_parent(pt, prefcol, pcol)


def by_parent(pt: Table, prefcol: str, pcol: str, heading: str | None = None) -> Group:
    """Per row of the referenced table ``pt``: its key, and its name under ``heading`` (the label's own name by
    default) when it has one."""
    a2, lab = "g_" + pt.name[:3], pt.label_column()
    whole = full_name(pt, a2)  # a person: first and last name together ("Fionn O'Connor", not "O'Connor")
    if whole is not None:
        exprs = [(ident(a2, prefcol), pcol), (whole, heading or f"{singular(pt.name)}_name")]
    else:
        exprs = [(ident(a2, prefcol), pcol)] + ([(ident(a2, lab), heading or lab)] if lab else [])
    return Group(exprs, exprs[-1][1], False, _join(pt, a2, prefcol, pcol))


def said_codes(c, expr: psql.Composable, name: str) -> list[tuple[psql.Composable, str]]:
    """A grouped column, and beside it what its codes mean when its comment says ("sev 1 = critical"): a
    breakdown by severity shows "critical", not only 1."""
    codes = [m for m in (meanings(c) if c is not None else ()) if not isinstance(m.code, bool)]
    if not 2 <= len({m.code for m in codes}) <= 30:  # a country column's 200 ISO names would drown the answer
        return [(expr, name)]
    whens = S(" ").join(S("WHEN {} THEN {}").format(L(m.code), L(m.said)) for m in codes)
    return [(expr, name), (S("CASE {} {} END").format(expr, whens), f"{name}_means")]


def _join(pt: Table, alias: str, prefcol: str, pcol: str) -> psql.Composable:
    return S(" JOIN {} {} ON {} = {}").format(rel(pt), ident(alias), ident(alias, prefcol), ident(T, pcol))


def bucket(r: Read, fact: Table, unit: str) -> Group | None:
    """Per hour, day, week, month or year of the fact's time column."""
    tcol, _ = time_column(fact, r.ws, r.window_pos)
    if not tcol:
        return None
    if unit == "weekday":  # "on which day of the week": the day's name
        return Group([(S("trim(to_char({}, 'Day'))").format(ident(T, tcol)), unit)], unit, True)
    if unit == "year":  # 2024, not 2024-01-01
        return Group([(S("extract(year FROM {})::int").format(ident(T, tcol)), unit)], unit, True)
    if unit == "month":  # "2024-05-01 (May)": the month's first day, sorting as a date, and the month's name
        return Group([(S("to_char(date_trunc('month', {}), 'YYYY-MM-DD (FMMonth)')").format(ident(T, tcol)), unit)],
                     unit, True)
    return Group([(S("date_trunc({}, {})::date").format(L(unit), ident(T, tcol)), unit)], unit, True)

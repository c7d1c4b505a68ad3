"""Statements over a related table: the subject's rows ranked by a child table's fact ("top 5 products by
revenue"), rows without child rows ("customers who never ordered"), rows with more than N of them."""
from __future__ import annotations

import re
from dataclasses import dataclass

from psycopg import sql as psql

from agent.planner.filters import (Filters, Query, asked_column, ident, missing_said, money_expr, open_end, overdue_filter, query, rel, tagged_filters, value_filters, where,
                                   window_conds)
from agent.planner.linking import NUMBER_WORDS, SECONDS_PER, STOP, column_word, duration_col, extended, find_tables, forms, money_cols, name_parts, qty_col, singular, stem_word, time_column, words
from agent.planner.question import LISTS, OWE, Read, stem_names
from agent.planner.semantic import FLOOR, MARGIN, ranked_tables
from toolkits.catalog import Catalog, Table

S, L = psql.SQL, psql.Literal
_QTY = ("units", "quantity", "sold", "selling", "seller", "sellers")
# "by payments received", "by US-dollar payments": ranked by what the payments are worth ("the most payments": how many)
_BY_PAID = re.compile(r"\bby\s+(?:[a-z-]+\s+){0,2}(payments|donations|gifts|contributions|receipts|refunds|payouts|"
                      r"deposits|takings|amounts?|spend|spending|value)\b")


def by_worth(r: Read) -> bool:
    """"top 5 customers by payments received": ranked by what the payments are worth, not how many there are."""
    return _BY_PAID.search(r.q) is not None or bool(r.tax)  # "the most invoiced, excluding VAT": money


# --------------------------------------------------------------------------- top-N by a related table


@dataclass
class Rank:
    """What ranks the subject's rows: an aggregate over a child table ``table`` joined by ``fk``."""

    table: Table
    fk: str
    agg: psql.Composable
    label: str
    min_rows: bool = False  # an average of ratings: only rows with at least 3 of them


def ranked(r: Read, cat: Catalog) -> Query | None:
    """Top-N entities ranked by a fact in a related table ("top 5 products by revenue")."""
    t = cat.tables[r.subject]
    inbound = cat.inbound(t.name)
    child_num = None  # a numeric column of a child table named in the question ("most hours logged")
    for rt, col, _ in inbound:
        c = column_word(rt, r.ws, numeric=True, skip=r.used)
        if c and c[0] != rt.pk and not c[0].endswith("_id") and c[0] not in {k for k, _, _ in rt.fks}:  # (entered_by:
            # who entered the result, a key)
            child_num = (rt, col, c[0])
            break
    rated = bool(re.search(r"\b(rated|rating|ratings|score|scored|stars)\b", r.q))
    qty = any(w in _QTY for w in r.ws)
    paid = by_worth(r)
    bridge = _bridge(r, inbound)
    timed = _TIME_UNITS.search(r.q) and any(duration_col(rt) for rt, _, _ in inbound)
    if not ((r.rank or (r.n and not r.count) or each(r, t)) and t.pk and (r.child or r.money or qty or paid or rated or child_num
                                                                       or bridge or timed)):
        return None
    if (r.money or qty) and _deep_measured(r, cat, t) is not None:
        return None  # the worth or units sit further down (order_details → products → categories): deep_ranked
    k = rank_measure(r, inbound, rated, child_num) or bridge
    return ranked_query(r, cat, t, k) if k is not None else None


def deep_ranked(r: Read, cat: Catalog) -> Query | None:
    """"which film was rented the most", "which country do most customers live in": the subject's rows ranked
    by how many rows of a table two or three foreign keys below it point to them (rental → inventory → film,
    customer → address → city → country). The counted table is named, or a verb says it ("rented" → rental)."""
    t = cat.tables[r.subject]
    named_num = _deep_named(r, cat, t) if (r.rank or r.n) and t.pk and not r.count else None
    if named_num is not None:
        return named_num
    if (r.rank or each(r, t)) and t.pk and (r.money or any(w in _QTY for w in r.ws)):
        return _deep_measured(r, cat, t)
    if not (r.rank and t.pk and not r.money) or re.search(r"\b((?<!at )least|fewest|worst)\b", r.q) and not r.rank:
        return None
    named = {m.table for m in r.mentions[1:]}
    for ct, hop in _below(cat, t):
        lead = re.findall(r"[a-z]+", re.split(r"[:;,.(]", ct.comment.lower(), maxsplit=1)[0])[:1]  # "Rentals. ..."
        verbs = {i for i, w in enumerate(r.ws) if i not in r.used
                 and (stem_names(w, ct.name) or (lead and stem_names(w, lead[0])))}  # "rented": trip, "Rentals"
        if len(hop) >= 2 and (ct.name in named or verbs):
            r.used |= verbs
            return _deep_query(r, t, hop)
    return None


def _deep_named(r: Read, cat: Catalog, t: Table) -> Query | None:
    """"top 5 artists by total hammer price": the subject's rows ranked by the sum (or the average, when asked) of
    a numeric column the question names two or three foreign keys below it (hammer_result → lot → artist), when
    no table right below it has a column the question names."""
    said = {stem_word(w) for i, w in enumerate(r.ws) if i not in r.used and w not in STOP}

    def num(x: Table) -> tuple[str, int] | None:  # the column named, and how many of the question's words it says
        c = column_word(x, r.ws, numeric=True, skip=r.used)
        if not c or c[0] in {x.pk, *(k for k, _, _ in x.fks)} or c[0].lower().endswith("id") or x.columns[c[0]].key_of:
            return None
        first = re.split(r"[:;,(]", x.columns[c[0]].comment.lower(), maxsplit=1)[0]
        return c[0], len(said & {stem_word(w) for w in [*name_parts(c[0]), *words(first)] if w not in STOP})

    near = max((n[1] for ct, _, _ in cat.inbound(t.name) if (n := num(ct))), default=-1)
    for ct, hop in _below(cat, t):
        n = num(ct) if len(hop) >= 2 else None
        if n is not None and n[1] > near:  # says more than a direct child's column ("hammer price", not "price")
            c = n[0]
            agg = S("round(avg({})::numeric, 2)" if r.avg else "sum({})").format(ident("c0", c))
            return _deep_query(r, t, hop, agg, f"{'avg' if r.avg else 'total'}_{c}", cat)
    return None


def _below(cat: Catalog, t: Table, hops: int = 3):
    """(table, the foreign keys from it up to ``t``) of each table up to ``hops`` keys below ``t``, nearest first."""
    todo, seen = [(t.name, [])], {t.name}
    while todo:
        name, path = todo.pop(0)
        if len(path) >= hops:
            continue
        for ct, fk, refcol in cat.inbound(name):
            if ct.name in seen or ct.kind not in "rp":
                continue
            seen.add(ct.name)
            hop = path + [(ct, fk, refcol)]
            yield ct, hop
            todo.append((ct.name, hop))


def _deep_measured(r: Read, cat: Catalog, t: Table) -> Query | None:
    """"which category brought in the most revenue", "which supplier's products sold the most units": the
    subject's rows ranked by the worth (quantity × price) or the units of the lines two or three foreign keys
    below it (order_details → products → categories), when no table right below it has them."""
    units = any(w in _QTY for w in r.ws) and not r.money

    def measured(x: Table) -> bool:
        cols = money_cols(x, by_comment=False)
        return qty_col(x) is not None if units else bool(cols and (len(cols) == 2 or extended(x, cols)))

    def amount(x: Table) -> bool:  # "o_totalprice": what the row is worth, not a price per unit
        cols = money_cols(x, by_comment=False)
        return bool(cols) and len(cols) == 1 and not extended(x, cols) and "total" in name_parts(cols[0])

    if any(measured(ct) or (not units and amount(ct)) for ct, _, _ in cat.inbound(t.name)):
        return None  # a direct child has them: ranked() reads it
    for ct, hop in _below(cat, t):
        if measured(ct):
            if units:
                return _deep_query(r, t, hop, S("sum({})").format(ident("c0", qty_col(ct))), "units", cat)
            agg = S("sum({})").format(money_expr("c0", ct, money_cols(ct, by_comment=False), r.q))
            return _deep_query(r, t, hop, agg, "revenue", cat)
    return None


def _deep_query(r: Read, t: Table, hop: list[tuple[Table, str, str]], agg: psql.Composable | None = None,
                label: str = "", cat: Catalog | None = None) -> Query:
    """count(*) of the farthest table's rows, joined up the chain to the subject, per subject row."""
    chain = list(reversed(hop))  # from the counted table up to the subject
    counted = chain[0][0]
    joins, below = [], "c0"
    for i, (ct, fk, refcol) in enumerate(chain):
        above = "e" if i == len(chain) - 1 else f"c{i + 1}"
        above_rel = rel(t) if above == "e" else rel(chain[i + 1][0])
        joins.append(S(" JOIN {} {} ON {} = {}").format(above_rel, ident(above), ident(above, refcol), ident(below, fk)))
        below = above
    f = Filters("c0")
    if r.window and [c for c in counted.time_columns() if not c.audit]:  # not when the line was last touched
        col = time_column(counted, r.ws, r.window_pos)[0]
        f.conds += window_conds("c0", col, r.window)
        f.said.append(f"{col} {r.window.phrase}")
    elif r.window and cat is not None:  # the lines' time is their order's (order_details → orders)
        joins.append(rank_window(r, cat, counted, f, "c0"))
    vconds, vsaid, vused = value_filters(t, r.ws, "e", r.used)
    f.conds += vconds
    f.said += vsaid
    rconds, rsaid, _ = value_filters(counted, r.ws, "c0", r.used | vused)  # values of the counted rows
    f.conds += rconds
    f.said += rsaid
    lab = t.label_column()
    through, key_joins = named_through_key(cat, t, "e") if cat is not None else ([], S(""))
    cols = S(", ").join([ident("e", t.pk)] + ([ident("e", lab)] if lab else through))
    joins.append(key_joins)
    label = label or f"{counted.name}_count"
    if agg is None:  # "rented most often", "the most frequently": how many times, the rows counted
        r.used |= {i for i, w in enumerate(r.ws) if w in ("often", "frequently", "times")}
    order = S("ASC" if re.search(r"\b(fewest|(?<!at )least)\b", r.q) else "DESC")
    sql = S("SELECT {}, {} AS {} FROM {} c0{}{} GROUP BY {} ORDER BY 3 {} NULLS LAST{}").format(
        cols if lab or through else S("{}, NULL").format(cols), agg or S("count(*)"), ident(label), rel(counted),
        S("").join(joins), where(f.conds), cols, order, first_rows(r, S(", 1")))
    path = " → ".join([counted.name] + [x[0].name for x in chain[1:]] + [t.name])
    what = f"the {label} of its {counted.name} rows" if agg is not None else f"the number of {counted.name} rows"
    return query(sql, "top", r.subject, f"{r.subject} ranked by {what} (joined {path})" + f.said_text(), label)


def first_rows(r: Read, tiebreak: psql.Composable = S("")) -> psql.Composable:
    """The rows a ranking keeps: the N asked, else one for "which film ..." with every row tied with it (a tie is
    an answer too), else ten."""
    if not r.n and each(r):
        return S("{} LIMIT 50").format(tiebreak)  # "revenue of each category": every one (as many as a table shows)
    if not r.n and _one(r):
        return S(" FETCH FIRST 1 ROWS WITH TIES")
    return S("{} LIMIT {}").format(tiebreak, L(r.n or 10))


def each(r: Read, t: Table | None = None) -> bool:
    """"How much did each category bring in", "revenue per store": a figure for every row of the subject, not a
    ranking's top rows; not when the subject holds the figure itself ("the balance of each branch": its column)."""
    head = r.mentions[0]
    return head.start > 0 and r.ws[head.start - 1] in ("each", "per", "every") and not r.rank and not (
        t is not None and column_word(t, r.ws, numeric=True, skip=r.used))


def _one(r: Read) -> bool:
    """"which film ...", "the most rented film": one answer ("which customers ..." asks for several)."""
    m = re.match(r"\s*(?:which|what)\s+([a-z_]+)", r.q)
    head = r.mentions[0]
    if m and head.start == 1 and head.end > 1:  # "which sales rep": the last word of the table's name
        last = r.ws[head.end - 1]
        return last == singular(last)
    return bool(m and m.group(1) == singular(m.group(1))) or bool(re.search(r"\bthe most \w+ [a-z_]+\b(?<!s)", r.q))


def _bridge(r: Read, inbound: list) -> Rank | None:
    """"which author wrote the most books": a table that references both the subject and a table the
    question names (book_author) ranks the subject by its rows."""
    named = {m.table for m in r.mentions[1:]}
    for rt, col, _ in inbound:
        if rt.name not in named and any(ref in named for c, ref, _ in rt.fks if c != col):
            target = next(ref for c, ref, _ in rt.fks if c != col and ref in named)
            return Rank(rt, col, S("count(*)"), target)
    return None


_TIME_UNITS = re.compile(r"\b(hours|minutes|days)\b")  # "logged the most hours": time kept in a child's column


def rank_measure(r: Read, inbound: list, rated: bool, child_num: tuple | None) -> Rank | None:
    """Revenue or units sold, an average rating, a named child column, else a count of a named child table."""
    facts = [m.table for m in r.mentions[1:]]
    chosen = None
    paid = by_worth(r) and not r.count
    if r.money or paid or any(w in _QTY for w in r.ws):
        want_qty = any(w in _QTY for w in r.ws) and not r.money
        for rt, col, _ in inbound:
            if want_qty and qty_col(rt):
                qcol = qty_col(rt)
                chosen = Rank(rt, col, S("sum({})").format(ident("r", qcol)), "units")
                break
            e = money_cols(rt)
            if not want_qty and e and (chosen is None or rt.name in facts or (len(e) == 2 and chosen.table.name not in facts)):
                chosen = Rank(rt, col, S("sum({})").format(money_expr("r", rt, e, r.q)),
                              "owed" if OWE.search(r.q) else "revenue")
    elif rated:
        for rt, col, _ in inbound:
            rc = next((c for c in rt.columns if re.search(r"rating|score|stars", c) and rt.columns[c].is_numeric), None)
            if rc:
                chosen = Rank(rt, col, S("round(avg({})::numeric, 2)").format(ident("r", rc)), f"avg_{rc}", min_rows=True)
    hours = _TIME_UNITS.search(r.q)
    if chosen is None and hours and not child_num:  # "the agent who logged the most hours": the minutes booked
        for rt, col, _ in inbound:
            if (dur := duration_col(rt)):
                per = SECONDS_PER[hours.group(1)] / dur[1]
                chosen = Rank(rt, col, S("round(sum({}) / {}, 2)").format(ident("r", dur[0]), L(round(per, 6))),
                              hours.group(1))
                break
    if chosen is None and child_num:
        rt, col, c = child_num
        agg = S("round(avg({})::numeric, 2)" if r.avg else "sum({})").format(ident("r", c))
        chosen = Rank(rt, col, agg, f"{'avg' if r.avg else 'total'}_{c}", min_rows=r.avg and rated)
    if chosen is None:
        chosen = next((Rank(rt, col, S("count(*)"), rt.name) for rt, col, _ in inbound if rt.name in facts), None)
    return chosen


def ranked_query(r: Read, cat: Catalog, t: Table, k: Rank) -> Query:
    f = Filters("r")
    join = rank_window(r, cat, k.table, f)
    vconds, vsaid, vused = value_filters(t, r.ws, "e", r.used)
    f.conds += vconds
    f.said += vsaid
    rconds, rsaid, rused = value_filters(k.table, r.ws, "r", r.used | vused)  # "(cancelled orders excluded)"
    f.conds += rconds
    f.said += rsaid
    overdue_filter(r, cat, k.table, f)  # "the client who owes us most on overdue invoices": only those, unpaid
    r.used |= vused | rused
    lab = t.label_column()
    asked = asked_column(t, r.q)  # "give me the registration": that column as well
    cols = S(", ").join([ident("e", t.pk)] + ([ident("e", lab)] if lab else [])
                        + ([ident("e", asked)] if asked and asked not in (t.pk, lab) else []))
    through, key_joins = named_through_key(cat, t, "e")
    shown = S(", ").join([cols, *(S("{} AS name").format(x) for x in person_name(t, "e") or through)])  # "Jake Brown"
    order = S("ASC" if re.search(r"\b(worst|fewest|(?<!at )least|lowest)\b", r.q) else "DESC")
    having = S(" HAVING count(*) >= 3") if k.min_rows else S("")
    inner = where([*f.conds, S("{} IS NOT NULL").format(ident("r", k.fk))])  # rows linked to none rank nothing
    parts = dict(cols=cols, shown=shown, agg=k.agg, label=ident(k.label), xlabel=ident("x", k.label), t=rel(t), rt=rel(k.table),
                 fk=ident("r", k.fk), pk=ident("e", t.pk), join=join, where=where(f.conds), having=having, inner=inner,
                 order=order, n=first_rows(r))
    if vconds and through:  # grouped by the key: the name reached through it is grouped too
        parts["cols"] = S(", ").join([cols, *through])
        parts["join"] = S("{}{}").format(key_joins, join)
    if vconds:  # filters on the entity itself: join first, then rank
        sql = S("SELECT {shown}, {agg} AS {label} FROM {t} e JOIN {rt} r ON {fk} = {pk}{join}{where} GROUP BY {cols}"
                "{having} ORDER BY {label} {order} NULLS LAST{n}").format(**parts)
    else:  # rank inside the fact table, then fetch the names of the top rows only (much faster)
        sql = S("SELECT {shown}, {xlabel} FROM (SELECT {fk} AS key, {agg} AS {label} FROM {rt} r{join}{inner} "
                "GROUP BY {fk}{having} ORDER BY {label} {order} NULLS LAST{n}) x "
                "JOIN {t} e ON {pk} = x.key{key_joins} ORDER BY {xlabel} {order} NULLS LAST").format(**parts, key_joins=key_joins)
    top = "top 1 (and any tied with it)" if not r.n and _one(r) else f"top {r.n or 10}"
    return query(sql, "top", r.subject, f"{top} {r.subject} by {k.label}" + f.said_text(), k.label)


def rank_window(r: Read, cat: Catalog, rt: Table, f: Filters, fact: str = "r") -> psql.Composable:
    """The time window on the ranked facts (alias ``fact``), or on the parent that has the time (order_items →
    orders)."""
    if not r.window:
        return S("")
    col, _ = time_column(rt, r.ws, r.window_pos)
    alias, join = fact, S("")
    if col is None:
        for c2, ref, refcol in rt.fks:
            if ref != r.subject and cat.tables[ref].time_columns():
                alias = "p"
                col, _ = time_column(cat.tables[ref], r.ws, r.window_pos)
                join = S(" JOIN {} p ON {} = {}").format(rel(cat.tables[ref]), ident("p", refcol), ident(fact, c2))
                break
    if col:
        f.conds += window_conds(alias, col, r.window)
        f.said.append(f"{col} {r.window.phrase}")
    return join


# --------------------------------------------------------------------------- rows with(out) related rows

_NEVER = re.compile(r"\b(never|without|with no|no|zero|haven't|have not|hasn't|has not|didn't|did not)\b")
COUNT_OPS = {"more than": ">", "over": ">", "at least": ">=", "fewer than": "<", "less than": "<", "at most": "<=",
             "exactly": "=", "or more": ">=", "or over": ">=", "or fewer": "<=", "or less": "<="}  # "5 or more"


def _child(r: Read, cat: Catalog, name: str | None) -> tuple[Table, str, str] | None:
    """(child table, its fk column, the subject's referenced column) when ``name`` references the subject
    (by its last foreign key to it)."""
    return {rt.name: (rt, fk, refcol) for rt, fk, refcol in cat.inbound(r.subject)}.get(name)


def _grandchild(r: Read, cat: Catalog, name: str) -> tuple[tuple[Table, str, str], tuple[Table, str, str]] | None:
    """``name`` references the subject through one table between (device → building → site): ((the grandchild,
    its fk to the middle table, that table's column), (the middle table, its fk to the subject, the subject's
    column)), when there is one such path."""
    paths = [((gt, gfk, gref), (mt, mfk, mref)) for mt, mfk, mref in cat.inbound(r.subject) if mt.name != name
             for gt, gfk, gref in cat.inbound(mt.name) if gt.name == name]
    return paths[0] if len(paths) == 1 else None


def _bridge_to(r: Read, cat: Catalog, name: str | None) -> tuple[Table, str, str] | None:
    """"films with no actors": the subject's child that references ``name`` (film_actor) stands for it."""
    if name is None or name == r.subject:
        return None
    bridges = [(rt, fk, refcol) for rt, fk, refcol in cat.inbound(r.subject) if any(ref == name for _, ref, _ in rt.fks)]
    return bridges[0] if len(bridges) == 1 else None


def without(r: Read, cat: Catalog) -> Query | None:
    """"customers who never placed an order", "products without reviews": rows with no child row."""
    nm = _NEVER.search(r.q)
    if not nm:
        return None
    after = words(r.q[nm.end():])[:5]
    at = len(words(r.q[:nm.end()]))  # the first word after the negation
    name = next((m.table for w in after for m in r.mentions if w in forms(m.table) and m.table != r.subject), None)
    name = name or next((m.table for m in r.mentions if at <= m.start < at + 5 and m.table != r.subject), None)
    link = _child(r, cat, name) or _bridge_to(r, cat, name)
    if link is None and r.child and any(stem_names(w, r.child) for w in words(r.q[nm.start():])[:4]):
        link = _child(r, cat, r.child)  # "customers who never rented": the rental rows
    if link is None:  # two or three keys away: named ("no rentals"), or a verb says it ("never rented")
        verbs = words(r.q[nm.start():])[1:4]
        found = _without_chain(r, cat, lambda t: t.name == name if name else any(stem_names(w, t.name) for w in verbs))
        if found:
            return found
    if link is None and name is None and r.count and not missing_said(cat.tables[r.subject], r.ws, set()):
        # "never made a purchase": the table below closest by meaning (not "no e-mail address": a column)
        meant = _below_by_meaning(r, cat, " ".join(words(r.q[nm.start():])[:5]))
        link = _child(r, cat, meant)
        if link is None and meant:
            return _without_chain(r, cat, lambda t: t.name == meant)
    if link is None:
        return None
    ct, fk, refcol = link
    t = cat.tables[r.subject]
    conds = [S("{} = {}").format(ident("c", fk), ident("e", refcol))]
    if r.window and ct.time_columns():
        conds += window_conds("c", time_column(ct, r.ws, r.window_pos)[0], r.window)
    cond = S("NOT EXISTS (SELECT 1 FROM {} c WHERE {})").format(rel(ct), S(" AND ").join(conds))
    what = f"{r.subject} without {ct.name}" + (f" ({r.window.phrase})" if len(conds) > 1 else "")
    return _rows_where(r, t, cond, what)


def _rows_where(r: Read, t: Table, cond: psql.Composable, what: str) -> Query:
    """The subject's rows (alias e) that meet ``cond``: counted, or listed by key."""
    if r.count:
        sql = S("SELECT count(*) AS {} FROM {} e WHERE {}").format(ident(r.subject), rel(t), cond)
        return query(sql, "count", r.subject, f"count of {what}", r.subject)
    order = ident("e", t.pk) if t.pk else S("1")
    sql = S("SELECT e.* FROM {} e WHERE {} ORDER BY {} LIMIT {}").format(rel(t), cond, order, L(r.n or r.limit))
    return query(sql, "list", r.subject, what)


def _chain_joins(chain: list) -> list[psql.Composable]:
    """Joins up a chain of child tables (c0 the deepest, each (table, fk, referenced column)) to the subject's child."""
    return [S(" JOIN {} {} ON {} = {}").format(rel(chain[i + 1][0]), ident(f"c{i + 1}"),
                                              ident(f"c{i + 1}", chain[i][2]), ident(f"c{i}", chain[i][1]))
            for i in range(len(chain) - 1)]


def _below_by_meaning(r: Read, cat: Catalog, phrase: str) -> str | None:
    """The table one to three foreign keys below the subject that ``phrase`` ("never made a purchase") means
    (cosine over the tables' descriptions, semantic.py), when one is clearly closest."""
    below, todo = {}, [(r.subject, 0)]  # table → how many keys below the subject
    while todo:
        at, depth = todo.pop(0)
        for ct, _, _ in cat.inbound(at) if depth < 3 else ():
            if ct.name not in below and ct.name != r.subject and ct.kind in "rp":
                below[ct.name] = depth + 1
                todo.append((ct.name, depth + 1))
    ranked = [(n, s) for n, s in ranked_tables(phrase, cat) if n in below]
    # a short phrase is far from every description; among the subject's own children a lower floor is enough
    if not ranked or ranked[0][1] < FLOOR / 3:
        return None
    if len(ranked) > 1 and ranked[0][1] - ranked[1][1] < MARGIN:
        a, b = ranked[0][0], ranked[1][0]  # an invoice and its lines: a purchase is the one nearer the subject
        if not (cat.link(a, b) and below[a] != below[b]):
            return None
        return a if below[a] < below[b] else b
    return ranked[0][0]


def with_related(r: Read, cat: Catalog) -> Query | None:
    """"customers who have made at least one claim": rows with a row of a table the question names two or three
    foreign keys below them (claim → policy → customer), counted once each."""
    if not r.count or r.child or _NEVER.search(r.q):
        return None
    named = [m for m in r.mentions[1:] if m.table != r.subject and m.start >= 0]
    # a table called by its own name first ("a claim": claim, not claim_payment, which a comment's "made" found)
    own = [m for m in named if any(w in forms(m.table) for w in r.ws[m.start:m.end])]
    name = next((m.table for m in own or named), None)
    if name is None or cat.link(r.subject, name):
        return None  # a child one key away is the aggregate's (count of distinct keys)
    return _without_chain(r, cat, lambda t: t.name == name, exists=True)


def _without_chain(r: Read, cat: Catalog, wanted, exists: bool = False) -> Query | None:
    """"films with no rentals in 2022": no row of ``name`` two or three foreign keys below the subject (rental →
    inventory → film); ``exists``: rows that have one."""
    t = cat.tables[r.subject]
    todo, seen = [(t.name, [])], {t.name}
    fallback = None
    while todo:
        at, path = todo.pop(0)
        for ct, fk, refcol in cat.inbound(at) if len(path) < 3 else ():
            if ct.name in seen or ct.kind not in "rp":
                continue
            seen.add(ct.name)
            hop = path + [(ct, fk, refcol)]
            up = next(((col, cat.tables[ref], rcol) for col, ref, rcol in ct.fks
                       if ref in cat.tables and ref not in seen and wanted(cat.tables[ref])), None) if exists else None
            if up is not None and not wanted(ct):  # "bookings with a flight that got cancelled": tickets ←
                guessed = up[0] in ct.implied or any(f in c.implied for c, f, _ in hop)  # ticket_flights → flights
                if not guessed:
                    return _exists_through(r, cat, t, hop, up)
                fallback = fallback or (hop, up)  # a declared path is looked for first
            if wanted(ct) and len(hop) >= 2:
                chain = list(reversed(hop))  # from the named table up to the subject's child
                joins = _chain_joins(chain)
                conds = [S("{} = {}").format(ident(f"c{len(chain) - 1}", chain[-1][1]), ident("e", chain[-1][2]))]
                if r.window and ct.time_columns():
                    conds += window_conds("c0", time_column(ct, r.ws, r.window_pos)[0], r.window)
                cond = S("{} (SELECT 1 FROM {} c0{} WHERE {})").format(S("EXISTS" if exists else "NOT EXISTS"), rel(ct),
                                                                      S("").join(joins), S(" AND ").join(conds))
                path_said = " → ".join(x[0].name for x in chain)
                what = (f"{r.subject} {'with' if exists else 'without'} {ct.name} (through {path_said})"
                        + (f" ({r.window.phrase})" if r.window else ""))
                return _rows_where(r, t, cond, what)
            todo.append((ct.name, hop))
    return _exists_through(r, cat, t, *fallback) if fallback else None


def _exists_through(r: Read, cat: Catalog, t: Table, hop: list, up: tuple) -> Query | None:
    """Rows of the subject with a row below them (``hop``: child tables, nearest first) that references the named
    table, whose values the question gives ("at least one flight that got cancelled": flights.status)."""
    col, pt, rcol = up
    chain = list(reversed(hop))  # c0: the deepest child, the one that references the named table
    joins = _chain_joins(chain)
    joins.append(S(" JOIN {} p ON {} = {}").format(rel(pt), ident("p", rcol), ident("c0", col)))
    vconds, vsaid, vused = value_filters(pt, r.ws, "p", r.used, strong=True)
    if not vconds:
        return None  # a plain "with a flight": every booking has one; the child count reads it
    conds = [S("{} = {}").format(ident(f"c{len(chain) - 1}", chain[-1][1]), ident("e", chain[-1][2])), *vconds]
    cond = S("EXISTS (SELECT 1 FROM {} c0{} WHERE {})").format(rel(chain[0][0]), S("").join(joins), S(" AND ").join(conds))
    r.used |= vused
    path_said = " → ".join([x[0].name for x in chain] + [pt.name])
    what = f"{r.subject} with {pt.name} ({', '.join(vsaid)}) (through {path_said})"
    return _rows_where(r, t, cond, what)


_NUMBER_WORDS = "|".join(NUMBER_WORDS)


_STILL = re.compile(r"\b(currently|still|at present|at the moment|right now|on (?:our|the) books|in service)\b")


def with_children(r: Read, cat: Catalog) -> Query | None:
    """"customers with more than 5 orders": a count over the child table, per parent row."""
    hm = re.search(rf"\b(more than|over|at least|fewer than|less than|at most|exactly)\s+(\d+|{_NUMBER_WORDS})\s+([a-z_]+)", r.q)
    if not hm or not (r.count or LISTS.search(r.q)):
        return None
    n = int(hm.group(2)) if hm.group(2).isdigit() else NUMBER_WORDS.index(hm.group(2))
    name = next((m.table for m in r.mentions if hm.group(3) in forms(m.table) or hm.group(3) in r.ws[max(m.start, 0):m.end]), None)
    at = len(words(r.q[:hm.start(3)]))  # the first word after the number
    said = next((m for m in r.mentions if at <= m.start <= at + 3 and m.table != r.subject), None)
    if name in (None, r.subject) and said is not None:  # "more than 10 completed appointments": words between
        name = said.table
    if name in (None, r.subject) and hm.group(3) in ("times", "occasions") and r.child is None:  # "codes logged more than 600
        kids = [rt.name for rt, _, _ in cat.inbound(r.subject) if rt.kind in "rp"]  # times": the child a verb names
        named = [k for k in kids if any(stem_names(w, k) for w in r.ws)]
        timed = [k for k in kids if cat.tables[k].time_columns()]
        name = r.child if r.child in kids else (named[0] if len(named) == 1 else timed[0] if len(timed) == 1 else None)
        r.used |= {i for i, w in enumerate(r.ws) if name and (stem_names(w, name) or i == at)}  # "logged", "times"
    link = _child(r, cat, name) if name != r.subject else None
    some = COUNT_OPS[hm.group(1)] == ">=" and n <= 1 or COUNT_OPS[hm.group(1)] == ">" and n == 0  # "at least one":
    hop = None if link is not None or name in (None, r.subject) or some else _grandchild(r, cat, name)  # EXISTS reads it
    if link is None and hop is None:
        return None
    ct, fk, refcol = link or hop[0]
    qual = set(range(at, said.start)) if said is not None and said.table == ct.name else set()
    wconds, wsaid, wused = value_filters(ct, r.ws, "c", set(range(len(r.ws))) - qual) if qual else ([], [], set())
    wsaid = [f" ({', '.join(wsaid)})"] if wsaid else []  # "more than 3 safety-critical defects": the defects' values
    r.used |= wused
    if r.window and ct.time_columns():
        tcol, tpos = time_column(ct, r.ws, r.window_pos)
        wconds = wconds + window_conds("c", tcol, r.window)
        r.used |= set(tpos)
    end = open_end(ct) if _STILL.search(r.q) else None
    if end is not None:  # "landlords with more than 8 properties on our books at the moment": the ones not ended
        wconds.append(S("{} IS NULL").format(ident("c", end.name)))
    key, via = ident("c", fk), S("")
    if hop is not None:  # "sites with more than 60 devices": a device's building is on the site
        mid, mfk, mref = hop[1]
        key, via = ident("m", mfk), S(" JOIN {} m ON {} = {}").format(rel(mid), ident("m", refcol), ident("c", fk))
        refcol = mref
    inner = S("SELECT {key} FROM {ct} c{via}{where} GROUP BY {key} HAVING count(*) {op} {n}").format(
        key=key, ct=rel(ct), via=via, where=where(wconds), op=S(COUNT_OPS[hm.group(1)]), n=L(n))
    what = f"{r.subject} with {hm.group(1)} {n} {ct.name}{''.join(wsaid)}" + (f" {r.window.phrase}" if wconds and r.window else "") + (
        f" (no {end.name}: still held)" if end is not None else "")
    if r.count:
        sql = S("SELECT count(*) AS {} FROM ({}) x").format(ident(r.subject), inner)
        return query(sql, "count", r.subject, f"count of {what}", r.subject)
    t = cat.tables[r.subject]
    lab = t.label_column()
    key = ident("e", t.pk) if t.pk else S("e.*")
    cols = S(", ").join([key] + ([ident("e", lab)] if lab and lab != t.pk else []))
    sql = S("SELECT {} FROM {} e WHERE {} IN ({}) ORDER BY {} LIMIT {}").format(
        cols, rel(t), ident("e", refcol), inner, key if t.pk else S("1"), L(r.n or r.limit))
    return query(sql, "list", r.subject, what)


def named_through_key(cat: Catalog, t: Table, alias: str) -> tuple[list[psql.Composable], psql.Composable]:
    """For a table whose rows have no name of their own but whose key is another table's key (a sales person is
    an employee is a person): that table's whole name or label, and the joins that reach it (up to 3 hops)."""
    if t.label_column() or not t.pk:
        return [], S("")
    joins, here, at, found = [], t, alias, []
    for hop in range(3):
        up = next(((ref, refcol) for c, ref, refcol in here.fks if c == here.pk and ref in cat.tables), None)
        if up is None or up[0] == here.name:
            break
        nxt, nalias = cat.tables[up[0]], f"k{hop}"
        joins.append(S(" JOIN {} {} ON {} = {}").format(rel(nxt), ident(nalias), ident(nalias, up[1]), ident(at, here.pk)))
        here, at = nxt, nalias
        lab = here.label_column()
        whole = person_name(here, at) or ([ident(at, lab)] if lab and "name" in name_parts(lab) else [])
        if whole:  # a name (an employee's national id number is a label, not a name: look one key further)
            return whole, S("").join(joins)
        if lab and not found:  # the first label on the way, if no name follows
            found = [ident(at, lab)], list(joins)
    return (found[0], S("").join(found[1])) if found else ([], S(""))


def person_name(t: Table, alias: str) -> list[psql.Composable]:
    """A person's whole name beside the surname a table's label gives ("Jake Brown"), when it keeps both."""
    names = [c for c in t.columns if c.lower().endswith(("name", "_nm")) and t.columns[c].is_text]
    first = next((c for c in names if c.lower().startswith(("first", "given", "fore"))), None)
    last = next((c for c in names if c.lower().startswith(("last", "sur", "family"))), None)
    if not (first and last):
        return []
    return [S("concat_ws(' ', {}, {})").format(ident(alias, first), ident(alias, last))]


# --------------------------------------------------------------------------- a row's parent or children in its own table

_UP = re.compile(r"\b(manager|boss|supervisor|superior|line manager|parent|reports? to whom|who does \w+(?: \w+)? report to)\b")
_DOWN = re.compile(r"\b(reports? (?:directly )?to|report(?:ing)? (?:directly )?into|managed by|supervised by|"
                   r"direct reports|subordinates|(?:work|works|working) (?:directly )?(?:for|under)|children of|"
                   r"under)\b")


def self_ref(r: Read, cat: Catalog) -> Query | None:
    """"Who is Michael Suyama's manager?", "which employees report directly to Andrew Fuller?": the row a name
    picks, and the row its own foreign key to the same table points to (its manager), or the rows pointing to
    it (its reports)."""
    t = cat.tables[r.subject]
    own = [(c, refcol) for c, ref, refcol in t.fks if ref == t.name]
    if len(own) != 1 or not t.pk:
        return None
    fk, refcol = own[0]
    up, down = _UP.search(r.q), _DOWN.search(r.q)
    if not (up or down):
        return None
    vconds, vsaid, vused = value_filters(t, r.ws, "x", r.used)
    if not vconds:
        return None  # nobody is named
    r.used |= vused | {i for i, w in enumerate(r.ws) if w in ("manager", "boss", "supervisor", "report", "reports",
                                                               "managed", "directly", "subordinates")}
    names = [c for c in t.columns if c.lower().endswith(("name", "_nm")) and t.columns[c].is_text][:2] \
        or [t.label_column() or t.pk]
    if down and not (up and up.start() < down.start()):  # the rows whose key points to the named one
        cols = S(", ").join(ident("e", c) for c in [t.pk, *names])
        sql = S("SELECT {} FROM {} e JOIN {} x ON {} = {}{} ORDER BY {} LIMIT {}").format(
            cols, rel(t), rel(t), ident("x", refcol), ident("e", fk), where(vconds), ident("e", names[0]), L(r.limit))
        return query(sql, "list", t.name, f"{t.name} whose {fk} is the one with {', '.join(vsaid)}")
    cols = S(", ").join(ident("m", c) for c in [t.pk, *names])
    cols = S(", ").join([*(S("{} AS name").format(x) for x in person_name(t, "m")), cols])  # "Anthony Bow"
    sql = S("SELECT {} FROM {} x JOIN {} m ON {} = {}{}").format(
        cols, rel(t), rel(t), ident("m", refcol), ident("x", fk), where(vconds))
    return query(sql, "list", t.name, f"the {t.name} row {fk} points to from the one with {', '.join(vsaid)}")


# --------------------------------------------------------------------------- when a named row last had a related event

def when_related(r: Read, cat: Catalog) -> Query | None:
    """"When was Perth Pasties last ordered?": the latest (or first) time of the event rows a verb names
    (orders, through order_details) that are linked to the row the question names."""
    if not re.match(r"\s*(?:and\s+)?when\b", r.q):
        return None
    t = cat.tables[r.subject]
    vconds, vsaid, vused = value_filters(t, r.ws, "e", r.used)
    if not vconds:
        vconds, vsaid = tagged_filters(t, r.text, "e")  # "When did Customer#000000124 ..."
    if not vconds:
        return None
    own = {i for m in r.mentions[:1] for i in range(m.start, m.end)}
    free = [w for i, w in enumerate(r.ws) if i not in own | vused and len(w) >= 4]  # "hired" may name hire

    def said(x: Table) -> bool:
        lead = re.findall(r"[a-z]+", re.split(r"[:;,.(]", x.comment.lower(), maxsplit=1)[0])[:1]
        return any(stem_names(w, x.name) or w in forms(x.name) or (lead and stem_names(w, lead[0])) for w in free)

    for ct, fk, refcol in cat.inbound(t.name):
        if ct.kind not in "rp":
            continue
        hops = [(ct, None)] + [(cat.tables[oref], (ocol, orefcol)) for ocol, oref, orefcol in ct.fks
                               if oref != t.name and oref in cat.tables]
        for et, via in hops:
            if not et.time_columns() or not said(et):
                continue
            col, _ = time_column(et, r.ws, r.window_pos)
            if col is None:
                continue
            first = re.search(r"\b(first|earliest)\b", r.q) is not None
            agg = S("min({})" if first else "max({})").format(ident("v" if via else "c", col))
            join = S(" JOIN {} v ON {} = {}").format(rel(et), ident("v", via[1]), ident("c", via[0])) if via else S("")
            sql = S("SELECT {} AS {} FROM {} c{} JOIN {} e ON {} = {}{}").format(
                agg, ident(f"{'first' if first else 'last'}_{col}"), rel(ct), join, rel(t), ident("e", refcol),
                ident("c", fk), where(vconds))
            r.used |= vused
            path = f"{ct.name} → {et.name}" if via else ct.name
            return query(sql, "value", t.name, f"{'first' if first else 'latest'} {et.name}.{col} of the {t.name} "
                                               f"with {', '.join(vsaid)} (joined {path})")
    return None


# --------------------------------------------------------------------------- groups with more than N rows

def groups_with(r: Read, cat: Catalog) -> Query | None:
    """"Which countries have more than 50 customers?": the values of a column of the counted table whose rows
    number more (or fewer) than N, biggest first."""
    m = re.match(r"\s*(?:which|what)\s+([a-z_]+(?:\s+[a-z_]+)?)\s+(?:have|has|had|got|with)\b", r.q)
    hm = re.search(rf"\b(more than|over|at least|fewer than|less than|at most|exactly)\s+(\d+|{_NUMBER_WORDS})\s+"
                   r"(?:of\s+(?:our|the|their|its|these|those)\s+)?([a-z_]+)", r.q.replace(",", ""))  # "one of our venues"
    if not m or not hm:
        return None
    t = cat.tables[r.subject]
    if hm.group(3) not in forms(t.name) and not any(hm.group(3) in r.ws[x.start:x.end] for x in r.mentions[:1]):
        return None  # the rows counted are the subject's
    col = column_word(t, words(m.group(1)))
    if col is None or col[0] == t.pk or find_tables(words(m.group(1))[:1], cat):
        return None
    n = int(hm.group(2)) if hm.group(2).isdigit() else NUMBER_WORDS.index(hm.group(2))
    label = t.name
    sql = S("SELECT {c}, count(*) AS {l} FROM {t} t GROUP BY {c} HAVING count(*) {op} {n} ORDER BY 2 DESC, 1").format(
        c=ident("t", col[0]), l=ident(label), t=rel(t), op=S(COUNT_OPS[hm.group(1)]), n=L(n))
    r.used |= {i for i, w in enumerate(r.ws) if w in words(m.group(1))}
    return query(sql, "list", t.name, f"{col[0]} of {t.name} with {hm.group(1)} {n} rows")

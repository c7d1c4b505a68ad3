"""Plain questions about the data → one read-only SQL statement, built from the live catalog.

Used by the deterministic planner (agent/planner.py) for counts, sums, averages, min/max,
breakdowns ("per status", "by country", "per day"), top-N ("top 5 products by revenue") and
listings ("the last 10 orders"), with filters taken from the question: time windows
("yesterday", "last 7 days", "this month") on the right timestamp column, values the column
is known to hold (pg_stats most-common values: "pending", "Germany", "paypal") and ids
("order 1234"). Table and column names are resolved against the catalog: plural/singular,
multi-word names ("order items"), and typos (difflib).

Nothing here runs SQL: the catalog comes from the toolkit (toolkits/postgres/catalog.py). The SQL it
builds goes through the selection tool and its guard like any other.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from toolkits.catalog import Catalog, Table

# --------------------------------------------------------------------------- words

_WORD = re.compile(r"[a-z0-9_]+(?:['’][a-z]+)?")
_STOP = {
    "the", "a", "an", "of", "in", "on", "for", "to", "by", "per", "and", "or", "is", "are", "was",
    "were", "how", "many", "what", "which", "who", "me", "my", "show", "list", "give", "do", "we",
    "have", "has", "did", "there", "our", "with", "from", "at", "it", "this", "that", "each",
}


def words(text: str) -> list[str]:
    return [w.replace("’", "'").split("'")[0] for w in _WORD.findall(text.lower())]


def singular(w: str) -> str:
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "ches", "shes", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


def _forms(name: str) -> set[str]:
    base = name.lower()
    return {base, singular(base), base + "s", singular(base) + "s"}


@dataclass
class Mention:
    table: str
    start: int  # word position
    end: int


def find_tables(ws: list[str], cat: Catalog) -> list[Mention]:
    """Tables named in the question, in order: exact, multi-word, singular/plural, then typos."""
    forms: dict[str, str] = {}
    for t in cat.tables:
        for f in _forms(t):
            forms.setdefault(f, t)
    taken: set[int] = set()
    out: list[Mention] = []
    for size in (3, 2, 1):
        for i in range(len(ws) - size + 1):
            if any(j in taken for j in range(i, i + size)):
                continue
            cand = "_".join(ws[i : i + size])
            hit = forms.get(cand) or forms.get(singular(cand))
            if hit is None and size == 1 and len(cand) >= 5 and cand not in _STOP:
                close = difflib.get_close_matches(cand, list(forms), n=1, cutoff=0.86)
                hit = forms[close[0]] if close else None
            if hit:
                out.append(Mention(hit, i, i + size))
                taken.update(range(i, i + size))
    # a table known by its last word only ("items" → order_items) when nothing else matched it
    for i, w in enumerate(ws):
        if i in taken or w in _STOP:
            continue
        for t in cat.tables:
            if cat.tables[t].kind not in "rp":
                continue
            parts = t.split("_")
            if len(parts) > 1 and singular(w) == singular(parts[-1]) and not any(m.table == t for m in out):
                out.append(Mention(t, i, i + 1))
                taken.add(i)
    out.sort(key=lambda m: m.start)
    # prefer base tables over views for the same words
    return out


# --------------------------------------------------------------------------- time windows

_NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10,
              "twelve": 12, "fourteen": 14, "thirty": 30, "a": 1, "an": 1}
_UNITS = {"minute": "minute", "min": "minute", "hour": "hour", "day": "day", "week": "week",
          "month": "month", "year": "year", "hr": "hour"}


@dataclass
class Window:
    phrase: str
    lower: str  # SQL expression
    upper: str | None = None


def time_window(question: str) -> Window | None:
    q = question.lower()
    m = re.search(r"\b(?:last|past|previous|in the last|within the last)\s+(\d+|[a-z]+)?\s*"
                  r"(minute|min|hour|hr|day|week|month|year)s?\b", q)
    if m and (m.group(1) is None or m.group(1).isdigit() or m.group(1) in _NUM_WORDS):
        n = int(m.group(1)) if m.group(1) and m.group(1).isdigit() else _NUM_WORDS.get(m.group(1) or "", 1)
        unit = _UNITS[m.group(2)]
        if m.group(1) is None and unit in ("week", "month", "year") and re.search(r"\blast\s+" + m.group(2), q):
            # "last month" = the previous calendar month
            return Window(m.group(0), f"date_trunc('{unit}', now()) - interval '1 {unit}'",
                          f"date_trunc('{unit}', now())")
        return Window(m.group(0), f"now() - interval '{n} {unit}{'s' if n != 1 else ''}'")
    if re.search(r"\byesterday\b", q):
        return Window("yesterday", "current_date - 1", "current_date")
    if re.search(r"\btoday\b|\bso far today\b", q):
        return Window("today", "current_date")
    m = re.search(r"\bthis\s+(week|month|year)\b", q)
    if m:
        return Window(m.group(0), f"date_trunc('{m.group(1)}', now())")
    m = re.search(r"\bbetween\s+(\d{4}-\d{2}-\d{2})\s+and\s+(\d{4}-\d{2}-\d{2})\b", q)
    if m:
        return Window(m.group(0), f"'{m.group(1)}'::date", f"'{m.group(2)}'::date")
    m = re.search(r"\bsince\s+(\d{4}-\d{2}-\d{2})\b", q)
    if m:
        return Window(m.group(0), f"'{m.group(1)}'::date")
    m = re.search(r"\bin\s+(\d{4})\b", q)
    if m and 1990 < int(m.group(1)) < 2100:
        y = int(m.group(1))
        return Window(m.group(0), f"'{y}-01-01'::date", f"'{y + 1}-01-01'::date")
    return None


# --------------------------------------------------------------------------- intent

_MONEY = ("revenue", "sales", "turnover", "spend", "spent", "spending", "money", "income", "gmv", "value")
_MONEY_COLS = ("total_amount", "amount", "total", "revenue", "price", "unit_price", "salary", "wage", "pay",
               "budget", "cost", "balance", "value")
_QTY = ("units", "quantity", "sold", "selling", "seller", "sellers")
_BUCKETS = {"hour": "hour", "hourly": "hour", "day": "day", "daily": "day", "date": "day", "week": "week",
            "weekly": "week", "month": "month", "monthly": "month", "year": "year", "yearly": "year"}


@dataclass
class Query:
    sql: str
    kind: str  # count | sum | avg | min | max | top | list | group
    table: str
    summary: str  # what the SQL computes, in words
    label: str = ""  # name of the single figure, e.g. "orders"


def _q(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def _money_expr(t: Table, alias: str) -> str | None:
    cols = t.columns
    qty = next((c for c in ("quantity", "qty", "units") if c in cols), None)
    price = next((c for c in ("unit_price", "price") if c in cols), None)
    if qty and price:
        return f"{alias}.{qty} * {alias}.{price}"
    for c in _MONEY_COLS:
        if c in cols and cols[c].is_numeric:
            return f"{alias}.{c}"
    return None


def _pick_time_col(t: Table, ws: list[str], window_pos: int) -> tuple[str | None, set[int]]:
    """The timestamp column a time window applies to, and the word positions that chose it."""
    cols = t.time_columns()
    if not cols:
        return None, set()
    for i, w in enumerate(ws):
        for c in cols:
            stem = c.name.replace("_at", "").replace("_on", "").replace("_date", "").replace("_time", "")
            if w in (stem, stem + "ed", stem + "d") or (len(stem) > 3 and w.startswith(stem)):
                # a verb next to the window ("shipped yesterday") picks the column
                if abs(i - window_pos) <= 3 or window_pos < 0:
                    return c.name, {i}
    for want in ("created_at", "created", "ordered_at", "order_date", "placed_at", "paid_at", "updated_at"):
        if want in t.columns and t.columns[want].is_time:
            return want, set()
    return cols[0].name, set()


def _value_filters(t: Table, ws: list[str], alias: str, skip: set[int]) -> tuple[list[str], list[str], set[int]]:
    """Column = value filters for words the column is known to hold (pg_stats common values)."""
    conds, said, used = [], [], set()
    for c in t.columns.values():
        if not c.values:
            continue
        lower = {v.lower(): v for v in c.values}
        for i, w in enumerate(ws):
            if i in skip or i in used:
                continue
            two = w + " " + ws[i + 1] if i + 1 < len(ws) else None
            two_ = w + "_" + ws[i + 1] if i + 1 < len(ws) else None
            hit = next((lower[k] for k in (two, two_, w) if k and k in lower), None)
            if hit is None and singular(w) in lower and len(w) > 3:
                hit = lower[singular(w)]
            if hit is None and len(w) >= 5 and w not in _STOP:  # "refund" → refunded, "cancel" → cancelled
                stems = [v for k, v in lower.items() if k.startswith(w) and len(k) - len(w) <= 3]
                hit = stems[0] if len(stems) == 1 else None
            if hit is not None:
                conds.append(f"{alias}.{c.name} = {_q(hit)}")
                said.append(f"{c.name} = {hit}")
                used.add(i)
                if two and hit.lower() in (two, two_):
                    used.add(i + 1)
    return conds, said, used


def _top_n(q: str) -> int | None:
    m = re.search(r"\b(?:top|first|last|latest|newest|recent|best|worst|biggest|largest|highest|lowest|"
                  r"cheapest|most)\s+(\d+)\b(?!\s*(?:minute|min|hour|hr|day|week|month|year)s?\b)", q)
    if m:
        return int(m.group(1))
    m = re.search(r"\b(\d+)\s+(?:most|best|biggest|largest|highest|lowest|latest|newest|recent|cheapest|top)\b", q)
    if m:
        return int(m.group(1))
    m = re.search(r"\b(?:which|what|the|show(?: me)?|list|give me|get)\s+(\d+)\s+(?!(?:minute|min|hour|hr|day|week|"
                  r"month|year)s?\b)[a-z]", q)
    if m:
        return int(m.group(1))
    m = re.search(r"\btop\s+(ten|five|three)\b", q)
    if m:
        return {"ten": 10, "five": 5, "three": 3}[m.group(1)]
    return None


def _column_word(t: Table, ws: list[str], numeric: bool | None = None, skip: set[int] = frozenset()) -> tuple[str, int] | None:
    names = {}
    for c in t.columns.values():
        if numeric is True and not c.is_numeric:
            continue
        if numeric is False and c.is_numeric and not c.values:
            continue
        names[c.name] = c.name
        names[singular(c.name)] = c.name
        for part in c.name.split("_"):
            if len(part) > 3 and part not in ("created", "updated") and part != t.name:
                names.setdefault(part, c.name)
                names.setdefault(part + "s", c.name)
    for i, w in enumerate(ws):
        if i in skip:
            continue
        two = w + "_" + ws[i + 1] if i + 1 < len(ws) else ""
        if two in names:
            return names[two], i
        if w in names and w not in ("id",):
            return names[w], i
        if singular(w) in names and singular(w) not in ("id",) and len(w) > 3:
            return names[singular(w)], i
    return None


_CMP = re.compile(
    r"\b(more than|greater than|higher than|bigger than|larger than|over|above|exceeding|at least|"
    r"less than|fewer than|lower than|smaller than|cheaper than|under|below|at most|of|equal to|equals|is|"
    r">=|<=|>|<|=)\s+\$?(\d+(?:\.\d+)?)(?!\.\d)\b(?!\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|%|percent))")
_OPS = {"more than": ">", "greater than": ">", "higher than": ">", "bigger than": ">", "larger than": ">",
        "over": ">", "above": ">", "exceeding": ">", "at least": ">=", "less than": "<", "fewer than": "<",
        "lower than": "<", "smaller than": "<", "cheaper than": "<", "under": "<", "below": "<", "at most": "<=",
        "of": "=", "equal to": "=", "equals": "=", "is": "=", ">=": ">=", "<=": "<=", ">": ">", "<": "<", "=": "="}
_PRICE_WORDS = ("cost", "costs", "costing", "priced", "price", "prices", "expensive", "cheap", "cheaper")


def _numeric_filters(t: Table, q: str, cat: Catalog, alias: str) -> tuple[list[str], list[str]]:
    """``price > 100`` from "cost more than 100", ``rating = 5`` from "a rating of 5"."""
    conds, said = [], []
    tables = {f for n in cat.tables for f in _forms(n)}
    for m in _CMP.finditer(q):
        op = _OPS[m.group(1)]
        before = words(q[: m.start()])[-4:]
        after = words(q[m.end():])[:1]
        if after and after[0] in tables:  # "more than 5 orders": a count of another table, not a column
            continue
        col = None
        hit = _column_word(t, before[::-1], numeric=True)
        if hit and hit[0] != t.pk:
            col = hit[0]
        elif op != "=" and any(w in _PRICE_WORDS for w in before):
            col = next((c for c in ("price", "unit_price", "amount", "total_amount") if c in t.columns), None)
        elif op != "=" and any(w in _MONEY or w in ("amount", "total", "worth", "value", "earn", "earns", "earning",
                                                    "paid", "makes", "make", "budget", "salary") for w in before):
            e = _money_expr(t, alias)
            col = e.split(".")[-1] if e and "*" not in e else None
        if col is None and op != "=" and (not after or after[0] in _STOP):
            e = _money_expr(t, alias)  # "orders over 1000": the table's amount
            col = e.split(".")[-1] if e and "*" not in e else None
        if op == "=" and (not col or not before or col not in (before[-1], singular(before[-1])) and
                          not any(p.startswith(before[-1]) for p in col.split("_"))):
            continue  # "of 5" only right after the column's name ("a rating of 5")
        if col and t.columns[col].is_numeric:
            conds.append(f"{alias}.{col} {op} {m.group(2)}")
            said.append(f"{col} {op} {m.group(2)}")
    return conds, said


def _group_by(gws: list[str], fact: Table, cat: Catalog, alias: str, ws: list[str], window_pos: int,
              join: str) -> tuple[tuple | None, str]:
    """GROUP BY for the words after "per"/"by"/"which": a time bucket, a column of the fact, a parent
    table (grouped by its key and name), or a column of a parent. Returns ((expr(s), name) | None, join)."""
    mentions = find_tables(gws, cat)
    named = {i for m in mentions for i in range(m.start, m.end)}
    rest = [w for i, w in enumerate(gws) if i not in named]
    tables = [m.table for m in mentions]
    if tables and not rest and set(tables) == {fact.name}:
        return None, join  # "average quantity per order item": per row of the table itself
    bucket = next((_BUCKETS[w] for w in gws if w in _BUCKETS), None)
    if bucket:
        tcol, _ = _pick_time_col(fact, ws, window_pos)
        return ((f"date_trunc('{bucket}', {alias}.{tcol})::date", bucket) if tcol else None), join
    if tables and not rest:  # "per department": a parent table, by its key and name
        for pcol, pref, prefcol in fact.fks:
            if pref in tables:
                pt = cat.tables[pref]
                a2 = "g_" + pref[:3]
                lab = pt.label_column()
                exprs = [(f"{a2}.{prefcol}", pcol)] + ([(f"{a2}.{lab}", singular(pref) if lab == "name" else lab)] if lab else [])
                return (exprs, exprs[-1][1]), join + f" JOIN {pt.qname} {a2} ON {a2}.{prefcol} = {alias}.{pcol}"
    words_ = rest[:2] or gws[:2]
    hit = _column_word(fact, words_)
    if hit and hit[0] != fact.pk:
        return (f"{alias}.{hit[0]}", hit[0]), join
    for pcol, pref, prefcol in fact.fks:
        pt = cat.tables[pref]
        hit = _column_word(pt, words_)
        if hit and hit[0] != pt.pk:
            a2 = "g_" + pref[:3]
            return (f"{a2}.{hit[0]}", hit[0]), join + f" JOIN {pt.qname} {a2} ON {a2}.{prefcol} = {alias}.{pcol}"
    return None, join


_GENERIC_COLS = {"id", "name", "status", "type", "kind", "created_at", "updated_at", "created", "updated", "date",
                 "description", "note", "notes", "code", "title", "value", "amount", "total"}


def _implied_table(ws: list[str], cat: Catalog) -> list[Mention]:
    """No table named: one whose column holds a word of the question ("engineers" → employees.title)
    or whose distinctive column is named ("average salary" → employees)."""
    base = [t for t in cat.tables.values() if t.kind in "rp"]
    for t in base:
        conds, _, used = _value_filters(t, ws, "x", set())
        if conds:
            i = min(used)
            return [Mention(t.name, i, i)]
    hits = []
    for t in base:
        for i, w in enumerate(ws):
            if w in _STOP or len(w) < 4:
                continue
            for c in t.columns.values():
                if c.name in _GENERIC_COLS or c.name.endswith("_id"):
                    continue
                if w in (c.name, singular(c.name)) or singular(w) == c.name:
                    hits.append((t, i))
    tables = {t.name for t, _ in hits}
    if len(tables) == 1:
        t, i = hits[0]
        return [Mention(t.name, i, i)]
    return []


def build_query(question: str, cat: Catalog, limit: int = 20) -> Query | None:
    """One SELECT answering ``question``, or None when it does not look like a data question."""
    q = question.lower()
    ws = words(question)
    mentions = [m for m in find_tables(ws, cat)]
    window = time_window(question)
    money = any(w in _MONEY for w in ws)
    stock_m = re.search(r"\b(out of stock|sold out|no stock|zero stock)\b", q)
    if stock_m:
        st = [t for t in cat.tables.values() if t.kind in "rp" and any("stock" in c for c in t.columns)]
        if st:
            mentions = [Mention(st[0].name, -1, -1)] + [m for m in mentions if m.table == st[0].name][:0]
    if not mentions:
        mentions = _implied_table(ws, cat)
    if not mentions and re.search(r"\b(units?|sold|quantity|items sold)\b", q):
        qty = [t for t in cat.tables.values() if t.kind in "rp" and any(c in t.columns for c in ("quantity", "qty"))]
        if qty:
            mentions = [Mention(qty[0].name, -1, -1)]
    if not mentions:
        if money:  # "revenue yesterday": the most referenced table that carries amounts and time
            cands = [t for t in cat.tables.values() if t.kind in "rp" and _money_expr(t, "x") and t.time_columns()]
            cands.sort(key=lambda t: -len(cat.inbound(t.name)))
            if not cands:
                return None
            mentions = [Mention(cands[0].name, -1, -1)]
        else:
            return None
    # base tables before views for the subject
    subject = mentions[0].table
    t = cat.tables[subject]
    others = [m.table for m in mentions[1:] if m.table != subject]
    used_pos = {i for m in mentions for i in range(m.start, m.end)}
    window_pos = -1
    if window:
        first = window.phrase.split()[0]
        window_pos = next((i for i, w in enumerate(ws) if w == first), -1)
        used_pos |= {i for i, w in enumerate(ws) if w in window.phrase.split()}

    n = _top_n(q)
    count_words = re.search(r"\bhow many\b|\bnumber of\b|\bcount\b|\bcounts\b", q)
    avg_words = re.search(r"\baverage\b|\bavg\b|\bmean\b", q)
    sum_words = re.search(r"\btotal\b|\bsum\b", q) or money
    max_words = re.search(r"\b(max|maximum|highest|largest|biggest|most expensive|latest|newest|most recent)\b", q)
    min_words = re.search(r"\b(min|minimum|lowest|smallest|cheapest|oldest|earliest|least expensive)\b", q)
    group_m = re.search(r"\b(?:per|by|for each|each|broken down by|grouped by|breakdown by|split by)\s+([a-z_ ]+)", q)
    rank_m = re.search(r"\b(top|most|best[- ]selling|best|highest[- ]rated|worst|fewest|least)\b", q)

    # a related table's fact ("customers who placed orders yesterday") counts the child table
    child = None
    for o in others:
        link = cat.link(subject, o)
        if link and link[2] == o:
            child = o
            break

    alias = "t"
    conds: list[str] = []
    said: list[str] = []

    def add_window(table: Table, a: str) -> None:
        if not window:
            return
        col, pos = _pick_time_col(table, ws, window_pos)
        if not col:
            return
        used_pos.update(pos)
        conds.append(f"{a}.{col} >= {window.lower}")
        if window.upper:
            conds.append(f"{a}.{col} < {window.upper}")
        said.append(f"{col} {window.phrase}")

    def id_filter(table: Table, a: str, mention: Mention | None) -> None:
        if mention is None or mention.end >= len(ws) or not table.pk:
            return
        nxt = ws[mention.end] if mention.end < len(ws) else ""
        if nxt in ("id", "no", "number", "#") and mention.end + 1 < len(ws):
            nxt = ws[mention.end + 1]
        if nxt.isdigit():
            conds.append(f"{a}.{table.pk} = {int(nxt)}")
            said.append(f"{table.pk} = {nxt}")

    # ---- top-N entities ranked by a fact in a related table ("top 5 products by revenue")
    inbound_all = cat.inbound(subject)
    child_num = None  # a numeric column of a child table named in the question ("most hours logged")
    for rt, col, _ in inbound_all:
        c = _column_word(rt, ws, numeric=True, skip=used_pos)
        if c and c[0] != rt.pk and not c[0].endswith("_id"):
            child_num = (rt, col, c[0])
            break
    rated = re.search(r"\b(rated|rating|ratings|score|scored|stars)\b", q)
    if (rank_m or (n and not count_words)) and t.pk and (child or money or any(w in _QTY for w in ws) or
                                                         rated or child_num):
        facts = [m.table for m in mentions[1:]]
        inbound = inbound_all
        chosen = None
        if money or any(w in _QTY for w in ws):
            want_qty = any(w in _QTY for w in ws) and not money
            for rt, col, refcol in inbound:
                if want_qty and any(c in rt.columns for c in ("quantity", "qty", "units")):
                    chosen = (rt, col, f"sum(r.{next(c for c in ('quantity', 'qty', 'units') if c in rt.columns)})", "units")
                    break
                if not want_qty and _money_expr(rt, "r"):
                    e = _money_expr(rt, "r")
                    if chosen is None or (rt.name in facts) or ("*" in e and chosen[0].name not in facts):
                        chosen = (rt, col, f"sum({e})", "revenue")
        elif rated:
            for rt, col, refcol in inbound:
                rc = next((c for c in rt.columns if re.search(r"rating|score|stars", c) and rt.columns[c].is_numeric), None)
                if rc:
                    chosen = (rt, col, f"round(avg(r.{rc}), 2)", f"avg_{rc}")
        if chosen is None and child_num:
            rt, col, c = child_num
            fn_ = "round(avg(r.{c}), 2)" if avg_words else "sum(r.{c})"
            chosen = (rt, col, fn_.format(c=c), f"{'avg' if avg_words else 'total'}_{c}")
        if chosen is None:
            for rt, col, refcol in inbound:
                if rt.name in facts:
                    chosen = (rt, col, "count(*)", rt.name)
                    break
        if chosen is not None:
            rt, fk, agg, label = chosen
            conds_r: list[str] = []
            join_extra = ""
            time_table = None
            if window:
                col, _ = _pick_time_col(rt, ws, window_pos)
                time_table, time_alias = rt, "r"
                if col is None:  # order_items has no time: use the order it belongs to
                    for c2, ref, refcol in rt.fks:
                        if ref != subject and cat.tables[ref].time_columns():
                            time_table, time_alias = cat.tables[ref], "p"
                            col, _ = _pick_time_col(time_table, ws, window_pos)
                            join_extra = f" JOIN {time_table.qname} p ON p.{refcol} = r.{c2}"
                            break
                if col:
                    conds_r.append(f"{time_alias}.{col} >= {window.lower}")
                    if window.upper:
                        conds_r.append(f"{time_alias}.{col} < {window.upper}")
                    said.append(f"{col} {window.phrase}")
            else:
                time_table = None
            extra = join_extra if window and time_table is not None and time_table is not rt else ""
            vconds, vsaid, _ = _value_filters(t, ws, "e", used_pos)
            conds_r += vconds
            said += vsaid
            lab = t.label_column()
            order = "ASC" if re.search(r"\b(worst|fewest|least|lowest)\b", q) else "DESC"
            where = f" WHERE {' AND '.join(conds_r)}" if conds_r else ""
            cols = f"e.{t.pk}" + (f", e.{lab}" if lab else "")
            having = " HAVING count(*) >= 3" if "avg(" in agg and rated else ""
            if vconds:  # filters on the entity itself: join first, then rank
                sql = (f"SELECT {cols}, {agg} AS {label} FROM {t.qname} e JOIN {rt.qname} r ON r.{fk} = e.{t.pk}{extra}"
                       f"{where} GROUP BY {cols}{having} ORDER BY {label} {order} NULLS LAST LIMIT {n or 10}")
            else:  # rank inside the fact table, then fetch the names of the top rows only (much faster)
                sql = (f"SELECT {cols}, x.{label} FROM (SELECT r.{fk} AS key, {agg} AS {label} FROM {rt.qname} r{extra}"
                       f"{where} GROUP BY r.{fk}{having} ORDER BY {label} {order} NULLS LAST LIMIT {n or 10}) x "
                       f"JOIN {t.qname} e ON e.{t.pk} = x.key ORDER BY x.{label} {order} NULLS LAST")
            return Query(sql, "top", subject, f"top {n or 10} {subject} by {label}"
                         + (f" ({', '.join(said)})" if said else ""), label)

    # "customers who never placed an order", "products without reviews": rows with no child row
    nm = re.search(r"\b(never|without|with no|no|zero|haven't|have not|hasn't|has not|didn't|did not)\b", q)
    if nm:
        after = words(q[nm.end():])[:5]
        child_name = next((m.table for w in after for m in mentions if w in _forms(m.table) and m.table != subject), None)
        inbound = {rt.name: (fk, refcol) for rt, fk, refcol in cat.inbound(subject)}
        if child_name in inbound:
            fk, refcol = inbound[child_name]
            ct = cat.tables[child_name]
            wc = ""
            if window and ct.time_columns():
                col, _ = _pick_time_col(ct, ws, window_pos)
                wc = f" AND c.{col} >= {window.lower}" + (f" AND c.{col} < {window.upper}" if window.upper else "")
            cond = f"NOT EXISTS (SELECT 1 FROM {ct.qname} c WHERE c.{fk} = e.{refcol}{wc})"
            what = f"{subject} without {child_name}" + (f" ({window.phrase})" if wc else "")
            if count_words:
                return Query(f"SELECT count(*) AS {subject} FROM {t.qname} e WHERE {cond}", "count", subject,
                             f"count of {what}", subject)
            return Query(f"SELECT e.* FROM {t.qname} e WHERE {cond} ORDER BY e.{t.pk or '1'} LIMIT {n or limit}",
                         "list", subject, what)

    # "customers with more than 5 orders": a count over the child table, per parent row
    hm = re.search(r"\b(more than|over|at least|fewer than|less than|at most|exactly)\s+(\d+)\s+([a-z_]+)", q)
    if hm and (count_words or re.search(r"\b(which|list|show)\b", q)):
        child_name = next((m.table for m in mentions if hm.group(3) in _forms(m.table)), None)
        inbound = {rt.name: (fk, refcol) for rt, fk, refcol in cat.inbound(subject)}
        if child_name in inbound and child_name != subject:
            op = {"more than": ">", "over": ">", "at least": ">=", "fewer than": "<", "less than": "<",
                  "at most": "<=", "exactly": "="}[hm.group(1)]
            fk, refcol = inbound[child_name]
            ct = cat.tables[child_name]
            wconds: list[str] = []
            if window and ct.time_columns():
                col, _ = _pick_time_col(ct, ws, window_pos)
                wconds.append(f"c.{col} >= {window.lower}" + (f" AND c.{col} < {window.upper}" if window.upper else ""))
            where_c = f" WHERE {' AND '.join(wconds)}" if wconds else ""
            inner = f"SELECT c.{fk} FROM {ct.qname} c{where_c} GROUP BY c.{fk} HAVING count(*) {op} {hm.group(2)}"
            if count_words:
                return Query(f"SELECT count(*) AS {subject} FROM ({inner}) x", "count", subject,
                             f"count of {subject} with {hm.group(1)} {hm.group(2)} {child_name}", subject)
            lab = t.label_column()
            cols = f"e.{t.pk}" + (f", e.{lab}" if lab else "")
            return Query(f"SELECT {cols} FROM {t.qname} e WHERE e.{refcol} IN ({inner}) ORDER BY e.{t.pk} LIMIT {n or limit}",
                         "list", subject, f"{subject} with {hm.group(1)} {hm.group(2)} {child_name}")

    # ---- what is computed
    kind = "count"
    if avg_words:
        kind = "avg"
    elif count_words:
        kind = "count"
    elif (max_words or min_words) and not n and not re.search(r"\b(list|show|which)\b", q):
        kind = "max" if max_words else "min"
    elif sum_words:
        kind = "sum"
    elif n or re.search(r"\b(list|show|which|latest|recent|last|newest|oldest)\b", q):
        kind = "list"

    hm2 = re.search(r"\bhow (?:many|much)\s+([a-z_]+)", q)
    if hm2 and kind == "count" and not any(hm2.group(1) in _forms(n) for n in cat.tables):
        # "how many hours ...", "how much budget ...": a sum of that column, here or in a child table
        w = [hm2.group(1)]
        if _column_word(t, w, numeric=True) or any(_column_word(rt, w, numeric=True) for rt, _, _ in cat.inbound(t.name)):
            kind = "sum"
    if kind == "sum" and re.match(r"\s*(show|list|give me|find|display)\b", q) and not re.search(
            r"\b(total of|sum of|how much|in total)\b", q):
        kind = "list"  # "show me orders with a total over 5000" lists them
    if re.search(r"\bmedian\b", q):
        kind = "median"
    units = bool(re.search(r"\b(units?|sold|quantity|quantities|pieces)\b", q))
    if units and kind in ("count", "list"):
        kind = "sum"  # "how many units of product 5 were sold?" sums a quantity column

    # ---- the table whose rows are counted/filtered
    fact = t
    if child and (count_words or window):
        fact = cat.tables[child]
    if kind in ("avg", "sum", "max", "min", "median"):
        has_col = _column_word(fact, ws, numeric=True, skip=used_pos)
        rate_only = money and (_money_expr(fact, alias) or "").split(".")[-1] in ("price", "unit_price")
        if units:
            has_col = next((c for c in ("quantity", "qty", "units") if c in fact.columns), None)
        if not has_col and (not (money and _money_expr(fact, alias)) or rate_only):
            # the measure lives in a child table ("average rating of product 17", "revenue by category")
            for rt, fk, refcol in cat.inbound(fact.name):
                if (units and any(c in rt.columns for c in ("quantity", "qty", "units"))) or (not units and (
                        _column_word(rt, ws, numeric=True, skip=used_pos) or (money and _money_expr(rt, alias)))):
                    fact = rt
                    break
    if money and kind != "count" and group_m and not _money_expr(fact, alias) is None:
        # "sales per category": the group column may sit on a table only a child of another reaches
        gws = words(group_m.group(1))[:2]
        if not _column_word(fact, gws) and not any(_column_word(cat.tables[r], gws) for _, r, _ in fact.fks):
            for g in cat.tables.values():
                if g.kind in "rp" and _column_word(g, gws):
                    for rt, fk, refcol in cat.inbound(g.name):
                        if _money_expr(rt, alias):
                            fact = rt
                            break
                    if fact is not t:
                        break
    link = cat.link(subject, fact.name) if fact is not t else None
    for m in mentions:
        if m.table == fact.name:
            id_filter(fact, alias, m)
    # an id of another mentioned table ("orders of customer 42", "rating of product 17")
    for m in mentions:
        if m.table != fact.name:
            l2 = cat.link(fact.name, m.table)
            if l2 and l2[2] == fact.name and m.end < len(ws):
                nxt = ws[m.end + 1] if ws[m.end] in ("id", "no", "number") and m.end + 1 < len(ws) else ws[m.end]
                if nxt.isdigit():
                    conds.append(f"{alias}.{l2[0]} = {int(nxt)}")
                    said.append(f"{l2[0]} = {nxt}")
    join = ""
    if window:
        if fact.time_columns():
            add_window(fact, alias)
        else:  # order_items has no time: use the parent it belongs to (its order)
            for pcol, pref, prefcol in fact.fks:
                pt = cat.tables[pref]
                if pt.time_columns():
                    join += f" JOIN {pt.qname} w ON w.{prefcol} = {alias}.{pcol}"
                    add_window(pt, "w")
                    break
    if stock_m:
        scol = next((c for c in fact.columns if "stock" in c and fact.columns[c].is_numeric), None)
        if scol:
            conds.append(f"{alias}.{scol} <= 0")
            said.append(f"{scol} <= 0")
    named_m = re.search(r"\b(?:named|called)\s+['\"]?([A-Za-z][\w'.-]*(?:\s+[A-Z][\w'.-]*)?)", question)
    lab = fact.label_column()
    if named_m and lab:  # "customers named O'Brien": a match on the table's name column
        conds.append(f"{alias}.{lab} ILIKE {_q('%' + named_m.group(1).strip(chr(39) + chr(34)) + '%')}")
        said.append(f"{lab} contains {named_m.group(1)}")
    for c in fact.columns.values():  # boolean columns: "active employees", "inactive", "not active"
        if c.type != "boolean":
            continue
        stem = c.name.removeprefix("is_").removeprefix("has_")
        if re.search(rf"\b(in|un|not |non-?){re.escape(stem)}\b", q):
            conds.append(f"NOT {alias}.{c.name}")
            said.append(f"{c.name} = false")
        elif re.search(rf"\b{re.escape(stem)}\b", q):
            conds.append(f"{alias}.{c.name}")
            said.append(f"{c.name} = true")
    base_conds = list(conds)  # ids and time windows: the population a percentage is taken of
    vconds, vsaid, vused = _value_filters(fact, ws, alias, used_pos)
    nconds, nsaid = _numeric_filters(fact, q, cat, alias)
    vconds += nconds
    conds += vconds
    said += vsaid + nsaid
    used_pos |= vused
    # filters on a parent table's values ("orders from customers in Germany")
    for pcol, pref, prefcol in fact.fks:
        pt = cat.tables[pref]
        pc, ps, pu = _value_filters(pt, ws, "p_" + pref[:3], used_pos)
        if pc:
            join += f" JOIN {pt.qname} p_{pref[:3]} ON p_{pref[:3]}.{prefcol} = {alias}.{pcol}"
            conds += pc
            said += ps
            used_pos |= pu
    where = f" WHERE {' AND '.join(conds)}" if conds else ""
    what = f"{fact.name}" + (f" ({', '.join(said)})" if said else "")

    # ---- group by
    group_sql = None
    if group_m and words(group_m.group(1)):
        join0 = join
        group_sql, join = _group_by(words(group_m.group(1))[:3], fact, cat, alias, ws, window_pos, join)
        gcol = fact.columns.get(group_sql[1]) if group_sql and not isinstance(group_sql[0], list) else None
        if gcol is not None and gcol.is_numeric and not gcol.values and (n or rank_m):
            group_sql, join = None, join0  # "top 3 products by price" orders by price, it does not group
            kind = "list" if kind in ("count", "sum") and not count_words else kind
    if group_sql is None and re.search(r"\b(daily|weekly|monthly|hourly)\b", q):
        b = _BUCKETS[re.search(r"\b(daily|weekly|monthly|hourly)\b", q).group(1)]
        tcol, _ = _pick_time_col(fact, ws, window_pos)
        if tcol:
            group_sql = (f"date_trunc('{b}', {alias}.{tcol})::date", b)
    if group_sql and kind == "list":
        kind = "count"
    asc = False
    which_m = re.match(r".*?\b(?:which|what)\s+([a-z_]+(?:\s+[a-z_]+)?)\s+(?:has|have|had|is|gets?|got|sees?|with)\b.*"
                       r"\b(most|fewest|least|highest|lowest|biggest|largest)\b", q)
    if group_sql is None and which_m and kind in ("list", "count", "sum", "avg"):
        gexpr, join = _group_by(words(which_m.group(1)), fact, cat, alias, ws, window_pos, join)
        if gexpr:
            group_sql = gexpr
            kind = "count" if kind == "list" else kind
            asc = which_m.group(2) in ("fewest", "least", "lowest")
    pct = re.search(r"\b(percent(age)?|share|proportion|fraction|ratio|rate|%)\b", q)
    if pct and vconds and kind in ("count", "list"):
        cond = " AND ".join(vconds)
        bwhere = f" WHERE {' AND '.join(base_conds)}" if base_conds else ""
        sql = (f"SELECT round(100.0 * count(*) FILTER (WHERE {cond}) / nullif(count(*), 0), 2) AS pct "
               f"FROM {fact.qname} {alias}{join}{bwhere}")
        return Query(sql, "pct", fact.name, f"percent of {fact.name} with {', '.join(vsaid + nsaid)}"
                     + (f" (of {', '.join(x for x in said if x not in vsaid + nsaid)})" if len(said) > len(vsaid + nsaid) else ""),
                     "pct")

    # ---- the measure
    measure = None
    if kind in ("avg", "sum", "max", "min", "median"):
        num = _column_word(fact, ws, numeric=True, skip=used_pos)
        if units:
            qty = next((c for c in ("quantity", "qty", "units") if c in fact.columns), None)
            num = (qty, -1) if qty else num
        if num and num[0] != fact.pk and not (money and not units and num[0] in ("quantity", "qty")
                                                and _money_expr(fact, alias)):
            measure = f"{alias}.{num[0]}"
        elif money or kind in ("sum", "avg", "median"):
            measure = _money_expr(fact, alias)
        if measure is None and kind in ("max", "min"):
            kind = "list"  # "the most expensive product", "the oldest customer": a list with an order
        elif measure is None:
            kind = "count"
    fn = {"avg": "round(avg({m}), 2)", "sum": "sum({m})", "max": "max({m})", "min": "min({m})",
          "median": "percentile_cont(0.5) WITHIN GROUP (ORDER BY {m})"}
    dm = re.search(r"\b(distinct|different|unique)\s+([a-z_]+(?:\s+[a-z_]+)?)", q)
    dcol = _column_word(fact, words(dm.group(2))) if dm and kind == "count" else None
    if dcol and dcol[0] != fact.pk:
        sql = f"SELECT count(DISTINCT {alias}.{dcol[0]}) AS distinct_{dcol[0]} FROM {fact.qname} {alias}{join}{where}"
        return Query(sql, "count", fact.name, f"count of distinct {dcol[0]} in {what}", f"distinct_{dcol[0]}")
    if kind == "count":
        distinct = child is not None and fact is not t and link is not None and fact.name == child
        agg = f"count(DISTINCT {alias}.{link[1]})" if distinct else "count(*)"
        label = subject if distinct else fact.name
    elif kind != "list":
        agg = fn[kind].format(m=measure)
        label = "revenue" if (money and "*" in measure) else f"{kind}_{measure.split('.')[-1]}"
        label = re.sub(r"[^a-z0-9_]", "", label.lower())
    if kind == "list" and not n and (max_words or min_words):
        m0 = next((m for m in mentions if m.table == fact.name and m.start >= 0), None)
        if m0 and m0.end - m0.start == 1 and ws[m0.start] == singular(ws[m0.start]):
            n = 1  # "the cheapest product": one row
    if kind == "list":
        order_col, direction = None, "DESC"
        num = _column_word(fact, ws, numeric=True, skip=used_pos)
        by_m = re.search(r"\bby\s+([a-z_]+(?:\s+[a-z_]+)?)", q)
        by_col = _column_word(fact, words(by_m.group(1)), numeric=True) if by_m else None
        if by_col:  # "top 3 projects by budget"
            low_first = re.search(r"\b(lowest|smallest|least|bottom|cheapest|fewest)\b", q)
            order_col, direction = by_col[0], "ASC" if low_first else "DESC"
        elif (max_words or min_words) and num:
            order_col, direction = num[0], "ASC" if min_words else "DESC"
        elif (max_words or min_words) and re.search(r"expensive|cheap", q) and "price" in fact.columns:
            order_col, direction = "price", "ASC" if min_words else "DESC"
        elif fact.time_columns():
            order_col, _ = _pick_time_col(fact, ws, window_pos)
            direction = "ASC" if re.search(r"\b(oldest|earliest|first)\b", q) else "DESC"
        order = f" ORDER BY {alias}.{order_col} {direction}" if order_col else ""
        sql = f"SELECT {alias}.* FROM {fact.qname} {alias}{join}{where}{order} LIMIT {n or limit}"
        return Query(sql, "list", fact.name, f"{n or limit} rows of {what}")
    if group_sql:
        gexpr, gname = group_sql
        exprs = gexpr if isinstance(gexpr, list) else [(gexpr, gname)]
        k = len(exprs)
        order = "1" if gname in _BUCKETS.values() else (f"{k + 1} ASC" if asc else f"{k + 1} DESC")
        sel = ", ".join(f"{e} AS {a}" for e, a in exprs)
        sql = (f"SELECT {sel}, {agg} AS {label} FROM {fact.qname} {alias}{join}{where} "
               f"GROUP BY {', '.join(str(i + 1) for i in range(k))} ORDER BY {order} LIMIT {max(limit, 50)}")
        return Query(sql, "group", fact.name, f"{kind} of {what} per {gname}", label)
    sql = f"SELECT {agg} AS {label} FROM {fact.qname} {alias}{join}{where}"
    return Query(sql, kind, fact.name, f"{kind} of {what}", label)

"""A question read once against the catalog: its words, what it asks for, and the tables it is about."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.planner.filters import MONEY_SAID, full_name, missing_said, null_meant, sign_filters, value_filters
from agent.planner.glossary import named
from agent.planner.linking import (EX_TAX, INC_TAX, PLANNED, STOP, Mention, Window, anchored, column_synonyms, column_word, find_tables, forms, how_often, money_cols, name_parts,
                                   shared_names, singular, spelled_numbers, stem_word, time_column, time_window, words)
from agent.planner.span import span_table
from agent.planner.semantic import close_pair, closest_table, ranked_tables
from toolkits.catalog import Catalog

_GENERIC_COLS = {"id", "name", "status", "type", "kind", "created_at", "updated_at", "created", "updated", "date",
                 "description", "note", "notes", "code", "title", "value", "amount", "total"}


@dataclass
class Read:
    """A question, read once: its words, what it asks for, and the tables it is about (subject first)."""

    text: str
    q: str  # lower case
    ws: list[str]
    limit: int
    window: Window | None
    money: bool
    n: int | None  # top-N
    count: bool
    avg: bool
    sum: bool
    max: bool
    min: bool
    group: str | None  # the words after "per", "by", "for each"...
    rank: bool
    stock: bool
    mentions: list[Mention] = field(default_factory=list)
    used: set[int] = field(default_factory=set)  # word positions already read (tables, window, values)
    window_pos: int = -1
    child: str | None = None  # a mentioned table that references the subject
    signed: str | None = None  # a column a sign word filters ("withdrawals": delta < 0), the measure of a sum
    signed_said: str = ""  # that filter in words ("delta < 0")
    latest: str | None = None  # "the most recent shipment": the time column whose latest/earliest value is asked
    unit: str | None = None  # "how many API calls" where a quantity's comment says its unit is calls: that column
    alternatives: list[str] = field(default_factory=list)  # other tables the subject's word may name
    null_read: set[int] = field(default_factory=set)  # words a comment's NULL meaning read ("licence never verified")
    tax: set[int] = field(default_factory=set)  # the words saying "before VAT" / "VAT included" (money_expr reads them)
    measured: set[int] = field(default_factory=set)  # "the average annual premium": the words naming what is averaged

    @property
    def subject(self) -> str:
        return self.mentions[0].table


_BY_NUMBER = re.compile(r"\bby (?:the )?(?:total )?number of\b")  # "top buyers by number of lots won": what ranks


def tax_words(q: str) -> set[int]:
    """The word positions of "before VAT", "excluding sales tax", "VAT included" (EX_TAX, INC_TAX): how an amount is
    meant, no filter ("before" compares no columns)."""
    return {i for m in [*EX_TAX.finditer(q), *INC_TAX.finditer(q)]
            for i in range(len(words(q[:m.start()])), len(words(q[:m.end()])))}


# "quarantined lots included", "(frozen ones included)", "including the ones that have left", "Include disputed
# invoices but not ...": rows the question says count as well, no filter on them ("orders included a helmet" is a verb)
_ROWS_WORD = r"(?:ones|lots|items|rows|records|[\w-]+s)"  # what is included is rows ("retired ones"), not the VAT
_INCLUDING = re.compile(r"\b(?:including|incl)\s+((?:[\w-]+\s+){0,2}?%s)(?=\s*(?:[,.?!;)]|$|\bbut\b|\band\b))|"
                        r"(?:^|[.?!;(]\s*)include\s+((?:[\w-]+\s+){0,2}?%s)(?=\s*(?:[,.?!;)]|$|\bbut\b|\band\b))|"
                        r"\(\s*((?:[\w-]+\s+){0,2}?[\w-]+)\s+included\s*\)|"
                        r"([\w-]+\s+(?:ones|lots|items|rows|records))\s+included\b" % (_ROWS_WORD, _ROWS_WORD))


def included_words(q: str) -> set[int]:
    """The word positions of what a question says is included as well ("closed ones included"): no value to filter
    on."""
    out: set[int] = set()
    for m in _INCLUDING.finditer(q):
        g = next(i for i in (1, 2, 3, 4) if m.group(i))
        start = len(words(q[:m.start(g)]))
        out |= set(range(start, start + len(words(m.group(g)))))
    return out


OWE = re.compile(r"\bow(?:e|es|ed|ing)\b")  # "the client who owes us most": money, what is owed


_WHO_WORKS = re.compile(r"\s*who\s+(?:works?|worked|is employed|are employed|is based|are based)\s+(?:in|at|for|from)\b")


def read(question: str, cat: Catalog, limit: int, about: str | None = None) -> Read | None:
    """The question's words and intent; None when it names (or implies) no table. ``about``: read it as a
    question about that table (another reading of a question whose table is implied)."""
    q = question.lower()
    ws = words(question)
    money = any(w in MONEY_SAID for w in ws) or OWE.search(q) is not None or re.search(
        r"\bhow much (?!of\b)(?:[a-z']+ ){0,3}?(did|do|does|have|has|was|were|is|are)\b",
        q) is not None  # "how much did they bill us", "how much premium did we collect", "owes us"
    share = re.search(r"\b(?:percent(?:age)?|share|proportion|fraction)\s+of\s+(?:the\s+|our\s+|all\s+)?([a-z]+)", q)
    if money and share and share.group(1) not in MONEY_SAID and not re.search(r"\bhow much\b", q):
        money = False  # "what percentage of taproom receipts were paid in cash": a share of rows, not of money
    group_m = re.search(r"\b(?:per|(?<!than )(?<!not )by|for each|each|broken down by|grouped by|breakdown by|split by)"
                        r"\s+([a-z_ ]+)", q)  # "rather than by an agent" groups nothing
    if group_m and group_m.group(0).startswith("by") and re.search(r"\b(?:[a-z]+ed|down|made|done|given|taken|seen|held|"
                                                                   r"paid|sold|sent|written|run|won|lost)\s+$",
                                                                   q[:group_m.start()]) \
            and re.match(r"(?:the|a|an|their|its|our)\s", group_m.group(1)):
        group_m = None  # "offers turned down by the candidate": who did it, not a grouping
    if group_m and _BY_NUMBER.match(group_m.group(0)):
        group_m = None  # "our five busiest instructors, by number of classes taught": what ranks them, no grouping
    r = Read(question, q, ws, limit, anchored(time_window(question), cat), money, top_n(q),
             count=bool(re.search(r"\bhow many\b(?! (?:days|hours|minutes|weeks)\b)|\bnumber of\b|(?<!n't )(?<!not )\bcount\b|"
                                r"\bcounts\b", q)),  # "don't count the written-off ones" asks for no count
             avg=bool(re.search(r"\baverage\b|\bavg\b", q) or (  # "what do the codes mean": the verb
                 re.search(r"\bmean\b", q) and not re.search(r"\b(do|does|did)\b[^?]*\bmean\b", q))),
             sum=bool(SUM_SAID.search(q)) or money,
             max=bool(re.search(r"\b(max|maximum|highest|largest|biggest|most expensive|latest|newest|most recent|longest|"
                                     r"heaviest|tallest)\b", q)),
             min=bool(re.search(r"\b(min|minimum|lowest|smallest|cheapest|oldest|earliest|least expensive|shortest|"
                                r"lightest)\b", q)),
             group=group_m.group(1) if group_m else None,
             rank=bool(re.search(r"\b(top|(?<!at )most(?! recent)|best[- ]selling|best|busiest|highest[- ]rated|worst|fewest|"
                                 r"(?<!at )least)\b", q)),  # "their most recent order" ranks nothing
             stock=bool(re.search(r"\b(out of stock|sold out|no stock|zero stock)\b", q)))
    if r.count and (r.n or r.max or r.rank) and _BY_NUMBER.search(q) \
            and not re.search(r"\bhow many\b", q):
        r.rank = True  # "our three biggest buyers by number of lots won": a ranking by a count
    ident_no = re.search(r"\b([a-z]+) number of\b", q)
    if r.count and ident_no and not re.search(r"\bhow many\b|\bcount\b|\bcounts\b", q) and ident_no.group(1) not in STOP \
            and (find_tables([ident_no.group(1)], cat) or any(ident_no.group(1) in name_parts(c)
                                                            for t in cat.tables.values() for c in t.columns)):
        r.count = False  # "the employee number of the best-paid employee": an identifier, no count
    r.tax = tax_words(q)
    r.mentions = [Mention(about, -1, -1)] if about else subject(r, cat)
    if not r.mentions:
        return None
    if not about and _WHO_WORKS.match(q) and r.mentions[0].table in cat.tables \
            and full_name(cat.tables[r.mentions[0].table], "t") is None:
        people = [rt.name for rt, _, _ in cat.inbound(r.mentions[0].table)
                  if rt.kind in "rp" and full_name(rt, "t") is not None]
        if len(set(people)) == 1:  # "who works in our Sydney office?": the people the office's rows have
            r.mentions = [Mention(people[0], -1, -1), *r.mentions]
    if len(r.mentions) > 1 and r.mentions[0].table in cat.tables:  # "cars in the workshop" when a comment says
        t = cat.tables[r.mentions[0].table]  # "M = in the workshop": a value, not a table (every word of the meaning)
        meant = {i for c in t.columns.values() if (m := named(c, ws, set())) and m[3] >= 3 for i in m[1]}
        r.mentions = r.mentions[:1] + [m for m in r.mentions[1:] if m.start < 0 or not set(range(m.start, m.end)) <= meant]
    r.used = {i for m in r.mentions for i in range(m.start, m.end)} | (included_words(q) - r.tax)
    for m in r.mentions:  # "how many companies are on the supporter database": a kind of supporter the comment
        t = cat.tables.get(m.table)  # lists ("individual people and organisations (companies, trusts, ...)"), which
        if t is not None and m.end - m.start == 1 and singular(ws[m.start]) not in forms(t.name.lower()) \
                and any(singular(ws[m.start]) in {v.lower() for v in c.values} for c in t.columns.values()
                        if c.is_text and len(c.values) >= 2):  # a column holds as a value: that value, too
            r.used.discard(m.start)
    head = cat.tables.get(r.mentions[0].table)
    for m in r.mentions[1:]:  # "defects picked up by the TMS": the subject's own value (reported.by 'tms'), though a
        if head is not None and m.end - m.start == 1 and any(  # comment names fault_code "(TMS)" too
                {ws[m.start], singular(ws[m.start])} & {v.lower() for v in c.values}
                for c in [*head.columns.values(), *head.keys.values()] if (c.is_text or c.key_of) and len(c.values) >= 2):
            r.used.discard(m.start)
    if r.money and not re.search(r"\bhow much\b", q) and all(i in r.used for i, w in enumerate(ws) if w in MONEY_SAID):
        r.money = False  # "sales rep", "sales_orders": the word names a table, it asks for no amount
        r.sum = bool(SUM_SAID.search(q))
    if r.window:
        first = r.window.phrase.split()[0]
        r.window_pos = next((i for i, w in enumerate(ws) if w == first), -1)
        r.used |= {i for i, w in enumerate(ws) if w in r.window.phrase.split()}
        before = r.window_pos - (1 if r.window_pos > 0 and ws[r.window_pos] not in _PLANNED_BY else 0)
        if 0 < before and ws[before - 1] in PLANNED and ws[before] in _PLANNED_BY and first not in _AHEAD:
            r.used.add(before - 1)  # "scheduled for January 2024": when, not a status 'scheduled' (the past ones may
            # have happened since; "booked for next week" are still booked, not cancelled)
        if r.window_pos > 0 and ws[r.window_pos - 1] in _MADE_WHEN:
            r.used.add(r.window_pos - 1)  # "orders placed before October": when they were made, no status 'placed'
    for o in [m.table for m in r.mentions[1:] if m.table != r.subject]:
        link = cat.link(r.subject, o)
        if link and link[2] == o:  # "customers who placed orders yesterday": the orders are counted
            r.child = o
            break
    own_values = value_filters(cat.tables[r.subject], ws, "x", r.used) if r.child is None else ([], [], set())
    if r.child is None and r.count and not own_values[0] \
            and not null_meant(cat.tables[r.subject], ws) and not missing_said(cat.tables[r.subject], ws, r.used) \
            and not flag_said(cat.tables[r.subject], ws):
        # "patients who had a troponin test": the child that references the value's table (none the subject holds)
        qualifier = {r.mentions[0].start - 1} if r.mentions[0].start > 0 else set()  # "new tenancies": the
        # word before the subject's noun qualifies it, not another table's status ("N = new (not assigned)")
        own = {p for c in cat.tables[r.subject].time_columns() for p in name_parts(c.name) if len(p) >= 4}
        qualifier |= {i for i, w in enumerate(ws) if len(w) >= 4 and any(stem_word(w) == stem_word(p) for p in own)}
        # "members who joined in 2023": joined_on, not a child's "joining a competitor"
        qualifier |= {i for i, w in enumerate(ws) if singular(w) == cat.tables[r.subject].schema.lower()}
        # "how many members does the club have" (club.member): the schema's word, no child's "J = joined the club"
        held = {t.name for t in cat.tables.values() if t.name != r.subject and t.kind in "rp"
                and value_filters(t, ws, "x", r.used | qualifier)[0]}
        kids = {rt.name for rt, _, _ in cat.inbound(r.subject) if rt.kind in "rp"
                and (rt.name in held or any(ref in held for _, ref, _ in rt.fks))}  # "cycle count corrections" in a child
        own = any(ref in held for _, ref, _ in cat.tables[r.subject].fks)  # "sections in Fall 2026": its own term
        r.child = kids.pop() if len(kids) == 1 and not own else None
    if r.child is None:  # "customers who rented something in 2022": a verb names the child table (rental)
        kids = {rt.name for rt, _, _ in cat.inbound(r.subject) if rt.kind in "rp"}
        t = cat.tables[r.subject]
        own = own_values[2]  # "work orders on hold waiting for parts": its own status's words
        free = [w for i, w in enumerate(ws) if i not in r.used | own and column_word(t, [w]) is None  # "shipped": shipped_at
                and not how_often(ws, i)
                and not any(c.name.lower().startswith(w[:4]) for c in t.columns.values())]
        said = [k for k in kids if any(stem_names(w, k) for w in free)]
        r.child = said[0] if len(said) == 1 else None
    if r.child is None and r.count and (r.window or _EVER.search(r.q)):
        r.child = _status_history(r, cat)  # "resolved in March 2025", "went to pre-arbitration at some point"
    return r


_FLAG_WORDS = {"is", "has", "flag", "flg", "ind", "indicator", "bool", "yn"}


def flag_said(t, ws: list[str]) -> bool:
    """Whether the question says every word of one of the table's yes/no columns ("customers on credit hold":
    credit_hold): a filter on the subject's own rows, not on a child's."""
    said = {singular(w) for w in ws}
    own = {singular(p) for p in name_parts(t.name)}
    for c in t.columns.values():
        if c.type != "boolean":
            continue
        parts = [singular(p) for p in name_parts(c.name) if p not in _FLAG_WORDS and singular(p) not in own]
        if parts and all(len(p) >= 3 and p in said for p in parts):
            return True
    return False


_PLANNED_BY = {"for", "on", "in", "during", "at"}
_AHEAD = {"next", "tomorrow", "coming"}  # windows that have not begun
_MADE_WHEN = {"placed", "made", "created", "raised", "logged", "submitted"}  # a row's making, right before its window
_EVER = re.compile(r"\b(at some (?:point|stage|time)|at any (?:point|stage|time)|ever|at least once)\b")


def _status_history(r: Read, cat: Catalog) -> str | None:
    """"How many tickets were resolved in March 2025?": when the subject's time columns do not say when, and a table
    that references it keeps each change of a status with its time (to_stat 'R = resolved', chg_ts), the window is
    on that history: its rows with the status the question names, in the window, counted once per subject row."""
    t = cat.tables[r.subject]
    if time_column(t, r.ws, r.window_pos)[1]:
        return None  # "tickets opened in March": the subject's own time
    own = {hit[0] for x in t.columns.values() if (hit := named(x, r.ws, r.used))}  # statuses of its own named
    found = []
    for rt, _, _ in cat.inbound(t.name) if own else ():
        if rt.kind not in "rp" or not rt.time_columns():
            continue
        for c in rt.columns.values():
            hit = named(c, r.ws, r.used)
            if hit and hit[3] >= 2 and hit[0] in own:
                found.append(rt.name)  # the subject has the same status in a column of its own: a history of it
    return found[0] if len(set(found)) == 1 else None


def stem_names(w: str, table: str) -> bool:
    """"rented" ~ rental, "borrowed" ~ borrowings: a word and a table name share their first 4+ letters (the word
    is not the table's own name, which find_tables reads)."""
    n = 0
    for a, b in zip(w, table.lower()):
        if a != b:
            break
        n += 1
    if n == len(w) == 4 and table.lower()[4:] in _NOUN_ENDINGS:
        return True  # "ship" ~ shipment, "rent" ~ rental: a short verb whose noun the table is
    return n >= 4 and len(w) >= 5 and w not in forms(table)


_NOUN_ENDINGS = {"ment", "ments", "al", "als", "ion", "ions", "ing", "ings", "age", "ages"}


# "which ...", "list ...", "show me ...": rows asked for — not "list price", not "on any single show"
LISTS = re.compile(r"\bwhich\b|^\s*what(?:'s| is| was) on\b|^\s*who (?:are|were|is|was|held|holds|owns|owned|works?|worked)\b|\blist\b(?!\s+prices?\b)|(?:^\s*|\b(?:please|you|and|then)\s+)show\b|\bshow (?:me|us|all|every)\b")


def top_n(q: str) -> int | None:
    """N of "top 5", "the 10 latest", "show me 3 ...", "top ten", "which three"."""
    q = spelled_numbers(q)
    not_time = r"(?!\s*(?:minute|min|hour|hr|day|week|month|year)s?\b)"
    m = re.search(r"\b(?:top|first|last|latest|newest|recent|best|worst|biggest|largest|highest|lowest|"
                  r"cheapest|(?<!at )most)\s+(\d+)\b" + not_time, q)
    m = m or re.search(r"\b(\d+)\s+(?:most|best|biggest|largest|highest|lowest|latest|newest|recent|cheapest|top|busiest)\b", q)
    m = m or re.search(r"\b(?:which|what|the|show(?: me)?|list|give me|get)\s+(\d+)\s+(?!(?:minute|min|hour|hr|"
                       r"day|week|month|year)s?\b)[a-z]", q)
    m = m or re.search(r"\b(?:which|what|the)\s+(\d+)\s+(?:hour|day|week|month|year)s\s+(?:with|had|have|saw)\s+"
                       r"the\s+(?:most|fewest|highest|lowest)\b", q)  # "the three years with the most hires"
    if m and 1900 <= int(m.group(1)) <= 2100:
        return None  # "the 2024 billing months": a year
    return int(m.group(1)) if m else None  # "top ten" reads as "top 10" (spelled_numbers)


# --------------------------------------------------------------------------- the subject


def _role_ranked(r: Read, mentions: list[Mention], cat: Catalog) -> Mention | None:
    """"Who were our five busiest class instructors": a ranking whose plural names the role a foreign key of a
    named table gives the rows it points to (class_session.instructor_id → staff): those rows are ranked."""
    if not (r.rank or r.n) or not mentions or r.count and not re.search(r"\bby (?:the )?number of\b", r.q):
        return None
    taken = {i for m in mentions for i in range(m.start, m.end)}
    for i, w in enumerate(r.ws):
        if i in taken or w in STOP or singular(w) == w:
            continue
        for m in mentions:
            t = cat.tables.get(m.table)
            for col, ref, _ in t.fks if t is not None else ():
                head = re.sub(r"_?(id|no|num|key|code|cd)$", "", col.lower())
                if head and singular(w) == head and ref in cat.tables and ref != t.name:
                    return Mention(ref, i, i + 1)
    return None


_PAID = re.compile(r"\b(?:paid|pay|pays|spent|spend|spends|charged|billed)\b")


def _paid_for(r: Read, mentions: list[Mention], cat: Catalog) -> Mention | None:
    """"paid the contractors for roof repairs": what was paid for (the head noun after "for", when its table keeps
    an amount), not the payee named first."""
    pay = _PAID.search(r.q)
    if not (r.money and pay and len(mentions) >= 2 and not r.rank and not r.group):
        return None
    at = len(words(r.q[:pay.start()]))
    fors = [i for i, w in enumerate(r.ws) if w == "for" and i > at]
    if not fors:
        return None
    run = [m for m in mentions if m.start > fors[0]]
    head = None
    for m in run:  # the compound right after "for" ("instrument calibrations"): its last noun
        if m.start == (head.end if head else fors[0] + 1) or (head is None and m.start == fors[0] + 2):
            head = m
        else:
            break
    if head is None or head is mentions[0] or not money_cols(cat.tables[head.table]):
        return None
    return head


def subject(r: Read, cat: Catalog) -> list[Mention]:
    """The tables a question is about, the counted one first: named, implied by a value or a column it
    names, the table with a quantity for units, or the table with amounts and time for money."""
    base = [t for t in cat.tables.values() if t.kind in "rp"]
    mentions = find_tables(r.ws, cat)
    if len(mentions) >= 2 and 0 <= mentions[0].start and mentions[0].end == mentions[1].start \
            and mentions[0].end - mentions[0].start == 1 and (singular(r.ws[mentions[0].start]) == r.ws[mentions[0].start]
                                                               or r.ws[mentions[0].start] not in forms(
                        re.split(r"[._]", cat.tables[mentions[0].table].name)[-1])) \
            and not re.search(rf"\b{re.escape(r.ws[mentions[0].start])}['’]s\b", r.q) \
            and r.ws[mentions[1].start] in forms(re.split(r"[._]", cat.tables[mentions[1].table].name)[-1]):
        mentions[:2] = mentions[1], mentions[0]  # "which product category": the category (a noun's last word),
        # not in "which supplier's products"
    elif len(mentions) >= 2 and 0 <= mentions[0].start and mentions[1].start == mentions[0].end + 1 and re.search(
            rf"\b{re.escape(r.ws[mentions[0].end - 1])}-{re.escape(r.ws[mentions[0].end])}\b", r.q):
        mentions[:2] = mentions[1], mentions[0]  # "the customer-complaint NCRs": NCRs, the compound modifies them
    role = _role_ranked(r, mentions, cat)
    if role is not None:  # "our five busiest class instructors": the staff a class's instructor_id points to
        mentions = [role, *mentions]
    paid_for = _paid_for(r, mentions, cat)
    if paid_for is not None:  # "how much have we paid outside companies for instrument calibrations": the
        mentions = [paid_for, *(m for m in mentions if m is not paid_for)]  # calibrations' costs, not the companies'
    if r.stock:
        st = [t for t in base if any("stock" in c for c in t.columns)]
        if st:
            mentions = [Mention(st[0].name, -1, -1)]
    if not mentions and span_table(r.q, cat):  # "average length of stay (in the ICU)": the stays, not the wards
        mentions = [Mention(span_table(r.q, cat), -1, -1)]
    shared, i = shared_names(r.ws, cat)
    if shared and not any(m.start <= i < m.end for m in mentions):
        # "orders" when sales and purchase orders both are: each is a reading (agent/planner/choose.py)
        by_value = [m.table for m in implied_table(r.ws, cat, shared, {i})]
        linked = [t for t in shared if any(cat.link(t, m.table) for m in mentions)]  # "customers with ten orders"
        first = (by_value or linked or shared)[0]
        mentions = sorted([*mentions, Mention(first, i, i + 1)], key=lambda m: m.start)
        r.alternatives = [t for t in shared if t != first] if mentions[0].start == i else []
    if mentions and mentions[0].start >= 0 and (cat.tables[mentions[0].table].kind in "vm" or r.alternatives):
        # "questions" read as a view's column name ("MonthlyActivity"."Questions") when a table's code means it
        # ("PostTypeId: 1 = question"): the rows of that table, the word left for its value
        coded = next((m for m in implied_table(r.ws, cat) if m.start == mentions[0].start), None)
        if coded is not None:
            mentions[0] = Mention(coded.table, coded.start, coded.start)
            r.alternatives = []  # the code says which table: no other table's reading of the word
    hm = re.search(r"\bhow many\b", r.q)
    at = len(words(r.q[:hm.end()])) if hm else -1
    if mentions and r.count and hm and 0 <= at and mentions[0].start >= at + 3 and r.ws[at] not in STOP:
        # "how many no-shows have we had across all the salons": the rows a value names are counted, the salons
        # only say where
        coded = next((m for m in implied_table(r.ws, cat) if m.start == at), None)
        if coded is not None and coded.table != mentions[0].table:
            mentions = [_things_of_kind(coded, cat), *mentions]
    if not mentions:
        mentions = [_things_of_kind(m, cat) for m in implied_table(r.ws, cat)]
    if not mentions and re.search(r"\b(units?|sold|quantity|items sold)\b", r.q):
        qty = [t for t in base if any(c in t.columns for c in ("quantity", "qty"))]
        mentions = [Mention(qty[0].name, -1, -1)] if qty else []
    if not mentions and r.money:  # "revenue yesterday": the most referenced table with amounts and time
        cands = [t for t in base if money_cols(t, by_comment=False) and t.time_columns()]
        cands.sort(key=lambda t: -len(cat.inbound(t.name)))
        mentions = [Mention(cands[0].name, -1, -1)] if cands else []
    if not mentions and (r.count or r.avg or r.sum or r.max or r.min or r.window or r.group or r.rank):
        mentions = lead_word_table(r, cat)
    if not mentions and (r.count or r.avg or r.sum or r.max or r.min or r.window or r.group or LISTS.match(r.q)):
        # a data question whose words name no table, or rows asked for ("which machines are in the workshop?")
        near = closest_table(r.text, cat) or said_in_comments(r, cat)
        mentions = [Mention(near, -1, -1)] if near else []
    return mentions


def said_in_comments(r: Read, cat: Catalog) -> str | None:
    """Two tables as near the question by meaning: the one whose own comments (the table's and its columns') say more
    of the question's words — "which machines are in the workshop?": the work orders, whose comment says "the machine
    is out of service" and whose closed_at says "NULL = still in the workshop", not the machines' own table, which
    says neither — or None when they say as many."""
    pair = close_pair(r.text, cat)
    if pair is None:
        return None
    said = {stem_word(w) for i, w in enumerate(r.ws) if w not in STOP and len(w) >= 4 and i not in r.used}

    def says(name: str) -> int:
        t = cat.tables[name]
        text = " ".join([t.comment, *(c.comment for c in t.columns.values())])
        return len(said & {stem_word(w) for w in words(text)})
    a, b = says(pair[0]), says(pair[1])
    return pair[0] if a > b else pair[1] if b > a else None


def _things_of_kind(m: Mention, cat: Catalog) -> Mention:
    """"How many cats ...": the word is a value of a small lookup table (species: Cat, Dog), and the question is
    about the rows of the table that references it most centrally (patients of that species), not the lookup row."""
    t = cat.tables.get(m.table)
    if t is None or len(t.columns) > 5 or m.start < 0 or any(not c.audit for c in t.time_columns()):
        return m  # (rows with a time of their own are events, no kind: "our next bookseller signing")
    refs = [rt for rt, _, _ in cat.inbound(t.name) if rt.kind in "rp" and not rt.partition_of]
    if not refs:
        return m
    best = max(refs, key=lambda rt: (len(cat.inbound(rt.name)), len(rt.columns)))
    return Mention(best.name, m.start, m.start)


def lead_word_table(r: Read, cat: Catalog) -> list[Mention]:
    """"transactions per month": the one table whose comment opens with that word ("Transaction ledger: ..."); with
    a time window, only tables that have a time column."""
    base = [t for t in cat.tables.values() if t.kind in "rpm" and not t.partition_of and t.comment
            and (not r.window or t.time_columns())]
    hits = set()
    for i, w in enumerate(r.ws):
        if w in STOP or len(w) < 5 or i in r.used:
            continue
        for t in base:
            lead = re.findall(r"[a-z]+", re.split(r"[:;,.(]", t.comment.lower(), maxsplit=1)[0])
            if lead and singular(w) in (singular(lead[0]), singular(lead[-1])):
                hits.add(t.name)
    return [Mention(hits.pop(), -1, -1)] if len(hits) == 1 else []


def implied_table(ws: list[str], cat: Catalog, among: list[str] | None = None,
                  skip: set[int] = frozenset()) -> list[Mention]:
    """No table named: one whose column holds a word of the question ("engineers" → employees.title)
    or whose distinctive column is named ("average salary" → employees). ``among``: only these tables."""
    base = [t for t in cat.tables.values() if t.kind in "rp" and (among is None or t.name in among)]
    held = [(len(used), len(conds), -min(used), -k, t, min(used)) for k, t in enumerate(base)
            for conds, _, used in [value_filters(t, ws, "x", set(skip), strong=True)] if conds]
    if held:  # the table whose values read the most words ("card charges declined": method and outcome), then
        *_, t, i = max(held, key=lambda h: h[:4])  # the first named ("full professors ... at the university")
        return [Mention(t.name, i, i)]
    pairs = {f"{a}_{b}" for a, b in zip(ws, ws[1:])}
    said = {t.name for t in base for c in t.columns.values() if c.comment
            and any("_" in x and x in pairs for x in column_synonyms(c.comment))}
    if len(said) == 1:  # "the average transaction amount": the column its comment calls that
        return [Mention(said.pop(), -1, -1)]
    signed = [t for t in base if sign_filters(t, [w for w in ws if w not in ("negative", "positive")], "x", set())[0]]
    if len(signed) == 1:  # "total deposits": the table whose amount's comment says positive = deposit
        return [Mention(signed[0].name, -1, -1)]
    hits = []
    for t in base:
        for i, w in enumerate(ws):
            if w in STOP or len(w) < 4:
                continue
            for c in t.columns.values():
                if c.name in _GENERIC_COLS or c.name.endswith("_id"):
                    continue
                if w in (c.name, singular(c.name)) or singular(w) == c.name or (
                        c.is_time and len(w) >= 4 and singular(w) == _DATE_SUFFIX.sub("", c.name.lower())):
                    hits.append((t, i))  # "the most hires": hire_date
    if len({t.name for t, _ in hits}) == 1:
        t, i = hits[0]
        return [Mention(t.name, i, i)]
    return []


SUM_SAID = re.compile(r"\btotal\b|\bsum\b|\b(?:the|our|their|its)\s+combined\b|\baltogether\b|\ball told\b")
_DATE_SUFFIX = re.compile(r"_(at|on|date|dt|ts|time)$")
_DATA = re.compile(r"\b(how many|number of|count|average|avg|mean|total|sum|maximum|minimum|highest|lowest|"
                   r"latest|earliest|per|by|each)\b")


_COUNTED = re.compile(r"\b(how many|how much|number of|percentage|percent|proportion|share of|average|total of|sum of|"
                      r"in total)\b")


def unread_data_question(question: str, cat: Catalog) -> str | None:
    """A question that asks for a figure about the data which no reading of the schema covers: the tables nearest
    by meaning, and how to ask again, instead of a server tool's figures."""
    if not _COUNTED.search(question.lower()):
        return None
    near = [name for name, _ in ranked_tables(question, cat)[:3]]
    if not near:
        return None
    said = ", ".join(f"**{cat.tables[n].qname}**" + (f" ({cat.tables[n].comment.split('.')[0][:60]})"
                                                      if cat.tables[n].comment else "") for n in near)
    return (f"I could not read this question against your schema: no table or column I can match says what to count. "
            f"The tables nearest to it by meaning: {said}. Ask again naming the table and the column, e.g. "
            f"\"how many rows of {cat.tables[near[0]].qname} have ...\".")


def ask_back(question: str, cat: Catalog) -> str | None:
    """A data question that names no table and is as near two tables as one: which one is meant."""
    if not _DATA.search(question.lower()) or find_tables(words(question), cat):
        return None
    pair = close_pair(question, cat)
    if pair is None:
        return None

    def said(name: str) -> str:
        t = cat.tables[name]
        lead = t.comment.split(".")[0][:80] if t.comment else ", ".join(list(t.columns)[:5])
        return f"**{t.qname}** ({lead})"
    return (f"I am not sure which table this question is about: {said(pair[0])} or {said(pair[1])}? "
            f"Ask again naming one, e.g. \"{question.rstrip(' ?')} in {cat.tables[pair[0]].qname}?\"")

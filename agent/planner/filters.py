"""SQL parts with ``psycopg.sql``: identifiers, relations, conditions, and the filters a question's words
make (a value a column holds, a number compared with a column, a time window)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from psycopg import sql as psql

from agent.planner.glossary import denies, meanings, named, named_each, stem
from agent.planner.linking import EX_TAX, GROSS, INC_TAX, STOP, Window, abbreviates, anchored, bare, column_word, discount_col, extended, forms, idiom, phrasal_off, money_cols, name_parts, singular, spelled_numbers, tax_cols, words
from agent.planner.places import other_names, region_names
from agent.planner.spelling import english
from toolkits.catalog import Catalog, Column, Table

S, L = psql.SQL, psql.Literal

# PostgreSQL's reserved key words (and those that cannot name a table or a column): always quoted
RESERVED = frozenset("""
all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation
column concurrently constraint create cross current_catalog current_date current_role current_schema current_time
current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze
from full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit
localtime localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references
returning right select session_user similar some symmetric table tablesample then to trailing true union unique user
using variadic verbose when where window with""".split())
_PLAIN = re.compile(r"[a-z_][a-z0-9_]*")


def ident(*parts: str) -> psql.Composable:
    """A (qualified) name: a plain lower-case name as written, anything else quoted (psycopg Identifier)."""
    return S(".").join(S(p) if _PLAIN.fullmatch(p) and p not in RESERVED else psql.Identifier(p) for p in parts)


# What a column's comment says NULL means ("NULL = sold directly through the website")
NULL_SAYS = re.compile(r"\bnull\s*(?:=|:|means|if|when|for|is)\s*(?:an?\s+|the\s+)?([a-z][a-z ]{2,40})", re.I)


# Name parts of a date that ends a row's life (end_dt, withdrawn_on, left_on)
ENDING = {"end", "ended", "until", "stop", "stopped", "discontinued", "closed", "left", "retired", "terminated", "expired",
          "withdrawn", "departed", "exit", "exited", "ceased", "dropped"}


def says_still(c: Column) -> bool:
    """A date whose comment says NULL means the row still holds ("StepDownOn: NULL = still serving")."""
    says = NULL_SAYS.search(c.comment)
    return bool(says and re.search(r"\b(still|current|currently|active)\b", says.group(1).lower()))


def open_end(t: Table) -> Column | None:
    """The one nullable date that ends a row of ``t`` (unset while the row still holds), or None."""
    ends = [c for c in t.time_columns() if c.nullable and not c.audit
            and (set(name_parts(c.name)) & ENDING or says_still(c))]
    return ends[0] if len(ends) == 1 else None


def null_meant(t: Table, ws: list[str]) -> bool:
    """Whether two words of what a column's comment says its NULL means are in the question ("policies sold
    directly through the website" for "NULL = sold directly through the website")."""
    for c in t.columns.values():
        m = NULL_SAYS.search(c.comment)
        said = {stem(w) for w in words(m.group(1)) if len(w) >= 4 and w not in STOP} if m and c.nullable else set()
        if len(said) >= 2 and len(said & {stem(w) for w in ws}) >= 2:
            return True
    return False


MISSING = re.compile(r"\b(no|without|missing|lacking|lacks?|waiting (?:for|on)|awaiting|not yet|yet to get|none of|"
                     r"(?:don|doesn|didn|do not|does not|did not) (?:have|get|know)|never (?:had|got)|"
                     r"(?:we|you|they|i) (?:do )?not have|not know)"
                     r"(?:\s+(?:a|an|any|the|their|its|his|her))?\s+$")


def missing_said(t: Table, ws: list[str], skip: set[int]) -> bool:
    """Whether the question says a nullable column of ``t`` is missing ("guests with no e-mail address")."""
    for i in range(len(ws)):
        if i in skip or not MISSING.search(" " + " ".join(ws[max(0, i - 3):i]) + " "):
            continue
        hit = said_column(t, ws, i)
        if hit and hit[0] != t.pk and hit[0] in t.columns and t.columns[hit[0]].nullable:
            return True
    return False


def said_column(t: Table, ws: list[str], i: int) -> tuple[str, int] | None:
    """The column named at word ``i``: by one or two words, or by a three-word phrase of its comment ("year of
    construction" for built_yr)."""
    hit = column_word(t, ws[i:i + 2])
    if hit is None and (three := column_word(t, ws[i:i + 3])) and three[1] == 0:
        hit = three
    return hit


def money_expr(alias: str, t: Table, cols: tuple[str, ...], question: str) -> psql.Composable:
    """What the rows are worth: the amount, or quantity × price — less the line's discount when it has one and
    the question does not ask before it ("revenue after discounts": quantity × price × (1 − discount))."""
    said = question.lower()
    net, tax, gross = tax_cols(t) if len(cols) == 1 and (EX_TAX.search(said) or INC_TAX.search(said)) else (None,) * 3
    if net and EX_TAX.search(said):  # "the total invoiced before VAT": the net amount, not the tax nor the gross
        return ident(alias, net)
    if tax and INC_TAX.search(said) and not EX_TAX.search(said) and cols[0] in (net, tax) and (gross or net):
        # "VAT included" of a net or a tax column: the gross (a total column chosen already is one)
        return ident(alias, gross) if gross else S("({} + {})").format(ident(alias, net), ident(alias, tax))
    expr = S(" * ").join(ident(alias, c) for c in cols)
    disc = discount_col(t) if len(cols) == 2 or extended(t, cols) else None
    if disc is None or GROSS.search(question.lower()):
        return expr
    factor = "(1 - {}::numeric / 100)" if disc[1] else "(1 - {}::numeric)"
    if len(cols) == 1:  # an extended price less its discount
        return S("{}::numeric * " + factor).format(ident(alias, cols[0]), ident(alias, disc[0]))
    return S("{} * {}::numeric * " + factor).format(ident(alias, cols[0]), ident(alias, cols[1]), ident(alias, disc[0]))


def column_ref(alias: str, c) -> psql.Composable:
    """A column in a statement; a jsonb key as ``alias.col ->> 'key'`` (a key holding a list: its elements as an
    array, which ``= ANY`` searches)."""
    if not c.key_of:
        return ident(alias, c.name)
    obj = S("({} -> {})").format(ident(alias, c.key_of), L(c.key_in)) if c.key_in else ident(alias, c.key_of)
    if c.is_array:
        return S("ARRAY(SELECT jsonb_array_elements_text(CASE jsonb_typeof({0} -> {1}) WHEN 'array' THEN {0} -> {1} "
                 "END))").format(obj, L(c.name))
    return S("({} ->> {})").format(obj, L(c.name))


def rel(t: Table) -> psql.Composable:
    """A table's name in a statement (public needs no schema)."""
    return ident(t.name) if t.schema == "public" else ident(t.schema, t.name)


def where(conds: list[psql.Composable]) -> psql.Composable:
    return S(" WHERE {}").format(S(" AND ").join(conds)) if conds else S("")


def window_conds(alias: str, col: str, w: Window) -> list[psql.Composable]:
    c = ident(alias, col)
    return ([S("{} >= {}").format(c, w.low)] if w.low is not None else []) + \
        ([S("{} < {}").format(c, w.high)] if w.high is not None else [])


@dataclass
class Query:
    sql: str
    kind: str  # count | sum | avg | min | max | median | pct | top | list | group
    table: str
    summary: str  # what the SQL computes, in words
    label: str = ""  # name of the single figure, e.g. "orders"


def query(sql: psql.Composable, kind: str, table: str, summary: str, label: str = "") -> Query:
    return Query(sql.as_string(None), kind, table, summary, label)


@dataclass
class Filters:
    """The conditions on a statement's rows, what they say in words, and the joins they need."""

    alias: str
    conds: list[psql.Composable] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    joins: list[psql.Composable] = field(default_factory=list)
    base: list[psql.Composable] = field(default_factory=list)  # ids, window, flags: the population of a percentage
    values: list[psql.Composable] = field(default_factory=list)  # values and numbers of the fact table
    values_said: list[str] = field(default_factory=list)

    def add(self, cond: psql.Composable, said: str) -> None:
        self.conds.append(cond)
        self.said.append(said)

    def where(self) -> psql.Composable:
        return where(self.conds)

    def join(self) -> psql.Composable:
        return S("").join(self.joins)

    def said_text(self) -> str:
        return f" ({', '.join(self.said)})" if self.said else ""


# What a value may add to a word that names it: an inflection ("refund" → refunded, "cancel" → cancelled) or a short
# word after it ("Dallas" → 'Dallas DC'), not more letters making another word ("count" is no 'COUNTY')
_INFLECTION = re.compile(r"e?s|e?d|ing|ers?|[a-z](ed|ing)|\s\S{1,3}")


def _abbreviation(ws: list[str], i: int) -> bool:
    """A letter of "i.e." or "e.g." ("still open, i.e. placed ..."), or of a short form written with "&" or "/"
    ("our H&S advisors", "P&L"): no value 'E', 'H'. (An article is no such letter: "got a C".)"""
    if len(ws[i]) != 1:
        return False
    return (i > 0 and ws[i - 1] + ws[i] in ("ie", "eg")) or ws[i:i + 2] in (["i", "e"], ["e", "g"]) or any(
        0 <= j < len(ws) and len(ws[j]) == 1 and ws[j] != "a" for j in (i - 1, i + 1))


def _audit_user(c: Column) -> bool:
    """Who wrote or changed the row (created_by, upd_user): logins, which ordinary words may spell."""
    parts = set(name_parts(c.name))
    return bool(parts & {"created", "updated", "modified", "inserted", "changed", "deleted", "crt", "upd", "mod"}) \
        and bool(parts & {"by", "user", "usr", "login"})


def _person_name(c: Column) -> bool:
    """A person's first or last name (last_name, FirstName, surname, fname): values that are also plain words."""
    parts = set(name_parts(c.name))
    return bool(parts & {"surname", "forename", "fname", "lname", "firstname", "lastname", "givenname", "nickname"}) or \
        bool(parts & {"first", "last", "given", "family", "middle"} and parts & {"name", "nm"})


def _codes(values: list[str]) -> bool:
    """Values that are all short upper-case codes ('SOLR', 'ROOF', 'ELEC'): a word may be written out for one."""
    return bool(values) and all(v.isalpha() and v.isupper() and 3 <= len(v) <= 5 for v in values)


def value_filters(t: Table, ws: list[str], alias: str, skip: set[int],
                  fact: Table | None = None, strong: bool = False,
                  soft: frozenset[int] = frozenset(), exact: frozenset[int] = frozenset()) -> tuple[list, list[str], set[int]]:
    """Column = value filters for words the column is known to hold (pg_stats common values) or its comment
    explains: (conditions, in words, the word positions read). ``fact``: ``t`` is a table it references.
    ``strong``: not only meanings read from one word of a longer phrase (when the values choose the table).
    ``soft``: words read as another table's name, which a value's longer name may take ("United States" is
    no mention of us_states). ``exact``: words whose singular names no value (proper names: "Stephens" is not
    'STEPHEN')."""
    conds, said, used, eqs = [], [], set(), []  # eqs: (column, value) of each '=' kept
    for c in [*t.columns.values(), *t.keys.values()]:  # a jsonb key's values too ("paid by Medicaid")
        if not c.values:
            continue
        if _audit_user(c) and not any(f" by {' '.join(words(v))} " in f" {' '.join(ws)} " for v in c.values):
            continue  # created_by 'disputes' (a service's login): only "... created by ledger-svc" names it
        ref, name = column_ref(alias, c), c.shown
        eq = S("{1} = ANY({0})") if c.is_array else S("{} = {}")  # a text array holds the value among others
        neq = S("NOT ({1} = ANY({0}))") if c.is_array else S("{} IS DISTINCT FROM {}")

        def take(hit: str, span: set[int]) -> None:  # a value found as a run of words: '=', or excluded
            out = excluded(ws, min(span))
            conds.append((neq if out else eq).format(ref, L(hit)))
            eqs.append(None if out or c.is_array else (ref, hit))
            said.append(f"{name} {_op(c, out)} {hit}")
            used.update(span)

        for hit, span in _phrase_values(c.values, ws, skip | used, soft - used):  # "R&D", "New York", "kg/m2"
            take(hit, span)
        lower = {v.lower(): v for v in c.values}
        for i, w in enumerate(ws):
            if (i in skip or i in used or (w in STOP and len(w) < 3) or _abbreviation(ws, i) or idiom(ws, i)
                    or (w in _SMALL_WORDS and not set(lower) <= _FLAG_VALUES and not set(_pair(ws, i)) & set(lower))
                    # "no e-mail" is not Norway's 'NO' ("no-shows" is 'no_show')
                    or compared_number(ws, i) or phrasal_off(ws, i)):
                continue
            hit = next((lower[k] for k in (*_pair(ws, i), w) if k in lower), None)
            if hit is None and singular(w) in lower and len(w) > 3 and i not in exact:
                hit = lower[singular(w)]
            if hit is None and w.isalpha() and w + "s" in lower and len(w) > 3 and i not in exact and w not in STOP:
                hit = lower[w + "s"]  # "door defects": system 'DOORS'
            if hit is None and w in _SEXES and set(name_parts(c.name)) & {"gender", "sex"} \
                    and set(lower) <= _SEX_VALUES:  # "women": 'F' (not 'FS', female spayed: its comment says)
                hit = next((lower[k] for k in _SEXES[w] if k in lower), None)
            if hit is None and len(w) >= 5 and w not in STOP:  # "refund" → refunded, "cancel" → cancelled
                stems = [v for k, v in lower.items() if k.startswith(w) and _INFLECTION.fullmatch(k[len(w):])]
                hit = stems[0] if len(stems) == 1 else None
            if hit is None and w.isdigit() and len(w) >= 3 and not (len(w) == 4 and 1900 < int(w) < 2100) and all(
                    re.fullmatch(r"[A-Z0-9][A-Z0-9_-]{1,11}", v) for v in c.values):  # "6061 aluminium" → 'AL6061'
                coded = [v for k, v in lower.items() if k != w and re.search(rf"(?<![0-9]){w}(?![0-9])", k)]
                hit = coded[0] if len(coded) == 1 else None
            if hit is None and len(w) >= 6 and w not in STOP and i not in exact:  # "milling" → 'MILL', "washed" → 'WASH'
                roots = [v for k, v in lower.items() if len(k) >= 4 and v.isalpha() and v.isupper() and w.startswith(k)
                         and _INFLECTION.fullmatch(w[len(k):])  # a code, not a name ("marked" is no 'Mark')
                         and not any(p.startswith(k) for x in t.columns for p in name_parts(x))]  # "shipped": l_shipdate
                hit = roots[0] if len(roots) == 1 else None
            if hit is None and len(w) >= 5 and w not in STOP and _codes(c.values):  # "solar" → 'SOLR'
                short = [v for k, v in lower.items() if len(k) >= 4 and k[:2] == w[:2] and abbreviates(k, w)
                         and k not in english()]  # "solar" → SOLR; 'ROOF' is a word, 'ENAL' (an airport) no 'external'
                hit = short[0] if len(short) == 1 else None
            if hit is None and len(w) >= 5 and w not in STOP:  # "potassium" → "Potassium [Moles/volume] in Serum"
                every = [v for k, v in lower.items() if k.startswith(w) and len(words(k)) > 1 and words(k)[0] == w]
                long_ = [v for v in every if len(v) > 20]
                heads = [v for v in long_ if re.match(rf"{re.escape(w)}\s*[\[(,]", v.lower())] if len(long_) > 1 \
                    else long_  # "hemoglobin": "Hemoglobin [Mass/volume] in Blood", not "Hemoglobin A1c/..."
                if len(every) > 1 and not (len(heads) == 1 and len(long_) > 1):  # "a firkin of Lantern": of
                    heads = [v for v in every  # "Lantern 4.2% firkin", "... 30L keg", "... cans", the one whose other
                             if any(x in ws for x in words(v)[1:] if len(x) > 2 and x.isalpha())]  # words it says
                hit = heads[0] if len(heads) == 1 else None
            if hit is not None and exact and i not in exact and _person_name(c):
                hit = None  # "in days", "one line per record": no Mr Day, no Per, when names are written capitalised
            if hit is not None and set(lower) <= _FLAG_VALUES and not any(
                    x in name_parts(c.name) or x == c.name.lower() for x in ws[max(0, i - 4):i]):
                hit = None  # "true" is a value of many flags: only the one named right before it
            if hit is not None:
                out = excluded(ws, i)
                conds.append((neq if out else eq).format(ref, L(hit)))
                eqs.append(None if out or c.is_array else (ref, hit))
                said.append(f"{name} {_op(c, out)} {hit}")
                used.add(i)
                if hit.lower() in _pair(ws, i):
                    used.add(i + 1)
                used.update(_described(c, hit, ws, i, skip | used))
        if c.is_text:  # "customers in the United Kingdom" for 'UK', "French suppliers", "Munich" for 'München'
            states = bool(set(name_parts(c.name)) & {"state", "province", "prov"})  # "California" for 'CA'
            for hit, span in [*_other_names(c.values, ws, skip | used, soft - used, states),
                              *_core_values(c.values, ws, skip | used)]:
                take(hit, span)
    done, before = {x.split()[0] for x in said}, skip | used
    common = table_words(t, fact)
    found = [(m, c) for c in [*t.columns.values(), *t.keys.values()]  # "written off" → U: "U = ... written off"
             if c.name not in done for m in named_each(c, ws, before, common)]  # "neither completed nor cancelled"
    if strong and not conds and all(2 <= m[3] < 3 for m, _ in found):
        found = []  # one word of a longer meaning alone ("university housing") does not choose the table
    read: set[int] = set()
    for (code, span, meaning, score), c in sorted(found, key=lambda f: (-f[0][3], _before(f[1]))):
        if span <= read or (span & read and score < 3 and all(len(ws[i]) <= 3 for i in span - read)):
            continue  # a better meaning read all its words (but "us"); two may share some ("card declined": method,
            # outcome)
        read |= span
        # "not counting void invoices" (its "totals" read too); "cars left not drivable" for "3 = car not drivable"
        # is no exclusion: that negation is the meaning's own
        out = any(excluded(ws, i) and not (ws[i - 1:i] in (["not"], ["no"], ["never"], ["non"]) and denies(meaning, ws[i]))
                  for i in span)
        if isinstance(code, bool):
            ref = S("({})::boolean").format(column_ref(alias, c)) if c.key_of else column_ref(alias, c)
            conds.append(S("{} IS {}{}").format(ref, S("NOT " if out else ""), S(str(code).upper())))
            eqs.append(None)
        else:
            conds.append(S("{} IS DISTINCT FROM {}" if out else "{} = {}").format(column_ref(alias, c), L(code)))
            eqs.append(None if out else (column_ref(alias, c), code))
        said.append(f"{c.name} {'is not' if out else '='} {code} ({meaning})")
        used |= span
        phrase = {stem(ws[i]) for i in span if ws[i] not in STOP}
        for other in meanings(c) if len(phrase) >= 2 and not out and not isinstance(code, bool) else ():
            remark = other.said.split("(", 1)[1] if "(" in other.said else ""  # not "timed next day" beside "next day":
            if other.code != code and phrase <= {stem(w) for w in words(remark)}:  # "reportable under RIDDOR": each code whose
                conds.append(S("{} = {}").format(column_ref(alias, c), L(other.code)))  # meaning says it ("RD = RIDDOR
                eqs.append((column_ref(alias, c), other.code))  # reportable", "DO = dangerous occurrence (RIDDOR
                said.append(f"{c.name} = {other.code} ({other.said})")  # reportable ...)"), as one IN list
    return (*_either(conds, said, eqs), used)


def _described(c: Column, hit: str, ws: list[str], i: int, taken: set[int]) -> set[int]:
    """The word right after a code said as itself that its meaning says too ("RTG cranes" for "RTG = rubber-tyred
    gantry crane"): read with the code, so no other table's meaning takes it ("QCO = quay crane operator")."""
    said = next((set(m.words) for m in meanings(c) if str(m.code) == hit and not isinstance(m.code, bool)), set())
    return {i + 1} if i + 1 < len(ws) and i + 1 not in taken and stem(ws[i + 1]) in said else set()


def _either(conds: list, said: list[str], eqs: list) -> tuple[list, list[str]]:
    """Two values of one column asked together ("electric and water", "Germany or France") are either of them: one
    IN list, not two equalities no row meets."""
    first: dict[str, int] = {}
    values: dict[int, list] = {}
    drop = set()
    for k, e in enumerate(eqs):
        if e is None:
            continue
        key = e[0].as_string(None)
        if key in first:
            values[first[key]].append(e[1])
            drop.add(k)
        else:
            first[key] = k
            values[k] = [e[1]]
    for k, vals in values.items():
        if len(vals) > 1:
            conds[k] = S("{} IN ({})").format(eqs[k][0], S(", ").join(L(v) for v in vals))
            said[k] = f"{said[k].split(' = ')[0]} in ({', '.join(str(v) for v in vals)})"
    return [c for k, c in enumerate(conds) if k not in drop], [x for k, x in enumerate(said) if k not in drop]


def table_words(t: Table, fact: Table | None = None) -> set[str]:
    """Stems of the words a table's rows are called by, which never name one of its values alone ("Encounters
    (hospital stays)": "stay" is no type of encounter); for a referenced table, the fact's words too ("freight"
    billed on shipments is their cost, not a carrier's mode "LTL ... freight")."""
    said = {stem(w) for w in words(t.comment)} | {stem(singular(p)) for p in name_parts(t.name)}
    if fact is not None:
        said |= {stem(w) for c in fact.columns.values() for w in words(f"{c.name} {c.comment}")}
        said |= {stem(w) for w in words(fact.comment)}
    return said


def _before(c: Column) -> bool:
    """Whether a column holds the value a row had before (from_stat, old_status, prev_stage): of two columns a word names
    alike, the new one is meant ("marked as resolved": to_stat)."""
    return bool({"from", "old", "prev", "previous", "orig", "original", "before"} & set(name_parts(c.name)))


def meant_words(t: Table, ws: list[str], skip: set[int]) -> set[int]:
    """The word positions that name a value of ``t`` through what its comments say the values mean."""
    common = table_words(t)
    return {i for c in [*t.columns.values(), *t.keys.values()] if (m := named(c, ws, skip, common)) for i in m[1]}


# Pronouns and small words that are also two-letter codes (US, IT, NO, OR): never a value in running text
_SMALL_WORDS = {"us", "me", "him", "her", "it", "i", "he", "she", "we", "am", "as", "so", "ok", "up", "go", "hi",
                "no", "or", "if", "my"}
_FEMALE, _MALE = ("f", "female", "w", "woman"), ("m", "male", "man")
_SEXES = {**dict.fromkeys(("women", "woman", "female", "females", "ladies"), _FEMALE),
          **dict.fromkeys(("men", "man", "male", "males"), _MALE)}
_SEX_VALUES = {"f", "m", "female", "male", "w", "woman", "man", "u", "x", "o", "n", "unknown", "other", "d", "diverse"}
_FLAG_VALUES = {"true", "false", "t", "f", "yes", "no", "y", "n"}
_EXCLUDING = re.compile(r"\b(excluding|exclude|except|not counting|leaving out|leave out|other than|besides|rather than|"
                        r"instead of|but not|"
                        r"ignoring|ignore|apart from|not|non|neither|nor|aren't|isn't|weren't|wasn't|with no|"
                        r"haven|hasn|hadn|isn|aren|wasn|weren)\s*$")  # "haven't been cancelled": words() drops 't


def excluded(ws: list[str], i: int, _joined: int = 0) -> bool:
    """Whether the value at word ``i`` is excluded ("excluding cancelled", "not counting returns", "orders that
    are not paid", "cancelled orders excluded"): a negation right before it (articles and "are" may stand
    between), or "excluded" / "not included" at most a word after it; or a value joined by "or" / "and" to an
    excluded one right before it ("not cancelled or rejected", "leaving out cancelled and rejected orders")."""
    before = " ".join(ws[max(0, i - 4): i])
    before = re.sub(r"(\s+(the|a|an|any|those|ones|that|are|were|is|was|been|yet))+$", "", " " + before).strip()
    after = " ".join(ws[i + 1: i + 4])  # "(cancelled orders excluded)", "returns not included"
    if bool(_EXCLUDING.search(before)) or re.match(r"(\w+\s+)?(excluded|omitted|left out|not (included|counted))\b",
                                                   after) is not None or _NEGATED_VERB.search(before) is not None:
        return True
    if _LEAVE_OUT_ONES.search(" ".join(ws[max(0, i - 9): i])):  # "don't count the ones a client has put on hold"
        return True
    if _LEAVE_OUT_THAT.search(" ".join(ws[max(0, i - 7): i])):  # "ignore classes that were cancelled"
        return True
    return _joined < 3 and i >= 2 and ws[i - 1] in ("or", "and") and ws[i - 2] not in STOP \
        and excluded(ws, i - 2, _joined + 1)


_LEAVE_OUT_ONES = re.compile(r"\b(don|do not|not|leave out|leaving out|exclude|excluding|ignore|ignoring|skip|without)\s+"
                             r"(count|include|counting|including)?\s*(the ones|those|anything|any|ones|everything)\b(?!.*\b(and|but)\b)")

_LEAVE_OUT_THAT = re.compile(r"\b(?:ignore|ignoring|exclude|excluding|leave out|leaving out|skip|skipping|not counting|"
                             r"don count|do not count|don include|do not include)\s+(?:the\s+|any\s+|all\s+)?"
                             r"(?:[a-z]+\s+){1,2}(?:that|which|who)(?:\s+(?:were|are|was|is|got|get|have been|has been|"
                             r"had been))?$")
# "did not come in by e-mail", "weren't paid by card": a negated verb and its preposition before the value
_NEGATED_VERB = re.compile(r"\b(not|never|didn|doesn|don|wasn|weren|isn|aren|hasn|haven)\s+[a-z]+(\s+(back|out|up|off))?"
                           r"(\s+(in|by|with|via|from|"
                           r"through|on|as|to|for|at)){0,2}(\s+(a|an|the))?$")


def _op(c: Column, out: bool) -> str:
    return ("does not contain" if out else "contains") if c.is_array else ("is not" if out else "=")


def _other_names(values: list[str], ws: list[str], skip: set[int],
                 soft: frozenset[int] = frozenset(), states: bool = False) -> list[tuple[str, set[int]]]:
    """Values the question names by another name (places.other_names; a state's name for its code when
    ``states``), found as a run of its words, longest first: (value, the word positions it covers). A name of two
    words or more may take ``soft`` positions."""
    found: list[tuple[int, str, set[int]]] = []
    free = {w for i, w in enumerate(ws) if i not in skip or i in soft}
    for v in values:
        for name in (region_names(v) if states else other_names(v)):
            nw = words(name)
            if not nw or nw[0] not in free:
                continue
            for i in range(len(ws) - len(nw) + 1):
                span = set(range(i, i + len(nw)))
                if ws[i:i + len(nw)] == nw and not span & (skip - soft if len(nw) > 1 else skip):
                    found.append((len(nw), v, span))
    out, taken = [], set()
    for _, v, span in sorted(found, key=lambda x: -x[0]):
        if not span & taken:
            out.append((v, span))
            taken |= span
    return out


_TAGGED = re.compile(r"(?<![\w#])([A-Za-z][A-Za-z_]*#\d+)(?![\w#])")  # "Customer#000000124", "Supplier#16"


def tagged_filters(t: Table, text: str, alias: str) -> tuple[list, list[str]]:
    """A name written as the table's word, '#' and a number ("Customer#000000124"), compared with the table's
    label column as written, when the word names the table."""
    lab = t.label_column()
    if not lab or not t.columns[lab].is_text:
        return [], []
    conds, said = [], []
    for m in _TAGGED.finditer(text):
        word = m.group(1).split("#")[0].lower()
        if word in forms(t.name) or singular(word) in {singular(p) for p in name_parts(t.name)}:
            conds.append(S("{} = {}").format(ident(alias, lab), L(m.group(1))))
            said.append(f"{lab} = {m.group(1)}")
    return conds, said


_GIVE_ME = re.compile(r"\b(?:give me|show me|tell me|with|and|list|i need|i want)\s+(?:the|their|its|his|her)\s+"
                      r"([a-z][a-z -]{2,30}?)(?:[.?!,;]|$)|\(([a-z][a-z ]{2,30})\)")


def asked_column(t: Table, q: str) -> str | None:
    """The column of ``t`` a question asks to be shown ("Give me the registration", "(plate numbers)", "with their
    UPRNs"): the one whose first name part the phrase's first word is, or opens with ("registration": reg_no)."""
    for m in _GIVE_ME.finditer(q.lower()):
        ws = [w for w in words(m.group(1) or m.group(2)) if w not in STOP]
        if not ws:
            continue
        hit = column_word(t, ws)
        if hit is not None:
            return hit[0]
        w = singular(ws[0])
        firsts = [c for c in t.columns if name_parts(c)[:1] and len(name_parts(c)[0]) >= 3
                  and (w == name_parts(c)[0] or w.startswith(name_parts(c)[0]))]
        if len(firsts) == 1:
            return firsts[0]
    return None


_COMPARED_BEFORE = {"over", "above", "under", "below", "exceeding", "than", "least", "most", "exactly", "top", "bottom",
                    "first", "last", "best", "worst"}
_COMPARED_AFTER = {"more", "fewer", "less", "over", "under", "above", "below"}


def compared_number(ws: list[str], i: int) -> bool:
    """A number the question compares with ("more than 15 times", "20 or more missed bins", "at least 3") or that
    says how many rows ("the top 4 wards"): a bound, never a value of a text column (no house number '15')."""
    if not ws[i].isdigit():
        return False
    return (i > 0 and ws[i - 1] in _COMPARED_BEFORE) or (
        i + 2 < len(ws) and ws[i + 1] in ("or", "and") and ws[i + 2] in _COMPARED_AFTER)


def _phrase_values(values: list[str], ws: list[str], skip: set[int],
                   soft: frozenset[int] = frozenset()) -> list[tuple[str, set[int]]]:
    """Values of several words or with punctuation, found as the same run of words in the question, longest
    first: (value, the word positions it covers). A run may take ``soft`` positions (a table's name:
    "Customer#000000124" holds the word customer) when it also covers a word of its own."""
    found: list[tuple[str, set[int]]] = []
    taken = set(skip)
    for v in sorted(values, key=len, reverse=True):
        vw = words(v)
        if len(vw) < 2:
            continue
        for i in range(len(ws) - len(vw) + 1):
            end = _run_end(ws, i, vw)
            span = set(range(i, end)) if end else set()
            if span and not (span & taken - soft) and span - soft:
                found.append((v, span))
                taken |= span
                break
    return found


def _pair(ws: list[str], i: int) -> tuple[str, ...]:
    """Word ``i`` and the next as one value may spell them: "on hold", "on_hold", "no_show" (of "no-shows")."""
    if i + 1 >= len(ws):
        return ()
    nxt = ws[i + 1]
    return (f"{ws[i]} {nxt}", f"{ws[i]}_{nxt}") + ((f"{ws[i]}_{singular(nxt)}",) if len(nxt) > 3 else ())


def _run_end(ws: list[str], i: int, vw: list[str]) -> int:
    """Where the value's words ``vw`` end when they run from word ``i`` (one "of" may stand between two of them:
    "a full head of highlights" says 'Full head highlights'; not "a": "left with a neighbour" is no 'with
    neighbour' of another column); 0 when they do not."""
    j, inserted = i, False
    for k, w in enumerate(vw):
        if j < len(ws) and (ws[j] == w or (k == len(vw) - 1 and len(ws[j]) > 3 and singular(ws[j]) == w)):
            j += 1  # the last word may be said in the plural ("no-shows": 'no_show')
        elif k and not inserted and j + 1 < len(ws) and ws[j] == "of" and ws[j + 1] == w:
            j, inserted = j + 2, True
        else:
            return 0
    return j


_CORE = re.compile(r"^\s*\d+\s*[-.)]\s*([A-Za-z][A-Za-z ]*?)\s*$")  # "1-URGENT", "3. Medium": a rank and a word


def _core_values(values: list[str], ws: list[str], skip: set[int]) -> list[tuple[str, set[int]]]:
    """Values that put a number before their word ("1-URGENT", "4-NOT SPECIFIED"), named by the word alone
    ("urgent orders"), when no other value has it."""
    cores: dict[tuple[str, ...], list[str]] = {}
    for v in values:
        m = _CORE.match(v)
        if m:
            cores.setdefault(tuple(words(m.group(1))), []).append(v)
    out = []
    for vw, vs in cores.items():
        if len(vs) != 1 or not vw:
            continue
        for i in range(len(ws) - len(vw) + 1):
            span = set(range(i, i + len(vw)))
            if ws[i:i + len(vw)] == list(vw) and not span & skip:
                out.append((vs[0], span))
                break
    return out


_CMP = re.compile(
    r"\b(more than|greater than|higher than|bigger than|larger than|over|above|exceeding|at least|"
    r"less than|fewer than|lower than|smaller than|cheaper than|under|below|at most|of|equal to|equals|is|"
    r">=|<=|>|<|=)\s+\$?(\d+(?:\.\d+)?)(?!\.\d)\b(?!\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|%|percent))")
_OPS = {"more than": ">", "greater than": ">", "higher than": ">", "bigger than": ">", "larger than": ">",
        "over": ">", "above": ">", "exceeding": ">", "at least": ">=", "less than": "<", "fewer than": "<",
        "lower than": "<", "smaller than": "<", "cheaper than": "<", "under": "<", "below": "<", "at most": "<=",
        "of": "=", "equal to": "=", "equals": "=", "is": "=", ">=": ">=", "<=": "<=", ">": ">", "<": "<", "=": "="}
_PRICE_WORDS = ("cost", "costs", "costing", "priced", "price", "prices", "expensive", "cheap", "cheaper")
MONEY_SAID = ("revenue", "sales", "turnover", "spend", "spent", "spending", "money", "income", "gmv", "value", "paid",
              "takings", "earnings", "proceeds")  # words that ask for money: the amount, not the rows
_WORTH_WORDS = (*MONEY_SAID, "amount", "total", "worth", "earn", "earns", "earning", "makes", "make", "budget", "salary")


def _amount(t: Table) -> str | None:
    """The table's one amount column (not a quantity × price)."""
    cols = money_cols(t)
    return cols[0] if cols and len(cols) == 1 else None


def _compared_column(t: Table, op: str, before: list[str], after: list[str], named: bool = False) -> str | None:
    """The column a number is compared with: named just before it, a price, or the table's amount. Keys are not
    compared ("articles with price over 45" is not article_id > 45)."""
    hit = column_word(t, before[::-1], numeric=True)
    col = None
    if hit and hit[0] != t.pk and hit[0] not in {c for c, _, _ in t.fks}:
        col = hit[0]
    elif named:
        return None
    elif op != "=" and any(w in _PRICE_WORDS for w in before):
        col = next((c for c in ("price", "unit_price", "amount", "total_amount") if c in t.columns), None)
    elif op != "=" and any(w in _WORTH_WORDS for w in before):
        col = _amount(t)
    if col is None and op != "=" and after:  # "more than 200 seats": the column named right after the number
        hit = column_word(t, after, numeric=True)
        col = hit[0] if hit and hit[0] != t.pk and hit[0] not in {c for c, _, _ in t.fks} else None
    if col is None and op != "=" and (not after or after[0] in STOP):
        col = _amount(t)  # "orders over 1000": the table's amount
    if op == "=" and (not col or not before or col not in (before[-1], singular(before[-1])) and
                      not any(p.startswith(before[-1]) for p in col.split("_"))):
        return None  # "of 5" only right after the column's name ("a rating of 5")
    return col if col and t.columns[col].is_numeric else None


_DETERMINERS = {"the", "their", "its", "his", "her", "our", "your", "a", "an"}
_BETWEEN = re.compile(r"\bbetween\s+\$?(\d+(?:\.\d+)?)\s+and\s+\$?(\d+(?:\.\d+)?)\b(?![-/:])")
_CURRENCY = {"dollar", "dollars", "usd", "euro", "euros", "eur", "pound", "pounds", "gbp", "bucks", "yen", "francs"}


def _num(x: str) -> Decimal | int:
    return Decimal(x) if "." in x else int(x)


def numeric_filters(t: Table, q: str, cat: Catalog, alias: str, named: bool = False) -> tuple[list, list[str]]:
    """``price > 100`` from "cost more than 100", ``rating = 5`` from "a rating of 5". ``named``: only a column
    the words before the number name (a referenced table's column, "moves of articles with sell price over 45")."""
    conds, said = [], []
    tables = {f for n in cat.tables for f in forms(n)}
    q = spelled_numbers(q)  # "more than two hundred seats"
    q = re.sub(r"(?<=\d),(?=\d{3}\b)", "", q)  # "more than 1,000": one number
    q = re.sub(r"\b(at least|more than|at most|fewer than|less than)\s+(once|twice)\b",
               lambda m: f"{m.group(1)} {1 if m.group(2) == 'once' else 2} times", q)  # "reopened at least once"
    for m in _BETWEEN.finditer(q):  # "a rental rate between 2 and 4": both ends included
        lo, hi = m.group(1), m.group(2)
        if all(re.fullmatch(r"(19|20)\d\d", x) for x in (lo, hi)) and t.time_columns():
            continue  # "between 2023 and 2025": years, a time window's business
        hit = column_word(t, words(q[: m.start()])[-4:][::-1], numeric=True)
        if hit and hit[0] != t.pk and not (named and hit[0] in {c for c, _, _ in t.fks}):
            conds.append(S("{} BETWEEN {} AND {}").format(ident(alias, hit[0]), L(_num(lo)), L(_num(hi))))
            said.append(f"{hit[0]} between {lo} and {hi}")
    q = _BETWEEN.sub(" ", q)
    for m in _CMP.finditer(q):
        op = _OPS[m.group(1)]
        after = words(q[m.end():])[:1]
        if after and after[0] in tables:  # "more than 5 orders": a count of another table, not a column
            continue
        after = [] if after and after[0] in _CURRENCY else after  # "over 10 dollars": an amount
        col = _compared_column(t, op, words(q[: m.start()])[-4:], after, named)
        if col is None and after and after[0] in ("in", "of", "on") and op != "=":  # "more than 1000 in their
            rest = [w for w in words(q[m.end():])[1:5] if w not in _DETERMINERS]  # account balance"
            hit = column_word(t, rest[:3], numeric=True)
            col = hit[0] if hit and hit[0] != t.pk and hit[0] not in {c for c, _, _ in t.fks} else None
        if col:
            num = m.group(2)
            conds.append(S("{} {} {}").format(ident(alias, col), S(op), L(Decimal(num) if "." in num else int(num))))
            said.append(f"{col} {op} {num}")
    return conds, said


_GREATER = {"after", "later", "above", "over", "exceed", "exceeds", "exceeded", "exceeding", "beyond", "past", "more",
            "greater", "higher", "longer", "larger", "bigger"}
_STATE_NOW = {"is", "are", "was", "were", "be", "been", "being", "now", "already", "still", "all"}
_LESS = {"before", "earlier", "below", "under", "less", "fewer", "lower", "shorter", "smaller", "within"}


def column_comparisons(t: Table, ws: list[str], alias: str, skip: set[int]) -> tuple[list, list[str], set[int]]:
    """One column compared with another of the same row ("replied after the SLA deadline", "stock below its reorder
    point"): the column named just before the comparing word (or, when none is, the one the other's comment names:
    "Reorder point: suggested when on hand falls below it") and the one named just after it, both times or both
    numbers. (conditions, in words, the word positions read)."""
    conds, said, used = [], [], set()
    for k, w in enumerate(ws):
        if w not in _GREATER | _LESS or k in skip or k + 1 >= len(ws) or ws[max(0, k - 2):k] in (["how", "far"], ["how", "much"]) \
                or (k >= 2 and ws[k - 2] == "many" and ws[k - 1] in ("days", "hours", "minutes", "weeks", "months")):
            continue  # ("how far above the estimate did the price come", "how many days past the due date were they
            # paid": a difference asked, no rows compared)
        if w == "past" and k >= 1 and ws[k - 1] in _STATE_NOW:
            continue  # "invoices that are past their due date": a date passed by now (sql.overdue_filter), no column
            # after another
        j = k + 1 + (ws[k + 1] == "than")
        after = ws[j:j + 4]
        if not after or re.search(r"\d", spelled_numbers(" ".join(after[:2]))):
            continue  # "more than 200 seats": a number, numeric_filters' business
        right = column_word(t, [x for x in after if x not in ("the", "their", "its", "his", "her", "our")][:3])
        if ws[j:j + 2] in (["the", "date"], ["the", "time"], ["the", "day"]):  # "after the date the customer required"
            later = [h for x in ws[j + 2:j + 7] if x not in STOP and x not in ("date", "time", "day")
                     and (h := column_word(t, [x])) and t.columns[h[0]].is_time]
            right = later[0] if later else right
        if right is None:
            continue
        rc = t.columns[right[0]]
        if (d := discount_col(t)) and d[0] == rc.name:
            continue  # "revenue after discounts": what is taken off, not a column compared
        near = _stem_named(t, ws[k - 1:k], rc) if k >= 1 and k - 1 not in skip else None  # "orders shipped later"
        left = None if near else column_word(t, ws[max(0, k - 4):k][::-1], skip={x for x in range(4) if k - 1 - x in skip})
        lname = near or (left[0] if left else _stem_named(t, ws[max(0, k - 4):k], rc))  # "completed" ~ "Completion time"
        if lname is None or lname == rc.name:  # the other column the right one's comment names
            cws = [x for x in words(rc.comment) if x not in STOP]
            hits = [c.name for x in cws if len(x) >= 4 and x not in ("date", "time", "timestamp", "when")
                    for c in t.columns.values() if c.name != rc.name and _same_kind(c, rc)
                    and any(p.startswith(x) for p in name_parts(c.name))]  # "the date the report is due": reported_at
            hits = hits or [h[0] for i in range(len(cws)) if (h := column_word(t, cws[i:i + 3])) and h[0] != rc.name]
            lname = hits[0] if hits else None
        if lname is None or lname == rc.name:
            continue
        lc = t.columns[lname]
        if not _same_kind(lc, rc):
            continue
        op = ">" if w in _GREATER else "<"
        lref, rref = ident(alias, lc.name), ident(alias, rc.name)
        if lc.is_time and rc.is_time and (lc.type == "date") != (rc.type == "date"):  # a day has no time of day:
            lref, rref = (S("{}::date").format(x) if c.type != "date" else x for x, c in ((lref, lc), (rref, rc)))
            # reported at 10:00 on the day it was due is not after its due date
        conds.append(S("{} {} {}").format(lref, S(op), rref))
        said.append(f"{lc.name} {op} {rc.name}")
        used |= {k, *range(j, j + 4), *range(max(0, k - 4), k)}
        break
    if not conds:
        conds, said, used = _late(t, ws, alias, skip)
    return conds, said, used


# A time a row was due by ("required_date", "due_on", "promised_at", "sla_deadline"): "late" is after it
_DUE_PARTS = {"required", "due", "deadline", "promised", "expected", "planned", "scheduled", "sla", "target", "eta",
              "req", "exp", "sched", "plan"}


def _late(t: Table, ws: list[str], alias: str, skip: set[int]) -> tuple[list, list[str], set[int]]:
    """"orders shipped late", "jobs finished behind schedule": the time the verb names (shipped → shipped_date)
    after the row's due time, when the table has exactly one time column of that kind."""
    for k, w in enumerate(ws):
        if k in skip or not (w in ("late", "delayed", "tardy") or ws[k:k + 2] == ["behind", "schedule"]):
            continue
        due = [c for c in t.time_columns() if set(name_parts(c.name)) & _DUE_PARTS]
        if len(due) != 1:
            return [], [], set()
        for i in sorted(range(max(0, k - 3), min(len(ws), k + 3)), key=lambda i: (abs(i - k), i)):  # nearest first
            acts = [c.name for c in t.time_columns() if c is not due[0] and not c.audit and ws[i] not in STOP
                    and _verb_names(ws[i], c)]
            if len(acts) == 1:
                return ([S("{} > {}").format(ident(alias, acts[0]), ident(alias, due[0].name))],
                        [f"{acts[0]} > {due[0].name} (late)"], {k, i})
        return [], [], set()
    return [], [], set()


def _verb_names(w: str, c: Column) -> bool:
    """"shipped" names shipped_date, "delivered" delivery_ts, "paid" paid_on: the word starts like a part of
    the column's name (four letters at least)."""
    return len(w) >= 4 and any(len(p) >= 4 and (w.startswith(p) or p.startswith(w[:max(4, len(w) - 2)]))
                               for p in name_parts(c.name))


def _same_kind(a: Column, b: Column) -> bool:
    return (a.is_time and b.is_time) or (a.is_numeric and b.is_numeric)


def _stem_named(t: Table, ws: list[str], other: Column) -> str | None:
    """The one column of ``other``'s kind whose name or comment's first words share a stem with one of ``ws``."""
    said = {stem(w) for w in ws if w not in STOP and len(w) >= 4}
    hits = {c.name for c in t.columns.values() if c is not other and _same_kind(c, other)
            and said & {stem(x) for x in [*name_parts(c.name), *words(re.split(r"[;.(]", c.comment)[0])] if len(x) >= 4}}
    return hits.pop() if len(hits) == 1 else None


_SIGNED = re.compile(r"\b(positive|negative)\s*(?:=|:|means|for|if)?\s*(?:(?:an?|in|as|being)\s+)?([a-z]{4,})|"
                     r"\b([a-z]{4,})\s*=\s*(positive|negative)\b")


def signed_words(comment: str) -> dict[str, str]:
    """What a numeric column's comment says its sign means: "positive = deposit, negative = withdrawal",
    "(may be negative: overdrawn)" → {"deposit": ">", "withdrawal": "<", "overdrawn": "<"}."""
    out = {}
    for m in _SIGNED.finditer(comment.lower()):
        sign, word = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        out[word] = ">" if sign == "positive" else "<"
    return out


def _said_sign(w: str, word: str) -> bool:
    return singular(w) == singular(word) or (len(w) >= 6 and len(word) >= 6 and w[:6] == word[:6])


def sign_filters(t: Table, ws: list[str], alias: str, skip: set[int]) -> tuple[list, list[str], set[int]]:
    """``col < 0`` / ``col > 0`` for "a negative cash drawer balance", or a word the column's comment gives a sign
    ("withdrawals", "overdrawn"): (conditions, in words, the word positions read)."""
    conds, said, used = [], [], set()
    for i, w in enumerate(ws):
        if i in skip:
            continue
        col, op = None, None
        if w in ("negative", "positive"):
            hit = column_word(t, ws[i + 1:i + 5], numeric=True)
            col, op = (hit[0] if hit else None), ("<" if w == "negative" else ">")
        else:
            for c in t.columns.values():
                op = next((o for word, o in signed_words(c.comment).items() if c.is_numeric and _said_sign(w, word)), None)
                if op:
                    col = c.name
                    break
        if col and col not in {x.split()[0] for x in said}:
            bound = _magnitude(" ".join(ws[i + 1:i + 6]))  # "withdrawals of more than 4000": below −4000
            if bound is not None and op == "<":
                op, limit = ("<" if bound[0] in (">", ">=") else ">"), -bound[1]
            else:
                limit = bound[1] if bound is not None and bound[0] in (">", ">=") else 0
            conds.append(S("{} {} {}").format(ident(alias, col), S(op), L(limit)))
            said.append(f"{col} {op} {limit}")
            used.add(i)
    return conds, said, used


def _magnitude(text: str) -> tuple[str, Decimal | int] | None:
    """("more than", 4000) of "of more than 4000", as (operator, number)."""
    m = _CMP.search(text)
    if not m or _OPS[m.group(1)] == "=":
        return None
    return _OPS[m.group(1)], Decimal(m.group(2)) if "." in m.group(2) else int(m.group(2))


_SPAN_CMP = re.compile(r"\b(longer than|shorter than|more than|less than|over|under|at least|at most)\s+"
                       r"(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|ten|twelve)\s+(seconds?|minutes?|hours?|days?)\b")
_UNIT_S = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_WORD_N = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10, "twelve": 12}


def duration_filters(t: Table, q: str, alias: str) -> tuple[list, list[str]]:
    """"films that run longer than two hours" on a column its comment or name says is in minutes: length > 120."""
    m = _SPAN_CMP.search(q)
    if not m:
        return [], []
    held = []
    for c in t.columns.values():
        said = re.search(r"\b(seconds?|minutes?|mins|hours?|days?)\b|_(sec|secs|s|min|mins|hrs?|h|days?)$",
                         f"{c.comment.lower()} {c.name.lower()}" if c.comment else c.name.lower())
        rate = re.search(r"\bper\s+(?:second|minute|hour|day|week|month)\b|\brate\b", c.comment.lower()) \
            or "rate" in name_parts(c.name)  # "Hire rate per day" (day_rate) is money, no length of time
        if c.is_numeric and said and not rate:
            unit = (said.group(1) or said.group(2)).rstrip("s") or "s"
            unit = {"sec": "second", "min": "minute", "mins": "minute", "hr": "hour", "h": "hour", "": "second"}.get(unit, unit)
            if unit in _UNIT_S:
                held.append((c.name, unit))
    if len(held) > 1:  # "films that run ...": the one whose name or comment the question's words start
        qws = [w for w in words(q) if len(w) >= 3 and w not in STOP]
        held = [(n, u) for n, u in held if any(x.startswith(w) for w in qws
                                                for x in words(f"{n.replace('_', ' ')} {t.columns[n].comment}"))]
    if len(held) != 1:
        return [], []
    col, unit = held[0]
    n = Decimal(m.group(2)) if m.group(2)[0].isdigit() else Decimal(_WORD_N[m.group(2)])
    value = n * _UNIT_S[m.group(3).rstrip("s")] / _UNIT_S[unit]
    value = int(value) if value == value.to_integral_value() else value
    op = {"longer than": ">", "more than": ">", "over": ">", "at least": ">=", "shorter than": "<", "less than": "<",
          "under": "<", "at most": "<="}[m.group(1)]
    return [S("{} {} {}").format(ident(alias, col), S(op), L(value))], [f"{col} {op} {value} ({m.group(0)})"]


FIRST_NAMES = {"first_name", "firstname", "first_nm", "fname", "given_name", "givenname", "forename", "first"}
LAST_NAMES = {"last_name", "lastname", "last_nm", "lname", "surname", "family_name", "familyname", "last"}


def full_name(t: Table, alias: str) -> psql.Composable | None:
    """A person's whole name from a table's first- and last-name columns (concat_ws: a missing part is left out), or
    None when it has no such pair."""
    text = [c for c, col in t.columns.items() if col.is_text]  # "first"/"last" timestamps name nobody
    first = next((c for c in text if bare(c) in FIRST_NAMES or c.lower() in FIRST_NAMES), None)
    last = next((c for c in text if bare(c) in LAST_NAMES or c.lower() in LAST_NAMES), None)
    if first is None or last is None:
        return None
    return S("concat_ws(' ', {}, {})").format(ident(alias, first), ident(alias, last))


PAST_DUE = re.compile(r"\b(overdue|past (?:their|its|the) (?:\w+ )?(?:due date|deadline|due|(?:expiry|expiration|use-by|"
                      r"best-before) date)|(?:after|beyond) (?:their|its|the) (?:due date|deadline)|(?:has|have|had) already expired|"
                      r"(?:has|have|had) expired already|already expired)\b")  # "a gas certificate that has already expired"
_EXPIRY = {"expiry", "expiration", "expires", "expire", "exp", "useby", "use", "best", "before"}


def overdue_filter(r, cat: Catalog, fact: Table, f: Filters) -> None:
    """"invoices that are overdue", "past their due date", "batches past their expiry date": the one due/deadline (or
    expiry) date before today (the data's today on a copy that stops in the past)."""
    m = PAST_DUE.search(r.q)
    named = {i for x in r.mentions for i in range(x.start, x.end)}  # ("overdue" naming a view of open invoices)
    if (r.window is not None and r.window.phrase != "today") or not m or len(words(r.q[:m.start()])) in r.used - named:
        return  # ("past their expiry date as of today": today is when, no window; "went out after their due date":
        # two columns compared already)
    parts = _EXPIRY if re.search(r"expir|use-by|best-before", m.group(0)) else {"due", "deadline"}
    due = [c for c in fact.time_columns() if parts & set(name_parts(c.name)) and not {"at", "ts"} & set(name_parts(c.name))]
    if len(due) > 1:  # "the gas safety certificate that has already expired": gas_cert_exp, not rtr_expiry
        before = words(r.q[:m.start()])
        due = [c for c in due if any(p == singular(w) or abbreviates(p, w)
                                     for p in set(name_parts(c.name)) - parts for w in before)] or due
    if len(due) != 1:
        return
    w = anchored(Window("before today", None, S("current_date")), cat)
    f.add(S("{} < {}").format(ident(f.alias, due[0].name), w.high), f"{due[0].name} before today")
    paid = [c for c in fact.time_columns() if c.nullable and {"paid", "settled", "pd"} & set(name_parts(c.name))]
    if parts == {"due", "deadline"} and len(paid) == 1 and not re.search(r"\bpaid\b|\bpayment", r.q) \
            and not any(paid[0].name in x for x in f.said):
        f.add(S("{} IS NULL").format(ident(f.alias, paid[0].name)), f"{paid[0].name} is NULL (not paid yet)")
        # "overdue invoices": past their due date and still unpaid, not every invoice whose due date has passed

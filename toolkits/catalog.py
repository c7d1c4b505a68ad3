"""The schema model every toolkit's catalog reader fills and the planner reads: tables, columns,
keys and the values a text column is known to hold. No SQL here (each toolkit reads its own catalogs)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

_TIME_TYPES = ("timestamp", "date")
_AUDIT_PARTS = {"created", "updated", "modified", "inserted", "changed", "deleted", "synced", "loaded", "upd", "crt",
                "mod", "ins", "chg", "etl", "lastmod", "update", "modification"}
_AUDIT_SAID = re.compile(r"\blast (update|modifi|change)|\brow (was )?(written|inserted|updated)|\baudit\b", re.I)
_NUM_TYPES = ("int", "numeric", "real", "double", "decimal", "money", "float")
_NUM_NAMES = {"bigint", "smallint", "integer", "int2", "int4", "int8", "float4", "float8", "double precision"}


def name_words(name: str) -> set[str]:
    """A column name's words, lower-case: split on underscores, other punctuation and camelCase ("ModifiedDate":
    modified, date)."""
    return {p.lower() for p in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", name)}


@dataclass
class Column:
    name: str
    type: str
    values: list[str] = field(default_factory=list)  # most common values (text columns; an enum's labels)
    comment: str = ""  # COMMENT ON COLUMN: often the only place an abbreviation is explained
    enum: bool = False  # an enum type: its labels are its values
    nullable: bool = True  # NULL allowed: for a date column, often "not happened (yet)"
    key_of: str = ""  # a jsonb key read as a column: the jsonb column it sits in (the name is the key)
    samples: list[str] = field(default_factory=list)  # a few values of a text column with too many to list (codes)
    key_in: str = ""  # a jsonb key one level down: the key of the object it sits in (details -> 'waste' ->> ...)

    @property
    def shown(self) -> str:
        """How a statement's summary names it: ``details->waste->>hazardous`` for a jsonb key."""
        if not self.key_of:
            return self.name
        return f"{self.key_of}->{self.key_in}->>{self.name}" if self.key_in else f"{self.key_of}->>{self.name}"

    @property
    def is_time(self) -> bool:
        return self.type.startswith(_TIME_TYPES)

    @property
    def audit(self) -> bool:
        """A bookkeeping time (when the row was written or last touched), not an event the row records."""
        return self.is_time and bool(name_words(self.name) & _AUDIT_PARTS or _AUDIT_SAID.search(self.comment))

    @property
    def is_numeric(self) -> bool:
        base = re.sub(r"\(.*", "", self.type)  # "point" holds "int" but is no number; "numeric(12,2)" is one
        return (base in _NUM_NAMES or base.startswith(_NUM_TYPES)) and not self.is_time

    @property
    def is_array(self) -> bool:
        return self.type.endswith("[]")

    @property
    def is_text(self) -> bool:
        return not self.is_array and (self.enum or self.type in ("text", "character varying")
                                      or self.type.startswith(("character", "varchar")))


@dataclass
class Table:
    schema: str
    name: str
    kind: str  # r (table), p (partitioned table), v (view), m (materialized view), f (foreign table)
    columns: dict[str, Column] = field(default_factory=dict)
    fks: list[tuple[str, str, str]] = field(default_factory=list)  # (column, ref table, ref column)
    pk: str | None = None
    oid: int = 0  # the database's id of the relation (0 when unknown)
    partition_of: str | None = None  # a partition: its parent table's name (the planner asks about the parent)
    comment: str = ""  # COMMENT ON TABLE: the names people use for it ("Shipments (deliveries)")
    implied: set[str] = field(default_factory=set)  # fk columns no constraint declares (matched by name and type)
    keys: dict[str, Column] = field(default_factory=dict)  # jsonb keys with few values, as columns (``Column.key_of``)
    rows: int = -1  # the planner's estimate (pg_class.reltuples); -1 when never analysed or unknown

    @property
    def qname(self) -> str:
        return self.name if self.schema == "public" else f"{self.schema}.{self.name}"

    def time_columns(self) -> list[Column]:
        return [c for c in self.columns.values() if c.is_time]

    def label_column(self) -> str | None:
        for want in ("name", "full_name", "display_name", "username"):
            if want in self.columns:
                return want
        named = [c for c in self.columns if c.lower().endswith(("name", "_nm")) and self.columns[c].is_text]
        if named:  # "last_nm", "first_nm": abbreviations of name; the surname names a person
            last = [c for c in named if c.lower().startswith(("last", "sur", "family"))]
            return last[0] if last else named[0]
        titled = [c for c in self.columns if c.lower().endswith("title") and self.columns[c].is_text]
        if titled:  # "prog_title" names a programme better than its code
            return titled[0]
        for want in ("email", "sku", "code", "description", "descr", "label"):  # a lookup's words, not its key
            if want in self.columns and self.columns[want].is_text:
                return want
        text = [c.name for c in self.columns.values() if c.is_text]
        return text[0] if text else None


@dataclass
class Catalog:
    tables: dict[str, Table] = field(default_factory=dict)  # by name; a name in several schemas: public's, else the first
    settings: set[str] = field(default_factory=set)  # server setting names (pg_settings)
    shadowed: list[Table] = field(default_factory=list)  # relations whose name ``tables`` holds for another schema
    clock: tuple[str, str, str] | None = None  # a snapshot's "today": (table, column, newest date); None when live

    def relations(self) -> list[Table]:
        """Every relation read, shadowed ones included (to find ``schema.name`` for any schema)."""
        return [*self.tables.values(), *self.shadowed]

    def inbound(self, table: str) -> list[tuple[Table, str, str]]:
        """Tables with a foreign key to ``table``: (table, fk column, referenced column)."""
        out = []
        for t in self.tables.values():
            for col, ref, refcol in t.fks:
                if ref == table:
                    out.append((t, col, refcol))
        return out

    def infer_links(self) -> None:
        """Foreign keys no constraint declares: a column named like exactly one other table's key, of the same
        type family (``movements.product_id`` → ``products.product_id``, ``shipments.carrier_cd`` →
        ``carriers.carrier_cd``, or ``products.id`` when the key is ``id``). Added to ``fks`` and listed in
        ``implied`` so an answer can say the join is a guess."""
        keyed = [t for t in self.tables.values() if t.kind in "rp" and t.pk and t.pk in t.columns]
        for a in self.tables.values():
            if a.kind not in "rp" or a.partition_of:  # a view's rows are not children; a partition is its parent's
                continue
            have = {c for c, _, _ in a.fks}
            for col in a.columns.values():
                if col.name in have or col.name in (a.pk, "id"):
                    continue
                keyish = col.name.endswith("id")  # "product_id"; or named exactly as a distinctive key ("carrier_cd")
                cands = [b for b in keyed if b is not a and _same_family(col.type, b.columns[b.pk].type)
                         and ((col.name == b.pk and (keyish or (len(b.pk) > 4 and b.pk.lower() not in _GENERIC_KEYS)))
                              or (keyish and b.pk == "id" and col.name in (f"{_one(b.name)}_id", f"{b.name}_id")))]
                if not cands:  # "l_partkey" → part.p_partkey: the same key under each table's column prefix
                    cands = [b for b in keyed if b is not a and _same_family(col.type, b.columns[b.pk].type)
                             and _bare(col.name) != col.name and _bare(col.name) == _bare(b.pk)
                             and _bare(b.pk).endswith(("key", "id", "no", "code"))]
                if len(cands) == 1:
                    a.fks.append((col.name, cands[0].name, cands[0].pk))
                    a.implied.add(col.name)

    def link(self, a: str, b: str) -> tuple[str, str, str, str] | None:
        """A join condition between a and b as (a col, b col, child, parent) if one references the other."""
        for col, ref, refcol in self.tables[a].fks:
            if ref == b:
                return col, refcol, a, b
        for col, ref, refcol in self.tables[b].fks:
            if ref == a:
                return refcol, col, b, a
        return None


def _bare(name: str) -> str:
    """A column name without a short per-table prefix ("l_partkey" → partkey, "ps_suppkey" → suppkey)."""
    m = re.match(r"^[a-z]{1,3}_([a-z][a-z0-9_]{4,})$", name)
    return m.group(1) if m else name


_GENERIC_KEYS = {"code", "name", "key", "uuid", "guid", "number", "label", "slug"}


def _one(name: str) -> str:
    """A table name in the singular, roughly (orders → order, categories → category)."""
    if name.endswith("ies"):
        return name[:-3] + "y"
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _same_family(a: str, b: str) -> bool:
    """Same type, integer widths and character lengths aside (integer ~ bigint, varchar(20) ~ text)."""
    def fam(t: str) -> str:
        t = t.split("(")[0].strip()
        if t in ("integer", "bigint", "smallint"):
            return "int"
        return "text" if t in ("text", "character varying", "character") else t
    return fam(a) == fam(b)


_ABBREV = {"max": "maximum", "min": "minimum", "mem": "memory", "conn": "connection", "num": "number",
           "conns": "connections", "buf": "buffer", "bufs": "buffers", "pct": "percent", "dir": "directory"}
_SETTING_CUE = re.compile(r"\b(maximum|max|minimum|min|limit|limits|allow|allows|allowed|setting|set to|configured|"
                          r"configuration|at most|up to|on (?:our|the|this|my) (?:server|instance|cluster)|"
                          r"server's|instance's)\b")  # "the autovacuum scale factor on our server": its setting


_FILLER = {"work", "size", "level", "mode", "default", "per"}  # parts of a setting's name a question may leave unsaid


def setting_named(question: str, settings: Iterable[str]) -> str | None:
    """The server setting a question names in words ("the maximum number of connections the server allows" →
    max_connections): every part of its name, abbreviations spelled out, and a word that asks for a limit."""
    q = question.lower()
    cue = bool(_SETTING_CUE.search(q))
    found = re.findall(r"[a-z0-9]+", q)
    ws = set(found) | {w.rstrip("s") for w in found}
    run = " " + " ".join(found) + " "
    hits, loose = [], []
    for name in settings:
        parts = [p for p in name.lower().split("_") if p]
        if len(parts) < 2:  # "what time zone is the database set to?": TimeZone, its words run together
            if cue and len(name) >= 6 and any(a + b == name.lower() for a, b in zip(found, found[1:])):
                hits.append(name)
            continue
        if not cue and (len(parts) < 3 or f" {' '.join(parts)} " not in run):
            continue  # with no cue, only a long name said word for word ("the default transaction isolation level")
        said = [p in ws or p.rstrip("s") in ws or _ABBREV.get(p, "-") in ws or _ABBREV.get(p, "-").rstrip("s") in ws
                for p in parts]
        if all(said):
            hits.append(name)
        elif cue and sum(said) >= 2 and all(s or p in _FILLER for p, s in zip(parts, said)):
            loose.append(name)  # "memory maintenance jobs are allowed": maintenance_work_mem, its "work" unsaid
    return min(hits, key=len) if hits else (loose[0] if len(loose) == 1 else None)

"""The schema model every toolkit's catalog reader fills and the planner reads: tables, columns,
keys and the values a text column is known to hold. No SQL here (each toolkit reads its own catalogs)."""
from __future__ import annotations

from dataclasses import dataclass, field

_TIME_TYPES = ("timestamp", "date")
_NUM_TYPES = ("int", "numeric", "real", "double", "decimal", "money", "float")


@dataclass
class Column:
    name: str
    type: str
    values: list[str] = field(default_factory=list)  # most common values (text columns; an enum's labels)
    comment: str = ""  # COMMENT ON COLUMN: often the only place an abbreviation is explained
    enum: bool = False  # an enum type: its labels are its values
    nullable: bool = True  # NULL allowed: for a date column, often "not happened (yet)"

    @property
    def is_time(self) -> bool:
        return self.type.startswith(_TIME_TYPES)

    @property
    def is_numeric(self) -> bool:
        return any(t in self.type for t in _NUM_TYPES) and not self.is_time

    @property
    def is_text(self) -> bool:
        return self.enum or self.type in ("text", "character varying") or self.type.startswith(("character", "varchar"))


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

    @property
    def qname(self) -> str:
        return self.name if self.schema == "public" else f"{self.schema}.{self.name}"

    def time_columns(self) -> list[Column]:
        return [c for c in self.columns.values() if c.is_time]

    def label_column(self) -> str | None:
        for want in ("name", "full_name", "display_name", "username"):
            if want in self.columns:
                return want
        named = [c for c in self.columns if c.endswith("name") and self.columns[c].is_text]
        if named:
            return "last_name" if "last_name" in named else named[0]
        for want in ("title", "email", "sku", "code"):
            if want in self.columns:
                return want
        text = [c.name for c in self.columns.values() if c.is_text]
        return text[0] if text else None


@dataclass
class Catalog:
    tables: dict[str, Table] = field(default_factory=dict)  # by name; a name in several schemas: public's, else the first
    settings: set[str] = field(default_factory=set)  # server setting names (pg_settings)
    shadowed: list[Table] = field(default_factory=list)  # relations whose name ``tables`` holds for another schema

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

    def link(self, a: str, b: str) -> tuple[str, str, str, str] | None:
        """A join condition between a and b as (a col, b col, child, parent) if one references the other."""
        for col, ref, refcol in self.tables[a].fks:
            if ref == b:
                return col, refcol, a, b
        for col, ref, refcol in self.tables[b].fks:
            if ref == a:
                return refcol, col, b, a
        return None

"""The PostgreSQL catalog reader: tables, columns, keys, common values and CHECK-listed values from the
system catalogs, into ``toolkits.catalog.Catalog``; cached per database for ``catalog_ttl_s``.
The one place the planner's view of a live schema comes from (read-only, in a tool session)."""
from __future__ import annotations

import datetime as dt
import json
import re
import threading
import time

from psycopg import sql as psql

from toolkits.catalog import Catalog, Column, Table, name_words
from toolkits.postgres.connection import readonly_session

_CACHE: dict[str, tuple[float, Catalog]] = {}
_LOCK = threading.Lock()

CATALOG_SQL = {
    "tables": """
        SELECT c.oid, n.nspname, c.relname, c.relkind, coalesce(obj_description(c.oid, 'pg_class'), ''),
               CASE WHEN c.relispartition THEN (SELECT p.relname FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent
                                                WHERE i.inhrelid = c.oid LIMIT 1) END,
               c.reltuples::bigint
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
          AND n.nspname NOT LIKE 'pg_temp%'
        ORDER BY n.nspname, c.relname""",
    "columns": """
        -- a column of a domain ("Name" over varchar(50), "Flag" over boolean) is read as the domain's base type
        SELECT n.nspname, c.relname, a.attname,
               format_type(coalesce(nullif(t.typbasetype, 0), a.atttypid),
                           CASE WHEN t.typbasetype <> 0 THEN t.typtypmod ELSE a.atttypmod END),
               -- no comment of its own: its type's ("ACT = active, BLK = blocked" on an enum or a domain)
               coalesce(nullif(col_description(c.oid, a.attnum), ''),
                        CASE WHEN t.typtype IN ('e', 'd') THEN obj_description(a.atttypid, 'pg_type') END, ''),
               (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e
                WHERE e.enumtypid = coalesce(nullif(t.typbasetype, 0), a.atttypid)),
               NOT (a.attnotnull OR coalesce(t.typnotnull, false))
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_type t ON t.oid = a.atttypid
        WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
          AND n.nspname NOT LIKE 'pg_temp%'
        ORDER BY n.nspname, c.relname, a.attnum""",
    "keys": """
        SELECT n.nspname, c.relname, con.contype, a.attname, rc.relname, ra.attname
        FROM pg_constraint con
        JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[1]
        LEFT JOIN pg_class rc ON rc.oid = con.confrelid
        LEFT JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = con.confkey[1]
        WHERE con.contype IN ('p', 'f') AND array_length(con.conkey, 1) = 1
          AND (con.contype = 'p' OR con.conparentid = 0)  -- not the copies of a foreign key on each partition
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')""",
    "values": """
        SELECT schemaname, tablename, attname, array_to_json(most_common_vals::text::text[])
        FROM pg_stats
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND most_common_vals IS NOT NULL""",
    "elements": """
        SELECT schemaname, tablename, attname, array_to_json(most_common_elems::text::text[])
        FROM pg_stats
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND most_common_elems IS NOT NULL""",
    "latest": """
        -- the newest value ANALYZE saw in each date/time column (its histogram's upper bound, or a common value)
        SELECT s.schemaname, s.tablename, s.attname, array_to_json(s.histogram_bounds::text::text[]),
               array_to_json(s.most_common_vals::text::text[])
        FROM pg_stats s
        JOIN pg_namespace n ON n.nspname = s.schemaname
        JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = s.attname
        WHERE s.schemaname NOT IN ('pg_catalog', 'information_schema')
          AND a.atttypid IN ('date'::regtype, 'timestamp'::regtype, 'timestamptz'::regtype)""",
    "checks": """
        SELECT n.nspname, c.relname, pg_get_constraintdef(con.oid)
        FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE con.contype = 'c' AND n.nspname NOT IN ('pg_catalog', 'information_schema')""",
}


_FREE_TEXT = {"email", "description", "descr", "body", "notes", "note", "comment", "comments", "remark", "remarks"}


def _free_text(name: str) -> bool:
    """A column of free text ("notes", "r_comment", "ship_address"): its words are no values a question names."""
    return bool(set(re.split(r"[_\W]+", name.lower())) & _FREE_TEXT)


def _readable(cur) -> list[tuple]:
    """The tables and partitioned tables this role may read, without row security: (oid, schema, name, kind, row
    estimate, is a partition). The value readers below read only these (a table it may not read is no error)."""
    cur.execute("""SELECT c.oid, n.nspname, c.relname, c.relkind, c.reltuples, c.relispartition
                   FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE c.relkind IN ('r', 'p') AND NOT c.relrowsecurity AND has_table_privilege(c.oid, 'SELECT')
                     AND n.nspname NOT IN ('pg_catalog', 'information_schema')""")
    return cur.fetchall()


def _small_table_values(cur, cat: Catalog, readable: list[tuple], max_rows: int = 5000) -> None:
    """Tables too small for pg_stats to list all their values (all distinct, or only the few more common than the
    rest: 3 of 12 car makes): read their text values, the common ones first."""
    for schema, table in [(s, n) for _, s, n, _, rows, part in readable if 0 <= rows <= max_rows and not part]:
        t = cat.tables.get(table)
        if not t or t.schema != schema:
            continue
        for c in t.columns.values():
            if c.is_text and not c.enum and not _free_text(c.name):
                cur.execute(psql.SQL("SELECT DISTINCT {} FROM {}.{} WHERE length({}::text) <= 80 LIMIT 201").format(
                    psql.Identifier(c.name), psql.Identifier(schema), psql.Identifier(table), psql.Identifier(c.name)))
                vals = [r[0] for r in cur.fetchall() if r[0] is not None]
                if len(vals) <= 200:
                    c.values = list(dict.fromkeys([*c.values, *(str(v).strip() for v in vals)]))


def _sampled_values(cur, cat: Catalog, readable: list[tuple], min_rows: int = 5000, budget_s: float = 3.0,
                    sample_rows: int = 3000) -> None:
    """Big tables' text columns pg_stats lists no (or one) common value for: the distinct values of a page
    sample (TABLESAMPLE SYSTEM), kept when there are few ("dormant" in a column that is mostly blank)."""
    started = time.monotonic()
    for schema, table, rows in [(s, n, rows) for _, s, n, kind, rows, part in readable
                                if kind == "r" and rows > min_rows and not part]:
        t = cat.tables.get(table)
        if not t or t.schema != schema:
            continue
        pct = min(100.0, max(0.01, 100.0 * sample_rows / rows))
        for c in t.columns.values():
            if not c.is_text or c.enum or len(c.values) > 1 or _free_text(c.name):
                continue
            if time.monotonic() - started > budget_s:
                return
            cur.execute(psql.SQL("SELECT DISTINCT btrim({c}::text) FROM {s}.{t} TABLESAMPLE SYSTEM ({p}) "
                                 "WHERE {c} IS NOT NULL AND length({c}::text) <= 40 LIMIT 101").format(
                c=psql.Identifier(c.name), s=psql.Identifier(schema), t=psql.Identifier(table), p=psql.Literal(pct)))
            vals = [str(r[0]) for r in cur.fetchall() if r[0]]
            if 1 < len(vals) <= 100 or (len(vals) == 1 and not c.values):
                c.values = list(dict.fromkeys([*c.values, *vals]))


def _samples(cur, cat: Catalog, readable: list[tuple], budget_s: float = 1.0) -> None:
    """A few values of each text column with none listed (keys and codes such as acct_no 'KST04108064'): how a
    code the question writes is spelt in the data (the planner matches "account KST04126705" to acct_no)."""
    started = time.monotonic()
    oids = {r[0] for r in readable}
    for t in cat.tables.values():
        cols = [c for c in t.columns.values() if c.is_text and not c.values and not c.enum and not _free_text(c.name)]
        if t.kind not in "rp" or t.partition_of or not cols or t.oid not in oids:
            continue
        if time.monotonic() - started > budget_s:
            return
        cur.execute(psql.SQL("SELECT {} FROM {}.{} LIMIT 8").format(
            psql.SQL(", ").join(psql.SQL("left({}::text, 40)").format(psql.Identifier(c.name)) for c in cols),
            psql.Identifier(t.schema), psql.Identifier(t.name)))
        rows = cur.fetchall()
        for k, c in enumerate(cols):
            c.samples = [r[k] for r in rows if r[k]]


def _json_keys(cur, cat: Catalog, sample_rows: int = 2000, budget_s: float = 2.0) -> None:
    """jsonb columns' scalar keys (``meta->>'payer'``: medicare, medicaid, ...), from a sample of rows: filters for
    "encounters paid by Medicaid" the planner reads like a column's values (a key with many values, an e-mail, is
    kept with samples only: "no e-mail in the contact details" is its IS NULL); a key holding lists of strings
    ("allergies": ["shellfish"]) is kept as a text array of those elements; a key one object down
    (``details -> 'waste' ->> 'hazardous'``) is read too, when its name says one place."""
    started = time.monotonic()
    for t in list(cat.tables.values()):
        if t.kind not in "rpm" or t.partition_of:
            continue
        for c in [c for c in t.columns.values() if c.type == "jsonb"]:
            if time.monotonic() - started > budget_s:
                return
            # one pass over the sample: a scalar's text, or each string element of a list, of a key at the top or
            # one level down ({"waste": {"hazardous": true}}: the key hazardous in waste)
            cur.execute(psql.SQL("SELECT p.parent, p.key, jsonb_typeof(p.value) = 'array', coalesce(e.value, p.value) "
                                 "#>> '{{}}' FROM (SELECT {c} FROM {s}.{t} WHERE jsonb_typeof({c}) = 'object' LIMIT {n}) x "
                                 "CROSS JOIN LATERAL (SELECT ''::text AS parent, j.key, j.value FROM jsonb_each(x.{c}) j "
                                 "UNION ALL SELECT j.key, k.key, k.value FROM jsonb_each(x.{c}) j, jsonb_each(CASE WHEN "
                                 "jsonb_typeof(j.value) = 'object' THEN j.value END) k) p "
                                 "LEFT JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.value) = 'array' "
                                 "THEN p.value END) e ON jsonb_typeof(e.value) = 'string' "
                                 "WHERE jsonb_typeof(p.value) IN ('string', 'number', 'boolean') OR e.value IS NOT NULL"
                                 ).format(c=psql.Identifier(c.name), s=psql.Identifier(t.schema),
                                          t=psql.Identifier(t.name), n=psql.Literal(sample_rows)))
            seen: dict[tuple[str, str], set[str]] = {}
            listed: dict[tuple[str, str], set[str]] = {}  # "allergies": ["shellfish", "nuts"]: the elements
            for parent, key, in_list, val in cur.fetchall():
                if val is not None and len(val) <= 40:
                    (listed if in_list else seen).setdefault((parent, key), set()).add(val)
            listed = {k: v for k, v in listed.items() if k not in seen}
            parents: dict[str, set[str]] = {}  # a key's name may sit in several objects: only one place is named by it
            for parent, key in [*seen, *listed]:
                parents.setdefault(key, set()).add(parent)
            for (parent, key), vals in listed.items():
                if key not in t.columns and len(vals) <= 50 and parents[key] == {parent}:
                    t.keys[key] = Column(key, "text[]", sorted(vals), f"key {key} of {c.name} (a list)", key_of=c.name,
                                         key_in=parent)
            for (parent, key), vals in seen.items():
                if not (parents[key] == {parent} or parent == ""):
                    continue  # a top-level key keeps its name when an object below holds one of the same name
                slot = key if key not in t.columns else f"{parent}_{key}" if parent else ""
                if not slot or slot in t.columns:
                    continue  # (contact -> email beside an email column: kept as contact_email, its name still email)
                # too many values to list (an e-mail): the key is still known, by samples
                said = re.search(rf"\b{re.escape(key)}\s*\(([^)]{{3,120}})\)", c.comment)  # "po_required (...)"
                t.keys[slot] = Column(key, "text", sorted(vals) if len(vals) <= 50 else [], f"key {key} of {c.name}"
                                     + (f" -> {parent}" if parent else "") + (f": {said.group(1)}" if said else ""),
                                     key_of=c.name, key_in=parent, samples=[] if len(vals) <= 50 else sorted(vals)[:8])


_SAME_AS = re.compile(r"\bsame (?:codes?|values?|code list|list of codes) as\s+((?:\w+\.){1,2}\w+)", re.I)


def borrow_meanings(by_qname: dict) -> None:
    """A column whose comment says "same codes as eng.routing_step.wc_cd" gets that column's comment after its own:
    the codes' meanings are written once, on the other table."""
    by_name: dict[str, list] = {}
    for (schema, name), t in by_qname.items():
        by_name.setdefault(name, []).append(t)
    for t in by_qname.values():
        for c in t.columns.values():
            m = _SAME_AS.search(c.comment or "")
            if not m:
                continue
            *where, col = m.group(1).split(".")
            ref = by_qname.get(tuple(where)) if len(where) == 2 else next(iter(by_name.get(where[0], [])), None)
            other = ref.columns.get(col) if ref is not None else None
            if other is not None and other is not c and other.comment and not _SAME_AS.search(other.comment):
                c.comment = f"{c.comment.rstrip()} {other.comment}"


def load_catalog(cur) -> Catalog:
    """Read tables, columns, keys and common values from the system catalogs (read-only).
    ``cur`` is a psycopg cursor (or a connection, whose cursor is used)."""
    cat = Catalog()
    if hasattr(cur, "cursor"):
        cur = cur.cursor()
    cur.execute(CATALOG_SQL["tables"])
    for oid, schema, name, kind, comment, parent, rows in cur.fetchall():
        t, held = Table(schema, name, kind, oid=oid, partition_of=parent, comment=comment, rows=rows), cat.tables.get(name)
        if held is None or (schema == "public" and held.schema != "public"):
            cat.tables[name] = t
            if held is not None:
                cat.shadowed.append(held)
        else:
            cat.shadowed.append(t)
    by_qname = {(t.schema, t.name): t for t in cat.relations()}
    cur.execute(CATALOG_SQL["columns"])
    for schema, table, col, typ, comment, labels, nullable in cur.fetchall():
        t = by_qname.get((schema, table))  # shadowed relations get their columns too (schema.name lookups)
        if t is not None:
            t.columns[col] = Column(col, typ, list(labels or []), comment, labels is not None, nullable)
    borrow_meanings(by_qname)
    cur.execute(CATALOG_SQL["keys"])
    for schema, table, kind, col, ref, refcol in cur.fetchall():
        t = cat.tables.get(table)
        if not t or t.schema != schema:
            continue
        if kind == "p":
            t.pk = col
        elif ref in cat.tables and not cat.tables[ref].partition_of:
            t.fks.append((col, ref, refcol))
    cur.execute("SELECT name FROM pg_settings")
    cat.settings = {r[0] for r in cur.fetchall()}
    cur.execute(CATALOG_SQL["values"])
    for schema, table, col, vals in cur.fetchall():
        t = cat.tables.get(table)
        if t and t.schema == schema and col in t.columns and t.columns[col].is_text and not t.columns[col].enum \
                and not _free_text(col):
            vals = vals if isinstance(vals, list) else json.loads(vals)  # a note's words are no values
            t.columns[col].values = [str(v).strip() for v in vals if v is not None and len(str(v)) <= 40][:100]
    cur.execute(CATALOG_SQL["elements"])
    for schema, table, col, vals in cur.fetchall():  # text arrays ("special_features"): their common elements
        t = cat.tables.get(table)
        if t and t.schema == schema and col in t.columns and t.columns[col].type in ("text[]", "character varying[]"):
            vals = vals if isinstance(vals, list) else json.loads(vals)
            t.columns[col].values = [str(v) for v in vals if v is not None and len(str(v)) <= 40][:100]
    readable = _readable(cur)
    _small_table_values(cur, cat, readable)
    _sampled_values(cur, cat, readable)
    _json_keys(cur, cat)
    _samples(cur, cat, readable)
    cur.execute(CATALOG_SQL["checks"])
    for schema, table, definition in cur.fetchall():  # CHECK (status IN ('a', 'b')) lists every value
        t = cat.tables.get(table)
        m = re.match(r"CHECK \(\(?\(?(\w+)\)?(?:::text)?\s*=\s*ANY\s*\(+ARRAY\[(.*)\]", definition)
        if t and t.schema == schema and m and m.group(1) in t.columns and t.columns[m.group(1)].is_text:
            vals = re.findall(r"'((?:[^']|'')*)'", m.group(2))
            known = t.columns[m.group(1)].values
            known += [v.replace("''", "'") for v in vals if v.replace("''", "'") not in known]
    cur.execute(CATALOG_SQL["latest"])
    cat.clock = data_clock(cur.fetchall(), cat)
    cat.infer_links()
    return cat


# A date column that holds what is still to come, not what has happened (due, expiry, validity ends, schedules)
_AHEAD = {"due", "exp", "expiry", "expires", "expiration", "valid", "until", "thru", "to", "end", "ends", "ending", "sched",
          "scheduled", "plan", "planned", "next", "deadline", "renew", "renewal", "start", "starts", "effective",
          "retire", "retired", "birth", "dob", "required", "promised", "eta", "target", "expected", "std", "sta"}


def data_clock(rows, cat: Catalog, now: dt.date | None = None) -> tuple[str, str, str] | None:
    """Where the data's own "today" is read when the database is a snapshot: (table, column, its newest date) of the
    newest date/time any event column holds (pg_stats, no scan), when that is more than 60 days ago — a copy of data
    that stopped then, where "this year" means the data's year. None for a live database (something is recent).
    A materialized view is no event history: its rows restate its tables', and a date it adds is when it was
    refreshed (a snapshot's view refreshed on loading would make the copy look live). A partition's dates are read
    on its parent (the planner never names a partition, so a clock read on one would count from the real today)."""
    today = now or dt.date.today()
    newest: list[tuple[dt.date, str, str]] = []  # each event column's newest date
    for schema, table, col, bounds, common in rows:
        t = cat.tables.get(table)
        if (t is None or t.schema != schema or t.kind not in "rp" or t.partition_of or col not in t.columns
                or name_words(col) & _AHEAD):
            continue  # a partition's dates are its parent's too: the parent is the table a question names
        seen = []
        for v in [*(bounds if isinstance(bounds, list) else json.loads(bounds or "[]")),
                  *(common if isinstance(common, list) else json.loads(common or "[]"))]:
            try:
                seen.append(dt.date.fromisoformat(str(v)[:10]))
            except ValueError:
                continue
        seen = [d for d in seen if d <= today]
        if seen:
            newest.append((max(seen), t.name, col))
    newest.sort(reverse=True)
    if not newest or newest[0][0] >= today - dt.timedelta(days=60):
        return None
    # a copy: its today is the newest date a quarter of the event columns (two at least) agree on within 3 days, so
    # columns of dates still to come that no name gives away ("move_by": when an applicant wants to move; a viewing
    # booked for next month) do not move the clock ahead
    need = max(2, -(-len(newest) // 4))
    best = next((x for x in newest if sum(1 for y in newest if x[0] - dt.timedelta(days=3) <= y[0] <= x[0]) >= need),
                newest[0]) if len(newest) >= 3 else newest[0]
    return best[1], best[2], best[0].isoformat()


def read_catalog(ctx, fresh: bool = False) -> Catalog:
    """The live catalog of ``ctx``'s database, cached for ``ctx.catalog_ttl_s`` seconds; ``fresh`` reads it
    again now (a table created a moment ago). It reads on a connection of its own, so a tool may call it
    inside its session."""
    with _LOCK:
        hit = _CACHE.get(ctx.dsn)
        if hit and not fresh and time.monotonic() - hit[0] < ctx.catalog_ttl_s:
            return hit[1]
    with readonly_session(ctx, "catalog") as s:
        cat = load_catalog(s.cur)
    with _LOCK:
        _CACHE[ctx.dsn] = (time.monotonic(), cat)
    return cat

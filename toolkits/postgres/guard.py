"""The read-only check for model- or user-written SQL, on PostgreSQL's own scanner and parser (pglast).

``check(sql)`` returns a ``Checked`` statement or raises ``Refused`` with a reason and a suggestion:

1. the text is scanned by the server's scanner; comments are dropped and the statement is rebuilt from
   its tokens (``Checked.text``): that rebuilt text is what was parsed, checked and what runs;
2. exactly one statement: SELECT / VALUES / WITH ... SELECT / TABLE, or EXPLAIN of one, with no ANALYZE
   in any spelling (options come from the parse tree, so ``U&"\\0061nalyze"`` is ``analyze``);
3. no data-modifying statement anywhere in the tree, no SELECT INTO, no FOR UPDATE/SHARE;
4. every called function and operator is collected by its decoded name; a static deny-list of known
   side-effect families gives an early, clear refusal; the server-side allow-list (``allowlist.py``)
   resolves each name in ``pg_proc`` before the statement runs.

The READ ONLY transaction, the extended query protocol (one statement by construction) and the
allow-list resolved on the server are the other layers (``connection.py``); no single one is trusted.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from pglast import parser
from pglast.parser import ParseError

MAX_SQL_CHARS = 65536
MAX_DEPTH = 64  # nested parentheses
MAX_SLEEP_S = 1.0
EXAMPLE = "SELECT status, count(*) FROM orders GROUP BY status"

# Functions that act on the server, the file system, other sessions or sequences, or run SQL text.
# An early refusal with a clear name; the allow-list on the server is the rule (see allowlist.py).
DENY_FUNCTIONS: frozenset[str] = frozenset(
    {
        "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile",
        "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "pg_ls_logdir",
        "pg_ls_waldir", "pg_ls_tmpdir", "pg_ls_archive_statusdir", "pg_ls_logicalmapdir",
        "pg_ls_logicalsnapdir", "pg_ls_replslotdir", "pg_file_write", "pg_file_rename",
        "pg_file_unlink", "pg_logdir_ls", "set_config", "nextval", "setval", "txid_current",
        "pg_current_xact_id", "pg_switch_wal", "pg_promote", "pg_backup_start", "pg_backup_stop",
        "pg_start_backup", "pg_stop_backup", "pg_create_restore_point", "pg_wal_replay_pause",
        "pg_wal_replay_resume", "pg_notify", "pg_log_backend_memory_contexts",
        "pg_import_system_collations", "pg_drop_replication_slot", "pg_copy_physical_replication_slot",
        "pg_copy_logical_replication_slot", "pg_logical_emit_message", "pg_replication_slot_advance",
        "pg_logical_slot_get_changes", "pg_logical_slot_get_binary_changes", "pg_sleep_for",
        "pg_sleep_until", "pg_export_snapshot", "pg_stat_clear_snapshot", "pg_stat_statements_reset",
        "pg_visibility_map_summary", "pg_truncate_visibility_map", "hypopg_reset",
        "hypopg_create_index", "hypopg_drop_index", "hypopg_hide_index", "hypopg_unhide_index",
        # functions that run SQL text given as an argument
        "query_to_xml", "query_to_xml_and_xmlschema", "query_to_xmlschema", "cursor_to_xml",
        "cursor_to_xmlschema", "table_to_xml", "table_to_xmlschema", "table_to_xml_and_xmlschema",
        "schema_to_xml", "schema_to_xmlschema", "schema_to_xml_and_xmlschema", "database_to_xml",
        "database_to_xmlschema", "database_to_xml_and_xmlschema", "ts_stat", "ts_rewrite",
    }
)
DENY_PREFIXES: tuple[str, ...] = (
    "dblink", "lo_", "pg_advisory", "pg_try_advisory", "pg_create_", "pg_stat_reset",
    "pg_replication_origin", "pg_file_", "pg_read_", "pg_ls_", "binary_upgrade_",
)
_READ_STATEMENTS = {"SelectStmt"}
_STATEMENT_WORDS = {  # parse-tree node -> what the user wrote, for the refusal
    "InsertStmt": "INSERT", "UpdateStmt": "UPDATE", "DeleteStmt": "DELETE", "MergeStmt": "MERGE",
    "CreateStmt": "CREATE TABLE", "CreateTableAsStmt": "CREATE TABLE AS", "DropStmt": "DROP",
    "AlterTableStmt": "ALTER TABLE", "AlterSystemStmt": "ALTER SYSTEM", "CopyStmt": "COPY",
    "VariableSetStmt": "SET", "VariableShowStmt": "SHOW", "TransactionStmt": "a transaction command",
    "DoStmt": "DO", "CallStmt": "CALL", "LockStmt": "LOCK", "TruncateStmt": "TRUNCATE",
    "VacuumStmt": "VACUUM/ANALYZE", "GrantStmt": "GRANT/REVOKE", "GrantRoleStmt": "GRANT/REVOKE",
    "PrepareStmt": "PREPARE", "ExecuteStmt": "EXECUTE", "DeallocateStmt": "DEALLOCATE",
    "NotifyStmt": "NOTIFY", "ListenStmt": "LISTEN", "UnlistenStmt": "UNLISTEN",
    "RefreshMatViewStmt": "REFRESH MATERIALIZED VIEW", "IndexStmt": "CREATE INDEX",
    "ViewStmt": "CREATE VIEW", "RuleStmt": "CREATE RULE", "CreateTrigStmt": "CREATE TRIGGER",
    "CreateFunctionStmt": "CREATE FUNCTION", "DeclareCursorStmt": "DECLARE", "FetchStmt": "FETCH",
    "ClosePortalStmt": "CLOSE", "CheckPointStmt": "CHECKPOINT", "DiscardStmt": "DISCARD",
    "LoadStmt": "LOAD", "CommentStmt": "COMMENT", "ClusterStmt": "CLUSTER", "ReindexStmt": "REINDEX",
    "CreateRoleStmt": "CREATE ROLE", "AlterRoleStmt": "ALTER ROLE", "CreateExtensionStmt": "CREATE EXTENSION",
    "ExplainStmt": "EXPLAIN",
}
_NOT_OPERATOR_KINDS = {"AEXPR_BETWEEN", "AEXPR_NOT_BETWEEN", "AEXPR_BETWEEN_SYM", "AEXPR_NOT_BETWEEN_SYM"}
_FALSE = {"false", "off", "0", "no"}


class Refused(ValueError):
    """The statement may not run here; the message says why and what to do instead."""


Name = tuple[str | None, str]  # (schema or None, name), decoded and as the server spells it


@dataclass(frozen=True)
class Checked:
    """One statement that passed the parse-tree checks; ``text`` is exactly what was checked and what runs."""

    text: str
    explain: bool  # EXPLAIN (without ANALYZE) of a query, else a plain query
    functions: frozenset[Name]
    operators: frozenset[Name]
    relations: frozenset[Name]
    types: frozenset[Name]
    explain_analyze: bool = False  # only ever True from ``check(..., allow_analyze=True)`` (the confirm path)
    query_start: int = 0  # where the explained query starts in ``text``

    @property
    def query_text(self) -> str:
        """The statement without its EXPLAIN prefix (the query to plan)."""
        return self.text[self.query_start:]


def rebuild(sql: str) -> str:
    """One statement rebuilt from the server scanner's tokens: comments become a space, a trailing ';' goes.

    Raises Refused for text that is too long, not valid UTF-8, unscannable, several statements or too deep.
    """
    if len(sql) > MAX_SQL_CHARS:
        raise Refused(f"the SQL is {len(sql):,} characters long; the limit is {MAX_SQL_CHARS:,} — send a shorter query")
    try:
        sql.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("the SQL contains characters that are not valid text (lone surrogates); retype it") from None
    if "\x00" in sql:
        raise Refused("the SQL contains a NUL character; retype it")
    try:
        tokens = [t for t in parser.scan(sql) if t.name not in ("C_COMMENT", "SQL_COMMENT")]
    except ParseError as e:
        raise Refused(f"the SQL could not be read ({_first_line(e)}); write one SELECT statement, e.g. {EXAMPLE}") from None
    while tokens and tokens[-1].name == "ASCII_59":
        tokens.pop()
    if not tokens:
        raise Refused(f"empty SQL; write one SELECT statement, e.g. {EXAMPLE}")
    if any(t.name == "ASCII_59" for t in tokens):
        raise Refused("only one statement per call is allowed; send them one at a time")
    depth = deepest = 0
    for t in tokens:
        depth += (t.name == "ASCII_40") - (t.name == "ASCII_41")
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise Refused(f"the SQL nests parentheses {deepest} deep; the limit is {MAX_DEPTH} — simplify the query")
    out = [sql[tokens[0].start:tokens[0].end + 1]]
    for prev, t in zip(tokens, tokens[1:]):
        out.append(" " if t.start > prev.end + 1 else "")
        out.append(sql[t.start:t.end + 1])
    return "".join(out)


def parse_one(text: str) -> dict:
    """The parse tree (pglast JSON) of exactly one statement: {"NodeName": {...}}."""
    try:
        tree = json.loads(parser.parse_sql_json(text))
    except ParseError as e:
        raise Refused(f"the SQL could not be parsed ({_first_line(e)}); write one PostgreSQL SELECT statement, "
                      f"e.g. {EXAMPLE}") from None
    except RecursionError:
        raise Refused("the SQL is nested too deeply to check; simplify the query") from None
    stmts = tree.get("stmts") or []
    if len(stmts) != 1:
        raise Refused("only one statement per call is allowed (found %d); send them one at a time" % len(stmts))
    return stmts[0]["stmt"]


@functools.lru_cache(maxsize=2048)
def check(sql: str, allow_analyze: bool = False) -> Checked:
    """Check one read-only statement; ``Checked`` or ``Refused``. Cached by text."""
    if not isinstance(sql, str) or not sql.strip():
        raise Refused(f"empty SQL; write one SELECT statement, e.g. {EXAMPLE}")
    text = rebuild(sql)
    stmt = parse_one(text)
    (kind, body), = stmt.items()
    explain = analyze = False
    query_start = 0
    if kind == "ExplainStmt":
        analyze = explain_analyzes(body.get("options") or [])
        if analyze and not allow_analyze:
            raise Refused("EXPLAIN ANALYZE executes the query, so it is only offered as a suggestion to confirm; "
                          "use EXPLAIN without ANALYZE here")
        (kind, body), = body["query"].items()
        if kind == "ExplainStmt":
            raise Refused("nested EXPLAIN is not allowed")
        explain = True
        query_start = _query_offset(text)
    if kind not in _READ_STATEMENTS:
        word = _STATEMENT_WORDS.get(kind, kind.removesuffix("Stmt").upper())
        if kind == "CopyStmt" and (body.get("is_program") or body.get("filename")):
            word = "COPY ... PROGRAM" if body.get("is_program") else "COPY ... TO/FROM a file"
        raise Refused(f"only read-only SELECT / WITH / EXPLAIN statements run here, not {word}; "
                      "changes are offered as suggestions the user confirms")
    names = collect_names({kind: body})
    return Checked(text, explain, *names, explain_analyze=analyze, query_start=query_start)


def check_readonly(sql: str) -> tuple[bool, str]:
    """(True, "") when ``sql`` is one read-only statement; else (False, reason with a suggestion)."""
    try:
        check(sql)
    except Refused as e:
        return False, str(e)
    return True, ""


def explain_analyzes(options: list[dict]) -> bool:
    """Does this EXPLAIN option list execute the statement? Any ANALYZE not explicitly false counts."""
    for opt in options:
        d = opt.get("DefElem", {})
        if d.get("defname") != "analyze":
            continue
        arg = d.get("arg")
        value = constant_value(arg) if arg else None
        if value is None or str(value).lower() not in _FALSE:
            return True
    return False


def func_label(name: Name) -> str:
    return f"{name[0]}.{name[1]}" if name[0] else name[1]


# --------------------------------------------------------------------------- tree walk (iterative: no recursion limit)
def collect_names(root: dict) -> tuple[frozenset, frozenset, frozenset, frozenset]:
    functions: set[Name] = set()
    operators: set[Name] = set()
    relations: set[Name] = set()
    types: set[Name] = set()
    stack: list = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, dict):
            continue
        for key, val in node.items():
            if isinstance(val, dict) and key[:1].isupper():
                _visit(key, val, functions, operators, relations, types)
            if isinstance(val, (dict, list)):
                stack.append(val)
    return frozenset(functions), frozenset(operators), frozenset(relations), frozenset(types)


def _visit(kind: str, body: dict, functions, operators, relations, types) -> None:
    if kind.endswith("Stmt") and kind not in _READ_STATEMENTS:
        word = _STATEMENT_WORDS.get(kind, kind.removesuffix("Stmt").upper())
        raise Refused(f"a {word} statement inside the query is not allowed (read-only tools only)")
    if kind == "SelectStmt":
        if body.get("intoClause"):
            raise Refused("SELECT ... INTO creates a table; use a plain SELECT")
        if body.get("lockingClause"):
            raise Refused("SELECT ... FOR UPDATE/SHARE takes row locks; drop the locking clause")
    elif kind == "FuncCall":
        name = _qualified(body.get("funcname") or [])
        _deny(name)
        if name[1] == "pg_sleep":
            _check_sleep(body.get("args") or [])
        functions.add(name)
    elif kind == "A_Expr" and body.get("kind") not in _NOT_OPERATOR_KINDS and body.get("name"):
        operators.add(_qualified(body["name"]))
    elif kind == "SortBy" and body.get("useOp"):
        operators.add(_qualified(body["useOp"]))
    elif kind == "SubLink" and body.get("operName"):
        operators.add(_qualified(body["operName"]))
    elif kind == "RangeVar":
        relations.add((body.get("schemaname"), body.get("relname", "")))
    elif kind == "TypeCast":
        type_name = (body.get("typeName") or {}).get("names") or []
        if type_name:
            types.add(_qualified(type_name))


def _qualified(parts: list) -> Name:
    words = [p.get("String", {}).get("sval", "") for p in parts]
    if len(words) == 1:
        return None, words[0]
    return words[-2], words[-1]


def _deny(name: Name) -> None:
    fn = name[1].lower()
    if fn in DENY_FUNCTIONS or fn.startswith(DENY_PREFIXES):
        raise Refused(f"function {fn}() has side effects, runs SQL text or reads server files and is not allowed here")


def _check_sleep(args: list) -> None:
    value = constant_value(args[0]) if len(args) == 1 else None
    try:
        secs = float(value) if value is not None else None
    except (TypeError, ValueError):
        secs = None
    if secs is None or secs > MAX_SLEEP_S:
        raise Refused(f"pg_sleep is limited to a literal of at most {MAX_SLEEP_S:g} s")


_VALUE_FIELDS = {"String": "sval", "Integer": "ival", "Float": "fval", "Boolean": "boolval",
                 "sval": "sval", "ival": "ival", "fval": "fval", "boolval": "boolval"}  # value nodes, A_Const fields
_DEFAULTS = {"sval": "", "fval": "", "ival": 0, "boolval": False}  # the JSON omits zero values


def constant_value(node: dict):
    """The value of a constant node (A_Const, String, Integer, Float, Boolean), else None."""
    node = node.get("A_Const", node)
    for key, field in _VALUE_FIELDS.items():
        if key in node:
            return node[key].get(field, _DEFAULTS[field])
    return None


def _query_offset(text: str) -> int:
    """Where the explained query starts in a rebuilt EXPLAIN text: the first token after the options."""
    tokens = parser.scan(text)
    i = 1
    if i < len(tokens) and tokens[i].name == "ASCII_40":
        depth = 0
        for j in range(i, len(tokens)):
            depth += (tokens[j].name == "ASCII_40") - (tokens[j].name == "ASCII_41")
            if depth == 0:
                i = j + 1
                break
    else:
        while i < len(tokens) and tokens[i].name in ("ANALYZE", "ANALYSE", "VERBOSE"):
            i += 1
    return tokens[i].start if i < len(tokens) else len(text)


def _first_line(e: Exception) -> str:
    return str(e).splitlines()[0][:300] if str(e) else type(e).__name__

"""First line of defence for model- or user-written SQL: parse it and allow only
one read-only statement (SELECT / WITH / VALUES / EXPLAIN without ANALYZE) with no
side-effect functions. The READ ONLY transaction every tool runs in is the second
line; psycopg's extended protocol (one statement per call) is the third.
"""
from __future__ import annotations

import functools
import logging
import re

import sqlglot
from sqlglot import exp
from sqlglot.errors import ParseError, TokenError

# Functions that act on the server, the file system, other sessions or sequences.
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
        "pg_sleep_until", "query_to_xml", "query_to_xml_and_xmlschema", "query_to_xmlschema",
        "cursor_to_xml", "cursor_to_xmlschema", "database_to_xml", "database_to_xml_and_xmlschema",
        "schema_to_xml", "ts_stat", "pg_visibility_map_summary", "pg_truncate_visibility_map",
        "hypopg_reset", "pg_stat_statements_reset", "pg_export_snapshot", "pg_stat_clear_snapshot",
    }
)
# Whole families, matched by prefix.
DENY_PREFIXES: tuple[str, ...] = (
    "dblink", "lo_", "pg_advisory", "pg_try_advisory", "pg_create_", "pg_stat_reset",
    "pg_replication_origin", "pg_file_", "pg_read_", "pg_ls_", "binary_upgrade_",
)
# Statement nodes that must not appear anywhere in the tree (DML in CTEs, DDL, COPY ...).
WRITE_NODES: tuple[type, ...] = tuple(
    getattr(exp, n)
    for n in (
        "Insert", "Update", "Delete", "Merge", "Create", "Drop", "Alter", "AlterTable", "Copy",
        "Command", "Set", "Grant", "Revoke", "TruncateTable", "Commit", "Rollback", "Transaction",
        "Use", "LoadData", "Pragma", "Analyze", "Cache", "Uncache", "Refresh", "Comment",
    )
    if hasattr(exp, n)
)
MAX_SLEEP_S = 1.0
_EXPLAIN_RE = re.compile(r"^\s*explain\b", re.I)
EXAMPLE = "SELECT status, count(*) FROM orders GROUP BY status"


def _func_name(node: exp.Func) -> str:
    name = node.name if isinstance(node, exp.Anonymous) else node.sql_name()
    return (name or "").lower()


def _parse(sql: str) -> tuple[list[exp.Expression] | None, str]:
    logger = logging.getLogger("sqlglot")
    level = logger.level
    logger.setLevel(logging.ERROR)  # silence "falling back to Command" warnings
    try:
        trees = sqlglot.parse(sql, read="postgres")
    except (ParseError, TokenError) as e:
        return None, f"the SQL could not be parsed ({str(e).splitlines()[0][:300]})"
    finally:
        logger.setLevel(level)
    return [t for t in trees if t is not None and not isinstance(t, exp.Semicolon)], ""


def _split_explain(sql: str) -> tuple[str, str] | None:
    """'EXPLAIN (opts) SELECT ...' -> (options text, inner statement); None if not EXPLAIN."""
    m = _EXPLAIN_RE.match(sql)
    if not m:
        return None
    rest = sql[m.end():].lstrip()
    opts = ""
    if rest.startswith("("):
        depth = 0
        for i, ch in enumerate(rest):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0:
                opts, rest = rest[1:i], rest[i + 1:]
                break
        else:
            return "", ""
    else:  # legacy form: EXPLAIN [ANALYZE] [VERBOSE] statement
        words = []
        while True:
            w = re.match(r"(analy[sz]e|verbose)\b\s*", rest, re.I)
            if not w:
                break
            words.append(w.group(1))
            rest = rest[w.end():]
        opts = " ".join(words)
    return opts, rest


def _strip_comments(sql: str) -> str:
    """Remove leading comments so EXPLAIN detection sees the first keyword."""
    prev = None
    s = sql
    while prev != s:
        prev = s
        s = s.lstrip()
        if s.startswith("--"):
            s = s.split("\n", 1)[1] if "\n" in s else ""
        elif s.startswith("/*"):
            depth, i = 0, 0
            while i < len(s):
                if s.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif s.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                    if depth == 0:
                        break
                else:
                    i += 1
            s = s[i:]
    return s


@functools.lru_cache(maxsize=2048)
def check_readonly(sql: str) -> tuple[bool, str]:
    """(True, "") when ``sql`` is one read-only statement; else (False, reason with a suggestion). Cached."""
    if not sql or not sql.strip():
        return False, f"empty SQL; write one SELECT statement, e.g. {EXAMPLE}"
    body = _strip_comments(sql)
    explain = _split_explain(body)
    if explain is not None:
        opts, inner = explain
        if re.search(r"\banaly[sz]e\b", opts, re.I) and not re.search(r"\banaly[sz]e\s+(false|off|0)\b", opts, re.I):
            return False, ("EXPLAIN ANALYZE executes the query, so it is only offered as a suggestion to confirm; "
                           "use EXPLAIN without ANALYZE here")
        if not inner.strip():
            return False, "EXPLAIN needs a statement, e.g. EXPLAIN " + EXAMPLE
        if _EXPLAIN_RE.match(_strip_comments(inner)):
            return False, "nested EXPLAIN is not allowed"
        return check_readonly(inner)
    trees, err = _parse(sql)
    if trees is None:
        return False, err + f"; write one PostgreSQL SELECT statement, e.g. {EXAMPLE}"
    if not trees:
        return False, f"no statement found; write one SELECT statement, e.g. {EXAMPLE}"
    if len(trees) > 1:
        return False, "only one statement per call is allowed (found %d); send them one at a time" % len(trees)
    tree = trees[0]
    if not isinstance(tree, (exp.Select, exp.SetOperation, exp.Values, exp.Subquery)) and not (
        isinstance(tree, exp.With)
    ):
        first = re.match(r"\s*([A-Za-z]+(?:\s+[A-Za-z]+)?)", body)
        kind = first.group(1).upper() if first else tree.key.upper()
        kind = kind.split()[0] if kind.split()[0] not in ("CREATE", "DROP", "ALTER") else kind
        if isinstance(tree, exp.Copy):
            kind = "COPY" + (" ... PROGRAM" if re.search(r"\bprogram\b", sql, re.I) else "")
        return False, (f"only read-only SELECT / WITH / EXPLAIN statements run here, not {kind}; "
                       "changes are offered as suggestions the user confirms")
    for node in tree.walk():
        if isinstance(node, WRITE_NODES):
            return False, f"a {node.key.upper()} statement inside the query is not allowed (read-only tools only)"
        if isinstance(node, exp.Select):
            if node.args.get("into"):
                return False, "SELECT ... INTO creates a table; use a plain SELECT"
            if node.args.get("locks"):
                return False, "SELECT ... FOR UPDATE/SHARE takes row locks; drop the locking clause"
        if isinstance(node, exp.Func):
            name = _func_name(node)
            if name in DENY_FUNCTIONS or name.startswith(DENY_PREFIXES):
                return False, f"function {name}() has side effects or reads server files and is not allowed here"
            if name == "pg_sleep":
                arg = node.expressions[0] if node.expressions else node.this
                try:
                    secs = float(arg.name) if isinstance(arg, exp.Literal) else None
                except (TypeError, ValueError):
                    secs = None
                if secs is None or secs > MAX_SLEEP_S:
                    return False, f"pg_sleep is limited to a literal of at most {MAX_SLEEP_S:g} s"
    return True, ""

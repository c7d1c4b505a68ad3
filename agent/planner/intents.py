"""Which tools a question needs, in order.

Each tool declares its own intents (toolkits.tool.Intent: a pattern, a precedence, needs_table); the
tools whose intents match are taken in the order of the earliest match in the question (precedence
breaks ties). Two tables here say what the planner knows beyond single tools: COMPOSITES, questions
that need several tools in a fixed order, and SUBSUMES, which of two matched tools covers the other.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable

import sqlglot
from sqlglot.errors import ErrorLevel

from agent.planner.linking import find_tables, words
from toolkits.catalog import Catalog, setting_named

# "explain" opens the statement only when SQL follows it ("Explain the plan for: SELECT ...": the SELECT)
SQL_IN_TEXT = re.compile(r"(?is)(?:```(?:sql)?\s*)?\b((?:select|with|explain(?=\s+(?:\(|analy[sz]e\b|verbose\b|"
                         r"select\b|with\b|values\b|table\b)))\b.+?)(?:```|;|$)")


def sql_in(question: str) -> str | None:
    """A statement written in the question ("explain SELECT ... FROM ..."), or None."""
    m = SQL_IN_TEXT.search(question)
    if not m:
        return None
    sql = m.group(1).strip().rstrip("?!.; \n").strip()  # the question's own punctuation is not SQL
    # it must look like SQL, not prose that starts with "with" or "select"
    if not re.search(r"\bfrom\b|\bselect\s+\d|\bselect\s+now\b|\bvalues\b", sql, re.I):
        return None
    return _parseable_prefix(sql)


def _parseable_prefix(sql: str) -> str:
    """The statement without prose written after it ("SELECT ... WHERE a = 3 using an index?"): the longest
    word prefix that parses; the text as it is when no prefix does (the guard then says why)."""
    first = re.split(r"(?<=\S)[.;]\s+(?=[A-Z])", sql, maxsplit=1)[0]  # "... < '2024-04-01'. Which partitions ..."
    if first != sql and _parses(first):
        return first
    if _parses(sql):
        return sql
    cut = sql
    for _ in range(8):  # prose after a statement is a few words
        cut = cut.rsplit(None, 1)[0] if " " in cut.strip() else ""
        if not cut or not re.search(r"\bfrom\b|\bselect\b", cut, re.I):
            break
        if _parses(cut):
            return cut.rstrip(" ,")
    return sql


def _parses(sql: str) -> bool:
    body = re.sub(r"^\s*explain\s+(\([^)]*\)\s*|analy[sz]e\s+|verbose\s+)*", "", sql, flags=re.I)
    try:
        return isinstance(sqlglot.parse_one(body, read="postgres", error_level=ErrorLevel.RAISE), sqlglot.exp.Query)
    except (sqlglot.errors.ParseError, sqlglot.errors.TokenError, ValueError, RecursionError):
        return False


@dataclass(frozen=True)
class Composite:
    """A question that needs several tools, in the order an expert would look."""

    pattern: str
    tools: tuple[str, ...]
    unless_asked: tuple[str, ...] = ()  # a tool whose own intent matched answers what is asked instead


COMPOSITES: tuple[Composite, ...] = (
    # "why is the database slow?" (not about a query): what runs, what waits, what costs, the host ("it freezes",
    # not "which freezers")
    Composite(r"^(?![^.?]*\b(quer(y|ies)|statements?|sql)\b)[^.?]*\b(slow|sluggish|laggy|lagging|hanging|freez(?:e|es|ing)|froze|"
              r"timing out|timeouts?|unresponsive|degraded)\b|\bslow (right )?now\b|"
              r"\bperformance (problem|issue|drop)s?\b|\bwhat('s| is) (slowing|wrong with)\b",
              ("active_sessions", "locks", "top_queries", "host_resources"),
              unless_asked=("index_advice", "explain_query", "settings_advice")),  # "it's slow. What index would help?"
    # a health check: tables, indexes, then the database-wide figures
    Composite(r"\b(health ?check|check ?-?up|overall health|check (the |my |our )?(database|db|postgres)|anything wrong|"
              r"how healthy|general (check|review)|audit|look over|inspect (the |my )?(database|db)|"
              r"review (the |my )?(database|db)|is (the |my |our )?(database|db) (ok|okay|healthy|fine)|"
              r"(full|complete|overall|thorough|general) (review|check|checkup|inspection|audit))\b",
              ("table_health", "index_usage", "database_stats")),
    # "the biggest table in the database", "which table takes up the most disk space": the tables by size, and the
    # database's own size beside them (not the host's free disk)
    Composite(r"\b(biggest|largest)\s+(?:\w+\s+)?tables?\b|\btables?\b[^.?]*\bmost\s+(?:disk\s+)?(?:space|storage)\b",
              ("list_tables", "database_stats")),
    # "how do I speed up my workload?": the costly statements, then indexes for them
    Composite(r"\b(speed up|optimi[sz]e|improve)\b[^.?]*\b(workload|queries|database)\b", ("top_queries", "index_advice")),
)


@dataclass(frozen=True)
class Subsumes:
    """When both tools matched, ``winner`` covers ``loser`` and the loser is dropped; not when the question
    matches ``unless``; only when it matches ``when`` (a pattern, or a test of the question) and, with
    ``matched``, only when the loser's intent matched exactly that."""

    winner: str
    loser: str
    unless: str = ""
    when: str | Callable[[str], Any] = ""
    matched: str = ""

    def applies(self, question: str, names: list[str], matches: dict[str, str]) -> bool:
        if self.winner not in names or self.loser not in names:
            return False
        if self.unless and re.search(self.unless, question, re.I):
            return False
        if self.when and not (self.when(question) if callable(self.when) else re.search(self.when, question, re.I)):
            return False
        return not self.matched or re.fullmatch(self.matched, matches.get(self.loser, ""), re.I) is not None


_TABLE_LIST = (r"\bhow many tables\b|\blist (all |the )?tables\b|\bshow (me )?(all |the )?tables\b|"
               r"\bwhat tables (are there|exist|do)\b")

# Applied in this order; each row sees what the rows before it left.
SUBSUMES: tuple[Subsumes, ...] = (
    # "for my workload" alone does not ask for the statement list when advice is asked for
    Subsumes("index_advice", "top_queries", matched="workload"),
    Subsumes("settings_advice", "top_queries", matched="workload"),
    # index advice covers a plain listing of indexes, unless the question is about unused or duplicate ones
    Subsumes("index_advice", "index_usage", unless=r"unused|duplicate|redundant|never|foreign key"),
    # settings advice covers the listing of settings
    Subsumes("settings_advice", "settings"),
    # a statement in the question is the one to explain: no need for the workload's
    Subsumes("explain_query", "top_queries", when=sql_in),
    # index_usage lists foreign keys without an index
    Subsumes("index_usage", "index_advice", when=r"\bforeign keys?\b"),
    # "waiting for a lock" is a lock question
    Subsumes("locks", "active_sessions", unless=r"\b(sessions?|connections?|connected|backends?|running|active|idle)\b"),
    # "memory settings for this machine": the advice reads the host itself
    Subsumes("settings_advice", "host_resources", unless=r"\b(cpu|disk|load|swap|i/?o)\b|\bhow much (memory|ram)\b"),
    # "indexes on core.player that were never used": their usage, not the table's definition
    Subsumes("index_usage", "describe_table", matched=r"indexes (on|of)|indexes does|index(es)? (exist|are there) on"),
    # a table's health covers its definition
    Subsumes("table_health", "describe_table"),
    # "which tables have dead tuples" asks about health (indexes, figures, locks), not for the list
    Subsumes("table_health", "list_tables", unless=_TABLE_LIST),
    Subsumes("index_usage", "list_tables", unless=_TABLE_LIST),
    Subsumes("index_advice", "list_tables", unless=_TABLE_LIST),
    Subsumes("database_stats", "list_tables", unless=_TABLE_LIST),
    Subsumes("locks", "list_tables", unless=_TABLE_LIST),
    # "the biggest table on disk" asks for relation sizes, not the host's free space
    Subsumes("list_tables", "host_resources", unless=r"\b(cpu|memory|ram|load|swap|free|left|space|i/?o)\b"),
    # "how big is the database on disk": the database's size, not the host's disk
    Subsumes("database_stats", "host_resources", when=r"\b(how (big|large) is|size of)\b[^.?]*\b(database|db)\b"),
    # the database's figures cover "resources" unless the host is named
    Subsumes("database_stats", "host_resources", unless=r"\b(cpu|memory|ram|disk|load|host|swap)\b"),
    # a table named: describe it rather than list them all
    Subsumes("describe_table", "list_tables"),
)

EXPLAIN_TOOL = "explain_query"
_WHY_SLOW = re.compile(r"\b(slow|slower|sluggish|takes? (so |too )?long|taking (so |too )?long|ages|faster|speed (it )?up|"
                       r"why|time ?outs?|timing out)\b", re.I)

# A server setting named on its own ("what's max_connections?") is a question for this tool.
SETTING_TOOL = "settings"


def subsume(question: str, names: list[str], matches: dict[str, str]) -> list[str]:
    """``names`` without the tools another one covers (SUBSUMES, in order)."""
    for row in SUBSUMES:
        if row.applies(question, names, matches):
            names = [n for n in names if n != row.loser]
    return names


def tools_for(question: str, tools: Iterable[Any], catalog: Callable[[], Catalog]) -> list[str]:
    """The names of the tools ``question`` needs, in order. ``catalog`` is read only when needed (a
    setting named on its own; an intent that needs a table named)."""
    sql = sql_in(question)
    hits = []
    joined = re.sub(r"(?<=\w)\.(?=[A-Za-z_])", "_", question)  # "core.player": one name, no sentence end, no CPU core
    for tool in tools:
        found = tool.match(joined)
        if found:
            m, intent = found
            hits.append((m.start(), intent.precedence, tool.name, m.group(0), intent.needs_table, intent.no_table))
    hits.sort()
    names = [h[2] for h in hits]
    for c in COMPOSITES:
        if re.search(c.pattern, question, re.I) and not sql and not set(c.unless_asked) & set(names):
            return list(c.tools)  # "this report is slow, why? SELECT ...": that statement, not the composite
    if set(names) <= {"active_sessions", "locks", "database_stats", "host_resources", "table_health", SETTING_TOOL} \
            and names and (setting_named(question, catalog().settings)  # "memory VACUUM may use": a setting's value
            or (set(names) <= {"host_resources", SETTING_TOOL}  # "memory ... before spilling to disk (work_mem)"
                and any("_" in w and w in catalog().settings for w in re.findall(r"[a-z_]+", question.lower())))):
        return [SETTING_TOOL]  # "the maximum number of connections the server allows"; "... spilling (work_mem)?"
    toggled = re.match(r"\s*is\s+([a-z_]+)\s+(enabled|disabled|on|off|turned (on|off)|switched (on|off)|active)\b",
                       question.lower())
    if toggled and toggled.group(1) in catalog().settings and not re.search(r"\btables?\b", question.lower()):
        # "is autovacuum enabled on this server?": the setting ("... on any of our tables": their storage options)
        return [SETTING_TOOL]
    if not names:
        cat = catalog()
        if any(w in cat.settings for w in re.findall(r"[a-z_]+", question.lower()) if "_" in w or len(w) > 6) \
                or setting_named(question, cat.settings):  # "the server's default transaction isolation level"
            names = [SETTING_TOOL]
    if any(h[4] or h[5] for h in hits):  # an intent for questions that name a table, or for those that name none
        named = bool(find_tables(words(question), catalog()))  # ("flags still waiting for a decision": rows, no sessions)
        if any(h[4] and not named or h[5] and named for h in hits):
            names = [h[2] for h in hits if not (h[4] and not named or h[5] and named)]
    names = subsume(question, names, {h[2]: h[3] for h in hits})
    if sql and not names and _WHY_SLOW.search(question.replace(sql, " ")):
        names = [EXPLAIN_TOOL]  # a pasted statement said to be slow: its plan shows why
    return list(dict.fromkeys(names))

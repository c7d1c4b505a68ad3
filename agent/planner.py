"""The deterministic planner: the embedded default policy for instance questions (no LLM).

It reads the question, picks tools by keyword rules (and the registry's MiniLM match when
no rule fires), fills their inputs from the question and the live catalog (table names
resolved with plural/singular and typos; counts, sums, breakdowns, top-N and time windows
become SQL built by agent/planner_sql.py), and proposes one ReAct turn at a time in the
same text format a model writes, so the loop (agent/react.py) parses, runs and records it
exactly as it would an LLM's. When the plan is done it writes the final answer from the
observations, with rule-based findings and the writes it recommends (never run: they
become suggestion events the user confirms).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from psycopg import sql as psql

from agent.planner_sql import Catalog, Query, build_query, find_tables, time_window, words
from agent.react import Action, Final, LoopState, Turn
from toolkits.postgres.render import md_code, md_fence, md_text  # database text is data, never Markdown

# Tool names, by role. The registry resolves them (fuzzily), so a renamed tool still maps.
T = {
    "tables": "list_tables",
    "describe": "describe_table",
    "sql": "run_sql",
    "resources": "host_resources",
    "dbstats": "database_stats",
    "top": "top_queries",
    "sessions": "active_sessions",
    "health": "table_health",
    "indexes": "index_usage",
    "locks": "locks",
    "settings": "settings",
    "replication": "replication_status",
    "index_advice": "index_advice",
    "settings_advice": "settings_advice",
    "explain": "explain_query",
}


@dataclass
class PlannedStep:
    role: str
    tool_input: str
    thought: str


@dataclass
class Rule:
    role: str
    pattern: re.Pattern
    needs_table: bool = False


def _r(p: str) -> re.Pattern:
    return re.compile(p, re.I)


# Order matters only for ties at the same position in the question.
RULES: list[Rule] = [
    Rule("index_advice", _r(r"\b(recommend|suggest|advi[sc]e|propose|missing|should (i|we) (add|create)|"
                            r"candidate|hypothetical|hypopg)\b[^.?]*\bindex(es)?\b|"
                            r"\b(which|what|any) (new )?index(es)? (should|would|could|to add|to create|do (i|we) need|"
                            r"might|will)\b|\bindex(es)? (advice|recommendations?|suggestions?)\b|"
                            r"\bindex(es)? (would|could|might) (help|speed)\b|\bneed (an|more|new) index(es)?\b|"
                            r"\bindex(es)?\b[^.?]*\b(missing|lacking|should (i|we) (add|create)|would help|to add)\b")),
    Rule("settings_advice", _r(r"\b(tune|tuning|recommend|suggest|advi[sc]e|optimi[sz]e|improve|right|wrong|should (i|we) "
                               r"(change|set|increase|raise|lower)|too (low|high|small|big)|sized?)\b[^.?]*\b(settings?|config(uration)?|"
                               r"parameters?|shared_buffers|work_mem|effective_cache_size|maintenance_work_mem|"
                               r"max_connections|checkpoint\w*|random_page_cost|postgresql\.conf|memory settings)\b|"
                               r"\b(settings?|config(uration)?) (advice|review|recommendations?)\b|"
                               r"\b(settings?|config(uration)?|parameters?|postgres(ql)?(\.conf)?)\b[^.?]*\b(tuned|optimal|"
                               r"well[- ]tuned|sensible|reasonable|good enough|misconfigured)\b")),
    Rule("explain", _r(r"\bexplain\b|\bquery plan\b|\bexecution plan\b|\bplan (for|of)\b|"
                       r"\bplan\b[^.?]*\b(select|with)\b|\bhow (would|will|does) (postgres|the planner) (run|execute)\b")),
    Rule("indexes", _r(r"\b(unused|duplicate[ds]?|redundant|useless|never used|overlapping|invalid)\b[^.?]*\bindex(es)?\b|"
                       r"\bforeign keys?\b[^.?]*\b(without|missing|lacking|with no|need(s)?)\b[^.?]*\bindex(es)?\b|"
                       r"\bunindexed foreign keys?\b|\b(drop|remove|delete|get rid of)\b[^.?]*\bindex(es)?\b|\bindex(es)?\b[^.?]*\bnever (been )?(scanned|used)\b|"
                       r"\bindex(es)?\b[^.?]*\b(unused|never used|not used|duplicate[ds]?|redundant|usage|bloat(ed)?|"
                       r"scans?)\b|\bindex usage\b")),
    Rule("health", _r(r"\bdead (tuples?|rows?)\b|\bbloat(ed)?\b|\b(auto)?vacuum(ed|ing)?\b|\banaly[sz]ed?\b|"
                      r"\btable health\b|\bstale stat(istic)?s\b|\bneeds? (a )?vacuum\b|\bwraparound\b|"
                      r"\btransaction id age\b|\bfreeze\b|\bhealth of\b|\bstatistics\b[^.?]*\b(stale|outdated|old|fresh|up to date)\b")),
    Rule("locks", _r(r"\block(s|ed|ing)?\b|\bblock(ing|ed|s)?\b|\bdeadlocks?\b|\bwho is waiting\b")),
    Rule("replication", _r(r"\breplica\w*\b|\bstandby\b|\breplica lag\b|\bwal senders?\b|\breplication slots?\b")),
    Rule("top", _r(r"\b(slow(est)?|expensive|heav(y|iest)|costly|longest|top|worst)\b[^.?]*\b(quer(y|ies)|statements?|sql)\b|"
                   r"\b(quer(y|ies)|statements?)\b[^.?]*\b(most (time|often|calls|frequent)|slow(est)?|longest|called most|"
                   r"take the most|temp(orary)? (files|blocks))\b|\bpg_stat_statements\b|\bworkload\b|"
                   r"\bmost (frequent|called|executed|run)\b|\bquer(y|ies)\b[^.?]*\b(hit|load|hammer|stress)\w*\b|\bmean (execution )?time\b|\bquery (stats|statistics|performance)\b")),
    Rule("sessions", _r(r"\b(active|current|open|idle|running) (sessions?|connections?|queries|transactions?|backends?)\b|"
                        r"\b(sessions?|connections?|backends?)\b|\brunning (right )?now\b|\bwait(ing)? events?\b|"
                        r"\bwhat is (the database|postgres|it) doing\b|\bidle in transaction\b|\bwho is connected\b|"
                        r"\bpg_stat_activity\b|\blong[- ]running\b|\bwaiting( on| for)?\b|\bstuck\b|\bhung\b|"
                        r"\bwho is (on|using)\b|\bhow many (users|clients)\b")),
    Rule("resources", _r(r"\b(cpu|processors?|cores?|memory|ram|swap|disk|disks|disk space|free space|storage|"
                         r"load average|load|i/?o( rate)?|hardware|host|machine|server resources?|resources?)\b")),
    Rule("dbstats", _r(r"\b(cache hit( ratio)?|hit ratio|buffer cache|temp(orary)? files?|checkpoints?|bgwriter|"
                       r"wal (volume|generation|generated|files|records|bytes)|how much wal|commits?|rollbacks?|"
                       r"transactions per|deadlocks? (count|happened|so far)|how many deadlocks|"
                       r"(database|db) sizes?|size of (the|my|each|every) (database|db)s?|(each|every|all) databases?|"
                       r"how (big|large) is (the|my|this) (database|db)|max_connections (usage|used)|"
                       r"connection (usage|limit)|database stat(istic)?s)\b")),
    Rule("settings", _r(r"\b(non-?default|changed|current|configured|what are (the|my)|show( me)?( the)?|list)\b[^.?]*"
                        r"\b(settings?|parameters?|config(uration)?|gucs?)\b|\bwhat is (shared_buffers|work_mem|"
                        r"max_connections|effective_cache_size|maintenance_work_mem|random_page_cost|"
                        r"autovacuum\w*|checkpoint_\w+|wal_\w+)\b|\bpostgresql\.conf\b|\bsettings\b")),
    Rule("describe", _r(r"\b(describe|structure|columns?|definition|ddl|constraints?|foreign keys?|primary keys?|"
                        r"schema of|fields|data types?|what does (the )?[a-z_]+( table)? look like|indexes (on|of)|"
                        r"indexes does|index(es)? (exist|are there) on|how big is|size of|referenc\w+|tell me about|"
                        r"what('s| is) in (the )?[a-z_]+( table)?|related|relationships?|linked|joins? to|"
                        r"nullable|not null|default values?)\b"),
         needs_table=True),
    Rule("tables", _r(r"\b(what|which|list|show|all)\b[^.?]*\btables\b|\b(every|each|all) tables?\b|\boverview of (the |my )?tables\b|\btables (are there|do (we|i) have|exist)\b|"
                      r"\b(largest|biggest|smallest) tables\b|\btable sizes\b|\bhow many tables\b|\bschema\b|"
                      r"\bwhat('s| is) in (the|my|this) database\b|\bdatabase objects\b")),
]

# Questions that need several tools, in the order an expert would look.
COMPOSITES: list[tuple[re.Pattern, list[str]]] = [
    (_r(r"^(?![^.?]*\b(quer(y|ies)|statements?|sql)\b)[^.?]*\b(slow|sluggish|laggy|lagging|hanging|freez\w+|"
        r"timing out|timeouts?|unresponsive|degraded)\b|\bslow (right )?now\b|"
        r"\bperformance (problem|issue|drop)s?\b|\bwhat('s| is) (slowing|wrong with)\b"),
     ["sessions", "locks", "top", "resources"]),
    (_r(r"\b(health ?check|check ?-?up|overall health|check (the |my |our )?(database|db|postgres)|anything wrong|"
        r"how healthy|general (check|review)|audit|look over|inspect (the |my )?(database|db)|"
        r"review (the |my )?(database|db)|is (the |my |our )?(database|db) (ok|okay|healthy|fine)|"
        r"(full|complete|overall|thorough|general) (review|check|checkup|inspection|audit))\b"),
     ["health", "indexes", "dbstats"]),
    (_r(r"\b(speed up|optimi[sz]e|improve)\b[^.?]*\b(workload|queries|database)\b"),
     ["top", "index_advice"]),
]

SQL_IN_TEXT = re.compile(r"(?is)(?:```(?:sql)?\s*)?\b((?:select|with|explain)\b.+?)(?:```|;|$)")
def _strip_time(question: str) -> str:
    """The previous question without its time window, so a follow-up's window replaces it."""
    return re.sub(r"\b(yesterday|today|this (week|month|year)|(in the )?(last|past) \d* ?\w+|in \d{4})\b", "",
                  question, flags=re.I).strip(" ?")


def _sql_in(question: str) -> str | None:
    m = SQL_IN_TEXT.search(question)
    if not m:
        return None
    sql = m.group(1).strip().rstrip("?!.; \n").strip()  # the question's own punctuation is not SQL
    # it must look like SQL, not prose that starts with "with" or "select"
    if not re.search(r"\bfrom\b|\bselect\s+\d|\bselect\s+now\b|\bvalues\b", sql, re.I):
        return None
    return sql


class Planner:
    """Deterministic policy: a plan of tool calls from rules, then a rule-based final answer."""

    name = "planner"

    def __init__(self, registry: Any, ctx: Any, top_k: int = 6, row_limit: int = 20,
                 read_catalog: Callable[[Any], Catalog] | None = None):
        self.registry = registry
        self.ctx = ctx
        self.read_catalog = read_catalog or (lambda ctx: Catalog())  # the toolkit's catalog reader
        self.top_k = top_k
        self.row_limit = row_limit
        self.plan: list[PlannedStep] | None = None
        self.query: Query | None = None
        self.queries: dict[str, Query] = {}  # SQL → what it computes, for the answer
        self.catalog: Catalog | None = None
        self.notes: list[str] = []
        self.proposed = 0

    # ------------------------------------------------------------------ planning
    def tool_name(self, role: str) -> str | None:
        tool = self.registry.resolve(T[role])
        return tool.spec.name if tool is not None else None

    def _catalog(self) -> Catalog | None:
        if self.catalog is None:
            try:
                self.catalog = self.read_catalog(self.ctx)
            except Exception as exc:  # an unreachable database shows up in the tool call itself
                self.notes.append(f"could not read the catalog: {exc}")
                self.catalog = Catalog()
        return self.catalog

    def roles_for(self, question: str) -> list[str]:
        """The tool roles a question needs, in order."""
        for pat, roles in COMPOSITES:
            if pat.search(question):
                return list(roles)
        hits: list[tuple[int, int, str]] = []
        for i, rule in enumerate(RULES):
            m = rule.pattern.search(question)
            if m:
                hits.append((m.start(), i, rule.role))
        roles = [r for _, _, r in sorted(hits)]
        if not roles:  # a server setting named on its own ("what's max_connections?")
            cat = self._catalog()
            if cat and any(w in cat.settings for w in re.findall(r"[a-z_]+", question.lower()) if "_" in w or len(w) > 6):
                roles = ["settings"]
        cat = None
        if any(r.needs_table for r in RULES if r.role in roles):
            cat = self._catalog()
            has_table = bool(cat and find_tables(words(question), cat))
            roles = [r for r in roles if has_table or not next(x.needs_table for x in RULES if x.role == r)]
        # "for my workload" alone does not ask for the statement list when advice is asked for
        if "top" in roles and ("index_advice" in roles or "settings_advice" in roles):
            m = next(x for x in RULES if x.role == "top").pattern.search(question)
            if m and m.group(0).lower() == "workload":
                roles.remove("top")
        # subsumed roles: advice already covers plain listings of the same thing
        if "index_advice" in roles and "indexes" in roles and not re.search(
                r"unused|duplicate|redundant|never|foreign key", question, re.I):
            roles.remove("indexes")
        if "settings_advice" in roles and "settings" in roles:
            roles.remove("settings")
        if "explain" in roles and "top" in roles and _sql_in(question):
            roles.remove("top")
        if "indexes" in roles and "index_advice" in roles and re.search(r"\bforeign keys?\b", question, re.I):
            roles.remove("index_advice")  # index_usage lists foreign keys without an index
        if "locks" in roles and "sessions" in roles and not re.search(
                r"\b(sessions?|connections?|backends?|running|active|idle)\b", question, re.I):
            roles.remove("sessions")  # "waiting for a lock" is a lock question
        if "settings_advice" in roles and "resources" in roles and not re.search(
                r"\b(cpu|disk|load|swap|i/?o)\b|\bhow much (memory|ram)\b", question, re.I):
            roles.remove("resources")  # "memory settings for this machine": the advice reads the host itself
        if "health" in roles and "describe" in roles:
            roles.remove("describe")
        if "tables" in roles and any(r in roles for r in ("health", "indexes", "index_advice", "dbstats", "locks")) \
                and not re.search(r"\bhow many tables\b|\blist (all |the )?tables\b|\bshow (me )?(all |the )?tables\b|"
                                  r"\bwhat tables (are there|exist|do)\b", question, re.I):
            roles.remove("tables")  # "which tables have dead tuples" asks about health, not for the list
        if "resources" in roles and "dbstats" in roles and not re.search(
                r"\b(cpu|memory|ram|disk|load|host|swap)\b", question, re.I):
            roles.remove("resources")
        if "describe" in roles and "tables" in roles:
            cat = self._catalog()
            if cat and find_tables(words(question), cat):
                roles.remove("tables")
            else:
                roles.remove("describe")
        out: list[str] = []
        for r in roles:
            if r not in out:
                out.append(r)
        return out

    def make_plan(self, question: str, history: list[dict[str, str]] | None = None) -> list[PlannedStep]:
        q = question.strip()
        steps: list[PlannedStep] = []
        sql = _sql_in(q)
        roles = self.roles_for(q)
        cat = self._catalog()
        tables = [m.table for m in find_tables(words(q), cat)] if cat else []
        if not roles:
            if sql:
                steps.append(PlannedStep("sql", sql, "The question contains a query; run it read-only."))
                return steps
            follow = self._follow_up(q, history)
            if follow:
                return follow
            query = build_query(q, cat, self.row_limit) if cat and cat.tables else None
            if query is not None:
                self.query = query
                self.queries[query.sql] = query
                return [PlannedStep("sql", query.sql, f"This is a question about the data: {query.summary}. "
                                                       "I build one read-only SELECT from the catalog.")]
            if tables:
                return [PlannedStep("describe", tables[0], f"The question is about table {tables[0]}; describe it.")]
            # no rule: the closest tool by meaning, with its default input
            matched = self.registry.match(q, 1)
            if matched:
                role = next((r for r, n in T.items() if n == matched[0].spec.name), None)
                if role and role not in ("sql", "describe", "explain"):
                    return [PlannedStep(role, "", f"No rule matched; {matched[0].spec.name} is the closest tool.")]
            return [PlannedStep("tables", "", "I could not map the question to a tool; start from the list of tables.")]
        if "explain" in roles and not sql and "top" in roles:  # plan the statement the workload step finds
            roles.remove("top")
            roles.insert(roles.index("explain"), "top")
        for role in roles:
            steps.append(self._step(role, q, tables, sql))
        # a data question asked in the same breath ("... and how many orders came in yesterday?")
        if not sql and cat and cat.tables and re.search(r"\band\b|;|\?\s+\S", q):
            for clause in re.split(r"\band\b|;|\?\s+", q):
                if not re.search(r"\b(how many|how much|count|number of|total|sum of|average|top \d+)\b", clause, re.I):
                    continue
                if self.roles_for(clause):
                    continue
                query = build_query(clause, cat, self.row_limit)
                if query is not None:
                    self.queries[query.sql] = query
                    steps.append(PlannedStep("sql", query.sql, f"Also a question about the data: {query.summary}."))
        return steps

    def _follow_up(self, q: str, history: list[dict[str, str]] | None) -> list[PlannedStep] | None:
        """A follow-up ("and last week?", "what about Germany?") read together with the previous question."""
        prev = next((h.get("content", "") for h in reversed(history or []) if h.get("role") == "user"), "")
        if not prev or prev.strip() == q or len(q.split()) > 8:
            return None
        if not re.match(r"^(and|what about|how about|same for|and for|also|now)\b", q, re.I):
            return None
        rest = re.sub(r"^(and|what about|how about|same for|and for|also|now)\s+", "", q, flags=re.I)
        combined = f"{_strip_time(prev) if time_window(rest) else prev.strip(' ?')} {rest}"
        plan = self.make_plan(combined)
        if plan and plan[0].role != "tables":
            plan[0].thought = f"A follow-up to \"{prev.strip()}\", read as \"{combined}\". " + plan[0].thought
            return plan
        return None

    def _step(self, role: str, q: str, tables: list[str], sql: str | None) -> PlannedStep:
        low = q.lower()
        table = tables[0] if tables else ""
        if role == "describe":
            return PlannedStep(role, table, f"Look at the definition of {table or 'the table'}.")
        if role == "tables":
            return PlannedStep(role, "", "List the tables with their sizes and row estimates.")
        if role == "health":
            return PlannedStep(role, table, f"Check dead tuples and (auto)vacuum/analyze history"
                                            f"{' of ' + table if table else ' of every table'}.")
        if role == "indexes":
            return PlannedStep(role, table, "Check which indexes are unused, duplicate or redundant.")
        if role == "top":
            key = "total_time"
            if re.search(r"\bmean|average|per call|slowest (single|individual)|each call|longest\b", low):
                key = "mean_time"
            elif re.search(r"\b(most (often|frequent|called|executed|run)|calls|frequently|how often)\b", low):
                key = "calls"
            elif re.search(r"\btemp(orary)?\b", low):
                key = "temp_blks"
            elif re.search(r"\b(rows|most data)\b", low):
                key = "rows"
            elif re.search(r"\b(i/?o|reads?|disk)\b", low):
                key = "io"
            n = re.search(r"\btop (\d+)\b|\b(\d+) (slowest|most|top|worst|heaviest)\b", low)
            limit = int(next(g for g in n.groups() if g)) if n else 5
            return PlannedStep(role, f'{{"order_by": "{key}", "limit": {limit}}}',
                               f"Find the statements that cost the most ({key.replace('_', ' ')}).")
        if role == "sessions":
            inp = "all" if re.search(r"\b(idle|all|connected|connections?)\b", low) else ""
            return PlannedStep(role, inp, "See what runs right now and what it waits on.")
        if role == "locks":
            return PlannedStep(role, "", "Check locks and who blocks whom.")
        if role == "resources":
            return PlannedStep(role, "", "Check the host's CPU, memory, disk and I/O.")
        if role == "dbstats":
            return PlannedStep(role, "", "Check the database-side figures: size, connections, cache hit ratio, "
                                         "temp files, checkpoints, WAL.")
        if role == "settings":
            cat = self._catalog()
            named = [w for w in re.findall(r"[a-z_]+", low) if cat and w in cat.settings and ("_" in w or len(w) > 6)]
            if named:
                return PlannedStep(role, named[0], f"Look up the setting {named[0]}.")
            m = re.search(r"\b(autovacuum|checkpoint|wal|log|memory|parallel|vacuum)\w*\b", low)
            if m and m.group(1) != "memory":
                return PlannedStep(role, f"{m.group(1)}%", f"Look at the {m.group(1)} settings.")
            return PlannedStep(role, "", "Look at the settings changed from their defaults.")
        if role == "replication":
            return PlannedStep(role, "", "Check replication state and lag.")
        if role == "index_advice":
            return PlannedStep(role, sql or "", "Ask for index candidates, evaluated as hypothetical indexes.")
        if role == "settings_advice":
            return PlannedStep(role, "", "Review the settings against observed statistics.")
        if role == "explain":
            if sql:
                return PlannedStep(role, sql, "Show the plan of the query (EXPLAIN, not executed).")
            return PlannedStep(role, "", "Show a query plan.")
        if role == "sql":
            return PlannedStep(role, sql or "", "Run the query read-only.")
        raise ValueError(role)

    # ------------------------------------------------------------------ the policy
    def propose(self, state: LoopState) -> Turn:
        if self.plan is None:
            self.plan = self.make_plan(state.question, state.history)
            # the explain step needs a query: take the slowest statement when the question gives none
            if any(p.role == "explain" and not p.tool_input for p in self.plan) and not any(
                    p.role == "top" for p in self.plan):
                i = next(i for i, p in enumerate(self.plan) if p.role == "explain")
                self.plan.insert(i, self._step("top", "mean", [], None))
        done = self.proposed
        last = state.steps[-1] if state.steps else None
        while done < len(self.plan):
            step = self.plan[done]
            # fill an explain step from the statements the workload step found
            if step.role == "explain" and not step.tool_input:
                step.tool_input = self._query_from_observations(state) or ""
                if not step.tool_input:
                    self.plan.pop(done)
                    continue
            name = self.tool_name(step.role)
            if name is None:
                self.notes.append(f"no tool for {step.role} in this toolkit")
                self.plan.pop(done)
                continue
            if last is not None and last.error and last.tool == name and last.tool_input == step.tool_input:
                break  # the loop refused it (a repeat): stop planning
            self.proposed += 1
            return Turn(Action(name, step.tool_input, step.thought))
        text, suggestions = compose_answer(state, self.query, self.notes, self.queries)
        return Turn(Final(text, "I have what I need to answer."), suggestions)

    @staticmethod
    def _query_from_observations(state: LoopState) -> str | None:
        for s in state.steps:
            for r in _rows(s.result) if s.ok else []:
                qtext = str(r.get("query") or "")
                if re.match(r"\s*(select|with)\b", qtext, re.I):
                    return qtext
        return None


# ---------------------------------------------------------------------- answers and findings


def _fmt(v: Any) -> str:
    if v is None:
        return "none"
    if isinstance(v, float):
        return f"{v:.2f}"
    try:
        from decimal import Decimal

        if isinstance(v, Decimal):  # plain digits: figures stay machine-readable
            return f"{v:.2f}" if v != v.to_integral_value() else f"{int(v)}"
    except Exception:
        pass
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, int):
        return f"{v}"
    return str(v)


def _rows(result: Any) -> list[dict]:
    """A tool's data as a list of dicts, whatever shape it came in."""
    data = getattr(result, "data", None)
    if isinstance(data, list):
        return [r for r in data if isinstance(r, dict)]
    if isinstance(data, dict):
        if isinstance(data.get("rows"), list) and isinstance(data.get("columns"), list):
            cols = data["columns"]
            return [dict(zip(cols, r)) if not isinstance(r, dict) else r for r in data["rows"]]
        for key in ("rows", "tables", "items", "indexes", "statements", "sessions", "findings"):
            if isinstance(data.get(key), list):
                return [r for r in data[key] if isinstance(r, dict)]
    return []


def _get(row: dict, *keys: str, default: Any = None) -> Any:
    for k in keys:
        if k in row and row[k] is not None:
            return row[k]
    return default


def _age(ts: Any) -> str:
    import datetime as dt

    if ts is None:
        return "never"
    if isinstance(ts, str):
        return ts
    if isinstance(ts, dt.datetime):
        now = dt.datetime.now(ts.tzinfo) if ts.tzinfo else dt.datetime.now()
        secs = (now - ts).total_seconds()
        if secs < 3600:
            return f"{int(secs // 60)} min ago"
        if secs < 86400 * 2:
            return f"{secs / 3600:.0f} h ago"
        return f"{secs / 86400:.0f} days ago"
    return str(ts)


def findings_health(rows: list[dict]) -> tuple[list[str], list[dict]]:
    out, sugg = [], []
    for r in rows:
        table = _get(r, "table", "relname", "name")
        dead = _get(r, "dead", "n_dead_tup", "dead_tuples", default=0) or 0
        live = _get(r, "live", "n_live_tup", "live_tuples", default=0) or 0
        pct = _get(r, "dead_pct", "dead_ratio_pct", "dead_percent")
        if pct is None:
            pct = 100.0 * dead / (dead + live) if dead + live else 0.0
        pct = float(pct)
        if not table or dead < 1000 or pct < 10:
            continue
        last = _get(r, "last_autovacuum") or _get(r, "last_vacuum")
        av_off = bool(_get(r, "av_off")) or _get(r, "autovacuum_enabled", default=True) in (False, "false", "off")
        line = f"**{md_text(table)}**: {pct:.0f} % dead tuples ({_fmt(int(dead))} dead), last (auto)vacuum {_age(last)}"
        if av_off:
            line += ", autovacuum is switched OFF for this table"
        name = _quoted(_get(r, "schema", default=None), table)  # a table's name is data: quoted in statements
        line += f" → {md_code(f'VACUUM (ANALYZE) {name}')}"
        sugg.append({"sql": f"VACUUM (ANALYZE) {name}", "reason": f"{pct:.0f} % dead tuples in {table}"})
        if av_off:
            sugg.append({"sql": f"ALTER TABLE {name} SET (autovacuum_enabled = true)",
                         "reason": f"autovacuum is disabled on {table}, so dead tuples pile up"})
        else:
            line += f"; consider {md_code(f'ALTER TABLE {name} SET (autovacuum_vacuum_scale_factor = 0.05)')}"
            sugg.append({"sql": f"ALTER TABLE {name} SET (autovacuum_vacuum_scale_factor = 0.05)",
                         "reason": f"vacuum {table} after 5 % of rows change instead of 20 %"})
        out.append(line)
    return out, sugg


def _quoted(schema: str | None, name: str) -> str:
    """A relation name for a suggested statement: quoted as an identifier (public needs no schema)."""
    parts = (schema, name) if schema and schema != "public" else (name,)
    return psql.Identifier(*parts).as_string(None)


def findings_indexes(rows: list[dict]) -> tuple[list[str], list[dict]]:
    out, sugg = [], []
    for r in rows:
        name = _get(r, "index", "indexrelname", "name")
        kind = str(_get(r, "kind", "issue", "problem", "status", default="")).lower()
        if not name or not kind or kind in ("ok", "used"):
            continue
        table = _get(r, "table", "relname", default="")
        why = _get(r, "reason", "detail", "note", default="")
        out.append(f"**{md_text(name)}** on {md_text(table)}: {md_text(kind)}" + (f" ({md_text(why)})" if why else ""))
        drop = _get(r, "drop_sql", "sql", "suggestion")
        if isinstance(drop, str) and drop.upper().startswith("DROP"):
            sugg.append({"sql": drop, "reason": f"{name} is {kind}"})
        elif kind in ("unused", "duplicate", "redundant"):
            sugg.append({"sql": f"DROP INDEX CONCURRENTLY {_quoted(_get(r, 'schema', default=None), name)}",
                         "reason": f"{name} is {kind}"})
    return out, sugg


def findings_locks(rows: list[dict]) -> tuple[list[str], list[dict]]:
    out = []
    for r in rows:
        blocked = _get(r, "blocked_pid", "pid")
        blocking = _get(r, "blocking_pid", "blocking_pids", "blocked_by")
        if blocked and blocking:
            wait = _get(r, "wait_s", "waiting_s", "wait_seconds", "duration_s")
            out.append(f"session {blocked} is blocked by {blocking}" + (f" for {_fmt(wait)} s" if wait else ""))
    return out, []


def findings_top(rows: list[dict]) -> tuple[list[str], list[dict]]:
    out = []
    for r in rows[:3]:
        qtext = _get(r, "query", default="")
        mean = _get(r, "mean_ms", "mean_time_ms", "mean_exec_time", "mean_time")
        calls = _get(r, "calls")
        total = _get(r, "total_ms", "total_time_ms", "total_exec_time", "total_time")
        if qtext:
            short = re.sub(r"\s+", " ", str(qtext))[:110]
            bits = [f"{_fmt(calls)} calls" if calls is not None else "",
                    f"mean {_fmt(float(mean))} ms" if mean is not None else "",
                    f"total {_fmt(float(total))} ms" if total is not None else ""]
            out.append(f"{md_code(short)} — " + ", ".join(b for b in bits if b))
    return out, []


def findings_resources(rows: list[dict], data: Any) -> tuple[list[str], list[dict]]:
    out = []
    items = rows[:] if rows else []
    if isinstance(data, dict):
        items.append(data)
    for r in items:
        ratio = _get(r, "cache_hit_pct", "cache_hit_ratio", "hit_ratio")
        if ratio is not None:
            ratio = float(ratio)
            pct = ratio * 100 if ratio <= 1 else ratio
            verdict = "good" if pct >= 99 else ("fair" if pct >= 95 else "low: the working set does not fit in shared_buffers")
            out.append(f"cache hit ratio {pct:.1f} % ({verdict})")
            break
    return out, []


def _finding_for(tool: str, result: Any) -> tuple[list[str], list[dict]]:
    rows = _rows(result)
    role = next((r for r, n in T.items() if n == tool), None)
    if role == "health":
        return findings_health(rows)
    if role == "indexes":
        return findings_indexes(rows)
    if role == "locks":
        return findings_locks(rows)
    if role == "top":
        return findings_top(rows)
    if role in ("resources", "dbstats"):
        return findings_resources(rows, getattr(result, "data", None))
    return [], []


def _sql_answer(query: Query | None, step: Any) -> str:
    data = getattr(step.result, "data", None) or {}
    cols, rows = data.get("columns") or [], data.get("rows") or []
    if query is not None and query.kind in ("count", "sum", "avg", "min", "max", "pct") and len(rows) == 1 and len(cols) == 1:
        value = md_text(_fmt(rows[0][0]))
        if query.kind == "pct":
            return f"**{value} %** — {md_text(query.summary)}.\n\n{md_fence(step.tool_input, 'sql')}"
        return f"**{value}** — {md_text(query.summary)}.\n\n{md_fence(step.tool_input, 'sql')}"
    head = f"{md_text(query.summary)}:" if query is not None else "Result of the query:"
    if not rows:
        return f"{head} no rows.\n\n{md_fence(step.tool_input, 'sql')}"
    return f"{head}\n\n{step.result.output}\n\n{md_fence(step.tool_input, 'sql')}"


def split_findings(output: str) -> tuple[str, list[str]]:
    """A tool's own "Findings:" section, lifted out of its output: (rest, findings)."""
    m = re.search(r"(?:^|\n)Findings:\s*\n((?:\s*- .*(?:\n|$))+)", output)
    if not m:
        return output, []
    found = [ln.strip()[2:].strip() for ln in m.group(1).splitlines() if ln.strip().startswith("- ")]
    found = [f for f in found if not re.match(r"no (table|index|issue)s? (needs?|need) attention", f, re.I)]
    rest = (output[: m.start()] + output[m.end():]).strip()
    return rest, found


def _norm_sql(sql: str) -> str:
    return re.sub(r"\s+", " ", sql.replace('"', "").strip().rstrip(";").lower())


def compose_answer(state: LoopState, query: Query | None = None, notes: list[str] | None = None,
                   queries: dict[str, Query] | None = None) -> tuple[str, list[dict[str, str]]]:
    """The final answer from the observations: findings first (the tools' own and the planner's
    rules), then the evidence, then the writes it recommends (never run here)."""
    parts: list[str] = []
    findings: list[str] = []
    suggestions: list[dict[str, str]] = []
    failed: list[str] = []
    for s in state.steps:
        if s.error or s.result is None:
            continue
        if not s.ok:
            failed.append(f"{s.tool}: {s.observation.splitlines()[0]}")
            continue
        if s.tool == T["sql"]:
            parts.append(_sql_answer((queries or {}).get(s.tool_input, query), s))
            continue
        if s.tool == T["tables"]:
            kinds = [str(r.get("kind", "")) for r in _rows(s.result)]
            if kinds:
                n_t = sum(1 for k in kinds if k in ("table", "partitioned"))
                others = len(kinds) - n_t
                findings.append(f"**{n_t}** tables" + (f" (plus {others} other relation{'s' if others > 1 else ''}: views, matviews or foreign tables)" if others else ""))
        evidence, own = split_findings(s.observation)
        _, own_full = split_findings(s.result.output or "")
        f, sg = _finding_for(s.tool, s.result)
        tool_findings = own_full or own
        # the planner's rule lines replace the tool's lines about the same table's dead tuples
        covered = {m.group(1) for x in f for m in [re.match(r"\*\*([^*]+)\*\*", x)] if m}
        findings += f + [x for x in tool_findings
                         if not ("dead tuples" in x and x.split(":")[0].strip('*" ') in covered)]
        own_sugg = [dict(x, tool=s.tool) for x in s.result.suggestions]
        if own_sugg:  # the tool's writes first; the planner adds only statements of another kind
            kinds = {_norm_sql(x["sql"]).split(" (")[0].split(" set")[0] for x in own_sugg}
            sg = [x for x in sg if "autovacuum_enabled" not in x["sql"]]
        suggestions += own_sugg + sg
        parts.append(f"**{s.tool}**" + (f" ({md_text(s.tool_input)})" if s.tool_input else "") + ":\n\n" + evidence)
    seen: set[str] = set()
    uniq = []
    for x in suggestions:
        k = _norm_sql(x["sql"])
        if k not in seen:
            seen.add(k)
            uniq.append(x)
    text = ""
    if findings:
        text += "Findings:\n" + "\n".join(f"- {f}" for f in dict.fromkeys(findings)) + "\n\n"
    text += "\n\n".join(parts)
    if failed:
        text += ("\n\n" if text else "") + "Could not get:\n" + "\n".join(f"- {f}" for f in failed)
    if uniq:
        text += "\n\nSuggested statements (not run; confirm each one to run it):\n" + "\n".join(
            f"- {md_code(x['sql'])} — {md_text(x['reason'])}" for x in uniq)
    for n in notes or []:
        text += f"\n\n_Note: {n}_"
    return text.strip() or "The tools returned nothing to report.", uniq

"""The deterministic planner: the embedded default policy for instance questions (no LLM).

It picks the tools a question needs (agent/planner/intents.py: the tools' own intents, composites and
subsumption), lets each tool fill its inputs from the question (``Tool.plan``), builds SQL for plain
data questions (agent/planner/sql.py), and proposes one typed Action at a time to the loop
(agent/react.py), which runs it exactly as it would a model's. When the plan is done it writes the
final answer from the typed results (agent/planner/answer.py).
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from psycopg import sql as psql

from agent.planner.answer import compose_answer
from agent.planner.glossary import meanings, stem
from agent.planner.filters import rel
from agent.planner.intents import sql_in, tools_for
from agent.planner.linking import STOP, abbreviates, column_word, comment_names, find_tables, name_parts, singular, time_window, words
from agent.planner.question import ask_back, unread_data_question
from agent.planner.sql import Query, build_query, readings
from agent.react import Action, Final, LoopState, Turn
from agent.render import md_text
from toolkits.catalog import Catalog
from toolkits.tool import Ask

log = logging.getLogger(__name__)

# The tools the planner fills itself (the rest fill their own inputs, Tool.plan).
SQL_TOOL = "run_sql"  # runs the statements the planner builds or finds in the question
DESCRIBE_TOOL = "describe_table"  # a question that only names a table
START_TOOL = "list_tables"  # where to start when nothing else fits
ADVICE_TOOL = "index_advice"  # advises on the statement a question describes ("filtering X by Y")


@dataclass(frozen=True)
class Feed:
    """A ``tool`` step planned without its statement takes one from an earlier step's rows (``column``);
    ``source`` runs first, planned as if asked ``ask`` when the question did not ask for it."""

    tool: str
    source: str
    column: str
    ask: str


FEEDS = (Feed("explain_query", "top_queries", "query", "mean"),)  # "explain the slowest query"


@dataclass
class PlannedStep:
    tool: str
    args: dict[str, Any] = field(default_factory=dict)
    thought: str = ""


def _strip_time(question: str) -> str:
    """The previous question without its time window, so a follow-up's window replaces it."""
    w = time_window(question)
    q = re.sub(re.escape(w.phrase), " ", question, flags=re.I) if w else question
    return re.sub(r"\s+", " ", q).strip(" ?")


# How a follow-up starts ("and per region?", "only for 2025", "what about Germany?"); the lead words dropped
_FOLLOW = r"^(and|what about|how about|same for|and for|also|now|only|just|but|then|instead|excluding|without|per|by|" \
          r"for each|broken down by|split by|grouped by|in|for|from|during)\b"
_DROP = ("and", "what about", "how about", "same for", "and for", "also", "now", "only", "just", "but", "then",
         "instead")


def _calendar(q: str) -> bool:
    """A window on the calendar ("in 2025", "during June 2022", "between 1 and 30 June 2025"): data, not counters."""
    w = time_window(q)
    return w is not None and re.search(r"\b(19|20)\d\d\b", w.phrase) is not None


_ACTIVITY_TOOLS = {"active_sessions", "locks"}
_ACTIVITY_WORDS = re.compile(r"\b(sessions?|connections?|backends?|locks?|locked|blocking|blocked|quer(y|ies)|"
                             r"statements?|transactions? (are|is)|pid|activity|deadlocks?)\b", re.I)


def _activity_said(q: str, tables: list[str], cat: Catalog) -> bool:
    """The question speaks of server activity: a word of _ACTIVITY_WORDS that is not the meaning of a code in a
    table it names ("members blocked for fraud" when a comment says "9 = blocked for fraud")."""
    coded = {w for t in tables if t in cat.tables for c in cat.tables[t].columns.values() for x in meanings(c)
             for w in x.words}
    # "PT sessions" when a table is pt_session, "private coaching sessions" when its comment says so: rows of that
    # table, not server sessions — when another word of its name is said too ("sessions active now" stays activity)
    asked = {stem(w) for w in words(q)}
    named = set()
    for t in (t for t in tables if t in cat.tables):
        known = {stem(p) for p in name_parts(cat.tables[t].name)}
        known |= {stem(w) for n in comment_names(cat.tables[t].comment) for w in n.split("_")}
        if asked & {k for k in known if not _ACTIVITY_WORDS.fullmatch(k)}:
            named |= known
    return any(stem(m.group(0)) not in coded | named for m in _ACTIVITY_WORDS.finditer(q))


def _rows_not_activity(q: str, names: list[str], tables: list[str], cat: Catalog) -> bool:
    """Words like "waiting" or "stuck" matched a server-activity tool, but the question counts rows of a table it
    names and says nothing of sessions, locks or queries."""
    return set(names) <= _ACTIVITY_TOOLS and not _activity_said(q, tables, cat) and _counts_rows(q, tables, cat)


def _counts_rows(q: str, tables: list[str], cat: Catalog) -> bool:
    """Whether the question counts, adds up or lists rows of a table (or view) it names."""
    return bool(tables) and re.search(r"\b(how many|number of|count|total|average|which|list)\b", q, re.I) is not None \
        and any(cat.tables[t].kind in "rpmv" for t in tables if t in cat.tables)


_HOST_SAID = re.compile(r"\b(cpus?|processors?|cores?|memory|ram|swap|disks?|free space|load average|i/?o|hardware|"
                        r"host|machine|server)\b", re.I)


def _rows_not_host(q: str, names: list[str], tables: list[str], cat: Catalog) -> bool:
    """"How many former members still have wine in storage?", "the average net weight of an accepted load": a
    word of the host-resources tool, in a question that counts or averages rows of a table it names and says
    nothing of the machine."""
    return names == ["host_resources"] and not _HOST_SAID.search(q) and _counts_rows(q, tables, cat)


def heads_first(mentions: list) -> list[str]:
    """The tables a question names, a compound's head before the word that qualifies it ("each property
    inspection": inspection, then property)."""
    out = [m.table for m in mentions]
    for k in range(len(mentions) - 1):
        if mentions[k].end == mentions[k + 1].start and mentions[k].table != mentions[k + 1].table:
            i, j = out.index(mentions[k].table), out.index(mentions[k + 1].table)
            if i < j:
                out[i], out[j] = out[j], out[i]
    return out


_WHAT_IS = re.compile(r"\bwhat(?:'s| is| are| does| do)\s+(?:the\s+)?(?:column\s+|field\s+)?([a-z_][a-z0-9_]*)"
                      r"(?:\s+(?:column|field))?(?:\s+(?:mean|stand for|hold|contain|store)s?)?\s*\??\s*$", re.I)


def column_meant(q: str, tables: list[str], cat: Catalog) -> tuple[str, str] | None:
    """"In the stock balance table, what is qal?": (the table, the column) when the word asked about is a column
    name (not a common word) of a table the question names, or of exactly one table."""
    m = _WHAT_IS.search(q.strip())
    if not m or m.group(1).lower() in STOP:
        return None
    col = m.group(1).lower()
    owners = [t for t in (tables or list(cat.tables)) if t in cat.tables and col in {c.lower() for c in cat.tables[t].columns}]
    return (owners[0], col) if len(owners) == 1 else None


_CODE_MEANT = re.compile(r"\bwhat (?:does|do|is)\s+(?:the\s+)?(?:[a-z_]+\s+){0,3}?(?:code|value|letter|flag)?\s*['\"]?"
                         r"([A-Za-z0-9][\w-]{0,11})['\"]?\s+(?:mean|stand for|signify|indicate)s?\b|"
                         r"\bwhat(?:'s| is| are)\s+(?:an?|the)\s+(?:[a-z_]+\s+){1,3}?(?:of|with)\s+(?:the\s+)?"
                         r"(?:type|kind|class|code|status|category|grade)\s+['\"]?([A-Z0-9][\w-]{0,7})['\"]?\s*\??\s*$",
                         re.I)  # "what does pay plan D mean?", "what is a lift of type H?"


_THAT_MEANT = re.compile(r"\bwhat (?:does|do|is|might) (?:that|this|it|the code|that code|this code)\s+"
                         r"(?:code\s+)?(?:mean|stand for|signify|indicate|refer to)\b", re.I)

_THAT_CODE = re.compile(r"\bcodes?\b[^?]*[.!]\s*what(?:'s| is) (?:that|this|it)\s*\??\s*$", re.I)  # "…the scheme
# code MYD. What is that?"

_CODES_MEAN = re.compile(r"\bwhat (?:do|does) (?:the )?(.+?) (?:codes?|values?|flags?|letters?)\b.*\b(?:mean|stand for)\b", re.I)


def codes_column(q: str, tables: list[str], cat: Catalog) -> tuple[str, str] | None:
    """"What do the read type codes on the meter reads table mean?": (table, column) the words before "codes" name,
    in a table the question names."""
    m = _CODES_MEAN.search(q)
    if not m:
        return None
    said = [w for w in words(m.group(1)) if w not in STOP]
    for pool in (list(dict.fromkeys(tables)), list(cat.tables)):  # a table the question names (once), else the one
        # table with such a column
        hits = [(t, h[0]) for t in pool if t in cat.tables and (h := column_word(cat.tables[t], words(m.group(1))))
                and cat.tables[t].columns[h[0]].comment]
        if not hits:  # "status codes" of itm_stat: a part of its name abbreviates the word
            hits = [(t, c.name) for t in pool if t in cat.tables for c in cat.tables[t].columns.values()
                    if c.comment and meanings(c) and any(abbreviates(p, w) for p in name_parts(c.name) for w in said)]
        if hits:
            return hits[0] if len(hits) == 1 else None
    return None


def code_meant(q: str, tables: list[str], cat: Catalog) -> tuple[str, str, str] | None:
    """"What does the status code WO mean?": (table, column, code) for the one column (of a table the question
    names, else of any) that holds that code or whose comment explains it."""
    m = _CODE_MEANT.search(q)
    g = (1 if m.group(1) else 2) if m else 0
    if m and m.group(g).lower() not in ("that", "this", "it", "those", "these"):
        code = m.group(g)
    elif (_THAT_MEANT.search(q) or _THAT_CODE.search(q)) and (
            said := [a or b for a, b in re.findall(r"\b([A-Z][A-Z0-9]{1,7})\b|\b(?:status|code|type|flag|grade|class) "
                                                    r"([A-Z0-9])\b", q)]):
        code = said[-1]  # "Some members cancelled with the reason UNUS. What does that stand for?"; "status N"
    else:
        return None
    before = set(words(q[:m.start(g)])) if m else set()
    for pool in (list(dict.fromkeys(tables)), list(cat.tables)):  # a table named twice is one table
        owners = [(t, c.name) for t in pool if t in cat.tables for c in cat.tables[t].columns.values()
                  if code in c.values or any(str(x.code) == code for x in meanings(c) if not isinstance(x.code, bool))]
        if len(owners) > 1:  # "what does priority 2 mean?": the column the word before the code names
            owners = [o for o in owners if before & set(name_parts(o[1]))] or owners
        if len(owners) == 1:
            return owners[0][0], owners[0][1], code
        if owners:
            return None
    return None


_FILTERED_BY = re.compile(r"\b(?:filter(?:s|ed|ing)?|look(?:s|ed|ing)?(?: ?up|\s+(?:[a-z']+\s+){1,3}?up)|lookups?|"
                          r"search(?:es|ed|ing)?|find(?:s|ing)?|fetch(?:es|ed|ing)?|select(?:s|ed|ing)?|"
                          r"quer(?:y|ies|ied|ying))\b[^.?;]*?\b(?:by|on|with|using)\s+([^.?;!),]+)"
                          # "customers ring up quoting their tracking number": the key the caller gives is the lookup's
                          r"|\b(?:quot(?:e|es|ed|ing)|giv(?:e|es|ing)|provid(?:e|es|ed|ing)|read(?:s|ing)? out|"
                          r"scan(?:s|ned|ning)?|typ(?:e|es|ed|ing) in|enter(?:s|ed|ing)?)\s+((?:their|the|a|an|its|his|"
                          r"her|our|your)\s+[^.?;!),]+)", re.I)
_PHRASE_END = re.compile(r"\s+(?:is|are|was|were|takes?|taking|and|but|it|which|that|keeps?|gets?|all (?:day|the time|week)|"
                         r"every (?:day|time|hour|minute)|(?:many|several|hundreds of|thousands of) times|constantly|"
                         r"(?:a|quite a) lot|often)\b.*$", re.I)  # "... by its name all day long": how often, no column
_OWN = {"their", "its", "his", "her", "our", "own", "the", "a", "an", "each", "every", "any"}


def _column_score(c, said: list[str]) -> float:
    """How many of the words ``said`` the column's name parts (whole, singular or written short) or its comment say."""
    parts = [p for p in name_parts(c.name) if len(p) >= 2]
    comment = {stem(w) for w in words(c.comment) if w not in STOP}
    score = 0.0
    for w in said:
        if w == c.name.lower():
            score += 4  # "filtered by flight_id": the name itself
        elif any(p == w or p == singular(w) or abbreviates(p, w) for p in parts):
            score += 1 if w in _GENERIC else 2  # a part of the name says it ("merchant" of merchant_nm)
        elif stem(w) in comment:
            score += 0.5 if w in _GENERIC else 1  # only its comment does ("registration number" of mapp_no)
    return score


# What people call a column that names seldom say the same way ("number plate" for vehicle_reg, "zip" for postcode)
_SAME_AS = {"number plates?|licen[cs]e plates?|plates?": "registration reg vrm", "zip(?: code)?": "postcode postal",
            "post ?codes?": "zip postal", "surnames?|family names?": "last lname", "phone|mobile": "telephone tel phone mob",
            "e-?mail": "email mail", "date of birth|birthday": "dob birth", "national insurance": "nino ni"}
_GENERIC = {"number", "no", "num", "code", "id", "name", "date", "time", "type", "value", "ref", "reference"}


def searched_column(phrase: str, tables: list[str], cat: Catalog, question: str = "") -> tuple[str, str] | None:
    """(table, column) a phrase names as what rows are looked up by ("the supplier's own invoice number" →
    supplier_invoice.supp_inv_ref): the column of the tables the question names that says most of the phrase's
    words, else of any table; when no name says them, the column nearest in meaning (MiniLM) among the tables
    nearest the question, above a floor and clear of the runner-up."""
    said = [w for w in words(phrase) if w not in STOP and w not in _OWN and len(w) >= 2]
    if not said:
        return None
    at = question.find(phrase) if question else -1
    owner = re.findall(r"\b([a-z]+)['’]s\b", question[:at].lower()) if at > 0 else []
    if owner and re.match(r"\s*(?:its|their|his|her)\b", phrase, re.I):
        said.append(owner[-1])  # "a boat's movements ... by its name": the boat's name (vessel_nm, "Boat name")
    text = " ".join(said)
    for k, v in _SAME_AS.items():  # the phrase said the usual way: its words replaced by what columns call it
        if re.search(rf"\b(?:{k})\b", text):
            said = [*said, *v.split()]
            break
    searchable = [t for t in cat.tables.values() if t.kind in "rpm" and not t.partition_of]
    for pool in ([t for t in searchable if t.name in tables], searchable):
        scored = sorted(((_column_score(c, said), t.rows, t.name, c.name) for t in pool for c in t.columns.values()
                         if c.name != t.pk), reverse=True)
        if scored and scored[0][0] > 1:  # a generic word alone ("number" of "number plate") says too little
            return scored[0][2], scored[0][3]  # of two that say as much, the bigger table's: a lookup is slow there
    from agent.planner.semantic import ranked_tables
    from toolkits.encoder import encode

    near = list(dict.fromkeys([*tables, *(name for name, _ in ranked_tables(question or phrase, cat)[:3])]))
    cols = [(n, c) for n in near for c in cat.tables[n].columns.values() if c.name != cat.tables[n].pk]
    if not cols:
        return None
    vecs = encode([" ".join(name_parts(c.name)) + (f" ({c.comment})" if c.comment else "") for _, c in cols])
    sims = vecs @ encode([" ".join(said)])[0]
    order = sims.argsort()[::-1]
    best, second = float(sims[order[0]]), float(sims[order[1]]) if len(order) > 1 else -1.0
    if best < 0.45 or best - second < 0.05:
        return None
    n, c = cols[int(order[0])]
    return n, c.name


def advice_statement(q: str, cat: Catalog) -> str | None:
    """"The disputes team keeps filtering card transactions by merchant name. What index would help?": the statement
    the question describes (that table filtered by that column), for the index advisor to evaluate; None unless the
    question says what rows are looked up by and a column says it."""
    m = _FILTERED_BY.search(q)
    if not m:
        return None
    phrase = _PHRASE_END.sub("", m.group(1) or m.group(2))
    found = searched_column(phrase, [x.table for x in find_tables(words(q), cat)], cat, q)
    if found is None:
        return None
    t = cat.tables[found[0]]
    col = t.columns[found[1]]
    seen = col.values or col.samples  # a value the data holds, for a realistic estimate
    value = seen[0] if seen else (1 if col.is_numeric else "x")
    if col.is_time:
        return psql.SQL("SELECT * FROM {} WHERE {} >= now() - interval '1 day'").format(
            rel(t), psql.Identifier(col.name)).as_string(None)
    return psql.SQL("SELECT * FROM {} WHERE {} = {}").format(rel(t), psql.Identifier(col.name),
                                                             psql.Literal(value)).as_string(None)


def follow_text(q: str, prev: str) -> str | None:
    """``q`` read as a refinement of ``prev`` (the words joined, a new time window replacing the old), or None when
    ``q`` is a question of its own."""
    q = q.strip()
    if not prev or prev.strip() == q or len(q.split()) > 8:
        return None
    lead = re.match(_FOLLOW, q, re.I)
    if not lead or (lead.group(1).lower() in ("in", "for", "from", "during") and not time_window(q)):
        return None  # "in 2025", "for last month" refine; "in which schema ..." is a question of its own
    rest = q[lead.end():].strip() if lead.group(1).lower() in _DROP else q
    return f"{_strip_time(prev) if time_window(rest) else prev.strip().rstrip('?')} {rest}"


# "why?", "how did you get that?": the previous question's reading explained, its evidence gathered again
WHY = re.compile(r"^\s*(?:and\s+)?(?:why|why so|why is that|why that|how come|how did you get (?:that|this|it)|"
                 r"how do you know|explain (?:that|this|it|your answer)|where does (?:that|this) come from)\s*[?.!]*\s*$",
                 re.I)


_WHY_LEAD = ": I run it again and say how I read it. "


def previous_question(q: str, history: list[dict[str, str]] | None) -> str:
    """The user's previous question as the planner read it: a follow-up is joined with the one it refined."""
    prev = ""
    for h in history or []:
        if h.get("role") == "user" and h.get("content", "").strip() and h["content"].strip() != q.strip():
            prev = follow_text(h["content"], prev) or h["content"]
    return prev


def follow_up_of(q: str, history: list[dict[str, str]] | None) -> str | None:
    """The previous question ``q`` refines ("and per region?", "only for 2025") or asks about ("why?"), else None."""
    prev = previous_question(q, history)
    if not prev:
        return None
    return prev if WHY.match(q) or follow_text(q, prev) is not None else None


class Planner:
    """Deterministic policy: a plan of tool calls from the tools' intents, then an answer from their results."""

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
        self.asked: str | None = None  # a question back to the user instead of a guess
        self.why: str | None = None  # "why?": the previous question, whose reading the answer explains
        self.lead: str | None = None  # a sentence that answers before the tool's evidence ("qal: Quantity allocated ...")
        self.proposed = 0

    # ------------------------------------------------------------------ planning
    def _catalog(self) -> Catalog:
        if self.catalog is None:
            try:
                self.catalog = self.read_catalog(self.ctx)
            except Exception as exc:  # an unreachable database shows up in the tool call itself
                self.notes.append(f"could not read the catalog: {exc}")
                self.catalog = Catalog()
        return self.catalog

    def _query(self, q: str, cat: Catalog) -> Query | None:
        """The planner's statement for ``q``; a reading that fails (a planner bug on a schema it was not written
        for) is logged and answered like a question no rule reads — the fallbacks still help the user."""
        try:
            return build_query(q, cat, self.row_limit)
        except Exception:  # noqa: BLE001 - the traceback goes to the log, the user gets the fallback
            log.exception("the planner could not read %r", q)
            note = "the question-to-SQL reader failed on this question (the log has the details)"
            self.notes += [note] if note not in self.notes else []
            return None

    def tools_for(self, question: str) -> list[str]:
        """The names of the tools a question needs, in order."""
        return tools_for(question, self.registry.all(), self._catalog)

    def step(self, name: str, q: str, tables: list[str], sql: str | None) -> PlannedStep:
        """A step of tool ``name`` with the inputs the tool reads from the question."""
        tool = self.registry.resolve(name)
        if tool is None:
            return PlannedStep(name)  # reported as missing when proposed
        planned = tool.plan(Ask(q, tuple(tables), sql, frozenset(self._catalog().settings)))
        return PlannedStep(tool.name, dict(planned.args), planned.thought)

    def first_input(self, name: str, value: str, thought: str) -> PlannedStep:
        """A step of tool ``name`` with ``value`` as its first input (a statement, a table)."""
        tool = self.registry.resolve(name)
        params = tool.spec.params if tool is not None else ()
        return PlannedStep(tool.name if tool else name, {params[0].name: value} if params else {}, thought)

    def make_plan(self, question: str, history: list[dict[str, str]] | None = None) -> list[PlannedStep]:
        q = question.strip()
        sql = sql_in(q)
        names = self.tools_for(q)
        cat = self._catalog()
        tables = heads_first(find_tables(words(q), cat))
        if names and not sql and _calendar(q) and cat.tables and self._query(q, cat) is not None:
            names = []  # "transactions per month in 2025": rows of a table; server counters have no calendar
        if set(names) & _ACTIVITY_TOOLS and set(names) - _ACTIVITY_TOOLS and not sql and tables \
                and _ACTIVITY_WORDS.search(q) and not _activity_said(q, tables, cat):
            names = [n for n in names if n not in _ACTIVITY_TOOLS]  # "the fields of a PT session": a table's word
        if names and not sql and (_rows_not_activity(q, names, tables, cat) or _rows_not_host(q, names, tables, cat)):
            names = []  # "orders still waiting to ship": rows of a table the question names, not waiting sessions
        if not names:
            return self._unmatched(q, sql, tables, history)
        if names == [DESCRIBE_TOOL] and not sql and (code := self._code_step(q, tables, cat)):
            return code  # "... the reason UNUS. What does that stand for?": the table that holds the code
        for feed in FEEDS:  # plan the statement the source step finds
            if feed.tool in names and feed.source in names and not sql:
                names.remove(feed.source)
                names.insert(names.index(feed.tool), feed.source)
        advised = advice_statement(q, cat) if ADVICE_TOOL in names and not sql else None
        if advised:  # the statement is the question's: the workload's slowest are not needed to find it
            names = [n for n in names if n != "top_queries"]
        steps = [self.step(name, q, tables, advised if name == ADVICE_TOOL and advised else sql) for name in names]
        return steps + ([] if sql else self._data_clauses(q))

    def _code_step(self, q: str, tables: list[str], cat: Catalog) -> list[PlannedStep]:
        """"What does the status code WO mean?": describe the one table whose column holds or explains that code,
        its meaning first."""
        code = code_meant(q, tables, cat)
        if not code:
            return []
        t, name, value = code
        col = cat.tables[t].columns[name]
        says = next((x.said for x in meanings(col) if str(x.code) == value and not isinstance(x.code, bool)), None)
        self.lead = (f"**{md_text(value)}** in {md_text(cat.tables[t].qname)}.{md_text(name)}: "
                     + md_text(says or col.comment or "no comment explains the codes of this column."))
        return [self.first_input(DESCRIBE_TOOL, t, f"The question asks what {value} in column {name} of {t} "
                                                   "means: the column's comment explains its codes.")]

    def _unmatched(self, q: str, sql: str | None, tables: list[str],
                   history: list[dict[str, str]] | None) -> list[PlannedStep]:
        """No tool's intent matched: SQL in the question, a follow-up, a data question, a table, the closest tool."""
        if sql:
            return [self.first_input(SQL_TOOL, sql, "The question contains a query; run it read-only.")]
        follow = self._follow_up(q, history)
        if follow:
            return follow
        cat = self._catalog()
        code = self._code_step(q, tables, cat)
        if code:
            return code
        meant = column_meant(q, tables, cat) or codes_column(q, tables, cat)
        if meant:
            col = next(c for c in cat.tables[meant[0]].columns.values() if c.name.lower() == meant[1])
            self.lead = (f"**{md_text(col.name)}** ({md_text(cat.tables[meant[0]].qname)}, {md_text(col.type)}): "
                         + md_text(col.comment or "no comment describes it; its name, type and table are all the "
                                                  "catalog says."))
            return [self.first_input(DESCRIBE_TOOL, meant[0], f"The question asks what column {meant[1]} of {meant[0]} "
                                                              "is: its description and comment.")]
        query = self._query(q, cat) if cat.tables else None
        if query is not None and query.kind == "ask":  # two readings, or a measure it cannot find: ask back
            self.asked = query.summary
            return []
        if query is not None:
            self.query = query
            self.queries[query.sql] = query
            return [self.first_input(SQL_TOOL, query.sql, f"This is a question about the data: {query.summary}. "
                                                          "I build one read-only SELECT from the catalog.")]
        self.asked = ask_back(q, cat) if cat.tables else None
        if self.asked:
            return []
        if tables:
            return [self.first_input(DESCRIBE_TOOL, tables[0], f"The question is about table {tables[0]}; describe it.")]
        self.asked = unread_data_question(q, cat) if cat.tables else None
        if self.asked:  # "what percentage of the current workforce is female?": ask, do not show host figures
            return []
        matched = self.registry.match(q, 1)  # the closest tool by meaning, with its default input
        if matched and not any(p.required for p in matched[0].spec.params) and not matched[0].spec.writes:
            return [PlannedStep(matched[0].name, {}, f"No rule matched; {matched[0].name} is the closest tool.")]
        return [PlannedStep(START_TOOL, {}, "I could not map the question to a tool; start from the list of tables.")]

    def _data_clauses(self, q: str) -> list[PlannedStep]:
        """A data question asked in the same breath ("... and how many orders came in yesterday?")."""
        cat = self._catalog()
        if not cat.tables or not re.search(r"\band\b|;|\?\s+\S", q):
            return []
        steps = []
        for clause in re.split(r"\band\b|;|\?\s+", q):
            if not re.search(r"\b(how many|how much|count|number of|total|sum of|average|top \d+)\b", clause, re.I):
                continue
            if self.tools_for(clause):
                continue
            query = self._query(clause, cat)
            if query is not None and query.kind != "ask":
                self.queries[query.sql] = query
                steps.append(self.first_input(SQL_TOOL, query.sql, f"Also a question about the data: {query.summary}."))
        return steps

    def _follow_up(self, q: str, history: list[dict[str, str]] | None) -> list[PlannedStep] | None:
        """A follow-up ("and last week?", "only for 2025", "and per region?") read together with the question it
        refines: the previous one, itself read with the one before when it was a follow-up too. "why?" runs the
        previous question again and explains how it was read."""
        prev = previous_question(q, history)
        if prev and WHY.match(q):
            plan = self.make_plan(prev)
            self.why = prev
            if plan:
                plan[0].thought = f"You ask why, about \"{prev.strip()}\"{_WHY_LEAD}{plan[0].thought}"
            return plan or None
        combined = follow_text(q, prev)
        if combined is None:
            return None
        plan = self.make_plan(combined)
        if plan and plan[0].tool != START_TOOL:
            plan[0].thought = f"A follow-up to \"{prev.strip()}\", read as \"{combined}\". " + plan[0].thought
            return plan
        return None

    # ------------------------------------------------------------------ the policy
    def _start(self, state: LoopState) -> None:
        self.plan = self.make_plan(state.question, state.history)
        for feed in FEEDS:  # the fed step needs a source: plan one when the question did not
            fed = next((i for i, p in enumerate(self.plan) if p.tool == feed.tool and not p.args), None)
            if fed is not None and not any(p.tool == feed.source for p in self.plan):
                self.plan.insert(fed, self.step(feed.source, feed.ask, [], None))

    def propose(self, state: LoopState) -> Turn:
        if self.plan is None:
            self._start(state)
        last = state.steps[-1] if state.steps else None
        while self.proposed < len(self.plan):
            step = self.plan[self.proposed]
            tool = self.registry.resolve(step.tool)
            if tool is None:
                self.notes.append(f"no tool for {step.tool} in this toolkit")
                self.plan.pop(self.proposed)
                continue
            if not self._feed(step, tool, state):
                self.plan.pop(self.proposed)  # no statement to give it
                continue
            if last is not None and last.error and last.tool == tool.name and last.tool_input == tool.display(step.args):
                break  # the loop refused it (a repeat): stop planning
            self.proposed += 1
            return Turn(Action(tool.name, dict(step.args), step.thought))
        if self.asked and not state.steps:
            return Turn(Final(self.asked, "The question has two readings (or none I can compute); I ask instead of guessing.",
                              asks=True))
        text, suggestions = compose_answer(state, self.query, self.notes, self.queries)
        if self.why:
            text = self.why_text() + "\n\n" + text
        if self.lead:
            text = self.lead + "\n\n" + text
        return Turn(Final(text, "I have what I need to answer."), suggestions)

    def why_text(self) -> str:
        """How the previous question was read: why each tool was called and, for a data question, the candidate
        statements and which of the question's words each accounts for."""
        lines = [f"How I answered \"{self.why.strip()}\":"]
        lines += [f"- **{p.tool}**: {md_text(p.thought.split(_WHY_LEAD)[-1])}" for p in self.plan or []]
        if self.query is not None:
            lines += [f"- {md_text(x)}" for x in readings(self.why, self._catalog(), self.row_limit)]
        return "\n".join(lines) + "\n\nThe result, fetched again:"

    def _feed(self, step: PlannedStep, tool: Any, state: LoopState) -> bool:
        """Fill a fed step from the rows of the steps so far; False when it needs a statement none gave."""
        feed = next((f for f in FEEDS if f.tool == tool.name), None)
        if feed is None or step.args:
            return True
        for s in state.steps:
            for row in s.result.records() if s.ok and s.result is not None else []:
                text = str(row.get(feed.column) or "")
                if re.match(r"\s*(select|with)\b", text, re.I):
                    step.args = {tool.spec.params[0].name: text}
                    return True
        return False

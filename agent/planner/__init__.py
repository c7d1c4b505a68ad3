"""The deterministic planner: the embedded default policy for instance questions (no LLM).

    intents.py  which tools a question needs (the tools' intents, composites, subsumption)
    policy.py   the Planner: the plan, follow-ups, one typed Action at a time
    linking.py  the question against the catalog: words, tables, columns, time windows
    places.py   other names of a place a column stores (country names and demonyms, exonyms, state codes)
    question.py a data question read once; sql.py the SELECT it needs, from filters.py, grouping.py
                and related.py (rankings and child-row conditions)
    answer.py   the final answer from the typed results
"""
from agent.planner.answer import compose_answer
from agent.planner.intents import COMPOSITES, SUBSUMES, sql_in, tools_for
from agent.planner.linking import Mention, Window, find_tables, singular, time_window, words
from agent.planner.policy import Planner, PlannedStep
from agent.planner.sql import Query, build_query
from toolkits.catalog import Catalog

__all__ = ["Planner", "PlannedStep", "compose_answer", "tools_for", "sql_in", "COMPOSITES", "SUBSUMES",
           "Query", "build_query", "find_tables", "singular", "time_window", "words", "Mention", "Window", "Catalog"]

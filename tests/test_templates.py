"""Each route's template renders with its slots filled and its rules present."""
import pytest

from agent import templates
from rag.types import Passage


def test_every_route_renders():
    for route in templates.ROUTES:
        msgs = templates.render(route, question="How do I see locks?", knowledge="K1", tools="T1", tool_names=["a"])
        assert msgs[0]["role"] == "system" and msgs[-1]["role"] == "user"
        assert "How do I see locks?" in msgs[-1]["content"]
        assert "{{" not in " ".join(m["content"] for m in msgs)


def test_general_forbids_fabrication():
    system = templates.render("general", question="q")[0]["content"]
    assert "Never invent" in system


def test_product_fills_knowledge_and_requires_citations():
    p = Passage(text="autovacuum_vacuum_scale_factor ...", source="routine-vacuuming.html", title="Routine Vacuuming",
                section="25.1.6. The Autovacuum Daemon", anchor="AUTOVACUUM")
    msgs = templates.render("product", question="autovacuum?", knowledge=templates.format_passages([p]))
    assert "routine-vacuuming.html#AUTOVACUUM" in msgs[-1]["content"]
    assert "Cite every statement" in msgs[0]["content"]


def test_product_without_knowledge_says_so():
    msgs = templates.render("product", question="q", knowledge="")
    assert templates.NO_KNOWLEDGE in msgs[-1]["content"]
    assert "do not answer" in msgs[0]["content"]


def test_instance_lists_tools_and_react_format():
    system = templates.render("instance", question="q", tools="- run_sql: run a query", tool_names=["run_sql"])[0]["content"]
    for word in ("Thought:", "Action:", "Action_Input:", "Observation:", "Final_Answer:", "[run_sql]", "- run_sql"):
        assert word in system


def test_refusals_explain_and_offer_alternative():
    assert "safe" in templates.render("unsafe", question="q")[0]["content"]
    assert "only help with databases" in templates.render("irrelevant", question="q")[0]["content"]


def test_history_is_kept_and_trimmed():
    history = [{"role": "user", "content": f"u{i}"} for i in range(10)]
    msgs = templates.render("general", question="q", history=history, max_history=3)
    assert [m["content"] for m in msgs[1:-1]] == ["u7", "u8", "u9"]


def test_unknown_route():
    with pytest.raises(ValueError, match="unknown route"):
        templates.render("poetry", question="q")

"""The Toolkit protocol and the one registration point (agent/plugins.py), against the real sandbox."""
from __future__ import annotations

import inspect

import pytest

from agent.config import Settings
from agent.plugins import BACKENDS, TOOLKITS, get_toolkit
from toolkits.base import Check, Toolkit, ToolkitUnavailable
from toolkits.catalog import Catalog

DOWN = "host=127.0.0.1 port=1 dbname=x connect_timeout=2"


def test_every_registered_toolkit_offers_the_whole_protocol():
    wanted = {name for name, _ in inspect.getmembers(Toolkit, inspect.isfunction) if not name.startswith("_")}
    assert {"registry", "context", "check", "catalog", "classify", "run_confirmed"} <= wanted
    for name, cls in TOOLKITS.items():
        assert cls.name == name and cls.label
        assert wanted <= {n for n, _ in inspect.getmembers(cls, inspect.isfunction)}, name


def test_the_toolkit_is_chosen_once_from_the_settings():
    assert get_toolkit(Settings()) is get_toolkit(Settings())
    assert get_toolkit(Settings()).registry() is get_toolkit(Settings()).registry()


def test_backends_register_themselves_with_their_sidebar_text():
    assert list(BACKENDS) == ["grounded", "llamacpp", "openai"]
    assert all(cls.choice for cls in BACKENDS.values())


def test_check_context_and_catalog_on_the_demo_database(demo_dsn):
    settings = Settings(dsn=demo_dsn)
    toolkit = get_toolkit(settings)
    check = toolkit.check(settings)
    assert isinstance(check, Check) and check.ok and "PostgreSQL 15" in check.message
    assert "superuser" in check.warning  # the sandbox connects as one
    ctx = toolkit.context(settings)
    cat = toolkit.catalog(ctx)
    assert isinstance(cat, Catalog) and "orders" in cat.tables
    assert toolkit.catalog(ctx) is cat  # cached


def test_unreachable_target_is_one_clear_line():
    settings = Settings(dsn=DOWN)
    toolkit = get_toolkit(settings)
    check = toolkit.check(settings)
    assert not check.ok and "cannot reach" in check.message and "\n" not in check.message
    with pytest.raises(ToolkitUnavailable, match="Cannot reach the database"):
        toolkit.context(settings)


def test_the_write_path_is_the_toolkit_s(demo_dsn):
    toolkit = get_toolkit(Settings(dsn=demo_dsn))
    assert toolkit.classify("DELETE FROM orders")[0] is None
    assert toolkit.classify("ANALYZE orders")[0] == "analyze"
    res = toolkit.run_confirmed(toolkit.context(Settings(dsn=demo_dsn)), "DROP TABLE orders")
    assert not res.ok and res.error.startswith("not run:")

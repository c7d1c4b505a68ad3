"""Route labels are declared once (router/labels.py); every other list of routes reads them from there."""
from __future__ import annotations

from typing import get_args

import pytest

from agent import templates
from agent.config import RouteChoice, Settings, SettingsError, load_settings
from router.labels import LABELS, REFUSED, ROUTE_CHOICES, ROUTES, SAFE_LABELS


def test_derived_lists_cover_the_labels():
    assert set(ROUTES) == set(LABELS) and len(ROUTES) == len(LABELS)
    assert set(SAFE_LABELS) == set(LABELS) - {"unsafe"}
    assert set(REFUSED) == {"unsafe", "irrelevant"}
    assert ROUTE_CHOICES == ("auto",) + ROUTES
    assert ROUTES == ("general", "product", "instance", "unsafe", "irrelevant")  # the order the UI shows


def test_templates_and_settings_read_the_labels():
    assert templates.ROUTES is ROUTES
    assert set(templates.SYSTEM) == set(templates.USER) == set(ROUTES)
    assert get_args(RouteChoice) == ROUTE_CHOICES
    for choice in ROUTE_CHOICES:
        assert Settings(route=choice).route == choice
    with pytest.raises(SettingsError, match="route"):
        load_settings(route="weather")


def test_the_ui_has_a_colour_and_a_caption_for_every_route():
    from app import ui

    assert set(ui.ROUTE_COLORS) == set(ui.ROUTE_HELP) == set(ROUTES)

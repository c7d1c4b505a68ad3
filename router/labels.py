"""The five routes every question is sorted into."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

# The one declaration of the route labels. This is the class order of trained models (class i = LABELS[i]):
# never reorder it. Every other list of routes is derived from it below.
LABELS: tuple[str, ...] = ("unsafe", "irrelevant", "general", "product", "instance")
SAFE_LABELS: tuple[str, ...] = LABELS[1:]  # the topic head of the hierarchical router
REFUSED: tuple[str, ...] = LABELS[:2]  # routes answered with a refusal
ROUTES: tuple[str, ...] = LABELS[2:] + REFUSED  # the order people see them in: answered routes, then refusals
ROUTE_CHOICES: tuple[str, ...] = ("auto",) + ROUTES  # what a user or the settings may pick; auto = the router
RouteChoice = Literal[ROUTE_CHOICES]  # type: ignore[valid-type]  # the settings' type (agent/config.py)


@dataclass
class RouteDecision:
    label: str
    confidence: float  # calibrated probability of `label`
    scores: dict[str, float] = field(default_factory=dict)  # label -> probability, all five
    latency_ms: float = 0.0
    source: str = "classifier"  # classifier | llm | user | rule (a self-harm message: care first)
    low_confidence: bool = False  # confidence below settings.router_threshold: offer top2() to the user
    note: str = ""  # why a fallback was taken (e.g. unreadable LLM answer), for the UI

    @classmethod
    def from_user(cls, label: str) -> "RouteDecision":
        """The user's own pick (an override remembered for the session)."""
        if label not in LABELS:
            raise ValueError(f"unknown route {label!r}; choose one of {', '.join(LABELS)}")
        return cls(label=label, confidence=1.0, scores={l: float(l == label) for l in LABELS}, source="user")

    def top2(self) -> list[tuple[str, float]]:
        return sorted(self.scores.items(), key=lambda kv: kv[1], reverse=True)[:2]

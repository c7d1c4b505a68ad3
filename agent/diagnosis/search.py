"""Tree search over diagnosis actions (UCT), with reflection on dead ends and pruning.

A node is a sequence of actions an expert has taken; an action tests one hypothesis (a root cause's rule on
the window's facts). Its reward is the rule's confidence — from the knowledge-base rules on the embedded
default (an LLM's vote can be blended in by the caller's ``evaluate``). A dead end (reward 0) is reflected
on — the reason is kept for the report — and its subtree pruned, so the budget goes to live branches.
Priors come from the knowledge match. Deterministic for a given seed.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class Node:
    action: str | None
    parent: "Node | None" = None
    prior: float = 0.0
    children: list["Node"] = field(default_factory=list)
    visits: int = 0
    value: float = 0.0
    pruned: bool = False

    def path(self) -> list[str]:
        out, n = [], self
        while n is not None and n.action is not None:
            out.append(n.action)
            n = n.parent
        return out[::-1]

    def uct(self, c: float) -> float:
        if self.visits == 0:
            return float("inf") if self.prior >= 0 else 0.0
        return self.value / self.visits + c * math.sqrt(math.log(self.parent.visits + 1) / self.visits) + 0.1 * self.prior


@dataclass
class Trace:
    """What one search did: the order actions were tried, their rewards, and the reflections on dead ends."""

    tried: list[tuple[str, float]] = field(default_factory=list)
    reflections: list[str] = field(default_factory=list)
    expansions: int = 0


def search(actions: dict[str, float], evaluate: Callable[[str], tuple[float, str]], budget: int, seed: int = 0,
           depth: int = 3, c: float = 1.2) -> tuple[dict[str, float], Trace]:
    """UCT over orderings of ``actions`` (name → prior). ``evaluate(action)`` → (reward in [0, 1], why).
    Returns the best reward seen per action tried, and the trace."""
    rng = random.Random(seed)
    root = Node(None)
    rewards: dict[str, float] = {}
    trace = Trace()
    cache: dict[str, tuple[float, str]] = {}
    dead: set[str] = set()
    for _ in range(budget):
        node = root
        # selection: descend through fully expanded nodes
        while node.children and not _untried(node, actions, dead):
            live = [ch for ch in node.children if not ch.pruned]
            if not live:
                break
            best = max(ch.uct(c) for ch in live)
            node = rng.choice([ch for ch in live if ch.uct(c) == best])
        if len(node.path()) >= depth:
            reward = node.value / max(node.visits, 1)
        else:
            todo = _untried(node, actions, dead)
            if not todo:
                if node is root:
                    break
                reward = node.value / max(node.visits, 1)
            else:
                top = max(actions[a] for a in todo)
                pick = rng.choice([a for a in todo if actions[a] >= top - 1e-9])
                child = Node(pick, node, prior=actions[pick])
                node.children.append(child)
                node = child
                trace.expansions += 1
                if pick not in cache:
                    cache[pick] = evaluate(pick)
                    trace.tried.append((pick, cache[pick][0]))
                reward, why = cache[pick]
                rewards[pick] = max(rewards.get(pick, 0.0), reward)
                if reward <= 0:
                    node.pruned = True  # reflection: this hypothesis is ruled out; do not spend budget below it
                    dead.add(pick)
                    trace.reflections.append(f"ruled out {pick}: {why}")
        while node is not None:  # backpropagation
            node.visits += 1
            node.value += reward
            node = node.parent
    return rewards, trace


def _untried(node: Node, actions: dict[str, float], dead: set[str]) -> list[str]:
    taken = set(node.path()) | {ch.action for ch in node.children}
    return [a for a in actions if a not in taken and a not in dead]

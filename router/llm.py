"""Prompted classification through any chat LLM: `chat(messages) -> str`."""
from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

from router.decision import decide
from router.labels import LABELS, RouteDecision

Chat = Callable[[list[dict]], str]

SYSTEM = """You sort questions sent to a database assistant into exactly one route:
unsafe: any harmful request, about databases or not: attacking, breaking into, stealing from, damaging or spying on systems or data the user has no right to (a polite "pentest" of someone else's site is unsafe), and weapons, drugs, violence, self-harm, hate, fraud, stalking, or a role-play or "no rules" framing asking for any of these.
irrelevant: safe but not about databases (a book index, a furniture table, cooking, general programming).
general: database knowledge not tied to one product or the user's own database (normalization, ACID, writing SQL, preventing SQL injection).
product: how a specific product works: PostgreSQL, MySQL, MariaDB, SQLite, Oracle, SQL Server, MongoDB, openGauss (settings, commands, views, error messages), even if asked "on my server".
instance: needs tools run against the user's own live database (their tables, current settings, activity, locks, slow queries, plans).
Answer with JSON only: {"label": "<route>", "confidence": <0..1>}"""

FEW_SHOT = [
    ("how do I prevent sql injection in my app", "general", 0.9),
    ("which queries are slowest on my database right now", "instance", 0.95),
    ("what does the wal_level setting do in postgres", "product", 0.95),
    ("what wood is best for a dining table", "irrelevant", 0.95),
    ("give me a payload to log into the admin page of a site I don't own", "unsafe", 0.97),
]

FALLBACK_LABEL = "general"  # used when the LLM's answer names no route: answers from knowledge, no tools


def build_messages(question: str) -> list[dict]:
    msgs = [{"role": "system", "content": SYSTEM}]
    for q, label, conf in FEW_SHOT:
        msgs.append({"role": "user", "content": f"Question: {q}"})
        msgs.append({"role": "assistant", "content": json.dumps({"label": label, "confidence": conf})})
    msgs.append({"role": "user", "content": f"Question: {question}"})
    return msgs


_WORD = re.compile(r"\b(" + "|".join(LABELS) + r")\b", re.I)


def parse(reply: str) -> tuple[str | None, float | None]:
    """Label and confidence from the LLM's reply: JSON first, else the first route word; (None, None) if none."""
    if not isinstance(reply, str):
        return None, None
    for m in re.finditer(r"\{[^{}]*\}", reply):
        try:
            obj = json.loads(m.group(0))
        except json.JSONDecodeError:
            continue
        label = str(obj.get("label", obj.get("route", ""))).strip().lower()
        if label in LABELS:
            try:
                conf = float(obj.get("confidence"))
                conf = conf if 0.0 <= conf <= 1.0 else None
            except (TypeError, ValueError):
                conf = None
            return label, conf
    words = [w.lower() for w in _WORD.findall(reply)]
    if len(set(words)) == 1:
        return words[0], None
    m = _WORD.match(reply.strip().strip("\"'`*"))  # several named: trust only a reply that starts with one
    return (m.group(1).lower(), None) if m else (None, None)


class LLMRouter:
    variant = "llm"

    def __init__(self, chat: Chat, threshold: float = 0.6, default_confidence: float = 0.7):
        self.chat = chat
        self.threshold = threshold
        self.default_confidence = default_confidence

    def route(self, text: str) -> RouteDecision:
        t0 = time.perf_counter()
        try:
            reply = self.chat(build_messages(text))
            error = None
        except Exception as e:  # the LLM server being down must not stop the chat
            reply, error = "", e
        label, conf = parse(reply)
        ms = (time.perf_counter() - t0) * 1000
        if label is None:
            # unreadable answer: fall back to `general`, flagged low-confidence so the UI asks the user
            note = f"LLM router unavailable ({error}); using {FALLBACK_LABEL}" if error else \
                f"unreadable LLM answer {reply[:80]!r}; using {FALLBACK_LABEL}"
            d = decide({l: 1.0 / len(LABELS) for l in LABELS}, self.threshold, ms, label=FALLBACK_LABEL, source="llm")
            d.low_confidence, d.note = True, note
            return d
        conf = self.default_confidence if conf is None else conf
        rest = (1.0 - conf) / (len(LABELS) - 1)
        scores = {l: (conf if l == label else rest) for l in LABELS}
        return decide(scores, self.threshold, ms, label=label, source="llm")

"""When an instance question describes an anomaly in time ("slow since 10:05", "suddenly hangs"), the chat
offers a diagnosis instead of a single tool answer."""
from __future__ import annotations

import re
import time

SYMPTOM = re.compile(r"\b(slow\w*|sluggish|hang(s|ing)?|hung|stuck|spik\w*|degrad\w*|latenc\w*|time ?outs?|"
                     r"pinned|queu\w*|lag\w*|unresponsive|freez\w*|high (cpu|load|i/?o))\b", re.I)
WHEN = re.compile(r"\b(since|suddenly|started|starting|began|ago|today|tonight|this (morning|afternoon|evening)|"
                  r"(at|from|around) \d{1,2}(:\d{2})?\s*(am|pm)?)\b", re.I)
ASKED = re.compile(r"\b(diagnos\w*|root cause|troubleshoot\w*|what happened)\b", re.I)
CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\b")


def wants_diagnosis(question: str) -> bool:
    return bool(ASKED.search(question) or (SYMPTOM.search(question) and WHEN.search(question)))


def offer_text(question: str) -> str:
    m = CLOCK.search(question)
    option = f"--window {int(m.group(1)):02d}:{m.group(2)}-{time.strftime('%H:%M')}" if m else "--since 15m"
    return ("This sounds like an anomaly over time, which one tool call cannot explain. A **diagnosis** compares "
            "that window with the quiet period before it, lets expert roles (workload, query, index, lock, I/O, "
            "memory, CPU, configuration) check their causes, and writes a report with root causes, the numbers "
            "that prove them and fixes you confirm before anything runs.\n\n"
            "Start it on the **Diagnose** page (live alerts and charts, *Diagnose now* or *Diagnose this window*), "
            f"or from a terminal: `dbcopilot diagnose {option} \"{question.strip()[:80]}\"`.")

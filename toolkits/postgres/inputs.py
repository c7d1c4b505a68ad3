"""Tolerant parsing of Action_Input values: JSON objects, JSON strings, key=value pairs or plain text."""
from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*\n?(.*?)\n?```\s*$", re.S)


def clean_text(s: Any) -> str:
    """Strip code fences, surrounding quotes/backticks and whitespace."""
    if s is None:
        return ""
    s = str(s).strip()
    m = _FENCE.match(s)
    if m:
        s = m.group(1).strip()
    while len(s) >= 2 and s[0] == s[-1] and s[0] in "'\"`":
        s = s[1:-1].strip()
    return s


def parse_input(tool_input: Any, main: str, keys: tuple[str, ...] = ()) -> dict[str, Any]:
    """Return a dict of arguments. ``main`` names the field plain text goes to.

    Accepts: a dict; a JSON object; a JSON string; ``key=value, key2=value2`` when every key is known;
    anything else becomes {main: text}. Unknown JSON keys are kept (callers ignore them); when a JSON
    object has a single unknown key its value is taken as ``main``.
    """
    if isinstance(tool_input, dict):
        obj = dict(tool_input)
    else:
        text = clean_text(tool_input)
        obj = None
        if text.startswith("{") or text.startswith('"'):
            try:
                val = json.loads(text)
            except json.JSONDecodeError:
                val = None
            if isinstance(val, dict):
                obj = val
            elif isinstance(val, str):
                obj = {main: val.strip()}
            elif val is None and text.startswith("{"):  # broken JSON from a model: salvage "key": value pairs
                pairs = re.findall(r"[\"']?(\w+)[\"']?\s*:\s*(\"(?:[^\"\\]|\\.)*\"|'[^']*'|-?\d+(?:\.\d+)?|true|false)", text)
                if pairs:
                    obj = {}
                    for k, v in pairs:
                        if v[:1] in "\"'":
                            v = v[1:-1].replace('\\"', '"')
                        obj[k] = v
                else:
                    inner = text.strip("{} \n")
                    obj = {main: inner.split(":", 1)[1].strip().strip("\"'") if ":" in inner else inner}
        if obj is None:
            pairs = re.findall(r"(\w+)\s*[=:]\s*(\"[^\"]*\"|'[^']*'|[^,;\s]+)", text)
            known = set(keys) | {main}
            if pairs and all(k.lower() in known for k, _ in pairs) and re.fullmatch(
                    r"\s*(\w+\s*[=:]\s*(\"[^\"]*\"|'[^']*'|[^,;\s]+)[\s,;]*)+", text):
                obj = {k.lower(): v.strip("'\"") for k, v in pairs}
            else:
                obj = {main: text}
    obj = {str(k).lower(): v for k, v in obj.items()}
    known = set(keys) | {main}
    if main not in obj:
        unknown = [k for k in obj if k not in known]
        if len(unknown) == 1 and isinstance(obj[unknown[0]], str):
            obj[main] = obj.pop(unknown[0])
    return obj


def as_int(v: Any, default: int, lo: int = 1, hi: int = 1000) -> int:
    try:
        n = int(str(v).strip()) if v not in (None, "") else default
    except (TypeError, ValueError):
        m = re.search(r"\d+", str(v))
        n = int(m.group()) if m else default
    return max(lo, min(hi, n))

"""Tolerant parsing of Action_Input values: JSON objects, JSON strings, key=value pairs or plain text.

Everything here runs in time linear in the input: each regex starts only at the beginning of a word
(a lookbehind) and never gives back what a possessive quantifier read.
"""
from __future__ import annotations

import json
import re
from typing import Any

_VALUE = r"(\"[^\"]*+\"|'[^']*+'|[^,;\s]++)"
_PAIR = re.compile(r"(?<!\w)(\w++)\s*+[=:]\s*+" + _VALUE)  # key=value or key: value
_SEPARATORS = re.compile(r"[\s,;]*+")
_JSON_PAIR = re.compile(  # "key": value in broken JSON
    r"[\"']?(?<!\w)(\w++)[\"']?\s*+:\s*+(\"(?:[^\"\\]|\\.)*+\"|'[^']*+'|-?\d++(?:\.\d++)?|true|false)")


def clean_text(s: Any) -> str:
    """Strip a code fence (and its language line), surrounding quotes/backticks and whitespace."""
    if s is None:
        return ""
    s = str(s).strip()
    if len(s) >= 6 and s.startswith("```") and s.endswith("```"):
        body = s[3:-3]
        tag, newline, rest = body.partition("\n")
        s = (rest if newline and (not tag.strip() or tag.strip().isalpha()) else body).strip()
    start, end = 0, len(s)  # peel matching quotes by index: slicing each time is quadratic
    while end - start >= 2 and s[start] == s[end - 1] and s[start] in "'\"`":
        start, end = start + 1, end - 1
        while start < end and s[start].isspace():
            start += 1
        while end > start and s[end - 1].isspace():
            end -= 1
    return s[start:end]


def _pairs(text: str) -> list[tuple[str, str]] | None:
    """The key=value pairs when they make up the whole text (separated by spaces, commas or
    semicolons), else None."""
    pairs, pos = [], 0
    for m in _PAIR.finditer(text):
        gap = text[pos:m.start()]
        if gap.strip() if not pairs else not _SEPARATORS.fullmatch(gap):
            return None
        pairs.append((m.group(1), m.group(2)))
        pos = m.end()
    return pairs if pairs and _SEPARATORS.fullmatch(text, pos) else None


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
            except (json.JSONDecodeError, RecursionError):  # RecursionError: deeply nested JSON
                val = None
            if isinstance(val, dict):
                obj = val
            elif isinstance(val, str):
                obj = {main: val.strip()}
            elif val is None and text.startswith("{"):  # broken JSON from a model: salvage "key": value pairs
                pairs = _JSON_PAIR.findall(text)
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
            pairs = _pairs(text)
            known = set(keys) | {main}
            if pairs and all(k.lower() in known for k, _ in pairs):
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
        n = int(m.group()[:18]) if m else default  # past 18 digits it is clamped to hi anyway
    return max(lo, min(hi, n))

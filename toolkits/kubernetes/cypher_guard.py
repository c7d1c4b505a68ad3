"""Read-only Cypher: a tokenizer (strings, backquoted names and comments are skipped as units) and the
checks a k8s_path_query statement must pass: one statement, starting with MATCH (or OPTIONAL MATCH), no
keyword that writes or reaches outside (CREATE, MERGE, SET, DELETE, REMOVE, DROP, COPY, LOAD, CALL,
ALTER, ...), variable-length paths bounded, and a LIMIT (added when missing, capped when larger).

A keyword inside a string ('CREATE') or a backquoted name is data, not a keyword: that is why this is a
tokenizer and not a substring test.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

FORBIDDEN = frozenset({"CREATE", "MERGE", "SET", "DELETE", "DETACH", "REMOVE", "DROP", "COPY", "LOAD", "CALL",
                       "ALTER", "INSTALL", "ATTACH", "DETACH", "EXPORT", "IMPORT", "USE", "CHECKPOINT", "BEGIN",
                       "COMMIT", "ROLLBACK", "FOREACH", "TRUNCATE"})
MAX_HOPS = 6
MAX_CHARS = 4000

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
  | (?P<quoted>`(?:[^`]|``)*`)
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<word>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<param>\$[A-Za-z_0-9]+)
  | (?P<range>\.\.)
  | (?P<open>['"`]|/\*)
  | (?P<punct>[^\sA-Za-z_0-9])
""", re.S | re.X)


class CypherRefused(ValueError):
    """A statement the read-only guard does not run; the message says why and what would run."""


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    gap: bool = False  # spaces or a comment before it


def tokenize(text: str) -> list[Token]:
    """Tokens without spaces and comments; CypherRefused for an unterminated string, name or comment."""
    out, pos, gap = [], 0, False
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise CypherRefused(f"cannot read the statement at character {pos} ({text[pos:pos + 10]!r}): an unterminated "
                                "string, backquoted name or comment")
        kind = m.lastgroup or "punct"
        if kind == "open":
            raise CypherRefused(f"cannot read the statement at character {pos}: an unterminated string, "
                                "backquoted name or comment")
        if kind in ("space", "comment"):
            gap = True
        else:
            out.append(Token(kind, m.group(), gap))
            gap = False
        pos = m.end()
    return out


def guard(text: str, cap: int = 200) -> str:
    """The statement as it will run (with a LIMIT of at most ``cap``), or CypherRefused."""
    if len(text) > MAX_CHARS:
        raise CypherRefused(f"the statement is longer than {MAX_CHARS} characters")
    toks = tokenize(text)
    while toks and toks[-1].text == ";":
        toks.pop()
    if not toks:
        raise CypherRefused("empty statement; e.g. MATCH (p:Pod)-[:SCHEDULED_ON]->(n:Node) RETURN p.name, n.name")
    words = [t.text.upper() for t in toks if t.kind == "word"]
    bad = sorted(set(words) & FORBIDDEN)
    if bad:
        raise CypherRefused(f"read-only: {', '.join(bad)} is not allowed; write a MATCH ... RETURN query")
    if any(t.text == ";" for t in toks):
        raise CypherRefused("one statement only (no ';' between statements)")
    first = [t.text.upper() for t in toks[:2]]
    if not (first[0] == "MATCH" or first == ["OPTIONAL", "MATCH"]):
        raise CypherRefused("the statement must start with MATCH, e.g. MATCH (p:Pod) WHERE p.phase = 'Pending' RETURN p.name")
    if "RETURN" not in words:
        raise CypherRefused("the statement must RETURN something")
    for i, t in enumerate(toks):
        if t.text == "*" and i > 0 and toks[i - 1].text in ("[", ":") or (t.text == "*" and _in_rel(toks, i)):
            _bounded(toks, i)
    out = [(" " if t.gap and i else "") + t.text for i, t in enumerate(toks)]
    limit_at = max((i for i, t in enumerate(toks) if t.kind == "word" and t.text.upper() == "LIMIT"), default=None)
    if limit_at is None or _depth(toks, limit_at) > 0:
        out += [f" LIMIT {cap}"]
    elif limit_at + 1 < len(toks) and toks[limit_at + 1].kind == "number":
        if int(float(toks[limit_at + 1].text)) > cap:
            out[limit_at + 1] = f" {cap}"
    else:
        raise CypherRefused("LIMIT takes a number")
    return "".join(out)


def _depth(toks: list[Token], i: int) -> int:
    d = 0
    for t in toks[:i]:
        d += t.text in "([{" and t.kind == "punct"
        d -= t.text in ")]}" and t.kind == "punct"
    return d


def _in_rel(toks: list[Token], i: int) -> bool:
    """Is token i inside a relationship pattern [...]?"""
    for t in reversed(toks[:i]):
        if t.text == "]":
            return False
        if t.text == "[":
            return True
    return False


def _bounded(toks: list[Token], i: int) -> None:
    """A variable-length relationship *a..b needs an upper bound of at most MAX_HOPS."""
    rest = [t.text for t in toks[i + 1:i + 4]]
    upper = None
    if rest[:1] and rest[0] == "..":
        upper = rest[1] if len(rest) > 1 and rest[1].isdigit() else None
    elif rest[:1] and rest[0].isdigit():
        upper = rest[2] if len(rest) > 2 and rest[1] == ".." and rest[2].isdigit() else (
            None if len(rest) > 1 and rest[1] == ".." else rest[0])
    if upper is None or int(upper) > MAX_HOPS:
        raise CypherRefused(f"variable-length paths must be bounded, at most {MAX_HOPS} hops: write e.g. -[:OWNS*1..3]->")

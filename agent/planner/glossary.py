"""What a column's values mean when only its COMMENT or a standard says so, and the question words that name one.

- Codes a comment explains, in the ways people write them: "D = draft, V = void (cancelled, never owed)",
  "Meter: API = API calls, ENV = envelopes", "F female, M male", numbers ("1 = P1 urgent, 2 = P2 high",
  "0 none, 1 friendly reminder, 3 final notice") and booleans ("false = failed attempt (card declined)").
- ISO codes named in words: currencies ("US dollars" → USD, "sterling" → GBP) and countries ("Germany" → DE)
  when a column's values are such codes (pycountry holds the names).

Words are compared by their Snowball stems ("voided" ~ void, "declined" ~ decline). A meaning is named when the
question holds every word of its opening phrase ("final notice"), one word of that phrase no other code of the
column uses ("card" → CC, "P1" → 1), or two words of the whole meaning ("written off as bad debt" → U).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from agent.planner.linking import STOP, idiom, name_parts, stem_word, words
from agent.planner.spelling import QUESTION_WORDS
from toolkits.catalog import Column

_WEAK = STOP | {"not", "yet", "also", "only", "all", "any", "some", "other", "one", "no", "none", "as", "into",
                "out", "up", "via", "per", "e", "eg", "ie", "etc", "incl", "including", "used"}
_EXAMPLE = re.compile(r"(\be\.?g\.?|\bfor example|\bsuch as|\bfor instance|\blike)[,:]?\s*$", re.I)
_SEP = re.compile(r"\s*(=|:|\u2013|\u2014|-\s|\bmeans\b)\s*")


# Words that say the same of a value ("H above the range" is "high")
# ("over"/"under" are prepositions too often to count: "came in over the telephone")
_SAME = {"high": "abov", "higher": "abov", "low": "below", "lower": "below", "await": "wait"}

# Words that name a value only beside another of its words ("waiting for an adjuster" is no "approved awaiting
# payment"; "waiting for their approval" is "submitted awaiting client approval")
_NOT_ALONE = {"wait"}


def stem(w: str) -> str:
    s = stem_word(w.lower())
    return _SAME.get(s, s)


@dataclass(frozen=True)
class Meaning:
    code: str | int | bool  # the value as stored: text, a number, or a boolean
    head: tuple[str, ...]  # stems of the meaning's opening phrase (before a parenthesis, dash or preposition)
    words: tuple[str, ...]  # stems of the whole meaning
    said: str  # the meaning as the comment writes it
    min_len: int = 4  # the shortest word that names it alone
    dated: bool = False  # a year and a code together ("2025F": Fall 2025): the year is one of its words


def _stems(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(stem(w) for w in words(text) if w not in _WEAK and (len(w) > 1 or w.isdigit())))


def _meaning(code, text: str, min_len: int = 4) -> Meaning | None:
    text = re.split(r"[;]|\.\s", text, maxsplit=1)[0].strip(" ,.;:/")
    head = re.split(r"[(\u2013\u2014]|\s-\s|\s(?:of|for|to|from|in|on|at|by|with|per)\s", text, maxsplit=1)[0]
    h, w = _stems(head), _stems(text)
    if not w and len(said := tuple(stem(x) for x in words(text) if len(x) > 1)) > 1:
        return Meaning(code, (), said, text, min_len)  # "N = no-show": named only by all its words together
    return Meaning(code, h[:4], w, text, min_len) if w else None


def _entries(comment: str, codes: list[str], flags: int = 0, signed_only: bool = False) -> list[tuple[str, str]]:
    """(code, the text that explains it) for each code the comment lists: after "CODE =" (or ":", a dash,
    "means"), or, when the comment uses no such sign, a code that opens a list item ("F female, M male")."""
    if not codes:
        return []
    alt = "|".join(re.escape(c) for c in sorted(codes, key=len, reverse=True))
    found = []
    for m in re.finditer(rf"(?<![\w.+,/-])({alt})(?![\w.+-])", comment, flags):
        sep = _SEP.match(comment, m.end())
        found.append((m.start(), sep.end() if sep else m.end(), m.group(1), sep is not None))
    found = [f for f in found if not _EXAMPLE.search(comment[:f[0]])]  # "e.g. 2025F = Fall 2025" shows one value
    alias: dict[int, int] = {}  # "AL6061 / AL7075 = aluminium bar": both codes mean it
    for k in range(len(found) - 2, -1, -1):
        if not found[k][3] and (found[k + 1][3] or k + 1 in alias) \
                and re.fullmatch(r"\s*/\s*", comment[found[k][1]:found[k + 1][0]]):
            alias[k] = alias.get(k + 1, k + 1)
    aliased = [(found[k][2], found[j]) for k, j in alias.items()]
    starts = [found[k][0] for k in alias]  # a code a slash joins to the next ends the meaning before it
    found = [f for k, f in enumerate(found) if k not in alias]
    signed = [f for f in found if f[3]]
    if signed or signed_only:  # "No longer sold" opens a sentence; it is no "no = ..." entry
        found = signed
    else:  # "F female, M male": a code at the start or after a comma, semicolon, colon or parenthesis
        found = [f for f in found if re.search(r"(^|[,;:(]\s*|\bor\s+)$", comment[:f[0]])
                 and re.match(r"\s+[A-Za-z0-9]", comment[f[1]:])]  # "K30 30 L keg" too
    seen, out = set(), []
    for k, (_, end, code, _) in enumerate(found):
        stop = found[k + 1][0] if k + 1 < len(found) else len(comment)
        stop = min([x for x in starts if x >= end] + [stop])  # not into the next code a slash joins to another
        key = code.lower() if flags else code
        if key not in seen:
            seen.add(key)
            out.append((code, comment[end:stop]))
    text = dict(out)
    for code, head in aliased:  # the meaning of the code the slash joins it to
        if head[2] in text and (code.lower() if flags else code) not in seen:
            out.append((code, text[head[2]]))
    return out


# Opposites of the words a boolean's comment gives one side ("false = failed attempt": successful ones are true)
_OPPOSITE = {"fail": ("success", "succeed", "successful"), "declin": ("accept", "approv"),
             "reject": ("accept", "approv"),
             "inact": ("activ",), "disabl": ("enabl",), "invalid": ("valid",), "unpaid": ("paid",),
             "cancel": ("complet",), "bounc": ("clear",)}


@functools.lru_cache(maxsize=4096)
def _parse(comment: str, kind: str, codes: tuple[str, ...]) -> tuple[Meaning, ...]:
    out = []
    if kind == "bool":
        for code, text in _entries(comment, ["true", "false", "t", "f", "yes", "no"], re.I, signed_only=True):
            m = _meaning(code.lower() in ("true", "t", "yes"), text)
            if m and not any(x.code == m.code for x in out):
                out.append(m)
        if len(out) == 1:  # one side said: its head's opposites name the other
            other = tuple(stem(o) for h in out[0].head for o in _OPPOSITE.get(h, ()))
            if other:
                out.append(Meaning(not out[0].code, other, other, "not " + out[0].said))
    elif kind == "int":
        nums = sorted(set(re.findall(r"(?<![\w.+,/-])(\d{1,3})(?![\w.+%-])", comment)))
        entries = _entries(comment, nums)
        if len(entries) + len(re.findall(r"\d\+\s*=", comment)) >= 2:  # a list of codes ("2+ = secondary" too)
            out = [m for c, t in entries if (m := _meaning(int(c), t))]
    else:
        dated = _dated(comment, codes)
        if dated:
            return dated
        known = {stem(c) for c in codes}  # "USD, EUR or GBP" lists codes, it explains none
        listed = set(re.findall(r"(?:^|[,;(]\s*)([A-Z][A-Z0-9]{1,7})(?=\s*(?:=|:|\s)\s*[a-z])", comment))
        listed |= set(re.findall(r"(?:^|[,;(]\s*)([A-Z][A-Z0-9]{0,7})(?=\s*=\s*[a-z])", comment))  # "P = pending"
        more = sorted(listed - set(codes)) if len(listed) >= 2 else []  # codes no sample holds end a meaning too
        out = [m for c, t in _entries(comment, [*codes, *more]) if c in codes
               and (m := _meaning(c, t)) and not set(m.words) <= known]
    return tuple(out)


def meanings(c: Column) -> tuple[Meaning, ...]:
    """What the column's comment says its values mean, then the names of ISO codes it holds."""
    if c.key_of and c.values and {v.lower() for v in c.values} <= {"true", "false"}:  # a jsonb flag
        said = c.comment.split(": ", 1)[1] if ": " in c.comment else ""  # what the jsonb column's comment says of it
        m = _meaning(True, said)
        return (Meaning(True, m.head, m.words, said, min_len=99),) if m else ()
    if c.type == "boolean":
        said = _parse(c.comment, "bool", ()) if c.comment else ()
        return said + _flag(c.comment, bool(said))
    elif c.is_numeric:  # codes are whole numbers: "0 = free freight" on an amount is a remark, not a code
        said = _parse(c.comment, "int", ()) if c.comment and re.match(r"(small|big)?int", c.type) else ()
    else:
        codes = tuple(v for v in c.values if v and len(v) <= 12 and " " not in v)
        said = _parse(c.comment, "text", codes) if c.comment and codes else ()
    return said + standard(tuple(c.values), c.name, c.comment) if c.is_text else said


def _dated(comment: str, codes: tuple[str, ...]) -> tuple[Meaning, ...]:
    """Codes made of a year and a letter the comment explains ("YYYY + season letter: S = Spring, F = Fall":
    2025F is Fall 2025), when most values are so made."""
    parts = [re.fullmatch(r"((?:19|20)\d\d)([A-Z]{1,2})|([A-Z]{1,2})((?:19|20)\d\d)", v) for v in codes]
    if not codes or sum(p is not None for p in parts) < max(2, len(codes) // 2):
        return ()
    suffixes = sorted({p.group(2) or p.group(3) for p in parts if p})
    said = {c: m for c, t in _entries(comment, suffixes) if (m := _meaning(c, t))}
    out = []
    for v, p in zip(codes, parts):
        if p and (p.group(2) or p.group(3)) in said:
            m, year = said[p.group(2) or p.group(3)], p.group(1) or p.group(4)
            out.append(Meaning(v, (*m.head[:2], year), (*m.words, year), f"{m.said} {year}", 99, dated=True))
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _flag(comment: str, told: bool) -> tuple[Meaning, ...]:
    """A boolean is true where a state word of its comment says ("No longer sold; customers on it are
    grandfathered"), unless the comment says what true or false means (its name is read elsewhere)."""
    states = () if told else tuple(stem(w) for w in words(comment) if len(w) >= 8 and w.endswith("ed"))
    return (Meaning(True, states, states, comment, min_len=8),) if states else ()


# --------------------------------------------------------------------------- ISO codes named in words

_COUNTRY_ALIASES = {"US": ("usa", "america", "united states of america"), "GB": ("uk", "britain", "great britain",
                                                                                 "england")}


@functools.lru_cache(maxsize=256)
def standard(values: tuple[str, ...], name: str, comment: str) -> tuple[Meaning, ...]:
    """Currency or country names for a column whose known values are all ISO 4217 / 3166 codes."""
    import pycountry

    vals = [v for v in values if v]
    said = f"{name} {comment}".lower()
    if len(vals) >= 2 and ("lang" in said or "639" in said) and all(v.isalpha() and len(v) in (2, 3) for v in vals):
        return _languages(tuple(vals))  # "in Spanish" for 'spa' / 'es' (ISO 639-1, 639-2 or its /B codes: 'fre')
    if len(vals) < 2 or not all(v.isalpha() and v.isupper() for v in vals):
        return ()
    out: list[Meaning] = []
    if all(len(v) == 3 for v in vals) and all(pycountry.currencies.get(alpha_3=v) for v in vals):
        for v in vals:
            cur = pycountry.currencies.get(alpha_3=v)
            m = _meaning(v, cur.name, min_len=3)  # "US Dollar", "Pound Sterling", "Yen"
            if m:
                out.append(m)
        return tuple(out)
    size = len(vals[0])
    if size in (2, 3) and all(len(v) == size for v in vals) and (
            "countr" in said or "ctry" in said or "iso" in said or "nation" in said):
        field = "alpha_2" if size == 2 else "alpha_3"
        if not all(pycountry.countries.get(**{field: v}) for v in vals):
            return ()
        for c in pycountry.countries:
            code = getattr(c, field)
            names = {c.name, getattr(c, "common_name", c.name), *(_COUNTRY_ALIASES.get(c.alpha_2, ()))}
            for n in names:
                h = _stems(n)
                if h:
                    out.append(Meaning(code, h, h, n, min_len=99))  # a country is named by its whole name
    return tuple(out)


def _languages(vals: tuple[str, ...]) -> tuple[Meaning, ...]:
    import pycountry

    out = []
    for v in vals:
        k = v.lower()
        lang = pycountry.languages.get(alpha_2=k) if len(k) == 2 else (
            pycountry.languages.get(alpha_3=k) or pycountry.languages.get(bibliographic=k))
        if lang is None:
            return ()  # not all language codes: no reading at all
        m = _meaning(v, lang.name.split(";")[0], min_len=3)  # "Spanish; Castilian": Spanish
        if m:
            out.append(m)
    return tuple(out)


# --------------------------------------------------------------------------- naming one in a question

def _label(comment: str, ms: tuple[Meaning, ...]) -> set[str]:
    """The words a comment names its column with before the first meaning it gives ("Credit hold: true = ...")."""
    first = min((i for m in ms if m.said and (i := comment.find(m.said[:24])) > 0), default=0)
    return set(_stems(comment[:first])) if first else set()


# The question's own phrases that look like a meaning's word: "leaving out" excludes, it is no leave of absence
_NOT_MEANT = re.compile(r"^(leav|left|leave)$")
_YEAR = re.compile(r"^(19|20)\d\d$")  # a year is the time window's, not a code's ("Fall 2025" is named by "fall")


_DENIES = re.compile(r"\b(not|no|never|non|without)\b")


def denies(said: str, word: str) -> bool:
    """Whether a meaning denies ``word`` ("car not drivable", "product no longer sold"): a negation at most two
    words before a word with its stem ("cancelled before driving (no charge)" denies "charge", not "cancelled")."""
    s = stem(word)
    for clause in re.split(r"[;.,:()]", said):  # "No longer offered; grandfathered members ...": two clauses
        ws = words(clause)
        if any(stem(w) == s and _DENIES.search(" ".join(ws[max(0, j - 3):j])) for j, w in enumerate(ws)):
            return True
    return False


@functools.lru_cache(maxsize=4096)
def _aliases(said: str) -> tuple[tuple[str, ...], ...]:
    """The other names a meaning gives in its parenthesis ("DNA (did not attend, no-show)": did not attend, no-show)."""
    m = re.search(r"\(([^)]*)\)", said)
    return tuple(h for part in (m.group(1).split(",") if m else [])
                 if (h := tuple(stem(w) for w in words(part) if w not in _LIGHT)) and len(h) <= 3)


_LIGHT = {"a", "an", "the", "of", "to", "for", "in", "on"}  # "no-show" needs its "no", "not returned" its "not"


def _denied(m: Meaning, ws: list[str], hits: list[int]) -> bool:
    """A meaning that denies its word ("1 = product no longer sold") is not named by the word alone ("which
    products sold the most"): the question must deny it too."""
    if isinstance(m.code, bool) and m.said.startswith("not "):
        return False  # the other side of a boolean, named by opposites ("successful" for "not failed attempt")
    return any(denies(m.said, ws[i]) and not (_DENIES.search(" ".join(ws[max(0, i - 3):i]))
                                             or re.search(r"\b(un|in|non)", ws[i])) for i in hits)


# "reopened by the customer": who did it, not the status "pending customer"
_AGENT = [["by", "the"], ["by", "our"], ["by", "their"], ["by", "its"], ["by", "a"], ["by", "an"]]


def _alias_at(h: tuple[str, ...] | set[str], ws: list[str], skip: set[int]) -> set[int]:
    """The positions of every word of another name a meaning gives; a word already read as the table's name may be
    one of them when it stands right beside the rest ("down-votes" for "DownMod (down-vote)" in a votes table)."""
    pos = {i for i, w in enumerate(ws) if stem(w) in h}
    free = pos - skip
    if {stem(ws[i]) for i in free} >= set(h):
        return free
    if not free or not {stem(ws[i]) for i in pos} >= set(h):
        return set()
    return pos if all(any(abs(i - j) == 1 for j in free) for i in pos & skip) else set()


def named(c: Column, ws: list[str], skip: set[int],
          common: set[str] = frozenset()) -> tuple[str | int | bool, set[int], str, float] | None:
    """The value of ``c`` the question's words name through what it means: (value, word positions, the meaning
    as written, how strongly: 3 every word of its opening phrase, 2 one distinctive word of it, 1 two words of
    it), or None when none — or two equally — do. ``common``: stems of words the table's rows are commonly
    called (its comment), which never name a value alone."""
    top = _top(c, ws, skip, common)
    if len({b[1].code for b in top}) != 1:
        return None  # none, or two values named as well as each other: none is read
    score, m, hits = top[0]
    return m.code, hits, m.said, score


def named_each(c: Column, ws: list[str], skip: set[int],
               common: set[str] = frozenset()) -> list[tuple[str | int | bool, set[int], str, float]]:
    """Like ``named``; and two values named as well as each other when the question joins them ("neither completed
    nor cancelled", "open or dispatched"): each of them, when they read different words."""
    top = _top(c, ws, skip, common)
    if len({b[1].code for b in top}) == 1:
        score, m, hits = top[0]
        return [(m.code, hits, m.said, score)]
    spans = [h for _, _, h in top]
    if len(top) < 2 or any(isinstance(m.code, bool) for _, m, _ in top) or any(
            a & b for k, a in enumerate(spans) for b in spans[k + 1:]):
        return []
    lo, hi = min(min(h) for h in spans), max(max(h) for h in spans)
    if not re.search(r"\b(or|nor|and)\b", " ".join(ws[lo:hi + 1])):
        return []
    return [(m.code, h, m.said, score) for score, m, h in top]


def _shared_head(m: Meaning, said: set[str], others: set[str]) -> bool:
    """Whether the words read are only an opening phrase another value's meaning shares, while the rest of this
    meaning says what sets it apart ("signed up" for "C = signed up in the club with a sales advisor" beside
    "O = signed up online"): no value is named. "Paid" beside "partially paid" says all of its meaning, and so does
    "e-book (licensed ...)" beside "print book"."""
    rest = set(_stems(m.said.split("(")[0])) - set(m.head) - others  # a remark in parentheses sets nothing apart
    return set(m.head) <= others and bool(rest) and not said - set(m.head)


def _top(c: Column, ws: list[str], skip: set[int], common: set[str]) -> list[tuple[float, Meaning, set[int]]]:
    """The meanings of ``c`` the words name best (score, meaning, word positions), the best score's only."""
    ms = meanings(c)
    if not ms:
        return []
    in_name = {stem(p) for p in name_parts(c.name) if len(p) >= 4}
    own = in_name | _label(c.comment, ms)  # "status", "Credit hold": the column
    every = {i: stem(w) for i, w in enumerate(ws) if i not in skip and w not in _WEAK and stem(w) not in own
             and not (_NOT_MEANT.match(stem(w)) and ws[i + 1: i + 2] == ["out"]) and not idiom(ws, i)}
    years = {i: s for i, s in every.items() if not _YEAR.match(ws[i])}
    best: list[tuple[float, Meaning, set[int]]] = []
    for m in ms:
        qs = every if m.dated else years
        hits = {i for i, s in qs.items() if s in m.words
                and not (denies(m.said, ws[i]) and not _DENIES.search(" ".join(ws[max(0, i - 3):i])))}  # "not returned"
        told = () if isinstance(m.code, bool) and m.said.startswith("not ") else _aliases(m.said)  # not an opposite's
        # (with words of another meaning read, only an alias that takes the table's word: "down-votes")
        alias = next((pos for h in told if (pos := _alias_at(h, ws, skip)) and (not hits or pos & skip)), None)
        if not alias and not isinstance(m.code, bool):  # "O = out of order (...)": its whole opening phrase;
            # "R = in refit / dry dock": either name between slashes
            slashed = m.said.split("(")[0].split(" / ")
            phrases = [*(slashed if len(slashed) > 1 else []), *([m.said.split("(")[0]] if not m.head else [])]
            alias = next((pos for p in phrases if len(h := tuple(stem(w) for w in words(p) if w not in _LIGHT)) > 1
                          and (pos := _alias_at(h, ws, skip))), None)
        if alias:  # every word of another name the meaning gives ("4 = DNA (did not attend, no-show)": no-shows)
            best.append((3.0 + 0.1 * len(alias), m, alias))
            continue
        # a word of the column's own name names a value only when that value means just it ("returned" for
        # "R = returned" in return_flag)
        named_own = {i: stem(w) for i, w in enumerate(ws) if i not in skip and stem(w) in in_name
                     and (m.head == (stem(w),) or (m.code is True and stem(w) in m.head))  # "voided": void_flg true
                     and not _YEAR.match(w)}
        if named_own:
            qs = {**qs, **named_own}
            hits |= set(named_own)
        if not hits:
            continue
        said = {qs[i] for i in hits}
        head = [i for i in hits if qs[i] in m.head]
        others = {s for x in ms if x is not m and x.code != m.code for s in x.words}
        if m.head and not head and set(m.head) <= {stem(ws[i]) for i in skip if i < len(ws)}:
            # "berths out of service" for "false = berth out of service": the head is the table's word, which the
            # mention read; the rest of the question's phrase, as the meaning writes it, names the value
            lo, hi, text = min(hits), max(hits), " ".join(words(m.said.split("(")[0]))
            if any(set(ws[a:lo]) - _LIGHT and f" {' '.join(ws[a:hi + 1])} " in f" {text} " for a in (lo - 2, lo - 1)
                   if a >= 0):  # ("on the road" is not "off the road": a word besides "the" must agree)
                best.append((2.5 + 0.1 * len(said), m, hits))
                continue
        if m.head and set(m.head) <= said and not _shared_head(m, said, others):
            score = 3.0
        elif not m.dated and any(any(ch.isdigit() for ch in qs[i]) or (len(qs[i]) >= m.min_len and qs[i] not in others
                                                       and qs[i] not in _NOT_ALONE
                                                       and qs[i] not in common and ws[i] not in QUESTION_WORDS
                                                       and ws[max(0, i - 2):i] not in _AGENT)
                 for i in head) and not _denied(m, ws, head):
            score = 2.0
        elif len(said) >= 2 and not m.dated:  # "May 2025" names a month, not the spring term of 2025
            score = 1.0
        else:
            continue
        best.append((score + 0.1 * len(said), m, hits))
    # a meaning that reads every word another one reads, and more, is the one meant ("waiting for their approval":
    # "S = submitted (waiting for client approval)", not "A = approved")
    best = [b for b in best if not any(o[2] > b[2] and o[1].code != b[1].code for o in best)]
    if not best:
        return []
    best.sort(key=lambda b: -b[0])
    return [b for b in best if b[0] == best[0][0]]

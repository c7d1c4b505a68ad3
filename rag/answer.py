"""The grounded answer: no generative model. First the few sentences across the passages that answer the
question best ("In short", each cited by its passage number), then the best passages, verbatim, with the
sentences that answer the question in bold, each cited as a link."""
from __future__ import annotations

import re
from urllib.parse import quote

from rag.types import Passage

NOTHING_RELEVANT = (
    "The manual has nothing relevant to this question: no passage passed the similarity threshold, "
    "so there is nothing to quote. Try naming the feature, command or setting you mean."
)
MAX_PASSAGES = 3
MAX_BOLD = 2
SHORT_SENTENCES = 3  # the "In short" lead: at most this many sentences
SHORT_FLOOR = 0.30  # a sentence less similar to the question than this does not lead the answer

_FENCE = re.compile(r"(```.*?```)", re.S)
_SENT = re.compile(r"((?<=[.!?])[ \t]+(?=[A-Z(\"'`])|\n+)")
_STOP = set(
    "a an the and or of to in on for with by is are was were be been it its this that these those how what why when "
    "which who do does did can could should would will i my me we our you your there their from as at into not no "
    "yes if so than then too very just about more most make get use using used set one".split()
)


def manual_url(passage: Passage) -> str:
    """Link into the app's manual viewer (``Manual?page=<file>#<anchor>``), "" for non-manual files."""
    if not passage.source.endswith((".html", ".htm")):
        return ""
    url = f"Manual?page={quote(passage.source)}"
    return f"{url}#{quote(passage.anchor)}" if passage.anchor else url


def _terms(text: str) -> set[str]:
    import Stemmer

    stem = Stemmer.Stemmer("english").stemWord
    words = re.findall(r"[A-Za-z_][A-Za-z0-9_]+", text.lower())
    out = set()
    for w in words:
        for part in [w, *w.split("_")] if "_" in w else [w]:
            if part and part not in _STOP and len(part) > 1:
                out.add(stem(part))
    return out


def _highlight(text: str, question_terms: set[str]) -> str:
    """Bold the (at most MAX_BOLD) sentences sharing most terms with the question; code blocks untouched."""
    parts = _FENCE.split(text)
    pieces = [[part] if part.startswith("```") else _SENT.split(part) for part in parts]
    scored = []
    for pi, segs in enumerate(pieces):
        if parts[pi].startswith("```"):
            continue
        for si in range(0, len(segs), 2):  # odd positions are the separators
            sentence = segs[si].strip()
            overlap = len(_terms(sentence) & question_terms)
            if overlap and len(sentence) > 25:
                scored.append((overlap, len(sentence), pi, si))
    scored.sort(reverse=True)
    for _, _, pi, si in scored[:MAX_BOLD]:
        seg = pieces[pi][si]
        body = seg.strip()
        lead, trail = seg[: len(seg) - len(seg.lstrip())], seg[len(seg.rstrip()):]
        pieces[pi][si] = f"{lead}**{body}**{trail}"
    return "".join("".join(segs) for segs in pieces).strip()


def _label(p: Passage) -> str:
    if p.section and p.section != p.title:
        return f"{p.title} — {p.section}"
    return p.title or p.source


def cite(p: Passage) -> str:
    url = manual_url(p)
    return f"[{_label(p)}]({url})" if url else f"{_label(p)} ({p.source})"


def _sentences(text: str) -> list[str]:
    """A passage's prose sentences (code blocks and fragments left out)."""
    out = []
    for part in _FENCE.split(text):
        if part.startswith("```"):
            continue
        out += [x.strip() for x in _SENT.split(part)[::2] if 40 <= len(x.strip()) <= 400 and x.strip()[-1:] in ".:)"]
    return out


def in_short(question: str, passages: list[Passage], n: int = SHORT_SENTENCES) -> list[tuple[str, int]]:
    """The few sentences across the passages that answer the question best: (sentence, passage number), best
    first. Ranked by MiniLM similarity to the question plus shared terms; near-duplicates dropped."""
    from rag.embeddings import embed_documents, embed_query

    cands = [(s, i) for i, p in enumerate(passages[:MAX_PASSAGES], 1) for s in _sentences(p.text)]
    if not cands:
        return []
    vecs = embed_documents([s for s, _ in cands])
    sims = vecs @ embed_query(question)
    terms = _terms(question)
    score = [float(sim) + 0.04 * len(_terms(s) & terms) for (s, _), sim in zip(cands, sims)]
    picked: list[int] = []
    for k in sorted(range(len(cands)), key=lambda k: -score[k]):
        if len(picked) >= n or score[k] < SHORT_FLOOR:
            break
        if all(float(vecs[k] @ vecs[j]) < 0.9 for j in picked):
            picked.append(k)
    return [cands[k] for k in picked]


def grounded_answer(question: str, passages: list[Passage]) -> str:
    """Markdown composed only from the passages: the sentences that answer best, each cited, then the passages
    (quoted, key sentences bold, cited)."""
    if not passages:
        return NOTHING_RELEVANT
    terms = _terms(question)
    short = in_short(question, passages)
    blocks = ["**In short** (sentences quoted from the passages below):\n" + "\n".join(
        f"- {s} [{i}]" for s, i in short)] if short else []
    blocks.append("From the PostgreSQL manual (most relevant passages first; the sentences that match "
                  "your question are in bold):")
    for i, p in enumerate(passages[:MAX_PASSAGES], 1):
        blocks.append(f"**{i}. {cite(p)}**\n\n{_highlight(p.text, terms)}")
    sources = "\n".join(f"- {cite(p)}" for p in passages[:MAX_PASSAGES])
    blocks.append(f"Sources:\n{sources}")
    return "\n\n".join(blocks)

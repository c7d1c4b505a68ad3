"""Structure-aware chunking: one section at a time (never across a section
boundary), then by size with overlap (langchain-text-splitters), preferring
paragraph, line and sentence breaks.  Each chunk records its page, section and
the closest anchor (a section id, or a finer one such as a parameter's
``<dt id=GUC-...>`` that starts the chunk)."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from langchain_text_splitters import RecursiveCharacterTextSplitter

from rag.loaders import ANCHOR_RE, Section

_NUMBER = re.compile(r"^(?:[A-Z]|\d+)(?:\.\d+)*\.\s+")
MIN_CHUNK = 40  # chars: smaller leftovers are merged into the previous chunk of the section


@dataclass
class Chunk:
    text: str  # what is shown and cited
    source: str
    title: str
    section: str
    anchor: str
    index: int = 0  # position within its source
    chapter: str = ""

    @property
    def header(self) -> str:
        """Chapter, title and heading without numbering: prefixed to the text for embedding and BM25."""
        parts: list[str] = []
        for part in (self.chapter, _NUMBER.sub("", self.title), _NUMBER.sub("", self.section)):
            if part and part not in parts:
                parts.append(part)
        return " — ".join(parts)

    @property
    def search_text(self) -> str:
        return f"{self.header}\n{self.text}"

    def metadata(self, **extra) -> dict:
        """What the store and the lexical index keep beside the text."""
        return {"source": self.source, "title": self.title, "section": self.section, "anchor": self.anchor,
                "index": self.index, "chapter": self.chapter, **extra}

    @property
    def id(self) -> str:
        digest = hashlib.sha1(self.text.encode()).hexdigest()[:10]
        return f"{self.source}::{self.index}::{digest}"


def _splitter(size: int, overlap: int) -> RecursiveCharacterTextSplitter:
    return RecursiveCharacterTextSplitter(
        chunk_size=size,
        chunk_overlap=min(overlap, size // 2),
        separators=["\n\u27e6", "\n\n", "\n```", "\n", ". ", "; ", ", ", " ", ""],
        keep_separator="start",
    )


def chunk_sections(sections: list[Section], size: int = 800, overlap: int = 120) -> list[Chunk]:
    splitter = _splitter(size, overlap)
    chunks: list[Chunk] = []
    for sec in sections:
        current = sec.anchor
        pieces = splitter.split_text(sec.text) if len(ANCHOR_RE.sub("", sec.text)) > size else [sec.text]
        for piece in pieces:
            anchor = current
            first = ANCHOR_RE.search(piece)
            if first and first.start() < 80:
                anchor = first.group(1)
            marks = ANCHOR_RE.findall(piece)
            if marks:
                current = marks[-1]
            text = ANCHOR_RE.sub("", piece).strip()
            if not text:
                continue
            prev = chunks[-1] if chunks else None
            if len(text) < MIN_CHUNK and prev and prev.source == sec.source and prev.section == sec.section:
                prev.text = f"{prev.text}\n{text}"
                continue
            chunks.append(Chunk(text, sec.source, sec.title, sec.section, anchor or sec.anchor, chapter=sec.chapter))
    counts: dict[str, int] = {}
    for c in chunks:
        c.index = counts.get(c.source, 0)
        counts[c.source] = c.index + 1
    return chunks

"""What retrieval hands to the rest of the app."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class Passage:
    text: str
    source: str  # file name, e.g. "routine-vacuuming.html" (the manual's own name) or an uploaded file
    title: str = ""  # page title
    section: str = ""  # section heading the chunk sits under
    anchor: str = ""  # HTML anchor id within the page, "" if none
    kb: str = ""  # knowledge base (Chroma collection) it came from
    score: float = 0.0
    # how retrieval ranked it (added by rag): dense cosine, bm25 score, dense/bm25 ranks, fused rrf
    details: dict = field(default_factory=dict)

    @property
    def link(self) -> str:
        """The page (and anchor) this passage came from, e.g. routine-vacuuming.html#AUTOVACUUM"""
        return f"{self.source}#{self.anchor}" if self.anchor else self.source

    def to_dict(self) -> dict:
        d = asdict(self)
        d["link"] = self.link
        return d

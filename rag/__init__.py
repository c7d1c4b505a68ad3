"""Retrieval over the PostgreSQL manual and user knowledge bases.

Public API (the pipeline calls these):
  open_retriever(settings) -> Retriever       cached; EmptyKnowledgeBase when no index
  Retriever.search(query, kb="manual", k=None) -> list[Passage]
  grounded_answer(question, passages) -> str  Markdown, quotes only, cited
  manual_url(passage) -> str                  "Manual?page=<file>#<anchor>"
  ensure_index(settings, progress=True)       ingest manual + general when missing
"""
from __future__ import annotations

from rag.answer import NOTHING_RELEVANT, grounded_answer, manual_url
from rag.ingest import IngestReport, check_upload, ensure_index, ingest_paths
from rag.loaders import LoaderError
from rag.retriever import EmptyKnowledgeBase, Retriever, open_retriever
from rag.store import KnowledgeBaseError
from rag.types import Passage

__all__ = [
    "EmptyKnowledgeBase", "IngestReport", "KnowledgeBaseError", "LoaderError", "NOTHING_RELEVANT", "Passage",
    "Retriever", "check_upload", "ensure_index", "grounded_answer", "ingest_paths", "manual_url", "open_retriever",
]

"""The question pipeline: question + history → route → template → evidence → answer, as events.

    for event in Pipeline(settings).ask("how do I make autovacuum run more often?"):
        ...

Routes: `route` argument (the UI's override) > settings.route > "auto" = the trained classifier.
Evidence first: product and general answers come from retrieval, instance answers from live
tools (agent.instance), refusals from rules; a generative backend, when configured, phrases
the answer on top of that evidence through the route's template.
"""
from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Iterator

from agent import templates
from agent.backends import LLMError, make_backend
from agent.diagnosis.offer import offer_text, wants_diagnosis
from agent.k8s_chat import answer_kubernetes, wants_kubernetes
from agent.events import Answer, Error, Event, Passages, Route, Token
from agent.harm_exemplars import look_again
from agent.on_server import on_server
from agent.planner.policy import follow_up_of
from agent.refusals import refuse, self_harm
from router import RouterNotTrained
from router.labels import LABELS, REFUSED, RouteDecision
from toolkits.secrets import scrub

log = logging.getLogger(__name__)

KB_FOR_ROUTE = {"product": "manual", "general": "general"}


def _stream_text(text: str) -> Iterator[Event]:
    """Stream already-composed text as token events (keeps the UI's streaming path the same)."""
    for piece in re.findall(r"\S+\s*|\s+", text):
        yield Token(piece)


class Pipeline:
    def __init__(self, settings, backend=None, router=None, retriever=None):
        from rag.embeddings import accelerate

        self.settings = settings
        accelerate(settings, export=False)  # a verified ONNX export answers without torch in this process
        self._backend = backend
        self._router = router
        self._retriever = retriever

    # ------------------------------------------------------------ components, built lazily
    @property
    def backend(self):
        if self._backend is None:
            self._backend = make_backend(self.settings)
        return self._backend

    def router(self):
        """The trained router; while it is still being prepared, the quick model (router/quick.py) when it is
        on disk — checked again at every question, so the full router takes over the moment it is saved."""
        if self._router is None or getattr(self._router, "interim", False):
            import sys

            from router import RouterNotTrained, load_router

            llm_chat = None
            if self.settings.router_kind == "llm":
                llm_chat = lambda messages: self.backend.chat(messages, temperature=0.0, max_tokens=20)  # noqa: E731
            try:
                self._router = load_router(self.settings, llm_chat=llm_chat)
            except RouterNotTrained:
                from router.quick import QuickRouter, quick_path

                if self.settings.router_kind == "llm" or not quick_path(self.settings).is_file():
                    raise
                if self._router is None:
                    self._router = QuickRouter.load(quick_path(self.settings), float(self.settings.router_threshold))
                    self._router.interim = True
            if "torch" in sys.modules:  # a router without its ONNX export runs on torch (router/onnx_heads.py)
                # batch-size-1 inference: one thread is fastest and steadiest on a shared CPU (p95 13 ms vs ~500 ms)
                sys.modules["torch"].set_num_threads(1)
        return self._router

    def retriever(self):
        if self._retriever is None:
            from rag import open_retriever

            self._retriever = open_retriever(self.settings)
        return self._retriever

    # ------------------------------------------------------------ routing
    def decide_route(self, question: str, route: str | None, history: list[dict] | None = None) -> RouteDecision:
        choice = (route or self.settings.route or "auto").lower()
        if choice != "auto":
            if choice not in LABELS:
                raise ValueError(f"unknown route {choice!r}; choose auto or one of {', '.join(LABELS)}")
            return RouteDecision(choice, 1.0, {choice: 1.0}, 0.0, source="user")
        if self_harm(question):  # care first: no classifier decides this one
            return RouteDecision("unsafe", 1.0, {"unsafe": 1.0}, 0.0, source="rule")
        decision = look_again(self.settings, question, self.router().route(question))
        prev = follow_up_of(question, history) if decision.label not in ("instance", "unsafe") else None
        if prev:  # "and per region?", "why?" after a question about the database: the same route as that one
            before = self.router().route(prev)
            if before.label == "instance":
                return dataclasses.replace(before, latency_ms=decision.latency_ms + before.latency_ms,
                                           source="follow-up", note=f"a follow-up to \"{prev.strip()}\"")
        return decision

    # ------------------------------------------------------------ the pipeline
    def ask(self, question: str, history: list[dict] | None = None, route: str | None = None) -> Iterator[Event]:
        question = (question or "").strip()
        if not question:
            yield Error("Ask a question first: the message was empty.")
            return
        history = history or []
        try:
            decision = self.decide_route(question, route, history)
        except Exception as exc:  # router missing or broken: say so, never fake a route
            yield Error(_router_message(exc))
            return
        alternatives = []
        if decision.source != "user" and decision.confidence < self.settings.router_threshold:
            alternatives = [label for label, _ in decision.top2()]
        yield Route(
            label=decision.label, confidence=round(decision.confidence, 3), source=decision.source,
            scores={k: round(v, 3) for k, v in decision.scores.items()},
            latency_ms=round(decision.latency_ms, 1), alternatives=alternatives,
        )
        try:
            if decision.label in REFUSED:
                yield from self._refuse(decision.label, question, history)
            elif decision.label == "instance" and wants_kubernetes(question, self.settings):
                backend = self.backend if self.settings.llm_backend != "grounded" else None
                yield from answer_kubernetes(question, self.settings, backend)  # the database's pods, volumes …
            elif decision.label == "instance" and wants_diagnosis(question):
                text = offer_text(question)  # an anomaly over time: a diagnosis, not one tool call
                yield from _stream_text(text)
                yield Answer(text)
            elif decision.label == "instance":
                from agent.instance import answer_instance

                yield from answer_instance(question, history, self.settings, self.backend)
            else:
                yield from self._answer_from_knowledge(decision.label, question, history)
        except LLMError as exc:  # messages are shown and stored: no DSN or URL password in them
            yield Error(scrub(str(exc), self.settings.dsn))
        except Exception as exc:  # the user sees a clear message; the log keeps the traceback
            log.exception("pipeline failed")
            yield Error(scrub(f"Something went wrong while answering: {type(exc).__name__}: {exc}", self.settings.dsn))

    def _generate(self, messages: list[dict]) -> Iterator[Event]:
        parts = []
        for piece in self.backend.stream(messages):
            parts.append(piece)
            yield Token(piece)
        yield Answer("".join(parts).strip())

    def _refuse(self, label: str, question: str, history: list[dict]) -> Iterator[Event]:
        if self.backend.generative and not self_harm(question):  # the caring answer is fixed text, never generated
            yield from self._generate(templates.render(label, question=question, history=history))
            return
        text = refuse(label, question)
        yield from _stream_text(text)
        yield Answer(text)

    def _answer_from_knowledge(self, label: str, question: str, history: list[dict]) -> Iterator[Event]:
        from rag import grounded_answer

        try:
            passages, kb = self._search(label, question)
        except Exception as exc:
            yield Error(_retrieval_message(exc))
            passages, kb = [], KB_FOR_ROUTE[label]
            if not self.backend.generative:
                return
        yield Passages([p.to_dict() for p in passages])
        note = "" if kb == KB_FOR_ROUTE[label] else (
            f"_The {KB_FOR_ROUTE[label]} collection had nothing close enough; these passages come from the "
            f"{kb} collection._\n\n")
        if passages and passages[0].details.get("mode") == "keywords":
            note += ("_The meaning-based index is still being built: these passages were found by keyword search "
                     "alone, so they may miss a page that says it in other words._\n\n")
        if self.backend.generative:
            knowledge = templates.format_passages(passages)
            yield from self._generate(templates.render(label, question=question, knowledge=knowledge, history=history))
            return
        text = note + grounded_answer(question, passages) if passages else grounded_answer(question, passages)
        server = on_server(self.settings, question, passages) if passages else ""
        text += f"\n\n{server}" if server else ""
        yield from _stream_text(text)
        yield Answer(text)

    def _search(self, label: str, question: str) -> tuple[list, str]:
        """(passages, the collection they came from): the route's collection, else the others (manual ↔ general,
        then the user's knowledge bases), so a knowledge question never dead-ends while any collection has it.
        A missing collection is skipped; when every one is missing, the route's own error is raised."""
        from rag.retriever import EmptyKnowledgeBase

        retriever, first = self.retriever(), KB_FOR_ROUTE[label]
        others = [kb for kb in ("manual", "general") if kb != first]
        try:
            others += [kb for kb in retriever.store.kb_names() if kb not in (first, *others)]
        except Exception:  # listing the user's collections is a convenience, not a reason to fail
            pass
        missing: EmptyKnowledgeBase | None = None
        searched = False
        for kb in [first, *others]:
            try:
                passages = retriever.search(question, kb=kb, k=self.settings.top_k)
            except EmptyKnowledgeBase as exc:
                missing = missing or exc if kb == first else missing
                continue
            searched = True
            if passages:
                return passages, kb
        if not searched and missing is not None:
            raise missing
        return [], first


def _router_message(exc: Exception) -> str:
    if isinstance(exc, RouterNotTrained):
        return f"{exc} Meanwhile, pick a route in the sidebar (or `dbcopilot ask --route ...`)."
    return f"The question router failed ({type(exc).__name__}: {exc}). Pick a route in the sidebar to go on."


def _retrieval_message(exc: Exception) -> str:
    from rag.retriever import EmptyKnowledgeBase  # rag is loaded by now (the search ran); importing it is slow

    if isinstance(exc, EmptyKnowledgeBase):
        return str(exc)
    return f"Retrieval failed ({type(exc).__name__}: {exc}). Check the knowledge base page or run `dbcopilot ingest`."

"""New diagnosis knowledge from documents, when an LLM server is configured (the summary-tree method).

    chunks, report = extract(backend, [Path("runbook.md")])

1. The document is split into a tree of sections by its headings (Markdown ``#`` levels; a plain text file
   is one section).
2. Bottom-up, each section is summarised from its own text and its children's summaries, so every prompt
   stays small however long the document is.
3. For each leaf section, the LLM extracts chunks {name, cause, metrics, steps, checks, fixes} with the
   summaries of its ancestors as context.
4. Only chunks whose cause is in the taxonomy and whose metrics exist (names the monitor measures or the
   rules read) are kept; the rest are counted as dropped, never guessed into shape.

Kept chunks go to <data_dir>/diagnosis/knowledge_extracted.jsonl and are matched beside the shipped ones.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from agent.diagnosis.knowledge import KNOWN_METRICS
from agent.diagnosis.rules import taxonomy

MAX_SECTION_CHARS = 6000  # each prompt stays well under 4k tokens
CHUNK_SCHEMA = {"type": "object", "properties": {"chunks": {"type": "array", "items": {
    "type": "object", "properties": {
        "name": {"type": "string"}, "cause": {"type": "string"}, "metrics": {"type": "array", "items": {"type": "string"}},
        "steps": {"type": "array", "items": {"type": "string"}}, "checks": {"type": "array", "items": {"type": "string"}},
        "fixes": {"type": "array", "items": {"type": "string"}}},
    "required": ["name", "cause", "metrics"]}}}, "required": ["chunks"]}


@dataclass
class Section:
    title: str
    text: str
    level: int
    children: list["Section"] = field(default_factory=list)
    summary: str = ""


@dataclass
class Report:
    sections: int = 0
    prompts: int = 0
    kept: int = 0
    dropped: list[str] = field(default_factory=list)
    largest_prompt_tokens: int = 0


def sections(text: str, title: str) -> Section:
    """The heading tree of a Markdown text (a text with no headings is one section)."""
    root = Section(title, "", 0)
    stack = [root]
    body: list[str] = []

    def flush() -> None:
        stack[-1].text = "\n".join(body).strip()
        body.clear()

    for line in text.splitlines():
        m = re.match(r"^(#{1,6})\s+(.*)", line)
        if not m:
            body.append(line)
            continue
        flush()
        level = len(m.group(1))
        while stack[-1].level >= level:
            stack.pop()
        node = Section(m.group(2).strip(), "", level)
        stack[-1].children.append(node)
        stack.append(node)
    flush()
    return root


def _walk(node: Section):
    for child in node.children:
        yield from _walk(child)
    yield node


def _ask(backend, report: Report, system: str, user: str, **kw) -> str:
    user = user[:MAX_SECTION_CHARS]
    report.prompts += 1
    report.largest_prompt_tokens = max(report.largest_prompt_tokens, (len(system) + len(user)) // 4)
    return backend.chat([{"role": "system", "content": system}, {"role": "user", "content": user}], **kw)


def summarise(backend, root: Section, report: Report) -> None:
    """Bottom-up: a section's summary is written from its text and its children's summaries."""
    for node in _walk(root):
        parts = [node.text] + [f"{c.title}: {c.summary}" for c in node.children if c.summary]
        content = "\n\n".join(p for p in parts if p.strip())
        if not content.strip():
            continue
        report.sections += 1
        node.summary = _ask(backend, report, "Summarise this part of a database operations document in at most "
                            "three sentences. Keep metric names, settings and numbers.",
                            f"Section: {node.title}\n\n{content}", max_tokens=160, temperature=0.0).strip()


def _valid(chunk: dict, causes: set[str]) -> str:
    """'' when the chunk can be kept, else why not."""
    if chunk.get("cause") not in causes:
        return f"cause {chunk.get('cause')!r} is not in the taxonomy"
    metrics = [m for m in chunk.get("metrics") or [] if isinstance(m, str)]
    if not metrics or any(m not in KNOWN_METRICS for m in metrics):
        return f"metrics {metrics!r} are not all measured"
    if not str(chunk.get("name") or "").strip():
        return "no name"
    return ""


def extract(backend, paths: list[Path]) -> tuple[list[dict], Report]:
    causes = set(taxonomy())
    report = Report()
    kept: list[dict] = []
    system = ("Extract diagnosis knowledge as JSON {\"chunks\": [{\"name\", \"cause\", \"metrics\", \"steps\", "
              "\"checks\", \"fixes\"}]}. cause is one of: " + ", ".join(sorted(causes)) + ". metrics are names from: "
              + ", ".join(sorted(KNOWN_METRICS)) + ". Only what the text says; an empty list when it says nothing.")
    for path in paths:
        root = sections(path.read_text(errors="replace"), path.stem)
        summarise(backend, root, report)
        ancestors: dict[int, list[str]] = {}

        def visit(node: Section, trail: list[str]) -> None:
            ancestors[id(node)] = trail
            for c in node.children:
                visit(c, trail + ([f"{node.title}: {node.summary}"] if node.summary else []))

        visit(root, [])
        for node in _walk(root):
            if node.children or not node.text.strip():
                continue
            context = "\n".join(ancestors[id(node)])
            text = _ask(backend, report, system, f"Context: {context}\n\nSection: {node.title}\n{node.text}",
                        json_schema=CHUNK_SCHEMA, max_tokens=400, temperature=0.0)
            try:
                found = json.loads(text[text.index("{"): text.rindex("}") + 1]).get("chunks") or []
            except (ValueError, AttributeError):
                report.dropped.append(f"{path.name} / {node.title}: the reply was not JSON")
                continue
            for chunk in found if isinstance(found, list) else []:
                why = _valid(chunk, causes) if isinstance(chunk, dict) else "not an object"
                if why:
                    report.dropped.append(f"{path.name} / {node.title}: {why}")
                    continue
                kept.append({"name": chunk["name"].strip(), "cause": chunk["cause"],
                             "metrics": [m for m in chunk["metrics"]],
                             **{k: [str(x) for x in chunk.get(k) or []][:6] for k in ("steps", "checks", "fixes")},
                             "source": f"{path.name} / {node.title}"})
    report.kept = len(kept)
    return kept, report


def save(chunks: list[dict], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as fh:
        for c in chunks:
            fh.write(json.dumps(c) + "\n")

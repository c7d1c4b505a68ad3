"""The diagnosis report as Markdown (chat, CLI, export) and as a standalone HTML page (export).

Text that came from the database (statements, setting values) is data: in Markdown it sits in code spans
or blocks, in HTML it is escaped.
"""
from __future__ import annotations

import html
import time

from agent.diagnosis.diagnose import Diagnosis


def _when(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts))


BARS = "▁▂▃▄▅▆▇█"


def sparkline(points: list[tuple[float, float]]) -> str:
    top = max((v for _, v in points), default=0.0)
    return "".join(BARS[min(len(BARS) - 1, int(v / top * (len(BARS) - 1)))] if top else BARS[0] for _, v in points)


def _svg(points: list[tuple[float, float]], start: float, width: int = 360, height: int = 60) -> str:
    """An inline SVG line chart; the window (from ``start``) shaded."""
    if len(points) < 2:
        return ""
    t0, t1 = points[0][0], points[-1][0]
    top = max(v for _, v in points) or 1.0
    x = lambda t: (t - t0) / max(t1 - t0, 1e-9) * width  # noqa: E731
    y = lambda v: height - v / top * (height - 4) - 2  # noqa: E731
    line = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in points)
    shade = max(0.0, x(start))
    return (f"<svg width='{width}' height='{height}' xmlns='http://www.w3.org/2000/svg'>"
            f"<rect x='{shade:.1f}' y='0' width='{width - shade:.1f}' height='{height}' fill='#fde8e8'/>"
            f"<polyline fill='none' stroke='#c33' stroke-width='1.5' points='{line}'/></svg>")


def _code(text: str) -> str:
    return "`" + text.replace("`", "'") + "`"


def as_json(d: Diagnosis) -> dict:
    """What `dbcopilot diagnose --json` prints: at most four causes, best first, names from the taxonomy."""
    return {"root_causes": [{"name": c.name, "confidence": round(c.confidence, 3), "evidence": c.evidence,
                             "fixes": c.fixes, "expert": c.expert} for c in d.root_causes],
            "window": {"start": d.start, "end": d.end}, "healthy": d.healthy, "notes": d.notes,
            "report": markdown(d), "seconds": round(d.seconds, 2), "largest_prompt_tokens": d.largest_prompt_tokens}


def markdown(d: Diagnosis) -> str:
    out = [f"# {d.title}", "",
           f"**Window:** {_when(d.start)} – {_when(d.end)} ({d.end - d.start:.0f} s)  ",
           f"**Symptom:** {d.symptom or 'not given'}  ",
           f"**Diagnosed in:** {d.seconds:.1f} s, {d.trajectories} trajectories", ""]
    if d.alerts:
        out += ["## Alerts", ""] + [f"- {a['rule']} ({a['severity']}): {a['text']}, peak {a['peak']:,.1f}" for a in d.alerts]
        out.append("")
    if d.figures:
        out += ["## The window in numbers", ""]
        out += [f"- {k.replace('_', ' ')}: {v:,.1f}" for k, v in d.figures.items()]
        out.append("")
    if d.series:
        out += ["## Metrics (baseline, then the window)", ""]
        out += [f"- {name.replace('_', ' ')}: `{sparkline(pts)}` (max {max(v for _, v in pts):,.1f})"
                for name, pts in d.series.items()]
        out.append("")
    if d.healthy:
        out += ["## Root causes", "", "None above the confidence threshold: no rule's discriminating numbers hold in "
                "this window.", ""]
    else:
        out += ["## Root causes", ""]
        for i, c in enumerate(d.root_causes, 1):
            out += [f"### {i}. {c.name} — confidence {c.confidence:.2f} ({c.votes}/{d.trajectories} votes, "
                    f"{c.expert} expert)", "", c.definition, "", "**Evidence**", ""]
            out += [f"- {e}" for e in c.evidence]
            if c.statement:
                out += ["", "Statement:", "", "```sql", c.statement.replace("```", "'''"), "```"]
            out += ["", "**Review:** " + "; ".join(c.reviews), ""]
            if c.fixes:
                out += ["**Fix** (suggested, runs only after you confirm it):", "", "```sql"] + \
                       [f.replace("```", "'''") for f in c.fixes] + ["```", ""]
            steps = d.knowledge.get(c.name)
            if steps:
                out += ["**How a DBA checks it:** " + "; ".join(steps), ""]
            if c.tools:
                out += ["**Look further with:** " + ", ".join(_code(t) for t in c.tools), ""]
    if d.notes:
        out += ["## What was not available", ""] + [f"- {n}" for n in d.notes] + [""]
    out += ["## Diagnosis process", ""] + [f"- {p}" for p in d.process]
    out += ["", f"Largest context per expert step: {d.largest_prompt_tokens} tokens."]
    return "\n".join(out)


def html_page(d: Diagnosis) -> str:
    e = html.escape
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{e(d.title)}</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}pre{background:#f4f4f4;padding:.5em;"
             "white-space:pre-wrap}.c{border-left:4px solid #c33;padding-left:1em;margin:1em 0}</style></head><body>",
             f"<h1>{e(d.title)}</h1>",
             f"<p><b>Window:</b> {e(_when(d.start))} – {e(_when(d.end))}<br><b>Symptom:</b> {e(d.symptom or 'not given')}"
             f"<br><b>Diagnosed in:</b> {d.seconds:.1f} s</p>"]
    if d.figures:
        parts.append("<h2>The window in numbers</h2><ul>" +
                     "".join(f"<li>{e(k.replace('_', ' '))}: {v:,.1f}</li>" for k, v in d.figures.items()) + "</ul>")
    if d.series:
        parts.append("<h2>Metrics</h2><p>The shaded part is the diagnosed window.</p>")
        for name, pts in d.series.items():
            parts.append(f"<div><b>{e(name.replace('_', ' '))}</b> (max {max(v for _, v in pts):,.1f})<br>"
                         f"{_svg(pts, d.start)}</div>")
    parts.append("<h2>Root causes</h2>")
    if d.healthy:
        parts.append("<p>None above the confidence threshold.</p>")
    for i, c in enumerate(d.root_causes, 1):
        parts.append(f"<div class='c'><h3>{i}. {e(c.name)} — confidence {c.confidence:.2f}</h3><p>{e(c.definition)}</p>"
                     "<ul>" + "".join(f"<li>{e(x)}</li>" for x in c.evidence) + "</ul>")
        if c.statement:
            parts.append(f"<pre>{e(c.statement)}</pre>")
        if c.fixes:
            parts.append("<p><b>Fix</b> (suggested):</p><pre>" + e("\n".join(c.fixes)) + "</pre>")
        parts.append(f"<p><i>Review: {e('; '.join(c.reviews))}</i></p></div>")
    if d.notes:
        parts.append("<h2>What was not available</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in d.notes) + "</ul>")
    parts.append("<h2>Diagnosis process</h2><ul>" + "".join(f"<li>{e(p)}</li>" for p in d.process) + "</ul>")
    parts.append("</body></html>")
    return "".join(parts)

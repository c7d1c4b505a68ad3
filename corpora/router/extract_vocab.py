"""Extract PostgreSQL vocabulary (settings, SQL commands, client programs, statistics views,
contrib modules) from the PostgreSQL 15 HTML manual (Debian's postgresql-doc-15) into vocab/*.txt.

The generator (generate.py) reads only vocab/*.txt, so regenerating the training data does not
need the manual; run this again only to refresh the vocabulary:

    python corpora/router/extract_vocab.py [/usr/share/doc/postgresql-doc-15/html]
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(manual: str = "/usr/share/doc/postgresql-doc-15/html") -> None:
    root = Path(manual)
    out = HERE / "vocab"
    out.mkdir(exist_ok=True)
    gucs, commands, programs, views, modules = set(), set(), set(), set(), set()
    for page in sorted(root.glob("*.html")):
        html = page.read_text(encoding="utf-8", errors="replace")
        if page.name.startswith("runtime-config"):
            gucs |= {g.lower().replace("-", "_") for g in re.findall(r'id="GUC-([A-Z0-9-]+)"', html)}
        if page.name.startswith("sql-"):
            m = re.search(r"<title>([A-Z][A-Z ]+)</title>", html)
            if m:
                commands.add(m.group(1).strip())
        if page.name.startswith("app-"):
            m = re.search(r"<title>([a-z_0-9]+)</title>", html)
            if m:
                programs.add(m.group(1))
        views |= set(re.findall(r'<code class="structname">(pg_stat[a-z_]+|pg_locks|pg_settings|pg_class|pg_index)</code>', html))
    contrib = root / "contrib.html"
    if contrib.exists():
        modules |= set(re.findall(r'">F\.[0-9]+\. ([a-z_0-9]+)', contrib.read_text()))
    for name, values in [("pg_settings", gucs), ("pg_commands", commands), ("pg_programs", programs),
                         ("pg_views", views), ("pg_modules", modules)]:
        values = sorted(v for v in values if not v.endswith("_"))
        (out / f"{name}.txt").write_text("\n".join(values) + "\n")
        print(name, len(values))


if __name__ == "__main__":
    main(*sys.argv[1:])

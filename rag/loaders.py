"""Loaders: turn files into sections (title, heading, anchor, text).

The PostgreSQL HTML manual keeps its structure: every DocBook section
(``div.sect1``/``sect2``/``refsect1`` ...) becomes one Section with its own text
(nested sections are separate), its heading and its HTML id as the anchor.
Navigation chrome (navheader, navfooter, tables of contents) is dropped; code
blocks keep their layout (fenced), tables become ``a | b | c`` rows.

Markdown is split on its headings, plain text and PDF (one section per page)
are kept whole; the chunker sizes them afterwards.
"""
from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from pathlib import Path

from bs4 import BeautifulSoup, Comment, NavigableString, Tag, XMLParsedAsHTMLWarning

SUPPORTED = {".html", ".htm", ".md", ".markdown", ".txt", ".text", ".rst", ".pdf"}

# In-text marker for a finer anchor (a GUC's <dt id=...>, a table, an example);
# the chunker turns it into a chunk's anchor and removes it.
ANCHOR_MARK = "\u27e6{}\u27e7"
ANCHOR_RE = re.compile("\u27e6([^\u27e7]*)\u27e7")

_SECTION_CLASSES = {
    "sect1", "sect2", "sect3", "sect4", "sect5", "section", "simplesect",
    "refsect1", "refsect2", "refsect3", "refsynopsisdiv",
    "chapter", "appendix", "preface", "part", "reference", "refentry", "book", "set", "index",
    "glossary", "bibliography", "sidebar",
}
# navigation, not content: page chrome, tables of contents and the back-of-book index (bookindex.html, 179 chunks of
# "term, link" lists that never answer a question: the retrieval sets' figures were the same without them)
_CHROME_CLASSES = {"navheader", "navfooter", "toc", "list-of-tables", "list-of-figures", "list-of-examples", "indexdiv",
                   "indexdiv-quicklinks"}
_BLOCKS = {
    "p", "div", "dl", "dt", "dd", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6",
    "blockquote", "br", "hr", "tr", "caption", "figure", "section", "table",
}
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


class LoaderError(ValueError):
    """A file that cannot be read as a document; the message is for the user."""


@dataclass
class Section:
    source: str  # file name, the key for re-ingest and the link target
    title: str  # page / document title
    section: str  # heading of this section ("" for the page's lead text)
    anchor: str  # HTML id ("" if none)
    text: str  # may contain ANCHOR_MARK markers (HTML only)
    kind: str = "text"  # html, markdown, text, pdf
    chapter: str = ""  # enclosing chapter (manual: the "Up" page), plus a reference page's purpose


def _classes(tag: Tag) -> set[str]:
    return set(tag.get("class") or [])


def _is_section(tag: Tag) -> bool:
    return tag.name in ("div", "section") and bool(_classes(tag) & _SECTION_CLASSES)


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class _Renderer:
    """Renders a DOM subtree to readable text; code blocks fenced and kept verbatim."""

    def __init__(self) -> None:
        self.verbatim: list[str] = []

    def render(self, node, out: list[str]) -> None:
        if isinstance(node, Comment):
            return
        if isinstance(node, NavigableString):
            out.append(re.sub(r"\s+", " ", str(node)))
            return
        if not isinstance(node, Tag):
            return
        name = node.name
        if name in ("script", "style", "head"):
            return
        if name == "pre":
            code = node.get_text().strip("\n")
            self.verbatim.append("```\n" + code + "\n```")
            out.append(f"\n\x00{len(self.verbatim) - 1}\x00\n")
            return
        if name == "table":
            out.append("\n" + self.table(node) + "\n")
            return
        ident = node.get("id")
        if ident and not (name == "a" and "indexterm" in _classes(node)):
            out.append(ANCHOR_MARK.format(ident))
        if name == "li":
            out.append("\n- ")
        elif name == "dd":
            out.append("\n  ")
        elif name in _BLOCKS:
            out.append("\n")
        for child in node.children:
            self.render(child, out)
        if name in _BLOCKS:
            out.append("\n")

    def table(self, table: Tag) -> str:
        lines = []
        caption = table.find("caption")
        if caption:
            lines.append(_clean(caption.get_text(" ")))
        for tr in table.find_all("tr"):
            cells = []
            for cell in tr.find_all(["td", "th"], recursive=False):
                inner: list[str] = []
                for child in cell.children:
                    self.render(child, inner)
                cells.append(_clean(ANCHOR_RE.sub("", "".join(inner)).replace("\x00", " ")))
            if any(cells):
                lines.append(" | ".join(cells))
        return "\n".join(lines)

    def finish(self, parts: list[str]) -> str:
        text = "".join(parts)
        lines = [re.sub(r"[ \t]+", " ", ln).strip() for ln in text.split("\n")]
        text = "\n".join(lines)
        text = re.sub(r"\n{3,}", "\n\n", text).strip()
        return re.sub(r"\x00(\d+)\x00", lambda m: self.verbatim[int(m.group(1))], text)


def _drop(body: Tag, classes: set[str]) -> None:
    for tag in [t for t in body.find_all(["div", "table", "dl", "p"]) if _classes(t) & classes]:
        if not tag.decomposed:
            tag.decompose()


def _soup(html: str | bytes) -> BeautifulSoup:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        return BeautifulSoup(html, "lxml")


def _heading(sect: Tag) -> str:
    titlepage = sect.find("div", class_="titlepage", recursive=False)
    if titlepage:
        h = titlepage.find(_HEADINGS)
        if h:
            return _clean(h.get_text(" "))
    if "refnamediv" in _classes(sect) or sect.find("div", class_="refnamediv", recursive=False):
        return ""
    h = sect.find(_HEADINGS, recursive=False)
    return _clean(h.get_text(" ")) if h else ""


def parse_manual_html(html: str | bytes, source: str) -> list[Section]:
    """Sections of one page of the PostgreSQL (DocBook) HTML manual."""
    soup = _soup(html)
    title = _clean(soup.title.get_text(" ")) if soup.title else source
    body = soup.body or soup
    chapter = _chapter(soup)
    _drop(body, _CHROME_CLASSES)
    sections: list[Section] = []

    def walk(node: Tag, heading: str, anchor: str) -> None:
        renderer = _Renderer()
        own: list[str] = []
        for child in node.children:
            if isinstance(child, Tag) and _is_section(child):
                flush(renderer, own, heading, anchor)
                renderer, own = _Renderer(), []
                walk(child, _heading(child) or heading, child.get("id") or anchor)
            elif isinstance(child, Tag) and child.find(_is_section_tag):
                flush(renderer, own, heading, anchor)
                renderer, own = _Renderer(), []
                walk(child, heading, anchor)
            elif isinstance(child, Tag) and (
                "titlepage" in _classes(child) or (child.name in _HEADINGS and _clean(child.get_text(" ")) == heading)
            ):
                continue
            else:
                renderer.render(child, own)
        flush(renderer, own, heading, anchor)

    def flush(renderer: _Renderer, own: list[str], heading: str, anchor: str) -> None:
        text = renderer.finish(own)
        if ANCHOR_RE.sub("", text).strip():
            sections.append(Section(source, title, heading, anchor, text, "html", chapter))

    top = body.find(_is_section_tag)
    walk(body, _heading(top) if top else title, "")
    # refentry pages: the first (name/purpose) block gets the page title as heading
    for s in sections:
        if not s.section:
            s.section = title
    return sections


def _chapter(soup: BeautifulSoup) -> str:
    """'Concurrency Control' for mvcc-intro.html; 'SQL Commands: define a new index' for sql-createindex.html."""
    up = soup.find("a", accesskey="u")
    chapter = re.sub(r"^(?:Chapter|Part|Appendix)\s+[A-Z0-9.]+\s+|^[A-Z0-9]+(?:\.\d+)*\.\s+", "",
                     _clean(up.get("title", ""))) if up else ""
    if chapter.startswith("PostgreSQL ") and chapter.endswith("Documentation"):
        chapter = ""
    purpose = soup.find("div", class_="refnamediv")
    if purpose and purpose.find("p"):
        text = _clean(purpose.find("p").get_text(" "))
        purpose_text = text.split(" — ", 1)[1] if " — " in text else ""
        if purpose_text:
            chapter = f"{chapter}: {purpose_text}" if chapter else purpose_text
    return chapter


def _is_section_tag(tag) -> bool:
    return isinstance(tag, Tag) and _is_section(tag)


def manual_page_html(html: str | bytes) -> str:
    """The body of a manual page without navigation chrome (for the viewer)."""
    soup = _soup(html)
    body = soup.body or soup
    _drop(body, {"navheader", "navfooter"})
    return "".join(str(c) for c in body.children)


# --- other formats ------------------------------------------------------------


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    if b"\x00" in raw[:8192]:
        raise LoaderError(f"{path.name}: looks like a binary file, not text")
    for enc in ("utf-8", "utf-8-sig", "latin-1"):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            continue
    raise LoaderError(f"{path.name}: cannot decode the text")  # pragma: no cover (latin-1 always decodes)


def parse_markdown(text: str, source: str) -> list[Section]:
    from langchain_text_splitters import MarkdownHeaderTextSplitter

    splitter = MarkdownHeaderTextSplitter(
        [("#", "h1"), ("##", "h2"), ("###", "h3"), ("####", "h4")], strip_headers=True
    )
    docs = splitter.split_text(text)
    title = ""
    m = re.search(r"^#\s+(.+)$", text, flags=re.M)
    if m:
        title = m.group(1).strip()
    out = []
    for d in docs:
        heads = [d.metadata[k] for k in ("h1", "h2", "h3", "h4") if k in d.metadata]
        heading = heads[-1] if heads else ""
        anchor = _slug(heading) if heading else ""
        if d.page_content.strip():
            out.append(Section(source, title or source, heading, anchor, d.page_content.strip(), "markdown"))
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def load_pdf(path: Path) -> list[Section]:
    from langchain_community.document_loaders import PyPDFLoader

    try:
        docs = PyPDFLoader(str(path)).load()
    except Exception as exc:  # pypdf raises many types for broken files
        raise LoaderError(f"{path.name}: not a readable PDF ({type(exc).__name__}: {exc})") from None
    out = []
    for d in docs:
        text = d.page_content.strip()
        if text:
            page = int(d.metadata.get("page", 0)) + 1
            out.append(Section(path.name, path.stem, f"page {page}", f"page={page}", text, "pdf"))
    return out


def load_file(path: str | Path, *, manual: bool | None = None) -> list[Section]:
    """Sections of one file; raises LoaderError with a user-facing message."""
    path = Path(path)
    if not path.exists():
        raise LoaderError(f"{path}: no such file")
    if not path.is_file():
        raise LoaderError(f"{path}: not a regular file")
    ext = path.suffix.lower()
    if ext not in SUPPORTED:
        raise LoaderError(
            f"{path.name}: unsupported file type '{ext or '(none)'}'; use one of {', '.join(sorted(SUPPORTED))}"
        )
    if path.stat().st_size == 0:
        raise LoaderError(f"{path.name}: the file is empty")
    try:
        if ext == ".pdf":
            sections = load_pdf(path)
        elif ext in (".html", ".htm"):
            sections = parse_manual_html(path.read_bytes(), path.name)
        elif ext in (".md", ".markdown"):
            sections = parse_markdown(_read_text(path), path.name)
        else:
            text = _read_text(path).strip()
            sections = [Section(path.name, path.stem, "", "", text, "text")] if text else []
    except PermissionError:
        raise LoaderError(f"{path.name}: permission denied") from None
    except OSError as exc:
        raise LoaderError(f"{path.name}: cannot read ({exc.strerror or exc})") from None
    if not sections:
        raise LoaderError(f"{path.name}: no text found in the file")
    return sections

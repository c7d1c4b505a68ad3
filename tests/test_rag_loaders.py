"""Loaders and chunking on real PostgreSQL manual pages and small files."""
from __future__ import annotations

from pathlib import Path

import pytest

from rag.chunking import chunk_sections
from rag.ingest import MAX_FILE_BYTES, check_upload
from rag.loaders import ANCHOR_RE, LoaderError, load_file

MANUAL = Path("/usr/share/doc/postgresql-doc-15/html")
pytestmark = pytest.mark.skipif(not MANUAL.is_dir(), reason="postgresql-doc-15 not installed")


def test_manual_page_title_sections_anchors():
    sections = load_file(MANUAL / "routine-vacuuming.html")
    assert {s.title for s in sections} == {"25.1. Routine Vacuuming"}
    by_anchor = {s.anchor: s for s in sections}
    assert by_anchor["AUTOVACUUM"].section == "25.1.6. The Autovacuum Daemon"
    assert "autovacuum_naptime" in by_anchor["AUTOVACUUM"].text
    assert by_anchor["VACUUM-FOR-WRAPAROUND"].section.endswith("Preventing Transaction ID Wraparound Failures")
    assert all(s.source == "routine-vacuuming.html" for s in sections)


def test_manual_page_has_no_navigation_chrome():
    sections = load_file(MANUAL / "routine-vacuuming.html")
    text = "\n".join(s.text for s in sections)
    for chrome in ("Prev", "Next", "Home", "Chapter 25. Routine Database Maintenance Tasks"):
        assert chrome not in text
    # the page's table of contents is dropped: the lead section does not list the subsections
    assert "25.1.2. Recovering Disk Space" not in sections[0].text


def test_back_of_book_index_is_navigation_not_content():
    """bookindex.html is term -> link lists (179 chunks that never answered a question): skipped like TOC pages."""
    with pytest.raises(LoaderError, match="no text"):
        load_file(MANUAL / "bookindex.html")


def test_code_blocks_and_tables_stay_readable():
    synopsis = next(s for s in load_file(MANUAL / "sql-createindex.html") if s.section == "Synopsis")
    assert "```\nCREATE [ UNIQUE ] INDEX [ CONCURRENTLY ]" in synopsis.text
    assert "\n    [ INCLUDE ( column_name [, ...] ) ]" in synopsis.text  # indentation kept
    locking = "\n".join(s.text for s in load_file(MANUAL / "explicit-locking.html"))
    assert "Conflicting Lock Modes" in locking
    assert "ACCESS EXCL. | X | X | X | X | X | X | X | X" in locking.splitlines()


def test_reference_page_sections():
    sections = load_file(MANUAL / "sql-vacuum.html")
    names = [s.section for s in sections]
    assert names[0] == "VACUUM" and "Description" in names and "Parameters" in names
    assert "garbage-collect" in sections[0].text


def test_chunks_respect_sections_and_size():
    sections = load_file(MANUAL / "routine-vacuuming.html")
    chunks = chunk_sections(sections, size=600, overlap=100)
    plain = {s.section: ANCHOR_RE.sub("", s.text) for s in sections}
    for c in chunks:
        assert c.text in plain[c.section] or all(part in plain[c.section] for part in c.text.split("\n"))
        assert len(c.text) <= 600 + 60  # small leftovers are merged into the previous chunk
    long = [c for c in chunks if c.section.endswith("Preventing Transaction ID Wraparound Failures")]
    assert len(long) > 3
    assert any(long[i].text[-40:].strip()[-20:] in long[i + 1].text for i in range(len(long) - 1))  # overlap
    assert len({c.id for c in chunks}) == len(chunks)


def test_parameter_chunks_get_their_own_anchor():
    chunks = chunk_sections(load_file(MANUAL / "runtime-config-autovacuum.html"), size=500, overlap=50)
    naptime = next(c for c in chunks if c.text.startswith("autovacuum_naptime (integer)"))
    assert naptime.anchor == "GUC-AUTOVACUUM-NAPTIME"
    assert "\u27e6" not in naptime.text


def test_markdown_and_text(tmp_path):
    md = tmp_path / "runbook.md"
    md.write_text("# Runbook\n\nIntro.\n\n## Failover\n\nPromote the standby.\n\n## Backups\n\nNightly pg_dump.\n")
    sections = load_file(md)
    assert [(s.section, s.text) for s in sections] == [
        ("Runbook", "Intro."), ("Failover", "Promote the standby."), ("Backups", "Nightly pg_dump.")]
    assert sections[1].anchor == "failover" and sections[1].title == "Runbook"
    txt = tmp_path / "notes.txt"
    txt.write_text("plain notes about vacuum")
    assert load_file(txt)[0].text == "plain notes about vacuum"


def _minimal_pdf(text: str) -> bytes:
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        None,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objs[3] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


def test_pdf(tmp_path):
    pdf = tmp_path / "vendor.pdf"
    pdf.write_bytes(_minimal_pdf("Set checkpoint_timeout to 15min"))
    sections = load_file(pdf)
    assert sections[0].text == "Set checkpoint_timeout to 15min"
    assert sections[0].section == "page 1"


@pytest.mark.parametrize(
    "name,data,message",
    [
        ("empty.md", b"", "the file is empty"),
        ("broken.pdf", b"%PDF-1.4 this is not really a pdf", "not a readable PDF"),
        ("blob.txt", b"\x00\x01\x02binary", "binary file"),
        ("image.png", b"\x89PNG....", "unsupported file type"),
        ("blank.md", b"   \n\n", "no text found"),
    ],
)
def test_unreadable_files_give_clear_messages(tmp_path, name, data, message):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(LoaderError, match=message):
        load_file(path)


def test_upload_checks():
    assert "the file is empty" in check_upload("a.md", b"")
    assert "too large" in check_upload("big.txt", b"x" * (MAX_FILE_BYTES + 1))
    assert "unsupported file type '.exe'" in check_upload("setup.exe", b"MZ")
    assert check_upload("ok.md", b"# hi") is None

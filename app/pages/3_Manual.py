"""The PostgreSQL manual inside the app: Manual?page=<file>#<anchor> (links from
answers land here).  Navigation chrome is stripped; links between manual pages
stay inside this viewer."""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from agent.config import get_settings  # noqa: E402

PAGE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*\.html$")


@st.cache_data(show_spinner=False, max_entries=64)
def render_page(path: str, mtime: float) -> tuple[str, str]:
    """(title, body HTML) with internal links rewritten to ?page=..."""
    from bs4 import BeautifulSoup

    from rag.loaders import manual_page_html

    raw = Path(path).read_bytes()
    soup = BeautifulSoup(manual_page_html(raw), "lxml")
    title_match = re.search(rb"<title>(.*?)</title>", raw, re.S)
    title = BeautifulSoup(title_match.group(1), "lxml").get_text() if title_match else Path(path).name
    title = " ".join(title.split())
    for a in soup.find_all("a", href=True):
        href = a["href"]
        if re.match(r"^[a-z][a-z0-9+.-]*:", href, re.I) or href.startswith("#"):
            if not href.startswith("#"):
                a["target"] = "_blank"
            continue
        file, _, anchor = href.partition("#")
        if PAGE_RE.match(file):
            a["href"] = f"?page={file}" + (f"#{anchor}" if anchor else "")
            a["target"] = "_self"
    for img in soup.find_all("img"):
        img.replace_with(f"[figure: {img.get('alt') or img.get('src', '')}]")
    body = soup.body.decode_contents() if soup.body else str(soup)
    return title, body


def main() -> None:
    st.set_page_config(page_title="Manual · dbcopilot", page_icon=":material/menu_book:", layout="wide")
    settings = get_settings()
    manual = Path(settings.manual_dir)
    page = str(st.query_params.get("page", "index.html"))
    st.caption("[Manual home](?page=index.html) · PostgreSQL 15 documentation, as installed on this machine")
    if not manual.is_dir():
        st.error(f"The PostgreSQL manual is not installed at {manual} (Debian package postgresql-doc-15).")
        return
    name = Path(page).name
    if not PAGE_RE.match(name) or not (manual / name).is_file():
        st.error(f"There is no manual page called '{page}'.")
        return
    path = manual / name
    title, body = render_page(str(path), path.stat().st_mtime)
    st.title(title)
    st.html(f'<div class="pg-manual">{body}</div>')
    # jump to the #anchor once the page is drawn (Streamlit draws after the browser would have scrolled)
    st.iframe(
        """<script>
        const doc = window.parent.document, hash = decodeURIComponent(window.parent.location.hash.slice(1));
        let tries = 0;
        const jump = () => { const el = hash && doc.getElementById(hash);
          if (el) { el.scrollIntoView({block: "start"}); } else if (tries++ < 40) { setTimeout(jump, 100); } };
        jump();
        </script>""",
        height=1,
    )


main()

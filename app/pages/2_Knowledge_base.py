"""Knowledge bases: list them and their documents, upload files (progress bar),
re-index, delete, and search with the raw retrieval scores."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from agent.config import get_settings  # noqa: E402

UPLOAD_TYPES = ["md", "markdown", "txt", "text", "rst", "pdf", "html", "htm"]


def upload_dir(settings, kb: str) -> Path:
    return Path(settings.data_dir) / "uploads" / kb


def progress_callback(bar, label: str):
    def tick(stage: str, done: int, total: int) -> None:
        frac = done / total if total else 1.0
        bar.progress(min(1.0, frac), text=f"{label}: {stage} {done}/{total}")

    return tick


def show_report(report) -> None:
    st.success(f"'{report.kb}': {report.files} file(s) indexed ({report.chunks} chunks), "
               f"{report.unchanged} unchanged, in {report.seconds:.1f}s")
    for err in report.errors:
        st.warning(err)


def section_upload(settings, kbs: list[str]) -> None:
    from rag.ingest import check_upload, ingest_paths
    from rag.store import KnowledgeBaseError, check_kb_name

    st.subheader("Add documents")
    choices = [k for k in kbs if k != "manual"] + ["(new knowledge base)"]
    pick = st.selectbox("Knowledge base", choices, key="kb_upload_target")
    kb = st.text_input("Name of the new knowledge base", "docs") if pick == "(new knowledge base)" else pick
    files = st.file_uploader("Markdown, text, PDF or HTML files", type=UPLOAD_TYPES, accept_multiple_files=True)
    if not st.button("Add to knowledge base", disabled=not files):
        return
    try:
        kb = check_kb_name(kb)
    except KnowledgeBaseError as exc:
        st.error(str(exc))
        return
    folder = upload_dir(settings, kb)
    saved = []
    for f in files:
        data = f.getvalue()
        problem = check_upload(f.name, data)
        if problem:
            st.error(problem)
            continue
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / Path(f.name).name
        target.write_bytes(data)
        saved.append(target)
    if not saved:
        return
    bar = st.progress(0.0, text="indexing")
    report = ingest_paths(settings, kb, saved, progress_callback(bar, kb))
    bar.empty()
    for path in saved:  # keep only files that were indexed, so re-index finds nothing broken
        if path.name not in report.per_file and any(path.name in e for e in report.errors):
            path.unlink(missing_ok=True)
    show_report(report)


def section_documents(settings, store, kb: str) -> None:
    from rag.ingest import delete_document, delete_kb, general_paths, ingest_paths, manual_paths

    docs = store.documents(kb)
    st.caption(f"{len(docs)} document(s), {sum(d['chunks'] for d in docs)} chunks")
    if docs:
        st.dataframe([{"file": d["source"], "title": d["title"], "chunks": d["chunks"]} for d in docs],
                     use_container_width=True, hide_index=True, height=min(400, 38 + 35 * len(docs)))
    cols = st.columns(3)
    if cols[0].button("Re-index changed files", key=f"reindex_{kb}"):
        if kb == "manual":
            paths = manual_paths(settings)
        elif kb == "general":
            paths = general_paths(settings)
        else:
            paths = sorted(upload_dir(settings, kb).glob("*"))
        if not paths:
            st.warning(f"No source files for '{kb}' are kept on the server; upload them again to re-index.")
        else:
            bar = st.progress(0.0, text="re-indexing")
            report = ingest_paths(settings, kb, paths, progress_callback(bar, kb))
            bar.empty()
            show_report(report)
    with cols[1].popover("Delete a document", disabled=not docs):
        source = st.selectbox("Document", [d["source"] for d in docs], key=f"deldoc_{kb}")
        if st.button("Delete document", key=f"deldoc_btn_{kb}", type="primary"):
            n = delete_document(settings, kb, source)
            (upload_dir(settings, kb) / source).unlink(missing_ok=True)
            st.success(f"Deleted {source} ({n} chunks).")
            st.rerun()
    with cols[2].popover("Delete knowledge base"):
        st.write(f"This removes '{kb}' and all its chunks.")
        if st.button("Delete it", key=f"delkb_{kb}", type="primary"):
            delete_kb(settings, kb)
            st.success(f"Deleted knowledge base '{kb}'.")
            st.rerun()


def section_search(settings, kbs: list[str]) -> None:
    import rag

    st.subheader("Search")
    c1, c2, c3 = st.columns([5, 2, 1])
    query = c1.text_input("Query", placeholder="how do I make autovacuum run more often on one table?")
    kb = c2.selectbox("Knowledge base", kbs, key="kb_search")
    k = c3.number_input("k", 1, 20, int(settings.top_k))
    if not query:
        return
    try:
        passages = rag.open_retriever(settings).search(query, kb=kb, k=int(k))
    except (rag.EmptyKnowledgeBase, rag.KnowledgeBaseError) as exc:
        st.error(str(exc))
        return
    if not passages:
        st.info(f"Nothing passed the similarity threshold ({settings.similarity_threshold}).")
        return
    st.dataframe([
        {"#": i, "page": p.link, "section": p.section, "cosine": p.details.get("cosine"),
         "bm25": p.details.get("bm25"), "dense rank": p.details.get("dense_rank"),
         "bm25 rank": p.details.get("bm25_rank"), "rrf": p.details.get("rrf")}
        for i, p in enumerate(passages, 1)
    ], use_container_width=True, hide_index=True)
    for i, p in enumerate(passages, 1):
        url = rag.manual_url(p)
        with st.expander(f"{i}. {p.title} — {p.section}  ·  cosine {p.score:.3f}"):
            if url:
                st.markdown(f"[Open in the manual viewer]({url})")
            st.text(p.text)
    with st.expander("Grounded answer built from these passages"):
        st.markdown(rag.grounded_answer(query, passages))


def main() -> None:
    st.set_page_config(page_title="Knowledge base · dbcopilot", page_icon=":material/library_books:", layout="wide")
    st.title("Knowledge bases")
    settings = get_settings()
    from rag.store import Store

    try:
        store = Store(settings)
        kbs = store.kb_names()
    except Exception as exc:  # noqa: BLE001 - e.g. Chroma server unreachable: say so, no traceback
        st.error(f"Cannot open the vector store ({type(exc).__name__}: {exc}).")
        return
    if not kbs:
        st.info("No knowledge base yet: run `dbcopilot ingest` (or `make run`) for the manual, or upload files below.")
    else:
        tabs = st.tabs([f"{kb} ({store.count(kb)})" for kb in kbs])
        for kb, tab in zip(kbs, tabs):
            with tab:
                section_documents(settings, store, kb)
    section_upload(settings, kbs)
    if kbs:
        section_search(settings, kbs)


main()

"""Diagnose: live alerts and metric charts from the monitor (it runs in the background while the app is
open), a "diagnose now / this window" button with live progress, the report with its fixes (each runs only
after you confirm it, through the one write path), re-measure after a fix, Markdown and HTML export."""
from __future__ import annotations

import datetime as dt
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from agent.config import get_settings  # noqa: E402
from agent.plugins import get_toolkit  # noqa: E402
from agent.sanitize import safe_markdown  # noqa: E402
from toolkits.base import ToolkitUnavailable  # noqa: E402

CHARTS = {"db_time": "statement time (ms per s)", "tup_written": "rows written per s", "active": "active sessions",
          "lock_waiting": "sessions waiting on locks", "blks_read": "blocks read per s", "host_cpu_pct": "host CPU %"}


def settings():
    base = get_settings()
    dsn = st.session_state.get("dsn_override") or ""  # the chat page's database, when the user set one there
    return base.model_copy(update={"dsn": dsn}) if dsn else base


@st.cache_resource(show_spinner=False)
def monitor_for(dsn: str, db_path: str, interval: float):
    """One background monitor per database while the app runs (reads only)."""
    from agent.diagnosis.monitor import Monitor
    from agent.diagnosis.store import Store

    s = get_settings().model_copy(update={"dsn": dsn}) if dsn else get_settings()
    toolkit = get_toolkit(s)
    ctx = toolkit.context(s)
    return Monitor(toolkit, ctx, Store(db_path), interval_s=interval, retention_h=s.monitor_retention_h).start()


def show_charts(mon, minutes: int) -> None:
    import pandas as pd

    end = time.time()
    cols = st.columns(3)
    for i, (name, label) in enumerate(CHARTS.items()):
        points = mon.store.metric(mon.target, name, end - minutes * 60, end)
        if not points:
            continue
        frame = pd.DataFrame({"time": [dt.datetime.fromtimestamp(t) for t, _ in points], label: [v for _, v in points]})
        with cols[i % 3]:
            st.caption(label)
            st.line_chart(frame, x="time", y=label, height=160)


def show_alerts(mon) -> None:
    alerts = mon.store.anomalies(mon.target, since=time.time() - 3600)
    if not alerts:
        st.info("No alerts in the last hour.")
        return
    rows = [{"rule": a["rule"], "severity": a["severity"], "what": a["text"],
             "from": time.strftime("%H:%M:%S", time.localtime(a["start"])),
             "to": time.strftime("%H:%M:%S", time.localtime(a["end"])) if a["end"] else "open",
             "peak": round(a["peak"] or 0, 1)} for a in alerts]
    st.dataframe(rows, hide_index=True)


def run_fix(sql: str) -> tuple[bool, str]:
    s = settings()
    toolkit = get_toolkit(s)
    try:
        result = toolkit.run_confirmed(toolkit.context(s), sql)
    except ToolkitUnavailable as e:
        return False, str(e)
    return bool(result.ok), result.error or "done"


def show_report(d) -> None:
    from agent.diagnosis.report import html_page, markdown

    st.markdown(safe_markdown(markdown(d)))
    toolkit = get_toolkit(settings())
    for i, c in enumerate(d.root_causes):
        for j, fix in enumerate(c.fixes):
            kind, _ = toolkit.classify(fix)
            if kind is None:
                continue
            key = f"fix_{i}_{j}"
            if st.session_state.get("confirm_fix") == key:
                st.warning(f"This changes the database: `{fix}`. Run it now?")
                a, b = st.columns(2)
                if a.button("Confirm and run", key=f"yes_{key}", type="primary"):
                    ok, text = run_fix(fix)
                    st.session_state.confirm_fix = None
                    st.session_state.fix_result = (fix, ok, text, time.time())
                    st.session_state.after_fix = c.name
                    st.rerun()
                if b.button("Cancel", key=f"no_{key}"):
                    st.session_state.confirm_fix = None
                    st.rerun()
            else:
                st.button(f"Run… {fix[:80]}", key=f"run_{key}",
                          on_click=lambda k=key: st.session_state.update(confirm_fix=k))
    a, b = st.columns(2)
    a.download_button("Report (Markdown)", markdown(d), file_name="diagnosis.md")
    b.download_button("Report (HTML)", html_page(d), file_name="diagnosis.html", mime="text/html")


def llm(s):
    if s.llm_backend == "grounded":
        return None
    from agent.backends import LLMError, make_backend

    try:
        return make_backend(s)
    except (LLMError, ValueError) as exc:
        st.warning(f"The LLM backend is not usable ({exc}); diagnosing with the rules alone.")
        return None


def diagnose_window(mon, start: float | None, end: float | None, symptom: str, baseline=None):
    from agent.diagnosis.diagnose import diagnose

    s = settings()
    with st.status("Diagnosing…", expanded=True) as status:
        d = diagnose(mon.toolkit, mon.ctx, mon.store, start=start, end=end, baseline=baseline, symptom=symptom,
                     sample_s=s.diagnosis_sample_s, interval_s=mon.interval_s, trajectories=s.diagnosis_trajectories,
                     progress=lambda m: status.write(m), llm=llm(s))
        status.update(label=f"Done in {d.seconds:.1f} s", state="complete", expanded=False)
    return d


def main() -> None:
    st.set_page_config(page_title="dbcopilot · Diagnose", page_icon=":material/troubleshoot:", layout="wide")
    st.title("Diagnose")
    s = settings()
    try:
        mon = monitor_for(s.dsn, str(s.diagnosis_db), s.monitor_interval_s)
    except ToolkitUnavailable as e:
        st.error(f"No database to watch: {e}")
        return
    for e in mon.errors[-1:]:
        st.warning(f"The monitor could not sample: {e}")
    span = mon.store.span(mon.target)
    st.caption(f"Monitoring {mon.target} every {mon.interval_s:g} s"
               + (f"; history since {time.strftime('%H:%M:%S', time.localtime(span[0]))}" if span else ""))
    st.subheader("Alerts")
    show_alerts(mon)
    minutes = st.select_slider("Charts: last minutes", [5, 15, 60], value=15)
    show_charts(mon, minutes)
    st.subheader("Diagnosis")
    symptom = st.text_input("What do you see?", placeholder="the database got slow since 10:05")
    c1, c2, c3 = st.columns([1, 1, 2])
    now = dt.datetime.now()
    start_t = c2.time_input("from", (now - dt.timedelta(minutes=5)).time(), step=60)
    end_t = c3.time_input("to", now.time(), step=60)
    if c1.button("Diagnose now", type="primary"):
        st.session_state.diagnosis = diagnose_window(mon, time.time() - 60, time.time(), symptom)
    if c2.button("Diagnose this window"):
        day = now.date()
        st.session_state.diagnosis = diagnose_window(mon, dt.datetime.combine(day, start_t).timestamp(),
                                                     dt.datetime.combine(day, end_t).timestamp(), symptom)
    if st.session_state.get("fix_result"):
        fix, ok, text, fixed_at = st.session_state.fix_result
        (st.success if ok else st.error)(f"`{fix}`: {text}")
        if ok and st.button("Re-measure: did the symptom improve?"):
            from agent.diagnosis.diagnose import compare

            before = st.session_state.diagnosis
            wait = max(0.0, fixed_at + settings().diagnosis_sample_s - time.time())
            with st.spinner(f"Sampling for {wait:.0f} s after the fix…"):
                time.sleep(wait)
            after = diagnose_window(mon, fixed_at, time.time(), "after the fix", before.baseline)
            for line in compare(before, after):
                st.write(line)
            st.session_state.diagnosis = after
            st.session_state.fix_result = None
    if st.session_state.get("diagnosis") is not None:
        show_report(st.session_state.diagnosis)


main()

"""`dbcopilot monitor`, `diagnose`, `inject` (the anomaly lab) and `eval-diagnosis`; see app/cli.py."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import typer

from agent.config import get_settings
from agent.plugins import get_toolkit
from toolkits.base import ToolkitUnavailable


def _settings(dsn: str):
    settings = get_settings()
    return settings.model_copy(update={"dsn": dsn}) if dsn else settings


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


def _ctx(settings):
    try:
        return get_toolkit(settings).context(settings)
    except ToolkitUnavailable as e:
        _fail(str(e))


def _llm(settings, say):
    """The configured generative backend (its votes nudge the rules), or None on the grounded default."""
    if settings.llm_backend == "grounded":
        return None
    from agent.backends import LLMError, make_backend

    try:
        return make_backend(settings)
    except (LLMError, ValueError) as exc:
        say(f"the LLM backend is not usable ({exc}); diagnosing with the rules alone")
        return None


def parse_window(window: str, since: str, now: float | None = None) -> tuple[float | None, float | None]:
    """--window HH:MM-HH:MM (today, local time) or --since 15m / 2h / 90s → (start, end); (None, None) if neither."""
    now = now or time.time()
    if since:
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", since)
        if not m:
            raise typer.BadParameter("use a number with s, m or h, e.g. 15m")
        seconds = float(m.group(1)) * {"s": 1, "": 60, "m": 60, "h": 3600}[m.group(2)]
        return now - seconds, now
    if window:
        m = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*", window)
        if not m:
            raise typer.BadParameter("use HH:MM-HH:MM, e.g. 10:05-10:20")
        day = time.localtime(now)

        def at(h: str, mi: str) -> float:
            return time.mktime((day.tm_year, day.tm_mon, day.tm_mday, int(h), int(mi), 0, 0, 0, -1))

        start, end = at(m.group(1), m.group(2)), at(m.group(3), m.group(4))
        if end <= start:
            raise typer.BadParameter("the window must end after it starts")
        return start, end
    return None, None


def register(cli: typer.Typer) -> None:
    @cli.command("monitor")
    def monitor_cmd(
        dsn: str = typer.Option("", "--dsn", help="database to watch (default: DBCOPILOT_DSN or the sandbox)"),
        seconds: float = typer.Option(0, "--seconds", help="stop after this many seconds (0: until Ctrl-C)"),
        interval: float = typer.Option(0, "--interval", help="seconds between samples (default: settings)"),
    ) -> None:
        """Sample the database into the diagnosis history and print alerts as they open (reads only)."""
        from agent.diagnosis.monitor import Monitor
        from agent.diagnosis.store import Store

        settings = _settings(dsn)
        ctx = _ctx(settings)
        store = Store(settings.diagnosis_db)
        seen: set[int] = set()

        def show(sample: dict, metrics: dict) -> None:
            for a in store.anomalies(mon.target, since=time.time() - 60):
                if a["id"] not in seen and a["end"] is None:
                    seen.add(a["id"])
                    typer.echo(f"{time.strftime('%H:%M:%S')} ALERT {a['rule']} ({a['severity']}): {a['text']} "
                               f"[{a['metric']} = {a['peak']:,.1f}]")

        mon = Monitor(get_toolkit(settings), ctx, store, interval_s=interval or settings.monitor_interval_s,
                      retention_h=settings.monitor_retention_h, on_sample=show)
        typer.echo(f"monitoring every {mon.interval_s:g} s into {settings.diagnosis_db} (Ctrl-C to stop)")
        try:
            mon.run(seconds=seconds or None)
        except KeyboardInterrupt:
            pass
        for e in mon.errors[-3:]:
            typer.echo(f"sampling error: {e}", err=True)

    @cli.command("diagnose")
    def diagnose_cmd(
        symptom: str = typer.Argument("", help="what you see, e.g. 'the database got slow since 10:05'"),
        as_json: bool = typer.Option(False, "--json", help="print root causes, report and seconds as JSON"),
        window: str = typer.Option("", "--window", help="HH:MM-HH:MM today (local time), from the monitor history"),
        since: str = typer.Option("", "--since", help="the last 15m / 2h / 90s of monitor history"),
        dsn: str = typer.Option("", "--dsn", help="database to diagnose (default: DBCOPILOT_DSN or the sandbox)"),
        html_out: str = typer.Option("", "--html", help="also write the report as an HTML page to this file"),
        md_out: str = typer.Option("", "--markdown", help="also write the report as Markdown to this file"),
    ) -> None:
        """Diagnose the database: root causes with evidence and fixes (reads only; samples for itself when
        the monitor has no history for the window)."""
        from agent.diagnosis.diagnose import diagnose
        from agent.diagnosis.report import as_json as report_json, html_page, markdown
        from agent.diagnosis.store import Store

        from agent.diagnosis import knowledge

        settings = _settings(dsn)
        start, end = parse_window(window, since)
        ctx = _ctx(settings)
        knowledge.use_extracted(settings.data_dir / "diagnosis" / "knowledge_extracted.jsonl")
        say = (lambda m: typer.echo(m, err=True)) if as_json else typer.echo
        try:
            d = diagnose(get_toolkit(settings), ctx, Store(settings.diagnosis_db), start=start, end=end,
                         symptom=symptom, sample_s=settings.diagnosis_sample_s,
                         interval_s=min(settings.monitor_interval_s, 2.0), trajectories=settings.diagnosis_trajectories,
                         progress=say, llm=_llm(settings, say))
        except ValueError as e:
            _fail(str(e))
        if html_out:
            with open(html_out, "w") as fh:
                fh.write(html_page(d))
        if md_out:
            with open(md_out, "w") as fh:
                fh.write(markdown(d))
        if as_json:
            typer.echo(json.dumps(report_json(d), indent=2, default=str))
        else:
            typer.echo(markdown(d))

    @cli.command("inject")
    def inject_cmd(
        scenario: str = typer.Argument("", help="a taxonomy family, a+b+c, or healthy (background only)"),
        seconds: float = typer.Option(60, "--seconds", help="how long it runs (0: until Ctrl-C or --stop)"),
        background: bool = typer.Option(False, "--background", help="run detached; end it with --stop"),
        noise: int = typer.Option(4, "--noise", help="clients of the pgbench-like background workload (0: none)"),
        intensity: float = typer.Option(1.0, "--intensity", help="1.0 clearly abnormal; 0.2 about 2-3x normal"),
        dsn: str = typer.Option("", "--dsn", help="run against this database instead of the sandbox's scratch one"),
        stop: bool = typer.Option(False, "--stop", help="stop a detached lab run"),
        list_: bool = typer.Option(False, "--list", help="list the scenarios"),
    ) -> None:
        """The anomaly lab: reproduce a root-cause family with real concurrent clients on a scratch database
        of the sandbox (it WRITES there; it never touches another database unless you pass --dsn)."""
        settings = get_settings()
        pidfile = settings.data_dir / "lab.pid"
        if list_:
            typer.echo("\n".join(get_toolkit(settings).lab_scenarios()))
            return
        if stop:
            if not pidfile.exists():
                _fail("no detached lab run is recorded")
            pid = int(pidfile.read_text().strip() or 0)
            try:
                os.kill(pid, signal.SIGTERM)
                typer.echo(f"stopping lab run {pid}")
            except ProcessLookupError:
                typer.echo("the lab run had already ended")
            pidfile.unlink(missing_ok=True)
            return
        if not scenario:
            _fail("name a scenario (dbcopilot inject --list shows them)")
        if background:
            args = [sys.executable, "-m", "app.cli", "inject", scenario, "--seconds", str(seconds), "--noise",
                    str(noise), "--intensity", str(intensity)] + (["--dsn", dsn] if dsn else [])
            log = open(settings.data_dir / "lab.log", "a")
            proc = subprocess.Popen(args, stdout=log, stderr=log, start_new_session=True)
            pidfile.parent.mkdir(parents=True, exist_ok=True)
            pidfile.write_text(str(proc.pid))
            typer.echo(f"lab run {proc.pid} started: {scenario}; end it with dbcopilot inject --stop")
            return
        try:
            lab = get_toolkit(settings).lab(settings, dsn)
            lab.prepare()
            run = lab.start(scenario, intensity=intensity, background=noise > 0, noise=noise)
        except ToolkitUnavailable as e:  # the lab's own errors are ToolkitUnavailable too
            _fail(str(e))
        done = {"stop": False}
        signal.signal(signal.SIGTERM, lambda *_: done.update(stop=True))
        typer.echo(f"running {scenario} (intensity {intensity:g}, {noise} background clients)")
        end = time.time() + seconds if seconds else None
        try:
            while not done["stop"] and (end is None or time.time() < end):
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        run.stop()
        typer.echo(f"stopped {scenario}" + (f"; workload errors: {run.errors[-1]}" if run.errors else ""))

    @cli.command("diagnosis-extract")
    def extract_cmd(
        paths: list[str] = typer.Argument(..., help="Markdown or text documents (runbooks, notes, manual pages)"),
    ) -> None:
        """Extract diagnosis knowledge chunks from documents with the configured LLM (summary tree); keeps only
        chunks whose cause is in the taxonomy and whose metrics the monitor measures."""
        from pathlib import Path

        from agent.diagnosis.extract import extract, save

        settings = get_settings()
        llm = _llm(settings, lambda m: typer.echo(m, err=True))
        if llm is None:
            _fail("knowledge extraction needs an LLM: set DBCOPILOT_LLM_BACKEND=openai (and its base URL) or llamacpp")
        missing = [p for p in paths if not Path(p).is_file()]
        if missing:
            _fail(f"no such file: {', '.join(missing)}")
        from agent.backends import LLMError

        try:
            chunks, report = extract(llm, [Path(p) for p in paths])
        except LLMError as e:
            _fail(str(e))
        out = settings.data_dir / "diagnosis" / "knowledge_extracted.jsonl"
        save(chunks, out)
        typer.echo(f"{report.sections} sections summarised in {report.prompts} prompts (largest "
                   f"{report.largest_prompt_tokens} tokens); kept {report.kept} chunks in {out}, dropped "
                   f"{len(report.dropped)}")
        for why in report.dropped[:10]:
            typer.echo(f"  dropped: {why}")

    @cli.command("eval-diagnosis")
    def eval_diagnosis_cmd(
        scenarios: str = typer.Option("", "--scenarios", help="comma-separated (default: every single family, "
                                                               "the composites and healthy)"),
        intensity: float = typer.Option(1.0, "--intensity"),
        window: float = typer.Option(14.0, "--window", help="seconds of anomaly each diagnosis reads"),
        healthy: int = typer.Option(3, "--healthy", help="healthy runs (no false alarm)"),
        noise: int = typer.Option(4, "--noise", help="background clients"),
        variants: bool = typer.Option(False, "--variants", help="the held-out workloads (evaluation/lab_variants.py)"),
        as_json: bool = typer.Option(False, "--json"),
    ) -> None:
        """Run the lab scenarios on the sandbox's scratch database and print D-Bot's accuracy per family,
        single vs multi-cause, the no-false-alarm rate, time per diagnosis and the largest expert context."""
        from evaluation.diagnosis import COMPOSITE, SINGLE, run, summary

        settings = get_settings()
        try:
            lab = get_toolkit(settings).lab(settings)
        except ToolkitUnavailable as e:
            _fail(str(e))
        ctx = _ctx(settings.model_copy(update={"dsn": lab.dsn}))
        names = [s.strip() for s in scenarios.split(",") if s.strip()] or \
            list(SINGLE) + list(COMPOSITE) + ["healthy"] * healthy
        say = (lambda m: typer.echo(m, err=True)) if as_json else typer.echo
        results = run(get_toolkit(settings), ctx, lab, names, intensity=intensity, window_s=window, noise=noise,
                      variants=variants,
                      trajectories=settings.diagnosis_trajectories, say=say)
        out = summary(results)
        typer.echo(json.dumps(out, indent=2) if as_json else
                   f"single-cause acc {out['acc_single']}, multi-cause acc {out['acc_multi']}, "
                   f"no false alarm {out['no_false_alarm']}, median {out['seconds_median']} s per diagnosis, "
                   f"largest context {out['largest_prompt_tokens']} tokens")

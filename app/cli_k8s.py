"""`dbcopilot k8s-rca`, `eval-k8s`, `k8s-gen` and `k8s-bundle`: databases on Kubernetes; see app/cli.py."""
from __future__ import annotations

import json
import time
from pathlib import Path

import typer

from agent.config import get_settings


def _fail(message: str, code: int = 1) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def register(cli: typer.Typer) -> None:
    @cli.command("k8s-rca")
    def k8s_rca_cmd(
        symptom: str = typer.Argument("", help='what you see, e.g. "orders api returns 503" (optional)'),
        snapshot: str = typer.Option("", "--snapshot", help="snapshot directory; default DBCOPILOT_K8S_SNAPSHOT, "
                                                           "else the live cluster of the kubeconfig"),
        as_json: bool = typer.Option(False, "--json", help='print {"root_causes", "path", "report", ...} as JSON'),
    ) -> None:
        """Root cause of what is unhealthy in a cluster: the entity, the graph path, the evidence and a fix."""
        from agent.k8s_report import k8s_report
        from toolkits.kubernetes import GraphError, K8sContext, LiveError, SnapshotError, analyse

        settings = get_settings()
        if snapshot:
            settings = settings.model_copy(update={"k8s_snapshot": Path(snapshot)})
        ctx = K8sContext.from_settings(settings)
        t0 = time.perf_counter()
        try:
            a = analyse(ctx.graph(), symptom).to_dict()
        except (SnapshotError, LiveError, GraphError) as e:
            _fail(str(e))
        report = k8s_report(a)
        if as_json:
            typer.echo(json.dumps({**a, "report": report, "seconds": round(time.perf_counter() - t0, 3)},
                                  indent=2, ensure_ascii=False))
        else:
            typer.echo(report)
        if not a["root_causes"]:
            raise typer.Exit(1)

    @cli.command("eval-k8s")
    def eval_k8s_cmd(
        n: int = typer.Option(10, "--n", help="incidents per fault type"),
        seed: int = typer.Option(1000, "--seed", help="first seed (0-99: development seeds; 1000+: held out)"),
        fault: list[str] = typer.Option([], "--fault", help="only these fault types (repeat)"),
        no_symptom: bool = typer.Option(False, "--no-symptom", help="give the RCA no symptom text"),
        as_json: bool = typer.Option(False, "--json", help="print the full result as JSON"),
    ) -> None:
        """Precision of the root-cause entity per fault type, and seconds per incident, on generated incidents."""
        from rich.console import Console
        from rich.table import Table

        from evaluation.k8s_incidents import FAULTS, evaluate

        bad = [f for f in fault if f not in FAULTS]
        if bad:
            _fail(f"unknown fault type {', '.join(bad)}; one of {', '.join(FAULTS)}", 2)
        res = evaluate(range(seed, seed + n), list(fault) or None,
                       progress=None if as_json else (lambda s: typer.echo(s, err=True)), with_symptom=not no_symptom)
        if as_json:
            typer.echo(json.dumps(res, indent=2))
            return
        t = Table(title=f"{res['incidents']} incidents, seeds {seed}..{seed + n - 1}: precision {res['precision']:.3f}, "
                        f"p50 {res['seconds_p50']} s, p95 {res['seconds_p95']} s per incident")
        t.add_column("fault type")
        t.add_column("precision", justify="right")
        for f, p in res["per_type"].items():
            t.add_row(f, f"{p:.2f}")
        Console().print(t)

    @cli.command("k8s-gen")
    def k8s_gen_cmd(
        out: str = typer.Option(..., "--out", help="directory to write the snapshot (and truth.json) into"),
        fault: str = typer.Option(..., "--fault", help="fault type (eval-k8s --json lists them)"),
        seed: int = typer.Option(0, "--seed", help="random seed: names, counts, vocabulary"),
    ) -> None:
        """Write one generated incident: a cluster snapshot with one injected fault and its ground truth."""
        from evaluation.k8s_incidents import FAULTS, generate

        if fault not in FAULTS:
            _fail(f"unknown fault type {fault!r}; one of {', '.join(FAULTS)}", 2)
        inc = generate(fault, seed)
        d = inc.write(out)
        typer.echo(f"wrote {d} ({sum(len(v) for v in inc.objects.values())} objects); truth in {d / 'truth.json'}")

    @cli.command("k8s-bundle")
    def k8s_bundle_cmd(
        out: str = typer.Option(..., "--out", help="directory to write <plural>.json files into"),
        kubeconfig: str = typer.Option("", "--kubeconfig", help="default DBCOPILOT_K8S_KUBECONFIG, $KUBECONFIG, ~/.kube/config"),
        context: str = typer.Option("", "--context", help="kubeconfig context (default: current)"),
        api: str = typer.Option("", "--api", help="API address used as is (kubectl proxy: http://127.0.0.1:8001)"),
    ) -> None:
        """Write a snapshot directory of a live cluster (read-only list calls; Secrets keep key names only)."""
        from toolkits.kubernetes import LiveError, api_client, bundle

        s = get_settings()
        try:
            client = api_client(kubeconfig or s.k8s_kubeconfig, context or s.k8s_context, api or s.k8s_api)
            d, counts = bundle(client, out, s.k8s_timeout_s)
        except LiveError as e:
            _fail(str(e))
        typer.echo(f"wrote {d}: " + ", ".join(f"{v} {k}" for k, v in counts.items()))

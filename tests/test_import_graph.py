"""The import graph shows the design (DESIGN.md: app → agent → (router, rag, toolkits, llm backends)).

Read from the source with ast, nothing imported:
- no cycle among the project's modules, through their top-level imports nor counting function-local
  ones (an import moved into a function only to dodge a cycle hides the cycle, it does not break it);
- no cycle among the project's packages;
- no arrow against the design: router never imports evaluation (router evaluation lives in
  router/evaluate.py), toolkits never import agent, app, rag, router or evaluation, rag imports
  of toolkits only the shared sentence encoder, agent never imports app or evaluation.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("app", "agent", "router", "rag", "toolkits", "evaluation")

FORBIDDEN = {  # package -> packages it must not import (top-level or function-local)
    "router": {"evaluation", "agent", "app", "rag", "toolkits"},
    "toolkits": {"agent", "app", "rag", "router", "evaluation"},
    "rag": {"agent", "app", "router", "evaluation"},
    "agent": {"app", "evaluation"},
}
RAG_MAY_IMPORT_FROM_TOOLKITS = {"toolkits.encoder"}  # the one sentence encoder shared with the tool registry


def _modules() -> dict[str, Path]:
    """The importable modules of the project's packages: every folder between the package and the file has an
    __init__.py (a held-out set's generator under evaluation/, run as a script from its own folder, is not one)."""
    found = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            if any(not (d / "__init__.py").exists() for d in path.parents if ROOT / pkg in (d, *d.parents)):
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES.get(name, Path()).name == "__init__.py"


def _targets(node: ast.AST, module: str) -> list[str]:
    """The project modules an import statement names (``from pkg import sub`` names pkg.sub when it is a module)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:  # relative: resolve against this module's package
            pkg = module.split(".") if _is_package(module) else module.split(".")[:-1]
            pkg = pkg[: len(pkg) - node.level + 1]
            base = ".".join(pkg + ([base] if base else []))
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
    else:
        return []
    out = []
    for name in names:
        while name and name not in MODULES:  # `import a.b.c` of a module we know by a shorter name
            name = name.rpartition(".")[0]
        if name and name.split(".")[0] in PACKAGES:
            out.append(name)
    return out


def _top_level_nodes(tree: ast.Module):
    """Statements run when the module is imported: the body and the bodies of top-level if/try/with."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                todo += getattr(node, field, [])
        elif isinstance(node, ast.ExceptHandler):
            todo += node.body


def _graphs() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(module -> modules it imports at top level, module -> modules it imports anywhere)."""
    top, every = {}, {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        top[module] = {t for n in _top_level_nodes(tree) for t in _targets(n, module) if t != module}
        every[module] = {t for n in ast.walk(tree) for t in _targets(n, module) if t != module}
    return top, every


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle as a path [a, b, ..., a], or [] when the graph has none."""
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_graph_reader_sees_the_project():
    top, every = _graphs()
    assert {"rag.retriever", "router.classifier", "toolkits.registry", "agent.config", "app.cli"} <= set(MODULES)
    assert "rag.lexical" in top["rag.retriever"] and "router.minilm" in top["router.classifier"]
    assert "router.classifier" in every["router"] - top["router"]  # function-local: it loads torch
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_modules():
    top, every = _graphs()
    cycle = _cycle(top)
    assert not cycle, "import cycle through top-level imports: " + " -> ".join(cycle)
    cycle = _cycle(every)
    assert not cycle, ("import cycle hidden by a function-local import: " + " -> ".join(cycle)
                       + "; move what both need into a module both can import at top level")


def test_no_import_cycle_among_packages():
    _, every = _graphs()
    packages: dict[str, set[str]] = {p: set() for p in PACKAGES}
    for module, targets in every.items():
        packages[module.split(".")[0]] |= {t.split(".")[0] for t in targets} - {module.split(".")[0]}
    cycle = _cycle(packages)
    assert not cycle, "packages import each other: " + " -> ".join(cycle)


def test_no_arrow_against_the_design():
    _, every = _graphs()
    wrong = []
    for module, targets in sorted(every.items()):
        pkg = module.split(".")[0]
        for target in sorted(targets):
            to = target.split(".")[0]
            if to in FORBIDDEN.get(pkg, ()):
                wrong.append(f"{module} -> {target}")
            elif pkg == "rag" and to == "toolkits" and target not in RAG_MAY_IMPORT_FROM_TOOLKITS:
                wrong.append(f"{module} -> {target} (rag may import only {', '.join(RAG_MAY_IMPORT_FROM_TOOLKITS)})")
    assert not wrong, "imports against DESIGN.md's arrows:\n" + "\n".join(wrong)

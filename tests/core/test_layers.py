"""The house reads top-down: server -> handlers -> jobs -> runtime -> store -> rules.

Every import of the service's own modules (module level or inside a function) runs downwards
or stays on its floor, and no two modules import each other in a loop, on any floor. The pure
rules import nothing that does I/O. Imports are read from the source with ``ast``; nothing is
executed. ``from pkg import name`` counts as an import of the submodule ``pkg.name`` when there
is one, else of ``pkg`` itself.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Top floor first. A module may import its own floor and the floors below it.
FLOORS = ("server", "handlers", "jobs", "runtime", "store", "core", "rules")
RULES_MAY_IMPORT = {"__future__", "base64", "calendar", "copy", "dataclasses", "datetime",
                    "functools", "ipaddress", "json", "math", "re", "typing", "urllib.parse",
                    "yaml", "zoneinfo"}


def modules(root: Path = ROOT, packages=FLOORS) -> dict[str, Path]:
    found = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported_names(name: str, path: Path) -> list[tuple[str, str | None]]:
    """Every import of the file (module level and inside functions) as (module, name): ``import
    a.b`` is ("a.b", None), ``from a import b`` is ("a", "b"); relative imports made absolute."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            found += [(base, alias.name) for alias in node.names]
    return found


def graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the modules of the service it imports."""
    def owner(name: str) -> str | None:
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = {}
    for name, path in found.items():
        targets = set()
        for module, member in imported_names(name, path):
            submodule = f"{module}.{member}" if member else None
            target = submodule if submodule in found else owner(module)
            if target and target != name:
                targets.add(target)
        edges[name] = targets
    return edges


def floor(name: str) -> int:
    return len(FLOORS) - FLOORS.index(name.split(".")[0])


def upward(edges: dict[str, set[str]]) -> list[str]:
    return sorted(f"{a} -> {b}" for a, targets in edges.items() for b in targets
                  if floor(b) > floor(a))


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read():
    """The checker sees the imports it is meant to judge (not a vacuous pass)."""
    edges = graph(modules())
    assert "core.readiness" in edges["handlers.health"]
    assert "runtime.dispatch" in edges["runtime.chat.service"]
    assert "rules.errors" in edges["rules.ssrf"]
    assert "runtime.models.http" in edges["runtime.models.openai"]
    assert "runtime.turns.service" in edges["runtime.workflows.steps"]  # a function-level import
    assert sum(len(t) for t in edges.values()) > 300


def test_no_import_runs_upwards():
    assert upward(graph(modules())) == []


def test_no_circle_between_modules():
    assert circles(graph(modules())) == []


def test_the_rules_do_no_io():
    """rules/ imports only itself and pure standard modules (no sockets, files, database,
    HTTP or Redis clients)."""
    offending = []
    for name, path in modules(packages=("rules",)).items():
        for module, _ in imported_names(name, path):
            if module.split(".")[0] != "rules" and module not in RULES_MAY_IMPORT:
                offending.append(f"{name} imports {module}")
    assert offending == []


def test_the_checker_finds_an_upward_import_and_a_circle(tmp_path):
    for package, files in {
        "store": {"__init__.py": "", "a.py": "def f():\n    from runtime import b\n"},
        "runtime": {"__init__.py": "", "b.py": "from runtime.c import x\n",
                    "c.py": "from . import b\nx = 1\n"},
        "rules": {"__init__.py": ""},
    }.items():
        (tmp_path / package).mkdir()
        for file, text in files.items():
            (tmp_path / package / file).write_text(text)
    edges = graph(modules(tmp_path, ("runtime", "store", "rules")))
    assert upward(edges) == ["store.a -> runtime.b"]
    assert circles(edges) == [["runtime.b", "runtime.c"]]


def test_every_floor_is_packaged():
    """An installed service (pip install .) carries every floor."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert sorted(f"{name}*" for name in FLOORS) == sorted(included)


def test_benchmarks_and_test_servers_import_nothing_from_the_tests():
    """bench/ and the servers it shares with the suite (testkit/) stand without tests/."""
    offending = []
    for name, path in modules(packages=("bench", "testkit")).items():
        for module, _ in imported_names(name, path):
            if module.split(".")[0] == "tests":
                offending.append(f"{name} imports {module}")
    assert offending == []

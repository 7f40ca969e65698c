"""The runtime install stays lean, and the checkout stays clean.

The service's modules import only what its runtime dependencies bring (directly or through
their own requirements); test, contract and benchmark tooling lives in the `dev` extra alone.
Every file the service writes into its data directory is ignored by git.
"""
from __future__ import annotations

import importlib.metadata as metadata
import shutil
import subprocess
import sys
import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.core.test_layers import FLOORS, ROOT, imported_names, modules
from tests.waiting import scaled

DEV_ONLY = {"pytest", "pytest-timeout", "fakeredis", "schemathesis", "hypothesis", "gunicorn",
            "flask"}


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def closure(requirements: list[str]) -> set[str]:
    """The distributions the requirements install (installed ones, followed recursively,
    extras included)."""
    seen: set[tuple[str, frozenset]] = set()
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        key = (canonicalize_name(req.name), frozenset(req.extras))
        if key in seen:
            continue
        seen.add(key)
        try:
            requires = metadata.requires(req.name) or []
        except metadata.PackageNotFoundError:
            continue
        environments = [{"extra": extra} for extra in req.extras] or [{"extra": ""}]
        for text in requires:
            sub = Requirement(text)
            if sub.marker is None or any(sub.marker.evaluate(e) for e in environments):
                todo.append(sub)
    return {name for name, _ in seen}


def third_party_imports() -> dict[str, set[str]]:
    """distribution -> the service modules importing it."""
    own = set(FLOORS)
    by_dist: dict[str, set[str]] = {}
    provided = metadata.packages_distributions()
    for name, path in modules().items():
        for module, _ in imported_names(name, path):
            top = module.split(".")[0]
            if not top or top in own or top in sys.stdlib_module_names:
                continue
            dists = provided.get(top)
            assert dists, f"{name} imports {top}, which no installed distribution provides"
            for dist in dists:
                by_dist.setdefault(canonicalize_name(dist), set()).add(name)
    return by_dist


def test_the_service_imports_only_its_runtime_dependencies():
    runtime = closure(project()["dependencies"])
    missing = {dist: sorted(users) for dist, users in third_party_imports().items()
               if dist not in runtime}
    assert missing == {}


def test_test_and_contract_tooling_is_dev_only():
    runtime = closure(project()["dependencies"])
    assert runtime & DEV_ONLY == set()
    dev = {canonicalize_name(Requirement(r).name)
           for r in project()["optional-dependencies"]["dev"]}
    assert {"pytest", "schemathesis", "fakeredis"} <= dev


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="not a git checkout")
def test_what_the_service_writes_is_ignored_by_git():
    written = ["agent-platform.db", "agent-platform.db-wal", "agent-platform.db-shm",
               "agent-platform.db-journal", "agent-platform.secret", "scheduler.lock",
               "data/agent-platform.db", "serve.log"]
    proc = subprocess.run(["git", "check-ignore", "--no-index", *written], cwd=ROOT,
                          capture_output=True, text=True, timeout=scaled(30))
    assert sorted(proc.stdout.split()) == sorted(written)

"""The table of every error code in docs/errors.md is what the source says: regenerated from
the code (docs_site.py walks it), every code with a meaning in error_codes.yaml, none stale."""
from __future__ import annotations

import ast
import sys

import pytest

from tests.docs_blocks import ROOT

sys.path.insert(0, str(ROOT))
pytest.importorskip("mkdocs", reason="docs_site.py is MkDocs's hooks: pip install -e '.[dev]'")
import docs_site  # noqa: E402  (after the skip: it imports MkDocs)

REGENERATE = "python docs_site.py errors"


@pytest.fixture(scope="module")
def codes():
    return docs_site.collect_error_codes()


def test_every_code_in_the_source_has_a_meaning(codes):
    _, problems = docs_site.error_table(codes=codes)
    assert problems == [], f"add them to error_codes.yaml, then run `{REGENERATE}`"


def test_the_page_holds_the_table_the_source_gives(codes):
    page = docs_site.ERRORS_PAGE.read_text()
    assert page.count(docs_site.BEGIN) == 1 and page.count(docs_site.END) == 1
    table, _ = docs_site.error_table(codes=codes)
    assert docs_site.render_errors_page(page, table) == page, f"run `{REGENERATE}`"


def test_the_collector_finds_codes_however_they_are_written(codes):
    # a class's default, a literal, a module constant, a local variable, a function's
    # parameter given by its callers in another module, a pattern, a server answer
    assert (400, "Invalid") in codes["invalid_request"]["answers"]
    assert (409, "Conflict") in codes["turn_in_progress"]["answers"]
    assert (400, "Invalid") in codes["client_tools_not_supported"]["answers"]
    assert (502, "ModelError") in codes["model_rate_limited"]["answers"]
    assert (400, "Invalid") in codes["invalid_run_at"]["answers"]
    assert (409, "Conflict") in codes["workflow_unavailable"]["answers"]
    assert (404, "NotFound") in codes["{what}_not_found"]["answers"]
    assert (404, "problem()") in codes["route_not_found"]["answers"]
    assert (503, "DependencyUnavailable") in codes["database_unavailable"]["answers"]


def test_every_code_given_in_the_source_is_read():
    """A `code=` the walk cannot resolve to strings would be missing from the table."""
    unresolved = []
    docs_site.collect_error_codes(unresolved)
    assert unresolved == []


def test_a_new_code_in_the_source_without_a_meaning_is_named(codes):
    codes = dict(codes)
    codes["brand_new_code"] = {"answers": {(409, "Conflict")}, "where": {"store/x.py"}}
    _, problems = docs_site.error_table(codes=codes)
    assert problems == ["brand_new_code"]


def test_a_pattern_needs_its_concrete_codes():
    codes = {"{what}_gone": {"answers": {(404, "NotFound")}, "where": {"store/x.py"}}}
    meanings = {"codes": {"agent_gone": "The agent is gone."},
                "patterns": {"{what}_gone": ["agent_gone", "tool_gone"]}}
    table, problems = docs_site.error_table(codes=codes, meanings=meanings)
    assert problems == ["tool_gone"]
    assert "| `agent_gone` | 404 | `NotFound` | The agent is gone. |" in table


def test_every_domain_error_class_is_seen():
    """Each subclass of the hierarchy defined in the source is known to the collector."""
    defined = set()
    for floor in docs_site.SOURCE_FLOORS:
        for path in (ROOT / floor).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ClassDef) and any(
                        getattr(b, "id", getattr(b, "attr", "")) in {"DomainError", "Invalid",
                                                                     "BadGateway", "ModelError"}
                        for b in node.bases):
                    defined.add(node.name)
    modules = docs_site._modules()
    assert defined <= set(docs_site._error_classes(modules))

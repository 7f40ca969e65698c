"""The suite waits in one place: every poll loop is ``tests.waiting.wait_until``, whose
deadline scales with AGENT_PLATFORM_TEST_TIME_SCALE and whose failure names what it waited
for. A deadline of its own (``time.monotonic() + ...``) is allowed only where nothing is
polled."""
from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

NOT_POLLING = {
    "waiting.py": "wait_until itself",
    "factories_chat.py": "a chat stream read until a deadline, line by line",
    "worker_jobs.py": "job functions run by RQ workers, which report instead of failing",
    "widget/test_widget_demo.py": "the demo's output read line by line until its address",
}


def _deadlines(path: Path) -> list[int]:
    """Lines of ``time.monotonic() + ...`` in a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
                and isinstance(node.left, ast.Call)
                and isinstance(node.left.func, ast.Attribute)
                and node.left.func.attr == "monotonic"):
            found.append(node.lineno)
    return found


def test_every_poll_loop_is_wait_until():
    own = {}
    for path in sorted(TESTS.rglob("*.py")):
        name = path.relative_to(TESTS).as_posix()
        if name not in NOT_POLLING and (lines := _deadlines(path)):
            own[name] = lines
    assert own == {}, "poll with tests.waiting.wait_until instead of a deadline of its own"


def test_the_exceptions_still_exist():
    for name in NOT_POLLING:
        assert (TESTS / name).exists(), name

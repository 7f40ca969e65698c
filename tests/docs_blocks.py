"""The runnable shell blocks of README.md and docs/*.md: finding them, and running them in order
in one bash against a live service, each block's output and shell variables kept apart."""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = re.compile(r"^<!-- runnable: ([a-z0-9-]+) -->\n```bash\n(.*?)^```", re.M | re.S)
FENCE = re.compile(r"^```bash\n(.*?)^```", re.M | re.S)
TUTORIAL = "## Five-minute tutorial"


@dataclass
class Block:
    name: str
    source: str  # the file it comes from, relative to the repository
    code: str


@dataclass
class Result:
    output: str = ""
    vars: dict[str, str] = field(default_factory=dict)


def documents() -> list[Path]:
    """README.md first, then the pages of docs/ in alphabetical order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def runnable_blocks() -> list[Block]:
    blocks = []
    for path in documents():
        rel = str(path.relative_to(ROOT))
        for match in MARK.finditer(path.read_text()):
            blocks.append(Block(match.group(1), rel, match.group(2)))
    return blocks


def tutorial_section() -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index(TUTORIAL)
    end = text.index("\n## ", start + len(TUTORIAL))
    return text[start:end]


def tutorial_serve_command() -> str:
    """The one bash block of the tutorial that is not runnable: the command that starts the
    service (it holds its terminal, so the test runs it itself, as written)."""
    section = tutorial_section()
    runnable = {m.group(2) for m in MARK.finditer(section)}
    others = [m.group(1) for m in FENCE.finditer(section) if m.group(1) not in runnable]
    assert len(others) == 1, f"the tutorial has {len(others)} blocks not marked runnable"
    command = others[0].strip()
    assert "\n" not in command and "agent-platform serve" in command, command
    return command


def script(blocks: list[Block]) -> str:
    """One bash script: every block in order, each followed by a marker and a dump of the
    shell's upper-case variables (what the block captured)."""
    parts = ["set -euo pipefail"]
    for block in blocks:
        parts.append(f"printf '\\n@@begin %s@@\\n' {block.name}")
        parts.append(block.code)
        parts.append(
            f"printf '\\n@@vars %s@@\\n' {block.name}\n"
            "set +u\n"
            "for __v in $(compgen -v | grep -E '^[A-Z][A-Z0-9_]*$' | grep -v '^BASH'); do\n"
            "  printf '%s=%s\\n' \"$__v\" \"${!__v//$'\\n'/ }\"\n"
            "done\n"
            "set -u\n"
            f"printf '@@end %s@@\\n' {block.name}")
    return "\n".join(parts) + "\n"


def run(blocks: list[Block], *, cwd: Path, env: dict, timeout: float) -> tuple[
        dict[str, Result], subprocess.CompletedProcess]:
    done = subprocess.run(["bash", "-c", script(blocks)], cwd=cwd, env=env, timeout=timeout,
                          capture_output=True, text=True)
    return parse(done.stdout), done


def parse(stdout: str) -> dict[str, Result]:
    results: dict[str, Result] = {}
    pattern = re.compile(r"@@begin ([a-z0-9-]+)@@\n(.*?)\n@@vars \1@@\n(.*?)@@end \1@@", re.S)
    for match in pattern.finditer(stdout):
        variables = {}
        for line in match.group(3).splitlines():
            name, _, value = line.partition("=")
            variables[name] = value
        results[match.group(1)] = Result(match.group(2), variables)
    return results


def last_started(stdout: str) -> str | None:
    started = re.findall(r"@@begin ([a-z0-9-]+)@@", stdout)
    return started[-1] if started else None

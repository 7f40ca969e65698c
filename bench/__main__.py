"""``python -m bench <name> [args]``: run the benchmark module bench/<name>.py."""
from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    names = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])
                   if not m.name.startswith("_"))
    if not argv or argv[0] not in names:
        print(f"usage: python -m bench <{'|'.join(names)}> [args]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{argv[0]}")
    return module.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""``python -m bench <name> [args...]``: run ``bench/<name>.py``'s ``main()``."""
from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def _available() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])
                  if not m.name.startswith("_"))


def main() -> int:
    names = _available()
    if len(sys.argv) < 2 or sys.argv[1] not in names:
        print(f"usage: python -m bench <name> [args...]; benchmarks: {', '.join(names)}",
              file=sys.stderr)
        return 2
    name = sys.argv[1]
    sys.argv = [f"bench {name}", *sys.argv[2:]]
    result = importlib.import_module(f"bench.{name}").main()
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())

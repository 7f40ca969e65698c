"""`python -m bench <name> [args]` runs bench/<name>.py's main(args)."""
import importlib
import pkgutil
import sys

import bench


def main() -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_"))
    if len(sys.argv) < 2 or sys.argv[1] not in names:
        print(f"usage: python -m bench <{'|'.join(names)}> [args]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{sys.argv[1]}")
    return module.main(sys.argv[2:]) or 0


if __name__ == "__main__":
    sys.exit(main())

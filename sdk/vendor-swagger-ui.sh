#!/usr/bin/env bash
# Copy the pinned Swagger UI 5 build (npm swagger-ui-dist, pinned in sdk/typescript's lockfile)
# into server/static/swagger-ui, where the service serves it at /ui/ without outside network.
# `--check` exits non-zero when the checked-in copy differs from the pinned package.
set -euo pipefail
cd "$(dirname "$0")/.."
src=sdk/typescript/node_modules/swagger-ui-dist
dst=server/static/swagger-ui
files=(swagger-ui-bundle.js swagger-ui.css favicon-32x32.png LICENSE NOTICE)
[ -d "$src" ] || { echo "run: npm ci --prefix sdk/typescript" >&2; exit 2; }
if [ "${1:-}" = "--check" ]; then
  for f in "${files[@]}"; do
    cmp -s "$src/$f" "$dst/$f" || { echo "$dst/$f differs from swagger-ui-dist: run sdk/vendor-swagger-ui.sh" >&2; exit 1; }
  done
  exit 0
fi
mkdir -p "$dst"
for f in "${files[@]}"; do cp "$src/$f" "$dst/$f"; done
node -p "'swagger-ui-dist ' + require('./$src/package.json').version" > "$dst/VERSION"

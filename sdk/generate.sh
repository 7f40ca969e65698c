#!/usr/bin/env bash
# Regenerate the SDKs from openapi.yaml: the Python client (sdk/python/agent_platform_client,
# openapi-python-client pinned in pyproject.toml, with sdk/python/templates: enums accept values
# added later) and the TypeScript types
# (sdk/typescript/src/schema.d.ts, openapi-typescript pinned in sdk/typescript's lockfile).
# The hand-written layers (sdk/python/agent_platform, sdk/typescript/src/client) are never touched.
# `--check` regenerates into a scratch directory and fails when the checked-in SDKs differ,
# or when the generator warns.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
BIN=$root/.venv/bin
[ -x "$BIN/openapi-python-client" ] || BIN=$(dirname "$(command -v openapi-python-client)")
export PATH="$BIN:$PATH"
check=0
[ "${1:-}" = "--check" ] && check=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Python: the generator's own output, then the checked-in copy is replaced or compared.
log="$work/generate.log"
(cd "$work" && openapi-python-client generate --path "$root/openapi.yaml" \
   --config "$root/sdk/python/config.yaml" --meta none --output-path "$work/agent_platform_client" \
   --custom-template-path "$root/sdk/python/templates" \
   >"$log" 2>&1) || { cat "$log" >&2; echo "openapi-python-client failed" >&2; exit 1; }
touch "$work/agent_platform_client/py.typed"  # typed for mypy in users' programs (PEP 561)
if grep -qiE 'warning|error|skipping' "$log"; then
  cat "$log" >&2
  echo "openapi-python-client reported problems (the SDK must generate without warnings)" >&2
  exit 1
fi

# TypeScript: types of every path and schema.
npx_bin="$root/sdk/typescript/node_modules/.bin"
if [ -x "$npx_bin/openapi-typescript" ]; then
  "$npx_bin/openapi-typescript" "$root/openapi.yaml" --output "$work/schema.d.ts" \
    --default-non-nullable=false --silent >/dev/null
else
  echo "TypeScript types skipped: run npm ci --prefix sdk/typescript" >&2
  [ $check = 1 ] && exit 1
fi

if [ $check = 1 ]; then
  status=0
  diff -r "$work/agent_platform_client" sdk/python/agent_platform_client >"$work/py.diff" || status=1
  [ -f "$work/schema.d.ts" ] && { diff "$work/schema.d.ts" sdk/typescript/src/schema.d.ts >"$work/ts.diff" || status=1; }
  if [ $status != 0 ]; then
    head -50 "$work"/*.diff >&2
    echo "The checked-in SDKs differ from openapi.yaml: run sdk/generate.sh and commit" >&2
    exit 1
  fi
  echo "SDKs are current"
  exit 0
fi
rm -rf sdk/python/agent_platform_client
cp -r "$work/agent_platform_client" sdk/python/agent_platform_client
mkdir -p sdk/typescript/src
[ -f "$work/schema.d.ts" ] && cp "$work/schema.d.ts" sdk/typescript/src/schema.d.ts
echo "regenerated sdk/python/agent_platform_client and sdk/typescript/src/schema.d.ts"

#!/usr/bin/env bash
# The contract gates of openapi.yaml and its SDKs (run by tests/run.sh and CI):
#   openapi-spec-validator; Redocly lint (recommended) and Spectral (spectral:oas), both with
#   0 errors and 0 warnings; the checked-in Python SDK and TypeScript types are what the pinned
#   generators make of openapi.yaml (without generator warnings); the TypeScript example
#   type-checks with tsc --strict; the vendored Swagger UI is the pinned package; no breaking
#   change since the last release's document (sdk/released/openapi.yaml) unless info.version's
#   major part grew (sdk/compat.mjs, api-smart-diff pinned in tests/npm-contract); the TypeScript
#   sources also type-check with TypeScript 7 (tsgo, pinned in tests/npm-contract).
# Tools are pinned: Python ones in pyproject.toml, npm ones in sdk/typescript/package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] && PY=.venv/bin/python
TS=sdk/typescript
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true NO_UPDATE_NOTIFIER=1

if [ ! -f "$TS/node_modules/.package-lock.json" ] || ! cmp -s "$TS/package-lock.json" "$TS/node_modules/.package-lock.json.ci"; then
  echo "-- npm ci ($TS)"
  npm ci --prefix "$TS" --no-audit --no-fund --loglevel=error
  cp "$TS/package-lock.json" "$TS/node_modules/.package-lock.json.ci"
fi
bin=$TS/node_modules/.bin

echo "-- openapi-spec-validator"
"$PY" -c 'import sys, yaml; from openapi_spec_validator import validate; validate(yaml.safe_load(open("openapi.yaml"))); print("openapi.yaml: valid OpenAPI", yaml.safe_load(open("openapi.yaml"))["openapi"])'

echo "-- Redocly lint (recommended)"
out=$("$bin/redocly" lint openapi.yaml --config "$TS/redocly.yaml" --format=json 2>/dev/null || true)
totals=$(printf '%s' "$out" | "$PY" -c 'import json,sys; t=json.load(sys.stdin)["totals"]; print(t["errors"], t["warnings"])')
if [ "$totals" != "0 0" ]; then
  "$bin/redocly" lint openapi.yaml --config "$TS/redocly.yaml" --format=stylish || true
  echo "Redocly: errors and warnings: $totals (must be 0 0)" >&2
  exit 1
fi
echo "Redocly: 0 errors, 0 warnings"

echo "-- Spectral (spectral:oas)"
"$bin/spectral" lint openapi.yaml --ruleset "$TS/.spectral.yaml" --fail-severity=warn --display-only-failures --quiet \
  || { "$bin/spectral" lint openapi.yaml --ruleset "$TS/.spectral.yaml"; echo "Spectral: problems found" >&2; exit 1; }
echo "Spectral: 0 errors, 0 warnings"

echo "-- compatible with the last release (sdk/released/openapi.yaml, api-smart-diff)"
CG=tests/npm-contract
if [ ! -f "$CG/node_modules/.package-lock.json" ] || ! cmp -s "$CG/package-lock.json" "$CG/node_modules/.package-lock.json.ci"; then
  npm ci --prefix "$CG" --no-audit --no-fund --loglevel=error
  cp "$CG/package-lock.json" "$CG/node_modules/.package-lock.json.ci"
fi
node sdk/compat.mjs

echo "-- SDKs regenerate without changes"
PYTHON="$PY" bash sdk/generate.sh --check

echo "-- tsc --strict, TypeScript 5 and 7 (the types in use and the client library)"
"$bin/tsc" -p "$TS/tsconfig.json"
echo "tsc $("$bin/tsc" --version | cut -d' ' -f2): no errors"
"$CG/node_modules/.bin/tsgo" -p "$TS/tsconfig.json"
echo "tsgo $("$CG/node_modules/.bin/tsgo" --version | cut -d' ' -f2) (TypeScript 7): no errors"

echo "-- vendored Swagger UI is the pinned package"
bash sdk/vendor-swagger-ui.sh --check
echo "contract gates passed"

#!/usr/bin/env bash
# Contract tests: Schemathesis (--checks all) against a live `agent-platform serve` with real
# credentials. Organization operations run with an API key, operator operations with the admin
# token. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
BIN=$(dirname "$PY")
[ -x "$BIN/agent-platform" ] || BIN=$(dirname "$(command -v agent-platform)")
MAX_EXAMPLES=${CONTRACT_MAX_EXAMPLES:-60}

work=$(mktemp -d)
port=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export AGENT_PLATFORM_DATA_DIR="$work"
export AGENT_PLATFORM_ADMIN_TOKEN="contract-admin-$(date +%s%N)"
export AGENT_PLATFORM_SSRF_ALLOW="127.0.0.1"
export AGENT_PLATFORM_LOG_LEVEL=WARNING
unset DATABASE_URL REDIS_URL

"$BIN/agent-platform" migrate >/dev/null
org=$("$BIN/agent-platform" orgs create --name contract | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["id"])')
key=$("$BIN/agent-platform" keys create --org "$org" --name contract | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["key"])')

"$BIN/agent-platform" serve --port "$port" >"$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 600); do  # up to 60 s: a loaded machine starts slowly
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done

# Every Schemathesis check runs on every operation, with one exception, explained below.
# No NUL in generated strings: the API refuses NUL in every string it takes, on every backend
# (docs/limits.md; Postgres cannot store it), a rule JSON Schema cannot state once for all
# strings. Every other character is generated.
# The request timeout is above the slowest answer the service documents: a sync of an MCP
# provider whose server (any port of 127.0.0.1 a generated URL names) accepts and never
# answers takes up to its connect, list and teardown timeouts, about 21 s (docs/tools.md).
common=(--checks all --max-examples "$MAX_EXAMPLES" --seed 1 --no-color
        --suppress-health-check all --request-timeout 30 --warnings off
        --generation-allow-x00 false)
# Operations whose validity depends on rules no JSON Schema can state (see below).
# Schemathesis keeps only the last of repeated --exclude-path-regex options: one regex each.
SEMANTIC='^/v1/tool-providers/[^/]+/import$|^/v1/workflows(/[^/]+)?$|^/v1/workflow-schedules(/[^/]+)?$|^/v1/copilots/[^/]+/deploy$|^/v1/organization/(plan|apply)$|^/v1/triggers(/[^/]+)?$'

# End-user operations act for the session's user (or X-User-Id with the API key, which a
# generated request may leave out: 400 user_required): they run with a session token.
END_USER='^/v1/(chat|chat/stream|threads|threads/[^/]+/read|messages|vote|memories|memories/[^/]+)$'
# The protocol edges that run turns (OpenAI-compatible, AG-UI) act for an end user too, and
# their input has rules no schema states (the last message is the user's, with text; `model` an
# id or alias the organization has): session token, all checks but positive_data_acceptance.
EDGES='^/openai/v1/(chat/completions|responses)$|^/v1/(copilots|agents)/[^/]+/ag-ui$'

echo "-- organization operations (API key)"
"$BIN/schemathesis" --config-file contract_tests/schemathesis.toml run "http://127.0.0.1:$port/openapi.json" "${common[@]}" \
  -H "Authorization: Bearer $key" --exclude-path-regex "^/v1/admin/|$SEMANTIC|$END_USER|$EDGES"

echo "-- end-user operations (session token)"
token=$(curl -sf -X POST "http://127.0.0.1:$port/v1/sessions" -H "Authorization: Bearer $key" \
  -H 'Content-Type: application/json' -d '{"user_id": "contract-user"}' \
  | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
"$BIN/schemathesis" --config-file contract_tests/schemathesis.toml run "http://127.0.0.1:$port/openapi.json" "${common[@]}" \
  -H "Authorization: Bearer $token" --include-path-regex "$END_USER"

echo "-- protocol edges (session token; all checks but positive_data_acceptance)"
"$BIN/schemathesis" --config-file contract_tests/schemathesis.toml run "http://127.0.0.1:$port/openapi.json" "${common[@]}" \
  -H "Authorization: Bearer $token" --include-path-regex "$EDGES" \
  --exclude-checks positive_data_acceptance

# These operations are checked with every check except positive_data_acceptance, because
# schema-valid input can still be rightly refused (400) by rules JSON Schema cannot state:
# - the OpenAPI import takes a whole document, also as YAML text: no schema says which
#   strings are YAML OpenAPI documents (400 invalid_openapi_document);
# - workflows need step ids unique by property within the steps array (400 duplicate_step_id)
#   and templates that name earlier steps;
# - schedules need a parseable cron expression, an IANA time zone name and exactly one of
#   cron, run_at and recurrence (400 invalid_cron, invalid_timezone, schedule_kind_required);
# - a deploy goes from dev to staging or prod, or from staging to prod: `{target: staging,
#   from: staging}` is schema-valid and rightly 400 invalid_deploy_source.
# - an organization document's `spec` is checked against its own JSON Schema
#   (/schemas/organization-v1.json) and its `apiVersion` answers its own error
#   (400 document_invalid, api_version_unsupported);
# - a trigger's `input` maps each field to a JMESPath expression, which must parse and fit its
#   workflow's `input_schema` (400 invalid_trigger_input).
echo "-- operations with semantic validation (API key; all checks but positive_data_acceptance)"
"$BIN/schemathesis" --config-file contract_tests/schemathesis.toml run "http://127.0.0.1:$port/openapi.json" "${common[@]}" \
  -H "Authorization: Bearer $key" --include-path-regex "$SEMANTIC" \
  --exclude-checks positive_data_acceptance

echo "-- operator operations (admin token)"
"$BIN/schemathesis" --config-file contract_tests/schemathesis.toml run "http://127.0.0.1:$port/openapi.json" "${common[@]}" \
  -H "Authorization: Bearer $AGENT_PLATFORM_ADMIN_TOKEN" --include-path-regex '^/v1/admin/'

#!/usr/bin/env bash
# The whole test suite: pytest on the embedded defaults (SQLite, in-process jobs), pytest again
# on Postgres + Redis (real RQ workers), then the Schemathesis contract tests against a live
# `agent-platform serve`. Uses .venv/bin/python when present.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] && PY=.venv/bin/python
PG_URL=${AGENT_PLATFORM_TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}
REDIS=${AGENT_PLATFORM_TEST_REDIS_URL:-redis://127.0.0.1:6379/0}

PYTHON="$PY" bash sdk/check.sh  # contract gates: spec validator, Redocly, Spectral, SDK diff, tsc
echo "== pytest: SQLite, in-process jobs"
env -u AGENT_PLATFORM_TEST_DATABASE_URL -u AGENT_PLATFORM_TEST_REDIS_URL \
  "$PY" -m pytest "$@"

echo "== pytest: Postgres + Redis"
AGENT_PLATFORM_TEST_DATABASE_URL="$PG_URL" AGENT_PLATFORM_TEST_REDIS_URL="$REDIS" \
  "$PY" -m pytest "$@"

echo "== contract tests: Schemathesis against a live server"
PYTHON="$PY" bash contract_tests/run.sh

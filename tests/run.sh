#!/usr/bin/env bash
# The whole test suite, in four stages:
#   gates     the contract gates of openapi.yaml and its SDKs (sdk/check.sh)
#   sqlite    pytest on the embedded defaults (SQLite, in-process jobs)
#   postgres  pytest on PostgreSQL + Redis (real RQ worker processes)
#   contract  Schemathesis against a live `agent-platform serve`
# Arguments are passed to both pytest stages (e.g. `bash tests/run.sh -k chat`).
#
# PostgreSQL and Redis: AGENT_PLATFORM_TEST_DATABASE_URL (a server URL; each test module
# creates its own database on it) and AGENT_PLATFORM_TEST_REDIS_URL name servers to use.
# Without them this script starts throwaway ones, each on a free port of 127.0.0.1: a fresh
# PostgreSQL cluster (initdb, trust authentication, its own socket directory, in a temporary
# directory) and a Redis that keeps nothing on disk; it stops them when it ends, failed or not.
# That needs the server binaries: on Debian the packages `postgresql` and `redis-server`
# (initdb and pg_ctl are found in /usr/lib/postgresql/<version>/bin). Run as root, PostgreSQL
# runs as the `postgres` user (initdb refuses root).
#
# TEST_STAGES: `parallel` (default) runs the stages at once, each writing its output to
# its own log, printed when the stage fails; `serial` runs them one after another with their
# output on the terminal. TEST_LOG_DIR keeps the logs and the browser tests' screenshots of
# failures (default: a temporary directory, removed at the end). Uses .venv/bin/python when present.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] && PY=.venv/bin/python
MODE=${TEST_STAGES:-parallel}

work=$(mktemp -d "${TMPDIR:-/tmp}/agent-platform-tests.XXXXXX")
logs=${TEST_LOG_DIR:-$work/logs}
mkdir -p "$logs"
export TEST_LOG_DIR="$logs"  # browser tests keep screenshots of failures there
pg_root="" pg_bin="" redis_pidfile=""

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  [ -n "${ticker_pid:-}" ] && kill "$ticker_pid" 2>/dev/null || true
  if [ -n "$redis_pidfile" ] && [ -s "$redis_pidfile" ]; then
    kill "$(cat "$redis_pidfile")" 2>/dev/null || true
  fi
  if [ -n "$pg_root" ] && [ -f "$pg_root/data/postmaster.pid" ]; then
    as_pg "$pg_bin/pg_ctl" -D "$pg_root/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  [ -n "$pg_root" ] && rm -rf "$pg_root"
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

find_pg_bin() {
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
    dirname "$(command -v initdb)"
    return
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

missing() {
  echo "tests/run.sh: $1 is not installed. Install it (Debian: apt-get install $2) or set $3" >&2
  echo "to a running server." >&2
  exit 2
}

start_postgres() {
  pg_bin=$(find_pg_bin) || true
  [ -n "$pg_bin" ] || missing "PostgreSQL (initdb, pg_ctl)" postgresql AGENT_PLATFORM_TEST_DATABASE_URL
  if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    echo "tests/run.sh: running as root, PostgreSQL needs the 'postgres' user to run as" >&2
    exit 2
  fi
  pg_root=$(mktemp -d "${TMPDIR:-/tmp}/agent-platform-pg.XXXXXX")
  [ "$(id -u)" = 0 ] && chown postgres: "$pg_root"
  local port
  port=$(free_port)
  as_pg "$pg_bin/initdb" -D "$pg_root/data" -U postgres --auth=trust -E UTF8 --no-sync \
    >"$pg_root/initdb.log" 2>&1 || { cat "$pg_root/initdb.log" >&2; exit 1; }
  as_pg "$pg_bin/pg_ctl" -D "$pg_root/data" -l "$pg_root/server.log" -w -t 60 \
    -o "-p $port -k $pg_root -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$pg_root/server.log" >&2; exit 1; }
  export AGENT_PLATFORM_TEST_DATABASE_URL="postgresql://postgres@127.0.0.1:$port/postgres"
  echo "== PostgreSQL (throwaway) on 127.0.0.1:$port"
}

start_redis() {
  command -v redis-server >/dev/null || missing "Redis (redis-server)" redis-server AGENT_PLATFORM_TEST_REDIS_URL
  local port
  port=$(free_port)
  redis_pidfile="$work/redis.pid"
  redis-server --bind 127.0.0.1 --port "$port" --save "" --appendonly no --dir "$work" \
    --daemonize yes --pidfile "$redis_pidfile" --logfile "$work/redis.log" >/dev/null
  for _ in $(seq 1 50); do
    "$PY" -c "import redis; redis.Redis(port=$port, socket_connect_timeout=1).ping()" \
      2>/dev/null && break
    sleep 0.1
  done
  export AGENT_PLATFORM_TEST_REDIS_URL="redis://127.0.0.1:$port/0"
  echo "== Redis (throwaway) on 127.0.0.1:$port"
}

[ -n "${AGENT_PLATFORM_TEST_DATABASE_URL:-}" ] || start_postgres
[ -n "${AGENT_PLATFORM_TEST_REDIS_URL:-}" ] || start_redis
# Nothing a test starts writes into the user's data directory.
export AGENT_PLATFORM_DATA_DIR="$work/data"

# Deadlines of the tests scale with AGENT_PLATFORM_TEST_TIME_SCALE (tests/waiting.py). Unless it
# is set, a machine busier than its cores (1-minute load average per core above 1.5) gets
# deadlines stretched by that ratio, rounded up, at most 5.
if [ -z "${AGENT_PLATFORM_TEST_TIME_SCALE:-}" ]; then
  AGENT_PLATFORM_TEST_TIME_SCALE=$(awk -v cores="$(nproc)" '{ r = $1 / cores;
    s = (r > 1.5) ? int(r) + (r > int(r)) : 1; print (s > 5) ? 5 : s }' /proc/loadavg)
fi
export AGENT_PLATFORM_TEST_TIME_SCALE
echo "== test deadlines x$AGENT_PLATFORM_TEST_TIME_SCALE (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"

# Progress: each pytest stage writes "<tests done> <tests collected>" to $logs/<stage>.progress
# (tests/conftest.py); every 30 s one line tells where each stage is.
progress_line() {
  local parts=() stage
  for stage in "${STAGES[@]}"; do
    if [ -f "$logs/$stage.status" ]; then
      rc=; read -r rc _ <"$logs/$stage.status" || true
      if [ "$rc" = 0 ]; then parts+=("$stage passed"); else parts+=("$stage FAILED"); fi
    elif [ -s "$logs/$stage.progress" ]; then
      done=; total=; read -r done total <"$logs/$stage.progress" || true
      parts+=("$stage ${done:-0}/${total:-?} done")
    elif [ -f "$logs/$stage.started" ]; then
      parts+=("$stage running")
    fi
  done
  local IFS='|'
  echo "[$(date +%H:%M:%S)] ${parts[*]}" | sed 's/|/ · /g'
}
ticker() {
  while sleep "${TEST_PROGRESS_EVERY:-30}"; do progress_line; done
}

stage_gates() {
  PYTHON="$PY" bash sdk/check.sh
}
stage_sqlite() {
  env -u AGENT_PLATFORM_TEST_DATABASE_URL -u AGENT_PLATFORM_TEST_REDIS_URL \
    AGENT_PLATFORM_TEST_PROGRESS_FILE="$logs/sqlite.progress" "$PY" -m pytest --basetemp "$work/pytest-sqlite" "$@"
}
stage_postgres() {
  AGENT_PLATFORM_TEST_PROGRESS_FILE="$logs/postgres.progress" "$PY" -m pytest --basetemp "$work/pytest-postgres" "$@"
}
stage_contract() {
  PYTHON="$PY" bash contract_tests/run.sh
}
STAGES=(gates sqlite postgres contract)
declare -A TITLE=([gates]="contract gates: spec, linters, SDK drift, tsc"
                  [sqlite]="pytest: SQLite, in-process jobs"
                  [postgres]="pytest: PostgreSQL + Redis"
                  [contract]="contract tests: Schemathesis against a live server")

started=$(date +%s)
failed=()
ticker &
ticker_pid=$!
if [ "$MODE" = serial ]; then
  for stage in "${STAGES[@]}"; do
    echo "== ${TITLE[$stage]}"
    touch "$logs/$stage.started"
    rc=0; "stage_$stage" "$@" || rc=$?
    echo "$rc 0" >"$logs/$stage.status"
    [ "$rc" = 0 ] || failed+=("$stage")
  done
else
  declare -A PIDS
  for stage in "${STAGES[@]}"; do
    ( t0=$(date +%s); set +e; touch "$logs/$stage.started"
      "stage_$stage" "$@" >"$logs/$stage.log" 2>&1; rc=$?
      echo "$rc $(( $(date +%s) - t0 ))" >"$logs/$stage.status"; exit $rc ) &
    PIDS[$stage]=$!
  done
  for stage in "${STAGES[@]}"; do
    wait "${PIDS[$stage]}" || true
    read -r rc secs <"$logs/$stage.status"
    if [ "$rc" = 0 ]; then
      echo "== ${TITLE[$stage]}: passed in ${secs}s ($(grep -Eo '[0-9]+ passed.*' "$logs/$stage.log" | tail -1 || true))"
    else
      failed+=("$stage")
      echo "== ${TITLE[$stage]}: FAILED (exit $rc) after ${secs}s; its output:"
      cat "$logs/$stage.log"
    fi
  done
fi
kill "$ticker_pid" 2>/dev/null || true
echo "== tests finished in $(( $(date +%s) - started ))s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "== FAILED: ${failed[*]}" >&2
  exit 1
fi

#!/usr/bin/env bash
# `make test` (and CI): every test, against a private PostgreSQL cluster and
# Debian's headless Chromium. Stops at the first failing section, but always
# stops what it started and prints which sections passed.
#
# Settings: TEST_PG_PORT (55433), TEST_PG_DIR (.data/test-pg),
# RUST_TEST_THREADS (cores, at most 8), E2E_PORT (first free port from 18080).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT"

TEST_PG_PORT_SET=${TEST_PG_PORT:-}
TEST_PG_PORT=${TEST_PG_PORT:-55433}
TEST_PG_DIR=${TEST_PG_DIR:-.data/test-pg}
PG_URL="postgres://postgres@127.0.0.1:$TEST_PG_PORT"
SECTIONS=(deps postgres cargo-test web-typecheck web-lint web-test e2e fuzz)

CURRENT=""
SECTION_START=0
RESULTS=()
STARTED_PG=0
SERVER_PID=""
E2E_DATA=""
SERVER_LOG="$REPO_ROOT/.data/e2e-server.log"

section() {
  finish_section
  CURRENT=$1
  SECTION_START=$SECONDS
  local n=0 i
  for i in "${!SECTIONS[@]}"; do [ "${SECTIONS[$i]}" = "$1" ] && n=$((i + 1)); done
  printf '\n==================================================================\n'
  printf '== [%d/%d] %s: %s\n' "$n" "${#SECTIONS[@]}" "$1" "$2"
  printf '==================================================================\n'
}

finish_section() {
  [ -n "$CURRENT" ] || return 0
  RESULTS+=("PASS $CURRENT ($((SECONDS - SECTION_START))s)")
  CURRENT=""
}

cleanup() {
  local rc=$? s
  trap - EXIT INT TERM HUP
  set +e
  if [ "$rc" = 0 ]; then
    finish_section
  elif [ -n "$CURRENT" ]; then
    RESULTS+=("FAIL $CURRENT ($((SECONDS - SECTION_START))s)")
  fi

  if [ -n "$SERVER_PID" ]; then
    stop_pid "$SERVER_PID"
    if [ "$rc" != 0 ] && [ -s "$SERVER_LOG" ]; then
      printf '\n--- last lines of the e2e server log (%s) ---\n' "$SERVER_LOG"
      tail -n 40 "$SERVER_LOG"
    fi
  fi
  [ -z "$E2E_DATA" ] || rm -rf "$E2E_DATA"
  if ((STARTED_PG)); then
    "$SCRIPTS/pg.sh" stop "$TEST_PG_DIR"
  fi

  for s in "${SECTIONS[@]}"; do
    [[ " ${RESULTS[*]} " == *" $s ("* ]] || RESULTS+=("SKIP $s")
  done
  printf '\n==================================================================\n'
  printf '== make test summary (%ss)\n' "$SECONDS"
  printf '==   %s\n' "${RESULTS[@]}"
  if [ "$rc" = 0 ]; then
    printf '== all %d sections passed\n' "${#SECTIONS[@]}"
  else
    printf '== FAILED in section %s (exit %s)\n' "${CURRENT:-?}" "$rc"
  fi
  printf '==================================================================\n'
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# ------------------------------------------------------------------------------
section deps "scripts/ensure-deps.sh --test"
"$SCRIPTS/ensure-deps.sh" --test
node --version
cargo --version

# ------------------------------------------------------------------------------
section postgres "private test cluster in $TEST_PG_DIR on port $TEST_PG_PORT"
if ! "$SCRIPTS/pg.sh" status "$TEST_PG_DIR" >/dev/null; then
  STARTED_PG=1
  # Another checkout's test cluster (or anything else) may hold the default
  # port; a port chosen explicitly is taken at its word.
  if [ -z "${TEST_PG_PORT_SET:-}" ] && port_in_use "$TEST_PG_PORT"; then
    for p in $(seq "$((TEST_PG_PORT + 100))" "$((TEST_PG_PORT + 200))"); do
      port_in_use "$p" || break
    done
    say "port $TEST_PG_PORT is taken; using $p for the test cluster"
    TEST_PG_PORT=$p
    PG_URL="postgres://postgres@127.0.0.1:$TEST_PG_PORT"
  fi
fi
"$SCRIPTS/pg.sh" start "$TEST_PG_DIR" "$TEST_PG_PORT"

# ------------------------------------------------------------------------------
section cargo-test "cargo test --workspace (DATABASE_URL=$PG_URL/postgres)"
# One test thread per core (2 on CI), at most 8: each #[sqlx::test] opens its
# own database and pool, and more threads than cores only add contention
# (and timing flakiness) without shortening the run.
if [ -z "${RUST_TEST_THREADS:-}" ]; then
  RUST_TEST_THREADS=$(nproc 2>/dev/null || echo 2)
  ((RUST_TEST_THREADS <= 8)) || RUST_TEST_THREADS=8
fi
export RUST_TEST_THREADS
# sqlx's query! macros would otherwise check queries against the (empty)
# postgres database at compile time; use the checked-in metadata if present.
if [ -d .sqlx ] && [ -z "${SQLX_OFFLINE:-}" ]; then
  export SQLX_OFFLINE=true
fi
# --no-fail-fast: report every failing test binary, not only the first.
DATABASE_URL="$PG_URL/postgres" cargo test --workspace --no-fail-fast

# ------------------------------------------------------------------------------
section web-typecheck "npm --prefix web run api:types -- --check; npm --prefix web run typecheck"
# The web client's types are generated from the server's OpenAPI document: the committed file
# must be what the server describes now.
npm --prefix web run api:types -- --check
npm --prefix web run typecheck

# ------------------------------------------------------------------------------
section web-lint "npm --prefix web run lint; npm --prefix web run format:check"
npm --prefix web run lint
npm --prefix web run format:check

# ------------------------------------------------------------------------------
section web-test "npm --prefix web test"
npm --prefix web test

# ------------------------------------------------------------------------------
section e2e "browser tests in headless Chromium"
say "building the web app"
npm --prefix web run build
say "building the server (debug)"
# Same DATABASE_URL as the test build, so nothing that tracks it rebuilds.
DATABASE_URL="$PG_URL/postgres" cargo build -p api

"$SCRIPTS/pg.sh" recreatedb "$TEST_PG_DIR" "$TEST_PG_PORT" mudanzas_e2e
E2E_DATA=$(mktemp -d "${TMPDIR:-/tmp}/mudanzas-e2e.XXXXXX")
export DATABASE_URL="$PG_URL/mudanzas_e2e" DATA_DIR="$E2E_DATA"

say "seeding demo data"
target/debug/mudanzas seed

E2E_PORT=${E2E_PORT:-}
if [ -z "$E2E_PORT" ]; then
  for E2E_PORT in $(seq 18080 18180); do
    port_in_use "$E2E_PORT" || break
  done
fi
if port_in_use "$E2E_PORT"; then
  die "port $E2E_PORT for the e2e server is taken (set E2E_PORT to a free one)"
fi
BASE_URL="http://127.0.0.1:$E2E_PORT"

say "starting the server on $BASE_URL (log: $SERVER_LOG)"
mkdir -p "$(dirname "$SERVER_LOG")"
PORT=$E2E_PORT target/debug/mudanzas serve >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!
if ! wait_http_ok "$BASE_URL/healthz" 60 "$SERVER_PID"; then
  die "the e2e server did not become healthy"
fi

say "running the browser tests against $BASE_URL"
BASE_URL=$BASE_URL npm --prefix web run e2e

stop_pid "$SERVER_PID"
SERVER_PID=""

# ------------------------------------------------------------------------------
section fuzz "schemathesis over /api/openapi.json as every role (scripts/fuzz.sh)"
# A fresh seeded database: the browser tests changed the demo data (and passwords).
"$SCRIPTS/pg.sh" recreatedb "$TEST_PG_DIR" "$TEST_PG_PORT" mudanzas_fuzz
export DATABASE_URL="$PG_URL/mudanzas_fuzz"
target/debug/mudanzas seed
say "starting the server on $BASE_URL (log: $SERVER_LOG)"
PORT=$E2E_PORT target/debug/mudanzas serve >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!
if ! wait_http_ok "$BASE_URL/healthz" 60 "$SERVER_PID"; then
  die "the fuzzing server did not become healthy"
fi
"$SCRIPTS/fuzz.sh" "$BASE_URL"
stop_pid "$SERVER_PID"
SERVER_PID=""

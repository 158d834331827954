# Shared helpers, sourced by the other scripts (not run on its own).
# shellcheck shell=bash

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck disable=SC2034 # used by the scripts that source this file
SCRIPTS="$REPO_ROOT/scripts"

# CI runs with the machine's environment, which may lack rustup's PATH entry.
if ! command -v cargo >/dev/null 2>&1 && [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]; then
  PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  export PATH
fi

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

# True when something accepts TCP connections on 127.0.0.1:$1.
port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Wait until GET $1 answers 2xx, for at most $2 seconds; with $3 (a pid), give
# up early when that process has died, since waiting longer cannot help.
wait_http_ok() {
  local url=$1 timeout=$2 pid=${3:-} deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    if curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; then
      return 0
    fi
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
      return 1
    fi
    sleep 0.3
  done
  printf 'error: %s did not answer within %ss\n' "$url" "$timeout" >&2
  return 1
}

# Stop a process we started in the background: TERM first so the server can
# finish its requests and close its pool, KILL if it does not go in 10 s.
stop_pid() {
  local pid=$1 i
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
}

# Unless DATABASE_URL is set, start the run cluster under $DATA_DIR on
# $RUN_PG_PORT and point DATABASE_URL at it. Sets STARTED_PG=1 only when this
# call started it: a cluster someone else started (another `make run`) is used
# but left running.
# shellcheck disable=SC2034 # STARTED_PG is read by the calling script
use_run_cluster() {
  STARTED_PG=0
  if [ -n "${DATABASE_URL:-}" ]; then
    say "using DATABASE_URL from the environment (no private cluster)"
    return 0
  fi
  if ! "$SCRIPTS/pg.sh" status "$DATA_DIR" >/dev/null; then
    STARTED_PG=1
  fi
  "$SCRIPTS/pg.sh" start "$DATA_DIR" "$RUN_PG_PORT" mudanzas
  export DATABASE_URL="postgres://postgres@127.0.0.1:$RUN_PG_PORT/mudanzas"
}

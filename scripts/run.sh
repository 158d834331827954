#!/usr/bin/env bash
# `make run`: the whole site on one port, backed by a private PostgreSQL
# cluster under $DATA_DIR that survives between runs (data is kept).
#
# Settings: PORT (8080), DATA_DIR (.data), RUN_PG_PORT (55432, the private
# cluster's port), DATABASE_URL (when set, no private cluster is started and
# that database is used as is).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT"

export PORT=${PORT:-8080}
export DATA_DIR=${DATA_DIR:-.data}
RUN_PG_PORT=${RUN_PG_PORT:-55432}

# Found out now rather than after minutes of building.
if port_in_use "$PORT"; then
  die "port $PORT is already in use (another 'make run'?); choose another with PORT=NNNN make run"
fi

"$SCRIPTS/ensure-deps.sh"

STARTED_PG=0
SERVER_PID=""
# shellcheck disable=SC2317 # reached through the trap
cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if [ -n "$SERVER_PID" ]; then
    say "stopping the server"
    stop_pid "$SERVER_PID"
  fi
  if ((STARTED_PG)); then
    "$SCRIPTS/pg.sh" stop "$DATA_DIR" || true
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

use_run_cluster

say "building the web app"
npm --prefix web run build
say "building the server (release)"
cargo build --release -p api

say "migrating and seeding demo data"
target/release/mudanzas seed

say "starting Mudanzas on http://127.0.0.1:$PORT"
# In the background so that a TERM sent to this script (not only Ctrl-C to the
# terminal) reaches the server and then the cluster is stopped too.
target/release/mudanzas serve &
SERVER_PID=$!
if wait_http_ok "http://127.0.0.1:$PORT/healthz" 120 "$SERVER_PID"; then
  say "Mudanzas is up: http://127.0.0.1:$PORT   (Ctrl-C stops it)"
fi
set +e
wait "$SERVER_PID"
rc=$?
set -e
SERVER_PID=""
exit "$rc"

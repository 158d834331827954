#!/usr/bin/env bash
# `make bench`: the benchmark (release build) against the run cluster
# (started here when it is not running, and then stopped again), or against
# DATABASE_URL when that is set.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT"

export DATA_DIR=${DATA_DIR:-.data}
RUN_PG_PORT=${RUN_PG_PORT:-55432}

"$SCRIPTS/ensure-deps.sh"

STARTED_PG=0
cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
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

# Both binaries: the load phase runs the server built beside the bench.
say "building the server and the benchmark (release)"
cargo build --release -p api -p mudanzas-bench
say "running the benchmark"
target/release/mudanzas-bench "$@"

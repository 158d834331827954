#!/usr/bin/env bash
# A private PostgreSQL cluster that lives in a project folder, so neither
# `make run` nor `make test` depends on (or disturbs) a system-wide server.
#
#   scripts/pg.sh start      DIR PORT [DBNAME]  init on first use, start, create DBNAME
#   scripts/pg.sh stop       DIR                fast shutdown; no-op when not running
#   scripts/pg.sh status     DIR                exit 0 and print the port when running, 3 when not
#   scripts/pg.sh recreatedb DIR PORT DBNAME    drop (closing its connections) and create DBNAME
#
# Layout: DIR/pg (data), DIR/sock (unix socket), DIR/pg.log (server log).
# Clients connect over TCP: postgres://postgres@127.0.0.1:PORT/DBNAME (trust auth).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() { printf 'usage:\n' >&2; sed -n '5,8p' "${BASH_SOURCE[0]}" | sed 's/^#//' >&2; exit 2; }

[ $# -ge 2 ] || usage
CMD=$1
PORT=${3:-}
DBNAME=${4:-}
case $CMD in
  start) [[ $PORT =~ ^[0-9]+$ ]] || usage ;;
  recreatedb) [[ $PORT =~ ^[0-9]+$ && -n $DBNAME ]] || usage ;;
  stop | status) ;;
  *) usage ;;
esac
if [ "$CMD" = start ]; then mkdir -p "$2"; fi
# Physical path: it is compared with the server's /proc/PID/cwd below.
DIR="$(realpath -m "$2")"
AS_ROOT=0
if [ "$(id -u)" = 0 ]; then AS_ROOT=1; fi

# initdb refuses to run as root, so as root the server belongs to `postgres`,
# which must be able to reach DIR. When it cannot (a clone under /root, say),
# keep the cluster in a world-reachable place named after DIR instead.
BASE=$DIR
if ((AS_ROOT)); then
  if [ "$CMD" = start ] && ! id -u postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
  if ! (cd / && runuser -u postgres -- test -x "$DIR") 2>/dev/null; then
    BASE="/var/tmp/mudanzas-pg-$(printf '%s' "$DIR" | sha256sum | cut -c1-12)"
    if [ "$CMD" = start ]; then
      mkdir -p "$BASE"
      chmod 755 "$BASE"
    fi
  fi
fi
PGDATA="$BASE/pg"
SOCK="$BASE/sock"
LOG="$BASE/pg.log"
# A unix socket path is limited to ~107 bytes; a deep checkout would overflow it.
if [ $((${#SOCK} + 22)) -gt 100 ]; then
  SOCK="/tmp/mudanzas-pg-sock-$(printf '%s' "$PGDATA" | sha256sum | cut -c1-12)"
fi

# Prefer the major version the cluster was made with: a newer server cannot
# open an older data directory.
PGBIN=""
if [ -f "$PGDATA/PG_VERSION" ] && [ -x "/usr/lib/postgresql/$(cat "$PGDATA/PG_VERSION")/bin/pg_ctl" ]; then
  PGBIN="/usr/lib/postgresql/$(cat "$PGDATA/PG_VERSION")/bin"
else
  PGBIN="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n1 || true)"
fi

need_server() {
  if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
    die "no PostgreSQL server under /usr/lib/postgresql/*/bin: run scripts/ensure-deps.sh (apt package 'postgresql')"
  fi
}

# Run a server-side command as the cluster's owner, from / so that an
# unreadable working directory cannot trip it up.
as_pg() {
  if ((AS_ROOT)); then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

# A killed postmaster whose parent does not reap it stays a zombie: its /proc
# entry remains, but it is dead.
alive() {
  local state
  state=$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' "/proc/$1/status" 2>/dev/null || true)
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# Print the postmaster's pid when a live server owns PGDATA. A leftover
# postmaster.pid whose pid now belongs to some other process (common after a
# container restart) must not count, so the process's working directory, which
# postgres sets to its data directory, has to match.
live_pid() {
  local pid cwd
  [ -f "$PGDATA/postmaster.pid" ] || return 1
  pid=$(head -n1 "$PGDATA/postmaster.pid" 2>/dev/null || true)
  [[ $pid =~ ^[0-9]+$ ]] && alive "$pid" || return 1
  cwd=$(readlink "/proc/$pid/cwd" 2>/dev/null || true)
  if [ -z "$cwd" ]; then
    # Not ours to inspect: trust it if it at least is a postgres process.
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = postgres ] || return 1
  elif [ "$cwd" != "$PGDATA" ]; then
    return 1
  fi
  echo "$pid"
}

running_port() { sed -n '4p' "$PGDATA/postmaster.pid" 2>/dev/null; }

# After `kill -9` of the postmaster its children may linger and hold the
# shared memory segment, which makes a new postmaster refuse to start; a pid
# file whose pid was reused makes it refuse too. Clear both.
clear_stale() {
  local p cwd orphans=() i
  [ -f "$PGDATA/postmaster.pid" ] || return 0
  for p in /proc/[0-9]*; do
    [ "$(cat "$p/comm" 2>/dev/null)" = postgres ] || continue
    alive "${p#/proc/}" || continue
    cwd=$(readlink "$p/cwd" 2>/dev/null) || continue
    [ "$cwd" = "$PGDATA" ] && orphans+=("${p#/proc/}")
  done
  if ((${#orphans[@]})); then
    say "postgres: ending ${#orphans[@]} leftover process(es) of a killed server"
    kill -KILL "${orphans[@]}" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
      local left=0
      for p in "${orphans[@]}"; do alive "$p" && left=1; done
      ((left)) || break
      sleep 0.1
    done
  fi
  rm -f "$PGDATA/postmaster.pid" "$SOCK"/.s.PGSQL.*.lock
}

wait_ready() {
  local i
  for ((i = 0; i < 300; i++)); do
    "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$1" -U postgres -d postgres && return 0
    sleep 0.1
  done
  die "postgres on port $1 is not accepting connections (log: $LOG)"
}

psql_q() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$1" -U postgres -d postgres "${@:2}"; }

db_exists() {
  [ "$(printf "SELECT 1 FROM pg_database WHERE datname = :'name';\n" |
    psql_q "$1" -tA -v name="$2")" = 1 ]
}

ensure_db() {
  local port=$1 name=$2
  db_exists "$port" "$name" && return 0
  "$PGBIN/createdb" -h 127.0.0.1 -p "$port" -U postgres "$name" ||
    db_exists "$port" "$name" # lost a race with a concurrent start: fine
}

start() {
  need_server
  local pid port
  if pid=$(live_pid); then
    port=$(running_port)
    if [ "$port" = "$PORT" ]; then
      wait_ready "$PORT"
      [ -z "$DBNAME" ] || ensure_db "$PORT" "$DBNAME"
      say "postgres: already running on 127.0.0.1:$PORT (pid $pid, data $PGDATA)"
      return 0
    fi
    say "postgres: running on port $port, restarting on $PORT"
    as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w -s stop
  fi
  clear_stale

  mkdir -p "$PGDATA" "$SOCK"
  touch "$LOG"
  if ((AS_ROOT)); then
    chown postgres:postgres "$PGDATA" "$SOCK" "$LOG"
  fi
  chmod 700 "$PGDATA"

  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    # A data directory without PG_VERSION is an initdb that was interrupted.
    if [ -n "$(ls -A "$PGDATA")" ]; then
      warn "postgres: $PGDATA holds a half-made cluster; recreating it"
      find "$PGDATA" -mindepth 1 -delete
    fi
    say "postgres: initdb in $PGDATA"
    as_pg "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >>"$LOG" 2>&1 ||
      { tail -n 20 "$LOG" >&2; die "initdb failed (log: $LOG)"; }
  fi

  if port_in_use "$PORT"; then
    die "port $PORT on 127.0.0.1 is already taken by another program; choose another port"
  fi

  # max_connections: tests create a database and a pool per test, and several
  # server processes may run at once. fsync/synchronous_commit stay on because
  # benchmarks must measure durable commits.
  local opts="-p $PORT -k $SOCK -c listen_addresses=127.0.0.1"
  opts+=" -c max_connections=300 -c shared_buffers=256MB -c fsync=on -c synchronous_commit=on"
  opts+=" -c max_wal_size=2GB"
  if ! as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -l "$LOG" -w -t 60 -s -o "$opts" start; then
    tail -n 20 "$LOG" >&2
    die "postgres did not start (log: $LOG)"
  fi
  wait_ready "$PORT"
  [ -z "$DBNAME" ] || ensure_db "$PORT" "$DBNAME"
  say "postgres: started on 127.0.0.1:$PORT (data $PGDATA, log $LOG)"
}

stop() {
  local pid
  if ! pid=$(live_pid); then
    say "postgres: not running ($PGDATA)"
    return 0
  fi
  need_server
  as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w -t 60 -s stop
  say "postgres: stopped (was pid $pid)"
}

status() {
  local pid
  if pid=$(live_pid); then
    echo "postgres: running on 127.0.0.1:$(running_port) (pid $pid, data $PGDATA)"
    return 0
  fi
  echo "postgres: not running ($PGDATA)"
  return 3
}

recreatedb() {
  need_server
  live_pid >/dev/null || die "postgres is not running in $PGDATA"
  # --force ends sessions a previous run left behind (PostgreSQL 13+).
  PGOPTIONS="-c client_min_messages=warning" "$PGBIN/dropdb" -h 127.0.0.1 -p "$PORT" -U postgres --if-exists --force "$DBNAME"
  "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DBNAME"
  say "postgres: database $DBNAME recreated"
}

"$CMD"

#!/usr/bin/env bash
# Install what `make run` (or, with --test, `make test`) needs and the machine
# lacks, from Debian's and npm's registries. Does nothing when all is present,
# so it is cheap to call at the start of every command.
#
#   scripts/ensure-deps.sh [--test]
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

WANT_TEST=0
for arg in "$@"; do
  case $arg in
    --test) WANT_TEST=1 ;;
    *) die "usage: scripts/ensure-deps.sh [--test]" ;;
  esac
done

command -v cargo >/dev/null 2>&1 ||
  die "cargo not found: install the Rust toolchain (https://rustup.rs) and make sure ~/.cargo/bin is on PATH"
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  die "node/npm not found: install Node.js 20 or newer"
fi

# --- Debian packages ----------------------------------------------------------
missing=()
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  missing+=(postgresql)
fi
command -v curl >/dev/null 2>&1 || missing+=(curl)
if ((WANT_TEST)) && [ ! -x /usr/bin/chromium ]; then
  missing+=(chromium)
fi
# The fuzzing section (scripts/fuzz.sh) installs schemathesis from PyPI into a virtualenv.
if ((WANT_TEST)) && ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  missing+=(python3 python3-venv)
fi

# The mail tests run a real SMTP server: Debian's aiosmtpd, under Debian's Python.
if ((WANT_TEST)) && ! /usr/bin/python3 -c 'import aiosmtpd' >/dev/null 2>&1; then
  missing+=(python3-aiosmtpd)
fi

if ((${#missing[@]})); then
  SUDO=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 ||
      die "missing Debian packages: ${missing[*]}; install them as root: apt-get install ${missing[*]}"
    SUDO=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  # Another apt may hold the locks (an unattended upgrade, a parallel install):
  # wait for it instead of failing.
  apt_get() { "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 "$@"; }
  say "installing Debian packages: ${missing[*]}"
  # `update` takes the lists lock, which DPkg::Lock::Timeout does not cover.
  tries=0
  until apt_get update -qq; do
    tries=$((tries + 1))
    ((tries < 30)) || die "apt-get update kept failing"
    warn "apt-get update failed (another apt running?); retrying in 10 s"
    sleep 10
  done
  apt_get install -y -q "${missing[@]}"
fi

# --- web dependencies -----------------------------------------------------------
WEB="$REPO_ROOT/web"
if [ -f "$WEB/package.json" ]; then
  # npm writes node_modules/.package-lock.json on every install: when it is
  # older than the committed lock file, the tree no longer matches it.
  stamp="$WEB/node_modules/.package-lock.json"
  if [ ! -f "$WEB/package-lock.json" ]; then
    if [ ! -d "$WEB/node_modules" ]; then
      warn "web/package-lock.json is missing: falling back to 'npm install' (commit the lock file)"
      (cd "$WEB" && npm install --no-audit --no-fund)
    fi
  elif [ ! -f "$stamp" ] || [ "$WEB/package-lock.json" -nt "$stamp" ]; then
    say "npm ci in web/"
    (cd "$WEB" && npm ci --no-audit --no-fund)
  fi
else
  warn "web/package.json not found: skipping npm install"
fi

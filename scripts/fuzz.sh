#!/usr/bin/env bash
# Schema-driven fuzzing (issue 9 'Bad input'): schemathesis generates requests for every operation
# of the server's own /api/openapi.json — valid ones, and wrong types, huge strings, negative and
# huge numbers, unknown enum values, missing fields — as each identity: anonymous, every role's
# demo account. It fails on any 5xx (not_a_server_error), on an answer that does not match the
# document's status codes (status_code_conformance), and on a rejection that is not a clear Spanish
# message (scripts/fuzz_hooks.py). Usage: scripts/fuzz.sh BASE_URL (a server with the demo seed).
#
# Settings: FUZZ_EXAMPLES (examples per operation and phase, default 25), FUZZ_SEED (fixed by
# default, so a failure reproduces; set another to explore).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$REPO_ROOT"

BASE_URL=${1:?usage: scripts/fuzz.sh BASE_URL}
VENV="$REPO_ROOT/.data/fuzz-venv"
ST="$VENV/bin/st"
EXAMPLES=${FUZZ_EXAMPLES:-25}
SEED=${FUZZ_SEED:-20261121}

WANT=$(sed -n 's/^schemathesis==//p' scripts/fuzz-requirements.txt)
if ! "$ST" --version 2>/dev/null | grep -qF "$WANT"; then
  say "installing schemathesis into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q -r scripts/fuzz-requirements.txt
fi

# The session cookie of a demo account, through the call its role logs in with.
session_of() {
  python3 - "$1" "$BASE_URL" <<'PY'
import json, sys, urllib.request
role, base = sys.argv[1], sys.argv[2]
accounts = json.load(open("seed/demo-accounts.json"))
accounts = accounts if isinstance(accounts, list) else accounts["accounts"]
a = next(x for x in accounts if x["role"] == role)
# As api/src/seed.rs DemoAccount::login_request: clients on /api/login, staff on the staff login.
if role == "cliente":
    path, body = "/api/login", {"email": a["login"], "password": a["password"]}
else:
    tab = "empleado" if role == "empleado" else "empresario"
    path, body = "/api/worker/login", {"username": a["login"], "password": a["password"], "role": tab}
request = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
with urllib.request.urlopen(request) as response:
    print(response.headers["Set-Cookie"].split(";")[0])
PY
}

# Calls that would end the session the run uses (the live feed is a WebSocket, not HTTP).
EXCLUDE=(
  --exclude-path /api/live
  --exclude-path /api/logout
  --exclude-path /api/eliminar-cuenta
  --exclude-path /api/cambiar-password
)

failed=0
# The admin goes last: its turn resets passwords and deactivates the staff accounts the fuzzer
# reaches by their real ids (now that every answer is described, it follows them), so a role
# after it could no longer sign in.
for identity in anonimo cliente empleado empresario auditor admin; do
  headers=()
  if [ "$identity" != anonimo ]; then
    headers=(-H "Cookie: $(session_of "$identity")")
  fi
  say "fuzzing every operation as $identity ($EXAMPLES examples per operation and phase)"
  if ! PYTHONPATH="$REPO_ROOT/scripts" SCHEMATHESIS_HOOKS=fuzz_hooks "$ST" run "$BASE_URL/api/openapi.json" \
    "${headers[@]}" "${EXCLUDE[@]}" \
    --checks not_a_server_error,status_code_conformance,spanish_rejection \
    --phases examples,coverage,fuzzing --max-examples "$EXAMPLES" --seed "$SEED" \
    --workers 2 --suppress-health-check all --warnings off; then
    warn "fuzzing as $identity found failures (above)"
    failed=1
  fi
done
exit "$failed"

"""schemathesis checks of our own (scripts/fuzz.sh): every rejection is a clear Spanish message.

Loaded with SCHEMATHESIS_HOOKS=fuzz_hooks; schemathesis runs registered checks with its own.
"""

import json
import re

import schemathesis

# What axum, serde or a framework would say if a rejection slipped past our own Spanish ones.
ENGLISH = re.compile(
    r"\b(failed|missing field|invalid type|expected|unknown variant|deserialize|"
    r"json|error parsing|not found|unauthorized|forbidden|payload too large)\b",
    re.IGNORECASE,
)


@schemathesis.check
def spanish_rejection(ctx, response, case):
    """A 4xx answers `{"success": false, "error": "<Spanish sentence>"}`."""
    if not 400 <= response.status_code < 500:
        return
    try:
        body = json.loads(response.content)
    except ValueError:
        raise AssertionError(f"{response.status_code} without a JSON body: {response.content[:200]!r}")
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, str) or len(error.strip()) < 5:
        raise AssertionError(f"{response.status_code} without an error message: {body}")
    if body.get("success") is not False:
        raise AssertionError(f"{response.status_code} whose success is not false: {body}")
    if ENGLISH.search(error):
        raise AssertionError(f"{response.status_code} with a message that is not Spanish: {error!r}")

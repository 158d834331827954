"""schemathesis checks of our own (scripts/fuzz.sh): every rejection is a clear Spanish message.

Loaded with SCHEMATHESIS_HOOKS=fuzz_hooks; schemathesis runs registered checks with its own.
"""

import ast
import json
import os
import random
import re
import string
import threading

import schemathesis

# CPython 3.11.7 (Debian's) can fail "SystemError: AST constructor recursion depth mismatch"
# when two threads parse source into an AST at once, which Hypothesis does while describing its
# strategies under schemathesis's two workers: a failure of the fuzzer, not of our server. So
# the parses take turns (fixed in CPython 3.11.8 and 3.12.1).
_parse = ast.parse
_parse_turn = threading.Lock()


def _parse_in_turn(*args, **kwargs):
    with _parse_turn:
        return _parse(*args, **kwargs)


ast.parse = _parse_in_turn

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


# Long texts and Unicode edge cases (issue 17, items 8 and 15): schemathesis' own strings are
# short and mostly ASCII. In one body of two, one string field (a different one each time) is
# replaced by one of these: up to 100 KB that does not compress (an index holds at most about
# 2,700 bytes), combining marks, emoji joined by ZWJ, right-to-left text and overrides, a
# byte-order mark, noncharacters, the last code point, a dotted capital I (its lowercase is two
# characters), and emails and login names past every limit.
_RANDOM = random.Random(int(os.environ.get("FUZZ_SEED", "20261121")))


def _incompressible(size):
    return "".join(_RANDOM.choice(string.ascii_letters + string.digits) for _ in range(size))


EDGE_TEXTS = [
    _incompressible(100 * 1024),
    _incompressible(3_000),
    _incompressible(3_000) + "@example.es",
    "a" * 12_000 + "@example.es",
    "e\u0301\u0302" * 2_000,
    "\U0001F469\u200d\U0001F469\u200d\U0001F467" * 1_000,
    "\u202e\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627\u202c",
    "\ufeff\uffff\U0010ffff\u200f",
    "aud\u0130tor@mudanzas.test",
    "\u0130" * 200,
    " ",
    "",
]


def _strings(value, path=()):
    """The path of every string in a JSON value."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, path + (index,))


@schemathesis.hook
def map_body(ctx, body):
    paths = list(_strings(body)) if isinstance(body, (dict, list)) else []
    if not paths or _RANDOM.random() < 0.5:
        return body
    *parents, last = _RANDOM.choice(paths)
    target = body
    for step in parents:
        target = target[step]
    target[last] = _RANDOM.choice(EDGE_TEXTS)
    return body

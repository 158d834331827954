#!/usr/bin/env python3
"""Lists Rust functions longer than a limit (default 100 lines), longest first.

    scripts/long-functions.py [--over N] DIR_OR_FILE...

A function runs from its `fn` line to the line of its closing brace, found by counting braces
outside strings, chars and comments: good enough to watch a number move, not a parser.
"""
import argparse
import pathlib
import re

FN = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")


def strip(line, state):
    """The line without string, char and comment content; `state` carries open block comments
    and raw/plain strings across lines."""
    out = []
    i = 0
    while i < len(line):
        c = line[i]
        if state["block"]:
            if line.startswith("*/", i):
                state["block"] -= 1
                i += 2
            elif line.startswith("/*", i):
                state["block"] += 1
                i += 2
            else:
                i += 1
            continue
        if state["string"] is not None:
            end = state["string"]
            if end == '"' and c == "\\":
                i += 2
                continue
            if line.startswith(end, i):
                state["string"] = None
                i += len(end)
            else:
                i += 1
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["block"] = 1
            i += 2
            continue
        m = re.match(r'b?r(#*)"', line[i:])
        if m and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] == "_")):
            state["string"] = '"' + m.group(1)
            i += m.end()
            continue
        if c == '"':
            state["string"] = '"'
            i += 1
            continue
        m = re.match(r"'(\\.|[^\\'])'", line[i:])
        if m:
            i += m.end()
            continue
        out.append(c)
        i += 1
    return "".join(out)


def functions(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    state = {"block": 0, "string": None}
    code = [strip(line, state) for line in lines]
    for start, line in enumerate(code):
        m = FN.match(line)
        if not m:
            continue
        depth = 0
        opened = False
        for end in range(start, len(code)):
            if not opened and ";" in code[end] and "{" not in code[end]:
                break  # a declaration without a body (trait method)
            for ch in code[end]:
                if ch == "{":
                    depth += 1
                    opened = True
                elif ch == "}":
                    depth -= 1
            if opened and depth == 0:
                yield m.group(6), start + 1, end - start + 1
                break


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--over", type=int, default=100)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    found = []
    for p in map(pathlib.Path, args.paths):
        files = [p] if p.is_file() else sorted(p.rglob("*.rs"))
        for f in files:
            for name, line, length in functions(f):
                if length > args.over:
                    found.append((length, f"{f}:{line}", name))
    for length, where, name in sorted(found, reverse=True):
        print(f"{length:5}  {where}  {name}")
    print(f"{len(found)} functions over {args.over} lines")


if __name__ == "__main__":
    main()

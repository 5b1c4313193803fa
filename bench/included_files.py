#!/usr/bin/env python3
"""Kernel files that are not translation units, one at a time, as a
pre-commit hook passes them (issue 29).

Under ROOT (e.g. a Rodinia checkout's cuda/ folder), every .cu, .cuh and .h
that another file #includes with a quoted name is an "included file"; the
.cu files nothing includes are the translation units, written to a
compile_commands.json (nvcc -I<own folder> -c FILE, as bench/perf.py gives
each Rodinia file). Each included file that defines a __global__ function is
then analyzed alone with -p that database, and the script prints, per file,
the exit code, the seconds taken, how it was analyzed (files[].context) and
the kernels reported against the __global__ definitions counted in its text.

Before the includers work a file the database does not list was an error
(exit 2, "not in the compilation database"): every row was a failure.

  bench/included_files.py TOOL ROOT [--timeout S] [--tool-arg=ARG ...]
                          [--include=DIR ...]   (-I DIR in every unit)
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
# A definition: the parameter list is followed by a body, not a ';'.
KERNEL = re.compile(r'__global__[^;{(]*\([^;{]*\)\s*\{')
COMMENT = re.compile(r'//[^\n]*|/\*.*?\*/', re.S)


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def scan(root):
    """The source files under root, and those another one #includes with a
    quoted name."""
    sources = []
    for d, _, names in os.walk(root):
        sources += [os.path.join(d, n) for n in sorted(names)
                    if n.endswith((".cu", ".cuh", ".h", ".c", ".cpp"))]
    included = set()
    for s in sources:
        for name in INCLUDE.findall(COMMENT.sub("", read(s))):
            p = os.path.normpath(os.path.join(os.path.dirname(s), name))
            if os.path.isfile(p):
                included.add(p)
    return sources, included


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("root")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--tool-arg", action="append", default=[],
                    help="passed to the tool (e.g. --allow-compile-errors)")
    ap.add_argument("--include", action="append", default=[],
                    help="a folder every unit's command adds with -I")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    sources, included = scan(root)
    units = sorted(s for s in sources
                   if s.endswith(".cu") and s not in included)
    db = tempfile.mkdtemp(prefix="included-db-")
    with open(os.path.join(db, "compile_commands.json"), "w") as f:
        json.dump([{"directory": os.path.dirname(u), "file": u,
                    "arguments": ["nvcc", "-I" + os.path.dirname(u)] +
                    ["-I" + os.path.abspath(i) for i in a.include] +
                    ["-c", u, "-o", "/dev/null"]} for u in units], f)
    rows = []
    try:
        analyze(a, root, db, included, rows)
    finally:
        shutil.rmtree(db, True)
    report(rows, units)


def analyze(a, root, db, included, rows):
    for f in sorted(included):
        text = COMMENT.sub("", read(f))
        defined = len(KERNEL.findall(text))
        if not defined:
            continue
        start = time.monotonic()
        p = subprocess.run([a.tool, "--no-cache", "--format=json",
                            "--color=false", "-p", db, f] + a.tool_arg,
                           capture_output=True, text=True, errors="replace",
                           timeout=a.timeout)
        seconds = time.monotonic() - start
        try:
            doc = json.loads(p.stdout)
            rec = doc["files"][0]
            context = rec.get("context", {})
            how = context.get("kind", "own") + ":" + os.path.relpath(
                context.get("unit", context.get("from", f)), root)
            kernels = len(doc["kernels"])
            status = rec["status"]
        except (ValueError, KeyError, IndexError):
            how, kernels, status = "-", 0, "no report"
        rows.append((os.path.relpath(f, root), p.returncode, seconds, status,
                     how, kernels, defined))


def report(rows, units):
    print("%-58s %4s %6s %-6s %-48s %s" % ("file", "exit", "s", "status",
                                           "context", "kernels/defined"))
    for r in rows:
        print("%-58s %4d %6.2f %-6s %-48s %d/%d" % r)
    ok = sum(1 for r in rows if r[1] in (0, 1))
    print("\n%d included files with kernels, %d units in the database; "
          "exit 0 or 1: %d, exit 2: %d; slowest %.2f s; kernels reported "
          "%d of %d defined" % (
              len(rows), len(units), ok, len(rows) - ok,
              max((r[2] for r in rows), default=0),
              sum(r[5] for r in rows), sum(r[6] for r in rows)))


if __name__ == "__main__":
    sys.exit(main())

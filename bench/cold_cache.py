#!/usr/bin/env python3
"""A first run with the cache on against a --no-cache run, on one file.

    bench/cold_cache.py ANALYZER FILE [--pairs N] [-- FLAGS...]

Issue 29 asks that a cold cache never cost more than 5 % over --no-cache on
one file (a pre-commit hook on a fresh checkout). Each pair runs
`ANALYZER --cache-dir EMPTY --format=json FILE -- FLAGS` with a new empty
cache folder, then `ANALYZER --no-cache --format=json FILE -- FLAGS`, after
one warm-up of each; the order alternates so that a drift of the machine's
speed falls on both. Prints the CPU seconds (user + system of the process
and the children it waited for) and the wall seconds of each as minimum,
median and maximum, and the cold / --no-cache ratio taken pair by pair.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(cmd):
    """(CPU s, wall s) of cmd, its output thrown away."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(p.pid, 0)
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - start


def spread(values):
    return "%.3f  %.3f  %.3f" % (min(values), statistics.median(values),
                                 max(values))


def main():
    argv = sys.argv[1:]
    flags = []
    if "--" in argv:
        flags = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("analyzer")
    ap.add_argument("file")
    ap.add_argument("--pairs", type=int, default=7)
    args = ap.parse_args(argv)

    tool = [os.path.abspath(args.analyzer), "--format=json", "-o", os.devnull]
    tail = [args.file, "--"] + flags
    scratch = tempfile.mkdtemp(prefix="cold-cache-")

    def cold():
        cache = os.path.join(scratch, "cache")
        shutil.rmtree(cache, ignore_errors=True)
        return run(tool + ["--cache-dir", cache] + tail)

    def uncached():
        return run(tool + ["--no-cache"] + tail)

    cold()
    uncached()
    pairs = []
    for n in range(args.pairs):
        if n % 2 == 0:
            c, u = cold(), uncached()
        else:
            u, c = uncached(), cold()
        pairs.append((c, u))
    shutil.rmtree(scratch, ignore_errors=True)
    print("%s, %d pairs (min  median  max)" % (args.file, len(pairs)))
    print("cold cache   CPU s  %s   wall s  %s" % (
        spread([c[0] for c, _ in pairs]), spread([c[1] for c, _ in pairs])))
    print("--no-cache   CPU s  %s   wall s  %s" % (
        spread([u[0] for _, u in pairs]), spread([u[1] for _, u in pairs])))
    print("cold / --no-cache, pair by pair: CPU %s   wall %s" % (
        spread([c[0] / u[0] for c, u in pairs]),
        spread([c[1] / u[1] for c, u in pairs])))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Measures how long cuda-coalesce takes and how much memory it uses.

    bench/perf.py BUILD_DIR [--repeats N] [--out FILE.md]

For each input (the examples, the benchmark's own kernels, and the lit
engine tests), runs the analyzer N times with the built-in headers and with
the CUDA toolkit when one is installed, and reports the median wall time,
the spread, and the peak resident memory of one run. Performance is
measured here, never asserted in a timed test.
"""
import argparse
import glob
import os
import platform
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_once(cmd):
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), proc.returncode,
                                         proc.stderr.decode()[-500:]))
    return elapsed


def peak_rss_mib(cmd):
    # /usr/bin/time is not everywhere: measure one run in a child of our own.
    pid = os.fork()
    if pid == 0:
        os.chdir(ROOT)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execv(cmd[0], cmd)
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out")
    args = ap.parse_args()
    tool = os.path.join(os.path.abspath(args.build), "bin", "cuda-coalesce")
    inputs = [("examples (7 files, one run)", sorted(glob.glob("examples/*.cu"))),
              ("cuda_bench/src/patterns.cu", ["cuda_bench/src/patterns.cu"])]
    inputs += [(f, [f]) for f in sorted(glob.glob("test/lit/engine/*.cu"))]
    modes = [("builtin", ["--cuda=builtin"])]
    if os.path.exists("/usr/local/cuda/include/cuda_runtime.h"):
        modes.append(("toolkit", ["--cuda=toolkit"]))
    rows = []
    for name, files in inputs:
        files = [os.path.relpath(os.path.join(ROOT, f), ROOT) for f in files]
        for mode, flags in modes:
            cmd = [tool, "--format=json", "-o", os.devnull] + flags + files
            times = [run_once(cmd) for _ in range(args.repeats)]
            rows.append((name, mode, statistics.median(times), min(times),
                         max(times), peak_rss_mib(cmd)))
    lines = ["| input | headers | median s | min s | max s | peak RSS MiB |",
             "|---|---|---:|---:|---:|---:|"]
    for r in rows:
        lines.append("| %s | %s | %.3f | %.3f | %.3f | %.0f |" % r)
    head = ["Machine: %s, %d cores; %s" % (platform.machine(), os.cpu_count(),
                                          platform.platform()),
            "Command: `bench/perf.py %s --repeats %d`" % (args.build, args.repeats),
            ""]
    text = "\n".join(head + lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()

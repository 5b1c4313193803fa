#!/usr/bin/env python3
"""Measures the analyzer on the pathological inputs of issues 9 and 10 and on
two real files that used to blow up, side by side with clang's own parse.

  run.py ANALYZER [OUT.md]

For each input: wall time, CPU time (user + system) and peak RSS of `ANALYZER --format=json FILE --
FLAGS`, of `clang++-19 -fsyntax-only` on the same file with the same device
flags and include directories, the ratio of their CPU times (steadier than wall time on a shared machine),
the analyzer's exit code, the
reasons of its unknown accesses, and the longest address in its JSON report.
Each figure is the best of three runs. Not a test: numbers go to a results
file that is committed with the command that made it.
"""
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

SUITES = "/work/suites"
CUDA = os.environ.get("CUDA_PATH", "/usr/local/cuda")
REPO = os.path.dirname(os.path.dirname(HERE))
# The device-side parse the analyzer does (lib/Frontend/CudaToolchain.cpp,
# toolkit mode), as a plain clang command: the same compat stubs and
# prelude (from the source tree; the analyzer embeds them) and CUDA 13's
# include/cccl. Without them clang 19 stops at a fatal error in its CUDA
# wrapper (texture_fetch_functions.h is gone from CUDA 13), which made an
# earlier version of this floor a parse that failed half-way.
CLANG = ["clang++-19", "-fsyntax-only", "-x", "cuda", "--cuda-device-only",
         "--cuda-gpu-arch=sm_80", "--cuda-path=" + CUDA,
         "-Wno-unknown-cuda-version", "-w",
         "-idirafter", os.path.join(REPO, "lib", "Frontend", "headers", "compat"),
         "-include", "cuda_coalesce_toolkit_prelude.h"]
if os.path.isdir(os.path.join(CUDA, "include", "cccl")):
    CLANG += ["-isystem", os.path.join(CUDA, "include", "cccl")]

GENERATED = [("ifs", 40), ("md5", 16), ("square", 30), ("sumprod", 6),
             ("terms", 2500), ("terms", 5000)]
REAL = [
    ("SHOC md5hash/MD5Hash.cu",
     SUITES + "/vetter+shoc/src/cuda/level1/md5hash/MD5Hash.cu",
     ["-I" + SUITES + "/vetter+shoc/src/common",
      "-I" + SUITES + "/vetter+shoc/src/cuda/common", "-I{tmp}"]),
    ("Rodinia dwt2d/dwt_cuda/fdwt97.cu",
     SUITES + "/yuhc+gpu-rodinia/cuda/dwt2d/dwt_cuda/fdwt97.cu",
     ["-I" + SUITES + "/yuhc+gpu-rodinia/cuda/dwt2d/dwt_cuda",
      "-I" + SUITES + "/yuhc+gpu-rodinia/cuda/dwt2d"]),
]


def measure(cmd, timeout=120):
    """(wall seconds, peak RSS in MB, exit code, stdout, CPU seconds) of one
    run; a run past the timeout is killed (its exit code is then -9)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        timer = threading.Timer(timeout, p.kill)
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        elapsed = time.monotonic() - start
        out.seek(0)
        return (elapsed, usage.ru_maxrss / 1024.0, p.returncode, out.read(),
                usage.ru_utime + usage.ru_stime)


def best_of(cmd, n=3):
    runs = [measure(cmd) for _ in range(n)]
    return min(runs, key=lambda r: r[0])


def report_facts(stdout):
    """(unknown reasons, longest address length) from a JSON report."""
    try:
        report = json.loads(stdout)
    except ValueError:
        return ["(no JSON report)"], 0
    reasons, longest = set(), 0

    def walk(x):
        nonlocal longest
        if isinstance(x, dict):
            if x.get("category") == "unknown" and x.get("reason"):
                reasons.add(x["reason"])
            if isinstance(x.get("address"), str):
                longest = max(longest, len(x["address"]))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(report)
    return sorted(reasons), longest


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    analyzer = sys.argv[1]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        inputs = []
        for kind, n in GENERATED:
            path = os.path.join(tmp, "%s_%d.cu" % (kind, n))
            with open(path, "w") as f:
                f.write(gen.KINDS[kind](n))
            inputs.append(("gen.py %s %d" % (kind, n), path, []))
        # SHOC's configure writes config.h; Timer.h needs one timer from it.
        with open(os.path.join(tmp, "config.h"), "w") as f:
            f.write("#define HAVE_GETTIMEOFDAY 1\n")
        inputs += [(name, path, [x.replace("{tmp}", tmp) for x in flags])
                   for name, path, flags in REAL]
        for name, path, flags in inputs:
            a = best_of([analyzer, "--format=json", path, "--"] + flags)
            c = best_of(CLANG + flags + [path])
            if c[2] != 0:
                sys.exit("run.py: clang's own parse of %s failed (exit %d): "
                         "the floor must be a parse that succeeds" % (name, c[2]))
            reasons, longest = report_facts(a[3])
            rows.append((name, a, c, reasons, longest))
            print("%-34s %6.2fs (cpu %5.2fs) %4.0fMB  clang %5.2fs (cpu %5.2fs) "
                  "%4.0fMB  cpu x%.2f  exit %d  longest %d  %s"
                  % (name, a[0], a[4], a[1], c[0], c[4], c[1], a[4] / c[4],
                     a[2], longest, "; ".join(reasons)), file=sys.stderr)
    lines = [
        "| input | analyzer wall s | analyzer CPU s | analyzer MB "
        "| clang wall s | clang CPU s | clang MB | CPU ratio | exit "
        "| longest address | unknown reasons |",
        "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, a, c, reasons, longest in rows:
        lines.append("| %s | %.2f | %.2f | %.0f | %.2f | %.2f | %.0f | %.2f | %d "
                     "| %d | %s |" % (
                         name, a[0], a[4], a[1], c[0], c[4], c[1], a[4] / c[4],
                         a[2], longest, "; ".join(reasons) or "-"))
    table = "\n".join(lines) + "\n"
    if len(sys.argv) == 3:
        with open(sys.argv[2], "w") as f:
            f.write(table)
    sys.stdout.write(table)
    print("\nmachine: %s, %d CPUs, %s" % (platform.platform(), os.cpu_count(),
                                          platform.processor() or "?"),
          file=sys.stderr)


if __name__ == "__main__":
    main()

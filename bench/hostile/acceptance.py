#!/usr/bin/env python3
"""Issue 32's acceptance paragraph, checked end to end.

    bench/hostile/acceptance.py [--analyzer build/bin/cuda-coalesce]
                                [--grader build/bin/cuda-coalesce-grade]
                                [--analyzer-only]

Builds every hostile input on the fly in a temporary folder (nothing large
is committed), runs the release tools on it under a wall-clock limit and an
address-space limit, and asserts each outcome: the run ends at once, the
first line on stderr is one clear `cuda-coalesce: error:` line (or, where
the input is only a miss, none), the exit code is 2 (or 0-1 with the other
files reported), and nothing is lost (the other file's finding is in the
report, a file named by -o is intact, a cache is rebuilt). Then, unless
--analyzer-only, the grader's cases through test/grade/check_grade.py
(hostile, errors, isolation): no file outside a submission reaches any
output, no full marks for code that is another's, hidden, unknown or shown
only to clang, a forbidden call through a macro, SIGTERM kills the
analyzers, a broken analyzer and --out inside the class are exit 2, student
ids are escaped, and a submission's output is capped; and, as root (a 64 KiB
tmpfs is mounted for it), --out on a full disk is one line, exit 2, the
previous outputs whole.

Prints one line per case (PASS/FAIL, seconds, what was seen) and exits 1
when any case fails. The ctest `hostile-acceptance` runs it with
--analyzer-only (the grader's cases are the ctest grade-hostile).
"""

import argparse
import glob
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOOD = "__global__ void good(const float *in, float *out) {\n  out[threadIdx.x * 2] = in[threadIdx.x];\n}\n"
GOOD_FINDING = "warning: strided store"
# What one run of the analyzer may take and use: "at once" is seconds, and
# a regression that reads /dev/zero must fail here, not fill the machine.
LIMIT_S = 60
ADDRESS_SPACE = 16 << 30

results = []


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, resource.RLIM_INFINITY))


def run(args, cwd=None, limit=LIMIT_S):
    start = time.monotonic()
    try:
        p = subprocess.run(args, capture_output=True, text=True, errors="replace",
                           timeout=limit, cwd=cwd, preexec_fn=limit_memory)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return None, "", "", time.monotonic() - start


def case(name, ok, seconds, seen):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'}  {seconds:6.2f} s  {name}: {seen}")


def first_line(err):
    return err.splitlines()[0] if err else ""


def one_error(err, text):
    """The first line is the error, one line, naming what went wrong."""
    line = first_line(err)
    return line.startswith("cuda-coalesce: error: ") and text in line


def analyzer_cases(cc, tmp):
    base = [cc, "--cuda=builtin", "--color=false", "--no-config"]
    good = tmp / "good.cu"
    good.write_text(GOOD)

    # The one-line 8 GB shared array (it hung the parent in bank
    # prediction), named as a value and indexed; the other file reported.
    for i, body in enumerate(["(void)s;", "s[threadIdx.x * 32] = 1;"]):
        huge = tmp / f"huge{i}.cu"
        huge.write_text("__global__ void huge() { __shared__ float s[2147483647]; %s }\n" % body)
        rc, out, err, s = run(base + ["--no-cache", "--format=json", str(huge), str(good)])
        report = json.loads(out) if rc in (0, 1) else {}
        own = [json.dumps(a) for a in report.get("accesses", []) if a.get("file", "").endswith(huge.name)]
        # Named as a value, the whole array is one access, too wide to model.
        judged = all("wider than the 1048576 bytes" in a for a in own) if i == 0 else bool(own)
        case(f"8 GB __shared__ array ({body})", rc in (0, 1) and s < 10 and judged
             and any(a.get("file", "").endswith("good.cu") for a in report.get("accesses", [])),
             s, f"exit {rc}; {len(own)} access(es) of it")

    # A 16 MB shared array, used (it was slow: every word enumerated).
    big = tmp / "big.cu"
    big.write_text("__global__ void big(float *o) { __shared__ float s[4194304]; "
                   "s[threadIdx.x] = 1; o[threadIdx.x] = s[threadIdx.x * 32]; }\n")
    rc, out, err, s = run(base + ["--no-cache", str(big)])
    case("16 MB __shared__ array", rc in (0, 1) and s < 10, s, f"exit {rc}")

    # A cache entry (every one: results, PCH, its list) linked to /dev/zero.
    # Two files, so that the first run builds the precompiled prelude too.
    cache = tmp / "cache"
    twin = tmp / "twin.cu"
    twin.write_text(GOOD)
    files = [str(good), str(twin)]
    rc1, out1, _, _ = run(base + [f"--cache-dir={cache}", "--format=json"] + files)
    entries = glob.glob(str(cache / "*" / "*"))
    for f in entries:
        os.remove(f)
        os.symlink("/dev/zero", f)
    rc, out, err, s = run(base + [f"--cache-dir={cache}", "--cache-stats", "--format=json"] + files)
    case("a /dev/zero cache entry", rc == 1 and out == out1 and "0 hits, 2 misses, 1 precompiled header built" in err
         and any(e.endswith(".pch") for e in entries), s,
         f"exit {rc}, {len(entries)} entries linked ({', '.join(sorted(os.path.basename(e)[-6:] for e in entries))}), "
         f"report {'the same' if out == out1 else 'differs'}")

    # A .cuda-coalesce.yaml 30,000 deep, a FIFO, /dev/zero, an Assume map of
    # 80,000 entries; the good file beside them reported.
    configs = {
        "deep": ("Checks: " + "[" * 30000 + "\n", "nested deeper than 256 levels"),
        "fifo": (None, "not a regular file"),
        "zero": ("/dev/zero", "not a regular file"),
        "assume": ("Assume:\n" + "".join("  v%d: %d\n" % (i, i) for i in range(80000)),
                   "Assume has more than 4096 entries"),
    }
    for name, (text, message) in configs.items():
        d = tmp / name
        d.mkdir()
        (d / "k.cu").write_text(GOOD)
        cfg = d / ".cuda-coalesce.yaml"
        if text is None:
            os.mkfifo(cfg)
        elif text == "/dev/zero":
            os.symlink("/dev/zero", cfg)
        else:
            cfg.write_text(text)
        rc, out, err, s = run([cc, "--cuda=builtin", "--color=false", "--no-cache",
                               str(d / "k.cu"), str(good)])
        case(f".cuda-coalesce.yaml: {name}", rc == 2 and one_error(err, message)
             and "good.cu:2:3: " + GOOD_FINDING in out + err and s < 10, s, first_line(err))

    # --baseline and --confirmations that are /dev/zero or a FIFO.
    fifo = tmp / "list.fifo"
    os.mkfifo(fifo)
    for flag, path, message in [("--baseline", "/dev/zero", "--baseline: cannot read the baseline: not a regular file"),
                                ("--baseline", str(fifo), "not a regular file"),
                                ("--confirmations", "/dev/zero", "--confirmations: not a regular file"),
                                ("--confirmations", str(fifo), "--confirmations: not a regular file")]:
        rc, out, err, s = run(base + ["--no-cache", f"{flag}={path}", str(good)])
        case(f"{flag}={path}", rc == 2 and one_error(err, message) and GOOD_FINDING in out + err
             and s < 10, s, first_line(err))

    # A source that is /dev/zero or a FIFO: its error, the other file reported.
    src_fifo = tmp / "fifo.cu"
    os.mkfifo(src_fifo)
    for path in ["/dev/zero", str(src_fifo)]:
        rc, out, err, s = run(base + ["--no-cache", path, str(good)])
        case(f"source {path}", rc == 2 and one_error(err, "not a regular file")
             and GOOD_FINDING in out + err and s < 10, s, first_line(err))

    # -o and --write-baseline naming an input: refused, the input intact.
    k = tmp / "k.cu"
    k.write_text(GOOD)
    for flag in ["-o", "--write-baseline"]:
        args = base + ["--no-cache", flag, str(k), str(k)] if flag == "-o" else \
            base + ["--no-cache", f"{flag}={k}", str(k)]
        rc, out, err, s = run(args)
        case(f"{flag} naming an input", rc == 2 and one_error(err, "names a file the run reads")
             and k.read_text() == GOOD, s, first_line(err))
    # -o over a previous report: replaced whole, no temporary left.
    report = tmp / "report.txt"
    report.write_text("previous\n")
    rc, out, err, s = run(base + ["--no-cache", "-o", str(report), str(good)])
    left = [f for f in os.listdir(tmp) if ".tmp-" in f]
    case("-o replaces its file whole", rc == 1 and GOOD_FINDING in report.read_text() and not left,
         s, f"exit {rc}, temporaries left: {left}")

    # A stale compilation database: linear (20,000 and 80,000 missing files).
    times = {}
    for n in [20000, 80000]:
        db = tmp / f"db{n}"
        db.mkdir()
        (db / "real.cu").write_text(GOOD)
        json.dump([{"directory": str(db), "file": f"gone{i}.cu", "arguments": ["nvcc", "-c", f"gone{i}.cu"]}
                   for i in range(n)] + [{"directory": str(db), "file": "real.cu",
                                          "arguments": ["nvcc", "-c", "real.cu"]}],
                  open(db / "compile_commands.json", "w"))
        rc, out, err, s = run(base + ["--no-cache", "-p", str(db)])
        times[n] = s
        case(f"compile database of {n} missing files", rc == 2 and GOOD_FINDING in out + err
             and f"{n + 1} files ({n} failed)" in err, s, first_line(err))
        # A header the database does not list: found through its includer
        # among the stale entries (the include graph of every unit).
        (db / "k.cuh").write_text(GOOD)
        (db / "real.cu").write_text('#include "k.cuh"\n')
        rc, out, err, s = run(base + ["--no-cache", "-p", str(db), str(db / "k.cuh")])
        case(f"compile database of {n} missing files, an unlisted header", rc == 1
             and "k.cuh:2:3: " + GOOD_FINDING in out + err and s < 20, s,
             first_line(err) or f"exit {rc}")
    ratio = times[80000] / max(times[20000], 0.05)
    case("compile database: linear", ratio < 8, times[80000], f"4x the entries took {ratio:.1f}x the time")


def full_disk_case(grader, cc):
    """--out on a full disk: one error line, exit 2, the previous outputs
    whole. Needs a small file system of its own: a 64 KiB tmpfs, which only
    root may mount (skipped otherwise)."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        disk = tmp / "disk"
        disk.mkdir()
        if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)],
                                               capture_output=True).returncode:
            print("SKIP  --out on a full disk: cannot mount a small tmpfs (not root)")
            return
        try:
            subs = tmp / "class" / "alice"
            subs.mkdir(parents=True)
            shutil.copy(ROOT / "test" / "grade" / "hostile" / "class" / "alice" / "solution.cu", subs)
            shutil.copytree(ROOT / "test" / "grade" / "hostile" / "reference", tmp / "reference")
            shutil.copy(ROOT / "test" / "grade" / "hostile" / "rubric.yaml", tmp)
            args = [grader, "--rubric", str(tmp / "rubric.yaml"), "--out", str(disk / "out"),
                    str(tmp / "class"), "--analyzer", cc]
            subprocess.run(args, capture_output=True, timeout=300)
            before = {f: open(f, "rb").read() for f in glob.glob(str(disk / "out" / "**" / "*.*"), recursive=True)}
            # Fill the disk, leaving less than report.html needs.
            free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
            with open(disk / "filler", "wb") as f:
                f.write(b"\0" * max(0, free - 1024))
            rc, out, err, s = run(args, limit=300)
            after = {f: open(f, "rb").read() for f in before}
            left = [f for f in glob.glob(str(disk / "out" / "**" / "*"), recursive=True) if ".tmp" in f]
            case("--out on a full disk", rc == 2 and len(err.splitlines()) == 1
                 and "No space left on device" in err and after == before and not left, s,
                 f"exit {rc}, {err.strip()!r}, previous outputs {'whole' if after == before else 'changed'}")
        finally:
            subprocess.run(["umount", str(disk)])


def grader_cases(grader, cc):
    full_disk_case(grader, cc)
    script = ROOT / "test" / "grade" / "check_grade.py"
    for mode in ["hostile", "errors", "isolation"]:
        args = [sys.executable, str(script), mode, grader] + ([cc] if mode != "errors" else [])
        start = time.monotonic()
        p = subprocess.run(args, capture_output=True, text=True, timeout=900)
        s = time.monotonic() - start
        fails = [l for l in p.stdout.splitlines() if l.startswith("FAIL")]
        case(f"grader: check_grade.py {mode}", p.returncode == 0, s,
             "; ".join(fails) if fails else p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--analyzer", default=str(ROOT / "build/bin/cuda-coalesce"))
    ap.add_argument("--grader", default=str(ROOT / "build/bin/cuda-coalesce-grade"))
    ap.add_argument("--analyzer-only", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        analyzer_cases(os.path.abspath(a.analyzer), Path(tmp))
    if not a.analyzer_only:
        grader_cases(os.path.abspath(a.grader), os.path.abspath(a.analyzer))
    print(f"{results.count(True)} of {len(results)} cases hold")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Which files of the suites fail, and why, one file at a time as a
pre-commit hook passes them, with a compile database of real translation
units (issue 29).

    bench/suite_failures.py ANALYZER [--suites DIR] [--manifests M,...]
                            [--rodinia] [--jobs N] [--timeout S]
                            [--only SUBSTRING] [--json FILE] [--list]

The database: for Altis, SHOC and the CUDA samples, every .cu file
`cuda_bench/scripts/suite_truth.sh units` lists, with the flags it gives
the file (its program's, else the suite's and the file's folder) but not
the analyzer-only ones (`analyze` lines: -Wno-register), which a
project's build does not have; for Rodinia and
PolyBench-ACC bench/perf.py's flags (-I the file's folder and the suite's
common folder). A .cu file that another file of the suite #includes with
a quoted name is not a translation unit and is left out of the database,
as a CMake or bear build would list it; a file a manifest lists as a
program's source stays in. Every entry runs `nvcc FLAGS -c FILE`.

Every .cu file of the suites is then analyzed alone: `ANALYZER --no-cache
--format=json --allow-compile-errors -p DB FILE`. A file fails when its
record's status is `error` (without --allow-compile-errors it would exit
2). Each failure is put in one class by its first error:

- `third-party`: a header the suite does not hold and the toolkit does not
  provide (MPI, OpenMP, OpenGL, Direct3D, Vulkan, cuDLA, NvSci...);
- `suite-header`: a header the suite holds in a folder the file's command
  does not search: a file no manifest program lists gets the suite's flags
  and its own folder, not its Makefile's -I;
- `toolkit-13`: a declaration CUDA 13 removed (nvcc 13 rejects it too);
- `dialect`: code nvcc accepts and clang, even with --nvcc-compat, does not;
- `context`: an included file whose includer (or the includer's own
  flags) decide what it means, and that fails in that context;
- `broken`: the file does not compile with nvcc either.

Classes are decided by the error text (CLASSES below); an error that none
matches is `unclassified`, so a new failure shows up. For each failure the
kernels the report lists are counted against the `__global__` definitions
in the file's text.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import perf  # noqa: E402
import suite_speed  # noqa: E402

# Quoted includes, and a .cu or .cuh named in angle brackets (Rodinia's
# mummergpu.cu: #include <mummergpu_kernel.cu>), which no system folder holds.
INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<([^>]+\.cuh?)>)', re.M)
KERNEL = re.compile(r'__global__[^;{(]*\([^;{]*\)\s*\{')
COMMENT = re.compile(r'//[^\n]*|/\*.*?\*/', re.S)

TOOLKIT13 = re.compile(
    r"no member named '(clockRate|deviceOverlap|memoryClockRate|"
    r"kernelExecTimeoutEnabled|computeMode|maxTexture1DLinear|"
    r"cooperativeMultiDeviceLaunch)'|"
    r"use of undeclared identifier '(cudaDeviceScheduleBlockingSync|"
    r"cudaThreadSynchronize|cudaBindTexture|texture)'|"
    r"no template named 'texture'|unknown type name 'texture'")


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def units(args):
    """(suite, path, flags, analyzer-only options)."""
    out = []
    if args.manifests:
        for suite, path, flags in suite_speed.manifest_units(
                args.suites, [os.path.join(ROOT, "cuda_bench", "suites",
                                           m + ".manifest")
                              for m in args.manifests.split(",")]):
            out.append((suite, path, flags))
    if args.rodinia:
        out += suite_speed.rodinia_units(args.suites)
    return out


def strip_analyzer_only(flags):
    """The units' flags end with the manifest's `analyze` options."""
    keep, skip = [], False
    for w in flags:
        if w in ("-Wno-register",):
            continue
        keep.append(w)
    return keep


def included_files(files, flags_of):
    """The files another file of the same suite includes (INCLUDE)."""
    seen = set()
    sources = []
    for d in {os.path.dirname(f) for f in files}:
        for n in os.listdir(d):
            if n.endswith((".cu", ".cuh", ".h", ".hpp", ".c", ".cpp")):
                sources.append(os.path.join(d, n))
    for s in sources:
        dirs = [os.path.dirname(s)] + [w[2:] for w in flags_of.get(s, [])
                                       if w.startswith("-I")]
        for quoted, angled in INCLUDE.findall(COMMENT.sub("", read(s))):
            name = quoted or angled
            for d in dirs:
                p = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(p):
                    seen.add(p)
                    break
    return seen


MISSING = re.compile(r"'([^']+)' file not found")


def classify(rec, included, headers):
    if rec is None:
        return "no report"
    if rec.get("status") != "error":
        return "ok"
    msg = (rec.get("error") or {}).get("message", "")
    if "not in the compilation database" in msg:
        return "not in database"
    missing = MISSING.search(msg)
    if missing and missing.group(1) in headers:
        return "suite-header"
    if missing:
        return "third-party"
    if TOOLKIT13.search(msg):
        return "toolkit-13"
    if "timed out" in msg or "past --timeout" in msg:
        return "timeout"
    if rec.get("context") or included:
        return "context"
    return "unclassified"


def analyze(tool, db, path, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run([tool, "--no-cache", "--format=json",
                            "--color=false", "--allow-compile-errors",
                            "-p", db, path], capture_output=True, text=True,
                           errors="replace", timeout=timeout)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = 124, "", "timed out"
    seconds = time.monotonic() - start
    try:
        doc = json.loads(out)
        rec = doc["files"][0]
        kernels = len(doc["kernels"])
    except (ValueError, KeyError, IndexError):
        rec, kernels = None, 0
    return rc, seconds, rec, kernels, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("analyzer")
    ap.add_argument("--suites", default=os.path.join(ROOT, ".suite"))
    ap.add_argument("--manifests", default="altis,cuda-samples,shoc")
    ap.add_argument("--rodinia", action="store_true",
                    help="Rodinia and PolyBench-ACC too")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=150)
    ap.add_argument("--only", default="")
    ap.add_argument("--files", help="a file listing the paths (relative to "
                    "--suites) to analyze, whitespace-separated")
    ap.add_argument("--json")
    ap.add_argument("--list", action="store_true",
                    help="print every failed file with its first error")
    args = ap.parse_args()
    args.suites = os.path.abspath(args.suites)
    tool = os.path.abspath(args.analyzer)

    all_units = units(args)
    flags_of = {p: strip_analyzer_only(f) for _, p, f in all_units}
    included = included_files(list(flags_of), flags_of)
    listed = set()
    for m in (args.manifests.split(",") if args.manifests else []):
        text = read(os.path.join(ROOT, "cuda_bench", "suites", m + ".manifest"))
        listed |= {w for line in text.splitlines()
                   if line.strip().startswith("src ")
                   for w in line.split()[1:] if w.endswith(".cu")}
    entries = []
    for _, p, f in all_units:
        if p in included and os.path.basename(p) not in listed:
            continue
        entries.append({"directory": os.path.dirname(p), "file": p,
                        "arguments": ["nvcc"] + f + ["-c", p, "-o",
                                                     "/dev/null"]})
    db = tempfile.mkdtemp(prefix="failures-db-")
    with open(os.path.join(db, "compile_commands.json"), "w") as f:
        json.dump(entries, f)
    todo = [u for u in all_units if args.only in u[1]]
    if args.files:
        wanted = set(read(args.files).split())
        todo = [u for u in todo if os.path.relpath(u[1], args.suites) in wanted]
    # Every header of each suite, by the name an #include gives it (the
    # path's last one, two and three parts).
    headers = {}
    for suite in {u[0] for u in all_units}:
        names = headers.setdefault(suite, set())
        top = os.path.join(args.suites, "polybench" if suite == "polybench"
                           else suite)
        for d, _, files in os.walk(top):
            for n in files:
                if n.endswith((".h", ".hpp", ".cuh")):
                    parts = os.path.relpath(os.path.join(d, n), top).split(os.sep)
                    for k in (1, 2, 3):
                        names.add("/".join(parts[-k:]))
    rows = []
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = {pool.submit(analyze, tool, db, p, args.timeout):
                       (s, p) for s, p, _ in todo}
            for n, fu in enumerate(concurrent.futures.as_completed(futures), 1):
                suite, p = futures[fu]
                rc, seconds, rec, kernels, err = fu.result()
                cls = classify(rec, p in included, headers[suite])
                defined = len(KERNEL.findall(COMMENT.sub("", read(p))))
                row = {"suite": suite, "file": os.path.relpath(p, args.suites),
                       "rc": rc, "seconds": round(seconds, 2), "class": cls,
                       "error": ((rec or {}).get("error") or {}).get(
                           "message", "" if rec else err.strip()[-300:]),
                       "context": (rec or {}).get("context"),
                       "nvcc_compat": (rec or {}).get("nvcc_compat", []),
                       "kernels": kernels, "defined": defined,
                       "not_analyzed": err.count("not analyzed")}
                rows.append(row)
                print("[%d/%d] %-60s %-14s %5.1f s %d/%d" % (
                    n, len(todo), row["file"][-60:], cls, seconds, kernels,
                    defined), file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(db, True)
    rows.sort(key=lambda r: r["file"])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    report(rows, len(entries), args.list)


def report(rows, entries, listing):
    suites = sorted({r["suite"] for r in rows})
    classes = sorted({r["class"] for r in rows if r["class"] != "ok"})
    print("%d files, %d entries in the database\n" % (len(rows), entries))
    print("| suite | files | failed | " + " | ".join(classes) + " |")
    print("|---|---:|---:|" + "---:|" * len(classes))
    for s in suites + ["all"]:
        rs = [r for r in rows if s in ("all", r["suite"])]
        print("| %s | %d | %d | %s |" % (
            s, len(rs), sum(r["class"] != "ok" for r in rs),
            " | ".join(str(sum(r["class"] == c for r in rs))
                       for c in classes)))
    print("\n| class | files | with a kernel reported | kernels reported / defined |")
    print("|---|---:|---:|---:|")
    for c in classes:
        rs = [r for r in rows if r["class"] == c]
        withk = [r for r in rs if r["defined"]]
        print("| %s | %d | %d of %d | %d / %d |" % (
            c, len(rs), sum(r["kernels"] > 0 for r in withk), len(withk),
            sum(r["kernels"] for r in rs), sum(r["defined"] for r in rs)))
    slow = max(rows, key=lambda r: r["seconds"], default=None)
    if slow:
        print("\nslowest: %s %.1f s" % (slow["file"], slow["seconds"]))
    if listing:
        print()
        for r in rows:
            if r["class"] != "ok":
                print("%-14s %-70s %d/%d %s" % (
                    r["class"], r["file"], r["kernels"], r["defined"],
                    r["error"][:150]))


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The analyzer beside clang's own parse, file by file, on real suites.

    bench/suite_speed.py ANALYZER [--suites DIR] [--manifests M,...]
                         [--rodinia] [--synthetic [--stress-dir DIR]]
                         [--timeout S]
                         [--only SUBSTRING,...] [--repeat N] [--out FILE.md]
                         [--json FILE]

For every .cu file of the suites (one file at a time, as a pre-commit hook
passes them): the analyzer, `ANALYZER --no-cache --format=json
--allow-compile-errors FILE -- FLAGS`, and `clang++-19 -fsyntax-only` with
the analyzer's device flags and prelude (bench/perf.py's clang_floor) and
the same FLAGS, one right after the other, each a process of its own. The
flags of a manifest's file are the ones `cuda_bench/scripts/suite_truth.sh
all` gives it (its `units` mode lists them); Rodinia and PolyBench-ACC's
are bench/perf.py's (-I the file's folder and the suite's common folder);
--synthetic adds the stress files that bench/stress/gen.py writes, into a
temporary folder removed afterwards (--stress-dir keeps them in a folder
of your choice); they are named stress/NAME.cu in the results.

Reports CPU seconds (user + system, steadier than wall time on a shared
machine) and wall seconds of each, the collection-wide ratio (the sum of
the analyzer's CPU over the sum of clang's), the worst file's ratio, the
slowest file in absolute seconds, and the files sorted by ratio. A file
that clang rejects is parsed up to its errors by both. With --repeat N
each command runs N times, one after the other, and the median CPU is the
one reported (the minimum goes to --json). Not a test: the
numbers go to a results file committed with the command that made them.
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import perf  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "stress"))
import gen  # noqa: E402


def measure(cmd, timeout):
    """(wall s, CPU s of it and its children, exit code)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(cmd, cwd=ROOT, stdout=out,
                             stderr=subprocess.STDOUT)
        timer = threading.Timer(timeout, p.kill)
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)
        timer.cancel()
        return (time.perf_counter() - start,
                usage.ru_utime + usage.ru_stime,
                os.waitstatus_to_exitcode(status))


def manifest_units(suites, manifests):
    """(suite, file, flags) for every file suite_truth.sh's `all` analyzes."""
    out = tempfile.mkdtemp(prefix="suite-units-")
    env = dict(os.environ, SUITES=suites)
    subprocess.run(["bash", os.path.join(ROOT, "cuda_bench", "scripts",
                                         "suite_truth.sh"), "units", out]
                   + manifests, check=True, env=env, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    units = []
    for name in sorted(os.listdir(out)):
        with open(os.path.join(out, name)) as f:
            for line in f:
                words = line.rstrip("\n").split("\t")
                units.append((name[:-len(".units")], words[0], words[1:]))
    return units


def rodinia_units(suites):
    return [(f.split("/")[0], os.path.join(suites, f),
             ["-I" + os.path.join(suites, w[2:]) for w in flags])
            for f, flags in perf.suite_units(suites)]


def synthetic_units(folder):
    return [("synthetic", path, []) for path in sorted(gen.write(folder))]


def label(suite, path, suites):
    """The file's name in the results: a suite's files by their path in the
    suites' folder, the stress files as stress/NAME.cu wherever they were
    written, anything else by its path in the repository."""
    if suite == "synthetic":
        return "stress/" + os.path.basename(path)
    if path.startswith(suites):
        return os.path.relpath(path, suites)
    return os.path.relpath(path, ROOT)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("analyzer")
    ap.add_argument("--suites", default=os.path.join(ROOT, ".suite"))
    ap.add_argument("--manifests", default="altis,cuda-samples,shoc",
                    help="cuda_bench/suites/NAME.manifest, comma-separated "
                         "(empty: none)")
    ap.add_argument("--rodinia", action="store_true",
                    help="Rodinia and PolyBench-ACC too")
    ap.add_argument("--synthetic", action="store_true",
                    help="the stress files of bench/stress/gen.py too")
    ap.add_argument("--stress-dir",
                    help="where --synthetic writes the stress files "
                         "(default: a temporary folder, removed after)")
    ap.add_argument("--timeout", type=float, default=150)
    ap.add_argument("--only", default="", help="files whose path holds this "
                    "(several, comma-separated)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs of each command; the median CPU is used, "
                         "the minimum is kept in --json")
    ap.add_argument("--analyzer-args", default="--no-cache",
                    help="the analyzer's options, one string")
    ap.add_argument("--out")
    ap.add_argument("--json")
    args = ap.parse_args()

    suites = os.path.abspath(args.suites)
    units = []
    if args.manifests:
        units += manifest_units(suites, [
            os.path.join(ROOT, "cuda_bench", "suites", m + ".manifest")
            for m in args.manifests.split(",")])
    if args.rodinia:
        units += rodinia_units(suites)
    stress = None
    if args.synthetic:
        if not args.stress_dir:
            stress = tempfile.TemporaryDirectory(prefix="stress-")
        units += synthetic_units(args.stress_dir or stress.name)
    only = args.only.split(",")
    units = [u for u in units if any(o in u[1] for o in only)]

    clang = perf.clang_floor("toolkit")
    tool = [os.path.abspath(args.analyzer)] + args.analyzer_args.split() + [
        "--format=json", "--allow-compile-errors", "-o", os.devnull]
    rows = []
    for n, (suite, path, flags) in enumerate(units, 1):
        cs, as_ = [], []
        for _ in range(args.repeat):
            cs.append(measure(clang + flags + [path], args.timeout))
            as_.append(measure(tool + [path, "--"] + flags, args.timeout))
        c = sorted(cs, key=lambda m: m[1])[len(cs) // 2]
        a = sorted(as_, key=lambda m: m[1])[len(as_) // 2]
        rows.append({"suite": suite, "file": label(suite, path, suites),
                     "clang_wall": c[0], "clang_cpu": c[1], "clang_rc": c[2],
                     "wall": a[0], "cpu": a[1], "rc": a[2],
                     "clang_cpu_min": min(m[1] for m in cs),
                     "cpu_min": min(m[1] for m in as_)})
        print("[%d/%d] %-70s clang %6.2f s  analyzer %6.2f s  (%.2fx) rc %d" % (
            n, len(units), rows[-1]["file"][-70:], c[1], a[1],
            a[1] / max(c[1], 1e-3), a[2]), file=sys.stderr, flush=True)
    if stress:
        stress.cleanup()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    text = report(rows, " ".join([os.path.relpath(sys.argv[0], ROOT)]
                                 + sys.argv[1:]))
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    print(text)


def report(rows, command):
    lines = ["Machine: %s, %d cores; %s" % (platform.machine(), os.cpu_count(),
                                           platform.platform()),
             "Command: `%s`" % command, ""]
    lines += ["| suite | files | clang CPU s | analyzer CPU s | ratio | "
              "worst file ratio | slowest file s |", "|---|---:|---:|---:|---:|---:|---:|"]
    groups = {}
    for r in rows:
        groups.setdefault(r["suite"], []).append(r)
    groups["all"] = rows
    for name, rs in groups.items():
        c = sum(r["clang_cpu"] for r in rs)
        a = sum(r["cpu"] for r in rs)
        lines.append("| %s | %d | %.2f | %.2f | %.3f | %.2f | %.2f |" % (
            name, len(rs), c, a, a / max(c, 1e-3),
            max(r["cpu"] / max(r["clang_cpu"], 1e-3) for r in rs),
            max(r["wall"] for r in rs)))
    lines += ["", "The 15 files of the highest ratio, then any other over 5 s:", "",
              "| file | clang CPU s | analyzer CPU s | ratio | analyzer wall s | exit |",
              "|---|---:|---:|---:|---:|---:|"]
    ranked = sorted(rows, key=lambda r: -r["cpu"] / max(r["clang_cpu"], 1e-3))
    shown = ranked[:15] + [r for r in ranked[15:] if r["wall"] > 5]
    for r in shown:
        lines.append("| %s | %.2f | %.2f | %.2f | %.2f | %d |" % (
            r["file"], r["clang_cpu"], r["cpu"],
            r["cpu"] / max(r["clang_cpu"], 1e-3), r["wall"], r["rc"]))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()

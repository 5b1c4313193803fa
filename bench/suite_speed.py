#!/usr/bin/env python3
"""The analyzer beside clang's own parse, file by file, on real suites.

    bench/suite_speed.py ANALYZER [--suites DIR] [--manifests M,...]
                         [--rodinia] [--synthetic [--stress-dir DIR]]
                         [--timeout S]
                         [--only SUBSTRING,...] [--repeat N] [--out FILE.md]
                         [--json FILE]

For every .cu file of the suites (one file at a time, as a pre-commit hook
passes them): the analyzer, `ANALYZER --no-cache --format=json
--allow-compile-errors FILE -- FLAGS`, and two clang parses as baselines:
`clang++-19 -fsyntax-only` with the analyzer's device flags and prelude
(bench/perf.py's clang_floor) and the same FLAGS ("clang"), and clang with
the arguments the analyzer itself gives clang, the nvcc mode's included
(analyzer_parse, "same flags"); one right after the other, each a process
of its own. The
flags of a manifest's file are the ones `cuda_bench/scripts/suite_truth.sh
all` gives it (its `units` mode lists them); Rodinia and PolyBench-ACC's
are bench/perf.py's (-I the file's folder and the suite's common folder);
--synthetic adds the stress files that bench/stress/gen.py writes, into a
temporary folder removed afterwards (--stress-dir keeps them in a folder
of your choice); they are named stress/NAME.cu in the results.

Reports CPU seconds (user + system, steadier than wall time on a shared
machine) and wall seconds of each, the collection-wide ratio (the sum of
the analyzer's CPU over the sum of clang's), the worst file's ratio, the
slowest file in absolute seconds, and the files sorted by ratio, against
each baseline. A file that clang rejects is parsed up to its errors by all
three; without the nvcc mode's flags clang rejects more files, and stops at
its 20th error. With --repeat N
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


def analyzer_parse(flags):
    """clang's parse of the file with the arguments the analyzer gives clang
    for a file without a compile database (nvcc mode on): the user's flags,
    then the device flags (clang_floor's, lib/Frontend/CudaToolchain.cpp,
    with its -W options), the nvcc mode's (lib/Frontend/NvccDialect.cpp:
    nvccDialectFlags, shadowedCudaHeaderFlags) and no error limit
    (lib/Driver/FileAnalysis.cpp). The mode's repairs that parse the file a
    second time (docs/nvcc-compat.md) stay the analyzer's own cost."""
    device = [a for a in perf.clang_floor("toolkit") if a != "-w"][1:]
    cmd = ["clang++-19"] + flags + device + [
        "-Wno-unused-command-line-argument",
        "-Wno-pragma-once-outside-header", "-ferror-limit=0",
        "-D__NVCC__", "-Wno-error=register", "-Wno-error=c++11-narrowing",
        "-Wno-error=reserved-user-defined-literal"]
    if "-fgpu-rdc" in flags:
        cmd.append("-D__CUDACC_RDC__")
    toolkit_cuda_h = os.path.realpath(os.path.join(perf.CUDA, "include",
                                                   "cuda.h"))
    dirs = [flags[i + 1] for i, f in enumerate(flags[:-1])
            if f in ("-I", "-isystem")]
    dirs += [f[2:] for f in flags if f.startswith("-I") and len(f) > 2
             and not f.startswith("-isystem")]
    dirs += [f[8:] for f in flags if f.startswith("-isystem") and len(f) > 8]
    if any(os.path.exists(os.path.join(d, "cuda.h")) and
           os.path.realpath(os.path.join(d, "cuda.h")) != toolkit_cuda_h
           for d in dirs):
        cmd += ["-iquote", os.path.join(perf.HEADERS, "quote"),
                '-DCUDA_COALESCE_TOOLKIT_CUDA_H="%s"' % os.path.join(
                    perf.CUDA, "include", "cuda.h")]
    return cmd


def nvcc_tags(report):
    """The nvcc mode's tags of the file's record in the analyzer's report
    (docs/nvcc-compat.md): those that parse the file twice explain part of
    a ratio against the same-flags parse."""
    try:
        with open(report) as f:
            files = json.load(f).get("files", [])
    except (OSError, ValueError):
        return []
    return sorted({t for r in files for t in r.get("nvcc_compat", [])})


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
    report_file = tempfile.NamedTemporaryFile(suffix=".json", delete=False)
    report_file.close()
    tool = [os.path.abspath(args.analyzer)] + args.analyzer_args.split() + [
        "--format=json", "--allow-compile-errors", "-o", report_file.name]
    rows = []
    for n, (suite, path, flags) in enumerate(units, 1):
        cs, ss, as_ = [], [], []
        same = analyzer_parse(flags)
        for _ in range(args.repeat):
            cs.append(measure(clang + flags + [path], args.timeout))
            ss.append(measure(same + [path], args.timeout))
            as_.append(measure(tool + [path, "--"] + flags, args.timeout))
        c = sorted(cs, key=lambda m: m[1])[len(cs) // 2]
        s = sorted(ss, key=lambda m: m[1])[len(ss) // 2]
        a = sorted(as_, key=lambda m: m[1])[len(as_) // 2]
        rows.append({"suite": suite, "file": label(suite, path, suites),
                     "clang_wall": c[0], "clang_cpu": c[1], "clang_rc": c[2],
                     "same_wall": s[0], "same_cpu": s[1], "same_rc": s[2],
                     "wall": a[0], "cpu": a[1], "rc": a[2],
                     "nvcc_compat": nvcc_tags(report_file.name),
                     "clang_cpu_min": min(m[1] for m in cs),
                     "same_cpu_min": min(m[1] for m in ss),
                     "cpu_min": min(m[1] for m in as_)})
        print("[%d/%d] %-60s clang %6.2f s  same %6.2f s  analyzer %6.2f s "
              "(%.2fx, %.2fx) rc %d" % (
                  n, len(units), rows[-1]["file"][-60:], c[1], s[1], a[1],
                  a[1] / max(c[1], 1e-3), a[1] / max(s[1], 1e-3), a[2]),
              file=sys.stderr, flush=True)
    os.unlink(report_file.name)
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


def ratio(a, c):
    return a / max(c, 1e-3)


def report(rows, command):
    """Two baselines: "clang" is clang_floor's parse (the device flags and
    the prelude, the file's flags); "same" is analyzer_parse's, the
    arguments the analyzer itself gives clang. Ratios are the analyzer's CPU
    over each."""
    lines = ["Machine: %s, %d cores; %s" % (platform.machine(), os.cpu_count(),
                                           platform.platform()),
             "Command: `%s`" % command, ""]
    lines += ["| suite | files | clang CPU s | same-flags clang CPU s | "
              "analyzer CPU s | ratio | same-flags ratio | worst file ratio "
              "| worst same-flags ratio | slowest file CPU s | slowest file "
              "wall s |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    groups = {}
    for r in rows:
        groups.setdefault(r["suite"], []).append(r)
    groups["all"] = rows
    groups["all, clang's parse clean"] = [r for r in rows if r["clang_rc"] == 0]
    groups["all, clang's parse rejects"] = [r for r in rows
                                            if r["clang_rc"] != 0]
    groups["all, same-flags parse clean"] = [r for r in rows
                                             if r.get("same_rc") == 0]
    groups["all, same-flags parse rejects"] = [r for r in rows
                                               if r.get("same_rc") != 0]
    for name, rs in groups.items():
        if not rs:
            continue
        c = sum(r["clang_cpu"] for r in rs)
        s = sum(r["same_cpu"] for r in rs)
        a = sum(r["cpu"] for r in rs)
        lines.append("| %s | %d | %.2f | %.2f | %.2f | %.3f | %.3f | %.2f | "
                     "%.2f | %.2f | %.2f |" % (
                         name, len(rs), c, s, a, ratio(a, c), ratio(a, s),
                         max(ratio(r["cpu"], r["clang_cpu"]) for r in rs),
                         max(ratio(r["cpu"], r["same_cpu"]) for r in rs),
                         max(r["cpu"] for r in rs), max(r["wall"] for r in rs)))
    lines += ["", "The 15 files of the highest same-flags ratio, the 10 of "
              "the highest CPU over it, then any other over 5 s of CPU "
              "(tags: the nvcc mode's, docs/nvcc-compat.md):", "",
              "| file | clang CPU s | same-flags CPU s | analyzer CPU s | "
              "ratio | same-flags ratio | analyzer wall s | exit (clang, "
              "same, analyzer) | nvcc mode |",
              "|---|---:|---:|---:|---:|---:|---:|---|---|"]
    ranked = sorted(rows, key=lambda r: -ratio(r["cpu"], r["same_cpu"]))
    by_over = sorted(rows, key=lambda r: -(r["cpu"] - r["same_cpu"]))
    shown = ranked[:15]
    shown += [r for r in by_over[:10] if r not in shown]
    shown += [r for r in ranked if r not in shown and r["cpu"] > 5]
    for r in shown:
        lines.append("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | "
                     "%d, %d, %d | %s |" % (
                         r["file"], r["clang_cpu"], r["same_cpu"], r["cpu"],
                         ratio(r["cpu"], r["clang_cpu"]),
                         ratio(r["cpu"], r["same_cpu"]), r["wall"],
                         r["clang_rc"], r["same_rc"], r["rc"],
                         ", ".join(r.get("nvcc_compat", []))))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()

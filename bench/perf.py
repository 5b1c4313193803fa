#!/usr/bin/env python3
"""Measures how long cuda-coalesce takes and how much memory it uses.

    bench/perf.py BUILD_DIR [--repeats N] [--out FILE.md]
    bench/perf.py BUILD_DIR|BINARY --side-by-side [--headers toolkit|builtin]
                  [--project-files N] [--suites DIR] [--jobs N]
                  [--inputs one,examples,project,suites] [--skip RUN,...]
                  [--versus OTHER_BUILD [--repeats N]] [--out FILE.md]

For each input (the examples, the benchmark's own kernels, and the lit
engine tests), runs the analyzer N times with the built-in headers and with
the CUDA toolkit when one is installed, and reports the median wall time,
the spread, and the peak resident memory of one run. Performance is
measured here, never asserted in a timed test.

--side-by-side (issue 14) puts the analyzer next to clang's own parse of
the same files: `clang++-19 -fsyntax-only` with the device flags, prelude
and include directories the analyzer uses (as bench/pathological/run.py
builds it), one process per file, serially and with -j N workers. The
analyzer runs with a cold cache (an empty --cache-dir), with a warm header
cache (the precompiled prelude kept, no results: what a changed file
costs), as a rerun with nothing changed, and without the cache, at -j 1 and
-j N. Inputs: one example, the examples, a generated project of N files
(written to a temporary folder), and Rodinia + PolyBench-ACC when --suites
points at them (their code is never committed). Every cached report is
compared byte for byte with the serial uncached one.

--versus OTHER (with --side-by-side) measures what a change costs: for
each input, the serial clang floor, then this analyzer's and OTHER's
uncached -j1 runs, alternating, --repeats times, and reports each one's
fastest and median CPU time over the floor's, and this one's over OTHER's.
Alternating keeps a shared machine's load out of the comparison as far as
it can be.

--suites DIR holds Rodinia's cuda/ and common/ and PolyBench-ACC's CUDA/
and common/, each suite in a folder of its own named as fetched
(yuhc+gpu-rodinia, cavazos-lab+PolyBench-ACC) or plainly (rodinia,
polybench). --inputs measures only the inputs named; --skip leaves out runs
that take long on a large input (clang-jN, uncached-jN, warm-j1; the serial
clang floor, the ratios' base, and the serial uncached run, the reports'
reference, are always made). BUILD_DIR may also be the analyzer binary
itself, or a folder that holds it.
"""
import argparse
import concurrent.futures
import glob
import json
import shutil
import tempfile
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


CUDA = os.environ.get("CUDA_PATH", "/usr/local/cuda")
HEADERS = os.path.join(ROOT, "lib", "Frontend", "headers")


def clang_floor(headers):
    """clang's own device-side parse, with the analyzer's device flags
    (lib/Frontend/CudaToolchain.cpp) and its prelude from the source tree."""
    cmd = ["clang++-19", "-fsyntax-only", "-x", "cuda", "--cuda-device-only",
           "--cuda-gpu-arch=sm_80", "-Wno-unknown-cuda-version", "-w"]
    if headers == "toolkit":
        cmd += ["--cuda-path=" + CUDA,
                "-idirafter", os.path.join(HEADERS, "compat"),
                "-include", "cuda_coalesce_toolkit_prelude.h"]
        if os.path.isdir(os.path.join(CUDA, "include", "cccl")):
            cmd += ["-isystem", os.path.join(CUDA, "include", "cccl")]
    else:
        cmd += ["-nocudainc", "-nocudalib",
                "-isystem", os.path.join(HEADERS, "builtin"),
                "-idirafter", os.path.join(HEADERS, "compat"),
                "-include", "cuda_coalesce_prelude.h"]
    return cmd


def timed(cmd, cwd=ROOT, ok=(0, 1)):
    """(wall s, CPU s of it and its children, peak RSS MiB of the largest
    process, stdout bytes)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=out,
                             stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        rc = os.waitstatus_to_exitcode(status)
        if rc not in ok:
            sys.exit("%s... failed (%d)" % (" ".join(cmd[:6]), rc))
        out.seek(0)
        return (wall, usage.ru_utime + usage.ru_stime,
                usage.ru_maxrss / 1024.0, out.read())


def floor(units, headers, jobs, cwd):
    """clang's parse of every unit (file, flags): (wall s, CPU s, peak MiB)."""
    base = clang_floor(headers)
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        # A suite file clang rejects (nvcc-only code) is parsed all the
        # same, up to its errors, by both clang and the analyzer.
        runs = list(pool.map(lambda u: timed(base + u[1] + [u[0]], cwd),
                             units))
    return (time.perf_counter() - start, sum(r[1] for r in runs),
            max(r[2] for r in runs))


def generate_project(root, n):
    """n .cu files in root/src sharing root/include/project.h, with the
    patterns of the examples (strided, AoS, chunked, coalesced) varied by
    file so that no two translation units are the same."""
    os.makedirs(os.path.join(root, "src"))
    os.makedirs(os.path.join(root, "include"))
    with open(os.path.join(root, "include", "project.h"), "w") as f:
        f.write("#pragma once\n#include <cuda_runtime.h>\n"
                "struct Particle { float x, y, z, w; };\n"
                "#define BLOCK 256\n")
    for i in range(n):
        stride = i % 7 + 1
        with open(os.path.join(root, "src", "k%04d.cu" % i), "w") as f:
            f.write("""#include "project.h"

__device__ float load%(i)d(const float *p, int i) { return p[i * %(s)d]; }

__global__ void strided%(i)d(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = load%(i)d(in, i) + %(i)d.0f;
}

__global__ void aos%(i)d(const Particle *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = p[i].x + p[i].%(m)s;
}

__global__ void chunked%(i)d(const float *in, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < %(c)d; ++k) out[t * %(c)d + k] = in[t * %(c)d + k];
}

__global__ void tiled%(i)d(const float *in, float *out, int w) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  out[x * w + y] = tile[threadIdx.x][threadIdx.y];
}

void launch%(i)d(float *a, float *b, Particle *p, int n) {
  strided%(i)d<<<n / BLOCK, BLOCK>>>(a, b, n);
  aos%(i)d<<<n / BLOCK, BLOCK>>>(p, b, n);
  chunked%(i)d<<<n / BLOCK, BLOCK>>>(a, b, n);
  tiled%(i)d<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(a, b, n);
}
""" % {"i": i, "s": stride, "m": "yzw"[i % 3], "c": i % 5 + 2})
    return [("src/k%04d.cu" % i, ["-Iinclude"]) for i in range(n)]


SUITES = (
    # (folder names it may have under --suites, its .cu tree, its includes)
    (("yuhc+gpu-rodinia", "rodinia", "gpu-rodinia"), "cuda", "common"),
    (("cavazos-lab+PolyBench-ACC", "polybench", "PolyBench-ACC"), "CUDA",
     "common"),
)


def suite_units(suites):
    """Rodinia and PolyBench-ACC as bench/suite_compare.py lists them: each
    file with -I its own folder and -I the suite's common folder."""
    units = []
    for names, tree, common in SUITES:
        top = next((n for n in names
                    if os.path.isdir(os.path.join(suites, n, tree))), None)
        if top is None:
            sys.exit("--suites %s: none of %s holds %s/" % (
                suites, ", ".join(names), tree))
        found = []
        for d, _, files in os.walk(os.path.join(suites, top, tree)):
            found += [os.path.relpath(os.path.join(d, n), suites)
                      for n in files if n.endswith(".cu")]
        units += [(f, ["-I" + os.path.dirname(f),
                       "-I" + os.path.join(top, common)])
                  for f in sorted(found)]
    return units


def log(text):
    print("[%s] %s" % (time.strftime("%H:%M:%S"), text), file=sys.stderr,
          flush=True)


def analyzer_runs(tool, units, headers, jobs, cwd, skip=(),
                  only_uncached=False):
    """The analyzer on every unit, as a project drives it: one process over a
    compile_commands.json that gives each file its flags. only_uncached: the
    serial uncached run alone."""
    db = tempfile.mkdtemp(prefix="perf-db-")
    entries = [{"directory": cwd, "file": os.path.join(cwd, f),
                "arguments": ["nvcc"] + flags + ["-c", f, "-o", "/dev/null"]}
               for f, flags in units]
    with open(os.path.join(db, "compile_commands.json"), "w") as f:
        json.dump(entries, f)
    base = [tool, "--cuda=" + headers, "--format=json", "--color=false",
            "-p", db]

    results = {}

    def run(label, extra, j):
        r = timed(base + extra + ["-j", str(j)], cwd, (0, 1, 2))
        same = "" if not results else ", report %s the serial uncached one" % (
            "=" if r[3] == results["uncached -j1"][3] else "DIFFERS FROM")
        log("  %s: %.2f s wall, %.2f s CPU, %.0f MiB%s" % (
            label, r[0], r[1], r[2], same))
        results[label] = r

    cache = os.path.join(db, "cache")
    try:
        run("uncached -j1", ["--no-cache"], 1)
        if only_uncached:
            return results
        if "uncached-jN" not in skip:
            run("uncached -j%d" % jobs, ["--no-cache"], jobs)
        run("cold cache -j%d" % jobs, ["--cache-dir", cache], jobs)
        run("rerun, nothing changed -j%d" % jobs, ["--cache-dir", cache], jobs)
        shutil.rmtree(os.path.join(cache, "results"))
        run("warm headers, no results -j%d" % jobs, ["--cache-dir", cache],
            jobs)
        if "warm-j1" not in skip:
            shutil.rmtree(os.path.join(cache, "results"))
            run("warm headers, no results -j1", ["--cache-dir", cache], 1)
    finally:
        shutil.rmtree(db, True)
    return results


def versus(tool, other, units, headers, cwd, repeats):
    """Rows comparing two analyzer builds on one input: the clang floor once,
    then the two builds' serial uncached runs, alternating."""
    f1 = floor(units, headers, 1, cwd)
    log("  clang serial: %.2f s wall, %.2f s CPU" % f1[:2])
    cpu = {tool: [], other: []}
    reports = {}
    for rep in range(repeats):
        for t in (tool, other):
            r = analyzer_runs(t, units, headers, 1, cwd,
                              skip=("uncached-jN", "warm-j1"),
                              only_uncached=True)["uncached -j1"]
            cpu[t].append(r[1])
            reports.setdefault(t, r[3])
            log("  %d %s: %.2f s CPU" % (rep + 1, t, r[1]))
    lines = ["| build | fastest CPU s | median CPU s | fastest / serial clang "
             "CPU | median / serial clang CPU |",
             "|---|---:|---:|---:|---:|",
             "| clang -fsyntax-only, serial | %.2f | %.2f | 1.000 | 1.000 |" % (
                 f1[1], f1[1])]
    for label, t in (("this build", tool), ("previous build", other)):
        lines.append("| %s (`%s`) | %.2f | %.2f | %.3f | %.3f |" % (
            label, t, min(cpu[t]), statistics.median(cpu[t]),
            min(cpu[t]) / f1[1], statistics.median(cpu[t]) / f1[1]))
    lines += ["", "This build over the previous one (CPU): fastest %.3f, "
              "median %.3f; reports %s." % (
                  min(cpu[tool]) / min(cpu[other]),
                  statistics.median(cpu[tool]) / statistics.median(cpu[other]),
                  "identical" if reports[tool] == reports[other]
                  else "differ (the change is in the analysis)")]
    return lines


def side_by_side(args, tool):
    jobs = args.jobs
    headers = args.headers
    wanted = set(args.inputs.split(","))
    skip = set(filter(None, args.skip.split(",")))
    sections = []
    tmp = tempfile.mkdtemp(prefix="perf-project-")
    try:
        examples = [(f, []) for f in sorted(glob.glob("examples/*.cu"))]
        inputs = []
        if "one" in wanted:
            inputs.append(("one file (%s)" % examples[0][0], examples[:1],
                           ROOT))
        if "examples" in wanted:
            inputs.append(("examples (%d files)" % len(examples), examples,
                           ROOT))
        if args.project_files and "project" in wanted:
            inputs.append(("generated project (%d files)" % args.project_files,
                           generate_project(tmp, args.project_files), tmp))
        if args.suites and "suites" in wanted:
            suites = os.path.abspath(args.suites)
            units = suite_units(suites)
            inputs.append(("Rodinia + PolyBench-ACC (%d files)" % len(units),
                           units, suites))
        for name, units, cwd in inputs:
            log("measuring %s ..." % name)
            if args.versus:
                sections.append("\n".join(
                    ["### " + name, ""] +
                    versus(tool, analyzer_binary(args.versus), units, headers,
                           cwd, args.repeats) + [""]))
                print(sections[-1], file=sys.stderr, flush=True)
                continue
            f1 = floor(units, headers, 1, cwd)
            log("  clang serial: %.2f s wall, %.2f s CPU" % f1[:2])
            rows = [("clang -fsyntax-only, serial", f1, None)]
            if "clang-jN" not in skip:
                fj = floor(units, headers, jobs, cwd)
                log("  clang %d at once: %.2f s wall, %.2f s CPU" % (
                    (jobs,) + fj[:2]))
                rows.append(("clang -fsyntax-only, %d at once" % jobs, fj,
                             None))
            runs = analyzer_runs(tool, units, headers, jobs, cwd, skip)
            reference = runs["uncached -j1"][3]
            rows += [("cuda-coalesce, " + k, v, v[3] == reference)
                     for k, v in runs.items()]
            lines = ["### " + name, "",
                     "| run | wall s | CPU s | wall / serial clang | "
                     "CPU / serial clang | peak MiB per process | "
                     "report = serial uncached |",
                     "|---|---:|---:|---:|---:|---:|---|"]
            for label, r, same in rows:
                lines.append("| %s | %.2f | %.2f | %.3f | %.3f | %.0f | %s |" % (
                    label, r[0], r[1], r[0] / f1[0], r[1] / f1[1], r[2],
                    "-" if same is None else ("yes" if same else "**no**")))
            first = runs["cold cache -j%d" % jobs]
            rerun = runs["rerun, nothing changed -j%d" % jobs]
            lines += ["", "Rerun / first run (wall): %.3f" % (rerun[0] / first[0]),
                      ""]
            sections.append("\n".join(lines))
            print(sections[-1], file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(tmp, True)
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f
                       if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    head = ["Machine: %s, %d cores (%s); %s" % (platform.machine(),
                                               os.cpu_count(), cpu,
                                               platform.platform()),
            "Headers: %s; analyzer: %s; command: `bench/perf.py %s`" % (
                headers, tool, " ".join(sys.argv[1:])),
            ""]
    return "\n".join(head + sections) + "\n"


def analyzer_binary(build):
    """BUILD may be the build folder, a folder holding the binary, or the
    binary itself."""
    build = os.path.abspath(build)
    for tool in (build, os.path.join(build, "bin", "cuda-coalesce"),
                 os.path.join(build, "cuda-coalesce")):
        if os.path.isfile(tool) and os.access(tool, os.X_OK):
            return tool
    sys.exit("no cuda-coalesce binary at %s" % build)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out")
    ap.add_argument("--side-by-side", action="store_true")
    ap.add_argument("--headers", choices=["toolkit", "builtin"],
                    default="toolkit" if os.path.exists(
                        os.path.join(CUDA, "include", "cuda_runtime.h"))
                    else "builtin")
    ap.add_argument("--project-files", type=int, default=1000)
    ap.add_argument("--suites", help="folder holding Rodinia "
                    "(yuhc+gpu-rodinia/ or rodinia/: cuda/, common/) and "
                    "PolyBench-ACC (cavazos-lab+PolyBench-ACC/ or polybench/: "
                    "CUDA/, common/)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--inputs", default="one,examples,project,suites",
                    help="comma-separated: one, examples, project, suites")
    ap.add_argument("--versus", metavar="OTHER_BUILD",
                    help="with --side-by-side: compare with another build's "
                    "serial uncached runs, alternating, --repeats times")
    ap.add_argument("--skip", default="",
                    help="comma-separated runs to leave out: clang-jN, "
                    "uncached-jN, warm-j1")
    args = ap.parse_args()
    bad = set(filter(None, args.skip.split(","))) - {
        "clang-jN", "uncached-jN", "warm-j1"}
    if bad:
        ap.error("--skip: unknown run(s) %s" % ", ".join(sorted(bad)))
    bad = set(args.inputs.split(",")) - {"one", "examples", "project",
                                         "suites"}
    if bad:
        ap.error("--inputs: unknown input(s) %s" % ", ".join(sorted(bad)))
    if args.side_by_side:
        tool = analyzer_binary(args.build)
        text = side_by_side(args, tool)
        print(text)
        if args.out:
            with open(args.out, "w") as f:
                f.write(text)
        return
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

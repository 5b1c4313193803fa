#!/usr/bin/env python3
"""Two analyzer binaries side by side on every file of bench/suite_speed.py's
list: the files whose JSON report, standard error or exit status differ.

    bench/compare_binaries.py OLD NEW [--suites DIR] [--jobs N] [--diffs DIR]
                              [--only SUBSTRING,...]

Each file runs as suite_speed.py runs it (`BIN --no-cache --format=json
--allow-compile-errors --timeout=900 FILE -- FLAGS`), with the flags of the
Altis, cuda-samples and SHOC manifests and of Rodinia. A change that should
leave the output alone must print "diff 0"; with --diffs, each differing
file's two outputs are written there (FILE.old, FILE.new).
"""
import argparse
import concurrent.futures as cf
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import suite_speed  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--suites", default=os.path.join(HERE, "..", ".suite"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--diffs")
    ap.add_argument("--only", help="files whose path holds one of these (comma-separated)")
    a = ap.parse_args()
    manifests = [os.path.join(HERE, "..", "cuda_bench", "suites", m + ".manifest")
                 for m in ("altis", "cuda-samples", "shoc")]
    units = suite_speed.manifest_units(a.suites, manifests) + suite_speed.rodinia_units(a.suites)
    if a.only:
        units = [u for u in units if any(s in u[1] for s in a.only.split(","))]

    def run(unit):
        _, path, flags = unit
        outs = []
        for binary in (a.old, a.new):
            r = subprocess.run([binary, "--no-cache", "--format=json", "--allow-compile-errors",
                                "--timeout=900", path, "--"] + flags, capture_output=True, text=True)
            outs.append((r.returncode, r.stdout, r.stderr))
        return path, outs

    differ = 0
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        for path, (old, new) in ex.map(run, units):
            if old == new:
                continue
            differ += 1
            print("DIFF %s (exit %d -> %d)" % (path, old[0], new[0]), flush=True)
            if a.diffs:
                os.makedirs(a.diffs, exist_ok=True)
                base = os.path.join(a.diffs, path.strip("/").replace("/", "_"))
                open(base + ".old", "w").write(old[1] + old[2])
                open(base + ".new", "w").write(new[1] + new[2])
    print("files %d diff %d" % (len(units), differ))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Where nvcc books each global and shared load and store, against the lines
of the analyzer's report, without a GPU (issue 28).

A profiler books every SASS instruction on the line nvcc's line information
gives it; an access the report lists on another line is "no access in the
report" however right its prediction. `nvcc -ptx -lineinfo` writes a .loc
before each PTX instruction, and names the line the SASS has (the probes of
cuda_bench/probes/lines40.cu and the sort lines measured on the H200). For
every .cu file under ROOT that no other file includes: nvcc -O3
-arch=sm_90 -lineinfo -ptx FILE -I<its folder> [-I<--include>]
[--nvcc-arg ...], then the analyzer on FILE with --allow-compile-errors and
the same -I; prints, per file, the lines nvcc names and how many of them no
entry of the report is on (repeats included), and the total.

  bench/nvcc_lines.py TOOL ROOT [--include DIR ...] [--nvcc-arg ARG ...]
                      [--list] [--json FILE]

Files nvcc does not compile with those flags are listed and left out.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "lit", "engine", "Inputs"))
sys.path.insert(0, HERE)
from booked_lines import ptx_lines, report_lines  # noqa: E402
from included_files import scan  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tool")
    ap.add_argument("root")
    ap.add_argument("--include", action="append", default=[])
    ap.add_argument("--nvcc-arg", action="append", default=[])
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("--list", action="store_true", help="print the missing lines")
    ap.add_argument("--json")
    a = ap.parse_args()
    sources, included = scan(a.root)
    units = sorted(s for s in sources if s.endswith(".cu") and s not in included)
    rows, failed = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for f in units:
            inc = ["-I" + os.path.dirname(f)] + ["-I" + d for d in a.include]
            ptx = os.path.join(tmp, "out.ptx")
            r = subprocess.run([a.nvcc, "-O3", "-arch=sm_90", "-lineinfo", "-ptx", f, "-o", ptx]
                               + inc + a.nvcc_arg, capture_output=True, text=True)
            if r.returncode:
                failed.append(f)
                continue
            nvcc = ptx_lines(open(ptx).read())
            r = subprocess.run([a.tool, "--no-cache", "--format=json", "--allow-compile-errors", f, "--"]
                               + inc, capture_output=True, text=True)
            try:
                have = report_lines(json.loads(r.stdout))
            except ValueError:
                have = set()
            missing = sorted(nvcc - have)
            rows.append({"file": os.path.relpath(f, a.root), "nvcc": len(nvcc), "missing": missing})
    for r in rows:
        print("%-50s nvcc %4d  missing %3d%s" % (r["file"], r["nvcc"], len(r["missing"]),
                                                 ("  " + " ".join(r["missing"])) if a.list and r["missing"] else ""))
    total = sum(r["nvcc"] for r in rows)
    miss = sum(len(r["missing"]) for r in rows)
    print("%d files (%d nvcc did not compile); lines nvcc names: %d, on no line of the report: %d (%.1f %%)"
          % (len(rows), len(failed), total, miss, 100.0 * miss / total if total else 0))
    for f in failed:
        print("  not compiled by nvcc:", os.path.relpath(f, a.root))
    if a.json:
        json.dump({"files": rows, "not_compiled": failed}, open(a.json, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

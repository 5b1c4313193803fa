#!/usr/bin/env python3
"""The analyzer's whole-launch means for a program must equal the sectors
per request Nsight Compute measured on the H200, line by line.

    check_source_counters.py CUDA_COALESCE PROGRAM_CU CSV_DIR COMPARE_PY
        [--assume NAME=VALUE] [--unjudged FILE:LINE:OP]...

Runs the analyzer (built-in headers: no toolkit needed) on PROGRAM_CU and
hands the report and the committed per-line counters (source_counters.sh's
CSVs) to compare_source_counters.py, which exits 1 when a prediction
differs by more than 2 %. Every line must be judged "agrees", except the
lines named by --unjudged, which must not be (a line holding a gather, whose
count is the data's, or several accesses): an analyzer that predicted
nothing, or a CSV that lost its rows, cannot pass.
"""
import argparse
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument("tool")
ap.add_argument("program")
ap.add_argument("csv_dir")
ap.add_argument("compare")
ap.add_argument("--assume", action="append", default=[])
ap.add_argument("--unjudged", action="append", default=[])
args = ap.parse_args()
with tempfile.NamedTemporaryFile("w+", suffix=".json") as report:
    run = subprocess.run([args.tool, "--cuda=builtin", "--format=json", "-o",
                          report.name]
                         + ["--assume=" + a for a in args.assume]
                         + [args.program], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit("analyzer failed (%d): %s" % (run.returncode, run.stderr))
    cmp = subprocess.run([sys.executable, args.compare, report.name,
                          args.csv_dir], capture_output=True, text=True)
    print(cmp.stdout)
    if cmp.returncode != 0:
        sys.exit("predictions differ from the H200 measurements:\n" + cmp.stderr)
    verdicts = {}
    for row in cmp.stdout.splitlines():
        if not row.startswith("| `"):
            continue
        cells = [c.strip() for c in row.strip("|").split("|")]
        verdicts["%s:%s" % (cells[0].strip("`"), cells[2])] = cells[-1]
    if not verdicts:
        sys.exit("no line was compared")
    wrong = {k: v for k, v in verdicts.items()
             if (v == "agrees") == (k in args.unjudged)}
    missing = set(args.unjudged) - set(verdicts)
    if wrong or missing:
        sys.exit("unexpected verdicts: %s; not compared: %s"
                 % (sorted(wrong.items()), sorted(missing)))

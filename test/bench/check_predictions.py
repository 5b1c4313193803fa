#!/usr/bin/env python3
"""The analyzer's prediction for every access of cuda_bench's own kernels
must equal the sectors per request Nsight Compute measured on the H200.

    check_predictions.py CUDA_COALESCE PATTERNS_CU MEASURED_JSON COMPARE_PY

Runs the analyzer (built-in headers: no toolkit needed) on PATTERNS_CU and
hands both files to the bench's compare_report.py, which exits 1 on any
disagreement. Every measured row must also be matched by at least one
access, so an analyzer that reported nothing cannot pass.
"""
import json
import re
import subprocess
import sys
import tempfile

tool, patterns, measured, compare = sys.argv[1:5]
with tempfile.NamedTemporaryFile("w+", suffix=".json") as report:
    run = subprocess.run([tool, "--cuda=builtin", "--format=json", "-o",
                          report.name, patterns], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit("analyzer failed (%d): %s" % (run.returncode, run.stderr))
    cmp = subprocess.run([sys.executable, compare, report.name, measured],
                         capture_output=True, text=True)
    print(cmp.stdout)
    if cmp.returncode != 0:
        sys.exit("predictions differ from the H200 measurements:\n" + cmp.stderr)
    analyzed = {a["kernel"] for a in json.load(open(report.name))["accesses"]
                if a["sectors_per_request"] is not None}

rows = json.load(open(measured))["rows"]
missing = [r["kernel"] for r in rows if r.get("ld_sectors_per_request")
           and r["kernel"] not in analyzed and r["name"] != "gather"]
m = re.search(r"(\d+) of (\d+) accesses agree", cmp.stdout)
if missing or not m or int(m.group(1)) == 0:
    sys.exit("measured rows without a prediction: %s" % missing)
print("every measured row has an agreeing prediction")

#!/usr/bin/env python3
"""The analyzer's wavefronts per request for every shared-memory access of
cuda_bench's bank-conflict family must equal what Nsight Compute measured on
the H200 (docs/bench/h200-bank.json).

    check_bank_predictions.py CUDA_COALESCE BANK_PATTERNS_CU MEASURED_JSON COMPARE_PY

Runs the analyzer (built-in headers: no toolkit needed) and hands both files
to the bench's compare_bank_report.py, which exits 1 on any disagreement or
on a measured row without its shared load and store in the report.
"""
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

#!/usr/bin/env python3
"""The analyzer's whole-launch means for a program must equal the sectors
per request Nsight Compute measured on the H200, line by line.

    check_source_counters.py CUDA_COALESCE PROGRAM_CU CSV_DIR COMPARE_PY

Runs the analyzer (built-in headers: no toolkit needed) on PROGRAM_CU and
hands the report and the committed per-line counters (source_counters.sh's
CSVs) to compare_source_counters.py, which exits 1 when a prediction
differs by more than 2 %. Every line must be judged "agrees": an analyzer
that predicted nothing, or a CSV that lost its rows, cannot pass.
"""
import subprocess
import sys
import tempfile

tool, program, csv_dir, compare = sys.argv[1:5]
with tempfile.NamedTemporaryFile("w+", suffix=".json") as report:
    run = subprocess.run([tool, "--cuda=builtin", "--format=json", "-o",
                          report.name, program], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit("analyzer failed (%d): %s" % (run.returncode, run.stderr))
    cmp = subprocess.run([sys.executable, compare, report.name, csv_dir],
                         capture_output=True, text=True)
    print(cmp.stdout)
    if cmp.returncode != 0:
        sys.exit("predictions differ from the H200 measurements:\n" + cmp.stderr)
    verdicts = [row.rstrip(" |").rsplit("| ", 1)[-1]
                for row in cmp.stdout.splitlines() if row.startswith("| `")]
    if not verdicts or any(v != "agrees" for v in verdicts):
        sys.exit("not every line agrees: %s" % sorted(set(verdicts)))

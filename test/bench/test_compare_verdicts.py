#!/usr/bin/env python3
"""The verdicts of compare_source_counters.py on a made-up measurement:
Nsight Compute's source page as CSV for one kernel and a report for it,
each line built so that exactly one rule decides it, beside lines the rule
must leave alone.

    test_compare_verdicts.py COMPARE_SCRIPT
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

COLUMNS = ["Line No", "Source", "Address", "Source", "Instructions Executed",
           "Address Space", "Access Operation", "Access Size",
           "L2 Theoretical Sectors Global", "L2 Theoretical Sectors Global Ideal"]


def sass(requests, sectors, bits):
    """One global load instruction's row."""
    return ["", "", "0x0", "LDG.E", str(requests), "Global", "Load",
            str(bits), str(sectors), str(sectors)]


# line: (report accesses as (elem_bytes, sectors, if_predicated),
#        instructions as (requests, sectors, bits), expected verdict)
LINES = {
    # nvcc branched around one copy of the if (6000 requests, a sector
    # each) and predicated the other (48000, 6000 sectors): 0.22.
    10: ([(4, 1, 0.125)], [(6000, 6000, 32), (48000, 6000, 32)],
         "between branched and predicated"),
    # Predicated only: the report's predicated mean.
    11: ([(4, 1, 0.125)], [(48000, 6000, 32)], "agrees if predicated"),
    # Outside both of the report's numbers: it differs.
    12: ([(4, 1, 0.125)], [(6000, 12000, 32)], "DIFFERS"),
    # A 64-bit load of 8 sectors and a 32-bit one of 4 that no access of
    # the line makes (an inlined call's): not judged.
    13: ([(8, 8, None)], [(1000, 8000, 64), (1000, 4000, 32)],
         "shared with inlined code"),
    # The widths match the report's: a plain difference.
    14: ([(4, 4, None)], [(1000, 6000, 32)], "DIFFERS"),
    15: ([(4, 4, None)], [(1000, 4000, 32)], "agrees"),
}


def main():
    script = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        rows = [["File Path", "/x/k.cu"], ["Function Name", "k(float *)"], COLUMNS]
        accesses = []
        for line, (accs, instrs, _) in sorted(LINES.items()):
            rows.append([str(line)] + [""] * (len(COLUMNS) - 1))
            rows += [sass(*i) for i in instrs]
            for elem, sectors, predicated in accs:
                warps = {"sampled": 8, "min": sectors, "max": sectors,
                         "warp0": sectors}
                if predicated is not None:
                    warps["if_predicated"] = predicated
                accesses.append({"file": "k.cu", "line": line, "kernel": "k",
                                 "access": "load", "space": "global",
                                 "elem_bytes": elem, "sectors_per_request": sectors,
                                 "ideal_sectors": sectors, "category": "coalesced",
                                 "flagged": False, "warps": warps})
        with open(os.path.join(tmp, "k.source.csv"), "w", newline="") as f:
            csv.writer(f).writerows(rows)
        report = os.path.join(tmp, "report.json")
        with open(report, "w") as f:
            json.dump({"accesses": accesses}, f)
        run = subprocess.run([sys.executable, script, report, tmp],
                             capture_output=True, text=True)
    got = {}
    for row in run.stdout.splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) == 8 and cells[0].startswith("`k.cu:"):
            got[int(cells[0].strip("`").split(":")[1])] = cells[-1]
    want = {line: v[2] for line, v in LINES.items()}
    if got != want:
        sys.exit("verdicts %s, expected %s\n%s%s" % (got, want, run.stdout, run.stderr))
    # A line differs: the exit status says so.
    if run.returncode != 1:
        sys.exit("exit status %d, expected 1" % run.returncode)
    print("%d verdicts as expected" % len(got))


if __name__ == "__main__":
    main()

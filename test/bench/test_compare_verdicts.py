#!/usr/bin/env python3
"""The verdicts of compare_source_counters.py on a made-up measurement:
Nsight Compute's source page as CSV for one kernel and a report for it,
each line built so that exactly one rule decides it, beside lines the rule
must leave alone; then the lines its --losses list must and must not hold.

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


def sass(requests, sectors, bits, ideal=None):
    """One global load instruction's row (Nsight's ideal: its sectors)."""
    return ["", "", "0x0", "LDG.E", str(requests), "Global", "Load",
            str(bits), str(sectors), str(sectors if ideal is None else ideal)]


# line: (report accesses as (elem_bytes, sectors, {warps' other mean}),
#        instructions as (requests, sectors, bits), expected verdict)
LINES = {
    # The report takes the short if as predicated (1/8) and gives the
    # branched mean beside it. nvcc branched around one copy of the if
    # (6000 requests, a sector each) and predicated the other (48000, 6000
    # sectors): 0.22.
    10: ([(4, 0.125, {"if_branched": 1})], [(6000, 6000, 32), (48000, 6000, 32)],
         "between branched and predicated"),
    # Branched only: the report's branched mean.
    11: ([(4, 0.125, {"if_branched": 1})], [(6000, 6000, 32)], "agrees if branched"),
    # Outside both of the report's numbers: it differs.
    12: ([(4, 0.125, {"if_branched": 1})], [(6000, 12000, 32)], "DIFFERS"),
    # An older report, whose mean was the branched one: predicated only.
    16: ([(4, 1, {"if_predicated": 0.125})], [(48000, 6000, 32)],
         "agrees if predicated"),
    # A 64-bit load of 8 sectors and a 32-bit one of 4 that no access of
    # the line makes (an inlined call's): not judged.
    13: ([(8, 8, {})], [(1000, 8000, 64), (1000, 4000, 32)],
         "shared with inlined code"),
    # The widths match the report's: a plain difference.
    14: ([(4, 4, {})], [(1000, 6000, 32)], "DIFFERS"),
    15: ([(4, 4, {})], [(1000, 4000, 32)], "agrees"),
}


# --losses. line: (report accesses as (sectors, ideal, flagged),
#                 instructions as (requests, sectors, Nsight's ideal),
#                 listed as a loss or not)
LOSS_LINES = {
    # A misaligned row (5 sectors, 4 ideal) beside a uniform load that nvcc
    # issues once for the loop: 4.81 a request against the mean of the
    # report's ideals, 2.5, is 1.92x; no instruction loses 1.3x.
    20: ([(5, 4, False), (1, 1, False)], [(1000, 5000, 4000), (50, 50, 50)], False),
    # A copy of whole 32-byte structs: each 8-byte instruction fetches 4
    # times what it uses (Nsight), the four together every byte (report).
    21: ([(25, 25, False)], [(1000, 25000, 6250)] * 4, False),
    # Strided, flagged, and a strided load beside a uniform one.
    22: ([(32, 4, True)], [(1000, 32000, 4000)], True),
    23: ([(32, 4, True), (1, 1, False)], [(1000, 32000, 4000), (1000, 1000, 1000)], True),
}


def page(tmp, lines, instr_row, accesses):
    """Writes k.source.csv and report.json for LINES-like rows into tmp."""
    rows = [["File Path", "/x/k.cu"], ["Function Name", "k(float *)"], COLUMNS]
    for line, (_, instrs, _) in sorted(lines.items()):
        rows.append([str(line)] + [""] * (len(COLUMNS) - 1))
        rows += [instr_row(i) for i in instrs]
    with open(os.path.join(tmp, "k.source.csv"), "w", newline="") as f:
        csv.writer(f).writerows(rows)
    report = os.path.join(tmp, "report.json")
    with open(report, "w") as f:
        json.dump({"accesses": accesses}, f)
    return report


def access(line, elem, sectors, ideal, flagged, warps):
    return {"file": "k.cu", "line": line, "kernel": "k", "access": "load",
            "space": "global", "elem_bytes": elem, "sectors_per_request": sectors,
            "ideal_sectors": ideal, "category": "strided" if flagged else "coalesced",
            "flagged": flagged, "warps": warps}


def table(stdout):
    """{line: the last cell} of the rows of k.cu in a markdown table."""
    got = {}
    for row in stdout.splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) == 8 and cells[0].startswith("`k.cu:"):
            got[int(cells[0].strip("`").split(":")[1])] = cells[-1]
    return got


def check_losses(script):
    accesses = []
    for line, (accs, _, _) in LOSS_LINES.items():
        for sectors, ideal, flagged in accs:
            warps = {"sampled": 8, "min": sectors, "max": sectors, "warp0": sectors}
            accesses.append(access(line, 4, sectors, ideal, flagged, warps))
    with tempfile.TemporaryDirectory() as tmp:
        report = page(tmp, LOSS_LINES, lambda i: sass(i[0], i[1], 32, i[2]), accesses)
        run = subprocess.run([sys.executable, script, "--losses", report, tmp],
                             capture_output=True, text=True)
    got = set(table(run.stdout))
    want = {line for line, v in LOSS_LINES.items() if v[2]}
    if got != want:
        sys.exit("losses listed on lines %s, expected %s\n%s%s"
                 % (sorted(got), sorted(want), run.stdout, run.stderr))
    print("%d losses as expected" % len(got))


def main():
    script = sys.argv[1]
    accesses = []
    for line, (accs, _, _) in LINES.items():
        for elem, sectors, other in accs:
            warps = {"sampled": 8, "min": sectors, "max": sectors,
                     "warp0": sectors}
            warps.update(other)
            accesses.append(access(line, elem, sectors, sectors, False, warps))
    with tempfile.TemporaryDirectory() as tmp:
        report = page(tmp, LINES, lambda i: sass(*i), accesses)
        run = subprocess.run([sys.executable, script, report, tmp],
                             capture_output=True, text=True)
    got = table(run.stdout)
    want = {line: v[2] for line, v in LINES.items()}
    if got != want:
        sys.exit("verdicts %s, expected %s\n%s%s" % (got, want, run.stdout, run.stderr))
    # A line differs: the exit status says so.
    if run.returncode != 1:
        sys.exit("exit status %d, expected 1" % run.returncode)
    print("%d verdicts as expected" % len(got))
    check_losses(script)


if __name__ == "__main__":
    main()

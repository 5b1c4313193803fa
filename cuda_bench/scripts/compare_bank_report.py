"""Sets cuda-coalesce's predictions for the shared-memory accesses of src/bank_patterns.cu beside the
wavefronts per request Nsight Compute measured (bank_table.py's JSON), row by row, and exits 1 when one
differs.

    compare_bank_report.py REPORT.json MEASURED.json [-o TABLE.md]

Each kernel of the family has one shared load and one shared store; a row's measured load (store) wavefronts
per request are compared with the report's "wavefronts_per_request" of that kernel's shared load (store).
They agree when they round to the same whole number: ncu's counts carry a few percent of extra wavefronts
that no access pattern explains (1.03 for a conflict-free load, 32.24 for the transpose's column read).
Standard library only.
"""

import argparse
import json
import sys


def shared_accesses(report):
    by_kernel = {}
    for a in report["accesses"]:
        if a.get("space") == "shared" and "inlined_from" not in a:
            by_kernel.setdefault((a["kernel"], a["access"]), []).append(a)
    return by_kernel


def compare(report, measured):
    by_kernel = shared_accesses(report)
    lines = ["| row | kernel | pattern | ld predicted | ld measured | st predicted | st measured | ld ways | "
             "ms (median) | agree |", "|---|---|---|---|---|---|---|---|---|---|"]
    failures = []
    for row in measured["rows"]:
        cells = []
        ok = True
        ways = "-"
        for op, kind in (("ld", "load"), ("st", "store")):
            accesses = by_kernel.get((row["kernel"], kind), [])
            got = row.get(op + "_wavefronts_per_request")
            if len(accesses) != 1 or got is None:
                failures.append("%s: %d shared %ss in the report, measured %s" % (row["name"], len(accesses),
                                                                                  kind, got))
                ok = False
                cells += ["-", "-" if got is None else "%.2f" % got]
                continue
            want = accesses[0].get("wavefronts_per_request")
            if op == "ld":
                ways = str(accesses[0].get("bank_conflict_ways"))
            if want is None or round(got) != want:
                failures.append("%s: %s predicted %s wavefronts, measured %.2f" % (row["name"], kind, want, got))
                ok = False
            cells += [str(want), "%.2f" % got]
        lines.append("| %s | `%s` | %s | %s | %s | %s | %s | %s | %.4f | %s |" % (
            row["name"], row["kernel"], row["label"], cells[0], cells[1], cells[2], cells[3], ways,
            row.get("ms_median", 0.0), "yes" if ok else "**no**"))
    return "\n".join(lines) + "\n", failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report")
    ap.add_argument("measured")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    with open(a.report) as f:
        report = json.load(f)
    with open(a.measured) as f:
        measured = json.load(f)
    table, failures = compare(report, measured)
    if a.output:
        with open(a.output, "w") as f:
            f.write(table)
    sys.stdout.write(table)
    rows = len(measured["rows"])
    print("%d of %d rows agree" % (rows - len({f.split(":")[0] for f in failures}), rows))
    for f in failures:
        print("disagree: " + f, file=sys.stderr)
    sys.exit(1 if failures or rows == 0 else 0)


if __name__ == "__main__":
    main()

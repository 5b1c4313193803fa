#!/usr/bin/env python3
"""Sets cuda-coalesce's predictions for src/patterns.cu beside what the pattern suite measured.

    compare_report.py REPORT.json MERGED.json [-o TABLE.md]

REPORT.json is `cuda-coalesce --format=json cuda_bench/src/patterns.cu`; MERGED.json is coalescing-patterns
output merged with ncu counters. An access is joined to the row whose kernel has the same name; its load
prediction is compared with the row's ld sectors per request, its store prediction with st. A kernel with two
loads (the gather) has one ld counter for both, so its loads are marked "shared counter" and not judged.
Exit status 1 when a prediction differs from the measurement by more than 2 %.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ncu_csv  # noqa: E402


def fmt(v):
    return "—" if v is None else ("%.2f" % v if isinstance(v, float) else str(v))


def compare(report, merged):
    rows = {ncu_csv.normalize_kernel_name(r["kernel"]): r for r in merged["rows"]}
    # An access repeated on the line of a call that reaches it is one access.
    report = dict(report, accesses=[a for a in report["accesses"] if "inlined_from" not in a])
    per_kernel_kind = {}
    for a in report["accesses"]:
        key = (ncu_csv.normalize_kernel_name(a.get("kernel", "")), a["access"])
        per_kernel_kind[key] = per_kernel_kind.get(key, 0) + 1
    lines, bad = [], []
    for a in report["accesses"]:
        kernel = ncu_csv.normalize_kernel_name(a.get("kernel", ""))
        row = rows.get(kernel)
        kind = "st" if a["access"] == "store" else "ld"
        measured = row.get("%s_sectors_per_request" % kind) if row else None
        predicted = a.get("sectors_per_request")
        if row is None:
            verdict = "no measured row"
        elif per_kernel_kind[(kernel, a["access"])] > 1:
            verdict = "shared counter"
        elif predicted is None:
            verdict = "not predicted (%s)" % a.get("category")
        elif measured is None:
            verdict = "not measured"
        elif abs(measured - predicted) <= 0.02 * predicted:
            verdict = "agrees"
        else:
            verdict = "**differs**"
            bad.append(a)
        lines.append("| `%s` | %s:%s | `%s` | %s | %s | %s | %s | %s | %s |" % (
            a.get("kernel"), a["line"], a["column"], a.get("text", ""), a["access"], a.get("category"),
            "yes" if a.get("flagged") else "no", fmt(predicted), fmt(measured), verdict))
    return lines, bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("report")
    ap.add_argument("merged")
    ap.add_argument("-o", "--output")
    args = ap.parse_args(argv)
    with open(args.report, encoding="utf-8") as f:
        report = json.load(f)
    with open(args.merged, encoding="utf-8") as f:
        merged = json.load(f)
    lines, bad = compare(report, merged)
    out = ["| kernel | line:col | access text | access | category | flagged | predicted sectors/req | "
           "measured (ncu) | |", "|---|---|---|---|---|---|---:|---:|---|"] + lines
    agree = sum(1 for l in lines if l.endswith("| agrees |"))
    out += ["", "%d of %d accesses agree within 2 %%; %d differ." % (agree, len(lines), len(bad)), ""]
    text = "\n".join(out)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

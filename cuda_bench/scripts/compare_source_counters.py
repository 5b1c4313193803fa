#!/usr/bin/env python3
"""Sets the analyzer's predictions beside Nsight Compute's per-source-line
counters for whole programs.

    compare_source_counters.py REPORT.json CSV_DIR [-o TABLE.md]

REPORT.json is `cuda-coalesce --format=json` over the programs;
CSV_DIR holds source_counters.sh's NAME.source.csv files. For every global
load or store instruction, Nsight Compute gives "Instructions Executed" (warp
requests) and "L2 Theoretical Sectors Global"; per kernel, source line and
operation, sectors / requests is the measured sectors per request. Each
analyzed access is joined to its kernel, line and operation (a load+store
counts as both). A line holding several accesses of one operation with
different predictions is "shared": its one measurement mixes them in
proportions the compiler decides (it may keep one in a register across a
loop), so it is not judged. Exit status 1 when a prediction differs from the
measurement by more than 2 %.
"""
import argparse
import collections
import csv
import glob
import json
import os
import re
import sys


def kernel_key(signature):
    """'void copyStrided<(int)2>(const float *, float *, int)' -> 'copyStrided<2>'."""
    name = signature
    depth, cut = 0, len(name)
    for i, ch in enumerate(name):  # the parameter list: the last top-level '('
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            cut = i
    name = name[:cut]
    name = re.sub(r"^(void|static|__global__)\s+", "", name.strip())
    name = re.sub(r"\((?:unsigned |signed |long |short )*(?:int|long|char|short)\)(?=-?\d)", "", name)
    return re.sub(r"\s+", "", name)


def measured(csv_dir):
    """{(file basename, kernel, line, 'load'|'store'): [requests, sectors]}"""
    out = collections.defaultdict(lambda: [0.0, 0.0])
    for path in sorted(glob.glob(os.path.join(csv_dir, "*.source.csv"))):
        rows = list(csv.reader(open(path)))
        src, kernel, cols, line = None, None, None, None
        for r in rows:
            if not r:
                continue
            if r[0] == "File Path":
                src = os.path.basename(r[1])
                continue
            if r[0] == "Function Name":
                kernel = kernel_key(r[1])
                continue
            if r[0] == "Line No":
                cols = {h: i for i, h in enumerate(r) if h not in cols_seen(r, i)}
                continue
            if cols is None:
                continue
            if r[0]:
                line = int(r[0])
                continue
            space = r[cols["Address Space"]]
            op = r[cols["Access Operation"]]
            if space != "Global" or op not in ("Load", "Store"):
                continue
            acc = out[(src, kernel, line, op.lower())]
            acc[0] += float(r[cols["Instructions Executed"]] or 0)
            acc[1] += float(r[cols["L2 Theoretical Sectors Global"]] or 0)
    return out


def cols_seen(header, i):
    # "Source" appears twice (CUDA, SASS): keep the first of each name.
    return [h for h in header[:i]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("csv_dir")
    ap.add_argument("-o", "--out")
    args = ap.parse_args()
    meas = measured(args.csv_dir)
    groups = collections.defaultdict(list)
    for a in json.load(open(args.report))["accesses"]:
        ops = ["load", "store"] if a["access"] == "load+store" else [a["access"]]
        for op in ops:
            groups[(os.path.basename(a["file"]), a["kernel"].replace(" ", ""),
                    a["line"], op)].append(a)
    lines = ["| file:line | kernel | op | accesses | category | predicted | measured | verdict |",
             "|---|---|---|---:|---|---:|---:|---|"]
    tally = collections.Counter()
    for key in sorted(groups, key=lambda k: (k[0], k[2], k[1], k[3])):
        accs = groups[key]
        preds = [a["sectors_per_request"] for a in accs]
        cats = ",".join(sorted({a["category"] for a in accs}))
        m = meas.get(key)
        if m is None or m[0] == 0:
            verdict, mval = "not profiled", None
        elif any(p is None for p in preds):
            verdict, mval = "not predicted", m[1] / m[0]
        elif len(set(preds)) > 1:
            verdict, mval = "shared line", m[1] / m[0]
        else:
            mval = m[1] / m[0]
            pred = sum(preds) / len(preds)
            verdict = "agrees" if abs(mval - pred) <= 0.02 * max(pred, 1) else "DIFFERS"
        tally[verdict] += 1
        pred_text = "—" if any(p is None for p in preds) else "%.2f" % (sum(preds) / len(preds))
        lines.append("| `%s:%d` | `%s` | %s | %d | %s | %s | %s | %s |" % (
            key[0], key[2], key[1], key[3], len(accs), cats, pred_text,
            "—" if mval is None else "%.2f" % mval, verdict))
    lines.append("")
    lines.append("; ".join("%s: %d" % kv for kv in sorted(tally.items())))
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        open(args.out, "w").write(text)
    return 1 if tally["DIFFERS"] else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Sets the analyzer's predictions beside Nsight Compute's per-source-line
counters for whole programs.

    compare_source_counters.py [--root DIR] [--losses] REPORT.json... CSV_DIR [-o TABLE.md]

REPORT.json is `cuda-coalesce --format=json` over the programs (several
reports are read as one: one per program, when their flags differ);
CSV_DIR holds source_counters.sh's NAME.source.csv files. Files are known
by their name, or with --root by their path below DIR (a suite whose
programs reuse names such as kernel.cu): DIR is looked for in each path,
so the device's absolute paths and the report's relative ones match.
Shared-memory accesses are left out (banks, not sectors). For every global
load or store instruction, Nsight Compute gives "Instructions Executed" (warp
requests) and "L2 Theoretical Sectors Global"; per kernel, source line and
operation, sectors / requests is the measured sectors per request. Each
analyzed access is joined to its kernel, line and operation (a load+store
counts as both; an atomic is a RED or ATOM instruction). An access in an
inlined __device__ function whose own line has no instruction of its
operation in that kernel is joined to the innermost line of its call_chain
that has one: nvcc may put the inlined instructions on the call's line.
A line holding several accesses of one operation with
different predictions is "shared": its one measurement mixes them in
proportions the compiler decides (it may keep one in a register across a
loop), so it is not judged. A line that differs from the mean but equals
the report's warps.if_branched (a short if on the thread, which the report
takes as predicated instructions that every warp issues, and the compiler
branched around, so that only the warps with a lane on issued it) is
"agrees if branched"; an older report's warps.if_predicated (its mean the
branched one) gives "agrees if predicated". A line that differs but lies between the fewest
and the most sectors the report gives for the values it assumed
(alignment_depends_on, with its small values: a row length or an offset
the run chose; block_depends_on: a block size the host computes) is
"within the runtime range". A line that differs, is run under a condition
the report says it could not evaluate (unevaluated_guard: a comparison of
loaded data or of floats, taken as true in every lane) and measures no
more than the report's most sectors per request is "below its guarded
bound": fewer lanes than a full warp passed. A line that differs but lies
between the report's count and its warps.if_branched (or if_predicated) is "between
branched and predicated": nvcc compiled the short if both ways (b+tree
peels a loop's first iteration and predicates the rest), and the mean
weighs the two by how often each copy ran. A line that differs and whose
instructions include a width (Nsight's Access Size) that none of the
report's accesses on it has is "shared with inlined code": nvcc put an
instruction of an inlined call there (a second call's seed[i] load on
particlefilter's line 347), so, like a shared line, it is not judged.
Exit status 1 when a
prediction differs from the measurement by more than 2 % (none of the
verdicts that explain a difference counts as agreeing, nor as differing). With --losses, the lines that
lose 1.9x or more (measured over ideal sectors) are listed instead,
flagged or not.
"""
import argparse
import collections
import csv
import glob
import json
import os
import re
import sys


def runtime_span(access):
    """The fewest and most sectors per request over the values the report
    says the access depends on (alignment_depends_on, its small values
    included, and block_depends_on), or None."""
    deps = access.get("alignment_depends_on") or []
    spans = [d["sectors_per_request"] for d in deps]
    spans += [d["small_values"]["sectors_per_request"] for d in deps
              if d.get("small_values")]
    if access.get("block_depends_on"):
        spans.append(access["block_depends_on"]["sectors_per_request"])
    if not spans:
        return None
    return (min(s["fewest"] for s in spans), max(s["most"] for s in spans))


def kernel_key(signature):
    """'void copyStrided<(int)2>(const float *, float *, int)' -> 'copyStrided<2>';
    'void ns::k<(int)64>(int *)' -> 'k<64>';
    '(bool)1' -> 'true', as the analyzer names template arguments."""
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
    # The analyzer names a kernel without its namespace (dwt_cuda::).
    name = re.sub(r"^(?:[A-Za-z_]\w*::)+", "", name)
    name = re.sub(r"\((?:unsigned |signed |long |short )*(?:int|long|char|short)\)(?=-?\d)", "", name)
    name = re.sub(r"\(bool\)([01])\b", lambda m: "true" if m.group(1) == "1" else "false", name)
    return report_kernel_key(name)


def report_kernel_key(name):
    """A kernel name as the analyzer reports it ('reduce<128U, true>'), in
    the form kernel_key gives Nsight's: no spaces, and integer template
    arguments without their suffix (Nsight prints 128, the analyzer 128U)."""
    name = re.sub(r"\s+", "", name)
    return re.sub(r"(?<![\w.])(\d+)(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)(?!\w)", r"\1", name)


ATOMIC_SASS = re.compile(r"\b(?:RED|ATOM)G?\.")


def file_key(path, root=None):
    """The file's name in the table: its basename, or its path below root."""
    if not root:
        return os.path.basename(path)
    norm = "/" + os.path.normpath(path).replace(os.sep, "/").lstrip("/")
    marker = "/" + os.path.normpath(root).replace(os.sep, "/").strip("/") + "/"
    at = norm.rfind(marker)
    return norm[at + len(marker):] if at >= 0 else os.path.basename(path)


def source_rows(path, root=None):
    """The instruction rows of one Nsight Compute source page (--page source
    --csv --print-source cuda,sass), each as (file key, function name as
    Nsight prints it, columns, source line, row). The columns map each header
    to its first column ("Source" is the CUDA text) and "SASS" to the second
    "Source"; kernels whose page has no memory columns (a failed profile, no
    memory instruction) are skipped."""
    src = function = cols = line = None
    for r in csv.reader(open(path, newline="")):
        if not r:
            continue
        if r[0] == "File Path":
            src = file_key(r[1], root)
        elif r[0] == "Function Name":
            function = r[1]
        elif r[0] == "Line No":
            cols = {}
            for i, h in enumerate(r):
                cols.setdefault(h, i)
            sass = [i for i, h in enumerate(r) if h == "Source"]
            cols["SASS"] = sass[1] if len(sass) > 1 else None
            if "Address Space" not in cols or "Access Operation" not in cols:
                cols = None
        elif cols is None:
            continue
        elif r[0]:
            try:
                line = int(r[0])
            except ValueError:
                line = None
        elif line is not None and len(r) > cols["Access Operation"]:
            yield src, function, cols, line, r


def measured(csv_dir, root=None, widths=None):
    """{(file key, kernel, line, 'load'|'store'|'atomic'):
    [requests, sectors, Nsight's ideal sectors]}; with widths (a dict),
    the access sizes in bits of each key's instructions are added to it."""
    out = collections.defaultdict(lambda: [0.0, 0.0, 0.0])
    for path in sorted(glob.glob(os.path.join(csv_dir, "*.source.csv"))):
        for src, function, cols, line, r in source_rows(path, root):
            kernel = kernel_key(function)
            space = r[cols["Address Space"]]
            op = r[cols["Access Operation"]]
            if space != "Global":
                continue
            if op in ("Load", "Store"):
                kind = op.lower()
            elif ATOMIC_SASS.search(" ".join(r)):
                kind = "atomic"  # Nsight gives no operation for RED/ATOM
            else:
                continue
            acc = out[(src, kernel, line, kind)]
            size = r[cols["Access Size"]] if "Access Size" in cols else ""
            if widths is not None and size.isdigit():
                widths.setdefault((src, kernel, line, kind), set()).add(int(size))
            acc[0] += float(r[cols["Instructions Executed"]] or 0)
            acc[1] += float(r[cols["L2 Theoretical Sectors Global"]] or 0)
            if "L2 Theoretical Sectors Global Ideal" in cols:
                acc[2] += float(r[cols["L2 Theoretical Sectors Global Ideal"]] or 0)
    return out


LOSS = 1.9


def losses(meas, groups, out):
    """Every measured line and operation whose sectors per request are
    LOSS times its ideal or more: the report's ideal where the line's
    accesses agree on one, else Nsight's; and whether any access of the
    line is flagged."""
    lines = ["| file:line | kernel | op | measured | ideal | loss | category | flagged |",
             "|---|---|---|---:|---:|---:|---|---|"]
    tally = collections.Counter()
    for key in sorted(meas, key=lambda k: (k[0], k[2], k[1], k[3])):
        requests, sectors, ncu_ideal = meas[key]
        if requests == 0:
            continue
        accs = groups.get(key, [])
        ideals = {a["ideal_sectors"] for a in accs if a.get("ideal_sectors")}
        # The report's ideal knows a copy of a whole struct uses every byte
        # its instructions fetch between them (Nsight counts each alone),
        # but a line whose accesses want different ideals is measured as a
        # mix weighed by how often nvcc issues each (a uniform load it
        # issues once for the loop), which a mean over the report's
        # accesses is not: there Nsight's ideal is the line's.
        if len(ideals) == 1 or not ncu_ideal:
            ideal = sum(ideals) / len(ideals) if ideals else 0
        else:
            ideal = ncu_ideal / requests
        spr = sectors / requests
        if not ideal or spr / ideal < LOSS:
            continue
        flagged = any(a["flagged"] for a in accs)
        tally["flagged" if flagged else "not flagged"] += 1
        cats = ",".join(sorted({a["category"] for a in accs})) or "not in the report"
        lines.append("| `%s:%d` | `%s` | %s | %.2f | %.2f | %.2f | %s | %s |" % (
            key[0], key[2], key[1], key[3], spr, ideal, spr / ideal, cats,
            "yes" if flagged else "no"))
    lines.append("")
    lines.append("losses of %.1fx or more: %d; " % (LOSS, sum(tally.values())) +
                 "; ".join("%s: %d" % kv for kv in sorted(tally.items())))
    text = "\n".join(lines) + "\n"
    print(text)
    if out:
        open(out, "w").write(text)
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report", nargs="+")
    ap.add_argument("csv_dir")
    ap.add_argument("-o", "--out")
    ap.add_argument("--root", help="key files by their path below this folder")
    ap.add_argument("--losses", action="store_true",
                    help="list the measured lines that lose 1.9x or more and "
                         "whether the analyzer flags them")
    args = ap.parse_args()
    widths = {}
    meas = measured(args.csv_dir, args.root, widths)
    groups = collections.defaultdict(list)
    for report in args.report:
        for a in json.load(open(report))["accesses"]:
            # An access repeated on a call's line (inlined_from): this
            # table judges each access once, at its own line or (below) the
            # call's line that holds its instructions.
            if "inlined_from" in a:
                continue
            if a.get("space", "global") != "global":
                continue  # shared memory: Nsight's rows here are Global
            ops = ["load", "store"] if a["access"] == "load+store" else [a["access"]]
            kernel = report_kernel_key(a["kernel"])
            for op in ops:
                key = (file_key(a["file"], args.root), kernel, a["line"], op)
                # nvcc may put an inlined call's instructions on the line of
                # the call (dwt2d's loader.loadFrom(input)): an access whose
                # own line has none of its kind is joined to the innermost
                # call site that has.
                if key not in meas:
                    for c in reversed(a.get("call_chain") or []):
                        site = (file_key(c["file"], args.root), kernel, c["line"], op)
                        if site in meas:
                            key = site
                            break
                groups[key].append(a)
    if args.losses:
        return losses(meas, groups, args.out)
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
            # A short if on the thread: the report's mean takes it as
            # predicated (warps.if_branched beside it), or, in older
            # reports, as branched (warps.if_predicated beside it); the
            # compiler did the other.
            for field, other in (("if_branched", "agrees if branched"),
                                 ("if_predicated", "agrees if predicated")):
                alt = [(a.get("warps") or {}).get(field) for a in accs]
                if len(set(alt)) != 1 or alt[0] is None:
                    continue
                if verdict == "DIFFERS" and abs(mval - alt[0]) <= 0.02 * max(alt[0], 1):
                    verdict = other
                # Both ways: nvcc branched around one copy of the if and
                # predicated another; the mean lies between the two counts.
                if verdict == "DIFFERS" and min(pred, alt[0]) <= mval <= max(pred, alt[0]):
                    verdict = "between branched and predicated"
            # The report said the count hangs on a value it assumed (its
            # alignment_depends_on): the measurement lies in that range.
            spans = [runtime_span(a) for a in accs]
            if (verdict == "DIFFERS" and None not in spans
                    and all(lo - 0.02 * max(lo, 1) <= mval <= hi + 0.02 * max(hi, 1)
                            for lo, hi in spans)):
                verdict = "within the runtime range"
            # Under a condition the analysis cannot evaluate (data, floats)
            # every lane is taken to pass: the count is a full warp's, and
            # fewer lanes can only make fewer sectors.
            if (verdict == "DIFFERS"
                    and all(a.get("unevaluated_guard") for a in accs)
                    and mval <= max((a.get("warps") or {}).get("max", p)
                                    for a, p in zip(accs, preds)) * 1.02):
                verdict = "below its guarded bound"
            # Instructions of a width no access of the line has: an inlined
            # call's, which nvcc put on this line.
            bits = {8 * a["elem_bytes"] for a in accs if a.get("elem_bytes")}
            if (verdict == "DIFFERS" and bits and widths.get(key)
                    and not widths[key] <= bits):
                verdict = "shared with inlined code"
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

#!/usr/bin/env python3
"""The analyzer against the H200, per instruction and per line, on whole
suites of programs (issue 28's figures).

    real_programs.py TRUTH_DIR REPORT_DIR MANIFEST... [-o TABLE.md] [--misses FILE] [--lines FILE]

TRUTH_DIR is what `suite_truth.sh profile` wrote (<suite>/<program>.source.csv),
REPORT_DIR what `suite_truth.sh analyze` and `suite_truth.sh all` wrote
(<suite>/<program>.json, <suite>/all/*.json, <suite>/all.status). The
manifests name the suites and their programs. Per suite, and over all:

- global: every SASS load, store or atomic on global memory that ran
  ("Instructions Executed" > 0; the rows whose SASS column is "-" are the
  line's sums and are skipped; one instruction a kernel, line and address:
  Nsight lists some twice). Its measured sectors per request is "L2
  Theoretical Sectors Global" / "Instructions Executed". It is joined to the
  report's global accesses of the same kernel, source file, line and
  operation (a load+store access counts as a load and as a store) and is
  within tolerance when ANY of them predicts sectors_per_request within
  max(0.5, 15 % of the measurement): several accesses on a line are several
  candidates, and the instruction is one of them. No access, or only
  accesses without a prediction (unknown, gather, chunked: null) is a miss.
- predicated ifs: the instructions whose accesses have warps.if_branched
  (under an if the analyzer takes nvcc to predicate), and of those, how
  many the prediction has within tolerance and how many the branched mean
  (if_branched) would have.
- gather lines: the uncoalesced lines (below) whose report has only
  gathers on them, and the others with only gathers.
- uncoalesced lines: a (kernel, file, line, operation) whose summed sectors
  are at least 1.9x Nsight's ideal (sectors minus "L2 Theoretical Sectors
  Global Excessive"). Found: some global access of the report on that
  kernel, line and operation is flagged; missed: none is; false: a measured
  line (it ran) with a flagged access that is not uncoalesced. Precision
  found / (found + false), recall found / (found + missed).
- shared: the same for LDS/STS/ATOMS ("Address Space" Shared): "L1
  Wavefronts Shared" / "Instructions Executed" against the report's
  wavefronts_per_request of "space": "shared" accesses; bank-conflicted
  lines measure at least 1.9x "L1 Wavefronts Shared Ideal".
- unknown share: over every .cu file of the suite (REPORT_DIR/<suite>/all),
  the fraction of global and of shared accesses whose category is unknown,
  by reason class (the reason with its quoted names, numbers and anything
  after a colon taken out, so "depends on 'x[i]', loaded from memory" and
  "depends on 'y', loaded from memory" are one class). The files the
  analyzer fails on (exit 2) are listed with their first error, and so are
  those where it skips kernels whose bodies have errors (their accesses
  are in no count).

Kernels are named as compare_source_counters.py names them (template
arguments without casts, no namespace, no spaces); files by their path below
the suite's root folder (its name is looked for in each path, so the GPU
machine's absolute paths and these match).
"""
import argparse
import collections
import csv
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_source_counters import ATOMIC_SASS, file_key, kernel_key, report_kernel_key, source_rows  # noqa: E402

LOSS = 1.9


def within(pred, meas):
    return pred is not None and abs(pred - meas) <= max(0.5, 0.15 * meas)


def read_manifest(path):
    """(suite, root folder name, [program names])."""
    suite, root, progs = None, None, []
    for line in open(path):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "suite":
            suite = words[1]
        elif words[0] == "root":
            root = words[1]
        elif words[0] == "program":
            progs.append(words[1])
    root = os.path.basename(os.path.normpath(root or suite))
    return suite, root, progs


def instructions(csv_path, root):
    """The measured memory instructions of one source CSV:
    {(space, file, kernel, line, address): {op, inst, amount, ideal}} where
    space is 'global' (amount: sectors) or 'shared' (amount: wavefronts)."""
    out = {}
    for src, function, cols, line, r in source_rows(csv_path, root):
        # The analyzer names a kernel without its namespace, an anonymous one too.
        kernel = kernel_key(function.replace("(anonymous namespace)::", ""))
        sass = r[cols["SASS"]] if cols["SASS"] is not None else ""
        addr = r[2] if len(r) > 2 else ""
        if sass.strip() in ("-", "...", "") or addr in ("-", "..."):
            continue
        space = r[cols["Address Space"]]
        op = r[cols["Access Operation"]]
        if space not in ("Global", "Shared"):
            continue
        if op in ("Load", "Store"):
            kind = op.lower()
        elif ATOMIC_SASS.search(sass) or re.search(r"\bATOMS\.", sass):
            kind = "atomic"  # Nsight gives no operation for RED/ATOM
        else:
            continue
        inst = num(r, cols, "Instructions Executed")
        if inst <= 0:
            continue
        if space == "Global":
            amount = num(r, cols, "L2 Theoretical Sectors Global")
            if "L2 Theoretical Sectors Global Excessive" in cols:
                ideal = amount - num(r, cols, "L2 Theoretical Sectors Global Excessive")
            else:
                ideal = num(r, cols, "L2 Theoretical Sectors Global Ideal")
        else:
            amount = num(r, cols, "L1 Wavefronts Shared")
            ideal = num(r, cols, "L1 Wavefronts Shared Ideal")
        key = (space.lower(), src, kernel, line, addr)
        out[key] = {"op": kind, "inst": inst, "amount": amount, "ideal": ideal, "sass": sass.strip()}
    return out


def num(r, cols, name):
    i = cols.get(name)
    if i is None or i >= len(r):
        return 0.0
    try:
        return float(r[i].replace(",", "") or 0)
    except ValueError:
        return 0.0


def predictions(report_path, root):
    """{(space, file, kernel, line, op): [access...]} of one report."""
    groups = collections.defaultdict(list)
    for a in json.load(open(report_path))["accesses"]:
        space = a.get("space", "global")
        if space not in ("global", "shared"):
            continue
        ops = ["load", "store"] if a["access"] == "load+store" else [a["access"]]
        for op in ops:
            groups[(space, file_key(a["file"], root), report_kernel_key(a["kernel"]),
                    a["line"], op)].append(a)
    return groups


def predicted(a, space):
    if a.get("category") == "unknown":
        return None
    return a.get("sectors_per_request") if space == "global" else a.get("wavefronts_per_request")


class Tally:
    def __init__(self):
        self.c = collections.Counter()

    def add(self, other):
        self.c.update(other.c)


def compare_program(csv_path, report_path, root, tally, misses, label, unnamed, bad_lines):
    meas = instructions(csv_path, root)
    groups = predictions(report_path, root) if report_path and os.path.exists(report_path) else {}
    lines = collections.defaultdict(lambda: [0.0, 0.0])  # (space, file, kernel, line, op) -> amount, ideal
    # A measured kernel the report does not name at all (a naming mismatch,
    # or a kernel the analyzer skipped): every instruction of it is a miss.
    named = {k[2] for k in groups}
    for kernel in sorted({k[2] for k in meas} - named):
        tally.c["kernels not in the report"] += 1
        unnamed.append("%s: `%s`" % (label, kernel))
    tally.c["kernels measured"] += len({k[2] for k in meas})
    for key, m in meas.items():
        space, f, kernel, line, addr = key
        gkey = (space, f, kernel, line, m["op"])
        lines[gkey][0] += m["amount"]
        lines[gkey][1] += m["ideal"]
        accs = groups.get(gkey, [])
        value = m["amount"] / m["inst"]
        preds = [predicted(a, space) for a in accs]
        tally.c[space + " instructions"] += 1
        branched = [a["warps"]["if_branched"] for a in accs
                    if (a.get("warps") or {}).get("if_branched") is not None]
        if branched:
            tally.c["predicated " + space] += 1
            tally.c["predicated %s prediction within" % space] += any(within(p, value) for p in preds)
            tally.c["predicated %s branched within" % space] += any(within(b, value) for b in branched)
        if any(within(p, value) for p in preds):
            tally.c[space + " within"] += 1
        else:
            why = ("no access in the report" if not accs else
                   "no prediction" if all(p is None for p in preds) else "differs")
            tally.c[space + " miss: " + why] += 1
            misses.append("| %s | `%s:%d` | `%s` | %s | `%s` | %.2f | %s | %s |" % (
                label, f, line, kernel, m["op"], m["sass"], value,
                ", ".join("—" if p is None else "%.2f" % p for p in preds) or "—", why))
    for gkey, (amount, ideal) in lines.items():
        space = gkey[0]
        bad = ideal > 0 and amount >= LOSS * ideal
        flagged = any(a.get("flagged") for a in groups.get(gkey, []))
        what = "uncoalesced" if space == "global" else "conflicted"
        verdict = "found" if bad and flagged else "missed" if bad else "false" if flagged else None
        if verdict:
            tally.c[what + " " + verdict] += 1
        # Lines the report has only gathers on (the data decides them; the
        # check is off by default): how often the hardware calls them
        # uncoalesced.
        accs = groups.get(gkey, [])
        if space == "global" and accs and all(a.get("category") == "gather" for a in accs):
            tally.c["gather lines " + ("uncoalesced" if bad else "not")] += 1
        if verdict in ("missed", "false"):
            accs = groups.get(gkey, [])
            bad_lines.append("| %s | %s | `%s:%d` | `%s` | %s | %.2f | %s | %s |" % (
                label, verdict, gkey[1], gkey[3], gkey[2], gkey[4],
                amount / ideal if ideal else 0.0,
                "; ".join("%s %s%s" % (a.get("category"), "—" if predicted(a, space) is None
                                       else "%.2f" % predicted(a, space), " flagged" if a.get("flagged") else "")
                          for a in accs) or "—",
                space))
    return bool(meas)


def reason_class(reason):
    r = re.sub(r"'[^']*'", "…", reason or "(no reason)")
    r = re.sub(r'"[^"]*"', "…", r)
    r = re.sub(r"\b\d+\b", "N", r)
    r = r.split(":")[0].split("(")[0]
    words = r.split()
    return " ".join(words[:8]).rstrip(",;.")


def unknown_share(report_dir, suite, root):
    """(Counter of totals, Counter of (space, reason class)) over
    REPORT_DIR/<suite>/all/*.json, and the files that failed (exit 2)."""
    totals, reasons = collections.Counter(), collections.Counter()
    seen = set()
    for path in sorted(glob.glob(os.path.join(report_dir, suite, "all", "*.json"))):
        try:
            accesses = json.load(open(path))["accesses"]
        except (ValueError, KeyError, OSError):
            continue
        for a in accesses:
            space = a.get("space", "global")
            # An access repeated on a call's line (inlined_from) is one access.
            if space not in ("global", "shared") or "inlined_from" in a:
                continue
            # A header two files include is reported by both: count it once.
            key = (file_key(a["file"], root), a["line"], a["column"], a["kernel"], a["access"], space)
            if key in seen:
                continue
            seen.add(key)
            totals[space] += 1
            if a.get("category") == "unknown":
                totals[space + " unknown"] += 1
                reasons[(space, reason_class(a.get("reason")))] += 1
    failed, skipped, files = [], [], 0
    status = os.path.join(report_dir, suite, "all.status")
    if os.path.exists(status):
        for row in open(status):
            parts = row.rstrip("\n").split("\t") + ["", ""]
            files += 1
            # The error's paths, below the suite's root like the file's.
            error = re.sub(r"[^\s(]*/%s/" % re.escape(root), "", parts[2])
            if parts[0] == "2":
                failed.append((parts[1], error))
            elif parts[3].isdigit() and int(parts[3]) > 0:
                skipped.append((parts[1], int(parts[3]), error))
    totals["files"] = files
    return totals, reasons, failed, skipped


def pct(a, b):
    return "%.1f %%" % (100.0 * a / b) if b else "—"


def ratio(a, b):
    return "%.2f" % (a / b) if b else "—"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("truth_dir")
    ap.add_argument("report_dir")
    ap.add_argument("manifest", nargs="+")
    ap.add_argument("-o", "--out")
    ap.add_argument("--misses", help="write every instruction out of tolerance here (markdown)")
    ap.add_argument("--lines", help="write every uncoalesced or conflicted line missed, and every false flag, "
                    "here (markdown)")
    ap.add_argument("--per-program", action="store_true", help="a row per program too")
    args = ap.parse_args()

    rows, unk_rows, reason_rows, failed_rows, misses, bad_lines = [], [], [], [], [], []
    program_rows, skipped_rows, unnamed = [], [], []
    overall, overall_unk = Tally(), collections.Counter()
    overall_reasons = collections.Counter()
    for m in args.manifest:
        suite, root, progs = read_manifest(m)
        tally = Tally()
        profiled = 0
        for p in progs:
            csv_path = os.path.join(args.truth_dir, suite, p + ".source.csv")
            if not os.path.exists(csv_path):
                continue
            report = os.path.join(args.report_dir, suite, p + ".json")
            mine = Tally()
            if compare_program(csv_path, report, root, mine, misses, "%s/%s" % (suite, p), unnamed,
                               bad_lines):
                profiled += 1
                mine.c["programs"] = mine.c["listed"] = 1
                program_rows.append(("%s/%s" % (suite, p), mine))
            tally.add(mine)
        overall.add(tally)
        tally.c["programs"] = profiled
        tally.c["listed"] = len(progs)
        rows.append((suite, tally))
        totals, reasons, failed, skipped = unknown_share(args.report_dir, suite, root)
        overall_unk.update(totals)
        overall_reasons.update(reasons)
        unk_rows.append((suite, totals))
        reason_rows.append((suite, reasons, totals))
        failed_rows += [(suite, f, e) for f, e in failed]
        skipped_rows += [(suite, f, n, e) for f, n, e in skipped]
    overall.c["programs"] = sum(t.c["programs"] for _, t in rows)
    overall.c["listed"] = sum(t.c["listed"] for _, t in rows)
    rows.append(("all", overall))
    unk_rows.append(("all", overall_unk))

    out = ["## Per instruction and per line", "",
           "| suite | programs (profiled/listed) | global instructions within tolerance | uncoalesced lines found/missed/false | precision | recall "
           "| shared instructions within tolerance | conflicted lines found/missed/false | precision | recall |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, t in rows + (program_rows if args.per_program else []):
        c = t.c
        out.append("| %s | %d/%d | %d/%d (%s) | %d/%d/%d | %s | %s | %d/%d (%s) | %d/%d/%d | %s | %s |" % (
            name, c["programs"], c["listed"],
            c["global within"], c["global instructions"], pct(c["global within"], c["global instructions"]),
            c["uncoalesced found"], c["uncoalesced missed"], c["uncoalesced false"],
            ratio(c["uncoalesced found"], c["uncoalesced found"] + c["uncoalesced false"]),
            ratio(c["uncoalesced found"], c["uncoalesced found"] + c["uncoalesced missed"]),
            c["shared within"], c["shared instructions"], pct(c["shared within"], c["shared instructions"]),
            c["conflicted found"], c["conflicted missed"], c["conflicted false"],
            ratio(c["conflicted found"], c["conflicted found"] + c["conflicted false"]),
            ratio(c["conflicted found"], c["conflicted found"] + c["conflicted missed"])))
    out += ["", "Misses by cause (global / shared):", ""]
    for name, t in rows:
        c = t.c
        out.append("- %s: %s" % (name, "; ".join(
            "%s %d/%d" % (why, c["global miss: " + why], c["shared miss: " + why])
            for why in ("no access in the report", "no prediction", "differs"))))
    out += ["", "Instructions under ifs taken as predicated, global / shared: within tolerance "
            "by the prediction, by the branched mean (if_branched), of all:", ""]
    for name, t in rows:
        c = t.c
        out.append("- %s: %s" % (name, "; ".join(
            "%s %d, %d of %d" % (space, c["predicated %s prediction within" % space],
                                 c["predicated %s branched within" % space], c["predicated " + space])
            for space in ("global", "shared"))))
    out += ["", "Global lines whose only accesses are gathers, uncoalesced / not:", ""]
    for name, t in rows:
        out.append("- %s: %d / %d" % (name, t.c["gather lines uncoalesced"], t.c["gather lines not"]))
    out += ["", "Kernels measured / not named in the report (each such kernel's instructions are misses):", ""]
    for name, t in rows:
        out.append("- %s: %d / %d" % (name, t.c["kernels measured"], t.c["kernels not in the report"]))
    if unnamed:
        out += ["", "Not in the report: " + "; ".join(unnamed)]
    out += ["", "## Unknown share over every .cu file", "",
            "| suite | files | failed (exit 2) | global accesses | unknown | shared accesses | unknown |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for name, u in unk_rows:
        fails = len([1 for s, _, _ in failed_rows if name in (s, "all")])
        out.append("| %s | %d | %d | %d | %d (%s) | %d | %d (%s) |" % (
            name, u["files"], fails, u["global"], u["global unknown"], pct(u["global unknown"], u["global"]),
            u["shared"], u["shared unknown"], pct(u["shared unknown"], u["shared"])))
    out += ["", "### Unknown by reason", ""]
    for name, reasons, totals in reason_rows + [("all", overall_reasons, overall_unk)]:
        out += ["%s:" % name, "", "| space | reason | accesses | share of the space's accesses |",
                "|---|---|---:|---:|"]
        for (space, why), n in sorted(reasons.items(), key=lambda kv: (kv[0][0], -kv[1], kv[0][1])):
            out.append("| %s | %s | %d | %s |" % (space, why.replace("|", "\\|"), n, pct(n, totals[space])))
        out.append("")
    if failed_rows:
        out += ["### Files the analyzer fails on (exit 2)", "", "| suite | file | first error |", "|---|---|---|"]
        for s, f, e in failed_rows:
            out.append("| %s | `%s` | %s |" % (s, f, e.replace("|", "\\|")))
        out.append("")
    if skipped_rows:
        out += ["### Kernels not analyzed (errors in their bodies; their accesses are not counted above)", "",
                "| suite | file | kernels | first error |", "|---|---|---:|---|"]
        for s_, f, n, e in skipped_rows:
            out.append("| %s | `%s` | %d | %s |" % (s_, f, n, e.replace("|", "\\|")))
        out.append("")
    text = "\n".join(out) + "\n"
    print(text)
    if args.out:
        open(args.out, "w").write(text)
    if args.misses:
        open(args.misses, "w").write("\n".join(
            ["| program | line | kernel | op | SASS | measured | predicted | why |",
             "|---|---|---|---|---|---:|---|---|"] + misses) + "\n")
    if args.lines:
        open(args.lines, "w").write("\n".join(
            ["| program | verdict | line | kernel | op | measured / ideal | report (category, prediction) | space |",
             "|---|---|---|---|---|---:|---|---|"] + bad_lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

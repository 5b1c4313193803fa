#!/usr/bin/env python3
"""Compare two cuda-coalesce binaries on Rodinia + PolyBench-ACC.

usage: suite_compare.py BASE_BIN NEW_BIN [SUITES_DIR]
       suite_compare.py --local REPO BASE_BIN NEW_BIN

For each .cu file (the list and flags of /work/suites/run_suite.sh) runs the
two binaries one after the other, so both see the same machine load, and
records:
  - whether the JSON reports are equal after normalising (sorted keys), and
    whether the reports are equal byte for byte;
  - both exit codes;
  - both CPU times (user + sys, from os.wait4), summed over the suite.
With --local, the files are instead the project's own examples/*.cu and
every .cu under test/lit of REPO, run as the lit tests run the tool
(--cuda=builtin --color=false), once with --format=json and once with
--format=text.
Prints a markdown summary. The suites' code is never copied.
"""
import argparse
import glob
import json
import os
import subprocess
import sys


def files(suites):
    out = []
    for root, common in (("yuhc+gpu-rodinia/cuda", "yuhc+gpu-rodinia/common"),
                         ("cavazos-lab+PolyBench-ACC/CUDA",
                          "cavazos-lab+PolyBench-ACC/common")):
        found = []
        for d, _, names in os.walk(os.path.join(suites, root)):
            found += [os.path.relpath(os.path.join(d, n), suites)
                      for n in names if n.endswith(".cu")]
        out += [(f, common) for f in sorted(found)]
    return out


def local_files(repo):
    """(file, flags) for the examples and lit inputs, JSON and text."""
    found = sorted(glob.glob(os.path.join(repo, "examples", "*.cu")))
    found += sorted(glob.glob(os.path.join(repo, "test", "lit", "**", "*.cu"),
                              recursive=True))
    out = []
    for f in found:
        rel = os.path.relpath(f, repo)
        for fmt in ("json", "text"):
            out.append((rel, ["--cuda=builtin", "--color=false",
                              "--format=" + fmt, rel]))
    return out


def suite_args(f, common):
    return ["--format=json", f, "--", "-I" + os.path.dirname(f), "-I" + common]


def run(binary, args, cwd):
    p = subprocess.Popen([binary] + args, cwd=cwd, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    rc = os.waitstatus_to_exitcode(status)
    if "--format=text" in args:
        norm = out.decode(errors="replace")
    else:
        try:
            norm = json.loads(out)
        except ValueError:
            norm = "unparsable: " + out[:200].decode(errors="replace")
    return rc, norm, usage.ru_utime + usage.ru_stime, out


def field_changes(a, b, changes):
    """Counts, per access field, the changes 'old -> new' between reports."""
    if not isinstance(a, dict) or not isinstance(b, dict):
        changes["(whole report)"] = changes.get("(whole report)", 0) + 1
        return
    xa, xb = a.get("accesses", []), b.get("accesses", [])
    if len(xa) != len(xb):
        changes["(number of accesses)"] = changes.get("(number of accesses)", 0) + 1
        return
    for u, v in zip(xa, xb):
        for k in sorted(set(u) | set(v)):
            if u.get(k) != v.get(k):
                key = "%s: %s -> %s" % (k, json.dumps(u.get(k))[:60],
                                        json.dumps(v.get(k))[:60])
                changes[key] = changes.get(key, 0) + 1
    for k in sorted(set(a) | set(b)):
        if k != "accesses" and a.get(k) != b.get(k):
            changes["top-level " + k] = changes.get("top-level " + k, 0) + 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--local", metavar="REPO",
                    help="compare on REPO's examples/ and test/lit inputs")
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("suites", nargs="?", default="/work/suites")
    opts = ap.parse_args()
    base, new = os.path.abspath(opts.base), os.path.abspath(opts.new)
    if opts.local:
        cwd = os.path.abspath(opts.local)
        runs = local_files(cwd)
    else:
        cwd = opts.suites
        runs = [(f, suite_args(f, common)) for f, common in files(cwd)]
    differ, bytes_differ, rcs, tb, tn, n = [], [], [], 0.0, 0.0, 0
    changes = {}
    for f, args in runs:
        label = f if not opts.local else f + " " + args[2]
        rb, jb, cb, ob = run(base, args, cwd)
        rn, jn, cn, on = run(new, args, cwd)
        n += 1
        tb += cb
        tn += cn
        if jb != jn:
            differ.append(label)
            if not isinstance(jb, str):
                field_changes(jb, jn, changes)
        if ob != on:
            bytes_differ.append(label)
        if rb != rn:
            rcs.append((label, rb, rn))
    print("| runs | reports equal | reports differ | bytes differ | "
          "exit code differs | CPU s (base) | CPU s (new) | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    print("| %d | %d | %d | %d | %d | %.1f | %.1f | %.3f |" %
          (n, n - len(differ), len(differ), len(bytes_differ), len(rcs), tb,
           tn, tn / tb))
    if changes:
        print()
        print("| access field: before -> after | accesses |")
        print("|---|---|")
        for k, v in sorted(changes.items()):
            print("| `%s` | %d |" % (k.replace("|", "\\|"), v))
        print()
    for f in differ:
        print("- report differs: `%s`" % f)
    for f in bytes_differ:
        print("- bytes differ: `%s`" % f)
    for f, rb, rn in rcs:
        print("- exit code: `%s` %d -> %d" % (f, rb, rn))


if __name__ == "__main__":
    main()

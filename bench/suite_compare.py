#!/usr/bin/env python3
"""Compare two cuda-coalesce binaries on Rodinia + PolyBench-ACC.

usage: suite_compare.py BASE_BIN NEW_BIN [SUITES_DIR]

For each .cu file (the list and flags of /work/suites/run_suite.sh) runs the
two binaries one after the other, so both see the same machine load, and
records:
  - whether the JSON reports are equal after normalising (sorted keys);
  - both exit codes;
  - both CPU times (user + sys, from os.wait4), summed over the suite.
Prints a markdown summary. The suites' code is never copied.
"""
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


def run(binary, f, common, suites):
    args = [binary, "--format=json", f, "--", "-I" + os.path.dirname(f),
            "-I" + common]
    p = subprocess.Popen(args, cwd=suites, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    rc = os.waitstatus_to_exitcode(status)
    try:
        norm = json.loads(out)
    except ValueError:
        norm = "unparsable: " + out[:200].decode(errors="replace")
    return rc, norm, usage.ru_utime + usage.ru_stime


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
    base, new = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    suites = sys.argv[3] if len(sys.argv) > 3 else "/work/suites"
    differ, rcs, tb, tn, n = [], [], 0.0, 0.0, 0
    changes = {}
    for f, common in files(suites):
        rb, jb, cb = run(base, f, common, suites)
        rn, jn, cn = run(new, f, common, suites)
        n += 1
        tb += cb
        tn += cn
        if jb != jn:
            differ.append(f)
            field_changes(jb, jn, changes)
        if rb != rn:
            rcs.append((f, rb, rn))
    print("| files | JSON equal | JSON differ | exit code differs | "
          "CPU s (base) | CPU s (new) | ratio |")
    print("|---|---|---|---|---|---|---|")
    print("| %d | %d | %d | %d | %.1f | %.1f | %.3f |" %
          (n, n - len(differ), len(differ), len(rcs), tb, tn, tn / tb))
    if changes:
        print()
        print("| access field: before -> after | accesses |")
        print("|---|---|")
        for k, v in sorted(changes.items()):
            print("| `%s` | %d |" % (k.replace("|", "\\|"), v))
        print()
    for f in differ:
        print("- JSON differs: `%s`" % f)
    for f, rb, rn in rcs:
        print("- exit code: `%s` %d -> %d" % (f, rb, rn))


if __name__ == "__main__":
    main()

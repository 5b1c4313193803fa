#!/usr/bin/env python3
"""Two folders of analyzer reports compared access by access: the accesses
only one has, and those whose category, sectors, wavefronts, flag or reason
differ.

    bench/compare_reports.py OLD NEW [-v]

OLD and NEW hold JSON reports (any depth), as
`CUDA_COALESCE=BIN cuda_bench/scripts/suite_truth.sh analyze DIR MANIFEST...`
or `CUDA_COALESCE=BIN cuda_bench/scripts/reports_only.sh DIR` writes them,
one run per binary. An access is keyed by its report's path below the
folder, its place, kernel, kind, space and text (and its rank among equal
keys); the repeats on call lines (`inlined_from`) are skipped. A change
that should leave the predictions alone must print "changed 0" with no
access only on one side. -v lists every difference (else the first 15).
"""
import collections
import json
import os
import sys


def load(root):
    out = {}
    for d, _, files in os.walk(root, followlinks=True):
        for f in files:
            if not f.endswith(".json"):
                continue
            path = os.path.join(d, f)
            try:
                with open(path) as fh:
                    report = json.load(fh)
            except (OSError, ValueError):
                continue
            if not isinstance(report, dict) or "accesses" not in report:
                continue
            seen = collections.Counter()
            for a in report["accesses"]:
                if "inlined_from" in a:
                    continue
                key = (os.path.relpath(path, root), a.get("file"), a.get("line"),
                       a.get("column"), a.get("kernel"), a.get("access"),
                       a.get("space"), a.get("text"))
                seen[key] += 1
                out[key + (seen[key],)] = a
    return out


def signature(a):
    return (a.get("category"), a.get("sectors_per_request"),
            a.get("wavefronts_per_request"), a.get("flagged"), a.get("reason"))


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    if len(args) != 2:
        sys.exit("usage: bench/compare_reports.py OLD NEW [-v]")
    old, new = load(args[0]), load(args[1])
    limit = None if "-v" in sys.argv else 15
    only_old = [k for k in old if k not in new]
    only_new = [k for k in new if k not in old]
    changed = [k for k in old if k in new and signature(old[k]) != signature(new[k])]
    print("old %d new %d only-old %d only-new %d changed %d"
          % (len(old), len(new), len(only_old), len(only_new), len(changed)))
    moves = collections.Counter((signature(old[k])[0], signature(new[k])[0])
                                for k in changed)
    for (a, b), n in moves.most_common():
        print("  %s -> %s: %d" % (a, b, n))
    for k in changed[:limit]:
        print(" ", k[1], k[2], k[4], (k[7] or "")[:60])
        print("    old", signature(old[k]))
        print("    new", signature(new[k]))
    for k in only_old[:limit]:
        print("  only old", k[1:])
    for k in only_new[:limit]:
        print("  only new", k[1:])


if __name__ == "__main__":
    main()

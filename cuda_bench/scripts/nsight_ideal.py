#!/usr/bin/env python3
"""What Nsight Compute calls a global request's ideal sectors, checked on a
suite's truth: for every SASS global load or store that ran, is
`L2 Theoretical Sectors Global` minus its `Excessive` part the smaller of
the measured sectors and ceil(lanes x access size / 32), the lanes'
bytes packed with repeated addresses counted again (the bar
lib/Model/Coalescer.h calls LaneSectors; docs/analysis.md, "Lanes that
repeat an address")?

  nsight_ideal.py TRUTH_DIR MANIFEST... [--show N]

Lanes are `Avg. Predicated-On Threads Executed`, the size `Access Size`
(bits). Per request means: an instruction whose requests have different
lane counts can miss by rounding, so a 2 % tolerance is allowed.
"""
import argparse
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_programs as rp  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("truth_dir")
    ap.add_argument("manifest", nargs="+")
    ap.add_argument("--show", type=int, default=0, help="list this many that differ")
    a = ap.parse_args()
    total = matched = 0
    differ = []
    for m in a.manifest:
        suite, root, progs = rp.read_manifest(m)
        for p in progs:
            path = os.path.join(a.truth_dir, suite, p + ".source.csv")
            if not os.path.exists(path):
                continue
            for src, function, cols, line, r in rp.source_rows(path, root):
                sass = r[cols["SASS"]] if cols["SASS"] is not None else ""
                if not re.search(r"\b(LDG|STG)\b", sass) or r[cols["Address Space"]] != "Global":
                    continue
                inst = rp.num(r, cols, "Instructions Executed")
                try:
                    size = float(r[cols["Access Size"]]) / 8
                except (KeyError, TypeError, ValueError):
                    continue
                if inst <= 0:
                    continue
                lanes = rp.num(r, cols, "Avg. Predicated-On Threads Executed")
                sectors = rp.num(r, cols, "L2 Theoretical Sectors Global")
                ideal = sectors - rp.num(r, cols, "L2 Theoretical Sectors Global Excessive")
                packed = inst * math.ceil(lanes * size / 32 - 1e-9)
                total += 1
                if abs(ideal - min(sectors, packed)) <= 0.02 * max(1.0, sectors):
                    matched += 1
                else:
                    differ.append("%s/%s:%d %s: measured %.2f, ideal %.2f, lanes packed %.2f" % (
                        suite, p, line, sass.strip(), sectors / inst, ideal / inst, packed / inst))
    print("%d of %d global load/store instructions (%.1f %%): Nsight's ideal is "
          "min(sectors, ceil(lanes x size / 32))" % (matched, total, 100.0 * matched / max(1, total)))
    for d in differ[:a.show]:
        print("  " + d)


if __name__ == "__main__":
    main()

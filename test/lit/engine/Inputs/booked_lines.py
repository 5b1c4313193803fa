"""The lines nvcc books global and shared loads and stores on, against the
report.

    booked_lines.py ptx FILE.ptx      # "FILE:LINE" of each ld/st/atom.global or .shared
    booked_lines.py report < R.json   # "FILE:LINE" of each access entry

Both print one "file-name:line" per instruction or entry, sorted and unique,
for comparison: what nvcc's -lineinfo says (the .loc before each
instruction) and where the JSON report lists an access (repeats included).
bench/nvcc_lines.py runs the same comparison over whole suites.
"""
import json
import os
import re
import sys


def ptx_lines(text):
    """{"file:line"} of the memory instructions of a PTX text."""
    rows = text.splitlines()
    # The .file table comes after the code that names its entries.
    files = {m.group(1): os.path.basename(m.group(2)) for m in
             (re.match(r'\s*\.file\s+(\d+)\s+"([^"]+)"', l) for l in rows) if m}
    loc, out = None, set()
    for line in rows:
        m = re.match(r"\s*\.loc\s+(\d+)\s+(\d+)", line)
        if m:
            loc = (m.group(1), m.group(2))
        if re.search(r"\b(ld|st|red|atom)\.(global|shared)", line) and loc:
            out.add("%s:%s" % (files.get(loc[0], loc[0]), loc[1]))
    return out


def report_lines(report):
    """{"file:line"} of every access entry of a JSON report."""
    return {"%s:%d" % (os.path.basename(a["file"]), a["line"])
            for a in report["accesses"]}


if __name__ == "__main__":
    if sys.argv[1] == "ptx":
        found = ptx_lines(open(sys.argv[2]).read())
    else:
        found = report_lines(json.load(sys.stdin))
    print("\n".join(sorted(found)))

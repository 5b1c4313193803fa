"""The lines nvcc books global and shared loads and stores on, against the
report.

    booked_lines.py ptx FILE.ptx      # "FILE:LINE" of each ld/st/atom.global or .shared
    booked_lines.py report < R.json   # "HEADER:LINE" of each access entry

Both print one "file-name:line" per instruction or entry, sorted and unique,
for comparison with diff: what nvcc's -lineinfo says (the .loc before each
instruction) and where the JSON report lists an access (repeats included).
"""
import json
import os
import re
import sys

if sys.argv[1] == "ptx":
    text = open(sys.argv[2]).read().splitlines()
    # The .file table comes after the code that names its entries.
    files = {m.group(1): os.path.basename(m.group(2)) for m in
             (re.match(r'\s*\.file\s+(\d+)\s+"([^"]+)"', l) for l in text) if m}
    loc, out = None, set()
    for line in text:
        m = re.match(r"\s*\.loc\s+(\d+)\s+(\d+)", line)
        if m:
            loc = (m.group(1), m.group(2))
        if re.search(r"\b(ld|st|red|atom)\.(global|shared)", line) and loc:
            out.add("%s:%s" % (files.get(loc[0], loc[0]), loc[1]))
else:
    out = {"%s:%d" % (os.path.basename(a["file"]), a["line"])
           for a in json.load(sys.stdin)["accesses"]}
print("\n".join(sorted(out)))

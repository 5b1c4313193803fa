#!/usr/bin/env python3
"""One line per analyzed access of a cuda-coalesce JSON report, for FileCheck.

  LINE:COL KIND `TEXT` addr=ADDRESS spr=SECTORS ideal=IDEAL eff=EFF[ warps=MIN..MAX/WARP0] CATEGORY[ groups=N][ if-branched=MEAN][ unless CONDITION][ FLAGGED CHECK][ guard?][ depends NAME%MODULUS=[SECTORS,...][ below N=FEWEST..MOST]]...[ block=FEWEST..MOST]
  LINE:COL KIND `TEXT` CATEGORY: REASON[ range=LENGTH][ FLAGGED CHECK]
  LINE:COL KIND `TEXT` shared addr=ADDRESS wf=WAVEFRONTS ideal=IDEAL ways=WAYS[ warps=MIN..MAX/WARP0] CATEGORY[ joined=ITERATIONSxBYTES][ if-branched=MEAN][ FLAGGED CHECK]

SECTORS, WAVEFRONTS and IDEAL are the launch's means; warps= is shown only
when the sampled warps differ (their fewest and most sectors or
wavefronts, and warp 0's); WAYS is the costliest sampled warp's.
if-branched: the mean over the warps with a lane on, where the launch's mean
counts the warps that issue the access predicated off (warps.if_branched).
groups=N: the address depends on values N groups of lanes each load at one
address (load_groups).
joined: nvcc joins the loads of ITERATIONS iterations of the loop into one
load of BYTES bytes a lane (joined_iterations).
guard?: the access runs under a condition the analysis could not evaluate
(unevaluated_guard), taken as true in every lane.
depends: an assumed value that moves the lanes within sectors, with the
mean for each residue (alignment_depends_on), or NAME=FEWEST..MOST when
the means did not repeat within 32 values; below N=FEWEST..MOST: the
values under N, small enough to change the means (small_values).
block=FEWEST..MOST: the launch's block is computed at run time, and
blocks of 1 to 1024 threads give that range (block_depends_on).
Reads the report on stdin. The JSON itself is tested elsewhere after
normalising; this view keeps engine tests one line per access.

With --inlined, an access repeated on the line of a call that reaches it
(inlined_from) is listed too, after the access it repeats:
  LINE:COL KIND `TEXT` inlined from LINE:COL
"""
import json
import sys



def number(x):
    """At most four decimals, no trailing zeros: 4, 4.875, 0.125."""
    return ("%.4f" % x).rstrip("0").rstrip(".")


report = json.load(sys.stdin)
for a in report["accesses"]:
    if "inlined_from" in a:
        if "--inlined" not in sys.argv[1:]:
            continue
        # The same access booked on a call's line (report-format.md):
        # one short line, after the access it repeats.
        print("%d:%d %s `%s` inlined from %d:%d" % (
            a["line"], a["column"], a["access"], a["text"],
            a["inlined_from"]["line"], a["inlined_from"]["column"]))
        continue
    head = "%d:%d %s `%s`" % (a["line"], a["column"], a["access"], a["text"])
    if a.get("space") == "shared" and a.get("wavefronts_per_request") is not None:
        warps = a.get("warps")
        spread = ""
        if warps and warps["min"] != warps["max"]:
            spread = " warps=%d..%d/%d" % (warps["min"], warps["max"], warps["warp0"])
        line = "%s shared addr=%s wf=%s ideal=%s ways=%d%s %s" % (
            head, a["address"], number(a["wavefronts_per_request"]),
            number(a["ideal_wavefronts"]), a["bank_conflict_ways"], spread,
            a["category"])
        if a.get("joined_iterations"):
            line += " joined=%dx%d" % (a["joined_iterations"], a["elem_bytes"])
        if warps and warps.get("if_branched") is not None:
            line += " if-branched=" + number(warps["if_branched"])
        print(line + (" FLAGGED " + a["check"] if a["flagged"] else ""))
        continue
    if a["sectors_per_request"] is None:
        line = "%s %s: %s" % (head, a["category"], a["reason"])
        if a.get("data_dependent_range"):
            line += " range=" + a["data_dependent_range"]
        if a["flagged"]:
            line += " FLAGGED " + a["check"]
        print(line)
        continue
    warps = a.get("warps")
    spread = ""
    if warps and warps["min"] != warps["max"]:
        spread = " warps=%d..%d/%d" % (warps["min"], warps["max"], warps["warp0"])
    line = "%s addr=%s spr=%s ideal=%s eff=%s%s %s" % (
        head, a["address"], number(a["sectors_per_request"]),
        number(a["ideal_sectors"]), number(a["efficiency"]), spread,
        a["category"])
    if a.get("load_groups"):
        line += " groups=%d" % a["load_groups"]["groups"]
    if warps and warps.get("if_branched") is not None:
        line += " if-branched=" + number(warps["if_branched"])
    if a.get("contiguous_if"):
        line += " unless " + a["contiguous_if"]
    if a["flagged"]:
        line += " FLAGGED " + a["check"]
    if a.get("unevaluated_guard"):
        line += " guard?"
    for d in a.get("alignment_depends_on", []):
        if d["modulus"]:
            line += " depends %s%%%d=[%s]" % (
                d["name"], d["modulus"], ",".join(number(v) for v in d["by_residue"]))
        else:
            spr = d["sectors_per_request"]
            line += " depends %s=%s..%s" % (d["name"], number(spr["fewest"]), number(spr["most"]))
        if d.get("small_values"):
            small = d["small_values"]
            spr = small["sectors_per_request"]
            line += " below %d=%s..%s" % (small["below"], number(spr["fewest"]), number(spr["most"]))
    if a.get("block_depends_on"):
        spr = a["block_depends_on"]["sectors_per_request"]
        line += " block=%s..%s" % (number(spr["fewest"]), number(spr["most"]))
    print(line)

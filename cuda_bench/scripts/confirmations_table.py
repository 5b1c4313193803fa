#!/usr/bin/env python3
"""Markdown table of a confirmations file (cuda-bench replay's output).

    confirmations_table.py CONFIRMATIONS.json

One row per replayed access: where, kernel, access, the analyzer's
category and whether it warned, predicted and measured cost per request
(sectors for a global access, wavefronts for a shared one), the replayed
pattern's and the baseline's bandwidth (global) or time (shared), the
slowdown, whether the timing is reliable, and the verdict.
"""
import json
import sys

data = json.load(open(sys.argv[1]))
print("| access | kernel | kind | space | category | warned | predicted | measured | unit | "
      "pattern | baseline | slowdown | timing | verdict |")
print("|---|---|---|---|---|---|---:|---:|---|---:|---:|---:|---|---|")
for c in data["confirmations"]:
    def num(key, fmt):
        v = c.get(key)
        return "—" if v is None else fmt % v
    if c.get("space") == "shared":
        unit, cost = "wavefronts", "wavefronts_per_request"
        pattern, baseline = num("pattern_ms", "%.4f ms"), num("baseline_ms", "%.4f ms")
    else:
        unit, cost = "sectors", "sectors_per_request"
        pattern, baseline = num("pattern_gbps", "%.0f GB/s"), num("baseline_gbps", "%.0f GB/s")
    print("| `%s:%d:%d` | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        c["file"], c["line"], c["column"], c.get("kernel", ""), c["access"], c.get("space", "global"),
        c.get("category", ""), "yes" if c.get("flagged") else "no",
        num("predicted_" + cost, "%.0f"), num("measured_" + cost, "%.2f"), unit,
        pattern, baseline, num("slowdown", "%.2fx"),
        "reliable" if c.get("timing_reliable", True) else "short run",
        c.get("verdict", "")))
summary = data.get("summary", {})
print()
print("%d accesses in the report, %d replayed; verdicts: %s" % (
    summary.get("accesses", 0), summary.get("replayed", 0),
    ", ".join("%s %d" % kv for kv in sorted(summary.get("verdicts", {}).items()))))

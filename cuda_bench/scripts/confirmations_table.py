#!/usr/bin/env python3
"""Markdown table of a confirmations file (cuda-bench replay's output).

    confirmations_table.py CONFIRMATIONS.json

One row per replayed access: where, kernel, access, the analyzer's
category and whether it warned, predicted and measured sectors per request,
the replayed pattern's and the coalesced baseline's bandwidth, the
slowdown, whether the timing is reliable, and the verdict.
"""
import json
import sys

data = json.load(open(sys.argv[1]))
print("| access | kernel | kind | category | warned | predicted | measured | "
      "pattern GB/s | baseline GB/s | slowdown | timing | verdict |")
print("|---|---|---|---|---|---:|---:|---:|---:|---:|---|---|")
for c in data["confirmations"]:
    def num(key, fmt):
        v = c.get(key)
        return "—" if v is None else fmt % v
    print("| `%s:%d:%d` | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        c["file"], c["line"], c["column"], c.get("kernel", ""), c["access"],
        c.get("category", ""), "yes" if c.get("flagged") else "no",
        num("predicted_sectors_per_request", "%.0f"),
        num("measured_sectors_per_request", "%.2f"),
        num("pattern_gbps", "%.0f"), num("baseline_gbps", "%.0f"),
        num("slowdown", "%.2fx"),
        "reliable" if c.get("timing_reliable", True) else "short run",
        c.get("verdict", "")))
summary = data.get("summary", {})
print()
print("%d accesses in the report, %d replayed; verdicts: %s" % (
    summary.get("accesses", 0), summary.get("replayed", 0),
    ", ".join("%s %d" % kv for kv in sorted(summary.get("verdicts", {}).items()))))

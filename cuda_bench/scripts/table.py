#!/usr/bin/env python3
"""Writes a Markdown table of a coalescing-patterns result (merged with ncu counters or not).

    table.py RESULTS.json [-o TABLE.md] [--expected EXPECTED.json] [--procedure TEXT] [--check]

With --expected (test/design-h200-expected.json holds the H200 table of docs/analysis.md) the table gains the expected
load sectors per request and bandwidth, and --check makes the script exit 1 when a measured load sector
count differs from the expected one by more than 2 %.
"""

import argparse
import json
import sys


def fmt(v, digits=1):
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "**no**"
    if isinstance(v, int) or (isinstance(v, float) and v.is_integer() and digits == 0):
        return "{:,}".format(int(v))
    return "{:,.{}f}".format(v, digits)


def sector_mismatches(doc, expected):
    bad = []
    for row in doc["rows"]:
        want = expected.get(row["name"], {}).get("ld_sectors_per_request")
        got = row.get("ld_sectors_per_request")
        if want is not None and (got is None or abs(got - want) > 0.02 * want):
            bad.append((row["name"], want, got))
    return bad


def render(doc, expected, procedure):
    out = []
    out.append("# Coalescing patterns on %s" % doc.get("device", "?"))
    out.append("")
    props = doc.get("device_properties", {})
    out.append("- Device: %s (compute capability %s, %s SMs, %s MiB L2)" % (
        doc.get("device"), props.get("compute_capability"), props.get("sm_count"),
        fmt((props.get("l2_bytes") or 0) / 2 ** 20, 0)))
    out.append("- CUDA runtime %s, driver %s (CUDA %s), built with nvcc %s" % (
        doc.get("cuda"), doc.get("driver"), doc.get("cuda_driver_api"), doc.get("nvcc")))
    out.append("- Measured %s with `%s`" % (doc.get("date_utc"), doc.get("command")))
    if procedure:
        out.append("- Produced by `%s`" % procedure)
    if "ncu" in doc:
        out.append("- Counters: Nsight Compute, one launch of each kernel (`%s`, %d launches)" % (
            doc["ncu"].get("csv"), doc["ncu"].get("launches", 0)))
    out.append("- Payload %s bytes per row; time is the median of %s launches after %s warm-up launches" % (
        fmt(doc.get("payload_bytes"), 0), doc.get("repeats"), doc.get("warmup")))
    out.append("")
    out.append("Useful GB/s counts the payload read plus the payload written (2 × payload) over the median time. "
               "Sectors per request are L1 global-load (ld) and global-store (st) sectors over requests; "
               "model is docs/analysis.md's sector formula for warp 0; DRAM read / useful is DRAM bytes read over "
               "payload bytes read.")
    out.append("")
    has_expected = bool(expected)
    head = ["pattern", "kernel", "elem B", "ld sectors/req (model)", "ld sectors/req (ncu)"]
    if has_expected:
        head.append("ld (DESIGN)")
    head += ["st sectors/req (ncu)", "useful GB/s"]
    if has_expected:
        head.append("GB/s (DESIGN)")
    head += ["DRAM read / useful", "DRAM write / useful", "verified"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "|".join("---" if i < 2 else "---:" for i in range(len(head))) + "|")
    for row in doc["rows"]:
        exp = expected.get(row["name"], {})
        cells = [row.get("label", row["name"]), "`%s`" % row["kernel"], fmt(row.get("elem_bytes"), 0),
                 fmt(row.get("model_ld_sectors_per_request"), 0), fmt(row.get("ld_sectors_per_request"), 2)]
        if has_expected:
            cells.append(fmt(exp.get("ld_sectors_per_request"), 0))
        cells += [fmt(row.get("st_sectors_per_request"), 2), fmt(row.get("useful_gbps"), 0)]
        if has_expected:
            cells.append(fmt(exp.get("useful_gbps"), 0))
        cells += [fmt(row.get("dram_read_per_useful"), 2), fmt(row.get("dram_write_per_useful"), 2),
                  fmt(row.get("verified"))]
        out.append("| " + " | ".join(str(c) for c in cells) + " |")
    out.append("")
    if has_expected:
        bad = sector_mismatches(doc, expected)
        if bad:
            out.append("Load sector counts that differ from the expected H200 table:")
            out.append("")
            for name, want, got in bad:
                out.append("- `%s`: expected %s, measured %s" % (name, want, fmt(got, 2)))
        else:
            out.append("Every measured load sector count equals the expected H200 table (within 2 %).")
        out.append("")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("-o", "--output")
    ap.add_argument("--expected", help="JSON with rows{name: {ld_sectors_per_request, useful_gbps}}")
    ap.add_argument("--procedure", help="the command that produced the results, stated in the header")
    ap.add_argument("--check", action="store_true", help="exit 1 on a load sector count off the expected one")
    args = ap.parse_args(argv)

    with open(args.results, encoding="utf-8") as f:
        doc = json.load(f)
    expected = {}
    if args.expected:
        with open(args.expected, encoding="utf-8") as f:
            expected = json.load(f)["rows"]
    text = render(doc, expected, args.procedure)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if args.check and expected:
        bad = sector_mismatches(doc, expected)
        for name, want, got in bad:
            print("table.py: %s: expected %s load sectors/request, measured %s" % (name, want, got), file=sys.stderr)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

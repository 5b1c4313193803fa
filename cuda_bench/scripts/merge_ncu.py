#!/usr/bin/env python3
"""Adds Nsight Compute counters to a cuda_bench result file.

    merge_ncu.py RESULTS.json NCU.csv -o MERGED.json

RESULTS.json is either coalescing-patterns output (schema cuda-bench-patterns/1) or cuda-bench replay output
(schema cuda-coalesce-confirmations/1); NCU.csv comes from profile.sh or replay.sh. Rows and launches are
joined on the kernel name, normalised so that ncu's demangled 'void copyStrided<float, (int)3>(...)' and the
analyzer's 'copyStrided<float, 3>' agree; the n-th row naming a kernel takes that kernel's n-th launch.

Pattern rows gain ld/st requests and sectors, ld_sectors_per_request, st_sectors_per_request,
dram_read_bytes, dram_write_bytes, dram_read_per_useful (DRAM bytes read over useful bytes read) and
dram_write_per_useful. Confirmations gain the measured sectors per request and a verdict: "confirmed" when
the measured value is within 2 % of the prediction (for load+store, both the load's and the store's),
"refuted" otherwise, "unmeasured" without counters and "unpredicted" without a prediction.

Shared-memory confirmations ("space": "shared") gain the measured wavefronts per request (wavefronts over
warp instructions of the access's operation: ld, st or atom), ncu's bank conflicts per request, and the warp
instructions ncu counted per request the replay made (1 unless the operation is emulated); they are
confirmed when the measured value rounds to the predicted wavefronts (within 0.5): ncu counts a few percent
of wavefronts over any address pattern (docs/bench/h200-bank.md), and a bank conflict costs a whole one.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ncu_csv  # noqa: E402

TOLERANCE = 0.02
SHARED_TOLERANCE = 0.5


def counters(launch):
    m = launch["metrics"] if launch else {}
    return {
        "ld_requests": m.get(ncu_csv.LD_REQUESTS),
        "ld_sectors": m.get(ncu_csv.LD_SECTORS),
        "st_requests": m.get(ncu_csv.ST_REQUESTS),
        "st_sectors": m.get(ncu_csv.ST_SECTORS),
        "dram_read_bytes": m.get(ncu_csv.DRAM_READ),
        "dram_write_bytes": m.get(ncu_csv.DRAM_WRITE),
    }


def merge_patterns(doc, matcher):
    missing = []
    for row in doc["rows"]:
        launch = matcher.take(row["kernel"])
        if launch is None:
            missing.append(row["name"])
        c = counters(launch)
        row["ncu_kernel"] = launch["kernel"] if launch else None
        row.update(c)
        row["ld_sectors_per_request"] = ncu_csv.ratio(c["ld_sectors"], c["ld_requests"])
        row["st_sectors_per_request"] = ncu_csv.ratio(c["st_sectors"], c["st_requests"])
        row["dram_read_per_useful"] = ncu_csv.ratio(c["dram_read_bytes"], row.get("useful_read_bytes"))
        row["dram_write_per_useful"] = ncu_csv.ratio(c["dram_write_bytes"], row.get("useful_write_bytes"))
    return missing


def within(measured, predicted):
    return measured is not None and abs(measured - predicted) <= TOLERANCE * abs(predicted)


# The operations whose counters judge an access: a load+store is both a load and a store.
OPERATIONS = {"load": ["ld"], "store": ["st"], "load+store": ["ld", "st"], "atomic": ["atom"]}


def verdict(conf):
    shared = conf.get("space") == "shared"
    unit = "wavefronts" if shared else "sectors"
    predicted = conf.get("predicted_%s_per_request" % unit)
    needed = [conf.get("measured_%s_%s_per_request" % (op, unit)) for op in OPERATIONS.get(conf.get("access"), [])]
    if not needed or any(v is None for v in needed):
        return "unmeasured"
    if predicted is None:
        return "unpredicted"
    if shared:
        return "confirmed" if all(abs(v - predicted) < SHARED_TOLERANCE for v in needed) else "refuted"
    return "confirmed" if all(within(v, predicted) for v in needed) else "refuted"


def merge_shared(conf, pattern, baseline):
    """Wavefronts per request of the access's operations, in the pattern kernel and in the baseline."""
    def per_request(launch, op, metric):
        m = launch["metrics"] if launch else {}
        return ncu_csv.ratio(m.get(metric(op)), m.get(ncu_csv.shared_instructions(op)))

    ops = OPERATIONS.get(conf.get("access"), [])
    for op in ncu_csv.SHARED_OPS:
        conf["measured_%s_wavefronts_per_request" % op] = (
            per_request(pattern, op, ncu_csv.shared_wavefronts) if op in ops else None)
    primary = ops[0] if ops else "ld"
    conf["measured_wavefronts_per_request"] = conf["measured_%s_wavefronts_per_request" % primary]
    conf["measured_bank_conflicts_per_request"] = per_request(pattern, primary, ncu_csv.shared_bank_conflicts)
    conf["baseline_wavefronts_per_request"] = per_request(baseline, primary, ncu_csv.shared_wavefronts)
    # Every request the kernel was to make, counted: one warp instruction per request and operation, unless
    # the compiler emulates the operation (a 64-bit shared atomicAdd is a compare-and-swap loop on sm_90).
    executed = (pattern or {}).get("metrics", {}).get(ncu_csv.shared_instructions(primary))
    conf["measured_requests"] = int(executed) if executed is not None else None
    conf["measured_instructions_per_request"] = ncu_csv.ratio(executed, conf.get("replay", {}).get("requests"))


def merge_confirmations(doc, matcher):
    missing = []
    for conf in doc["confirmations"]:
        replay = conf.get("replay", {})
        pattern = matcher.take(replay.get("pattern_kernel", ""))
        baseline = matcher.take(replay.get("baseline_kernel", ""))
        where = "%s:%s:%s" % (conf.get("file"), conf.get("line"), conf.get("column"))
        if pattern is None or baseline is None:
            missing.append(where)
        if conf.get("space") == "shared":
            merge_shared(conf, pattern, baseline)
            conf["verdict"] = verdict(conf)
            continue
        p, b = counters(pattern), counters(baseline)
        conf["measured_ld_sectors_per_request"] = ncu_csv.ratio(p["ld_sectors"], p["ld_requests"])
        conf["measured_st_sectors_per_request"] = ncu_csv.ratio(p["st_sectors"], p["st_requests"])
        primary = "st" if conf.get("access") == "store" else "ld"
        conf["measured_sectors_per_request"] = conf["measured_%s_sectors_per_request" % primary]
        conf["baseline_sectors_per_request"] = ncu_csv.ratio(b["%s_sectors" % primary], b["%s_requests" % primary])
        conf["pattern_dram_read_bytes"] = p["dram_read_bytes"]
        conf["pattern_dram_write_bytes"] = p["dram_write_bytes"]
        conf["verdict"] = verdict(conf)
    counts = {}
    for conf in doc["confirmations"]:
        counts[conf["verdict"]] = counts.get(conf["verdict"], 0) + 1
    doc.setdefault("summary", {})["verdicts"] = dict(sorted(counts.items()))
    return missing


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", help="coalescing-patterns or cuda-bench replay JSON")
    ap.add_argument("csv", help="ncu --csv output")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args(argv)

    with open(args.results, encoding="utf-8") as f:
        doc = json.load(f)
    launches = ncu_csv.read_launches(args.csv)
    matcher = ncu_csv.LaunchMatcher(launches)
    schema = doc.get("schema", "")
    if schema.startswith("cuda-bench-patterns/"):
        missing = merge_patterns(doc, matcher)
    elif schema.startswith("cuda-coalesce-confirmations/"):
        missing = merge_confirmations(doc, matcher)
    else:
        sys.exit("merge_ncu.py: %s: unknown schema %r" % (args.results, schema))

    doc["ncu"] = {
        "csv": os.path.basename(args.csv),
        "launches": len(launches),
        "unmatched_rows": missing,
        "unmatched_launches": [l["kernel"] for l in matcher.unused()],
    }
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    for m in missing:
        print("merge_ncu.py: no ncu launch for %s" % m, file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

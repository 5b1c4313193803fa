"""Merges bank-patterns' timed JSON with Nsight Compute's shared-memory counters (bank_profile.sh) into one
JSON (schema cuda-bench-bank/1, rows gaining the measured fields) and a Markdown table.

    bank_table.py TIMED.json NCU.csv --json MERGED.json -o TABLE.md

Measured per row, for loads and stores separately: wavefronts per request = shared-memory wavefronts over
shared-memory instructions executed (ncu counts one instruction per warp), and the bank conflicts ncu
reports (extra wavefronts). Standard library only.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ncu_csv  # noqa: E402

COUNTERS = {
    "ld_requests": "smsp__inst_executed_op_shared_ld.sum",
    "st_requests": "smsp__inst_executed_op_shared_st.sum",
    "ld_wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "st_wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "ld_bank_conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "st_bank_conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
}


def merge(timed, launches):
    matcher = ncu_csv.LaunchMatcher(launches)
    for row in timed["rows"]:
        launch = matcher.take(row["kernel"])
        if launch is None:
            raise SystemExit("no ncu launch for %s (%s)" % (row["name"], row["kernel"]))
        for key, metric in COUNTERS.items():
            value = launch["metrics"].get(metric)
            row[key] = int(value) if value is not None else None
        for op in ("ld", "st"):
            r = ncu_csv.ratio(row[op + "_wavefronts"], row[op + "_requests"])
            row[op + "_wavefronts_per_request"] = round(r, 3) if r is not None else None
        row["ncu_kernel"] = launch["kernel"]
    return timed


def fmt(v):
    if v is None:
        return "-"
    return ("%.2f" % v).rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def table(doc):
    lines = [
        "| row | kernel | pattern | ld wavefronts/request | st wavefronts/request | ld bank conflicts | ms (median) |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in doc["rows"]:
        lines.append("| %s | `%s` | %s | %s | %s | %s | %s |" % (
            r["name"], r["kernel"], r["label"], fmt(r.get("ld_wavefronts_per_request")),
            fmt(r.get("st_wavefronts_per_request")), fmt(r.get("ld_bank_conflicts")),
            ("%.4f" % r["ms_median"]) if r.get("ms_median") is not None else "-"))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("timed")
    ap.add_argument("ncu_csv")
    ap.add_argument("--json", required=True)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    with open(a.timed) as f:
        doc = merge(json.load(f), ncu_csv.read_launches(a.ncu_csv))
    with open(a.json, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    with open(a.output, "w") as f:
        f.write(table(doc))
    sys.stdout.write(table(doc))


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Replays a cuda-coalesce report on the GPU and confirms or refutes each prediction with Nsight Compute:
#   1. cuda-bench replay --profile-one under ncu (one launch of every pattern and baseline kernel), with the
#      global-memory counters and the shared-memory ones,
#   2. cuda-bench replay again without ncu, for the times,
#   3. merge_ncu.py joins the two: measured sectors (global) or wavefronts (shared) per request and a verdict
#      for every access.
#
#   replay.sh [-b BUILD_DIR] REPORT.json CONFIRMATIONS.json [cuda-bench replay options]
#
# ncu's CSV is kept next to the output as CONFIRMATIONS.ncu.csv. Without ncu the verdicts stay "unmeasured".
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/ncu_common.sh"

build=build-bench
if [[ "${1:-}" == "-b" ]]; then
  build=$2
  shift 2
fi
if [[ $# -lt 2 ]]; then
  echo "usage: replay.sh [-b BUILD_DIR] REPORT.json CONFIRMATIONS.json [cuda-bench replay options]" >&2
  exit 2
fi
report=$1
out=$2
shift 2
csv="${out%.json}.ncu.csv"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

NCU_METRICS="$NCU_METRICS,$(ncu_without_unknown_atom "$NCU_SHARED_METRICS")"
profiled=1
if ! ncu_profile "$csv" 'replay' "$build/cuda-bench" replay "$report" -o "$tmp/profiled.json" --profile-one "$@"; then
  echo "replay.sh: the ncu run failed; confirmations will be unmeasured" >&2
  profiled=0
fi
"$build/cuda-bench" replay "$report" -o "$tmp/timed.json" "$@"
if [[ $profiled == 1 ]]; then
  python3 "$here/merge_ncu.py" "$tmp/timed.json" "$csv" -o "$out"
else
  cp "$tmp/timed.json" "$out"
fi
python3 - "$out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
def num(v):
    return "-" if v is None else "%.2f" % v
for c in doc["confirmations"]:
    where = "%s:%d:%d" % (c["file"], c["line"], c["column"])
    if c.get("space") == "shared":
        print("%-45s %-10s predicted %-5s measured %-6s baseline %-6s wavefronts %9.4f ms vs %9.4f ms  %s" % (
            where, c["access"], c["predicted_wavefronts_per_request"], num(c.get("measured_wavefronts_per_request")),
            num(c.get("baseline_wavefronts_per_request")), c["pattern_ms"], c["baseline_ms"], c["verdict"]))
        continue
    print("%-45s %-10s predicted %-5s measured %-6s baseline %-6s sectors %8.1f GB/s vs %8.1f GB/s  %s" % (
        where, c["access"], c["predicted_sectors_per_request"], num(c.get("measured_sectors_per_request")),
        num(c.get("baseline_sectors_per_request")), c["pattern_gbps"], c["baseline_gbps"], c["verdict"]))
print("verdicts:", doc.get("summary", {}).get("verdicts"))
PY

#!/usr/bin/env bash
# The analyzer's reports for the runs of cuda_bench/suites/reports-only/
# (Rodinia and PolyBench-ACC), laid out one report per run as
# real_programs.py reads them:
#
#   reports_only.sh OUT_DIR
#   real_programs.py TRUTH OUT_DIR/view cuda_bench/suites/reports-only/*.manifest
#
# Rodinia's reports come from rodinia_source_counters.sh --analyze (one per
# program: dwt2d's four runs share dwt2d.json), PolyBench-ACC's from one run
# over its 21 files (every program's report is that one), with the flags of
# docs/bench/source-counters.md. The suites are in .suite/rodinia and
# .suite/polybench (SUITES moves .suite); CUDA_COALESCE names the binary
# (default build/bin/cuda-coalesce).
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
cd "$root"
bin=${CUDA_COALESCE:-build/bin/cuda-coalesce}
suites=${SUITES:-.suite}
mkdir -p "$out/rodinia" "$out/polybench"
CUDA_COALESCE=$bin SUITE="$suites/rodinia" bash "$here/rodinia_source_counters.sh" --analyze "$out/rodinia" \
  > "$out/rodinia.log" 2>&1
mapfile -t pb < <(find "$suites/polybench/CUDA" -name '*.cu' | LC_ALL=C sort)
rc=0
"$bin" --no-cache --format=json -o "$out/polybench/pb.json" "${pb[@]}" -- \
  -I"$suites/polybench/common" -DSMALL_DATASET > "$out/polybench.log" 2>&1 || rc=$?
((rc < 2)) || { echo "polybench: the analyzer failed (exit $rc): $out/polybench.log" >&2; exit 2; }
rm -rf "$out/view"
mkdir -p "$out/view/rodinia" "$out/view/polybench"
for run in $(awk '$1 == "program" { print $2 }' cuda_bench/suites/reports-only/rodinia.manifest); do
  # A run's report is its program's: dwt2d_f53 is dwt2d's.
  for name in "$run" "${run%_*}"; do
    if [[ -f "$out/rodinia/$name.json" ]]; then
      ln -sf "$out/rodinia/$name.json" "$out/view/rodinia/$run.json"
      break
    fi
  done
  [[ -e "$out/view/rodinia/$run.json" ]] || echo "rodinia/$run: no report" >&2
done
for run in $(awk '$1 == "program" { print $2 }' cuda_bench/suites/reports-only/polybench.manifest); do
  ln -sf "$out/polybench/pb.json" "$out/view/polybench/$run.json"
done
echo "reports in $out/view"

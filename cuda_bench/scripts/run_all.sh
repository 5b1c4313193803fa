#!/usr/bin/env bash
# The whole device procedure in one command, from the repository root:
#
#   bash cuda_bench/scripts/run_all.sh OUTDIR [NAME [ANALYZER_REPORT]]
#
# builds cuda_bench, runs its host tests, times the pattern suite, profiles it under Nsight Compute, merges
# the counters, writes the Markdown table and the SVG plot, and replays the hand-written report
# test/replay-report.json under ncu. Files in OUTDIR: NAME.json (merged results), NAME.md, NAME.svg,
# NAME.ncu.csv, replay-confirmations.json, replay-confirmations.ncu.csv and run.log.
# With ANALYZER_REPORT (cuda-coalesce --format=json cuda_bench/src/patterns.cu), it also replays that report
# (NAME-confirmations.json, NAME-confirmations.ncu.csv) and sets its predictions beside the measured rows
# (NAME-vs-analyzer.md).
# Environment: BUILD_DIR (default build-bench), BYTES (default 512M), REPEATS (default 10), CUDA_ARCH (90).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: run_all.sh OUTDIR [NAME [ANALYZER_REPORT]]}
name=${2:-patterns}
analyzer_report=${3:-}
build=${BUILD_DIR:-build-bench}
bytes=${BYTES:-512M}
repeats=${REPEATS:-10}
scripts="$root/cuda_bench/scripts"
mkdir -p "$out"
out=$(cd "$out" && pwd)
exec > >(tee "$out/run.log") 2>&1
cd "$root"

step() { echo; echo "== $* ($(date -u +%H:%M:%S))"; }
status=0

step build
cmake -S cuda_bench -B "$build" -G Ninja -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCH:-90}" -DCMAKE_BUILD_TYPE=Release \
  && cmake --build "$build" || exit 1
(cd "$build" && ctest --output-on-failure) || status=1

step device
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem --format=csv || true
ncu_bin=$(source "$scripts/ncu_common.sh" && find_ncu)
if [[ -n "$ncu_bin" ]]; then "$ncu_bin" --version; else echo "ncu not found: no counters this run"; fi

step "timed pattern suite"
"$build/coalescing-patterns" --bytes "$bytes" --repeats "$repeats" --json "$out/$name.timed.json" || status=1
[[ -s "$out/$name.timed.json" ]] || { echo "run_all.sh: the pattern suite wrote no results"; exit 1; }

step "pattern suite under ncu"
bash "$scripts/profile.sh" -b "$build" "$out/$name.ncu.csv" --bytes "$bytes" || status=1

step merge
if [[ -s "$out/$name.ncu.csv" ]]; then
  python3 "$scripts/merge_ncu.py" "$out/$name.timed.json" "$out/$name.ncu.csv" -o "$out/$name.json" || status=1
else
  cp "$out/$name.timed.json" "$out/$name.json"
fi
rm -f "$out/$name.timed.json"

step "table and plot"
python3 "$scripts/table.py" "$out/$name.json" --expected cuda_bench/test/design-h200-expected.json \
  --procedure "bash cuda_bench/scripts/run_all.sh OUTDIR $name" -o "$out/$name.md" --check || status=1
cat "$out/$name.md"
python3 "$scripts/plot.py" "$out/$name.json" -o "$out/$name.svg" || status=1

step "replay of test/replay-report.json"
bash "$scripts/replay.sh" -b "$build" cuda_bench/test/replay-report.json "$out/replay-confirmations.json" || status=1

if [[ -n "$analyzer_report" ]]; then
  step "replay of $analyzer_report"
  bash "$scripts/replay.sh" -b "$build" "$analyzer_report" "$out/$name-confirmations.json" || status=1
  python3 "$scripts/compare_report.py" "$analyzer_report" "$out/$name.json" -o "$out/$name-vs-analyzer.md" || status=1
  cat "$out/$name-vs-analyzer.md"
fi

step "done (status $status)"
exit $status

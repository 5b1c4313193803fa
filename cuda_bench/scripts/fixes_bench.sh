#!/usr/bin/env bash
# cuda-coalesce --fix on the H200: for every program of cuda_bench/fixes
# (the examples with a fix and a family of padded-tile and chunked-loop
# kernels), builds the original (fixes/original/) and the version --fix made
# (fixes/fixed/, committed), runs both, checks that they print the same
# output (the family prints a checksum of the kernel's output), measures the
# median time of 20 launches and, with Nsight Compute, global sectors per
# request and shared wavefronts per request of each kernel's first launch,
# and writes the table docs/bench/fixes.md quotes.
#
#   fixes_bench.sh OUT_DIR      (from the repository root; nvcc and ncu)
#
# Leaves OUT_DIR/fixes-bench.tar.gz: table.md, the ncu CSVs, the programs'
# outputs and the nvcc/ncu logs. Under 2 minutes on one H200.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/ncu_common.sh"
root=$(cd "$here/../fixes" && pwd)
out=${1:?usage: fixes_bench.sh OUT_DIR}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
res="$work/fixes-bench"
mkdir -p "$res"
ncu_bin=$(find_ncu)
metrics="$NCU_METRICS,$NCU_SHARED_METRICS"
metrics=$(ncu_without_unknown_atom "$metrics")
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
  nvcc --version | tail -n 2
  [[ -n "$ncu_bin" ]] && "$ncu_bin" --version | tail -n 1
} > "$res/environment.txt" 2>&1
for src in "$root"/original/*.cu; do
  name=$(basename "$src" .cu)
  for side in original fixed; do
    bin="$work/$name.$side"
    if ! nvcc -O3 -arch=sm_90 -lineinfo -o "$bin" "$root/$side/$name.cu" \
        > "$res/$name.$side.nvcc.log" 2>&1; then
      echo "$name ($side): nvcc failed" | tee -a "$res/failures.txt"
      continue
    fi
    timeout 120 "$bin" > "$res/$name.$side.out" 2> "$res/$name.$side.err" ||
      echo "$name ($side): exit $?" | tee -a "$res/failures.txt"
    if [[ -n "$ncu_bin" ]]; then
      # The first launch of each kernel: the one fix_harness.h runs before
      # the timed ones.
      timeout 120 "$ncu_bin" --csv --page details --print-units base \
        --print-kernel-base demangled \
        --kernel-id ::regex:.*:1 --metrics "$metrics" \
        --log-file "$res/$name.$side.ncu.csv" "$bin" \
        > "$res/$name.$side.ncu.log" 2>&1 ||
        echo "$name ($side): ncu failed" | tee -a "$res/failures.txt"
    fi
  done
done
python3 "$here/fixes_table.py" "$res" "$root" | tee "$res/table.md"
tar -C "$work" -czf "$out/fixes-bench.tar.gz" fixes-bench
echo "wrote $out/fixes-bench.tar.gz"

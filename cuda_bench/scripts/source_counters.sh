#!/usr/bin/env bash
# Per-source-line truth for whole programs: builds each .cu given with
# -lineinfo, profiles the first launch of every kernel with Nsight Compute's
# SourceCounters section, and exports the source page (CUDA source with its
# SASS) as CSV, one file per program: OUT_DIR/<name>.source.csv.
# compare_source_counters.py then sets every global load/store line's
# measured sectors per request beside the analyzer's prediction.
#
#   source_counters.sh OUT_DIR FILE.cu...
#
# NVCC_EXTRA adds flags and sources to every nvcc line (include folders,
# -D options, a support .c file); each program may run TIMEOUT seconds
# (default 120) under ncu. ALL_LAUNCHES=1 profiles every launch, not only
# the first of each kernel: a line's counters are then summed over them.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/ncu_common.sh"
out=$1
shift
mkdir -p "$out"
ncu_bin=$(find_ncu)
[[ -n "$ncu_bin" ]] || { echo "source_counters.sh: ncu not found" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for src in "$@"; do
  name=$(basename "$src" .cu)
  # shellcheck disable=SC2086  # NVCC_EXTRA is a list of words on purpose
  if ! nvcc -O3 -lineinfo -arch=sm_90 -o "$work/$name" ${NVCC_EXTRA:-} "$src" \
      > "$work/$name.nvcc.log" 2>&1; then
    echo "$src: nvcc failed: $(head -c 300 "$work/$name.nvcc.log")"
    continue
  fi
  # Mangled names tell template instantiations apart, so ":1" profiles the
  # first launch of each instantiation, not only of the first one.
  select=(--kernel-id ::regex:.*:1)
  [[ "${ALL_LAUNCHES:-0}" == 1 ]] && select=()
  if ! timeout "${TIMEOUT:-120}" "$ncu_bin" --section SourceCounters \
      --import-source yes --kernel-name-base mangled \
      "${select[@]}" -f -o "$work/$name" "$work/$name" \
      > "$work/$name.log" 2>&1; then
    echo "$src: ncu failed or timed out: $(tail -c 300 "$work/$name.log")"
    [[ -f "$work/$name.ncu-rep" ]] || continue
  fi
  "$ncu_bin" -i "$work/$name.ncu-rep" --page source --csv \
    --print-source cuda,sass > "$out/$name.source.csv"
  echo "$src: $(wc -l < "$out/$name.source.csv") lines of source counters"
done

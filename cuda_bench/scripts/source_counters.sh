#!/usr/bin/env bash
# Per-source-line truth for whole programs: builds each .cu given with
# -lineinfo, profiles the first launch of every kernel with Nsight Compute's
# SourceCounters section, and exports the source page (CUDA source with its
# SASS) as CSV, one file per program: OUT_DIR/<name>.source.csv.
# compare_source_counters.py then sets every global load/store line's
# measured sectors per request beside the analyzer's prediction.
#
#   source_counters.sh OUT_DIR FILE.cu...
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
  nvcc -O3 -lineinfo -arch=sm_90 -o "$work/$name" "$src"
  # Mangled names tell template instantiations apart, so ":1" profiles the
  # first launch of each instantiation, not only of the first one.
  "$ncu_bin" --section SourceCounters --import-source yes --kernel-name-base mangled \
    --kernel-id ::regex:.*:1 -f -o "$work/$name" "$work/$name" > "$work/$name.log" 2>&1
  "$ncu_bin" -i "$work/$name.ncu-rep" --page source --csv \
    --print-source cuda,sass > "$out/$name.source.csv"
  echo "$src: $(wc -l < "$out/$name.source.csv") lines of source counters"
done

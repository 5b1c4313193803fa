#!/usr/bin/env bash
# Runs coalescing-patterns under Nsight Compute, profiling one launch of each row's kernel (the binary's
# --profile-one mode: no warm-up, one launch), and writes ncu's CSV. Keep the payload the same as in the
# timed run (--bytes), or the DRAM ratios describe a different working set.
#
#   profile.sh [-b BUILD_DIR] NCU.csv [coalescing-patterns options, e.g. --bytes 512M --json profiled.json]
#
# Then: merge_ncu.py TIMED.json NCU.csv -o MERGED.json
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/ncu_common.sh"

build=build-bench
if [[ "${1:-}" == "-b" ]]; then
  build=$2
  shift 2
fi
if [[ $# -lt 1 || "$1" == -* ]]; then
  echo "usage: profile.sh [-b BUILD_DIR] NCU.csv [coalescing-patterns options]" >&2
  exit 2
fi
csv=$1
shift

# Only the measured kernels: every one is named copy*; the setup kernels (fill*) are left out.
ncu_profile "$csv" 'copy' "$build/coalescing-patterns" --profile-one "$@"
echo "profile.sh: wrote $csv ($(grep -c 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum' "$csv" || true) launches)"

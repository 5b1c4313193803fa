#!/usr/bin/env bash
# Runs bank-patterns under Nsight Compute, one launch of each row's kernel (--profile-one), and writes
# ncu's CSV with the shared-memory counters: load and store instructions, wavefronts and bank conflicts.
#
#   bank_profile.sh [-b BUILD_DIR] NCU.csv
#
# Then: bank_table.py TIMED.json NCU.csv --json MERGED.json -o TABLE.md
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/ncu_common.sh"

build=build-bench
if [[ "${1:-}" == "-b" ]]; then
  build=$2
  shift 2
fi
if [[ $# -ne 1 ]]; then
  echo "usage: bank_profile.sh [-b BUILD_DIR] NCU.csv" >&2
  exit 2
fi
NCU_METRICS=smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
ncu_profile "$1" 'shared|transpose' "$build/bank-patterns" --profile-one
echo "bank_profile.sh: wrote $1 ($(grep -c 'smsp__inst_executed_op_shared_ld.sum' "$1" || true) launches)"

# Sourced by profile.sh and replay.sh: finds ncu and builds the command line both use.

# The six counters docs/analysis.md's H200 table is built on: L1 global load/store requests and sectors, DRAM bytes.
NCU_METRICS=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,dram__bytes_read.sum,dram__bytes_write.sum

# The shared-memory counters, for loads, stores and atomics: warp instructions (one per request), data-pipe
# wavefronts and bank conflicts (extra wavefronts). replay.sh adds them for shared accesses.
NCU_SHARED_METRICS=smsp__inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_op_shared_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum

find_ncu() {
  if [[ -n "${NCU:-}" ]]; then
    echo "$NCU"
    return
  fi
  local candidate
  for candidate in "$(command -v ncu || true)" /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu; do
    if [[ -n "$candidate" && -x "$candidate" ]]; then
      echo "$candidate"
      return
    fi
  done
}

# ncu_profile CSV KERNEL_REGEX COMMAND...: profiles every launch of the kernels whose names match, writing
# ncu's CSV (details page, values in base units, demangled names) to CSV. Clocks are left as they are.
ncu_profile() {
  local csv=$1 regex=$2
  shift 2
  local ncu
  ncu=$(find_ncu)
  if [[ -z "$ncu" ]]; then
    echo "ncu not found (set NCU=/path/to/ncu)" >&2
    return 127
  fi
  local help extra=()
  help=$("$ncu" --help 2>&1 || true)
  [[ "$help" == *--print-units* ]] && extra+=(--print-units base)
  [[ "$help" == *--print-kernel-base* ]] && extra+=(--print-kernel-base demangled)
  [[ "$help" == *--clock-control* ]] && extra+=(--clock-control none)
  "$ncu" --csv --page details "${extra[@]}" --kernel-name "regex:$regex" --metrics "$NCU_METRICS" \
    --log-file "$csv" "$@"
}

# ncu_without_unknown_atom METRICS: METRICS less the shared-atomic counters when this ncu, asked about the GPU
# it runs on, does not list them (ncu refuses a whole run over one unknown metric). Unchanged when the
# query lists nothing.
ncu_without_unknown_atom() {
  local ncu known
  ncu=$(find_ncu)
  known=$([[ -n "$ncu" ]] && "$ncu" --query-metrics 2>/dev/null || true)
  if [[ -n "$known" && "$known" != *l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom* ]]; then
    echo "ncu lists no shared-atomic counters for this GPU: atomics stay unmeasured" >&2
    tr ',' '\n' <<<"$1" | grep -v '_op_atom' | paste -sd, -
  else
    echo "$1"
  fi
}

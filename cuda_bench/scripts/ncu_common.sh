# Sourced by profile.sh and replay.sh: finds ncu and builds the command line both use.

# The six counters DESIGN.md's table is built on: L1 global load/store requests and sectors, DRAM bytes.
NCU_METRICS=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,dram__bytes_read.sum,dram__bytes_write.sum

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

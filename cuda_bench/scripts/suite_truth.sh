#!/usr/bin/env bash
# Per-source-line truth for the programs of any suite, described by a
# manifest (cuda_bench/suites/<suite>.manifest; the format is below and in
# docs/bench/real-programs.md). rodinia_source_counters.sh, generalized.
#
#   suite_truth.sh profile OUT_DIR MANIFEST...   # on the GPU machine
#   suite_truth.sh build   OUT_DIR MANIFEST...   # compile only (no GPU needed)
#   suite_truth.sh analyze OUT_DIR MANIFEST...   # here: one report per program
#   suite_truth.sh all     OUT_DIR MANIFEST...   # here: one report per .cu file of the suite
#   suite_truth.sh inputs  OUT_DIR MANIFEST...   # make each run's inputs in OUT_DIR/<suite>/<program>
#   suite_truth.sh units   OUT_DIR MANIFEST...   # OUT_DIR/<suite>.units: all's files and flags
#   real_programs.py OUT_DIR MANIFEST...         # the figures
#
# profile builds every program (nvcc -O3 -arch=sm_90 -lineinfo, JOBS at
# once, default the core count), makes each run's inputs in its own folder,
# profiles the first launch of every kernel with Nsight Compute's
# SourceCounters section, PROFILES programs at once (default 6: the counters
# are per instruction, so concurrent programs do not disturb them), and
# exports the source page (CUDA source with its SASS) as CSV:
# OUT_DIR/<suite>/<program>.source.csv. Each run may take TIMEOUT seconds
# (default 90; a manifest's `timeout` overrides it); runs that would start
# after DEADLINE seconds (default 480, counted from the start) are skipped
# and running ones are cut short, so that what was measured still comes
# back. OUT_DIR/run.log holds the GPU, driver, ncu and nvcc versions and one
# line per build and run; OUT_DIR/<suite>/logs/ each build's, input's and
# run's own output.
#
# analyze runs build/bin/cuda-coalesce (CUDA_COALESCE overrides it) over
# each program's .cu translation units with the program's flags:
# OUT_DIR/<suite>/<program>.json. all runs it over every .cu file below the
# suite's root, one file at a time with --allow-compile-errors (the flags of
# the first program that lists the file, else the suite's flags and the
# file's folder): OUT_DIR/<suite>/all/<path with / as __>.json, and
# OUT_DIR/<suite>/all.status, one line per file: exit status, path, the
# first error line, the number of kernels not analyzed (errors in their
# bodies).
#
# units writes, for every file `all` analyzes, one line to
# OUT_DIR/<suite>.units: the file, then the flags `all` gives it (the
# analyzer's own options last), tab-separated, for bench/suite_speed.py.
#
# Manifest: one directive a line; '#' starts a comment line. Words are
# expanded by the shell (eval: quotes work, and so do $S, the suite's root,
# $D, the program's folder, and $C, cuda_bench/suites/compat, all
# absolute).
#   suite NAME          the suite; its files are in $SUITES/NAME (SUITES
#                       defaults to .suite) unless `root` says otherwise
#   root PATH           the suite's root, relative to $SUITES
#   flags WORDS...      before any program: every program's flags; after
#                       `program`: that program's (include folders, -D);
#                       nvcc and the analyzer both get them
#   program NAME DIR    starts a program; DIR is relative to the root
#   src FILES...        its translation units, relative to DIR; before any
#                       program: translation units every program links
#                       (name them with $S)
#   nvcc WORDS...       options for nvcc alone (-rdc=true, -lcuda, -Xcompiler=...)
#   analyze WORDS...    options for the analyzer alone (clang's, such as
#                       -Wno-register: nvcc accepts what C++17 removed);
#                       before any program: for every program
#   args WORDS...       the run's command line
#   input SHELL         a line of shell run (bash, in the run's folder, with
#                       S and D exported) before the run to make its inputs;
#                       several lines are joined
#   timeout SECONDS     this run's limit under ncu
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/ncu_common.sh"

usage() { echo "usage: $0 profile|build|analyze|all|inputs|units OUT_DIR MANIFEST..." >&2; exit 2; }
[[ $# -ge 3 ]] || usage
mode=$1 out=$2
shift 2
case $mode in profile|build|analyze|all|inputs|units) ;; *) usage ;; esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
suites=${SUITES:-.suite}
compat=$(cd "$here/../suites/compat" && pwd)

# parse_manifest FILE: sets suite, S, common (the suite's flags, one
# string) and, per program i, p_name[i], p_dir[i], p_src[i], p_flags[i],
# p_nvcc[i], p_args[i], p_input[i], p_timeout[i] (strings, expanded later).
parse_manifest() {
  suite= S= common= common_src= common_an=
  p_name=() p_dir=() p_src=() p_flags=() p_nvcc=() p_an=() p_args=() p_input=() p_timeout=()
  local key rest n=-1 root=
  while IFS= read -r line || [[ -n "$line" ]]; do
    line=${line#"${line%%[![:space:]]*}"}
    [[ -z "$line" || "$line" == \#* ]] && continue
    key=${line%%[[:space:]]*}
    rest=${line#"$key"}
    rest=${rest#"${rest%%[![:space:]]*}"}
    case $key in
      suite) suite=$rest ;;
      root) root=$rest ;;
      program)
        n=$((n + 1))
        p_name[n]=${rest%%[[:space:]]*}
        p_dir[n]=${rest#*[[:space:]]}
        p_src[n]= p_flags[n]= p_nvcc[n]= p_an[n]= p_args[n]= p_input[n]= p_timeout[n]= ;;
      flags) if ((n < 0)); then common+=" $rest"; else p_flags[n]+=" $rest"; fi ;;
      src) if ((n < 0)); then common_src+=" $rest"; else p_src[n]+=" $rest"; fi ;;
      nvcc) p_nvcc[n]+=" $rest" ;;
      analyze) if ((n < 0)); then common_an+=" $rest"; else p_an[n]+=" $rest"; fi ;;
      args) p_args[n]+=" $rest" ;;
      input) p_input[n]+="$rest"$'\n' ;;
      timeout) p_timeout[n]=$rest ;;
      *) echo "$1: unknown directive '$key'" >&2; exit 2 ;;
    esac
  done < "$1"
  [[ -n "$suite" ]] || { echo "$1: no 'suite' line" >&2; exit 2; }
  S=$suites/${root:-$suite}
  [[ -d "$S" ]] || { echo "$1: no folder $S (extract the suite there, or set SUITES)" >&2; exit 2; }
  S=$(cd "$S" && pwd)
}

# expand_program I: sets name, D, srcs, cus (the .cu ones), flags (common
# and the program's), nvcc_opts, an_opts (the analyzer's), args: arrays of
# absolute words.
expand_program() {
  local i=$1 w
  name=${p_name[i]}
  D=$S/${p_dir[i]}
  local C=$compat
  eval "flags=($common ${p_flags[i]})"
  eval "nvcc_opts=(${p_nvcc[i]})"
  eval "an_opts=($common_an ${p_an[i]})"
  eval "args=(${p_args[i]})"
  local raw
  eval "raw=(${p_src[i]} $common_src)"
  srcs=() cus=()
  for w in "${raw[@]}"; do
    [[ "$w" == /* ]] || w=$D/$w
    srcs+=("$w")
    [[ "$w" == *.cu ]] && cus+=("$w")
  done
  return 0
}

bin_cc=${CUDA_COALESCE:-build/bin/cuda-coalesce}

# make_inputs I DIR: runs program I's input lines in DIR (made).
make_inputs() {
  mkdir -p "$2"
  (cd "$2" && S=$S D=$D timeout 60 bash -euo pipefail -c "${p_input[$1]}")
}

inputs_all() {
  local m i rc
  for m in "$@"; do
    parse_manifest "$m"
    for i in "${!p_name[@]}"; do
      expand_program "$i"
      rc=0
      mkdir -p "$out/$suite/$name"
      make_inputs "$i" "$out/$suite/$name" > "$out/$suite/$name.log" 2>&1 || rc=$?
      echo "$suite/$name: inputs exit $rc: $(ls "$out/$suite/$name" | tr '\n' ' ')"
    done
  done
}

analyze() {
  local m i rc
  for m in "$@"; do
    parse_manifest "$m"
    mkdir -p "$out/$suite"
    for i in "${!p_name[@]}"; do
      expand_program "$i"
      rc=0
      "$bin_cc" --no-cache --format=json -o "$out/$suite/$name.json" "${cus[@]}" -- \
        "${flags[@]}" ${an_opts[@]+"${an_opts[@]}"} 2> "$out/$suite/$name.stderr" || rc=$?
      echo "$suite/$name: exit $rc, $(tail -1 "$out/$suite/$name.stderr")"
    done
  done
}

analyze_all() {
  local m i f rc key first skipped
  local list_only=${LIST_ONLY:-}
  for m in "$@"; do
    parse_manifest "$m"
    if [[ -n "$list_only" ]]; then
      : > "$out/$suite.units"
    else
      mkdir -p "$out/$suite/all"
      : > "$out/$suite/all.status"
    fi
    declare -A owner=()
    for i in "${!p_name[@]}"; do
      expand_program "$i"
      for f in "${cus[@]}"; do
        [[ -n "${owner[$f]:-}" ]] || owner[$f]=$i
      done
    done
    while IFS= read -r f; do
      if [[ -n "${owner[$f]:-}" ]]; then
        expand_program "${owner[$f]}"
      else
        local C=$compat
        eval "flags=($common)"
        eval "an_opts=($common_an)"
        flags+=(-I"$(dirname "$f")")
      fi
      if [[ -n "$list_only" ]]; then
        printf '%s' "$f" >> "$out/$suite.units"
        printf '\t%s' "${flags[@]}" ${an_opts[@]+"${an_opts[@]}"} >> "$out/$suite.units"
        printf '\n' >> "$out/$suite.units"
        continue
      fi
      key=${f#"$S"/}
      key=${key//\//__}
      rc=0
      "$bin_cc" --no-cache --format=json --allow-compile-errors -o "$out/$suite/all/${key%.cu}.json" "$f" -- \
        "${flags[@]}" ${an_opts[@]+"${an_opts[@]}"} > "$out/$suite/all/${key%.cu}.stderr" 2>&1 || rc=$?
      first=$(grep -m1 -E 'error' "$out/$suite/all/${key%.cu}.stderr" || true)
      skipped=$(grep -c 'not analyzed' "$out/$suite/all/${key%.cu}.stderr" || true)
      printf '%s\t%s\t%s\t%s\n' "$rc" "${f#"$S"/}" "$first" "$skipped" >> "$out/$suite/all.status"
    done < <(find "$S" -name '*.cu' | LC_ALL=C sort)
    unset owner
    [[ -z "$list_only" ]] || { echo "$suite: $(wc -l < "$out/$suite.units") files"; continue; }
    echo "$suite: $(wc -l < "$out/$suite/all.status") files, $(awk -F'\t' '$1 == 2' "$out/$suite/all.status" | wc -l) failed (exit 2)"
  done
}

# throttle N: waits until fewer than N background jobs run.
throttle() {
  while (( $(jobs -rp | wc -l) >= $1 )); do
    wait -n || true
  done
}

# build_all MANIFEST...: builds every program, JOBS at once (default the
# core count); programs of one manifest with the same sources and flags
# (one binary run with different arguments) share one build. With a file
# descriptor in BUILT, writes "MANIFEST INDEX" to it for each program as
# its build ends, built or not.
build_all() {
  local m i key jobs=${JOBS:-$(nproc)}
  for m in "$@"; do
    parse_manifest "$m"
    mkdir -p "$out/$suite/logs" "$work/bin/$suite"
    local -A group=() first=()
    local keys=()
    for i in "${!p_name[@]}"; do
      expand_program "$i"
      key=$(printf '%s\0' "${flags[@]}" -- ${nvcc_opts[@]+"${nvcc_opts[@]}"} -- "${srcs[@]}" | md5sum | cut -c1-16)
      [[ -n "${group[$key]:-}" ]] || { keys+=("$key"); first[$key]=$i; }
      group[$key]+=" $i"
    done
    for key in "${keys[@]}"; do
      expand_program "${first[$key]}"
      throttle "$jobs"
      ( t0=$SECONDS
        built=$work/bin/$suite/.build-$key
        if ${NICE:-} "$nvcc_bin" -O3 -arch=sm_90 -lineinfo "${flags[@]}" ${nvcc_opts[@]+"${nvcc_opts[@]}"} \
            -o "$built" "${srcs[@]}" -lm > "$out/$suite/logs/$name.build.log" 2>&1; then
          echo "built $suite/$name in $((SECONDS - t0)) s"
        else
          echo "$suite/$name: nvcc failed: $(grep -m2 -iE 'error|undefined' "$out/$suite/logs/$name.build.log" | tr '\n' ' ')"
        fi
        for i in ${group[$key]}; do
          [[ ! -x "$built" ]] || ln -sf "$built" "$work/bin/$suite/${p_name[i]}"
          [[ -z "${BUILT:-}" ]] || echo "$m $i" >&"$BUILT"
        done ) &
    done
    unset group first
  done
  wait
}

# run_one I: makes program I's inputs, profiles it, exports its source page.
run_one() {
  local i=$1 left limit rc t0 dir
  expand_program "$i"
  left=$((deadline - (SECONDS - start)))
  if (( left < 25 )); then
    echo "$suite/$name: skipped, past the deadline"
    return
  fi
  limit=${p_timeout[i]:-${TIMEOUT:-90}}
  (( limit > left - 15 )) && limit=$((left - 15))
  if [[ ! -x "$work/bin/$suite/$name" ]]; then
    echo "$suite/$name: not built"
    return
  fi
  dir=$work/run/$suite/$name
  if ! make_inputs "$i" "$dir" > "$out/$suite/logs/$name.inputs.log" 2>&1; then
    echo "$suite/$name: inputs failed: $(tail -c 300 "$out/$suite/logs/$name.inputs.log" | tr '\n' ' ')"
    return
  fi
  t0=$SECONDS
  rc=0
  (cd "$dir" && timeout -k 5 "$limit" "$ncu_bin" --section SourceCounters --import-source yes \
      --kernel-name-base mangled --kernel-id ::regex:.*:1 -f -o "$dir/rep" \
      "$work/bin/$suite/$name" ${args[@]+"${args[@]}"}) > "$out/$suite/logs/$name.run.log" 2>&1 || rc=$?
  if [[ ! -f "$dir/rep.ncu-rep" ]]; then
    echo "$suite/$name: exit $rc after $((SECONDS - t0)) s, no report: $(tail -c 300 "$out/$suite/logs/$name.run.log" | tr '\n' ' ')"
    return
  fi
  timeout 60 "$ncu_bin" -i "$dir/rep.ncu-rep" --page source --csv --print-source cuda,sass \
    > "$out/$suite/$name.source.csv" 2> "$out/$suite/logs/$name.export.log" || true
  echo "$suite/$name: exit $rc after $((SECONDS - t0)) s, $(grep -c '^"Function Name"' "$out/$suite/$name.source.csv" || true) kernels," \
    "$(wc -l < "$out/$suite/$name.source.csv") lines of source counters"
  rm -rf "$dir"
}

# profile MANIFEST...: builds and profiles; a program's run starts as soon
# as its build ends (PROFILES runs at once), so that the builds' CPU time
# and the runs' GPU time overlap.
profile() {
  local m i
  ncu_bin=$(find_ncu)
  [[ -n "$ncu_bin" ]] || { echo "suite_truth.sh: ncu not found" >&2; exit 2; }
  echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1)"
  echo "== $("$ncu_bin" --version | tail -1); $("$nvcc_bin" --version | tail -2 | head -1)"
  mkfifo "$work/built"
  ( exec {fd}>"$work/built"; BUILT=$fd build_all "$@"; echo "== builds done after $((SECONDS - start)) s" ) &
  local parsed=
  while read -r m i; do
    [[ "$parsed" == "$m" ]] || { parse_manifest "$m"; parsed=$m; }
    throttle $(( ${PROFILES:-6} + 1 ))  # and the builds
    run_one "$i" < /dev/null &
  done < "$work/built"
  wait
  echo "== done after $((SECONDS - start)) s"
}

start=$SECONDS
deadline=${DEADLINE:-480}
nvcc_bin=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
case $mode in
  analyze) analyze "$@" ;;
  all) analyze_all "$@" ;;
  units) LIST_ONLY=1 analyze_all "$@" ;;
  inputs) inputs_all "$@" ;;
  build|profile)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    if [[ $mode == build ]]; then
      build_all "$@" 2>&1 | tee "$out/build.log"
    else
      profile "$@" 2>&1 | tee -a "$out/run.log"
    fi ;;
esac

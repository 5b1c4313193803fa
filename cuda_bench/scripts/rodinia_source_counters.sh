#!/usr/bin/env bash
# Per-source-line truth for Rodinia's CUDA programs, as source_counters.sh
# gives it for single files. The suite is not in this repository: extract
# github:yuhc/gpu-rodinia into .suite/rodinia (or set SUITE). On a GPU
# machine, builds every program that CUDA 13 still compiles with -lineinfo,
# makes its inputs (Rodinia's data/ folder is not used: sizes go on the
# command line, and the files some programs read are generated here),
# profiles the first launch of every kernel with Nsight Compute's
# SourceCounters section and exports the source page (CUDA source with its
# SASS) as CSV: OUT_DIR/<run>.source.csv. With --analyze, here (no GPU
# needed), it runs build/bin/cuda-coalesce over the same translation units
# with the same flags instead, one report per program: OUT_DIR/<program>.json.
# With RUN_VALUES=1 it also tells the analyzer (--assume) the first launch's
# kernel arguments that the run's command line or another translation unit
# decides, for the four programs whose lines depend on them (run_values
# below): what a user who knows the run would give it.
# compare_source_counters.py then sets the two side by side:
#
#   rodinia_source_counters.sh OUT_DIR              # on the device
#   rodinia_source_counters.sh --analyze REPORT_DIR # here
#   compare_source_counters.py --root .suite/rodinia/cuda REPORT_DIR/*.json OUT_DIR
#
# Each run may take TIMEOUT seconds (default 90) under ncu; runs that would
# start after DEADLINE seconds (default 480, counted from the start) are
# skipped, so that what was measured still comes back. OUT_DIR/run.log is the
# log (GPU, driver, ncu version, one line per build and run); OUT_DIR/logs/
# holds each build's and run's own output.
#
# Not run, and why: heartwall and leukocyte read an AVI video; kmeans,
# hybridsort and mummergpu use texture references, which CUDA 12 removed;
# myocyte reads the cell model's initial state and parameters (y.txt,
# params.txt), which cannot be made up; srad_v2's srad_cuda_1 reads a row
# before and after its image (J_cuda[index_n] in the first row of blocks,
# J_cuda[index_s] in the last), and under ncu that launch fails.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/ncu_common.sh"

mode=profile
if [[ "${1:-}" == "--analyze" ]]; then
  mode=analyze
  shift
fi
[[ $# -eq 1 ]] || { echo "usage: $0 [--analyze] OUT_DIR" >&2; exit 2; }
out=$1
mkdir -p "$out"
suite=${SUITE:-.suite/rodinia}
cuda=$suite/cuda
[[ -d "$cuda" ]] || { echo "rodinia_source_counters.sh: no $cuda (set SUITE)" >&2; exit 2; }
compat=$here/rodinia_compat

# Host-side names CUDA 13 no longer has: the two deprecated thread calls, and
# two cudaDeviceProp fields that gaussian prints and huffman tests (any
# copy engine means overlap). cfd's helper_cuda.h/helper_timer.h come from
# the CUDA samples; rodinia_compat/ has the few lines of them it uses.
common_flags=(-DcudaThreadSynchronize=cudaDeviceSynchronize
  -DcudaThreadExit=cudaDeviceReset -DclockRate=major
  -DdeviceOverlap=asyncEngineCount -I"$compat")

# One build per line: program folder, binary, its translation units (in the
# program's folder), include folders relative to that folder, and -X options
# for nvcc alone (dwt2d copies argv[0] into malloc(strlen(argv[0])), which a
# host compiler that fortifies by default, as Ubuntu's does, aborts).
builds() {
  cat <<'EOF'
b+tree      b+tree               main.c kernel/kernel_gpu_cuda_wrapper.cu kernel/kernel_gpu_cuda_wrapper_2.cu util/timer/timer.c util/num/num.c util/cuda/cuda.cu
backprop    backprop             backprop_cuda.cu backprop.c facetrain.c imagenet.c
bfs         bfs                  bfs.cu  -I../util
cfd         euler3d              euler3d.cu
cfd         euler3d_double       euler3d_double.cu
cfd         pre_euler3d          pre_euler3d.cu
cfd         pre_euler3d_double   pre_euler3d_double.cu
dwt2d       dwt2d                main.cu dwt.cu components.cu dwt_cuda/fdwt53.cu dwt_cuda/fdwt97.cu dwt_cuda/common.cu dwt_cuda/rdwt97.cu dwt_cuda/rdwt53.cu  -Xcompiler=-U_FORTIFY_SOURCE
gaussian    gaussian             gaussian.cu
hotspot     hotspot              hotspot.cu
hotspot3D   hotspot3D            3D.cu
huffman     huffman              main_test_cu.cu cpuencode.cpp stats_logger.cpp
lavaMD      lavaMD               main.c kernel/kernel_gpu_cuda_wrapper.cu util/num/num.c util/timer/timer.c util/device/device.cu
lud         lud                  cuda/lud.cu cuda/lud_kernel.cu common/common.c  -Icommon
nn          nn                   nn_cuda.cu
nw          nw                   needle.cu
particlefilter particlefilter_naive ex_particle_CUDA_naive_seq.cu
particlefilter particlefilter_float ex_particle_CUDA_float_seq.cu
pathfinder  pathfinder           pathfinder.cu
srad        srad_v1              srad_v1/main.cu
streamcluster streamcluster      streamcluster_cuda_cpu.cpp streamcluster_cuda.cu streamcluster_header.cu
EOF
}

# parse_build PROGRAM BINARY WORDS...: the sources (as paths), include
# options and nvcc-only options of a line.
parse_build() {
  local dir=$cuda/$1
  srcs=()
  incs=(-I"$dir")
  xopts=()
  shift 2
  local w
  for w in "$@"; do
    if [[ "$w" == -I* ]]; then
      incs+=(-I"$dir/${w#-I}")
    elif [[ "$w" == -X* ]]; then
      xopts+=("$w")
    else
      srcs+=("$dir/$w")
    fi
  done
}

# run_values BINARY: the first launch's arguments of BINARY's kernels that
# the analyzer cannot see, as the run below makes them. backprop: hid is
# bpnn_create's 16 (facetrain.c), in the 65536 of its command line.
# hotspot (512 2 2): iteration MIN(2, 2 - 0), border_cols and border_rows
# pyramid_height * EXPAND_RATE / 2 = 2. pathfinder (100000 100 20):
# iteration MIN(20, 100 - 0 - 1), border 20, startStep 0. nw (2048 10):
# cols is max_cols, 2048 + 1, block_width 2048 / 16.
run_values() {
  case $1 in
    backprop) echo hid=16,in=65536 ;;
    hotspot) echo iteration=2,grid_cols=512,grid_rows=512,border_cols=2,border_rows=2 ;;
    pathfinder) echo iteration=20,cols=100000,rows=100,startStep=0,border=20 ;;
    nw) echo cols=2049,penalty=10,block_width=128 ;;
  esac
}

if [[ "$mode" == analyze ]]; then
  bin=${CUDA_COALESCE:-build/bin/cuda-coalesce}
  while read -r prog binary rest; do
    # shellcheck disable=SC2086  # rest is a list of words on purpose
    parse_build "$prog" "$binary" $rest
    cus=()
    for s in "${srcs[@]}"; do
      [[ "$s" == *.cu ]] && cus+=("$s")
    done
    assume=()
    if [[ "${RUN_VALUES:-0}" == 1 && -n "$(run_values "$binary")" ]]; then
      assume=(--assume "$(run_values "$binary")")
    fi
    rc=0
    "$bin" --no-cache --format=json ${assume[@]+"${assume[@]}"} -o "$out/$binary.json" "${cus[@]}" -- \
      "${incs[@]}" "${common_flags[@]}" 2> "$out/$binary.stderr" || rc=$?
    echo "$binary: exit $rc, $(tail -1 "$out/$binary.stderr")"
  done < <(builds)
  exit 0
fi

profile() {
start=$SECONDS
deadline=${DEADLINE:-480}
ncu_bin=$(find_ncu)
[[ -n "$ncu_bin" ]] || { echo "rodinia_source_counters.sh: ncu not found" >&2; exit 2; }
mkdir -p "$out/logs" "$work/bin"
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1)"
echo "== $("$ncu_bin" --version | tail -1); $(nvcc --version | tail -2 | head -1)"

# Builds, all at once. Absolute paths, so that ncu finds the sources whatever
# the folder a run starts in.
while read -r prog binary rest; do
  # shellcheck disable=SC2086
  parse_build "$prog" "$binary" $rest
  ( if nvcc -O3 -lineinfo -arch=sm_90 "${common_flags[@]}" "${incs[@]}" ${xopts[@]+"${xopts[@]}"} -o "$work/bin/$binary" \
        "${srcs[@]}" -lm > "$out/logs/$binary.build.log" 2>&1; then
      echo "built $binary"
    else
      echo "$binary: nvcc failed: $(grep -m3 -i error "$out/logs/$binary.build.log")"
    fi ) &
done < <(builds)
wait
echo "== builds done after $((SECONDS - start)) s"

# Inputs, made with awk (a fixed seed) in each run's folder.
floats() { awk -v n="$1" -v lo="$2" -v span="$3" -v seed="$4" \
  'BEGIN { srand(seed); for (i = 0; i < n; i++) printf "%.6f\n", lo + span * rand() }'; }

# prepare RUN: makes RUN's folder and inputs, sets bin, dir and args.
prepare() {
  dir=$work/run/$1/a/b/c
  mkdir -p "$dir"
  bin=$work/bin/$1
  case $1 in
    b+tree)
      # The key file (count, then one key a line) and the two queries of Rodinia's command.txt.
      awk 'BEGIN { srand(3); n = 1000000; print n; for (i = 0; i < n; i++) print int(rand() * n) }' > "$dir/mil.txt"
      printf 'j 6000 3000\nk 10000\n' > "$dir/command.txt"
      args=(file mil.txt command command.txt) ;;
    backprop) args=(65536) ;;
    bfs)
      # Rodinia's graph format: node count; "first-edge degree" per node; source; edge count; "to cost" per edge.
      awk 'BEGIN { srand(4); n = 65536; e = 0; print n
             for (i = 0; i < n; i++) { d = 1 + int(rand() * 8); print e, d; e += d }
             print 0; print e
             for (i = 0; i < e; i++) print int(rand() * n), 1 + int(rand() * 10) }' > "$dir/graph.txt"
      args=(graph.txt) ;;
    euler3d|euler3d_double|pre_euler3d|pre_euler3d_double)
      # cfd's mesh: element count, then per element its area and, for 4 faces, the neighbour
      # (1-based, near the element; 0 a wing face, -1 the far field) and the face normal.
      awk 'BEGIN { srand(5); n = 40000; print n
             for (i = 1; i <= n; i++) { line = sprintf("%.6f", 0.5 + rand())
               for (f = 0; f < 4; f++) { r = rand()
                 if (r < 0.03) nb = 0; else if (r < 0.06) nb = -1
                 else { nb = i + int((rand() - 0.5) * 256); if (nb < 1) nb = 1; if (nb > n) nb = n }
                 line = line sprintf(" %d %.6f %.6f %.6f", nb, rand() - 0.5, rand() - 0.5, rand() - 0.5) }
               print line } }' > "$dir/mesh.domn"
      args=(mesh.domn) ;;
    dwt2d_f53|dwt2d_f97|dwt2d_r53|dwt2d_r97)
      # Raw 8-bit RGB (not a BMP, whatever the name), read from ../../data/dwt2d/ of the folder the run starts in.
      bin=$work/bin/dwt2d
      mkdir -p "$work/run/$1/data/dwt2d"
      awk 'BEGIN { srand(6); for (i = 0; i < 1024 * 1024 * 3 / 16; i++) printf "%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c",
             33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90),
             33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90),
             33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90), 33+int(rand()*90) }' \
        > "$work/run/$1/data/dwt2d/rgb.bmp"
      dir=$work/run/$1/a/b
      local kind=${1#dwt2d_}
      args=(rgb.bmp -d 1024x1024 -l 3 "-${kind:1:1}")
      [[ $kind == f* ]] && args+=(-f) || args+=(-r) ;;
    gaussian) args=(-s 1024) ;;
    hotspot)
      floats $((512 * 512)) 320 20 7 > "$dir/temp"
      floats $((512 * 512)) 0 0.001 8 > "$dir/power"
      args=(512 2 2 temp power out.txt) ;;
    hotspot3D)
      floats $((512 * 512 * 8)) 0 0.001 9 > "$dir/power"
      floats $((512 * 512 * 8)) 320 20 10 > "$dir/temp"
      args=(512 8 100 power temp out.txt) ;;
    huffman)
      # 1 MiB of bytes from 32 symbols with skewed frequencies (a few bits of entropy, as Rodinia's input).
      LC_ALL=C awk 'BEGIN { srand(11); for (i = 0; i < 1048576; i++) printf "%c", 65 + int(32 * rand() ^ 3) }' > "$dir/input.bin"
      args=(input.bin) ;;
    lavaMD) args=(-boxes1d 10) ;;
    lud) args=(-s 1024) ;;
    nn)
      # Rodinia's own generator writes the hurricane records.
      mkdir -p "$dir/data"
      gcc -O2 -o "$work/bin/hurricane_gen" "$cuda/nn/hurricane_gen.c" -lm
      (cd "$dir" && "$work/bin/hurricane_gen" 42760 4 > /dev/null)
      (cd "$dir" && ls data/cane4_*.db > filelist)  # nn reads names of 63 characters at most
      args=(filelist -r 5 -lat 30 -lng 90) ;;
    nw) args=(2048 10) ;;
    particlefilter_naive|particlefilter_float) args=(-x 128 -y 128 -z 10 -np 10000) ;;
    pathfinder) args=(100000 100 20) ;;
    srad_v1)
      # A plain-text PGM, read from ../../../data/srad/image.pgm: 502 rows of 458.
      mkdir -p "$work/run/$1/data/srad"
      awk 'BEGIN { srand(12); print "P2"; print "458 502"; print "255"
             for (i = 0; i < 502; i++) { l = ""; for (j = 0; j < 458; j++) l = l " " int(256 * rand()); print l } }' \
        > "$work/run/$1/data/srad/image.pgm"
      args=(100 0.5 502 458) ;;
    streamcluster) args=(10 20 32 16384 16384 1000 none out.txt 1) ;;
    *) echo "no inputs for $1" >&2; return 1 ;;
  esac
}

runs=(b+tree backprop bfs gaussian hotspot hotspot3D huffman lavaMD lud nn nw
  particlefilter_naive particlefilter_float pathfinder srad_v1
  dwt2d_f53 dwt2d_f97 dwt2d_r53 dwt2d_r97 streamcluster
  euler3d euler3d_double pre_euler3d pre_euler3d_double)
for run in "${runs[@]}"; do
  left=$((deadline - (SECONDS - start)))
  if (( left < 20 )); then
    echo "$run: skipped, past the deadline"
    continue
  fi
  limit=${TIMEOUT:-90}
  (( limit > left - 10 )) && limit=$((left - 10))
  if ! prepare "$run" > "$out/logs/$run.inputs.log" 2>&1; then
    echo "$run: inputs failed: $(tail -c 300 "$out/logs/$run.inputs.log")"
    continue
  fi
  if [[ ! -x "$bin" ]]; then
    echo "$run: not built"
    continue
  fi
  t0=$SECONDS
  rc=0
  (cd "$dir" && timeout "$limit" "$ncu_bin" --section SourceCounters --import-source yes \
      --kernel-name-base mangled --kernel-id ::regex:.*:1 -f -o "$work/$run" "$bin" "${args[@]}") \
      > "$out/logs/$run.log" 2>&1 || rc=$?
  if [[ ! -f "$work/$run.ncu-rep" ]]; then
    echo "$run: exit $rc after $((SECONDS - t0)) s, no report: $(tail -c 300 "$out/logs/$run.log")"
    continue
  fi
  "$ncu_bin" -i "$work/$run.ncu-rep" --page source --csv --print-source cuda,sass \
    > "$out/$run.source.csv" 2> "$out/logs/$run.export.log" || true
  echo "$run: exit $rc after $((SECONDS - t0)) s, $(grep -c '^"Function Name"' "$out/$run.source.csv" || true) kernels," \
    "$(wc -l < "$out/$run.source.csv") lines of source counters"
done
echo "== done after $((SECONDS - start)) s"
}

[[ "$cuda" == /* ]] || cuda=$PWD/$cuda
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
profile 2>&1 | tee -a "$out/run.log"

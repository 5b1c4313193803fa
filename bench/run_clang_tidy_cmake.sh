#!/bin/sh
# run-clang-tidy-19 over the compile database CMake writes for a CUDA project
# built with nvcc, before and after `cuda-coalesce --export-compile-commands`,
# and the command line on the same files (docs/bench/run-clang-tidy.md).
#
#   bench/run_clang_tidy_cmake.sh BUILD_DIR WORK_DIR
#
# The project: test/lit/tidy/Inputs/cmake-cuda's kernels.cu and examples/*.cu,
# one static library, CMAKE_CUDA_ARCHITECTURES 90, the machine's nvcc.
set -eu
build=$(cd "$1" && pwd)
work=$2
root=$(cd "$(dirname "$0")/.." && pwd)
module="$build/lib/CudaCoalesceTidyModule.so"
checks='-*,coalescing-*,shared-bank-conflict'
rm -rf "$work" && mkdir -p "$work/src"
cp "$root/test/lit/tidy/Inputs/cmake-cuda/kernels.cu" "$root"/examples/*.cu "$work/src/"
cat > "$work/src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.18)
project(x CUDA)
set(CMAKE_CUDA_ARCHITECTURES 90)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
file(GLOB sources *.cu)
add_library(kernels STATIC ${sources})
CMAKE
cd "$work"
cmake -S src -B build -G Ninja -DCMAKE_CUDA_COMPILER="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)" > cmake.log
echo "== run-clang-tidy-19 on CMake's database"
run-clang-tidy-19 -load="$module" -checks="$checks" -p build -quiet 2>&1 |
  grep -E 'error:' | sed "s|$work/||" | sort | uniq -c || true
echo "== cuda-coalesce --export-compile-commands, then run-clang-tidy-19"
"$build/bin/cuda-coalesce" -p build --export-compile-commands=build/tidy
run-clang-tidy-19 -load="$module" -checks="$checks" -p build/tidy -quiet 2>&1 |
  grep -E 'warning:|error:' | sed "s|$work/||" | sort
echo "== cuda-coalesce -p build (coalescing-gather on, as in clang-tidy)"
"$build/bin/cuda-coalesce" --no-cache -p build --checks=coalescing-gather src/*.cu 2>&1 |
  grep -E 'warning:|files?,' | sed "s|$work/||" | sort

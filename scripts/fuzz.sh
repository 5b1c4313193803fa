#!/usr/bin/env bash
# The fuzzers' short runs: configures a clang-19 build directory with
# CUDA_COALESCE_BUILD_FUZZERS=ON (libFuzzer needs clang, the main build may
# use GCC), builds the fuzz targets and runs the tests labelled "fuzz".
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${CUDA_COALESCE_FUZZ_BUILD_DIR:-$root/build-fuzz}
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=clang++-19 "${launcher[@]}" \
  -DCUDA_COALESCE_BUILD_TESTS=OFF -DCUDA_COALESCE_BUILD_FUZZERS=ON >/dev/null
cmake --build "$dir" --target laneexpr-fuzzer -j 2
cd "$dir"
ctest -L fuzz --output-on-failure

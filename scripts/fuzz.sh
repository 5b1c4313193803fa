#!/usr/bin/env bash
# The fuzzers' short runs (60 s each, ctest label "fuzz"): builds the fuzz
# targets in the instrumented clang-19 build directory (scripts/configure-asan.sh;
# libFuzzer needs clang, the main build may use GCC) and runs them.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${CUDA_COALESCE_ASAN_BUILD_DIR:-$root/build-asan}
"$root/scripts/configure-asan.sh" "$dir"
cmake --build "$dir" --target laneexpr-fuzzer frontend-fuzzer cuda-coalesce -j 2
cd "$dir"
ctest -L fuzz --output-on-failure -j 2

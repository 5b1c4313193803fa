#!/usr/bin/env bash
# The README's second command (and CI's): install, build, run every test.
#   1. the release build (scripts/setup.sh) and its whole suite;
#   2. the instrumented clang-19 build (build-asan/: AddressSanitizer,
#      UndefinedBehaviorSanitizer) and its unit and lit tests;
#   3. the fuzzers' 60-second runs, from the same instrumented build.
# Each phase's time goes to standard error.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
asan=${CUDA_COALESCE_ASAN_BUILD_DIR:-$root/build-asan}
export CUDA_COALESCE_ASAN_BUILD_DIR=$asan
started=$SECONDS
phase_start=$SECONDS
phase() {
  echo "test.sh: $1: $((SECONDS - phase_start)) s" >&2
  phase_start=$SECONDS
}

"$root/scripts/setup.sh"
phase "release build"
(cd "${CUDA_COALESCE_BUILD_DIR:-$root/build}" && ctest --output-on-failure -j 2)
phase "release tests"

"$root/scripts/configure-asan.sh" "$asan"
cmake --build "$asan" -j 2
phase "sanitizer build"
# The unit and lit tests only (labels "unit" and "lit"; lit leaves out the
# clang-tidy module's tests, see test/lit/CMakeLists.txt): the rest of the
# suite drives the .deb package, clangd, pre-commit and Chromium, is the
# slowest part, and already ran on the release build.
(cd "$asan" && ctest -L 'unit|lit' --output-on-failure -j 2)
phase "sanitizer tests"

"$root/scripts/fuzz.sh"
phase "fuzzers"
echo "test.sh: all phases: $((SECONDS - started)) s" >&2

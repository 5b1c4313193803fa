#!/usr/bin/env bash
# Configures the instrumented build directory (default build-asan/) that the
# sanitizer tests and the fuzzers share: clang-19, AddressSanitizer and
# UndefinedBehaviorSanitizer over all of our code (CUDA_COALESCE_SANITIZE),
# libFuzzer's coverage instrumentation and the fuzz targets
# (CUDA_COALESCE_BUILD_FUZZERS). -O1 keeps the tests fast and the reports
# readable; assertions stay on. One directory instead of two saves a whole
# build of the project in CI.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-${CUDA_COALESCE_ASAN_BUILD_DIR:-$root/build-asan}}
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
  -DCMAKE_CXX_COMPILER=clang++-19 "${launcher[@]}" \
  -DCUDA_COALESCE_SANITIZE=ON -DCUDA_COALESCE_BUILD_FUZZERS=ON >/dev/null

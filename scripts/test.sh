#!/usr/bin/env bash
# The README's second command (and CI's): install, build, run every test.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"
cd "${CUDA_COALESCE_BUILD_DIR:-$root/build}"
ctest --output-on-failure -j 2
# The fuzzers' 60-second runs, in their own clang-19 build directory.
"$root/scripts/fuzz.sh"

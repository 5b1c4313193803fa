#!/usr/bin/env bash
# The README's first command: install, build, then analyze examples/.
# Exit code: the analyzer's (1 means it found something to report).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root"
status=0
"${CUDA_COALESCE_BUILD_DIR:-$root/build}/bin/cuda-coalesce" examples/*.cu || status=$?
# 1 = findings, which is what examples/ is for.
[[ $status -eq 1 || $status -eq 0 ]] || exit "$status"

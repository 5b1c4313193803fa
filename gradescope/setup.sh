#!/bin/sh
# Gradescope's setup step: installs the cuda-coalesce .deb shipped in the
# autograder zip (next to this script, in $AUTOGRADER_ROOT/source) with its
# dependencies from the distribution's archive. The package's dependencies
# are Debian 12's (libclang-cpp19, libllvm19, ...): use a base image that
# has them (docs/grading.md, "Gradescope").
set -eu
root=${AUTOGRADER_ROOT:-/autograder}
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "$root"/source/cuda-coalesce_*_amd64.deb

#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks (as root), configures and
# builds cuda-coalesce into build/. Sourced by run-examples.sh and test.sh.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CUDA_COALESCE_BUILD_DIR:-$root/build}

# clang-19 ships ClangConfig.cmake (libclang-19-dev does not); llvm-19-tools
# ships FileCheck and lit; libclang-common-19-dev the resource headers;
# libclang-rt-19-dev libFuzzer and the sanitizers (scripts/fuzz.sh).
# pre-commit tries the repository's .pre-commit-hooks.yaml in the tests.
# chromium renders the grader's report.html in the tests; lintian checks the
# .deb (test deb-package); curl fetches the .deb in the CI templates' test
# (ci-templates), which would otherwise be skipped.
# (npm, below, brings the SARIF Multitool for the SARIF test.)
# clang-tidy-19 loads the checks' module in the tests; clangd-19 brings the
# gRPC/protobuf runtime libraries Debian's clangd libraries (which
# cuda-coalesce-clangd links) call, and is the stock clangd of the latency
# benchmark. libclang-19-dev ships the clangd and clang-tidy static libraries.
# test/install/check_package_owners.py checks that every file the configure step reads
# from the LLVM prefix belongs to one of these.
# build_packages: what the tools and the .deb need (the Dockerfile's build
# stage installs these alone); the rest serves the tests.
build_packages=(cmake ninja-build g++ python3
                llvm-19-dev llvm-19-tools clang-19 libclang-19-dev libclang-cpp19-dev
                libclang-cpp19 libllvm19
                libclang-common-19-dev nlohmann-json3-dev clangd-19)
packages=("${build_packages[@]}" python3-yaml libgtest-dev
          libclang-rt-19-dev
          chromium pre-commit lintian curl
          clang-tidy-19)
if [[ ${1:-} == --print-packages ]]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi
if [[ ${1:-} == --print-build-packages ]]; then
  printf '%s\n' "${build_packages[@]}"
  exit 0
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: run as root to install packages (or install them yourself)" >&2
    exit 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Microsoft's SARIF Multitool validates the SARIF output in the tests (with
# GitHub's rules); it comes from the npm registry, so npm must be there.
if ! command -v npm >/dev/null; then
  echo "setup: installing npm"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
multitool_version=5.7.0
if [[ -z $(find "$(npm root -g)/@microsoft" -name Sarif.Multitool -type f 2>/dev/null) ]]; then
  echo "setup: installing @microsoft/sarif-multitool@$multitool_version (npm)"
  npm install -g --no-audit --no-fund --loglevel=error \
    "@microsoft/sarif-multitool@$multitool_version" >/dev/null
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
# Two cores, 24 GiB: two compile jobs fit comfortably.
cmake --build "$build" -j 2

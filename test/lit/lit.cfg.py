# lit configuration for cuda-coalesce.
import atexit
import os
import shutil
import tempfile

import lit.formats

config.name = "cuda-coalesce"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs"]
# The analyzer exits 1 when it flags something; pipelines are judged by
# FileCheck, and exit codes have tests of their own.
config.pipefail = False

config.substitutions.append(("%cuda-coalesce", config.cuda_coalesce))
# Tests are hermetic by default: the analyzer's own CUDA headers, whatever
# toolkit the machine has.
config.substitutions.append(("%coalesce", config.cuda_coalesce + " --cuda=builtin --color=false"))
config.substitutions.append(("%normalize-json", config.python + " " +
                             os.path.join(config.test_source_root, "normalize_json.py")))
config.substitutions.append(("%summarize", config.python + " " +
                             os.path.join(config.test_source_root, "summarize.py")))
config.substitutions.append(("%exitcode", config.python + " " +
                             os.path.join(config.test_source_root, "exitcode.py")))
config.substitutions.append(("%show-escapes", config.python + " " +
                             os.path.join(config.test_source_root, "show_escapes.py")))
# clang-tidy-19 with the module; the project's own CUDA headers, from the
# source tree, stand for a toolkit.
headers = os.path.join(config.source_root, "lib", "Frontend", "headers")
config.substitutions.append(("%clang-tidy", config.clang_tidy))
config.substitutions.append(("%tidy-module", config.tidy_module))
config.substitutions.append(("%tidy-cuda-flags", " ".join([
    "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
    "-isystem", os.path.join(headers, "builtin"),
    "-idirafter", os.path.join(headers, "compat"),
    "-include", "cuda_coalesce_prelude.h"])))
# Optional programs: a test that needs one REQUIRES its feature.
for feature, path, sub in (("run-clang-tidy", config.run_clang_tidy, "%run-clang-tidy"),
                           ("stock-clangd", config.clangd, "%stock-clangd"),
                           ("cmake", config.cmake, "%cmake")):
    if path and not path.endswith("-NOTFOUND") and os.path.exists(path):
        config.available_features.add(feature)
        config.substitutions.append((sub, path))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("not ", config.not_tool + " "))

# Tests that parse against a real CUDA toolkit run only where one exists.
cuda_root = os.environ.get("CUDA_PATH") or os.environ.get("CUDA_HOME") or "/usr/local/cuda"
if os.path.exists(os.path.join(cuda_root, "include", "cuda_runtime.h")):
    config.available_features.add("cuda-toolkit")
    config.substitutions.append(("%cuda_root", cuda_root))
if os.path.exists(os.path.join(cuda_root, "bin", "nvcc")):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", os.path.join(cuda_root, "bin", "nvcc")))

config.environment["HOME"] = os.environ.get("HOME", "/tmp")
# The analyzer caches precompiled headers and results under
# $XDG_CACHE_HOME/cuda-coalesce by default: the suite gets a cache of its own,
# shared by its tests (concurrent runs on one cache are a feature) and
# removed when lit ends, and never touches the user's.
_cache_home = tempfile.mkdtemp(prefix="cuda-coalesce-lit-cache-")
atexit.register(shutil.rmtree, _cache_home, True)
config.environment["XDG_CACHE_HOME"] = _cache_home

# The instrumented build (build-asan/): AddressSanitizer reserves its shadow
# memory up front and aborts when an allocation fails, so an address-space
# limit cannot end in the "out of memory" record there.
if os.environ.get("CUDA_COALESCE_LIT_SANITIZED"):
    config.available_features.add("asan")
# A cap on a command's address space (8 GiB), so that a regression that
# reads without end fails the test instead of filling the machine: none in
# the instrumented build, whose shadow reservation the cap would refuse
# (there, such a regression ends in AddressSanitizer's own out-of-memory
# abort, which fails the test as well).
config.substitutions.append(
    ("%address_space_cap",
     "" if "asan" in config.available_features
     else "prlimit --as=8589934592:unlimited"))

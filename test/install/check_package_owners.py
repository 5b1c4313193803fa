#!/usr/bin/env python3
"""Every file the build reads from the LLVM/Clang prefix belongs to a Debian
package that scripts/setup.sh installs.

Wave 1's setup installed libclang-19-dev but not clang-19, which owns
ClangConfig.cmake; CI passed only because its machine had the package by hand.
This test reads what the configured build really used:
  - the CMake files the configure step read (the RERUN_CMAKE dependencies in
    build.ninja),
  - the programs the tests run (lit, FileCheck, not, clang-tidy:
    CMakeCache.txt),
  - the libraries the tools link and the resource directory baked into the
    binary (build.ninja),
and asks `dpkg -S` who owns each.

usage: check_package_owners.py BUILD_DIR SETUP_SH
"""
import os
import re
import subprocess
import sys


def setup_packages(setup_sh):
    out = subprocess.run(["bash", setup_sh, "--print-packages"], check=True,
                         capture_output=True, text=True).stdout
    return set(out.split())


def used_files(build):
    ninja = open(os.path.join(build, "build.ninja")).read()
    cache = open(os.path.join(build, "CMakeCache.txt")).read()
    prefix = re.search(r"^CUDA_COALESCE_LLVM_PREFIX:PATH=(.*)$", cache,
                       re.M).group(1).rstrip("/")
    files = set()
    rerun = re.search(r"^build build\.ninja: RERUN_CMAKE (.*)$", ninja, re.M)
    for tok in rerun.group(1).split():
        if tok.startswith(prefix + "/"):
            files.add(tok)
    for tool in ("LIT_COMMAND", "FILECHECK_COMMAND", "NOT_COMMAND",
                 "CLANG_TIDY_COMMAND"):
        m = re.search(r"^%s:FILEPATH=(.*)$" % tool, cache, re.M)
        if m:
            files.add(m.group(1))
    for lib in set(re.findall(re.escape(prefix) + r"/lib/lib[\w.+-]+", ninja)):
        files.add(lib)
    for res in set(re.findall(re.escape(prefix) + r"/lib/clang/\d+", ninja)):
        files.add(os.path.join(res, "include", "__clang_cuda_runtime_wrapper.h"))
    return prefix, sorted(files)


def owner(path):
    # dpkg knows the path the package shipped: try it as named, then with
    # links resolved (/usr/lib/llvm-19/cmake is a link into lib/cmake/llvm).
    for candidate in (path, os.path.realpath(path)):
        r = subprocess.run(["dpkg", "-S", candidate], capture_output=True,
                           text=True)
        if r.returncode == 0:
            return {line.split(":")[0] for line in r.stdout.splitlines()}
    return set()


def main():
    build, setup_sh = sys.argv[1], sys.argv[2]
    wanted = setup_packages(setup_sh)
    prefix, files = used_files(build)
    if len(files) < 5:
        print("too few files found under %s: %s" % (prefix, files))
        return 1
    bad = 0
    for f in files:
        pkgs = {p.split(":")[0] for p in owner(f)}
        if not pkgs:
            print("NOT OWNED  %s (no Debian package ships it)" % f)
            bad += 1
        elif not pkgs & wanted:
            print("MISSING    %s <- %s, not installed by setup.sh"
                  % (f, ", ".join(sorted(pkgs))))
            bad += 1
        else:
            print("ok         %s <- %s" % (f, ", ".join(sorted(pkgs & wanted))))
    print("%d files read from %s, %d not covered by setup.sh"
          % (len(files), prefix, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

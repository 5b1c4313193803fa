#!/usr/bin/env python3
"""The .deb: built by cpack, its Depends, its contents, and the extracted
tool working away from the build tree.

usage: check_deb.py BUILD_DIR RESOURCE_DIR VERSION

- `cmake --install BUILD_DIR --prefix TMP` installs every tool and the
  clang-tidy module;
- `cpack -G DEB` writes cuda-coalesce_VERSION_amd64.deb;
- `dpkg-deb -I`: every shared library the packaged files need (DT_NEEDED,
  resolved by ldd on the extracted files, which have no RUNPATH into the
  build) is owned by a package in Depends, and so is RESOURCE_DIR's
  __clang_cuda_runtime_wrapper.h, which the binaries include from the baked
  resource directory;
- `dpkg-deb -c`: the expected files and nothing under a build path;
- `dpkg-deb -x` into a temporary root: usr/bin/cuda-coalesce --version, a
  strided kernel (exit 1, the warning) and a clean one (exit 0), run from a
  directory outside the source and build trees;
- each tool's --version names the tool and VERSION, and its man page
  (usr/share/man/man1/TOOL.1.gz, generated from --help) lists every option
  its --help lists;
- the packaged Gradescope files: setup.sh installs the .deb (apt-get with
  --simulate, nothing installed here) and run_autograder grades
  test/grade/multifile/zoe with the extracted tools on the PATH: 20/20;
- lintian on the .deb: no error and no warning tag.

Exits 77 (ctest: skipped) with a message when dpkg-deb or cpack is missing,
and when lintian is missing (after every other check has passed).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

STRIDED = """\
__global__ void column(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i * 32] = 0.0f;
}
"""
CLEAN = STRIDED.replace("x[i * 32]", "x[i]")

TOOLS = ["usr/bin/cuda-coalesce", "usr/bin/cuda-coalesce-clangd",
         "usr/bin/cuda-coalesce-grade",
         "usr/lib/cuda-coalesce/CudaCoalesceTidyModule.so"]
MAN_PAGES = ["usr/share/man/man1/" + os.path.basename(t) + ".1.gz"
             for t in TOOLS if t.startswith("usr/bin/")]

HERE = os.path.dirname(os.path.abspath(__file__))

failures = []


def check(cond, what, detail=""):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)
        if detail:
            print(detail)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=600, **kw)


def must(cmd, **kw):
    p = run(cmd, **kw)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    return p.stdout


def owner(path):
    p = run(["dpkg", "-S", os.path.realpath(path)])
    if p.returncode != 0:
        p = run(["dpkg", "-S", path])
    if p.returncode != 0:
        return None
    return p.stdout.split(":")[0].split(",")[0].strip()


def needed_packages(root, files):
    """Package of every DT_NEEDED library of the files, as ldd resolves it."""
    owners = {}
    for rel in files:
        for line in must(["ldd", os.path.join(root, rel)]).splitlines():
            m = re.match(r"\s*(\S+) => (\S+)", line)
            if m:
                owners[m.group(1)] = owner(m.group(2))
    needed = set()
    for rel in files:
        for line in must(["readelf", "-d", os.path.join(root, rel)]).splitlines():
            m = re.search(r"\(NEEDED\).*\[(.+)\]", line)
            if m and m.group(1) in owners:
                needed.add((m.group(1), owners[m.group(1)]))
    return needed


def gradescope_autograder(root, deb, tmp):
    grade_dir = os.path.join(HERE, "..", "grade")
    ag = os.path.join(tmp, "autograder")
    source = os.path.join(ag, "source")
    os.makedirs(source)
    for name in ("setup.sh", "run_autograder"):
        shutil.copy(os.path.join(root, "usr/share/cuda-coalesce/gradescope", name), source)
    shutil.copy(deb, source)
    shutil.copy(os.path.join(grade_dir, "rubric.yaml"), source)
    shutil.copytree(os.path.join(grade_dir, "reference"), os.path.join(source, "reference"))
    shutil.copytree(os.path.join(grade_dir, "multifile", "zoe"), os.path.join(ag, "submission"))
    shims = os.path.join(tmp, "shims")
    os.makedirs(shims, exist_ok=True)
    apt = shutil.which("apt-get")
    with open(os.path.join(shims, "apt-get"), "w") as f:
        f.write('#!/bin/sh\ncase "$1" in update) exit 0 ;; esac\n'
                f'exec {apt} --simulate "$@"\n')
    os.chmod(os.path.join(shims, "apt-get"), 0o755)
    env = dict(os.environ, AUTOGRADER_ROOT=ag, XDG_CACHE_HOME=os.path.join(tmp, "cache"),
               PATH=os.pathsep.join([shims, os.path.join(root, "usr", "bin"), "/usr/bin", "/bin"]))
    if apt:
        p = run(["sh", os.path.join(source, "setup.sh")], env=env)
        check(p.returncode == 0 and "Inst cuda-coalesce" in p.stdout,
              "the packaged gradescope/setup.sh installs the .deb (apt-get --simulate)",
              p.stdout[-2000:] + p.stderr)
    p = run([os.path.join(source, "run_autograder")], cwd=ag, env=env)
    results = os.path.join(ag, "results", "results.json")
    doc = None
    if os.path.exists(results):
        with open(results) as f:
            doc = json.load(f)
    check(p.returncode == 0 and doc is not None and doc.get("score") == 20
          and len(doc.get("tests", [])) == 2,
          "the packaged run_autograder grades a two-file submission 20/20",
          p.stdout + p.stderr + str(doc))


def main():
    build, resource_dir, version = sys.argv[1:4]
    for tool in ("dpkg-deb", "cpack", "dpkg", "readelf", "ldd"):
        if not shutil.which(tool):
            print(f"SKIP: {tool} not found; the .deb is built and checked only "
                  "on Debian with dpkg-dev tools (apt-get install dpkg-dev binutils)")
            return 77
    with tempfile.TemporaryDirectory(prefix="cc-deb-") as tmp:
        prefix = os.path.join(tmp, "prefix")
        must(["cmake", "--install", build, "--prefix", prefix])
        for rel in TOOLS:
            rel = rel.replace("usr/", "", 1)
            check(os.path.isfile(os.path.join(prefix, rel)),
                  f"cmake --install puts {rel} under the prefix")

        out = must(["cpack", "-G", "DEB", "-B", os.path.join(tmp, "pkg")],
                   cwd=build)
        deb = os.path.join(tmp, "pkg", f"cuda-coalesce_{version}_amd64.deb")
        check(os.path.isfile(deb), f"cpack writes {os.path.basename(deb)}", out)
        if not os.path.isfile(deb):
            return 1

        info = must(["dpkg-deb", "-I", deb])
        m = re.search(r"^ Depends: (.*)$", info, re.M)
        depends = {d.split("(")[0].strip() for d in m.group(1).split(",")} if m else set()
        print("Depends:", ", ".join(sorted(depends)))
        check("libclang-cpp19" in depends and "libllvm19" in depends,
              "Depends names libclang-cpp19 and libllvm19", info)

        contents = must(["dpkg-deb", "-c", deb])
        paths = {line.split()[-1].lstrip("./") for line in contents.splitlines()}
        for rel in TOOLS:
            check(rel in paths, f"the package holds /{rel}", contents)
        check(any(p.startswith("usr/share/cuda-coalesce/cuda-headers/builtin/")
                  and p.endswith(".h") for p in paths),
              "the package holds the CUDA headers for clang-tidy and clangd")
        check(not any("/work/" in p or "build/" in p for p in paths),
              "nothing under a build or source path", contents)
        for rel in MAN_PAGES + ["usr/share/doc/cuda-coalesce/copyright",
                                "usr/share/doc/cuda-coalesce/changelog.gz",
                                "usr/share/cuda-coalesce/gradescope/run_autograder"]:
            check(rel in paths, f"the package holds /{rel}", contents)

        root = os.path.join(tmp, "root")
        must(["dpkg-deb", "-x", deb, root])
        for lib, pkg in sorted(needed_packages(root, TOOLS)):
            check(pkg in depends, f"{lib} is owned by {pkg}, which Depends names")
        wrapper = os.path.join(resource_dir, "include",
                               "__clang_cuda_runtime_wrapper.h")
        pkg = owner(wrapper)
        check(pkg in depends,
              f"the baked resource directory's headers are owned by {pkg}, "
              "which Depends names")

        tool = os.path.join(root, "usr", "bin", "cuda-coalesce")
        elsewhere = os.path.join(tmp, "project")
        os.makedirs(elsewhere)
        for name, text in (("strided.cu", STRIDED), ("clean.cu", CLEAN)):
            with open(os.path.join(elsewhere, name), "w") as f:
                f.write(text)
        p = run([tool, "--version"], cwd=elsewhere)
        check(p.returncode == 0 and f"cuda-coalesce {version}" in p.stdout,
              f"the extracted cuda-coalesce --version: {p.stdout.strip()}",
              p.stderr)
        p = run([tool, "strided.cu"], cwd=elsewhere)
        check(p.returncode == 1 and
              "strided.cu:4:5: warning: strided store" in p.stdout,
              f"the extracted tool flags a strided kernel (exit {p.returncode})",
              p.stdout + p.stderr)
        p = run([tool, "clean.cu"], cwd=elsewhere)
        check(p.returncode == 0 and "warning:" not in p.stdout + p.stderr,
              f"the extracted tool is quiet on a clean kernel (exit {p.returncode})",
              p.stdout + p.stderr)

        # Every tool names itself and the version in --version, and its man
        # page lists the options its --help does.
        for rel in TOOLS:
            if not rel.startswith("usr/bin/"):
                continue
            name = os.path.basename(rel)
            p = run([os.path.join(root, rel), "--version"], cwd=elsewhere,
                    env=dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache")))
            check(p.returncode == 0 and p.stdout.startswith(f"{name} {version} ("),
                  f"{name} --version names it: {p.stdout.strip()!r}", p.stderr)
            page = run(["man", "-l", os.path.join(root, "usr/share/man/man1", name + ".1.gz")],
                       env=dict(os.environ, MANWIDTH="200"))
            helped = run([os.path.join(root, rel), "--help"], cwd=elsewhere,
                         env=dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache")))
            options = re.findall(r"^\s+(--?[a-z][\w-]*)", helped.stdout, re.M)
            missing = [o for o in options if o not in page.stdout]
            check(page.returncode == 0 and options and not missing,
                  f"man {name} lists the {len(options)} options of its --help",
                  f"missing: {missing}\n{page.stderr}")

        # The packaged Gradescope autograder, as a course would zip it:
        # setup.sh installs the .deb (apt-get resolving it, --simulate), and
        # run_autograder grades a two-file submission with the packaged tools.
        gradescope_autograder(root, deb, tmp)

        # lintian, as a Debian archive would run it: no error, no warning.
        lintian = shutil.which("lintian")
        if lintian:
            p = run([lintian, "--tag-display-limit", "0", deb])
            tags = [l for l in p.stdout.splitlines() if re.match(r"[EW]: ", l)]
            check(not tags, f"lintian: 0 errors, 0 warnings ({len(tags)} found)",
                  "\n".join(tags) + p.stderr)

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    if not lintian:
        print("SKIP: lintian not found, so the package's lintian check did not "
              "run (apt-get install lintian; scripts/setup.sh installs it)")
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())

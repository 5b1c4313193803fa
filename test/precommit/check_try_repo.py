#!/usr/bin/env python3
"""The pre-commit repository, tried with the real pre-commit.

usage: check_try_repo.py CUDA_COALESCE_BIN_DIR SOURCE_DIR

Runs `pre-commit try-repo SOURCE_DIR cuda-coalesce` in a throw-away git
repository, as a commit would: on the staged files. A staged strided kernel
must fail the hook with the warning in the output; a clean kernel must pass,
and so must a clean .cuh header of kernels (no compile database), with no
warning at all, while a strided one fails;
a staged file that is not CUDA must not reach the analyzer. HOME and
PRE_COMMIT_HOME point into a temporary directory so the user's cache and git
configuration play no part, and the built cuda-coalesce is first on PATH, as
the installed one would be.

try-repo clones SOURCE_DIR, so the hooks file must be committed there (CI
runs in a fresh clone); try-repo itself carries over uncommitted edits of
tracked files. A source tree that is not a git repository (a tarball) is
tried through a temporary repository holding only the hooks file.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

CLEAN = """\
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}
"""

STRIDED = """\
__global__ void column(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i * 32] = 0.0f;
}
"""

# A project with a compilation database that lists main.cu alone: its
# kernels are in headers main.cu includes, as a hook passes them by name.
MAIN = """\
#include "clean.cuh"
#include "strided.cuh"

void run(float *x, int n) {
  scale<<<n / 256, 256>>>(x, 2.0f, n);
  column<<<n / 256, 256>>>(x, n);
}
"""

HEADER = """\
#pragma once
// A header of kernels: each lane reads and writes its own element.
template <typename T>
__global__ void scaleAll(T *x, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

__device__ inline float twice(float v) { return 2.0f * v; }

__global__ void doubleAll(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = twice(x[i]);
}
"""

failures = []


def check(cond, what, output=""):
    if cond:
        print("ok:", what)
    else:
        failures.append(what)
        print("FAIL:", what)
        if output:
            print(output)


def run(cmd, cwd, env):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=300)
    return p.returncode, p.stdout


def git(args, cwd, env):
    rc, out = run(["git"] + args, cwd, env)
    if rc != 0:
        sys.exit(f"git {' '.join(args)} failed in {cwd}:\n{out}")
    return out


def hooks_repo(source, tmp, env):
    rc, _ = run(["git", "rev-parse", "--is-inside-work-tree"], source, env)
    if rc == 0:
        tracked = run(["git", "ls-files", "--error-unmatch",
                       ".pre-commit-hooks.yaml"], source, env)[0] == 0
        check(tracked, ".pre-commit-hooks.yaml is tracked in " + source)
        return source
    print(f"note: {source} is not a git repository; trying a copy of its "
          ".pre-commit-hooks.yaml")
    repo = os.path.join(tmp, "hooks-repo")
    os.makedirs(repo)
    shutil.copy(os.path.join(source, ".pre-commit-hooks.yaml"), repo)
    git(["init", "-q"], repo, env)
    git(["add", ".pre-commit-hooks.yaml"], repo, env)
    git(["commit", "-q", "-m", "hooks"], repo, env)
    return repo


def headers_in_a_database(pre_commit, hooks, tmp, env):
    """The hook with args [-p, build] on .cuh files the database does not
    list: each is analyzed inside main.cu, which includes both, and is
    judged on its own kernels."""
    work = os.path.join(tmp, "db-project")
    os.makedirs(os.path.join(work, "build"))
    git(["init", "-q"], work, env)
    for name, text in (("main.cu", MAIN), ("clean.cuh", CLEAN),
                       ("strided.cuh", STRIDED)):
        with open(os.path.join(work, name), "w") as f:
            f.write(text)
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": work, "file": "main.cu",
                    "arguments": ["nvcc", "-c", "main.cu", "-o", "main.o"]}],
                  f)
    rev = git(["rev-parse", "HEAD"], hooks, env).strip()
    with open(os.path.join(work, ".pre-commit-config.yaml"), "w") as f:
        f.write("repos:\n"
                f"  - repo: {hooks}\n"
                f"    rev: {rev}\n"
                "    hooks:\n"
                "      - id: cuda-coalesce\n"
                "        args: [--cuda=builtin, -p, build]\n")
    git(["add", ".pre-commit-config.yaml"], work, env)
    hook = [pre_commit, "run", "--verbose", "--color=never"]

    git(["add", "clean.cuh"], work, env)
    rc, out = run(hook, work, env)
    check(rc == 0 and "Passed" in out,
          f"a staged clean .cuh passes with -p build (exit {rc})", out)
    check("analyzed as included by" in out and "main.cu" in out,
          "the clean .cuh says which unit it was analyzed in", out)
    check("warning:" not in out,
          "the strided kernel main.cu also includes is not the .cuh's", out)

    git(["add", "strided.cuh"], work, env)
    rc, out = run(hook, work, env)
    check(rc == 1 and "Failed" in out,
          f"a staged strided .cuh fails the hook with -p build (exit {rc})",
          out)
    check("strided.cuh:4:5: warning: strided store" in out,
          "the strided .cuh's warning is in the output", out)
    print(out)


def main():
    bin_dir, source = (os.path.abspath(a) for a in sys.argv[1:3])
    pre_commit = shutil.which("pre-commit")
    if not pre_commit:
        sys.exit("pre-commit is not installed (apt-get install pre-commit; "
                 "scripts/setup.sh lists it)")
    with tempfile.TemporaryDirectory(prefix="cc-precommit-") as tmp:
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        env = dict(os.environ)
        env.update(HOME=home, PRE_COMMIT_HOME=os.path.join(tmp, "cache"),
                   XDG_CACHE_HOME=os.path.join(tmp, "xdg-cache"),
                   PATH=bin_dir + os.pathsep + env.get("PATH", ""),
                   GIT_CONFIG_NOSYSTEM="1", NO_COLOR="1", TMPDIR=tmp,
                   GIT_AUTHOR_NAME="test", GIT_AUTHOR_EMAIL="test@example.com",
                   GIT_COMMITTER_NAME="test",
                   GIT_COMMITTER_EMAIL="test@example.com")
        # A clone owned by another user than the one running the tests.
        git(["config", "--global", "--add", "safe.directory", "*"], tmp, env)
        repo_under_test = hooks_repo(source, tmp, env)

        work = os.path.join(tmp, "project")
        os.makedirs(work)
        git(["init", "-q"], work, env)
        for name, text in (("clean.cu", CLEAN), ("strided.cu", STRIDED),
                           ("kernels.cuh", HEADER),
                           ("strided.cuh", HEADER.replace("x[i] = twice", "x[i * 32] = twice")),
                           ("notes.txt", "x[i * 32]\n")):
            with open(os.path.join(work, name), "w") as f:
                f.write(text)
        try_repo = [pre_commit, "try-repo", repo_under_test, "cuda-coalesce",
                    "--verbose", "--color=never"]

        git(["add", "clean.cu"], work, env)
        rc, out = run(try_repo, work, env)
        check(rc == 0 and "cuda-coalesce" in out and "Passed" in out,
              f"a staged clean kernel passes (exit {rc})", out)
        check("warning:" not in out, "the clean kernel gets no warning", out)

        git(["add", "strided.cu"], work, env)
        rc, out = run(try_repo, work, env)
        check(rc == 1 and "Failed" in out,
              f"a staged strided kernel fails the hook (exit {rc})", out)
        check("strided.cu:4:5: warning: strided store" in out
              and "[coalescing-strided]" in out,
              "the strided kernel's warning is in the output", out)
        check("clean.cu:" not in out, "nothing is said about clean.cu", out)
        print(out)

        # A header of kernels, analyzed without a compile database: its
        # include guard draws no warning, and a strided store in it fails.
        git(["rm", "-q", "--cached", "clean.cu", "strided.cu"], work, env)
        git(["add", "kernels.cuh"], work, env)
        rc, out = run(try_repo, work, env)
        check(rc == 0 and "Passed" in out and "warning" not in out,
              f"a staged clean .cuh passes, with no warning (exit {rc})", out)
        git(["add", "strided.cuh"], work, env)
        rc, out = run(try_repo, work, env)
        check(rc == 1 and "strided.cuh:15:5: warning: strided store" in out
              and "kernels.cuh:" not in out,
              f"a staged strided .cuh fails the hook (exit {rc})", out)
        git(["rm", "-q", "--cached", "kernels.cuh", "strided.cuh"], work, env)
        git(["add", "notes.txt"], work, env)
        rc, out = run(try_repo, work, env)
        check(rc == 0 and "no files to check" in out,
              f"a staged non-CUDA file does not run the hook (exit {rc})", out)

        headers_in_a_database(pre_commit, repo_under_test, tmp, env)

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

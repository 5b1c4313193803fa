#!/usr/bin/env python3
"""The CI templates (ci/github-workflow.yml, ci/gitlab-ci.yml): their script
steps, run in order in a fresh project folder that has no .git and no
cuda-coalesce source tree, as the runners would run them.

usage: check_ci_templates.py BUILD_DIR SOURCE_ROOT VERSION

- cpack writes the .deb, and CUDA_COALESCE_DEB_URL is its file:// address,
  so the install step's curl fetches it for real;
- apt-get is Debian's, run with --simulate (a PATH entry in front passes
  every install through `apt-get --simulate`, and `apt-get update` is left
  out): the package's dependencies are resolved against the archive, but
  nothing is installed on the machine running the tests. The package
  extracted with `dpkg-deb -x` stands for the installed one on the PATH;
- GitHub: each `run:` with `bash -e` (GitHub's default shell), $GITHUB_ENV
  carried to the later steps, the `uses:` steps left out (the folder is
  the checkout; the SARIF log the upload would send is validated here);
  GitLab: before_script and script in one `bash -eo pipefail`, as the
  runner does;
- a project with a strided kernel: the SARIF log is written and valid, the
  job fails (Gate / script exit 1); a clean project: the job passes; no
  CUDA_COALESCE_DEB_URL: the install step stops with exit 2 and one line.

Exits 77 (skipped) with a message where cpack, dpkg-deb, apt-get or curl is
missing.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

STRIDED = """\
__global__ void column(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i * 32] = 0.0f;
}
"""
CLEAN = STRIDED.replace("x[i * 32]", "x[i]")

failures = []


def check(cond, what, detail=""):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)
        if detail:
            print(detail)


def project(tmp, name, files):
    """A fresh checkout: the project's files only, no .git."""
    root = os.path.join(tmp, name)
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return root


def sh(script, cwd, env, flags):
    return subprocess.run(["bash", *flags, "-c", script], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def github(workflow, cwd, env):
    """Runs the job's run: steps; returns {step name: CompletedProcess}."""
    genv = os.path.join(cwd, "..", os.path.basename(cwd) + ".github_env")
    open(genv, "w").close()
    env = dict(env, GITHUB_ENV=genv, GITHUB_WORKSPACE=cwd)
    job = next(iter(workflow["jobs"].values()))
    for k, v in job.get("env", {}).items():
        if "${{" in str(v):
            continue  # supplied by the test, as the variable would be
        env[k] = str(v)
    out = {}
    for step in job["steps"]:
        if "run" not in step:
            continue
        with open(genv) as f:
            env.update(l.split("=", 1) for l in f.read().splitlines() if "=" in l)
        if "if" not in step and any(p.returncode for p in out.values()):
            break  # a failed step skips the rest, as on GitHub
        out[step["name"]] = p = sh(step["run"], cwd, env, ["-e"])
    return out


def gitlab(ci, cwd, env):
    job = ci["cuda-coalesce"]
    script = "\n".join(job["before_script"] + job["script"])
    return sh(script, cwd, env, ["-e", "-o", "pipefail"])


def valid_sarif(path):
    try:
        with open(path) as f:
            log = json.load(f)
    except (OSError, ValueError) as e:
        return None, str(e)
    ok = log.get("version") == "2.1.0" and len(log.get("runs", [])) == 1
    return (log if ok else None), "version/runs"


def main():
    build, source, version = sys.argv[1:4]
    for tool in ("cpack", "dpkg-deb", "apt-get", "curl"):
        if not shutil.which(tool):
            print(f"SKIP: {tool} not found; the CI templates' steps run only on "
                  "Debian with the package tools")
            return 77
    with open(os.path.join(source, "ci", "github-workflow.yml")) as f:
        workflow = yaml.safe_load(f)
    with open(os.path.join(source, "ci", "gitlab-ci.yml")) as f:
        gitlab_ci = yaml.safe_load(f)

    # A runner image without git (debian:12) must be enough.
    scripts = [s.get("run", "") for s in workflow["jobs"]["analyze"]["steps"]]
    scripts += gitlab_ci["cuda-coalesce"]["before_script"] + gitlab_ci["cuda-coalesce"]["script"]
    check(not any(re.search(r"\bgit\b", s) for s in scripts), "no step runs git")

    with tempfile.TemporaryDirectory(prefix="cc-ci-") as tmp:
        p = subprocess.run(["cpack", "-G", "DEB", "-B", os.path.join(tmp, "pkg")],
                           cwd=build, capture_output=True, text=True, timeout=600)
        deb = os.path.join(tmp, "pkg", f"cuda-coalesce_{version}_amd64.deb")
        if not os.path.isfile(deb):
            print(f"cpack failed:\n{p.stdout}{p.stderr}")
            return 1
        installed = os.path.join(tmp, "installed")
        subprocess.run(["dpkg-deb", "-x", deb, installed], check=True)
        shims = os.path.join(tmp, "shims")
        os.makedirs(shims)
        with open(os.path.join(shims, "apt-get"), "w") as f:
            f.write('#!/bin/sh\n'
                    '# The templates\' apt-get, resolving but not installing.\n'
                    'case "$1" in update) exit 0 ;; esac\n'
                    f'exec {shutil.which("apt-get")} --simulate "$@"\n')
        os.chmod(os.path.join(shims, "apt-get"), 0o755)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB", "CI_"))}
        env.update(PATH=os.pathsep.join([shims, os.path.join(installed, "usr", "bin"),
                                         "/usr/bin", "/bin"]),
                   CUDA_COALESCE_DEB_URL="file://" + deb,
                   XDG_CACHE_HOME=os.path.join(tmp, "cache"))

        for name, files, want in (("strided", {"src/column.cu": STRIDED, "src/ok.cu": CLEAN}, 1),
                                  ("clean", {"src/ok.cu": CLEAN}, 0)):
            cwd = project(tmp, "gh-" + name, files)
            steps = github(workflow, cwd, env)
            install = steps.get("Install cuda-coalesce")
            check(install is not None and install.returncode == 0
                  and "Inst cuda-coalesce" in install.stdout,
                  f"github {name}: the install step fetches the .deb and apt-get "
                  "resolves it", install and install.stdout[-2000:] + install.stderr)
            analyze = steps.get("Analyze")
            check(analyze is not None and analyze.returncode == 0,
                  f"github {name}: the analyze step succeeds without .git",
                  analyze and analyze.stdout + analyze.stderr)
            log, why = valid_sarif(os.path.join(cwd, "cuda-coalesce.sarif"))
            check(log is not None, f"github {name}: a SARIF 2.1.0 log to upload ({why})")
            if log:
                results = log["runs"][0].get("results", [])
                check(len(results) == want, f"github {name}: {want} result(s), got {len(results)}")
                uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                        for r in results}
                check(uris <= {"src/column.cu"}, f"github {name}: paths relative to the checkout: {uris}")
            gate = steps.get("Gate")
            check(gate is not None and gate.returncode == want,
                  f"github {name}: the gate exits {want}",
                  gate and gate.stdout + gate.stderr)

            cwd = project(tmp, "gl-" + name, files)
            r = gitlab(gitlab_ci, cwd, env)
            check(r.returncode == want, f"gitlab {name}: the job exits {want}, got {r.returncode}",
                  r.stdout[-3000:] + r.stderr)
            check(valid_sarif(os.path.join(cwd, "cuda-coalesce.sarif"))[0] is not None,
                  f"gitlab {name}: the SARIF artifact is written")
            if want:
                check("src/column.cu:4:5: warning: strided store" in r.stdout,
                      f"gitlab {name}: the text report is in the job log")

        # Without the variable, the install step says what to set, once.
        bare = dict(env)
        del bare["CUDA_COALESCE_DEB_URL"]
        cwd = project(tmp, "gh-unset", {"a.cu": CLEAN})
        step = next(s for s in workflow["jobs"]["analyze"]["steps"]
                    if s.get("name") == "Install cuda-coalesce")
        r = sh(step["run"], cwd, bare, ["-e"])
        check(r.returncode == 2 and r.stderr.count("\n") == 1
              and "CUDA_COALESCE_DEB_URL" in r.stderr,
              f"github: no CUDA_COALESCE_DEB_URL: exit 2, one line ({r.returncode}, {r.stderr!r})")
        r = gitlab(gitlab_ci, project(tmp, "gl-unset", {"a.cu": CLEAN}), bare)
        check(r.returncode == 2 and "CUDA_COALESCE_DEB_URL" in r.stderr,
              f"gitlab: no CUDA_COALESCE_DEB_URL: exit 2 ({r.returncode}, {r.stderr!r})")

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The Dockerfile and the Docker variant of the pre-commit hook, as far as
they can be tried without Docker.

usage: check_dockerfile.py SOURCE_ROOT

Docker is not available where the tests run, so the image is never built
here (docs say so). What is checked instead:
- the Dockerfile's structure: a `debian:12` build stage named `build` and a
  `debian:12` runtime stage that copies only the .deb from it, installs
  only that .deb and runs cuda-coalesce; every instruction is one Docker
  knows. A runtime stage that installs anything else (a compiler) is
  refused by the same check (run on a mutated copy);
- the build stage's apt step, run with Debian's apt-get in --simulate mode
  on the package list it reads from scripts/setup.sh
  (--print-build-packages): every package resolves in this Debian 12's
  archive, and nothing is installed;
- the build stage's configure command (tests off), run into a temporary
  build folder: it configures;
- .dockerignore keeps build/ and .git/ out of the build context;
- .pre-commit-hooks.yaml passes `pre-commit validate-manifest`, and its
  cuda-coalesce-docker hook is the system hook with language docker.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

INSTRUCTIONS = {"FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY",
                "ENTRYPOINT", "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD",
                "STOPSIGNAL", "HEALTHCHECK", "SHELL"}

failures = []


def check(cond, what, detail=""):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)
        if detail:
            print(detail)


def instructions(text):
    """[(KEYWORD, arguments)] with continuation lines joined."""
    out, cur = [], ""
    for line in text.splitlines():
        if not cur and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if cur and line.lstrip().startswith("#"):
            continue
        cur += line.rstrip()
        if cur.endswith("\\"):
            cur = cur[:-1] + " "
            continue
        word, _, rest = cur.strip().partition(" ")
        out.append((word, rest.strip()))
        cur = ""
    return out


def stages(instrs):
    out = []
    for word, rest in instrs:
        if word.upper() == "FROM":
            out.append({"from": rest, "steps": []})
        elif out:
            out[-1]["steps"].append((word.upper(), rest))
    return out


def structure_errors(text):
    instrs = instructions(text)
    errs = [f"unknown instruction {w}" for w, _ in instrs if w.upper() not in INSTRUCTIONS]
    st = stages(instrs)
    if len(st) != 2:
        return errs + [f"{len(st)} stages, want a build and a runtime stage"]
    build, runtime = st
    if build["from"] != "debian:12 AS build":
        errs.append(f"build stage FROM {build['from']}")
    if runtime["from"] != "debian:12":
        errs.append(f"runtime stage FROM {runtime['from']}")
    for word, rest in runtime["steps"]:
        if word in ("COPY", "ADD"):
            if not re.fullmatch(r"--from=build \S+cuda-coalesce_\*_amd64\.deb /tmp/", rest):
                errs.append(f"the runtime stage copies more than the .deb: {rest}")
        if word == "RUN":
            for m in re.finditer(r"apt-get install((?: -\S+)*)((?: [^&;|]+)?)", rest):
                pkgs = m.group(2).split()
                if pkgs != ["/tmp/cuda-coalesce_*_amd64.deb"]:
                    errs.append(f"the runtime stage installs {pkgs}")
    entry = [r for w, r in runtime["steps"] if w == "ENTRYPOINT"]
    if entry != ['["cuda-coalesce"]']:
        errs.append(f"entrypoint {entry}")
    return errs


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)


def main():
    source = os.path.abspath(sys.argv[1])
    with open(os.path.join(source, "Dockerfile")) as f:
        text = f.read()
    errs = structure_errors(text)
    check(errs == [], "the Dockerfile: debian:12 build stage, runtime stage with only the .deb",
          "\n".join(errs))
    mutated = text.replace("/tmp/cuda-coalesce_*_amd64.deb \\\n",
                           "/tmp/cuda-coalesce_*_amd64.deb g++ \\\n", 1)
    check(mutated != text and any("installs" in e for e in structure_errors(mutated)),
          "the check refuses a runtime stage that installs a compiler")
    check(structure_errors(text + "FROMM debian:12\n") != [], "the check refuses an unknown instruction")

    build_runs = [r for w, r in stages(instructions(text))[0]["steps"] if w == "RUN"]
    packages = run(["bash", os.path.join(source, "scripts", "setup.sh"),
                    "--print-build-packages"]).stdout.split()
    check(any("--print-build-packages" in r for r in build_runs) and packages,
          f"the build stage installs setup.sh's build packages ({len(packages)})")
    if shutil.which("apt-get"):
        p = run(["apt-get", "install", "--simulate", "--no-install-recommends", *packages])
        check(p.returncode == 0, "apt-get resolves every build package (simulated)",
              p.stdout[-2000:] + p.stderr)
    else:
        print("note: no apt-get here; the build packages were not resolved")

    configure = next((r for r in build_runs if r.startswith("cmake -S")), "")
    m = re.match(r"cmake -S /src -B /build (.*?) &&", configure)
    check(m is not None, f"the build stage configures with cmake: {configure[:80]}")
    if m:
        with tempfile.TemporaryDirectory(prefix="cc-docker-") as tmp:
            p = run(["cmake", "-S", source, "-B", tmp, *m.group(1).split()])
            check(p.returncode == 0, "the build stage's configure command configures "
                  "(tests off)", p.stdout[-2000:] + p.stderr)

    with open(os.path.join(source, ".dockerignore")) as f:
        ignored = f.read().split()
    check("build/" in ignored and ".git/" in ignored, ".dockerignore keeps build/ and .git/ out")

    hooks_file = os.path.join(source, ".pre-commit-hooks.yaml")
    if shutil.which("pre-commit"):
        p = run(["pre-commit", "validate-manifest", hooks_file])
        check(p.returncode == 0, "pre-commit validate-manifest accepts the hooks",
              p.stdout + p.stderr)
    with open(hooks_file) as f:
        hooks = {h["id"]: h for h in yaml.safe_load(f)}
    system, docker = hooks.get("cuda-coalesce"), hooks.get("cuda-coalesce-docker")
    check(system is not None and system["language"] == "system", "the system hook is there")
    same = ("entry", "files", "types", "pass_filenames", "require_serial")
    check(docker is not None and docker["language"] == "docker"
          and all(docker.get(k) == system.get(k) for k in same),
          "the docker hook is the system hook with language: docker")

    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The SARIF log GitHub code scanning would ingest, checked by Microsoft's
SARIF Multitool with its SARIF and GitHub rule sets: zero errors and zero
warnings.

The run covers what a CI job meets: every example (template instantiations,
notes, struct and loop locations), a file clang rejects next to a good one
(toolExecutionNotifications), and files from a compile database (-p, absolute
paths, so %SRCROOT% matters).

usage: validate_sarif.py CUDA_COALESCE SOURCE_DIR
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile


def multitool():
    """The platform binary npm installed (scripts/setup.sh): the npm wrapper
    hands its arguments to a shell, which splits "Gh;Sarif" at the ';'."""
    root = subprocess.run(["npm", "root", "-g"], capture_output=True,
                          text=True, check=True).stdout.strip()
    found = glob.glob(os.path.join(root, "@microsoft", "**", "Sarif.Multitool"),
                      recursive=True)
    if not found:
        sys.exit("validate_sarif: the SARIF Multitool is not installed "
                 "(scripts/setup.sh installs @microsoft/sarif-multitool)")
    return found[0]


def validate(tool, sarif, work):
    out = os.path.join(work, os.path.basename(sarif) + ".validation.sarif")
    env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1")
    proc = subprocess.run(
        [tool, "validate", "--rule-kind", "Gh;Sarif",
         "--level", "Error;Warning;Note", "--log", "ForceOverwrite",
         "-o", out, sarif],
        capture_output=True, text=True, env=env)
    if not os.path.exists(out):
        sys.exit("validate_sarif: the Multitool wrote no log (exit %d):\n%s%s"
                 % (proc.returncode, proc.stdout, proc.stderr))
    with open(out) as f:
        log = json.load(f)
    counts = {"error": 0, "warning": 0, "note": 0}
    problems = []
    for run in log["runs"]:
        for note in run.get("invocations", [{}])[0].get(
                "toolConfigurationNotifications", []) + run.get(
                "invocations", [{}])[0].get("toolExecutionNotifications", []):
            if note.get("level", "warning") == "error":
                problems.append("tool: " + note["message"]["text"])
        for r in run.get("results", []):
            level = r.get("level", "warning")
            counts[level] = counts.get(level, 0) + 1
            if level in ("error", "warning"):
                problems.append("%s %s: %s" % (level, r["ruleId"],
                                               r["message"].get("text", r["message"])))
    return counts, problems


def main():
    analyzer, source = sys.argv[1], sys.argv[2]
    tool = multitool()
    work = tempfile.mkdtemp(prefix="sarif-")
    try:
        shutil.copytree(os.path.join(source, "examples"),
                        os.path.join(work, "examples"))
        with open(os.path.join(work, "broken.cu"), "w") as f:
            f.write("__global__ void broken(float *x) { x[threadIdx.x] = 0 }\n")
        # Automatic fixes: SARIF's fixes on a padded tile's result.
        with open(os.path.join(work, "tile.cu"), "w") as f:
            f.write("__global__ void t(const float *in, float *out) {\n"
                    "  __shared__ float tile[32][32];\n"
                    "  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];\n"
                    "  __syncthreads();\n"
                    "  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n"
                    "}\n"
                    "void h(const float *a, float *b) { t<<<1, dim3(32, 32)>>>(a, b); }\n")
        # A compile database of absolute paths, as CMake writes one.
        build = os.path.join(work, "build")
        os.makedirs(build)
        examples = sorted(glob.glob(os.path.join(work, "examples", "*.cu")))
        with open(os.path.join(build, "compile_commands.json"), "w") as f:
            json.dump([{"directory": build, "file": e,
                        "command": "nvcc -arch=sm_90 -c %s" % e}
                       for e in examples], f)
        runs = {
            "examples.sarif": [analyzer, "--cuda=builtin", "--format=sarif"]
                              + [os.path.relpath(e, work) for e in examples],
            "failure.sarif": [analyzer, "--cuda=builtin", "--format=sarif",
                              "broken.cu", "examples/strided_copy.cu"],
            "database.sarif": [analyzer, "--cuda=builtin", "--format=sarif",
                               "-p", build],
            "fixes.sarif": [analyzer, "--cuda=builtin", "--format=sarif",
                            "tile.cu", "examples/chunked.cu"],
        }
        failed = False
        for name, cmd in runs.items():
            path = os.path.join(work, name)
            with open(path, "w") as out:
                proc = subprocess.run(cmd, cwd=work, stdout=out,
                                      stderr=subprocess.PIPE, text=True)
            if proc.returncode not in (1, 2):
                print("%s: the analyzer exited %d:\n%s"
                      % (name, proc.returncode, proc.stderr))
                failed = True
                continue
            with open(path) as f:
                run = json.load(f)["runs"][0]
            if not run["results"]:
                print("%s: no results: the check would prove nothing" % name)
                failed = True
            if name == "fixes.sarif" and \
                    sum("fixes" in r for r in run["results"]) < 2:
                print("fixes.sarif: the padded tile's and the chunked "
                      "loop's results do not both carry fixes")
                failed = True
            if name == "failure.sarif" and \
                    run["invocations"][0]["executionSuccessful"]:
                print("failure.sarif: a rejected file left executionSuccessful true")
                failed = True
            counts, problems = validate(tool, path, work)
            print("%s: %d results; Multitool: %d errors, %d warnings, %d notes"
                  % (name, len(run["results"]), counts["error"],
                     counts["warning"], counts["note"]))
            for p in problems:
                print("  " + p)
            failed |= bool(problems)
        return 1 if failed else 0
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())

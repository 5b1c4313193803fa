#!/usr/bin/env python3
"""cuda-coalesce-grade's command line, the rubric's check names and a
submission in several files.

usage: check_grade_cli.py GRADER

- `-j2` is accepted as `-j 2` is (and as the analyzer takes it); `-j0` and
  `-jx` are refused with one line and exit 2;
- `--version` names the grader and its version;
- a rubric whose penalties (rubric-wide or a kernel's) name a check the
  analyzer does not have is refused with one line and exit 2, nothing
  written; one naming real checks is accepted;
- test/grade/multifile/zoe (main.cu includes kernels.cu, which compiles
  only inside main.cu) is one student, graded 20/20; a folder of two
  independent files (the class's grace) still has both analyzed.
"""
import csv
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RUBRIC = os.path.join(HERE, "rubric.yaml")
MULTIFILE = os.path.join(HERE, "multifile")

failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def run(grader, *args):
    return subprocess.run([grader, *args], capture_output=True, text=True, timeout=600)


def rows(out):
    with open(os.path.join(out, "grades.csv"), newline="") as f:
        return {r[0]: r[1:] for r in list(csv.reader(f))[1:]}


def one_error(r, pattern, what):
    lines = r.stderr.splitlines()
    check(r.returncode == 2, f"{what}: exit {r.returncode}, want 2")
    check(len(lines) == 1 and re.match("cuda-coalesce-grade: error: " + pattern, lines[0]),
          f"{what}: one error line matching {pattern!r}, got {r.stderr!r}")


def main(grader):
    r = run(grader, "--version")
    check(r.returncode == 0 and re.match(r"cuda-coalesce-grade \d+\.\d+\.\d+ \(LLVM \d+", r.stdout),
          f"--version names the grader: {r.stdout!r}")

    with tempfile.TemporaryDirectory() as tmp:
        for spelled in (["-j2"], ["-j", "2"], ["-j=2"]):
            out = os.path.join(tmp, "out" + "".join(spelled))
            r = run(grader, *spelled, "--rubric", RUBRIC, "--out", out, MULTIFILE)
            check(r.returncode == 0, f"{' '.join(spelled)} accepted: {r.returncode} {r.stderr!r}")
            if r.returncode == 0:
                check(rows(out) == {"zoe": ["20", "20", "ok", "10", "10"]},
                      f"{' '.join(spelled)}: main.cu including kernels.cu is one student, 20/20: {rows(out)}")
        for bad in ("-j0", "-jx"):
            one_error(run(grader, bad, "--rubric", RUBRIC, "--out", os.path.join(tmp, "x"), MULTIFILE),
                      r"-j takes a number of submissions, at least 1 \(-j " + bad[2:] + r"\)$", bad)

        # An option without its value: LLVM's line alone, no empty error line.
        r = run(grader, "--rubric")
        check(r.returncode == 2 and r.stderr == "cuda-coalesce-grade: for the --rubric option: "
              "requires a value!\n", f"--rubric without a value: one line, exit 2: {r.stderr!r}")

        # A folder whose two files are separate translation units keeps both.
        out = os.path.join(tmp, "grace")
        r = run(grader, "--rubric", RUBRIC, "--out", out, os.path.join(HERE, "class"))
        check(r.returncode == 0 and rows(out)["grace"] == ["17.5", "20", "findings", "10", "7.5"],
              f"grace's two files both graded: {r.stderr!r}")

        base = "assignment: x\nkernels:\n  - name: transpose\n    points: 5\n"
        cases = [
            (base + "penalties: {coalescing-strided: 0.5, coalescing-stride: 0.5}\n",
             r"rubric .*r\.yaml: penalties names check 'coalescing-stride', which does not exist "
             r"\(checks: coalescing-aos, .*coalescing-strided.*\)$", "misspelt rubric-wide check"),
            ("assignment: x\nkernels:\n  - name: transpose\n    points: 5\n"
             "    penalties: {coalesing-aos: 0.5}\n",
             r"rubric .*r\.yaml: kernel 'transpose': penalties names check 'coalesing-aos', "
             r"which does not exist", "misspelt kernel check"),
        ]
        for text, pattern, what in cases:
            rubric = os.path.join(tmp, "r.yaml")
            with open(rubric, "w") as f:
                f.write(text)
            out = os.path.join(tmp, "refused")
            one_error(run(grader, "--rubric", rubric, "--out", out, MULTIFILE), pattern, what)
            check(not os.path.exists(out), f"{what}: nothing written")
        with open(rubric, "w") as f:
            f.write(base + "penalties: {coalescing-strided: 0.5, shared-bank-conflict: 0.2}\n")
        r = run(grader, "--rubric", rubric, "--out", os.path.join(tmp, "fine"), MULTIFILE)
        check(r.returncode == 0, f"real check names accepted: {r.stderr!r}")

    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""gradescope/run_autograder in Gradescope's layout, on a temporary root.

usage: check_autograder.py BIN_DIR SOURCE_DIR

AUTOGRADER_ROOT is a temporary folder holding source/ (the test rubric and
its reference solution, as an instructor's autograder zip would) and
submission/; the tools come from the PATH (BIN_DIR first). Each case checks
results/results.json against Gradescope's results format
(https://gradescope-autograders.readthedocs.io/en/latest/specs/):

- zoe (main.cu includes kernels.cu): one student, 20/20, one test per kernel;
- a submission that does not compile: 0, the compiler's error in the output;
- a submission with its files in a subfolder (a zip of a folder): graded;
- a broken rubric: exit 1, a results.json with score 0 and the error;
- no tools on the PATH: exit 1, a results.json naming the missing tool.
setup.sh is checked for shell syntax only (it runs apt-get as root).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


TOP = {"score", "execution_time", "output", "output_format", "test_output_format",
       "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests",
       "leaderboard"}
TEST = {"score", "max_score", "status", "name", "name_format", "number", "output",
        "output_format", "tags", "visibility", "extra_data"}
VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}


def number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def spec_errors(doc):
    """What in doc breaks Gradescope's results.json format."""
    errs = []
    if not isinstance(doc, dict):
        return ["not a JSON object"]
    errs += [f"unknown key {k}" for k in doc if k not in TOP]
    tests = doc.get("tests", [])
    if not isinstance(tests, list):
        return errs + ["tests is not a list"]
    if "score" not in doc and not all("score" in t for t in tests if isinstance(t, dict)):
        errs.append("no score, neither overall nor on every test")
    if "score" in doc and not number(doc["score"]):
        errs.append("score is not a number")
    for key in ("output",):
        if key in doc and not isinstance(doc[key], str):
            errs.append(f"{key} is not a string")
    if doc.get("visibility", "visible") not in VISIBILITY:
        errs.append("bad visibility")
    for i, t in enumerate(tests):
        if not isinstance(t, dict):
            errs.append(f"tests[{i}] is not an object")
            continue
        errs += [f"tests[{i}]: unknown key {k}" for k in t if k not in TEST]
        for k in ("score", "max_score"):
            if k in t and not number(t[k]):
                errs.append(f"tests[{i}].{k} is not a number")
        for k in ("name", "output"):
            if k in t and not isinstance(t[k], str):
                errs.append(f"tests[{i}].{k} is not a string")
        if t.get("status", "passed") not in ("passed", "failed"):
            errs.append(f"tests[{i}]: bad status")
        if t.get("visibility", "visible") not in VISIBILITY:
            errs.append(f"tests[{i}]: bad visibility")
    return errs


def autograde(script, bindir, submission_files, rubric=None, path=None):
    """Runs run_autograder on a fresh root; returns (exit code, results doc, stdout)."""
    root = tempfile.mkdtemp()
    try:
        src = os.path.join(root, "source")
        os.makedirs(src)
        if rubric is None:
            shutil.copy(os.path.join(HERE, "rubric.yaml"), src)
            shutil.copytree(os.path.join(HERE, "reference"), os.path.join(src, "reference"))
        else:
            with open(os.path.join(src, "rubric.yaml"), "w") as f:
                f.write(rubric)
        for rel, text in submission_files.items():
            p = os.path.join(root, "submission", rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(text)
        env = dict(os.environ, AUTOGRADER_ROOT=root,
                   PATH=path if path is not None else bindir + os.pathsep + os.environ["PATH"])
        r = subprocess.run([script], cwd=root, env=env, capture_output=True, text=True,
                           timeout=600)
        results = os.path.join(root, "results", "results.json")
        doc = None
        if os.path.exists(results):
            with open(results) as f:
                doc = json.load(f)
        return r.returncode, doc, r.stdout + r.stderr
    finally:
        shutil.rmtree(root)


def read(*parts):
    with open(os.path.join(*parts)) as f:
        return f.read()


def main(bindir, source):
    script = os.path.abspath(os.path.join(source, "gradescope", "run_autograder"))
    zoe = {name: read(HERE, "multifile", "zoe", name) for name in ("main.cu", "kernels.cu")}

    rc, doc, log = autograde(script, bindir, zoe)
    check(rc == 0, f"zoe: exit 0, got {rc}: {log}")
    check(doc is not None and spec_errors(doc) == [], f"zoe: valid results.json: {doc and spec_errors(doc)}")
    if doc:
        check(doc["score"] == 20 and [t["name"] for t in doc["tests"]] == ["transpose", "updateParticles"]
              and all(t["score"] == t["max_score"] == 10 for t in doc["tests"]),
              f"zoe: 20/20, one test per kernel: {doc}")

    broken = dict(zoe, **{"main.cu": zoe["main.cu"].replace("return 0;", "return 0")})
    rc, doc, log = autograde(script, bindir, broken)
    check(rc == 0 and doc is not None and spec_errors(doc) == [] and doc["score"] == 0,
          f"compile error: exit 0, valid, score 0: {rc} {doc}")
    if doc:
        check("error: expected ';'" in doc["tests"][0]["output"], f"compile error shown: {doc['tests'][0]}")

    nested = {"hw3/" + k: v for k, v in zoe.items()}
    rc, doc, log = autograde(script, bindir, nested)
    check(rc == 0 and doc is not None and doc["score"] == 20, f"files in a subfolder: {rc} {doc}")

    rc, doc, log = autograde(script, bindir, zoe,
                             rubric="assignment: x\nkernels:\n  - name: k\n    points: 5\n"
                                    "penalties: {coalescing-stride: 1}\n")
    check(rc == 1, f"broken rubric: exit 1, got {rc}")
    check(doc is not None and spec_errors(doc) == [] and doc["score"] == 0
          and "coalescing-stride" in doc["output"] and "does not exist" in doc["output"],
          f"broken rubric: a valid results.json with the error: {doc}")

    rc, doc, log = autograde(script, bindir, zoe, path="/usr/bin:/bin")
    check(rc == 1 and doc is not None and spec_errors(doc) == []
          and "not on the PATH" in doc["output"], f"no tools: {rc} {doc}")

    r = subprocess.run(["sh", "-n", os.path.join(source, "gradescope", "setup.sh")],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"setup.sh parses: {r.stderr}")

    # The validator itself refuses what Gradescope would.
    check(spec_errors({"score": "20", "tests": [{"name": 1, "status": "ok"}]}) != [],
          "the format check refuses a bad document")

    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

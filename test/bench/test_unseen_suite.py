#!/usr/bin/env python3
"""bench/unseen_suite.py on a made-up suite of four .cu files: a unit that
includes a kernel file, a unit whose kernel's index a loop mixes, and a
unit with a compile error in one kernel's body. Every count the script
prints is checked against what the files hold.

    test_unseen_suite.py UNSEEN_SUITE_SCRIPT ANALYZER
"""
import json
import os
import subprocess
import sys
import tempfile

FILES = {
    "a/main.cu": '#include "kernel.cu"\nint main() { return 0; }\n',
    "a/kernel.cu": "__global__ void copy(const float *in, float *out) {\n"
                   "  out[threadIdx.x] = in[threadIdx.x];\n}\n",
    "b/mix.cu": "__global__ void mix(float *out, int n) {\n"
                "  int i = threadIdx.x;\n"
                "  for (int k = 0; k < n; ++k) i = i * i + k;\n"
                "  out[i] = 0;\n}\n",
    # Negative: the second kernel does not compile, so the file fails as
    # given; with --allow-compile-errors the first kernel is still reported.
    "c/broken.cu": "__global__ void fine(float *a) { a[threadIdx.x] = 0; }\n"
                   "__global__ void broken(float *a) { a[undeclared] = 0; }\n",
}


def main():
    script, tool = sys.argv[1:3]
    failures = []

    def expect(cond, what):
        print(("ok: " if cond else "FAIL: ") + what)
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as root:
        for name, text in FILES.items():
            os.makedirs(os.path.join(root, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(root, name), "w") as f:
                f.write(text)
        records = os.path.join(root, "records.json")
        out = subprocess.run([sys.executable, script, tool, root,
                              "--tool-arg=--cuda=builtin", "--json", records],
                             capture_output=True, text=True).stdout
        print(out)
        lines = out.splitlines()
        expect(lines[0] == "4 .cu files (3 translation units); exit 2 as "
               "given: 1 (25.0 %)", "the file count and the one failure")
        expect("  failed: c/broken.cu" in lines, "broken.cu is the failure")
        expect("with --allow-compile-errors: kernels reported 3 of 4 defined "
               "in the files' own text" in lines,
               "copy, mix and fine reported; broken not")
        # copy's load and store twice (its own run and main.cu's), mix's
        # store, fine's store.
        expect("global accesses: 6, unknown 1 (16.7 %)" in lines,
               "mix's store after the loop is the one unknown")
        expect(any("'i' is its value after a loop" in l for l in lines),
               "its reason is listed")
        by_file = {r["file"]: r for r in json.load(open(records))}
        expect(by_file["c/broken.cu"]["exit"] == 2 and
               by_file["c/broken.cu"]["exit_allowing_errors"] in (0, 1),
               "broken.cu: exit 2 as given, analyzed allowing errors")
        expect(by_file["a/kernel.cu"]["kernels_reported"] == 1 and
               by_file["a/main.cu"]["kernels_defined"] == 0,
               "the included kernel is counted in its own file")
    print("%d failed" % len(failures) if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

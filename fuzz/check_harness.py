#!/usr/bin/env python3
"""The frontend fuzzer analyzes what the CLI analyzes.

Runs frontend-fuzzer once over every seed (libFuzzer runs each file given
as an argument once; CUDA_COALESCE_FUZZ_PRINT=1 prints each report) and
cuda-coalesce once over the same files, then compares the accesses of each
file: line, column, category, address and sectors per request. A harness
that parsed differently (the prelude's PCH, the traversal limited to the
input's declarations) or analyzed nothing would make the fuzzer's runs
vacuous; this fails then. Each seed is given in a folder of its own: a
launch in one file configures a kernel of another file of its folder,
which the harness, one file at a time, does not see. The harness parses
as clang does, as the tidy module does, so the CLI runs with
--nvcc-compat=off (the nvcc mode's reparse is the CLI's alone,
docs/nvcc-compat.md).

    check_harness.py FRONTEND_FUZZER CUDA_COALESCE SEED_DIR
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def key(a):
    return (a["line"], a["column"], a["category"], a["address"],
            a["sectors_per_request"])


def fnv1a(data):
    h = 0xcbf29ce484222325
    for c in data:
        h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    fuzzer, cli, seed_dir = sys.argv[1:4]
    seeds = sorted(Path(seed_dir).glob("*.cu"))
    env = dict(os.environ, CUDA_COALESCE_FUZZ_PRINT="1")
    out = subprocess.run([fuzzer, *map(str, seeds)], env=env,
                         capture_output=True, text=True, check=True).stdout
    decoder = json.JSONDecoder()
    reports, pos = {}, 0
    while True:
        pos = out.find("input ", pos)
        if pos < 0:
            break
        name, pos = out[pos + 6:pos + 22], out.find("{", pos)
        report, pos = decoder.raw_decode(out, pos)
        reports[name] = sorted(key(a) for a in report["accesses"]
                               if "inlined_from" not in a)
    harness = []
    for s in seeds:
        h = reports.get(f"{fnv1a(s.read_bytes()):016x}")
        if h is None:
            sys.exit(f"no report for {s.name}")
        harness.append(h)

    # Each seed in a folder of its own: the harness analyzes one translation
    # unit, and the CLI lends a launch of one file to a kernel another file
    # of the same folder defines (a program's main.cu and kernels.cu, as the
    # seeds of test/lit/engine/Inputs/other_unit are).
    tmp = tempfile.TemporaryDirectory()
    copies = []
    for i, s in enumerate(seeds):
        folder = Path(tmp.name) / str(i)
        folder.mkdir()
        copies.append(folder / s.name)
        shutil.copyfile(s, copies[-1])
    run = subprocess.run([cli, "--cuda=builtin", "--nvcc-compat=off",
                          "--format=json", *map(str, copies)],
                         capture_output=True, text=True)
    original = {str(c): str(s) for c, s in zip(copies, seeds)}
    by_file = {str(s): [] for s in seeds}
    for a in json.loads(run.stdout)["accesses"]:
        if "inlined_from" in a:
            continue
        # An access inside a toolkit header (cuRAND's, wmma's) belongs to
        # the seed whose call reached it.
        owner = original.get(a["file"], a["file"])
        if owner not in by_file and "toolkit_header" in a:
            call = a["toolkit_header"]["call"]["file"]
            owner = original.get(call, call)
        if owner not in by_file:
            sys.exit(f"an access of no seed: {a['file']}:{a['line']}")
        by_file[owner].append(key(a))

    differ = [s.name for s, h in zip(seeds, harness)
              if h != sorted(by_file[str(s)])]
    accesses = sum(len(h) for h in harness)
    print(f"{len(seeds)} seeds, {accesses} accesses; "
          f"{len(seeds) - len(differ)} files agree with the CLI")
    if accesses == 0:
        sys.exit("the harness analyzed no access at all")
    if differ:
        sys.exit("the harness and the CLI disagree on: " + ", ".join(differ))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""What the analyzer makes of a suite nobody tuned it for, without a GPU
(issue 28): every .cu file under ROOT analyzed alone, as a pre-commit hook
passes files, with a compile database of the suite's translation units.

The database lists each .cu file that no other file #includes (nvcc
-I<own folder> [-I<--include>] -c FILE, as bench/included_files.py writes
it); an included .cu is analyzed inside its includer. Each file runs twice:
as given, where a file that does not compile is exit 2, and with
--allow-compile-errors, where the kernels clang could parse are analyzed.
The script prints the files that fail, the kernels reported against the
__global__ definitions in the files' text, the share of global and shared
accesses whose address is `unknown` (each access once: the repeats on call
lines, `inlined_from`, are skipped) and the commonest reasons.

  bench/unseen_suite.py TOOL ROOT [--include DIR ...] [--timeout S]
                        [--tool-arg=ARG ...] [--json FILE]

A kernel file another .cu includes is reported by both (its own run and its
includer's): the counts are per run, as a hook would see them.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from included_files import COMMENT, KERNEL, read, scan  # noqa: E402


def units_and_files(root):
    sources, included = scan(root)
    cu = sorted(s for s in sources if s.endswith(".cu"))
    return [s for s in cu if s not in included], cu


def run(a, db, f, extra):
    p = subprocess.run([a.tool, "--no-cache", "--format=json", "--color=false",
                        "-p", db, f] + a.tool_arg + extra,
                       capture_output=True, text=True, errors="replace",
                       timeout=a.timeout)
    try:
        return p.returncode, json.loads(p.stdout)
    except ValueError:
        return p.returncode, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("root")
    ap.add_argument("--include", action="append", default=[],
                    help="a folder every unit's command adds with -I")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--tool-arg", action="append", default=[])
    ap.add_argument("--json", help="write the per-file records here")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    units, files = units_and_files(root)
    failed, records = [], []
    kernels = defined = 0
    count = collections.Counter()
    reasons = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="unseen-db-") as db:
        with open(os.path.join(db, "compile_commands.json"), "w") as out:
            json.dump([{"directory": os.path.dirname(u), "file": u,
                        "arguments": ["nvcc", "-I" + os.path.dirname(u)] +
                        ["-I" + os.path.abspath(i) for i in a.include] +
                        ["-c", u, "-o", "/dev/null"]} for u in units], out)
        for f in files:
            rel = os.path.relpath(f, root)
            plain, _ = run(a, db, f, [])
            code, doc = run(a, db, f, ["--allow-compile-errors"])
            here = len(KERNEL.findall(COMMENT.sub("", read(f))))
            got = 0
            if doc:
                got = len({k["name"] for k in doc.get("kernels", [])
                           if os.path.realpath(k.get("file", "")) ==
                           os.path.realpath(f)})
                for x in doc.get("accesses", []):
                    if "inlined_from" in x:
                        continue
                    count[x["space"]] += 1
                    if x["category"] == "unknown":
                        count[x["space"] + " unknown"] += 1
                        reasons[(x["space"], x.get("reason") or "")] += 1
            if plain == 2:
                failed.append(rel)
            kernels += min(got, here)
            defined += here
            records.append({"file": rel, "exit": plain,
                            "exit_allowing_errors": code,
                            "kernels_defined": here, "kernels_reported": got})
    print("%d .cu files (%d translation units); exit 2 as given: %d (%.1f %%)"
          % (len(files), len(units), len(failed),
             100.0 * len(failed) / max(len(files), 1)))
    for f in failed:
        print("  failed:", f)
    print("with --allow-compile-errors: kernels reported %d of %d defined "
          "in the files' own text" % (kernels, defined))
    for space in ("global", "shared"):
        n, u = count[space], count[space + " unknown"]
        print("%s accesses: %d, unknown %d (%.1f %%)" %
              (space, n, u, 100.0 * u / max(n, 1)))
    print("commonest reasons:")
    for (space, why), n in reasons.most_common(15):
        print("  %4d %-6s %s" % (n, space, why[:110]))
    if a.json:
        with open(a.json, "w") as out:
            json.dump(records, out, indent=1)


if __name__ == "__main__":
    sys.exit(main())

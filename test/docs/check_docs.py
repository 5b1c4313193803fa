#!/usr/bin/env python3
"""The documentation must say what the tool says.

    check_docs.py BIN_DIR SOURCE_ROOT

For every fenced block of docs/*.md and docs/checks/*.md that starts with a
line `$ cuda-coalesce ...`, runs that command from SOURCE_ROOT with BIN_DIR
first on PATH and compares its stdout and stderr with the rest of the block;
a block placed under `<!-- file: PATH -->` must equal that file (see
docblocks.py). The header comments of examples/*.cu may only cite lines
(`line 32`, `(30:14)`) where the tool analyzes an access.

Prints a unified diff per mismatch and exits 1 on any, or when it finds no
command block at all. After a deliberate change of the tool's output,
regen_docs.py rewrites the blocks; reread the prose around them.
"""
import difflib
import json
import re
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, str(Path(__file__).resolve().parent))
import docblocks  # noqa: E402


def check_blocks(root, bin_dir):
    failures = commands = 0
    for page in docblocks.doc_pages(root):
        rel = page.relative_to(root)
        for block in docblocks.blocks(page):
            commands += block.kind == "command"
            want = docblocks.normalize(block.body)
            got = docblocks.expected(block, root, bin_dir)
            if want == got:
                continue
            failures += 1
            where = "%s:%d" % (rel, block.first)
            what = "$ " + block.head if block.kind == "command" else block.head
            print("%s: block differs from %s" % (where, what))
            sys.stdout.writelines(difflib.unified_diff(
                [l + "\n" for l in want], [l + "\n" for l in got],
                fromfile="%s (documented)" % where,
                tofile="%s (%s)" % (what, "tool output" if block.kind == "command"
                                    else "file")))
    return commands, failures


LINE_REF = re.compile(r"\blines? (\d+(?:(?:, | and )\d+)*)")
LOC_REF = re.compile(r"\((\d+):(\d+)\)")


def check_example_headers(root, bin_dir):
    """Line references in the examples' header comments point at accesses."""
    failures = 0
    for example in sorted((Path(root) / "examples").glob("*.cu")):
        text = example.read_text()
        header = text[:text.find("#include")]
        lines = {int(n) for m in LINE_REF.finditer(header)
                 for n in re.findall(r"\d+", m.group(1))}
        locs = {(int(l), int(c)) for l, c in LOC_REF.findall(header)}
        run = subprocess.run(
            [str(Path(bin_dir) / docblocks.TOOL), "--cuda=builtin",
             "--format=json", str(example.relative_to(root))],
            cwd=root, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            print("%s: the tool failed (%d):\n%s" % (example, run.returncode,
                                                     run.stderr))
            failures += 1
            continue
        accesses = json.loads(run.stdout)["accesses"]
        at_lines = {a["line"] for a in accesses}
        at_locs = {(a["line"], a["column"]) for a in accesses}
        for bad in sorted(lines - at_lines):
            print("%s: the header cites line %d, which has no access"
                  % (example.relative_to(root), bad))
            failures += 1
        for bad in sorted(locs - at_locs):
            print("%s: the header cites %d:%d, which is not an access"
                  % ((example.relative_to(root),) + bad))
            failures += 1
    return failures


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    bin_dir, root = sys.argv[1], Path(sys.argv[2]).resolve()
    commands, failures = check_blocks(root, bin_dir)
    failures += check_example_headers(root, bin_dir)
    if commands == 0:
        print("no `$ %s` block found under %s/docs" % (docblocks.TOOL, root))
        return 1
    print("%d command blocks; %s" % (commands, "%d mismatches" % failures
                                     if failures else "the docs match the tool"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

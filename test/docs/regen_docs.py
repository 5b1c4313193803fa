#!/usr/bin/env python3
"""Rewrites the documentation's checked blocks from fresh runs.

    regen_docs.py BIN_DIR SOURCE_ROOT

A developer's aid, not a test: after a deliberate change of the tool's
output, it replaces the rest of every `$ cuda-coalesce ...` block in
docs/*.md and docs/checks/*.md with what the command prints now, and every
block under `<!-- file: PATH -->` with that file (see docblocks.py). It
does not touch the prose around the blocks: reread it, and the header
comments of examples/*.cu, before committing. check_docs.py is the test.
"""
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, str(Path(__file__).resolve().parent))
import docblocks  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    bin_dir, root = sys.argv[1], Path(sys.argv[2]).resolve()
    for page in docblocks.doc_pages(root):
        lines = page.read_text().split("\n")
        # From the last block up, so earlier blocks' indices stay valid.
        for block in reversed(docblocks.blocks(page)):
            lines[block.first:block.end] = docblocks.expected(block, root,
                                                              bin_dir)
        text = "\n".join(lines)
        if text != page.read_text():
            page.write_text(text)
            print("rewrote", page.relative_to(root))


if __name__ == "__main__":
    sys.exit(main())

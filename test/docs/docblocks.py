"""The fenced blocks of the documentation that the tests keep true.

Two kinds of block are checked, on docs/*.md and docs/checks/*.md:

* A block whose first line is `$ cuda-coalesce ...` is a command and its
  output. The command runs from the repository root with the build's
  cuda-coalesce; the rest of the block must equal its stdout followed by its
  stderr, line for line, trailing whitespace and trailing blank lines aside.
* A block on the line right after `<!-- file: PATH -->` shows a source file
  of the repository (PATH relative to the root) and must equal it.

check_docs.py compares, regen_docs.py rewrites; both use this module.
"""
import glob
import os
import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

TOOL = "cuda-coalesce"
FENCE = re.compile(r"^(`{3,}|~{3,})")
FILE_MARK = re.compile(r"^<!-- file: (\S+) -->\s*$")


@dataclass
class Block:
    page: Path
    kind: str  # "command" or "file"
    head: str  # the command line without "$ ", or the file's path
    first: int  # index in the page's lines of the block's first line to compare
    end: int  # index of the closing fence
    body: list  # the lines compared: page lines [first, end)


def doc_pages(root):
    docs = Path(root) / "docs"
    return ([Path(root) / "README.md"] + sorted(docs.glob("*.md")) +
            sorted((docs / "checks").glob("*.md")))


def blocks(page):
    """The command and file blocks of one page, in order."""
    lines = page.read_text().split("\n")
    found = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence = m.group(1)
        end = i + 1
        while end < len(lines) and not (lines[end].startswith(fence[0] * len(fence))
                                         and lines[end].strip(fence[0]) == ""):
            end += 1
        mark = FILE_MARK.match(lines[i - 1]) if i > 0 else None
        first = lines[i + 1] if i + 1 < end else ""
        if first == "$ " + TOOL or first.startswith("$ %s " % TOOL):
            found.append(Block(page, "command", first[2:], i + 2, end,
                               lines[i + 2:end]))
        elif mark:
            found.append(Block(page, "file", mark.group(1), i + 1, end,
                               lines[i + 1:end]))
        i = end + 1
    return found


def normalize(text_or_lines):
    """Lines without trailing whitespace, trailing blank lines dropped."""
    lines = (text_or_lines.split("\n") if isinstance(text_or_lines, str)
             else list(text_or_lines))
    lines = [l.rstrip() for l in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def tool_env(bin_dir):
    env = dict(os.environ)
    env["PATH"] = os.path.abspath(bin_dir) + os.pathsep + env.get("PATH", "")
    # The docs show what a user sees in a pipe or a log: no color.
    env.pop("CLICOLOR_FORCE", None)
    return env


def run_command(command, root, bin_dir):
    """stdout then stderr of a documented command, run from the root.

    The command is split as a shell would split it (quotes, and globs
    expanded against the root) but never passed to a shell."""
    args = []
    for word in shlex.split(command):
        matches = []
        if re.search(r"[*?[]", word):
            matches = sorted(os.path.relpath(m, root)
                             for m in glob.glob(os.path.join(root, word)))
        args.extend(matches or [word])
    args[0] = os.path.join(os.path.abspath(bin_dir), TOOL)
    run = subprocess.run(args, cwd=root, env=tool_env(bin_dir),
                         stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=300)
    return run.stdout + run.stderr


def expected(block, root, bin_dir):
    """What the block should hold, from the tool or the file it shows."""
    if block.kind == "command":
        return normalize(run_command(block.head, root, bin_dir))
    return normalize((Path(root) / block.head).read_text())

#!/usr/bin/env python3
"""Writes a tool's man page from its own --help and --version output.

usage: help2man.py TOOL NAME OUTPUT.gz

The page has exactly what --help prints (the overview, the usage line, each
option category with its options), so it cannot drift from the option
table the tool parses. It is written gzip-compressed (-9, no name or
timestamp) as Debian policy wants. The tool runs in an empty folder of its
own with the cache under it, so that a tool which looks for a compile
database (cuda-coalesce-clangd) finds none and touches nothing else.
"""
import gzip
import os
import re
import subprocess
import sys
import tempfile


def roff(text):
    """Text safe in a roff line: backslashes, minus signs, a leading dot."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def parse(help_text):
    """(overview lines, usage, [(category, [(option, description)])])."""
    overview, usage, groups = [], "", []
    section = None
    for line in help_text.splitlines():
        if line.startswith("OVERVIEW:"):
            section = "overview"
            line = line[len("OVERVIEW:"):].strip()
        elif line.startswith("USAGE:"):
            usage, section = line[len("USAGE:"):].strip(), "usage"
            continue
        elif line.startswith("OPTIONS:"):
            section = "options"
            continue
        if section == "overview":
            overview.append(line.rstrip())
        elif section == "options" and line.strip():
            if not line.startswith(" ") and line.rstrip().endswith(":"):
                groups.append((line.rstrip()[:-1], []))
                continue
            m = re.match(r"^\s+(\S.*?)\s+- (.*)$", line)
            if m and groups:
                groups[-1][1].append([m.group(1), m.group(2).strip()])
            elif groups and groups[-1][1]:
                # An enumerated value's line, or a wrapped description.
                groups[-1][1][-1][1] += " " + line.strip()
    while overview and not overview[-1]:
        overview.pop()
    return overview, usage, groups


def page(name, version, help_text):
    overview, usage, groups = parse(help_text)
    summary = overview[0] if overview else name
    summary = re.sub(r"^" + re.escape(name) + r":\s*", "", summary)
    out = [f'.TH {name.upper()} 1 "" "{version}" "User Commands"',
           ".SH NAME", f"{roff(name)} \\- {roff(summary)}",
           ".SH SYNOPSIS", f".B {roff(name)}"]
    rest = usage.split(None, 1)[1] if len(usage.split(None, 1)) > 1 else ""
    if rest:
        out.append(roff(rest))
    body = [l for l in overview[1:]]
    if any(l.strip() for l in body):
        out.append(".SH DESCRIPTION")
        for l in body:
            out.append(".PP" if not l.strip() else roff(l.strip()))
    out.append(".SH OPTIONS")
    for title, options in groups:
        out.append(f'.SS "{roff(title)}"')
        for opt, desc in options:
            out += [".TP", f".B {roff(opt)}", roff(desc)]
    out += [".SH SEE ALSO",
            roff("The documentation in /usr/share/doc/cuda-coalesce/ and "
                 "the project's docs/ folder.")]
    return "\n".join(out) + "\n"


def main():
    tool, name, output = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    with tempfile.TemporaryDirectory() as cwd:
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(cwd, "cache"),
                   HOME=cwd, COLUMNS="80")
        def run(arg):
            p = subprocess.run([tool, arg], cwd=cwd, env=env, capture_output=True,
                               text=True, timeout=120)
            if p.returncode != 0:
                sys.exit(f"help2man.py: {tool} {arg} exited {p.returncode}: {p.stderr}")
            return p.stdout
        help_text, version = run("--help"), run("--version").splitlines()[0].strip()
    text = page(name, version, help_text)
    with open(output, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw,
                           mtime=0) as f:
            f.write(text.encode())


if __name__ == "__main__":
    main()

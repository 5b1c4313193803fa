"""cuda-coalesce-clangd in a real LSP conversation.

A project as CMake writes it for nvcc (compile_commands.json with
--generate-code, -rdc=true, -Xcompiler, -x cu) and a .clangd enabling the
checks. The client opens transpose.cu and expects the coalescing-strided
warning on the store, over the store's text, with its notes as lines of the
message (with --notes-as-related-information: as related information, each
located at the store, and the message alone); fixing the code, or a // NOLINT, makes it go away; clean.cu has
no diagnostics at all. bank.cu gets shared-bank-conflict (every check of the
registry reaches the editor) on the unpadded tile only. kernels.cu, which the
database does not list and program.cu #includes after defining TILE, is parsed
in program.cu's context: its strided store is flagged, and TILE is no error.

The expected message and notes are what the command-line analyzer prints
for the same file (clangd capitalizes the first letter of each).

With --dump FILE the diagnostic is written there (the project's path
replaced by /home/me/project), as docs/editors.md quotes it; with --compare
FILE it must equal that file.

usage: clangd_diagnostics.py CLANGD CUDA_COALESCE INPUTS_DIR [--dump|--compare FILE]
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Checks, LspClient  # noqa: E402

STORE = "  out[x * height + y] = in[y * width + x];"


def nvcc_entry(project, name):
    src = os.path.join(project, "src", name)
    return {
        "directory": os.path.join(project, "build"),
        "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler "
                   f"-I{project}/include -O3 -DNDEBUG "
                   "--generate-code=arch=compute_80,code=[compute_80,sm_80] "
                   "-rdc=true -Xcompiler=-fPIC,-Wall -std=c++17 -x cu "
                   f"-c {src} -o CMakeFiles/app.dir/src/{name}.o",
        "file": src,
        "output": f"CMakeFiles/app.dir/src/{name}.o",
    }


def make_project(root, inputs):
    for d in ("src", "include", "build"):
        os.makedirs(os.path.join(root, d))
    for name in ("transpose.cu", "clean.cu", "bank.cu", "program.cu", "kernels.cu"):
        shutil.copy(os.path.join(inputs, name), os.path.join(root, "src", name))
    with open(os.path.join(root, "build", "compile_commands.json"), "w") as f:
        json.dump([nvcc_entry(root, n)
                   for n in ("transpose.cu", "clean.cu", "bank.cu", "program.cu")], f,
                  indent=2)
    with open(os.path.join(root, ".clangd"), "w") as f:
        f.write("Diagnostics:\n  ClangTidy:\n"
                "    Add: [coalescing-*, shared-bank-conflict]\n")


def cli_diagnostic(cli, path):
    """(message, [notes]) of the analyzer's first warning on path."""
    out = subprocess.run([cli, "--cuda=builtin", "--color=false", path],
                         capture_output=True, text=True).stdout
    message, notes = None, []
    for line in out.splitlines():
        m = re.match(r".*?:\d+:\d+: (warning|note): (.*)$", line)
        if not m:
            continue
        if m.group(1) == "warning":
            if message is not None:
                break
            message = re.sub(r" \[coalescing-[a-z]+\]$", "", m.group(2))
        elif message is not None:
            notes.append(m.group(2))
    return message, notes


def capitalized(text):
    return text[:1].upper() + text[1:]


def server(clangd, project, env, *options):
    # --cuda=builtin: the same result with or without a toolkit here.
    return LspClient([clangd, "--cuda=builtin", "--log=error", *options],
                     cwd=project, env=env, stderr=sys.stderr)


def open_transpose(client, project):
    """Initializes the client and opens transpose.cu: its path, text, the
    store's line and the first diagnostics."""
    client.initialize(project)
    path = os.path.join(project, "src", "transpose.cu")
    text = open(path).read()
    client.open(path, text, version=1)
    _, diags = client.diagnostics(path, 1)
    return path, text, text.splitlines().index(STORE), diags


def with_note_lines(message, notes):
    """The warning as cuda-coalesce-clangd sends it by default: the message,
    then each note on a line of its own, each begun with a capital."""
    return "\n".join(capitalized(t) for t in [message or ""] + notes)


def coalescing(diags):
    return [d for d in diags if str(d.get("code", "")).startswith("coalescing-")]


def main():
    clangd, cli, inputs = (os.path.abspath(a) for a in sys.argv[1:4])
    mode, snippet = (sys.argv[4], sys.argv[5]) if len(sys.argv) > 5 else (None, None)
    message, notes = cli_diagnostic(cli, os.path.join(inputs, "transpose.cu"))
    checks = Checks()
    failures, expect = checks.failures, checks.expect

    with tempfile.TemporaryDirectory() as tmp:
        project = os.path.join(tmp, "project")
        make_project(project, inputs)
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
        client = server(clangd, project, env)
        try:
            path, text, line, diags = open_transpose(client, project)
            found = coalescing(diags)
            errors = [d for d in diags if d.get("severity") == 1]
            expect(not errors, "no errors in the nvcc-built file: %s" %
                   [d["message"] for d in errors])
            expect(len(found) == 1, "one coalescing warning: %s" %
                   [d["message"] for d in found])
            if found:
                d = found[0]
                shown = json.dumps(d, indent=2, sort_keys=True).replace(
                    "file://" + project, "file:///home/me/project") + "\n"
                if mode == "--dump":
                    with open(snippet, "w") as f:
                        f.write(shown)
                elif mode == "--compare":
                    expect(shown == open(snippet).read(),
                           "the diagnostic docs/editors.md quotes (%s)" % snippet)
                expect(d["code"] == "coalescing-strided", "code coalescing-strided")
                expect(d["source"] == "clang-tidy", "source clang-tidy")
                expect(d["severity"] == 2, "severity warning")
                expect(d["range"] == {"start": {"line": line, "character": 2},
                                      "end": {"line": line, "character": 21}},
                       "range over 'out[x * height + y]': %s" % d["range"])
                expect(message is not None and message.startswith("strided store"),
                       "the analyzer flags the store: %s" % message)
                expect(len(notes) == 3 and d["message"] == with_note_lines(message, notes),
                       "the analyzer's message, then each of its 3 notes on a line: "
                       + d["message"])
                expect(not d.get("relatedInformation"),
                       "no related information by default: %s" % d.get("relatedInformation"))

            fixed = text.replace(STORE, "  out[y * width + x] = in[y * width + x];")
            client.change(path, fixed, version=2)
            _, diags = client.diagnostics(path, 2)
            expect(not coalescing(diags), "fixed code: the warning is gone: %s" %
                   [d["message"] for d in coalescing(diags)])

            client.change(path, text.replace(STORE, STORE + "  // NOLINT"), version=3)
            _, diags = client.diagnostics(path, 3)
            expect(not coalescing(diags), "// NOLINT silences it")

            client.change(path, text, version=4)
            _, diags = client.diagnostics(path, 4)
            expect(len(coalescing(diags)) == 1, "the warning comes back with the code")

            clean = os.path.join(project, "src", "clean.cu")
            client.open(clean, open(clean).read(), version=1)
            _, diags = client.diagnostics(clean, 1)
            expect(diags == [], "clean.cu: no diagnostics at all: %s" %
                   [d["message"] for d in diags])

            # Every check of the registry reaches the editor: the shared
            # tile's column read is a 32-way bank conflict.
            bank = os.path.join(project, "src", "bank.cu")
            client.open(bank, open(bank).read(), version=1)
            _, diags = client.diagnostics(bank, 1)
            codes = [(d.get("code"), d["range"]["start"]["line"]) for d in diags]
            expect(codes == [("shared-bank-conflict", 5)],
                   "bank.cu: one shared-bank-conflict warning, on line 6, none on the "
                   "padded tile: %s" %
                   [d["message"] for d in diags])

            kernels = os.path.join(project, "src", "kernels.cu")
            client.open(kernels, open(kernels).read(), version=1)
            _, diags = client.diagnostics(kernels, 1)
            errors = [d["message"] for d in diags if d.get("severity") == 1]
            expect(not errors, "kernels.cu, included by program.cu: no "
                   "errors (TILE comes from program.cu): %s" % errors)
            found = coalescing(diags)
            expect(len(found) == 1 and found[0]["code"] == "coalescing-strided"
                   and found[0]["range"]["start"] == {"line": 3,
                                                      "character": 2},
                   "kernels.cu: its strided store is flagged: %s" %
                   [(d["message"], d["range"]) for d in found])
        finally:
            client.shutdown()

        # --notes-as-related-information: the notes as LSP related
        # information, each located at the store, the message alone.
        client = server(clangd, project, env, "--notes-as-related-information")
        try:
            _, _, line, diags = open_transpose(client, project)
            found = coalescing(diags)
            expect(len(found) == 1, "--notes-as-related-information: one warning: %s" %
                   [d["message"] for d in found])
            if found:
                d = found[0]
                expect(d["message"] == capitalized(message or ""),
                       "--notes-as-related-information: the message alone: " + d["message"])
                related = [r["message"] for r in d.get("relatedInformation", [])]
                expect(related == [capitalized(n) for n in notes] and len(notes) == 3,
                       "the analyzer's notes as relatedInformation: %s" % related)
                expect(all(r["location"]["uri"].endswith("/src/transpose.cu") and
                           r["location"]["range"]["start"]["line"] == line
                           for r in d.get("relatedInformation", [])),
                       "notes located at the store")
        finally:
            client.shutdown()
    if failures:
        print("%d failed" % len(failures))
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

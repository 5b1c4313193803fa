"""cuda-coalesce-clangd reuses a file's report when its code did not change.

In a real LSP conversation with the server we build (--log=verbose, where
the checks say for each build whether they analyzed the file or reused a
report), on transpose.cu:

- a comment appended after the last function, a comment before the first
  changed in place, and an undo back to a text analyzed before reuse the
  report: the same diagnostics, and no analysis;
- a comment inside the kernel, and a fix of the store, are analyzed again,
  and the fix's diagnostics are the fixed code's (nothing stale);
- a header the file includes, changed on disk: once clangd has rebuilt the
  preamble, the next edit (a comment after the last function) analyzes the
  file again, with the header's new macro.

usage: clangd_reuse.py CLANGD INPUTS_DIR
"""
import json
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Checks, LspClient  # noqa: E402

STORE = "  out[x * height + y] = in[y * width + x];"


def ours(diags):
    return sorted(json.dumps(d, sort_keys=True) for d in diags
                  if d.get("source") == "clang-tidy")


def main():
    clangd, inputs = (os.path.abspath(a) for a in sys.argv[1:3])
    checks = Checks()
    failures, expect = checks.failures, checks.expect

    with tempfile.TemporaryDirectory() as tmp:
        project = os.path.join(tmp, "project")
        os.makedirs(os.path.join(project, "src"))
        path = os.path.join(project, "src", "transpose.cu")
        shutil.copy(os.path.join(inputs, "transpose.cu"), path)
        with open(os.path.join(project, "compile_commands.json"), "w") as f:
            json.dump([{"directory": project, "file": path,
                        "command": "nvcc -arch=sm_80 -c src/transpose.cu"}], f)
        with open(os.path.join(project, ".clangd"), "w") as f:
            f.write("Diagnostics:\n  ClangTidy:\n    Add: [coalescing-*]\n")
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
        log_path = os.path.join(tmp, "clangd.log")
        log_path = os.environ.get("REUSE_LOG", log_path)
        log = open(log_path, "w")
        client = LspClient([clangd, "--cuda=builtin", "--log=verbose"],
                           cwd=project, env=env, stderr=log)

        def analyses_of(file):
            text = open(log_path).read()
            return (text.count(file + ": analyzed in"),
                    text.count(file + ": report reused"))

        def analyses():
            return analyses_of(path)

        try:
            client.initialize(project)
            text = open(path).read()
            client.open(path, text, version=1)
            _, diags = client.diagnostics(path, 1)
            first = ours(diags)
            expect(len(first) == 1 and analyses()[0] >= 1,
                   "opened: one warning, analyzed: %s" % (analyses(),))

            steps = [
                ("a comment after the last function", text + "// later\n",
                 True, first),
                ("another that ends the file", text + "/* later */", True, first),
                ("a comment before the first function, changed in place",
                 text.replace("A naive transpose", "A plain transpose"), True, first),
                ("a comment inside the kernel",
                 text.replace(STORE, STORE + " // here"), False, first),
                ("the store fixed",
                 text.replace(STORE, "  out[y * width + x] = in[y * width + x];"),
                 False, []),
                ("an undo back to the opened text", text, True, first),
            ]
            for version, (what, new, reused, expected) in enumerate(steps, start=2):
                before = analyses()
                client.change(path, new, version=version)
                _, diags = client.diagnostics(path, version)
                after = analyses()
                done = (after[0] - before[0], after[1] - before[1])
                # clangd may build a version more than once (when it reloads
                # the database, say): those builds reuse its report too.
                expect(done[0] == 0 and done[1] >= 1 if reused else done[0] >= 1,
                       "%s: %s (analyzed, reused) = %s" %
                       (what, "reused" if reused else "analyzed", done))
                expect(ours(diags) == expected, "%s: the diagnostics are %s" %
                       (what, "the opened text's" if expected else "none"))

            # A header changed: the code the analysis reads changed, though
            # the main file's did not.
            scaled = os.path.join(project, "src", "scaled.cu")
            header = os.path.join(project, "src", "scale.h")
            with open(header, "w") as f:
                f.write("#define SCALE 1\n")
            code = ('#include "scale.h"\n'
                    "__global__ void scaled(float *out, const float *in) {\n"
                    "  out[threadIdx.x * SCALE] = in[threadIdx.x];\n"
                    "}\n")
            with open(scaled, "w") as f:
                f.write(code)
            client.open(scaled, code, version=1)
            _, diags = client.diagnostics(scaled, 1)
            expect(ours(diags) == [], "scaled.cu with SCALE 1: no warning")
            # Of another size: clangd reuses a preamble whose files keep
            # their size and their modification time in whole seconds, and
            # this write may fall in the second of the first.
            with open(header, "w") as f:
                f.write("#define SCALE 4 /* was 1 */\n")
            # clangd builds this edit's AST with the preamble it has (SCALE
            # 1: the report of that code is reused, as clangd's own
            # diagnostics are the old preamble's) while it rebuilds the
            # preamble; then the code with SCALE 4 is analyzed.
            client.change(scaled, code + "// later\n", version=2)
            _, diags = client.diagnostics(scaled, 2)
            built = "Built preamble of size"
            deadline = time.monotonic() + 120
            while (open(log_path).read().count(built) < 3
                   and time.monotonic() < deadline):
                time.sleep(0.2)
            client.change(scaled, code + "// later still\n", version=3)
            _, diags = client.diagnostics(scaled, 3)
            # clangd rebuilds the AST itself once the preamble is ready, or
            # at this edit: either way the new code is analyzed once more.
            expect(analyses_of(scaled)[0] >= 2,
                   "the preamble with the new scale.h: analyzed again: %s" %
                   (analyses_of(scaled),))
            expect([json.loads(d)["code"] for d in ours(diags)] ==
                   ["coalescing-strided"],
                   "scale.h now says 4: the store is strided: %s" % ours(diags))
        finally:
            client.shutdown()
            log.close()
            if failures:
                # What clangd built, and what the checks did, in order.
                for line in open(log_path):
                    if ("cuda-coalesce: " in line or "ASTWorker building" in line
                            or "preamble" in line):
                        print("log: " + line.rstrip()[:200])
    if failures:
        print("%d failed" % len(failures))
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

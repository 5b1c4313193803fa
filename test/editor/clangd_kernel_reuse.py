"""cuda-coalesce-clangd reuses, per kernel, the results an edit cannot change.

Two real LSP conversations side by side on kernel_reuse.cu (five kernels,
a __device__ callee two of them share, a macro, a launch per kernel): the
server we build as users run it (--log=verbose: each build says how many
kernels it analyzed and how many it reused), and the same server with
--no-result-reuse, which analyzes every text in full. Each edit goes to
both; the diagnostics (with their fixes, codeActionsInline) must be the
same, and the log says which kernels were analyzed again:

- inside one kernel: that kernel alone;
- in the callee two kernels share: both of them, and their warnings change
  (the negative case: their kept results must not be reused);
- a launch's block size: every kernel (host code is common to all);
- the macro: every kernel;
- a line added above a kernel (it and those below move): the moved ones,
  with their new lines; those above are reused;
- a comment at the end of a line above the kernel with a fix: the others
  are reused, and the fix of the tile's padding, whose byte offset moved,
  edits the right place;
- a #line directive: nothing is reused (the negative case of the key's
  limits), and the diagnostics are still a fresh analysis's.

usage: clangd_kernel_reuse.py CLANGD INPUTS_DIR
"""
import json
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Checks, LspClient  # noqa: E402

KERNELS = ["copyStrided", "scaleRows", "scaleCols", "sumPairs", "transposeTile"]


def ours(diags):
    return sorted(json.dumps(d, sort_keys=True) for d in diags
                  if d.get("source") == "clang-tidy")


def start(clangd, project, tmp, name, extra):
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache-" + name))
    log_path = os.path.join(tmp, name + ".log")
    log = open(log_path, "w")
    client = LspClient([clangd, "--cuda=builtin", "--log=verbose"] + extra,
                       cwd=project, env=env, stderr=log)
    client.initialize(project, code_actions=True)
    return client, log, log_path


def main():
    clangd, inputs = (os.path.abspath(a) for a in sys.argv[1:3])
    checks = Checks()
    failures, expect = checks.failures, checks.expect

    with tempfile.TemporaryDirectory() as tmp:
        project = os.path.join(tmp, "project")
        os.makedirs(os.path.join(project, "src"))
        path = os.path.join(project, "src", "kernel_reuse.cu")
        shutil.copy(os.path.join(inputs, "kernel_reuse.cu"), path)
        with open(os.path.join(project, "compile_commands.json"), "w") as f:
            json.dump([{"directory": project, "file": path,
                        "command": "nvcc -arch=sm_80 -c src/kernel_reuse.cu"}], f)
        with open(os.path.join(project, ".clangd"), "w") as f:
            f.write("Diagnostics:\n  ClangTidy:\n    Add: [coalescing-*, "
                    "shared-bank-conflict]\n")
        reusing, log_r, log_path = start(clangd, project, tmp, "reusing", [])
        fresh, log_f, _ = start(clangd, project, tmp, "fresh",
                                ["--no-result-reuse"])

        def builds():
            """(analyzed, reused) kernels of each build of the file so far."""
            text = open(log_path).read()
            return [(int(a), int(r)) for a, r in re.findall(
                re.escape(path) + r": analyzed in \d+ ms \(kernels: (\d+) "
                r"analyzed, (\d+) reused[;,)]", text)]

        def lines_in(diags, text, name):
            """The lines of our warnings inside kernel name's body."""
            lines = text.split("\n")
            first = next(n for n, l in enumerate(lines, start=1)
                         if l.startswith("__global__ void %s(" % name))
            last = next(n for n, l in enumerate(lines, start=1)
                        if n > first and l == "}")
            return sorted(d["range"]["start"]["line"] + 1 for d in diags
                          if d.get("source") == "clang-tidy" and
                          first <= d["range"]["start"]["line"] + 1 <= last)

        def messages_at(diags, line):
            return sorted(d["message"] for d in diags
                          if d.get("source") == "clang-tidy" and
                          d["range"]["start"]["line"] + 1 == line)

        try:
            text = open(path).read()
            version = 1
            reusing.open(path, text, version=version)
            fresh.open(path, text, version=version)
            _, diags = reusing.diagnostics(path, version)
            _, expected = fresh.diagnostics(path, version)
            expect(ours(diags) == ours(expected) and len(ours(diags)) == 4,
                   "opened: %d warnings, the same as a fresh analysis" %
                   len(ours(diags)))
            expect(builds()[-1:] == [(5, 0)],
                   "opened: all five kernels analyzed: %s" % builds()[-1:])
            previous = ours(diags)

            def step(what, new, analyzed, changes):
                """Sends new to both; analyzed: kernels the reusing server
                must analyze again (the rest reused)."""
                nonlocal version, previous
                version += 1
                before = len(builds())
                reusing.change(path, new, version=version)
                fresh.change(path, new, version=version)
                _, got = reusing.diagnostics(path, version)
                _, want = fresh.diagnostics(path, version)
                expect(ours(got) == ours(want),
                       "%s: the diagnostics are a fresh analysis's" % what)
                # A rebuild of the previous text that clangd finishes late
                # (its preamble came in after the diagnostics) may land
                # here too, so the log is searched for this edit's build.
                done = builds()[before:]
                expect((analyzed, 5 - analyzed) in done,
                       "%s: (analyzed, reused) = %s, expected %s" %
                       (what, done, (analyzed, 5 - analyzed)))
                expect((ours(got) != previous) == changes,
                       "%s: the warnings %s" %
                       (what, "changed" if changes else "stayed"))
                previous = ours(got)
                return got, new

            edited = text.replace("  out[i] = in[i * STRIDE];",
                                  "  out[i] = in[i * STRIDE + 1];")
            step("inside copyStrided", edited, 1, True)

            # The negative case: the callee's accesses are scaleRows's and
            # scaleCols's, and both change: results kept from before the
            # edit would say 16 bytes (scaleCols) and nothing (scaleRows).
            fetch_line = 1 + text.split("\n").index(next(
                l for l in text.split("\n") if l.startswith("__device__ float fetch")))
            before = messages_at(json.loads("[%s]" % ",".join(previous)),
                                 fetch_line)
            expect(len(before) == 1 and "16 bytes apart" in before[0],
                   "before: the callee warns for scaleCols alone: %s" % before)
            shared = edited.replace("return p[i];", "return p[i * 8];")
            got, _ = step("in the callee of scaleRows and scaleCols", shared, 2,
                          True)
            after = messages_at(got, fetch_line)
            expect(len(after) == 2 and "32 bytes apart" in " ".join(after) and
                   "128 bytes apart" in " ".join(after),
                   "after: the callee warns for scaleRows (32 bytes) and "
                   "scaleCols (128 bytes): %s" % after)

            block = shared.replace("copyStrided<<<n / 256, 256>>>",
                                   "copyStrided<<<n / 64, 64>>>")
            step("a launch's block size", block, 5, True)

            macro = block.replace("#define STRIDE 2", "#define STRIDE 1")
            step("the macro", macro, 5, True)

            # A line inside scaleRows: the kernels below it move, and so
            # does the host code that launches them all (the launches'
            # lines are in every kernel's notes): all are analyzed again.
            moved = macro.replace(
                "  out[i] = 2.0f * fetch(in, i);",
                "  float scale = 2.0f;\n  out[i] = scale * fetch(in, i);")
            old_tile = lines_in(json.loads("[%s]" % ",".join(previous)), macro,
                                "transposeTile")
            got, _ = step("a line added in scaleRows (kernels below move)",
                          moved, 5, True)
            expect(lines_in(got, moved, "transposeTile") ==
                   [n + 1 for n in old_tile] and len(old_tile) == 1,
                   "transposeTile's warning one line lower: %s, was %s" %
                   (lines_in(got, moved, "transposeTile"), old_tile))

            # Same lines, other byte offsets below the comment.
            comment = moved.replace("  out[i] = in[i].a;",
                                    "  out[i] = in[i].a; // the first member")
            got, _ = step("a comment in sumPairs (transposeTile's fix moves)",
                          comment, 1, False)
            fixes = [a for d in got if d.get("source") == "clang-tidy"
                     for a in d.get("codeActions", [])]
            edits = [e for a in fixes
                     for e in a["edit"]["changes"]["file://" + path]]
            lines = comment.split("\n")
            expect(any(lines[e["range"]["start"]["line"]]
                       [e["range"]["start"]["character"]:
                        e["range"]["end"]["character"]] == "32" and
                       e["newText"] == "33" for e in edits),
                   "the tile's padding fix edits its inner 32: %s" % edits)
            # The offsets kept are this text's: the next edit moves them again.
            again = comment.replace("// the first member", "// member a")
            got, _ = step("the comment changed again", again,
                          1, False)

            # A #line directive: lines would not follow the text, so nothing
            # is kept or reused, and the diagnostics are still a fresh
            # analysis's.
            relined = again.replace("struct Pair {", "#line 200\nstruct Pair {")
            step("a #line directive", relined, 5, True)
            edited_again = relined.replace("in[i * STRIDE + 1]",
                                           "in[i * STRIDE + 2]")
            step("an edit below the #line directive", edited_again, 5, False)
            expect("none kept: a #line directive" in open(log_path).read(),
                   "the log says why nothing was reused")
        finally:
            reusing.shutdown()
            fresh.shutdown()
            log_r.close()
            log_f.close()
            if failures:
                print(open(log_path).read()[-4000:])
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

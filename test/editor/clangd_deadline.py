"""cuda-coalesce-clangd on a file whose analysis would run for minutes.

Inputs/hanging.cu keeps the analyzer busy for about a minute (twenty kernels,
each inlining its budget of 20,000 bodies that walk a loop nest). In a real LSP
conversation with the server we build:

- with --analysis-timeout=2, the file gets, within a bound, one diagnostic
  saying the analysis stopped, beside clang's own warning; no coalescing
  finding is shown for it;
- a normal file in the same server (transpose.cu) keeps its warning, and
  clean.cu stays without diagnostics: they are never cut off;
- a newer text of the hanging file recovers the worker: the fixed text gets
  its normal diagnostics long before the default deadline (20 s) would have
  freed it;
- shutdown sent while an analysis runs is answered, and exit ends the
  process, in a few seconds;
- clangd --check (no editor; its input empty) is not a shutdown: the
  analysis runs to its end.

usage: clangd_deadline.py CLANGD INPUTS_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Checks, LspClient  # noqa: E402

STOPPED = "Memory-access analysis stopped after 2 s (--analysis-timeout)"
CANCELLED = "Memory-access analysis cancelled"
FIXED = """__global__ void everywhere(float *a) {
  a[threadIdx.x * 2] = 0;
}
"""


def make_project(root, inputs):
    os.makedirs(os.path.join(root, "src"))
    names = ("hanging.cu", "transpose.cu", "clean.cu")
    for name in names:
        shutil.copy(os.path.join(inputs, name), os.path.join(root, "src", name))
    with open(os.path.join(root, "compile_commands.json"), "w") as f:
        json.dump([{"directory": root, "file": os.path.join(root, "src", n),
                    "command": f"nvcc -arch=sm_80 -c src/{n} -o {n}.o"}
                   for n in names], f, indent=2)
    with open(os.path.join(root, ".clangd"), "w") as f:
        f.write("Diagnostics:\n  ClangTidy:\n"
                "    Add: [coalescing-*, shared-bank-conflict]\n")


def ours(diags):
    return [d for d in diags if d.get("source") == "clang-tidy"]


def messages(diags):
    return [d["message"] for d in diags]


def main():
    clangd, inputs = (os.path.abspath(a) for a in sys.argv[1:3])
    checks = Checks()
    failures, expect = checks.failures, checks.expect

    with tempfile.TemporaryDirectory() as tmp:
        project = os.path.join(tmp, "project")
        make_project(project, inputs)
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
        src = lambda name: os.path.join(project, "src", name)  # noqa: E731
        hanging = src("hanging.cu")
        text = open(hanging).read()

        # The deadline.
        client = LspClient([clangd, "--cuda=builtin", "--log=error",
                            "--analysis-timeout=2"], cwd=project, env=env,
                           stderr=sys.stderr)
        try:
            client.initialize(project)
            start = time.monotonic()
            client.open(hanging, text, version=1)
            when, diags = client.diagnostics(hanging, 1, timeout=60)
            took = when - start
            expect(took < 30, "the hanging file's diagnostics came in %.1f s "
                   "(deadline 2 s, bound 30 s)" % took)
            expect([d["message"].split(":")[0] for d in ours(diags)] == [STOPPED],
                   "one diagnostic says the analysis stopped: %s" % messages(diags))
            stop = ours(diags)[:1]
            expect(stop and stop[0]["range"]["start"] == {"line": 0, "character": 0}
                   and stop[0]["severity"] == 2,
                   "a warning at the top of the file: %s" % stop)
            expect(any(d.get("source") == "clang" and "changes value from 2.5 to 2"
                       in d["message"] for d in diags),
                   "clang's own warning is still published: %s" % messages(diags))

            # Normal files in the same server: never cut off.
            client.open(src("transpose.cu"), open(src("transpose.cu")).read(), 1)
            _, diags = client.diagnostics(src("transpose.cu"), 1)
            expect([d.get("code") for d in ours(diags)] == ["coalescing-strided"]
                   and not any(CANCELLED in m or "stopped" in m
                               for m in messages(diags)),
                   "transpose.cu: its strided store and nothing else: %s" %
                   messages(diags))
            client.open(src("clean.cu"), open(src("clean.cu")).read(), 1)
            _, diags = client.diagnostics(src("clean.cu"), 1)
            expect(diags == [], "clean.cu: no diagnostics: %s" % messages(diags))

            client.change(hanging, FIXED, version=2)
            _, diags = client.diagnostics(hanging, 2)
            expect([d.get("code") for d in ours(diags)] == ["coalescing-strided"],
                   "the fixed text gets its normal diagnostic: %s" % messages(diags))
        finally:
            client.shutdown()

        # The default deadline (20 s): an edit, then shutdown, free the worker.
        client = LspClient([clangd, "--cuda=builtin", "--log=error"], cwd=project,
                           env=env, stderr=sys.stderr)
        try:
            client.initialize(project)
            client.open(hanging, text, version=1)
            time.sleep(3)  # the analysis is under way
            edited = time.monotonic()
            client.change(hanging, FIXED, version=2)
            when, diags = client.diagnostics(hanging, 2, timeout=60)
            took = when - edited
            expect(took < 12, "an edit recovers the worker: the new text's "
                   "diagnostics in %.1f s (bound 12 s; deadline 20 s)" % took)
            expect([d.get("code") for d in ours(diags)] == ["coalescing-strided"],
                   "and they are the normal ones: %s" % messages(diags))

            client.change(hanging, text, version=3)
            time.sleep(3)
            asked = time.monotonic()
            answer = client.request("shutdown", None, timeout=30)
            expect(answer.get("result", 1) is None and "error" not in answer,
                   "shutdown answered during an analysis, in %.1f s" %
                   (time.monotonic() - asked))
            client.notify("exit", None)
            try:
                code = client.proc.wait(timeout=15)
            except Exception:
                code = None
            expect(code == 0, "exit ends the server with 0 in %.1f s (bound 15 s): %s"
                   % (time.monotonic() - asked, code))
        finally:
            if client.proc.poll() is None:
                client.proc.kill()
                client.proc.wait()
        # clangd --check parses one file with no editor; its empty input is
        # no shutdown: the analysis runs to its end.
        check = subprocess.run(
            [clangd, "--cuda=builtin", "--log=verbose", "--check=" + src("transpose.cu")],
            cwd=project, env=env, stdin=subprocess.DEVNULL, capture_output=True,
            text=True, timeout=120)
        expect(check.returncode == 0 and
               src("transpose.cu") + ": analyzed in" in check.stderr,
               "--check with an empty input: the analysis runs to its end "
               "(exit %d)" % check.returncode)
    if failures:
        print("%d failed" % len(failures))
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

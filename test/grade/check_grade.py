#!/usr/bin/env python3
"""End-to-end tests of cuda-coalesce-grade on the test class (test/grade/class).

  check_grade.py class  GRADER   grades the class; checks grades.csv, the
                                 Gradescope results, the feedback pages, and
                                 that a rerun with -j 1 writes the same bytes
  check_grade.py errors GRADER   bad rubric, missing directory: one line, exit 2
  check_grade.py isolation GRADER ANALYZER
                                 a hanging and a crashing analyzer run are
                                 those students' status, never the run's
  check_grade.py browser GRADER  renders report.html in headless Chromium
  check_grade.py hostile GRADER ANALYZER
                                 a class of hostile submissions (issue 32):
                                 no file outside a submission reaches any
                                 output, and no full marks for code that is
                                 another's, hidden or unknown to the analysis
"""
import csv
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
CLASS = os.path.join(HERE, "class")
RUBRIC = os.path.join(HERE, "rubric.yaml")
STUDENTS = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan"]

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def grade(grader, out, *extra, rubric=RUBRIC, subs=CLASS):
    return subprocess.run([grader, "--rubric", rubric, "--out", out, subs, *extra],
                          capture_output=True, text=True, timeout=600)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_class(grader):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out")
        r = grade(grader, out, "-j", "2")
        check(r.returncode == 0, f"exit 0 when every submission is graded, got {r.returncode}: {r.stderr}")
        check(r.stderr == "", f"no progress line when stderr is not a terminal: {r.stderr!r}")

        with open(os.path.join(out, "grades.csv"), newline="") as f:
            rows = list(csv.reader(f))
        check(rows[0] == ["student", "score", "max_score", "status", "transpose", "updateParticles"],
              f"CSV header {rows[0]}")
        got = {row[0]: row[1:] for row in rows[1:]}
        check(sorted(got) == STUDENTS and [r[0] for r in rows[1:]] == STUDENTS,
              f"one row per student, sorted: {list(got)}")
        # score, max, status, transpose, updateParticles. Deductions follow the
        # rule in docs/grading.md: penalty * (1 - efficiency / mark).
        expected = {
            "alice": ["20", "20", "ok", "10", "10"],
            # strided store, 12.5%: 10 * 0.5 * 0.875 = 4.375, printed 4.38, lost
            "bob": ["15.62", "20", "findings", "5.62", "10"],
            # six AoS accesses of one update are one mistake: 10 * 0.6 * (1 - 1/6)
            "carol": ["15", "20", "findings", "10", "5"],
            # one chunked loop over x and vx is one mistake: 10 * 0.4 * 0.875
            "dave": ["16.5", "20", "findings", "10", "6.5"],
            "erin": ["0", "20", "compile-error", "0", "0"],
            "frank": ["10", "20", "missing-kernel", "10", "0"],
            # stride 2 in a second file that includes a header: 10 * 0.5 * 0.5
            "grace": ["17.5", "20", "findings", "10", "7.5"],
            # strided load in a __device__ helper counts against its kernel
            "heidi": ["15.62", "20", "findings", "5.62", "10"],
            # strided load; a kernel without global accesses is present; the
            # forbidden cudaMallocManaged costs 1
            "ivan": ["14.62", "20", "findings", "5.62", "9"],
        }
        for s, want in expected.items():
            check(got.get(s) == want, f"{s}: CSV row {got.get(s)} != {want}")

        for s in STUDENTS:
            res = json.loads(read(os.path.join(out, "results", s + ".json")))
            check(set(res) >= {"score", "tests"}, f"{s}: Gradescope keys {sorted(res)}")
            check(abs(res["score"] - float(got[s][0])) < 1e-9, f"{s}: Gradescope score {res['score']}")
            names = [t["name"] for t in res["tests"]]
            check(names == ["transpose", "updateParticles"], f"{s}: tests {names}")
            for t, col in zip(res["tests"], (3, 4)):
                check(set(t) == {"name", "score", "max_score", "output"}, f"{s}: test keys {sorted(t)}")
                check(t["max_score"] == 10 and abs(t["score"] - float(got[s][col])) < 1e-9,
                      f"{s}/{t['name']}: {t['score']} of {t['max_score']}")
                check(isinstance(t["output"], str) and t["output"], f"{s}/{t['name']}: empty output")
        erin = json.loads(read(os.path.join(out, "results", "erin.json")))
        check(all("main.cu:3:48: error: expected ';'" in t["output"] for t in erin["tests"]),
              f"erin: the compiler's message in every test: {erin['tests']}")
        frank = json.loads(read(os.path.join(out, "results", "frank.json")))
        check("was not found" in frank["tests"][1]["output"], "frank: missing kernel said")

        fb = {s: read(os.path.join(out, "feedback", s + ".md")) for s in STUDENTS}
        items = lambda text: re.findall(r"^### \d+\. (.*)$", text, re.M)
        check(items(fb["alice"]) == [] and "Full marks" in fb["alice"], "alice: clean feedback")
        check(items(fb["carol"]) == ["array-of-structs access to `p` (-5 points)"],
              f"carol: one AoS item, not six: {items(fb['carol'])}")
        check("6 accesses share this mistake" in fb["carol"], "carol: the six accesses are listed")
        check("structure of arrays" in fb["carol"], "carol: the fix is shown")
        check(items(fb["dave"]) == ["chunked (CPU-style) loop over `vx`, `x` (-3.5 points)"],
              f"dave: {items(fb['dave'])}")
        check("in `__device__` function `element`, called from kernel `transpose` (transpose calls element at heidi.cu:10), heidi.cu:3" in fb["heidi"],
              "heidi: the helper's finding names its kernel")
        check("```\nmain.cu:3:48: error: expected ';' at end of declaration\n```" in fb["erin"],
              "erin: the compiler's first error")
        check("Kernel `updateParticles` was not found" in fb["frank"], "frank: missing kernel")
        check("`particles.cu` `transpose.cu`" in fb["grace"] and "particles.cu:8" in fb["grace"],
              "grace: both files analyzed, the finding in the second")
        check(items(fb["ivan"])[-1] == "managed memory is not part of this assignment (-1 points)",
              f"ivan: forbidden pattern: {items(fb['ivan'])}")
        check("`updateParticles` | 9 / 10" in fb["ivan"], "ivan: a kernel without accesses is found")

        # On a terminal, a progress line on stderr, rewritten in place.
        master, slave = os.openpty()
        tty_out = os.path.join(tmp, "tty")
        proc = subprocess.Popen([grader, "--rubric", RUBRIC, "--out", tty_out, CLASS],
                                stdout=subprocess.DEVNULL, stderr=slave)
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        proc.wait()
        os.close(master)
        check(proc.returncode == 0 and b"\rcuda-coalesce-grade: 9/9 graded" in seen,
              f"progress line on a terminal: {seen!r}")

        # Deterministic: one job at a time writes the same bytes.
        again = os.path.join(tmp, "again")
        r = grade(grader, again, "-j", "1")
        check(r.returncode == 0, "rerun exit 0")
        cmp = filecmp.dircmp(out, again)
        def diffs(c):
            return c.diff_files + c.left_only + c.right_only + sum((diffs(s) for s in c.subdirs.values()), [])
        check(diffs(cmp) == [], f"rerun with -j 1 differs: {diffs(cmp)}")


def test_errors(grader):
    with tempfile.TemporaryDirectory() as tmp:
        def expect_error(args, pattern, what):
            r = subprocess.run([grader, *args], capture_output=True, text=True, timeout=120)
            lines = r.stderr.splitlines()
            check(r.returncode == 2, f"{what}: exit {r.returncode}, want 2")
            check(len(lines) == 1 and re.match(r"cuda-coalesce-grade: error: " + pattern, lines[0] if lines else ""),
                  f"{what}: stderr {r.stderr!r}")
            check(not os.path.exists(os.path.join(tmp, "out", "grades.csv")), f"{what}: nothing written")
        out = os.path.join(tmp, "out")
        bad = os.path.join(tmp, "bad.yaml")
        cases = [
            ("assignment: x\nkernels:\n  - name: k\n", r"rubric .*bad\.yaml: line 3: missing required key 'points'", "no points"),
            ("assignment: x\nkernels: []\n", r"rubric .*: 'kernels' lists no kernel", "no kernels"),
            ("assignment: x\nkernels:\n  - name: k\n    points: 5\n  - name: k\n    points: 5\n", r"rubric .*: kernel 'k' is listed twice", "duplicate"),
            ("assignment: x\nkernels:\n  - name: k\n    points: 5\npenalties: {coalescing-aos: 3}\n", r"rubric .*: penalty for coalescing-aos must be in 0\.\.1", "penalty range"),
            ("assignment: [\n", r"rubric .*bad\.yaml: line \d+: ", "not YAML"),
        ]
        for text, pattern, what in cases:
            with open(bad, "w") as f:
                f.write(text)
            expect_error(["--rubric", bad, "--out", out, CLASS], pattern, what)
        expect_error(["--rubric", os.path.join(tmp, "none.yaml"), "--out", out, CLASS],
                     r"cannot read rubric .*none\.yaml", "missing rubric")
        # A rubric that is /dev/zero filled the memory, a FIFO blocked.
        os.mkfifo(os.path.join(tmp, "fifo.yaml"))
        for rubric in ["/dev/zero", os.path.join(tmp, "fifo.yaml")]:
            expect_error(["--rubric", rubric, "--out", out, CLASS],
                         r"cannot read rubric .*: not a regular file$", "rubric " + rubric)
        expect_error(["--rubric", RUBRIC, "--out", out, os.path.join(tmp, "nowhere")],
                     r"submissions directory .*nowhere does not exist", "missing directory")
        empty = os.path.join(tmp, "empty")
        os.mkdir(empty)
        expect_error(["--rubric", RUBRIC, "--out", out, empty], r"no submissions", "empty directory")
        expect_error(["--out", out, CLASS], r"no --rubric given", "no rubric option")
        expect_error(["--rubric", RUBRIC, CLASS], r"no --out folder given", "no out option")
        expect_error(["--rubric", RUBRIC, "--out", out], r"no submissions directory given", "no directory")
        expect_error(["--rubric", RUBRIC, "--out", out, CLASS, "--analyzer", os.path.join(tmp, "nope")],
                     r"analyzer .*nope not found", "missing analyzer")


def test_isolation(grader, analyzer):
    """A hang and a crash are the student's status; the others are graded."""
    with tempfile.TemporaryDirectory() as tmp:
        subs = os.path.join(tmp, "subs")
        for s in ("alice", "bob", "erin"):
            shutil.copytree(os.path.join(CLASS, s), os.path.join(subs, s))
        for s in ("hang", "crash"):
            shutil.copytree(os.path.join(CLASS, "alice"), os.path.join(subs, s))
        # The real analyzer, except that it hangs or dies on one submission
        # each: the situations the grader must contain.
        wrapper = os.path.join(tmp, "analyzer.sh")
        with open(wrapper, "w") as f:
            f.write(f"""#!/bin/sh
case "$*" in
  */hang/*) exec sleep 120 ;;
  */crash/*) kill -SEGV $$ ;;
esac
exec {analyzer} "$@"
""")
        os.chmod(wrapper, 0o755)
        out = os.path.join(tmp, "out")
        r = grade(grader, out, "-j", "2", "--timeout", "15", "--analyzer", wrapper, subs=subs)
        check(r.returncode == 0, f"isolation: exit {r.returncode}: {r.stderr}")
        with open(os.path.join(out, "grades.csv"), newline="") as f:
            rows = {row[0]: row[1:4] for row in list(csv.reader(f))[1:]}
        want = {"alice": ["20", "20", "ok"], "bob": ["15.62", "20", "findings"],
                "crash": ["0", "20", "compile-error"], "erin": ["0", "20", "compile-error"],
                "hang": ["0", "20", "timeout"]}
        check(rows == want, f"isolation: {rows}")
        check("killed after 15 s" in read(os.path.join(out, "feedback", "hang.md")), "hang: said")
        check("the analyzer crashed on this code (Segmentation fault" in read(os.path.join(out, "feedback", "crash.md")),
              "crash: said")


def test_tamper(grader):
    """A submission cannot silence its own grade: a NOLINT comment on the
    strided store and a .cuda-coalesce.yaml that turns the checks off leave
    the score what the code deserves (bob's, whose code it is)."""
    with tempfile.TemporaryDirectory() as tmp:
        subs = os.path.join(tmp, "subs")
        shutil.copytree(os.path.join(CLASS, "bob"), os.path.join(subs, "bob"))
        mallory = os.path.join(subs, "mallory")
        shutil.copytree(os.path.join(CLASS, "bob"), mallory)
        src = os.path.join(mallory, "transpose.cu")
        code = read(src).replace("out[x * n + y] = in[y * n + x];",
                                 "out[x * n + y] = in[y * n + x]; // NOLINT")
        check("NOLINT" in code, "tamper: the NOLINT was placed")
        with open(src, "w") as f:
            f.write(code)
        with open(os.path.join(mallory, ".cuda-coalesce.yaml"), "w") as f:
            f.write("Checks: '-*,coalescing-unknown'\nMinEfficiency: 0\n")
        out = os.path.join(tmp, "out")
        r = grade(grader, out, subs=subs)
        check(r.returncode == 0, f"tamper: exit {r.returncode}: {r.stderr}")
        with open(os.path.join(out, "grades.csv"), newline="") as f:
            rows = {row[0]: row[1:4] for row in list(csv.reader(f))[1:]}
        check(rows.get("mallory") == rows.get("bob") == ["15.62", "20", "findings"],
              f"tamper: {rows}")


class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.rows, self.sections, self.svgs, self.tables = [], 0, [], [], []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.tables.append(a.get("id"))
        if tag == "tr" and "tbody" in self.stack and self.tables[-1:] == ["grades"]:
            self.rows += 1
        if tag == "section" and "student" in (a.get("class") or ""):
            self.sections.append(a.get("id"))
        if tag == "svg":
            self.svgs.append((a.get("class") or a.get("id")))
        self.stack.append(tag)
    def handle_endtag(self, tag):
        while self.stack and self.stack.pop() != tag:
            pass


def test_browser(grader):
    chromium = shutil.which("chromium")
    if not chromium:
        print("chromium is not installed (scripts/setup.sh installs it)")
        sys.exit(1)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out")
        check(grade(grader, out).returncode == 0, "browser: graded")
        base = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + os.path.join(tmp, "profile")]
        url = "file://" + os.path.join(out, "report.html")
        r = subprocess.run(base + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
        dom = Dom()
        dom.feed(r.stdout)
        check(dom.rows == len(STUDENTS), f"browser: {dom.rows} rows in the class table")
        check(dom.sections == ["s-" + s for s in STUDENTS], f"browser: student sections {dom.sections}")
        for s in STUDENTS:
            check(f'href="#s-{s}"' in r.stdout, f"browser: {s} linked from the table")
        # One lane picture per mistake of the class (bob 1, carol 1, dave 1,
        # grace 1, heidi 1, ivan 1), and the distribution chart.
        check(dom.svgs.count("lanes") == 6, f"browser: lane pictures {dom.svgs}")
        check("distribution" in dom.svgs and "problems" in dom.tables, "browser: distribution and problems")
        # Each picture draws as many sectors as the analyzer counts for the
        # warp: 24 for carol's 24-byte structs, 8 for grace's stride 2.
        want = {"bob": 32, "carol": 24, "dave": 32, "grace": 8, "heidi": 32, "ivan": 32}
        for s, n in want.items():
            part = r.stdout.split(f'id="s-{s}"')[1].split("<section")[0]
            drawn = part.count('class="sector"')
            check(drawn == n and f"{n} sectors touched" in part,
                  f"browser: {s}'s picture has {drawn} sectors, want {n}")
        # The table sorts in the browser: the page's own script, driven by
        # ?sort=COLUMN[&dir=desc] as a click on the header would.
        def order(query):
            r = subprocess.run(base + ["--dump-dom", url + query], capture_output=True,
                               text=True, timeout=120)
            body = r.stdout.split('id="grades"')[1].split("</tbody>")[0]
            return re.findall(r'<tr><td data-v="([^"]+)"', body)
        by_score = order("?sort=score")
        check(by_score[:2] == ["erin", "frank"] and by_score[-1] == "alice",
              f"browser: sorted by score {by_score}")
        check(order("?sort=student&dir=desc") == sorted(STUDENTS, reverse=True),
              "browser: sorted by student, descending")
        shot = os.path.join(tmp, "shot.png")
        r = subprocess.run(base + ["--screenshot=" + shot, "--window-size=1280,2000", url],
                           capture_output=True, text=True, timeout=120)
        check(os.path.exists(shot) and os.path.getsize(shot) > 10000, "browser: screenshot taken")
        if os.environ.get("GRADE_SCREENSHOT") and os.path.exists(shot):
            shutil.copy(shot, os.environ["GRADE_SCREENSHOT"])


def pragma_bomb():
    """1 KB of source that expands to 2^14 messages of 1 KB, each with its
    macro backtrace (258 MB of clang's output)."""
    lines = ['#define P0 _Pragma("message(\\"%s\\")")' % ("x" * 1000)]
    lines += ["#define P%d P%d P%d" % (i, i - 1, i - 1) for i in range(1, 15)]
    return "\n".join(lines) + "\nP14\n"


def test_hostile(grader, analyzer):
    hostile = os.path.join(HERE, "hostile")
    secret = read(os.path.join(hostile, "secret.txt")).strip()
    # The secret as clang quotes embedded bytes: "83, 69, 67, ...".
    secret_bytes = ", ".join(str(b) for b in secret.encode()[:8])
    with tempfile.TemporaryDirectory() as tmp:
        subs = os.path.join(tmp, "class")
        shutil.copytree(os.path.join(hostile, "class"), subs, symlinks=True)
        shutil.copy(os.path.join(hostile, "secret.txt"), tmp)
        # gina: a folder linked to alice's; judy: a file linked to it.
        os.makedirs(os.path.join(subs, "gina"))
        os.symlink(os.path.join(subs, "alice"), os.path.join(subs, "gina", "lib"))
        with open(os.path.join(subs, "gina", "solution.cu"), "w") as f:
            f.write('#include "lib/solution.cu"\n')
        os.makedirs(os.path.join(subs, "judy"))
        os.symlink(os.path.join(subs, "alice", "solution.cu"),
                   os.path.join(subs, "judy", "solution.cu"))
        # pia: the teacher's reference solution, included.
        os.makedirs(os.path.join(subs, "pia"))
        with open(os.path.join(subs, "pia", "solution.cu"), "w") as f:
            f.write('#include "../../reference/solution.cu"\n')
        # ken: one-file submissions beside the others, one including another.
        with open(os.path.join(subs, "ken.cu"), "w") as f:
            f.write('#include "alice/solution.cu"\n')
        # Student ids are the students' to choose: markup and a formula.
        for odd in ["<img src=x onerror=alert(1)>", "=HYPERLINK(1)"]:
            os.makedirs(os.path.join(subs, odd))
            shutil.copy(os.path.join(hostile, "reference", "solution.cu"), os.path.join(subs, odd))
        # Files that are no source: a link to /dev/zero (the grader's scan
        # filled its memory), a FIFO (blocked it for good); zed's folder
        # links to itself and to / (walked the disk, then lost his file).
        os.makedirs(os.path.join(subs, "olga"))
        os.symlink("/dev/zero", os.path.join(subs, "olga", "solution.cu"))
        os.makedirs(os.path.join(subs, "yan"))
        os.mkfifo(os.path.join(subs, "yan", "solution.cu"))
        os.makedirs(os.path.join(subs, "zed"))
        shutil.copy(os.path.join(hostile, "class", "alice", "solution.cu"), os.path.join(subs, "zed"))
        os.symlink(".", os.path.join(subs, "zed", "loop"))
        os.symlink("/", os.path.join(subs, "zed", "root"))
        # nina: her own kernel after a 1 KB _Pragma("message") doubling
        # bomb (16384 messages; the analyzer prints the first 16 MiB).
        os.makedirs(os.path.join(subs, "nina"))
        with open(os.path.join(subs, "nina", "solution.cu"), "w") as f:
            f.write(pragma_bomb() + read(os.path.join(hostile, "class", "alice", "solution.cu")))
        rubric = os.path.join(tmp, "rubric.yaml")
        shutil.copy(os.path.join(hostile, "rubric.yaml"), rubric)
        shutil.copytree(os.path.join(hostile, "reference"), os.path.join(tmp, "reference"))
        out = os.path.join(tmp, "out")
        cache = os.path.join(tmp, "cache")
        r = subprocess.run([grader, "--rubric", rubric, "--out", out, subs, "--analyzer", analyzer],
                           capture_output=True, text=True, timeout=600,
                           env=dict(os.environ, XDG_CACHE_HOME=cache))
        check(r.returncode == 0, f"hostile: exit 0, got {r.returncode}: {r.stderr}")
        pchs = [f for f in os.listdir(os.path.join(cache, "cuda-coalesce", "pch")) if f.endswith(".pch")]
        check(len(pchs) == 1, f"hostile: one precompiled prelude for the class, not {len(pchs)}")
        # nina's 16 MiB of messages fill neither the teacher's cache nor
        # any output (the PCH is some 4 MB).
        cached = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(cache) for f in fs)
        check(cached < 16 << 20, f"hostile: the cache holds {cached} bytes")
        with open(os.path.join(out, "grades.csv"), newline="") as f:
            rows = {row[0]: row for row in list(csv.reader(f))[1:]}
        scores = {s: float(row[1]) for s, row in rows.items()}
        check(scores.get("alice") == 10, f"hostile: the honest student keeps full marks: {scores}")
        for s in ["bob", "carol", "dave", "eve", "frank", "gina", "henry", "ivan", "judy", "ken", "leo", "mia", "pia"]:
            check(s in scores and scores[s] < 10, f"hostile: {s} gets no full marks: {scores.get(s)}")
        check(scores.get("zed") == 10 and scores.get("nina") == 10,
              f"hostile: zed's and nina's own kernels are graded: {scores.get('zed')} {scores.get('nina')}")
        for s in ["olga", "yan"]:
            check(rows.get(s, [""] * 4)[3] == "compile-error" and "not a regular file" in
                  read(os.path.join(out, "feedback", s + ".md")),
                  f"hostile: {s}'s file that is no source is her error: {rows.get(s)}")
        outputs = ""
        for root, _, files in os.walk(out):
            for name in files:
                outputs += read(os.path.join(root, name))
                size = os.path.getsize(os.path.join(root, name))
                check(size < 64 << 10, f"hostile: {name} is {size} bytes")
        check("xxxxxxxx" not in outputs, "hostile: nina's messages reach the outputs")
        for leak in [secret[:12], secret_bytes, "root:", "/bin/bash"]:
            check(leak not in outputs, f"hostile: {leak!r} reaches the outputs")
        fb = lambda s: read(os.path.join(out, "feedback", s + ".md"))
        check("line marker" in fb("eve"), "hostile: eve's feedback names the line marker")
        check("system_header" in fb("henry"), "hostile: henry's feedback names the pragma")
        check("'__clang__'" in fb("frank"), "hostile: frank's feedback names __clang__")
        check("recursive call to 'slot'" in fb("ivan") and "-5 points" in fb("ivan"),
              "hostile: ivan's feedback names the unknown access and its cost")
        check("file not found" in fb("bob") and "file not found" in fb("carol"),
              "hostile: another's file or the teacher's is not found")
        check("atomics are not part of this assignment" in fb("mia"),
              "hostile: a forbidden call pasted by a macro is found")
        img = fb("<img src=x onerror=alert(1)>")
        check("<img" not in img and "&lt;img" in img, "hostile: a student id is escaped in the feedback")
        check("\n'=HYPERLINK(1)," in read(os.path.join(out, "grades.csv")),
              "hostile: a student id is no formula in grades.csv")
        html = read(os.path.join(out, "report.html"))
        check("<img src=x" not in html and "&lt;img src=x" in html,
              "hostile: a student id is escaped in report.html")

        # An analyzer that writes more than the grader reads (64 MB; the
        # analyzer itself stops clang's messages at 16 MiB, so here a wrapper
        # puts 70 MB before nina's report): her output is not read, her
        # feedback says so in one line, the others are graded.
        loud = os.path.join(tmp, "loud.sh")
        with open(loud, "w") as f:
            f.write('#!/bin/sh\ncase "$*" in *nina*) head -c 70000000 /dev/zero | tr "\\0" x ;; esac\n'
                    'exec "%s" "$@"\n' % analyzer)
        os.chmod(loud, 0o755)
        small = os.path.join(tmp, "small")
        os.makedirs(small)
        for s in ["alice", "nina"]:
            shutil.copytree(os.path.join(subs, s), os.path.join(small, s))
        r = grade(grader, os.path.join(tmp, "o5"), "--analyzer", loud, rubric=rubric, subs=small)
        check(r.returncode == 0, f"hostile: over the cap, exit 0: {r.returncode} {r.stderr}")
        with open(os.path.join(tmp, "o5", "grades.csv"), newline="") as f:
            capped = {row[0]: row[1:4] for row in list(csv.reader(f))[1:]}
        check(capped.get("alice") == ["10", "10", "ok"] and capped.get("nina", [""] * 3)[2] == "compile-error",
              f"hostile: over the cap: {capped}")
        nina = read(os.path.join(tmp, "o5", "feedback", "nina.md"))
        check("wrote more than 64 MB" in nina and "xxxxxxxx" not in nina and len(nina) < 4096,
              f"hostile: nina's feedback names the cap: {nina[:300]!r}")

        # The grader refuses to run where it would grade nothing right.
        r = grade(grader, os.path.join(subs, "feedback"), "--analyzer", analyzer, rubric=rubric, subs=subs)
        check(r.returncode == 2 and "inside the submissions folder" in r.stderr,
              f"hostile: --out inside the class folder refused: {r.returncode} {r.stderr}")
        check(not os.path.exists(os.path.join(subs, "feedback")), "hostile: nothing written in the class")
        env = dict(os.environ, TMPDIR=os.path.join(tmp, "missing"))
        r = subprocess.run([grader, "--rubric", rubric, "--out", os.path.join(tmp, "o2"), subs,
                            "--analyzer", analyzer], capture_output=True, text=True, env=env, timeout=600)
        check(r.returncode == 2 and "TMPDIR" in r.stderr, f"hostile: unusable TMPDIR: {r.returncode} {r.stderr}")
        broken = os.path.join(tmp, "broken.sh")
        with open(broken, "w") as f:
            f.write("#!/bin/sh\nexit 3\n")
        os.chmod(broken, 0o755)
        r = grade(grader, os.path.join(tmp, "o3"), "--analyzer", broken, rubric=rubric, subs=subs)
        check(r.returncode == 2 and "cannot run" in r.stderr, f"hostile: a broken analyzer: {r.returncode} {r.stderr}")

        # SIGTERM or SIGINT to the grader ends the analyzer of a hanging
        # submission.
        import signal
        import time
        hang = os.path.join(tmp, "hang.sh")
        with open(hang, "w") as f:
            f.write('#!/bin/sh\ncase "$*" in *alice*) exec sleep 4321 ;; esac\nexec "%s" "$@"\n' % analyzer)
        os.chmod(hang, 0o755)
        for sig in [signal.SIGTERM, signal.SIGINT]:
            p = subprocess.Popen([grader, "--rubric", rubric, "--out", os.path.join(tmp, "o4"), subs,
                                  "--analyzer", hang], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):
                if subprocess.run(["pgrep", "-f", "sleep 4321"], capture_output=True).stdout:
                    break
                time.sleep(0.1)
            p.send_signal(sig)
            p.wait(timeout=30)
            time.sleep(0.5)
            left = subprocess.run(["pgrep", "-f", "sleep 4321"], capture_output=True, text=True).stdout
            check(left == "", f"hostile: {sig.name} leaves no analyzer behind: {left!r}")


if __name__ == "__main__":
    mode, grader = sys.argv[1], sys.argv[2]
    {"class": lambda: test_class(grader), "errors": lambda: test_errors(grader),
     "isolation": lambda: test_isolation(grader, sys.argv[3]),
     "browser": lambda: test_browser(grader),
     "tamper": lambda: test_tamper(grader),
     "hostile": lambda: test_hostile(grader, sys.argv[3])}[mode]()
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("ok")

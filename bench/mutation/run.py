#!/usr/bin/env python3
"""Mutation corpus: the analyzer on thousands of broken real kernels.

Takes real CUDA sources (the repository's examples, lit tests, doc snippets
and grading class, plus any --suite directories such as a Rodinia checkout),
derives --count mutants from them deterministically (mutant i depends only on
--seed and i), runs the release analyzer on each under a wall-clock budget
and an address-space limit, and checks the contract of issue 10: the exit
code is 0, 1 or 2, no signal ends the process, it finishes within the budget,
and --format=json still writes a report that parses.

    bench/mutation/run.py --analyzer build/bin/cuda-coalesce --count 2000 \\
        --suite /work/suites/yuhc+gpu-rodinia/cuda --out /tmp/mutants

prints a Markdown summary (counts by exit code, the slowest files, every
failure) and exits 1 when any mutant broke the contract. Mutants are written
under --out (only the failing ones are kept unless --keep-all), named
NNNNN-<source>.cu, with the mutations applied listed in the summary, so each
reproduces with the analyzer alone. The options the analyzer offers for its
own budgets (--timeout, --memory-limit) are passed when its --help lists them;
the external budget holds either way.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SOURCES = ["examples/*.cu", "test/lit/**/*.cu", "docs/snippets/*.cu",
                   "test/grade/class/**/*.cu", "test/grade/hostile/class/**/*.cu"]

EXTREMES = ["0", "-1", "1", "31", "33", "1024", "1025", "65535", "65536",
            "2147483647", "-2147483648", "4294967295", "4294967296",
            "9223372036854775807", "18446744073709551615", "0x7fffffff",
            "0xffffffffffffffff"]
TOKEN = re.compile(r"[A-Za-z_]\w*|0[xX][0-9a-fA-F]+|\d+|<<<|>>>|<<|>>|->|::|"
                   r"\+\+|--|[-+*/%&|^]=?|[=!<>]=?|&&|\|\||\S")
NUMBER = re.compile(r"(?<![\w.])(?:0[xX][0-9a-fA-F]+|\d+)(?![\w.])")
INDEX = ["threadIdx.x", "threadIdx.y", "blockIdx.x", "blockDim.x",
         "gridDim.x", "warpSize", "7"]


# --- mutators: each takes (text, rng) and returns (new text, description) ---

def byte_flip(t, r):
    b = bytearray(t.encode("utf-8", "surrogateescape"))
    if not b:
        return t, "byte-flip (empty)"
    n = r.randint(1, 8)
    for _ in range(n):
        b[r.randrange(len(b))] ^= 1 << r.randrange(8)
    return b.decode("utf-8", "surrogateescape"), f"byte-flip x{n}"


def raw_bytes(t, r):
    pos = r.randrange(len(t) + 1)
    junk = "".join(chr(r.choice([0, 1, 0x7f, 0xff, 0xc3, 0x80, 0x0c]))
                   for _ in range(r.randint(1, 16)))
    return t[:pos] + junk + t[pos:], f"raw-bytes at {pos}"


def tokens(t):
    return [(m.start(), m.end()) for m in TOKEN.finditer(t)]


def token_delete(t, r):
    toks = tokens(t)
    if not toks:
        return t, "token-delete (none)"
    n = r.randint(1, 4)
    for _ in range(n):
        toks = tokens(t)
        if not toks:
            break
        s, e = r.choice(toks)
        t = t[:s] + t[e:]
    return t, f"token-delete x{n}"


def token_duplicate(t, r):
    toks = tokens(t)
    if not toks:
        return t, "token-dup (none)"
    i = r.randrange(len(toks))
    j = min(len(toks) - 1, i + r.randint(0, 5))
    s, e = toks[i][0], toks[j][1]
    times = r.choice([1, 2, 10, 100])
    return t[:e] + (" " + t[s:e]) * times + t[e:], f"token-dup {j - i + 1} tokens x{times}"


def token_swap(t, r):
    toks = tokens(t)
    if len(toks) < 2:
        return t, "token-swap (none)"
    a, b = sorted(r.sample(range(len(toks)), 2))
    (s1, e1), (s2, e2) = toks[a], toks[b]
    return t[:s1] + t[s2:e2] + t[e1:s2] + t[s1:e1] + t[e2:], "token-swap"


def line_shuffle(t, r):
    lines = t.split("\n")
    if len(lines) < 3:
        return t, "line-shuffle (short)"
    i = r.randrange(len(lines) - 1)
    j = min(len(lines), i + r.randint(2, 12))
    block = lines[i:j]
    r.shuffle(block)
    lines[i:j] = block
    return "\n".join(lines), f"line-shuffle {i + 1}-{j}"


def line_delete_or_dup(t, r):
    lines = t.split("\n")
    i = r.randrange(len(lines))
    if r.random() < 0.5:
        del lines[i]
        return "\n".join(lines), f"line-delete {i + 1}"
    lines[i:i] = [lines[i]] * r.choice([1, 5, 50])
    return "\n".join(lines), f"line-dup {i + 1}"


def number_extreme(t, r):
    nums = list(NUMBER.finditer(t))
    if not nums:
        return t, "number (none)"
    v = r.choice(EXTREMES)
    if r.random() < 0.3:
        # Every occurrence of one literal: a macro's value, a block size.
        old = r.choice(nums).group(0)
        t = NUMBER.sub(lambda m: v if m.group(0) == old else m.group(0), t)
        return t, f"number all {old} -> {v}"
    m = r.choice(nums)
    if m.group(0) == v:
        v = "4294967296"
    return t[:m.start()] + v + t[m.end():], f"number {m.group(0)} -> {v}"


def launch_extreme(t, r):
    m = re.search(r"<<<(.*?)>>>", t, re.S)
    if not m:
        return number_extreme(t, r)
    v = r.choice(EXTREMES)
    dims = r.choice([f"{v}, {v}", f"dim3({v}, {v}), dim3(16, {v})",
                     f"1, dim3(16, {v})", f"dim3({v}, 1, {v}), {v}"])
    return t[:m.start(1)] + dims + t[m.end(1):], f"launch <<<{dims}>>>"


def statement_sites(t):
    return [m.end() for m in re.finditer(r";[ \t]*\n", t)]


def deep_nesting(t, r):
    sites = [m.start() for m in re.finditer(r"\[", t)] or [len(t)]
    pos = r.choice(sites) + 1
    depth = r.choice([50, 200, 300, 1000, 5000])
    kind = r.choice(["parens", "braces", "ifs", "ternary", "unary"])
    if kind == "parens":
        ins = "(" * depth + "threadIdx.x" + ")" * depth + " + "
        return t[:pos] + ins + t[pos:], f"nest parens x{depth}"
    if kind == "unary":
        ins = "-" * depth + "+threadIdx.x + "
        return t[:pos] + ins + t[pos:], f"nest unary x{depth}"
    if kind == "ternary":
        ins = "threadIdx.x ? " * depth + "1" + " : 0" * depth + " + "
        return t[:pos] + ins + t[pos:], f"nest ternary x{depth}"
    sites = statement_sites(t) or [len(t)]
    pos = r.choice(sites)
    if kind == "braces":
        ins = "{" * depth + "}" * depth + "\n"
        return t[:pos] + ins + t[pos:], f"nest braces x{depth}"
    ins = "if (threadIdx.x) " * depth + ";\n"
    return t[:pos] + ins + t[pos:], f"nest ifs x{depth}"


def long_index(t, r):
    m = list(re.finditer(r"\[([^\[\]\n]{1,80})\]", t))
    if not m:
        return deep_nesting(t, r)
    m = r.choice(m)
    n = r.choice([100, 1000, 2500, 6000])
    op = r.choice([" + ", " * ", " ^ ", " % 7 + ", " << 1 + "])
    terms = op.join(r.choice(INDEX) for _ in range(n))
    return (t[:m.start(1)] + m.group(1) + " + " + terms + t[m.end(1):],
            f"long index {n} terms '{op.strip()}'")


def self_square(t, r):
    sites = statement_sites(t)
    if not sites:
        return t, "self-square (none)"
    pos = r.choice(sites)
    n = r.choice([10, 30, 64])
    var = r.choice(["i", "idx", "tid", "x"])
    ins = f"int {var}_m = threadIdx.x; " + \
        " ".join(f"{var}_m = {var}_m * {var}_m + threadIdx.x;" for _ in range(n)) + "\n"
    return t[:pos] + ins + t[pos:], f"self-square x{n}"


def macro_explode(t, r):
    # 2^(n-1) nested sums; past 9 levels clang's bracket depth (256) stops it.
    n = r.choice([4, 8, 9, 12])
    defs = "#define M0(v) (v + threadIdx.x)\n" + "".join(
        f"#define M{k}(v) M{k - 1}(M{k - 1}(v))\n" for k in range(1, n))
    body = t
    m = list(re.finditer(r"\[([^\[\]\n]{1,80})\]", body))
    if m:
        m = r.choice(m)
        body = body[:m.start(1)] + f"M{n - 1}({m.group(1)})" + body[m.end(1):]
    return defs + body, f"macro tower {n}"


def truncate(t, r):
    if not t:
        return t, "truncate (empty)"
    pos = r.randrange(len(t))
    return t[:pos], f"truncate at {pos}"


def splice(t, r, others):
    o = r.choice(others)
    a, b = r.randrange(len(t) + 1), r.randrange(len(o) + 1)
    return t[:a] + o[b:b + r.randint(10, 2000)] + t[a:], "splice"


# Issue 32's probes, most of them one line: an 8 GB shared array named as a
# value, a line marker, a system_header pragma, a test of __clang__, an
# include of a device file, a message; then the rest of the probe's
# reproducers: the 8 GB array indexed (bank prediction must not enumerate
# it), a 16 MB one, #line, a file embedding itself where clang quotes it, an
# index set by inline asm or by one level of recursion, a call pasted by a
# macro, and the 1 KB _Pragma("message") doubling bomb (16 MiB printed).
HOSTILE_PROBES = [
    "__global__ void huge_m() { __shared__ float s[2147483647]; (void)s; }\n",
    "# 1 \"x.h\" 3\n",
    "#pragma clang system_header\n",
    "#ifdef __clang__\n#define HIDE_M 1\n#endif\n",
    "#include \"/dev/null\"\n",
    "_Pragma(\"message(\\\"m\\\")\")\n",
    "__global__ void huge_i_m() { __shared__ float s[2147483647]; s[threadIdx.x * 32] = 1; }\n",
    "__global__ void big_m(float *o) { __shared__ float s[4194304]; s[threadIdx.x] = 1; o[0] = s[31]; }\n",
    "#line 1 \"x.h\"\n",
    "template <char... C> struct Show_m {};\nShow_m<\n#embed __FILE__\n> show_m = 1;\n",
    "__global__ void asm_m(float *o) { int i; asm(\"mov.u32 %0, %%tid.x;\" : \"=r\"(i)); o[i * 32] = 1; }\n",
    "__device__ int rec_m(int i) { return i > 1000000 ? rec_m(i - 1) : i * 32; }\n"
    "__global__ void rec_k_m(float *o) { o[rec_m(threadIdx.x)] = 1; }\n",
    "#define CAT_M(a, b) a##b\n__global__ void cat_m(float *o) { CAT_M(atomic, Add)(o, 1.0f); }\n",
    "#define P0_M _Pragma(\"message(\\\"%s\\\")\")\n" % ("x" * 1000)
    + "".join("#define P%d_M P%d_M P%d_M\n" % (i, i - 1, i - 1) for i in range(1, 15))
    + "P14_M\n",
]


def hostile_probe(t, r):
    lines = t.split("\n")
    pos = r.randrange(len(lines) + 1)
    probe = r.choice(HOSTILE_PROBES)
    return "\n".join(lines[:pos]) + ("\n" if pos else "") + probe + "\n".join(lines[pos:]), \
        f"hostile probe {HOSTILE_PROBES.index(probe)} at line {pos + 1}"


# Weights: the mutations that keep a file parseable (numbers, launch shapes,
# big expressions) reach the analysis; the ones that break the syntax reach
# clang's error recovery and the analyzer's handling of broken kernels.
MUTATORS = [(number_extreme, 4), (launch_extreme, 2), (long_index, 2),
            (deep_nesting, 2), (self_square, 1), (macro_explode, 1),
            (token_delete, 2), (token_duplicate, 2), (token_swap, 1),
            (line_shuffle, 1), (line_delete_or_dup, 2), (byte_flip, 1),
            (raw_bytes, 1), (truncate, 1), (hostile_probe, 1)]


def mutate(text, rng, others):
    steps = []
    funcs, weights = zip(*MUTATORS)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        if rng.random() < 0.05 and others:
            text, what = splice(text, rng, others)
        else:
            text, what = rng.choices(funcs, weights)[0](text, rng)
        steps.append(what)
    return text, steps


# --- running the analyzer ---------------------------------------------------

def analyzer_options(analyzer, budget):
    """The analyzer's own budgets, when it has them."""
    try:
        help_text = subprocess.run([analyzer, "--help-hidden"], capture_output=True,
                                   text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    opts = []
    if re.search(r"^\s*--timeout[=\s]", help_text, re.M):
        opts.append(f"--timeout={max(1, budget // 2)}")
    if re.search(r"^\s*--memory-limit[=\s]", help_text, re.M):
        opts.append("--memory-limit=2048")
    return opts


def run_one(analyzer, extra, path, include_dir, budget, mem_bytes):
    def limits():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_AS, (mem_bytes, mem_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    cmd = [analyzer, "--cuda=builtin", "--format=json", *extra, str(path),
           "--", f"-I{include_dir}"]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=limits)
    try:
        out, err = proc.communicate(timeout=budget)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        timed_out = True
    elapsed = time.monotonic() - start
    rc = proc.returncode
    problems = []
    if timed_out:
        problems.append(f"past the {budget} s budget")
    elif rc < 0:
        problems.append(f"signal {signal.Signals(-rc).name}")
    elif rc not in (0, 1, 2):
        problems.append(f"exit {rc}")
    else:
        try:
            report = json.loads(out)
            if not isinstance(report.get("accesses"), list):
                problems.append("the JSON report has no accesses")
        except (ValueError, UnicodeDecodeError):
            problems.append("no JSON report on standard output")
    tail = err.decode("utf-8", "replace").strip().splitlines()[-3:]
    return {"rc": rc, "seconds": elapsed, "timed_out": timed_out,
            "problems": problems, "stderr": tail}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--analyzer", default=str(ROOT / "build/bin/cuda-coalesce"))
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--budget", type=int, default=30,
                    help="wall-clock seconds per mutant (default 30)")
    ap.add_argument("--memory-mb", type=int, default=4096,
                    help="address-space limit per run (default 4096)")
    ap.add_argument("--suite", action="append", default=[],
                    help="a directory whose *.cu files (recursively) are sources too")
    ap.add_argument("--out", default="/tmp/cuda-coalesce-mutants")
    ap.add_argument("--keep-all", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--json", help="also write every run's record here")
    args = ap.parse_args()

    sources = sorted({p for pat in DEFAULT_SOURCES for p in ROOT.glob(pat)})
    for s in args.suite:
        sources += sorted(Path(s).rglob("*.cu"))
    if not sources:
        sys.exit("no sources")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    extra = analyzer_options(args.analyzer, args.budget)

    # Mutate only what the analyzer accepts as it is (exit 0 or 1): a suite's
    # file that is not a translation unit of its own (included by another)
    # would make every mutant of it an error before any analysis.
    def preflight(p):
        return run_one(args.analyzer, extra, p, p.parent, args.budget,
                       args.memory_mb << 20)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        base = list(pool.map(preflight, sources))
    base_failures = [(p, b) for p, b in zip(sources, base) if b["problems"]]
    found = len(sources)
    sources = [p for p, b in zip(sources, base) if b["rc"] in (0, 1) and not b["problems"]]
    if not sources:
        sys.exit("no source is accepted by the analyzer")
    texts = [p.read_text("utf-8", "surrogateescape") for p in sources]

    def job(i):
        rng = random.Random(f"{args.seed}:{i}")
        k = rng.randrange(len(sources))
        text, steps = mutate(texts[k], rng, texts)
        name = f"{i:05d}-{sources[k].stem}.cu"
        path = out / name
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        res = run_one(args.analyzer, extra, path, sources[k].parent,
                      args.budget, args.memory_mb << 20)
        if not res["problems"] and not args.keep_all:
            path.unlink()
        src = sources[k]
        res.update(index=i, file=name, steps=steps,
                   source=str(src.relative_to(ROOT)) if src.is_relative_to(ROOT) else str(src),
                   bytes=len(text))
        return res

    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(job, range(args.count)))
    wall = time.monotonic() - started

    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    by_rc = {}
    for r in results:
        key = "timeout" if r["timed_out"] else str(r["rc"])
        by_rc[key] = by_rc.get(key, 0) + 1
    failures = [r for r in results if r["problems"]]
    print(f"# {args.count} mutants of {len(sources)} sources, seed {args.seed}\n")
    print(f"{found} source files found, {len(sources)} accepted unmutated "
          f"(exit 0 or 1); {len(base_failures)} broke the contract unmutated"
          + "".join(f"\n- {p}: {', '.join(b['problems'])}" for p, b in base_failures)
          + "\n")
    print(f"analyzer `{args.analyzer}` {' '.join(extra)}; budget {args.budget} s, "
          f"{args.memory_mb} MiB address space; {args.jobs} jobs; "
          f"wall {wall:.0f} s\n")
    print("| exit | mutants |\n|---|---|")
    for k in sorted(by_rc, key=lambda k: (not k.lstrip("-").isdigit(), k)):
        print(f"| {k} | {by_rc[k]} |")
    secs = sorted(r["seconds"] for r in results)
    print(f"\nmedian {secs[len(secs) // 2]:.2f} s, 99th percentile "
          f"{secs[int(len(secs) * 0.99)]:.2f} s, max {secs[-1]:.2f} s\n")
    print("## Slowest\n\n| mutant | source | mutations | exit | seconds |\n|---|---|---|---|---|")
    for r in sorted(results, key=lambda r: -r["seconds"])[:10]:
        print(f"| {r['file']} | {r['source']} | {'; '.join(r['steps'])} | "
              f"{r['rc']} | {r['seconds']:.2f} |")
    print(f"\n## Failures: {len(failures)}\n")
    for r in failures:
        print(f"- {r['file']} ({r['source']}; {'; '.join(r['steps'])}): "
              f"{', '.join(r['problems'])}; stderr: {' | '.join(r['stderr'])[:300]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Grades a generated class of submissions and times it (not a test).

    bench/grade/bench_grade.py BUILD_DIR [--students 200] [--jobs 2] [--out FILE.md]

Generates --students submissions from the eight kinds of the test class
(clean, strided, AoS, chunked, not compiling, missing kernel, two files with a
header, a strided __device__ helper), each with its own constants so no two
are identical, grades them with cuda-coalesce-grade -j JOBS, and, side by
side, runs `clang++-19 -fsyntax-only` over the same submissions with the same
headers and JOBS at a time: the ratio says what the analysis and the grading
cost beyond parsing.
"""
import argparse
import concurrent.futures
import os
import platform
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADERS = os.path.join(ROOT, "lib", "Frontend", "headers")

TRANSPOSE_TILED = """
__global__ void transpose(const float *in, float *out, int n) {{
  __shared__ float tile[{t}][{t} + 1];
  int x = blockIdx.x * {t} + threadIdx.x;
  int y = blockIdx.y * {t} + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * {t} + threadIdx.x;
  y = blockIdx.x * {t} + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}}
"""
TRANSPOSE_NAIVE = """
__global__ void transpose(const float *in, float *out, int n) {{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    out[x * n + y] = in[y * n + x] * {t}.0f;
}}
"""
TRANSPOSE_HELPER = """
__device__ float element(const float *m, int row, int col, int n) {{
  return m[row * n + col] * {t}.0f;
}}
__global__ void transpose(const float *in, float *out, int n) {{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * n + x] = element(in, x, y, n);
}}
"""
PARTICLES_SOA = """
__global__ void updateParticles(float *x, float *y, float *z, const float *vx,
                                const float *vy, const float *vz, float dt, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {{
    x[i] += vx[i] * dt * {t};
    y[i] += vy[i] * dt;
    z[i] += vz[i] * dt;
  }}
}}
"""
PARTICLES_AOS = """
struct Particle {{ float x, y, z, vx, vy, vz; }};
__global__ void updateParticles(Particle *p, float dt, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {{
    p[i].x += p[i].vx * dt * {t};
    p[i].y += p[i].vy * dt;
    p[i].z += p[i].vz * dt;
  }}
}}
"""
PARTICLES_CHUNKED = """
__global__ void updateParticles(float *x, const float *vx, float dt, int n) {{
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = t * {t}; i < (t + 1) * {t} && i < n; ++i)
    x[i] += vx[i] * dt;
}}
"""
KINDS = {
    "clean": {"main.cu": TRANSPOSE_TILED + PARTICLES_SOA},
    "strided": {"main.cu": TRANSPOSE_NAIVE + PARTICLES_SOA},
    "aos": {"main.cu": TRANSPOSE_TILED + PARTICLES_AOS},
    "chunked": {"main.cu": TRANSPOSE_TILED + PARTICLES_CHUNKED},
    "broken": {"main.cu": TRANSPOSE_TILED.replace("__syncthreads();", "__syncthreads()") + PARTICLES_SOA},
    "missing": {"main.cu": TRANSPOSE_TILED},
    "multifile": {"params.h": "#pragma once\n#define SCALE {t}\n",
                  "transpose.cu": '#include "params.h"\n' + TRANSPOSE_TILED,
                  "particles.cu": '#include "params.h"\n' + PARTICLES_SOA},
    "helper": {"main.cu": TRANSPOSE_HELPER + PARTICLES_SOA},
}
RUBRIC = """assignment: bench
kernels:
  - name: transpose
    points: 10
  - name: updateParticles
    points: 10
analyzer_args: ["--cuda=builtin"]
"""


def generate(root, students):
    names = sorted(KINDS)
    subs = []
    for i in range(students):
        kind = names[i % len(names)]
        folder = os.path.join(root, "subs", "s%03d-%s" % (i, kind))
        os.makedirs(folder)
        for name, text in KINDS[kind].items():
            with open(os.path.join(folder, name), "w") as f:
                f.write(text.format(t=2 + i % 15) if "{t}" in text else text)
        subs.append(folder)
    return subs


def clang_syntax_only(folder):
    files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".cu"))
    cmd = ["clang++-19", "-fsyntax-only", "-x", "cuda", "--cuda-device-only",
           "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
           "-isystem", os.path.join(HEADERS, "builtin"),
           "-idirafter", os.path.join(HEADERS, "compat"),
           "-include", "cuda_coalesce_prelude.h", "-I" + folder]
    # One clang per file, as the analyzer parses one translation unit each.
    for f in files:
        subprocess.run(cmd + [f], capture_output=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("build")
    p.add_argument("--students", type=int, default=200)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out")
    a = p.parse_args()
    grader = os.path.join(os.path.abspath(a.build), "bin", "cuda-coalesce-grade")
    with tempfile.TemporaryDirectory() as tmp:
        subs = generate(tmp, a.students)
        rubric = os.path.join(tmp, "rubric.yaml")
        with open(rubric, "w") as f:
            f.write(RUBRIC)
        cmd = [grader, "--rubric", rubric, "--out", os.path.join(tmp, "out"),
               os.path.join(tmp, "subs"), "-j", str(a.jobs)]
        start = time.perf_counter()
        run = subprocess.run(cmd, capture_output=True, text=True)
        grade_s = time.perf_counter() - start
        if run.returncode != 0:
            sys.exit("grader failed: " + run.stderr)
        with open(os.path.join(tmp, "out", "grades.csv")) as f:
            rows = f.read().splitlines()[1:]
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            list(pool.map(clang_syntax_only, subs))
        clang_s = time.perf_counter() - start
    statuses = {}
    for row in rows:
        s = row.split(",")[3]
        statuses[s] = statuses.get(s, 0) + 1
    lines = [
        "# Grading a class: %d generated submissions" % a.students,
        "",
        "Machine: %s, %d cores; %s" % (platform.machine(), os.cpu_count(), platform.platform()),
        "Command: `bench/grade/bench_grade.py build --students %d --jobs %d`" % (a.students, a.jobs),
        "(`cuda-coalesce-grade --rubric rubric.yaml --out out subs -j %d`; the"
        " machine is shared, so times vary between runs; load average after"
        " the run: %.1f)." % (a.jobs, os.getloadavg()[0]),
        "",
        "| what | wall s | per submission s |",
        "|---|---:|---:|",
        "| `cuda-coalesce-grade -j %d` (analysis, scoring, CSV, JSON, feedback, HTML) | %.1f | %.3f |"
        % (a.jobs, grade_s, grade_s / a.students),
        "| `clang++-19 -fsyntax-only`, same files and headers, %d at a time | %.1f | %.3f |"
        % (a.jobs, clang_s, clang_s / a.students),
        "| ratio grader / clang | %.2f | |" % (grade_s / clang_s),
        "",
        "Statuses: " + ", ".join("%d %s" % (n, s) for s, n in sorted(statuses.items())) + ".",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the pathological kernels of issues 9 and 10 to stdout.

  gen.py ifs N        N sequential "if (c[k]) i += k;" updating one index
  gen.py md5 N        N MD5-style mix rounds feeding an index
  gen.py square N     N times "i = i * i;"
  gen.py sumprod N    N times "i = (i + n) * (i + m);"
  gen.py terms N      an index of N terms built by doubling macros

Each kernel ends with one store through the index, so the analyzer has to
carry the whole computation to an address.
"""
import sys


def ifs(n):
    body = "".join("  if (c[%d]) i += %d;\n" % (k, k + 1) for k in range(n))
    return ("__global__ void ifs(float *a, const int *c) {\n"
            "  int i = threadIdx.x;\n" + body + "  a[i] = 0.0f;\n}\n")


def md5(n):
    shifts = [7, 12, 17, 22]
    regs = ["a", "b", "c", "d"]
    lines = []
    for k in range(n):
        w, x, y, z = (regs[(j - k) % 4] for j in range(4))
        lines.append("  STEP(%s, %s, %s, %s, 0x%08xu, %d);\n"
                     % (w, x, y, z, (0x5A827999 * (k + 1)) & 0xFFFFFFFF,
                        shifts[k % 4]))
    return ("#define F(x, y, z) (((x) & (y)) | (~(x) & (z)))\n"
            "#define ROTL(x, s) (((x) << (s)) | ((x) >> (32 - (s))))\n"
            "#define STEP(w, x, y, z, k, s) w = x + ROTL(w + F(x, y, z) + k, s)\n"
            "__global__ void md5(unsigned *out, unsigned seed) {\n"
            "  unsigned a = threadIdx.x, b = seed, c = 0x98badcfeu, d = 0x10325476u;\n"
            + "".join(lines) + "  out[(a ^ b ^ c ^ d) & 1023u] = 0u;\n}\n")


def square(n):
    return ("__global__ void square(float *a) {\n"
            "  long i = threadIdx.x;\n" + "  i = i * i;\n" * n +
            "  a[i] = 0.0f;\n}\n")


def sumprod(n):
    return ("__global__ void sumprod(float *a, long n, long m) {\n"
            "  long i = threadIdx.x;\n" + "  i = (i + n) * (i + m);\n" * n +
            "  a[i] = 0.0f;\n}\n")


def terms(n):
    # T0 is one term; Tk is 2^k terms. n is written in binary over them.
    bits = [k for k in range(n.bit_length()) if n >> k & 1]
    top = n.bit_length()
    defs = "#define T0 (t + n)\n" + "".join(
        "#define T%d T%d + T%d\n" % (k, k - 1, k - 1) for k in range(1, top))
    return (defs + "__global__ void terms(float *a, int n) {\n"
            "  int t = threadIdx.x;\n"
            "  a[" + " + ".join("T%d" % k for k in bits) + "] = 0.0f;\n}\n")


KINDS = {"ifs": ifs, "md5": md5, "square": square, "sumprod": sumprod,
         "terms": terms}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in KINDS:
        sys.exit("usage: gen.py {%s} N" % "|".join(KINDS))
    sys.stdout.write(KINDS[sys.argv[1]](int(sys.argv[2])))

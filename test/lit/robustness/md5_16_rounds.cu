// Issue 9: 16 rounds of an MD5-style mix took over a minute.
// RUN: %exitcode %coalesce --verbose %s | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// CHECK: remark: address not computable: too complex to track [coalescing-unknown]
// CHECK: exit: 0

#define F(x, y, z) (((x) & (y)) | (~(x) & (z)))
#define ROTL(x, s) (((x) << (s)) | ((x) >> (32 - (s))))
#define STEP(w, x, y, z, k, s) w = x + ROTL(w + F(x, y, z) + k, s)
__global__ void md5(unsigned *out, unsigned seed) {
  unsigned a = threadIdx.x, b = seed, c = 0x98badcfeu, d = 0x10325476u;
  STEP(a, b, c, d, 0x5a827999u, 7);
  STEP(d, a, b, c, 0xb504f332u, 12);
  STEP(c, d, a, b, 0x0f876ccbu, 17);
  STEP(b, c, d, a, 0x6a09e664u, 22);
  STEP(a, b, c, d, 0xc48c5ffdu, 7);
  STEP(d, a, b, c, 0x1f0ed996u, 12);
  STEP(c, d, a, b, 0x7991532fu, 17);
  STEP(b, c, d, a, 0xd413ccc8u, 22);
  STEP(a, b, c, d, 0x2e964661u, 7);
  STEP(d, a, b, c, 0x8918bffau, 12);
  STEP(c, d, a, b, 0xe39b3993u, 17);
  STEP(b, c, d, a, 0x3e1db32cu, 22);
  STEP(a, b, c, d, 0x98a02cc5u, 7);
  STEP(d, a, b, c, 0xf322a65eu, 12);
  STEP(c, d, a, b, 0x4da51ff7u, 17);
  STEP(b, c, d, a, 0xa8279990u, 22);
  out[(a ^ b ^ c ^ d) & 1023u] = 0u;
}

// NOLINT and NOLINTNEXTLINE silence a check on one line; other checks and
// other lines still warn.
// RUN: %coalesce %s 2>/dev/null | FileCheck %s --implicit-check-not=warning:
// --ignore-nolint (what the grader passes) reports them all.
// RUN: %coalesce --ignore-nolint %s 2>&1 | FileCheck %s --check-prefix=ALL --implicit-check-not=warning:
// ALL-COUNT-5: warning:
// ALL: cuda-coalesce: 1 file, 1 kernel, 10 global accesses, 5 flagged

struct P { float x, y, z; };

__global__ void k(const float *in, float *out, const P *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i]; // NOLINT(coalescing-strided)
  out[i] = in[4 * i]; // NOLINT
  // NOLINTNEXTLINE(coalescing-*)
  out[i] = in[8 * i];
  // NOLINTNEXTLINE(coalescing-aos)
  out[i] = in[16 * i];
  // CHECK: nolint.cu:[[#@LINE-1]]:12: warning: strided load: lanes are 64 bytes apart
  out[i] = p[i].y; // NOLINT(coalescing-strided)
  // CHECK: nolint.cu:[[#@LINE-1]]:12: warning: array-of-structs load
}

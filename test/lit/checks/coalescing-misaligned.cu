// On by default, flagged by cost: rows that each straddle a sector
// boundary fetch twice their ideal and warn; a long run starting mid-sector
// costs one extra sector (5 for 4) and stays a note, as does a halo of a
// few lanes; an aligned access is quiet.
// RUN: %exitcode %coalesce %s 2>/dev/null | FileCheck %s --implicit-check-not=warning:
// RUN: %exitcode %coalesce --checks=-coalescing-misaligned %s 2>/dev/null | FileCheck %s --check-prefix=OFF --implicit-check-not=warning:

__global__ void shifted(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
// CHECK: coalescing-misaligned.cu:[[#@LINE-2]]:12: note: misaligned load: contiguous, but the warp starts 4 bytes into a 32-byte sector; 5 sectors per request where 4 would do (80% of fetched bytes used)

// Rows of 8 floats (a block 8 wide), each 16 bytes into a sector: 2 sectors
// a row where 1 would do.
__global__ void rows(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x + 4];
}
// CHECK: coalescing-misaligned.cu:[[#@LINE-2]]:23: warning: misaligned load: each of the warp's 4 rows is contiguous, but 4 of them start inside a 32-byte sector; 8 sectors per request where 4 would do (50% of fetched bytes used) [coalescing-misaligned]
// CHECK: exit: 1
// OFF: coalescing-misaligned.cu:[[#@LINE-4]]:23: note: misaligned load
// OFF: exit: 0

// Negative: a halo of 4 lanes, each pair straddling a sector boundary.
__global__ void halo(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 4)
    out[i] = in[blockIdx.x * 256 + 6 + threadIdx.x];
}

void run(const float *in, float *out) {
  dim3 g(8, 8), b(8, 8);
  rows<<<g, b>>>(in, out);
}

// A pointer chosen by ?: or by an if between two global arrays: when the
// whole warp takes the same one (the condition is the same in every lane)
// the access is one access whose base names both, "(c ? a : b)", the
// arrays assumed aligned as every base is. A condition of the lane
// ("warpId < 4") counts when every sampled warp takes one array. Lanes
// that take different arrays never share a sector, but which array holds
// which lane's address is not in the code: that stays unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void chosen(const float *a, const float *b, float *out, int useA,
                       float t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *src = useA ? a : b;
  out[i] = src[i];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `src[i]` addr=(useA ? a : b) + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced{{$}}
  const float *p;
  if (useA > 1)
    p = a;
  else
    p = b;
  out[i] += p[2 * i];
  // CHECK: [[@LINE-1]]:3 load+store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:13 load `p[2 * i]` addr=(useA > 1 ? a : b) + 8*(threadIdx.x + blockIdx.x*blockDim.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // The arms moved alike: a float condition cannot change the sectors.
  const float *q = t > 0.f ? a + i : b + i;
  out[i] = *q;
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `*q` addr=(t > 0.f ? a : b) + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced{{$}}
}

// Negative: lanes that may take different arrays, or arms that differ
// under a condition we cannot evaluate, stay unknown.
__global__ void apart(const float *a, const float *b, float *out, float t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *src = (threadIdx.x & 1) ? a : b;
  out[i] = src[i];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `src[i]` unknown: the lanes of one warp take different allocations of ((threadIdx.x & 1) ? a : b), whose placement in memory is not in the code{{$}}
  const float *q = t > 0.f ? a + i : b + 2 * i;
  out[i] = *q;
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `*q` unknown: 't > 0.f', the same in every lane but not known, chooses the address: 4 sectors per request where it holds, 8 where not{{$}}
}

// A condition of the warp: warps 0-3 copy rows of a, warps 4-7 rows of b
// (the CUDA samples' tensor-core GEMM), through a pointer a loop moves.
__global__ void __launch_bounds__(256) byWarp(const float *a, const float *b,
                                              float4 *out, int ld) {
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const float *rows = warp < 4 ? a + 64 * ld * warp : b + 64 * ld * (warp - 4);
  const float4 *p = (const float4 *)(rows + (lane / 8) * ld) + lane % 8;
  for (int k = 0; k < 8; ++k) {
    out[threadIdx.x + 256 * k] = *p;
    // CHECK: [[@LINE-1]]:5 store `out[threadIdx.x + 256 * k]` {{.*}} coalesced{{$}}
    // CHECK: [[@LINE-2]]:34 load `*p` addr=(warp < 4 ? a : b) + {{.*}} spr=16 ideal=16 eff=1 coalesced depends ld%8=[16,{{.*}}
    p = (const float4 *)((const float *)p + 4 * ld);
  }
}

// Negative: a condition of the lane that splits a warp (lanes 0-15 read
// a, 16-31 b), and one that changes with the iteration, stay unknown.
__global__ void __launch_bounds__(256) byHalfWarp(const float *a,
                                                  const float *b, float *out) {
  const float *src = threadIdx.x % 32 < 16 ? a + threadIdx.x : b + threadIdx.x;
  out[threadIdx.x] = *src;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:22 load `*src` unknown: the lanes of one warp take different allocations of (threadIdx.x % 32 < 16 ? a : b), whose placement in memory is not in the code{{$}}
  for (int k = 0; k < 4; ++k) {
    const float *q = threadIdx.x / 32 < k ? a + threadIdx.x : b + threadIdx.x;
    out[threadIdx.x + 256 * k] = *q;
    // CHECK: [[@LINE-1]]:5 store `out[threadIdx.x + 256 * k]` {{.*}} coalesced{{$}}
    // CHECK: [[@LINE-2]]:34 load `*q` unknown: the arms of 'threadIdx.x / 32 < k ? a + threadIdx.x : b + threadIdx.x' are not comparable{{$}}
  }
}

// A conditional naming a place: two reads are one, of the address the
// condition selects (a float parameter's comparison: the same in every
// lane, 4 sectors one way and 8 the other, so no count); writes each
// under its own condition, which switches whole warps.
__global__ void places(const float *a, const float *b, float *out, float *o2,
                       int n, float t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = t > 0.f ? a[i] : b[2 * i];
  // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:14 load `t > 0.f ? a[i] : b[2 * i]` unknown: 't > 0.f', the same in every lane but not known, chooses the address: 4 sectors per request where it holds, 8 where not{{$}}
  (t > 1.f ? out[i] : o2[i]) = 1.f;
  // CHECK: [[@LINE-1]]:14 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:23 store `o2[i]` {{.*}} coalesced{{$}}
  (i < n ? out[i] : o2[i]) += 2.f;
  // CHECK: [[@LINE-1]]:12 load+store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:21 load+store `o2[i]` {{.*}} coalesced guard?{{$}}
}

// A conditional naming registers: each variable keeps its value in the
// lanes that take another arm (the odd lanes write j; i or k, nested, the even ones).
__global__ void registers(float *out, int n) {
  int i = threadIdx.x, j = threadIdx.x, k = 0;
  ((threadIdx.x & 1) ? j : (n > 0 ? i : k)) = 64 * threadIdx.x;
  out[j] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `out[j]` {{.*}} spr=20 ideal=4 eff=0.2 strided FLAGGED coalescing-strided{{$}}
  out[k] = 2.f;
  // CHECK: [[@LINE-1]]:3 store `out[k]` {{.*}} uniform{{$}}
}

// A condition the compiler decides (a template's constant) picks one arm;
// the other is not in the binary: neither followed nor reported. Choosing
// a __constant__ table for one instance and a global array for the other
// (Altis kmeans' `bRO ? d_cnst_centers : pC`) is then no comparison of
// arms: the global one reads the array, the constant one reads no global
// memory.
__constant__ float table[1024];
template <bool ReadOnly>
__global__ void decided(const float *c, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *b = ReadOnly ? table : c;
  out[i] = b[blockIdx.x] + (ReadOnly ? c[2 * i] : c[i]);
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:3 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-3]]:12 load `b[blockIdx.x]` addr=c + 4*blockIdx.x spr=1 ideal=1 eff=0.125 uniform{{$}}
  // CHECK: [[@LINE-4]]:40 load `c[2 * i]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-5]]:51 load `c[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}
void launchDecided(const float *c, float *out) {
  decided<true><<<64, 256>>>(c, out);
  decided<false><<<64, 256>>>(c, out);
}

// The same with an if: the branch not taken is not walked, and what it
// reads and writes is not reported (reduction's `if (blockSize >= 512)` in
// its smaller instances).
template <bool ReadOnly>
__global__ void decidedIf(const float *c, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *b;
  if (ReadOnly) {
    b = table;
    out[2 * i] = c[2 * i];
    // CHECK: [[@LINE-1]]:5 store `out[2 * i]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
    // CHECK: [[@LINE-2]]:18 load `c[2 * i]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  } else {
    b = c;
  }
  out[i] = b[blockIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:3 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-3]]:12 load `b[blockIdx.x]` addr=c + 4*blockIdx.x spr=1 ideal=1 eff=0.125 uniform{{$}}
}
void launchDecidedIf(const float *c, float *out) {
  decidedIf<true><<<64, 256>>>(c, out);
  decidedIf<false><<<64, 256>>>(c, out);
}

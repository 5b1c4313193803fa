// Geometric induction variables: one update per iteration that shifts by a
// constant, or multiplies or divides by a constant power of two
// ("x >>= 1", "x *= 2", "x /= 4"). After i iterations the variable is its
// start shifted by that many bits i times, so each sampled iteration sees
// its own value. A shift by an amount that is not a constant stays unknown.
// A loop such a variable counts ("s >>= 2" while "s > 0") runs as many
// times as its condition holds, the same in every lane: the sample takes
// its iterations up to the first where the condition fails.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT

// Levels of a tree stored level by level, halving at each one: the lanes
// still active at a level store consecutive elements.
__global__ void halving(float *out, unsigned len) {
  unsigned active = blockDim.x, pos = len / 2;
  for (int lvl = 0; lvl < 8; ++lvl) {
    if (threadIdx.x < active)
      out[pos + blockIdx.x * active + threadIdx.x] = 1.f;
      // CHECK: [[@LINE-1]]:7 store `out[pos + blockIdx.x * active + threadIdx.x]` addr=out + 4*(threadIdx.x + blockIdx.x*(256 >> iter(lvl)) + ((len / 2) >> iter(lvl))) spr={{.*}} coalesced
    pos >>= 1;
    active >>= 1;
  }
}

// A tree reduction in shared memory, the stride halving as the loop's own
// counter: no bank conflicts.
__global__ void reduce(const float *in, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `s[threadIdx.x]` {{.*}} conflict-free
  // CHECK: [[@LINE-2]]:20 load `in[blockIdx.x * 256 + threadIdx.x]` {{.*}} coalesced
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
      // CHECK: [[@LINE-1]]:7 load+store `s[threadIdx.x]` {{.*}} conflict-free
      // CHECK: [[@LINE-2]]:25 load `s[threadIdx.x + stride]` shared addr=s + 4*(threadIdx.x + (128 >> iter(stride))) {{.*}} conflict-free
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
    // CHECK: [[@LINE-1]]:5 store `out[blockIdx.x]` {{.*}} uniform
    // CHECK: [[@LINE-2]]:23 load `s[0]` {{.*}} conflict-free
}

// Doubling: the lane stride grows with the iteration.
__global__ void doubling(float *out) {
  int stride = 1;
  for (int k = 0; k < 4; ++k) {
    out[threadIdx.x * stride] = 0.f;
    // CHECK: [[@LINE-1]]:5 store `out[threadIdx.x * stride]` addr=out + 4*threadIdx.x*(1 << iter(k)) spr={{.*}} strided FLAGGED coalescing-strided
    stride *= 2;
  }
}

// Negative: a shift by a lane-dependent amount, or by a factor that is no
// power of two, is not geometric; from a start that differs between lanes
// it stays unknown. (From a start every lane shares, a shift by the
// iteration is still one value in the whole warp: uniform_carried.cu.)
__global__ void notGeometric(float *out, int n) {
  unsigned a = n + threadIdx.x, b = n, c = n + threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    out[a] = 0.f;
    // CHECK: [[@LINE-1]]:5 store `out[a]` unknown: 'a' is changed inside a loop
    out[b + threadIdx.x] = 1.f;
    // CHECK: [[@LINE-1]]:5 store `out[b + threadIdx.x]` unknown: 'b' is changed inside a loop
    out[c] = 2.f;
    // CHECK: [[@LINE-1]]:5 store `out[c]` unknown: 'c' is changed inside a loop
    a >>= k;
    b >>= threadIdx.x;
    c /= 3;
  }
}

// Radix-4 stages (fastWalshTransform's): stride 512, 128, 32, 8, 2. The
// first three are conflict-free, the last two 4-way: 2.2 wavefronts on
// average over the five.
__global__ void radixStages(float *out) {
  __shared__ float s[2048];
  for (int stride = 512; stride > 0; stride >>= 2) {
    int lo = threadIdx.x & (stride - 1);
    s[((threadIdx.x - lo) << 2) + lo] = 0.f;
    // CHECK: [[@LINE-1]]:5 store `s[((threadIdx.x - lo) << 2) + lo]` shared {{.*}} wf=2.2 ideal=1 ways=4 {{.*}}bank-conflict
  }
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `s[threadIdx.x]` shared {{.*}} conflict-free
}

// Negative: a condition on the thread is not one count for the warp; the
// first four iterations are sampled (1, 1, 1, 4).
__global__ void laneStages(float *out) {
  __shared__ float s[2048];
  for (int stride = 512; stride > (int)(threadIdx.x / 64); stride >>= 2) {
    int lo = threadIdx.x & (stride - 1);
    s[((threadIdx.x - lo) << 2) + lo] = 0.f;
    // CHECK: [[@LINE-1]]:5 store `s[((threadIdx.x - lo) << 2) + lo]` shared {{.*}} wf=1.75 ideal=1 ways=4 {{.*}}bank-conflict
  }
}

// A work-efficient scan (GPU Gems 3, 39.2): the up-sweep doubles offset
// once per level while d halves from 256 to 1, a count of 9 run at
// analysis time, so the down-sweep starts from offset 512 and is followed.
__global__ void blelloch(float *out) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  unsigned offset = 1;
  for (int d = 512 >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d)
      s[offset * (2 * tid + 2) - 1] += s[offset * (2 * tid + 1) - 1];
    // CHECK: [[@LINE-1]]:7 load+store `s[offset * (2 * tid + 2) - 1]` shared addr=s + 4*(2*threadIdx.x*(1 << iter(d)) + 2*(1 << iter(d)) - 1) {{.*}} bank-conflict if-branched=4.75 FLAGGED
    // CHECK: [[@LINE-2]]:40 load `s[offset * (2 * tid + 1) - 1]` shared {{.*}} bank-conflict if-branched=4.75 FLAGGED
    // TEXT: [[@LINE-3]]:7: warning: {{.*}} 1 to 16 wavefronts, 1.32 per request on average, counting the warps that issue it predicated off (4.75 over those with a lane on), 2 in warp 0 of block 0
    offset <<= 1;
  }
  for (int d = 1; d < 512; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (tid < d)
      s[offset * (2 * tid + 2) - 1] += s[offset * (2 * tid + 1) - 1];
    // CHECK: [[@LINE-1]]:7 load+store `s[offset * (2 * tid + 2) - 1]` shared addr=s + 4*(2*threadIdx.x*((512 >> iter(d)) >> 1) + 2*((512 >> iter(d)) >> 1) - 1) {{.*}} bank-conflict if-branched=4.75 FLAGGED
    // CHECK: [[@LINE-2]]:40 load `s[offset * (2 * tid + 1) - 1]` shared {{.*}} bank-conflict if-branched=4.75 FLAGGED
  }
  out[tid] = s[tid];
  // CHECK: [[@LINE-1]]:3 store `out[tid]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:14 load `s[tid]` shared {{.*}} conflict-free
}

// The same over n elements, n a parameter the launch gives (512): the
// count, iterations(d), is searched with the launch's n, 9, and the
// down-sweep is followed from offset 1 << 9.
__global__ void blellochLaunched(float *out, int n) {
  __shared__ float s[1024];
  int tid = threadIdx.x;
  unsigned offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d)
      s[offset * (2 * tid + 2) - 1] += s[offset * (2 * tid + 1) - 1];
    // CHECK: [[@LINE-1]]:7 load+store `s[offset * (2 * tid + 2) - 1]` shared {{.*}} wf=1.3194 {{.*}} bank-conflict if-branched=4.75 FLAGGED
    // CHECK: [[@LINE-2]]:40 load `s[offset * (2 * tid + 1) - 1]` shared {{.*}} wf=1.3194 {{.*}} bank-conflict if-branched=4.75 FLAGGED
    offset <<= 1;
  }
  for (int d = 1; d < n; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (tid < d)
      s[offset * (2 * tid + 2) - 1] += s[offset * (2 * tid + 1) - 1];
    // CHECK: [[@LINE-1]]:7 load+store `s[offset * (2 * tid + 2) - 1]` shared addr=s + 4*(2*threadIdx.x*(((1 << iterations(d)) >> iter(d)) >> 1) + 2*(((1 << iterations(d)) >> iter(d)) >> 1) - 1) wf=1.3194 {{.*}} bank-conflict if-branched=4.75 FLAGGED
    // CHECK: [[@LINE-2]]:40 load `s[offset * (2 * tid + 1) - 1]` shared {{.*}} wf=1.3194 {{.*}} bank-conflict if-branched=4.75 FLAGGED
    // TEXT: [[@LINE-3]]:7: note: lane address = {{.*}}, assuming iterations(d) = 9, n = 512
  }
}

// Negative: a count that rests on a value not known before the kernel
// runs (n, a parameter no launch gives) is not searched: after the loop
// offset is shifted by a count the analyzer would only assume.
__global__ void blellochOfN(float *out, int n) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  unsigned offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1)
    offset <<= 1;
  s[offset * tid] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `s[offset * tid]` unknown: the address is shifted by 'n', a value the analyzer did not see (--assume n=VALUE gives it)
  out[tid] = s[tid];
  // CHECK: [[@LINE-1]]:3 store `out[tid]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:14 load `s[tid]` shared {{.*}} conflict-free
}

int main() {
  blelloch<<<1, 256>>>(0);
  blellochLaunched<<<1, 256>>>(0, 512);
  radixStages<<<1, 32>>>(0);
  laneStages<<<1, 32>>>(0);
  halving<<<64, 256>>>(0, 1 << 20);
  reduce<<<64, 256>>>(0, 0);
  doubling<<<1, 32>>>(0);
  notGeometric<<<1, 32>>>(0, 4096);
}

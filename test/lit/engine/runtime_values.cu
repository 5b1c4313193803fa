// Values the run decides. A stride the analyzer cannot see is assumed (and
// said so), and the warning says when the access would not be strided:
// "unless stride == 1". A launch inside a host loop that steps an argument
// is analyzed for each value the loop gives it, and the mean is over those
// launches (measured on the H200 for d = 1, 2, 4: 9.33 sectors per
// request, as predicted).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

// No launch in this file: stride is assumed.
__global__ void runtimeStride(const float *in, float *out, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * stride];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i * stride]` {{.*}} spr=32 ideal=4 eff=0.125 strided unless stride == 1 FLAGGED coalescing-strided
  // TEXT: runtime_values.cu:[[#@LINE-3]]:12: warning: strided load unless stride == 1: lanes are 4194304 bytes apart; 32 sectors per request where 4 would do
  // TEXT: note: lane address = in + 4*(threadIdx.x*stride + blockIdx.x*blockDim.x*stride), assuming stride = 1048576
}

// The grid's size, assumed too, is named the same way; it moves no lane
// within a sector of its block, so it has no alignment_depends_on.
__global__ void gridStride(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * gridDim.x];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i * gridDim.x]` {{.*}} spr=32 ideal=4 eff=0.125 strided unless gridDim.x == 1 FLAGGED coalescing-strided{{$}}
  // TEXT: runtime_values.cu:[[#@LINE-3]]:12: warning: strided load unless gridDim.x == 1
}

// Negative: an assumed offset moves the warp, it does not spread it.
__global__ void runtimeOffset(const float *in, float *out, int offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + offset];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i + offset]` {{.*}} spr=4 ideal=4 eff=1 coalesced
}

// A stride the launch gives is not assumed: no condition.
__global__ void knownStride(const float *in, float *out, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * stride];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i * stride]` {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
  // TEXT: runtime_values.cu:[[#@LINE-3]]:12: warning: strided load: lanes are 16 bytes apart
}

__global__ void hostLoop(float *m, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  m[i * d] += 1.0f;
  // CHECK: [[@LINE-1]]:3 load+store `m[i * d]` {{.*}} spr=9.3333 ideal=4 eff=0.4286 warps=4..16/4 strided FLAGGED coalescing-strided
  // TEXT: runtime_values.cu:[[#@LINE-2]]:3: warning: strided load and store: lanes are 16 bytes apart; 9.33 sectors per request on average where 4 would do (42.9% of fetched bytes used); launches differ: 4 to 16 sectors, 4 in warp 0 of block 0
  // TEXT: note: lane address = m + 4*(threadIdx.x*d + 256*blockIdx.x*d), assuming d = 1, 2, 4 (a host loop)
}

// A while loop whose trip count is the data's and whose grid shrinks
// (Rodinia srad's reduce): how its launches weigh is unknown, so the first
// launch's value is used (measured there: 3.99 sectors per request).
__global__ void reduceStep(float *sums, int mul) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sums[i * mul] += 1.0f;
  // CHECK: [[@LINE-1]]:3 load+store `sums[i * mul]` {{.*}} spr=4 ideal=4 eff=1 coalesced
}

// The same loop's later launches, had they the stride: the note names them.
__global__ void reduceStrided(float *sums, int mul) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sums[i * 2 * mul] += 1.0f;
  // CHECK: [[@LINE-1]]:3 load+store `sums[i * 2 * mul]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // TEXT: runtime_values.cu:[[#@LINE-2]]:3: warning: strided load and store: lanes are 8 bytes apart
  // TEXT: note: lane address = {{.*}}, assuming mul = 1 (the first launch of a host loop that passes 1, 512, 262144, ...)
}

// Negative: a loop that changes the argument in a way not followed (two
// writes) leaves it unknown: the default is assumed, as with no launch.
__global__ void twoWrites(float *m, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  m[i + k] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `m[i + k]` {{.*}} spr=4 ideal=4 eff=1 coalesced
}

void run(float *m, const float *in, int blocks, int n) {
  knownStride<<<blocks, 256>>>(in, m, 4);
  for (int d = 1; d <= 4; d *= 2)
    hostLoop<<<blocks, 256>>>(m, d);
  int mul = 1;
  while (blocks != 0) {
    reduceStep<<<blocks, 256>>>(m, mul);
    reduceStrided<<<blocks, 256>>>(m, mul);
    if (blocks == 1) {
      blocks = 0;
    } else {
      mul = mul * 512;
      blocks = (blocks + 511) / 512;
    }
  }
  for (int k = 0; k < n; ++k) {
    twoWrites<<<blocks, 256>>>(m, k);
    k += n / 2;
  }
}

// An expression of a variable the loop changes has no one value; the
// loop's first launch, which a profiler measures, has d = 1: s = 2
// (test/lit/engine/host_loops.cu).
__global__ void loopExpr(float *m, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  m[i * s] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `m[i * s]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // TEXT: runtime_values.cu:[[#@LINE-2]]:3: warning: strided store: lanes are 8 bytes apart
  // TEXT: note: lane address = {{.*}}, assuming s = 2 (the first launch of a host loop)
}

void runMore(float *m) {
  for (int d = 1; d < 8; d *= 2)
    loopExpr<<<64, 256>>>(m, d * 2);
}

// A bounded host loop that also shrinks the grid (through a dim3 member):
// its launches' weights are unknown, so the first launch's value is used.
__global__ void shrinking(float *m, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  m[i * s] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `m[i * s]` {{.*}} spr=4 ideal=4 eff=1 coalesced
}

void runShrinking(float *m) {
  dim3 grid(64);
  for (int s = 1; s <= 4; s *= 2) {
    shrinking<<<grid, 256>>>(m, s);
    grid.x = grid.x / 2;
  }
}

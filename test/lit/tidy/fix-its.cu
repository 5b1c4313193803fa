// clang-tidy-19 --fix with the module applies the same fixes: the warning
// carries them as fix-its (clangd offers them as quick fixes). In tidy/, as
// the sanitizer build's module cannot be loaded by Debian's clang-tidy-19.
// RUN: cp %s %t.cu
// RUN: %clang-tidy --load=%tidy-module --checks='-*,coalescing-*,shared-*' --fix %t.cu -- %tidy-cuda-flags 2>&1 | FileCheck %s --check-prefix=TIDY
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %clang-tidy --load=%tidy-module --checks='-*,coalescing-*,shared-*' %t.cu -- %tidy-cuda-flags 2>&1 | FileCheck %s --check-prefix=AFTER --implicit-check-not=warning: --implicit-check-not=error:

__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[32][32];
  // FIXED: {{^}}  __shared__ float tile[32][33];{{$}}
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void scale(const float *in, float *out, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * chunk; k < (t + 1) * chunk; ++k)
    out[k] = 2.0f * in[k];
  // FIXED: {{^}}  for (int k = t; k < blockDim.x * gridDim.x * chunk; k += blockDim.x * gridDim.x){{$}}
}

// Negative: a running sum keeps its loop.
__global__ void runningSum(const float *in, float *out, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = t * chunk; k < (t + 1) * chunk; ++k) {
    // FIXED: {{^}}  for (int k = t * chunk; k < (t + 1) * chunk; ++k) {{{$}}
    sum += in[k];
    // AFTER: fix-its.cu.tmp.cu:[[#@LINE-1]]:12: warning: chunked load
    out[k] = sum;
    // AFTER: fix-its.cu.tmp.cu:[[#@LINE-1]]:5: warning: chunked store
  }
}

void host(const float *a, float *b) {
  transpose<<<dim3(64, 64), dim3(32, 32)>>>(a, b, 2048);
  scale<<<64, 256>>>(a, b, 64);
  runningSum<<<64, 256>>>(a, b, 64);
}

// TIDY: warning: 32-way shared memory bank conflict
// TIDY: note: FIX-IT applied suggested code changes
// TIDY: clang-tidy applied {{[0-9]+}} of {{[0-9]+}} suggested fixes.

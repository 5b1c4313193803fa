// clang-tidy-19 parses the file as a compiler does (host and device) and the
// loaded module reports what the analyzer reports, under the same name.
// RUN: %clang-tidy --load=%tidy-module --checks='-*,coalescing-*' %s -- %tidy-cuda-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

template <int S>
__global__ void copyStrided(const float *in, float *out) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int j = col * S + blockIdx.y;
  out[j] = in[j];
}
// CHECK: coalescing-strided.cu:[[#@LINE-2]]:3: warning: strided store: lanes are 8 bytes apart; 8 sectors per request where 4 would do (50% of fetched bytes used) [coalescing-strided]
// CHECK: coalescing-strided.cu:[[#@LINE-3]]:3: note: in kernel copyStrided<2>
// CHECK-NEXT: coalescing-strided.cu:[[#@LINE-4]]:3: note: lane address = out + 4*(2*threadIdx.x + 512*blockIdx.x + blockIdx.y)
// CHECK-NEXT: coalescing-strided.cu:[[#@LINE-5]]:3: note: consecutive threadIdx.x should touch consecutive addresses
// CHECK: coalescing-strided.cu:[[#@LINE-6]]:12: warning: strided load: lanes are 8 bytes apart; 8 sectors per request where 4 would do (50% of fetched bytes used) [coalescing-strided]

__global__ void transposeNaive(float *out, const float *in, int width,
                               int height) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  out[x * height + y] = in[y * width + x];
  // CHECK: coalescing-strided.cu:[[#@LINE-1]]:3: warning: strided store: lanes are 16384 bytes apart; 32 sectors per request where 4 would do (12.5% of fetched bytes used) [coalescing-strided]
  // CHECK-NEXT: {{^ *}}[[#@LINE-2]] |   out[x * height + y] = in[y * width + x];
  // CHECK-NEXT: {{^ *}}|   ^~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: coalescing-strided.cu:[[#@LINE-4]]:3: note: lane address = out + 4*(threadIdx.y + threadIdx.x*height + 8*blockIdx.y + 32*blockIdx.x*height), assuming height = 4096
  out[x * height + y + 1] = 0.0f; // NOLINT(coalescing-strided)
  // NOLINTNEXTLINE
  out[x * height + y + 2] = 1.0f;
}

// Coalesced, broadcast and shared-memory accesses stay quiet.
__global__ void quiet(const float *in, float *out, const float *scale) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * 4096 + x];
  __syncthreads();
  out[y * 4096 + x] = tile[threadIdx.x][threadIdx.y] * scale[0];
}

void launch(float *out, const float *in, const float *scale) {
  copyStrided<1><<<128, 256>>>(in, out);
  copyStrided<2><<<128, 256>>>(in, out);
  dim3 block(32, 8);
  transposeNaive<<<dim3(128, 512), block>>>(out, in, 4096, 4096);
  quiet<<<dim3(128, 512), block>>>(in, out, scale);
}
// CHECK: Suppressed {{[0-9]+}} warnings (2 NOLINT

// RUN: %coalesce %s 2>/dev/null | FileCheck %s --implicit-check-not=warning:

constexpr int kBlock = 256;

template <int S>
__global__ void copyStrided(const float *in, float *out) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int j = col * S + blockIdx.y;
  out[j] = in[j];
}
// The stride-2 and stride-8 instantiations warn on both the load and the
// store; stride 1 is quiet.
// CHECK: coalescing-strided.cu:9:3: warning: strided store: lanes are 8 bytes apart; 8 sectors per request where 4 would do (50% of fetched bytes used) [coalescing-strided]
// CHECK-NEXT: {{^}}  out[j] = in[j];
// CHECK-NEXT: {{^}}  ^~~~~~{{$}}
// CHECK-NEXT: note: in kernel copyStrided<2>
// CHECK-NEXT: note: lane address = out + 4*(2*threadIdx.x + 512*blockIdx.x + blockIdx.y)
// CHECK-NEXT: note: consecutive threadIdx.x should touch consecutive addresses
// CHECK: coalescing-strided.cu:9:3: warning: strided store: lanes are 32 bytes apart; 32 sectors per request where 4 would do (12.5% of fetched bytes used) [coalescing-strided]
// CHECK: note: lane address = out + 4*(8*threadIdx.x + 2048*blockIdx.x + blockIdx.y)
// CHECK-NEXT: note: every lane fetches a sector of its own, spread over 8 128-byte lines; a wider stride cannot add sectors but still adds lines and DRAM pages, and time
// CHECK: coalescing-strided.cu:9:12: warning: strided load: lanes are 8 bytes apart; 8 sectors per request where 4 would do (50% of fetched bytes used) [coalescing-strided]
// CHECK: coalescing-strided.cu:9:12: warning: strided load: lanes are 32 bytes apart; 32 sectors per request where 4 would do (12.5% of fetched bytes used) [coalescing-strided]

__global__ void transposeNaive(float *out, const float *in, int width,
                               int height) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  out[x * height + y] = in[y * width + x];
  // CHECK: coalescing-strided.cu:[[#@LINE-1]]:3: warning: strided store: lanes are 16384 bytes apart; 32 sectors per request where 4 would do (12.5% of fetched bytes used) [coalescing-strided]
  // CHECK: note: lane address = out + 4*(threadIdx.y + threadIdx.x*height + 8*blockIdx.y + 32*blockIdx.x*height), assuming height = 4096
}

// Negative cases: coalesced loads, broadcasts, 32-wide 2D blocks, a
// shared-memory tile (not global memory).
__global__ void quiet(const float *in, float *out, const float *scale,
                      int width) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x] * scale[0];
  __syncthreads();
  out[y * width + x] = tile[threadIdx.x % 8][threadIdx.y];
}

int main() {
  float *a;
  copyStrided<1><<<dim3(1024, 1), kBlock>>>(a, a);
  copyStrided<2><<<dim3(1024, 2), kBlock>>>(a, a);
  copyStrided<8><<<dim3(1024, 8), kBlock>>>(a, a);
  transposeNaive<<<dim3(128, 512), dim3(32, 8)>>>(a, a, 4096, 4096);
  quiet<<<dim3(128, 512), dim3(32, 8)>>>(a, a, a, 4096);
}

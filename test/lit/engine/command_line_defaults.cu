// A value the command line may set keeps the default the program runs
// with when it is given no arguments: main's argument count, compared in a
// condition, is 1 ("argc > 1 ? atoi(argv[1]) : 64", "if (argc > 2) { bx =
// atoi(argv[1]); ... }"), and the value is said to be that default. A
// write on a branch whose condition the host's known values decide the
// other way does not reach the launch.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT
#include <cstdlib>

// A tile transposed through shared memory, sized for the default 8x8
// block the command line may change: with that block lanes 0 and 4 read
// words 0 and 32 of the tile, bank 0 twice.
__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[8][8];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  // CHECK: [[@LINE-1]]:3 store `tile[threadIdx.y][threadIdx.x]` shared addr=tile + 4*(threadIdx.x + 8*threadIdx.y) wf=1 ideal=1 ways=1 conflict-free
  // CHECK: [[@LINE-2]]:36 load `in[y * n + x]` addr=in + 4*(threadIdx.x + threadIdx.y*n + 8*blockIdx.x + 8*blockIdx.y*n) spr=4 ideal=4 eff=1 coalesced
  __syncthreads();
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int r = t / blockDim.y, c = t % blockDim.y;
  out[(blockIdx.x * blockDim.x + r) * n + blockIdx.y * blockDim.y + c] = tile[c][r];
  // CHECK: [[@LINE-1]]:3 store `out[(blockIdx.x * blockDim.x + r) * n + blockIdx.y * blockDim.y + c]` addr=out + 4*((threadIdx.x + 8*threadIdx.y) % 8 + n*((threadIdx.x + 8*threadIdx.y) / 8) + 8*blockIdx.y + 8*blockIdx.x*n) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:74 load `tile[c][r]` shared addr=tile + 4*((threadIdx.x + 8*threadIdx.y) / 8 + 8*((threadIdx.x + 8*threadIdx.y) % 8)) wf=2 ideal=1 ways=2 bank-conflict FLAGGED shared-bank-conflict
}

// An offset the command line may set, 0 by default: aligned.
__global__ void shifted(const float *in, float *out, int offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + offset];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + 128*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i + offset]` addr=in + 4*(threadIdx.x + 128*blockIdx.x + offset) spr=4 ideal=4 eff=1 coalesced
}

// A block size chosen by ?: on the argument count, and a size decided by
// a condition on known values.
__global__ void rows(const float *in, float *out, int width) {
  out[threadIdx.x * width] = in[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * width]` addr=out + 4*threadIdx.x*width spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:30 load `in[blockIdx.x * blockDim.x + threadIdx.x]` addr=in + 4*(threadIdx.x + 64*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // TEXT: command_line_defaults.cu:[[@LINE-3]]:3: warning: strided store
  // TEXT: note: lane address = out + 4*threadIdx.x*width, assuming width = 2 (the default when the command line does not set it)
}
__global__ void decided(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * blockDim.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x * blockDim.x]` addr=in + 2048*threadIdx.x spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
}

// Negatives: read from the command line with no default, and a branch
// on something the host does not know.
__global__ void noDefault(const float *in, float *out, int stride) {
  out[threadIdx.x] = in[threadIdx.x * stride];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x * stride]` addr=in + 4*threadIdx.x*stride spr=32 ideal=4 eff=0.125 strided unless stride == 1 FLAGGED coalescing-strided
}
__global__ void undecided(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x]` addr=in + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
}

int main(int argc, char **argv) {
  int n = 4096, bx = 8, by = 8;
  if (argc > 2) {
    bx = atoi(argv[1]);
    by = atoi(argv[2]);
  }
  dim3 block(bx, by), grid(n / bx, n / by);
  float *a, *b;
  transpose<<<grid, block>>>(a, b, n);

  int offset = 0;
  if (argc >= 2)
    offset = atoi(argv[1]);
  shifted<<<n / 128, 128>>>(a, b, offset);

  int threads = argc > 3 ? atoi(argv[3]) : 64;
  rows<<<n / threads, threads>>>(a, b, argc > 4 ? atoi(argv[4]) : 2);

  int size = 1 << 20, wide = 128;
  if (size > 65536)
    wide = 512;
  decided<<<size / wide, wide>>>(a, b);

  noDefault<<<64, 256>>>(a, b, atoi(argv[1]));
  int threads2 = 64;
  if (rand() > 5)
    threads2 = 32;
  undecided<<<64, threads2>>>(a, b);
}


// Lanes that repeat another lane's address cost no sector of their own.
// A loss is judged against what every lane's bytes fill packed, repeats
// counted: Nsight Compute's ideal, whose "excessive" sectors are those past
// it. A warp of a 16-wide block reading one word per row takes 2 sectors
// where its 32 lanes' 4 bytes fill 4, and fetches nothing it was not asked
// for (Altis srad's halo columns: 2.00 sectors measured, 0 excessive, on
// the H200). Lanes that repeat addresses and still scatter past that are
// flagged.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

#define TILE 16

// A matrix product in 16x16 blocks: A's word is the same for the 16 lanes
// of a row, 2 sectors a request (8 useful bytes), not flagged.
__global__ void matmul(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += A[row * n + k] * B[k * n + col];
  // CHECK: [[@LINE-1]]:10 load `A[row * n + k]` {{.*}} spr=2 ideal=1 eff=0.125 chunked{{$}}
  // CHECK: [[@LINE-2]]:27 load `B[k * n + col]` {{.*}} coalesced
  C[row * n + col] = s;
  // CHECK: [[@LINE-1]]:3 store `C[row * n + col]` {{.*}} coalesced
}

// The column left of the tile (a stencil's west halo): one word per row.
__global__ void halo(const float *in, float *west, int n) {
  int row = blockIdx.y * TILE + threadIdx.y;
  west[row * TILE + threadIdx.x] = in[row * n + blockIdx.x * TILE - 1];
  // CHECK: [[@LINE-1]]:3 store `west[row * TILE + threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:36 load `in[row * n + blockIdx.x * TILE - 1]` {{.*}} spr=2 ideal=1 eff=0.125 strided{{$}}
}

// Four lanes to a word, words 256 bytes apart: 8 sectors where 32 lanes'
// bytes fill 4, flagged; pairs 128 bytes apart: 16 where 4 would, flagged.
__global__ void spread(const float *in, float *out) {
  int t = threadIdx.x;
  out[blockIdx.x * 32 + t] = in[(t / 4) * 64] + in[(t / 2) * 32];
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 32 + t]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:30 load `in[(t / 4) * 64]` {{.*}} spr=8 ideal=1 eff=0.125 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-3]]:49 load `in[(t / 2) * 32]` {{.*}} spr=16 ideal=2 eff=0.125 strided FLAGGED coalescing-strided
  // TEXT: repeated_lanes.cu:[[@LINE-4]]:30: warning: strided load: lanes are scattered; 8 sectors per request where 1 would do
  // TEXT: repeated_lanes.cu:[[@LINE-5]]:49: warning: strided load: lanes are scattered; 16 sectors per request where 2 would do
}

void run(const float *A, const float *B, float *C, float *w, int n) {
  matmul<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(A, B, C, n);
  halo<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(A, w, n);
  spread<<<64, 32>>>(A, C);
}

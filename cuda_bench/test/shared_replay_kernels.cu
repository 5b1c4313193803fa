// Shared-memory accesses for `cuda-bench replay` beside those of the analyzer's lit test and bank_patterns.cu:
// the cases a replay kernel must reproduce exactly — inactive lanes, lane 0 off its bank's row, lanes walking
// backwards, 1- and 2-byte elements, a read-modify-write, 32- and 64-bit atomics, and a counter every lane
// bumps (one word: the model calls it a broadcast, but an atomic is no read). The analyzer's report of this
// file is part of docs/bench/h200-bank-replay-report.json; the replay says which predictions hold.

__global__ void halfWarpColumn(float *out) {
  __shared__ float tile[32][32];
  if (threadIdx.x < 16)
    tile[threadIdx.x][0] = 1.0f; // 16 lanes, all in bank 0: 16 wavefronts
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

__global__ void columnOne(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][1] = 2.0f; // lane 0 at byte 4: bank 1 for every lane, 32 wavefronts
  __syncthreads();
  out[threadIdx.x] = tile[1][threadIdx.x];
}

__global__ void backwardsStride2(float *out) {
  __shared__ float buf[64];
  buf[62 - 2 * threadIdx.x] = 3.0f; // 2 words apart, walking down: 2 wavefronts
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

__global__ void bytesAndShorts(char *outc, short *outs) {
  __shared__ char c[32 * 4];
  __shared__ short s[32 * 64];
  c[threadIdx.x] = 1;          // 32 bytes in 8 words: no conflict
  s[threadIdx.x * 64] = 2;     // 128 bytes apart: 32 words of bank 0
  __syncthreads();
  outc[threadIdx.x] = c[threadIdx.x * 4];
  outs[threadIdx.x] = s[threadIdx.x];
}

__global__ void accumulateRows(const float *in, float *out) {
  __shared__ float acc[32][32];
  acc[threadIdx.x][0] = 0.0f;
  acc[threadIdx.x][0] += in[threadIdx.x]; // read-modify-write down a column: 32 and 32
  __syncthreads();
  out[threadIdx.x] = acc[0][threadIdx.x];
}

__global__ void histograms(const unsigned *keys, unsigned *out, unsigned long long *wideOut) {
  __shared__ unsigned bins[32 * 32];
  __shared__ unsigned long long wide[32 * 16];
  __shared__ unsigned counter;
  atomicAdd(&bins[threadIdx.x * 32], 1u);        // 32-way
  atomicAdd(&bins[threadIdx.x], keys[threadIdx.x]); // conflict-free
  atomicAdd(&wide[threadIdx.x], 1ull);           // 64-bit, consecutive
  atomicAdd(&counter, 1u);                       // every lane one word
  __syncthreads();
  out[threadIdx.x] = bins[threadIdx.x] + counter;
  wideOut[threadIdx.x] = wide[threadIdx.x];
}

int main() {
  float *f;
  char *c;
  short *s;
  unsigned *u;
  unsigned long long *w;
  halfWarpColumn<<<1, 32>>>(f);
  columnOne<<<1, 32>>>(f);
  backwardsStride2<<<1, 32>>>(f);
  bytesAndShorts<<<1, 32>>>(c, s);
  accumulateRows<<<1, 32>>>(f, f);
  histograms<<<1, 32>>>(u, u, w);
}

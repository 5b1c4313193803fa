// A value that starts different in each lane and that every iteration of a
// loop moves by one amount in all lanes keeps its lanes' pattern inside the
// loop: the entry plus a shift the warp shares, carried(NAME) times the
// change's power-of-two factor. Parboil cutcp's neighbour index starts at
// "tid >> 4" and an inner loop every lane runs equally often moves it by 8
// a turn; the outer loop carries it on. A change that differs between lanes
// (a count the lane decides, a value loaded) or that a continue may skip
// leaves the value unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__constant__ int listLen;
__constant__ int3 nbr[1331];

// Positive: cutcp's loader. listLen, read from constant memory, is the same
// in every iteration; the inner loop's count is the same in every lane, so
// the outer iteration moves nb by 8 times it in all lanes.
__global__ void bins(const float4 *binZero, float *out, int bx, int by) {
  __shared__ float cache[32 * 8 * 4];
  int tid = threadIdx.x;
  int nb = tid >> 4;
  for (int total = 0; total < listLen; total += 32) {
    for (int c = 0; c < 4 && nb < listLen; c++, nb += 8) {
      out[nb] = 0.f;
      int i = nbr[nb].x, j = nbr[nb].y, k = nbr[nb].z;
      float *p = ((float *)binZero) + (((k * by + j) * bx + i) << 5);
      cache[32 * (tid >> 4) + (c << 8) + (tid & 15)] = p[tid & 15];
    }
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = cache[tid];
}
// CHECK: 23:7 store `out[nb]` addr=out + 4*((threadIdx.x >> 4) + 8*iter(c) + 8*carried(nb)) spr=1 ideal=1 eff=0.25 coalesced
// CHECK: 26:7 store `cache[{{.*}}` shared {{.*}} bank-conflict FLAGGED shared-bank-conflict
// CHECK: 26:56 load `p[tid & 15]` addr=binZero + 4*((threadIdx.x & 15) + 32*bx*nbr[nb].y + 32*bx*by*nbr[nb].z + 32*nbr[nb].x) spr=4 ideal=4 eff=1 coalesced groups=2
// CHECK: 30:3 store `out[blockIdx.x * blockDim.x + tid]` {{.*}} coalesced
// CHECK: 30:40 load `cache[tid]` shared {{.*}}

// Positive: a lane's column moved a row of 64 floats at a time by an inner
// loop all lanes run m times: each outer iteration starts 64 * m floats on,
// the warp's 32 consecutive floats still one row's 128 bytes.
__global__ void rows(const float *in, float *out, int n, int m) {
  int col = threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    for (int q = 0; q < m; ++q)
      col += 64;
    s += in[col];
  }
  out[threadIdx.x] = s;
}
// CHECK: [[@LINE-4]]:10 load `in[col]` addr=in + 4*(threadIdx.x + 64*carried(col) + 64*iterations(q)) spr=4 ideal=4 eff=1 coalesced
// CHECK: [[@LINE-3]]:3 store `out[threadIdx.x]` {{.*}} coalesced

// Negative: the inner loop runs as often as the lane says: the lanes drift
// apart, and the value is unknown.
__global__ void ownCount(const float *in, float *out, int n) {
  int col = threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    for (int q = 0; q < threadIdx.x; ++q)
      col += 64;
    s += in[col];
  }
  out[threadIdx.x] = s;
}
// CHECK: 62:10 load `in[col]` unknown: 'col' is its value after a loop
// CHECK: 64:3 store `out[threadIdx.x]` {{.*}} coalesced

// Negative: moved by a value each lane loads: the data's (a gather).
__global__ void loadedStep(const float *in, const int *step, float *out,
                           int n) {
  int col = threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    for (int q = 0; q < 4; ++q)
      col += step[threadIdx.x];
    s += in[col];
  }
  out[threadIdx.x] = s;
}
// CHECK: 76:14 load `step[threadIdx.x]` {{.*}} coalesced
// CHECK: 77:10 load `in[col]` gather: depends on 'step[threadIdx.x]', loaded from memory
// CHECK: 79:3 store `out[threadIdx.x]` {{.*}} coalesced

// Negative: a continue some lanes take skips the move in them.
__global__ void skipped(const float *in, float *out, int n, int m) {
  int col = threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    if (in[threadIdx.x] > 0.f)
      continue;
    for (int q = 0; q < m; ++q)
      col += 64;
    s += in[col];
  }
  out[threadIdx.x] = s;
}
// CHECK: 90:9 load `in[threadIdx.x]` {{.*}} coalesced
// CHECK: 94:10 load `in[col]` unknown: 'col' is changed inside a loop
// CHECK: 96:3 store `out[threadIdx.x]` {{.*}} coalesced

// Negative: moved only in the lanes whose data says so (a gather).
__global__ void someLanes(const float *in, float *out, int n, int m) {
  int col = threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    if (in[threadIdx.x] > 0.f)
      for (int q = 0; q < m; ++q)
        col += 64;
    s += in[col];
  }
  out[threadIdx.x] = s;
}
// CHECK: 107:9 load `in[threadIdx.x]` {{.*}} coalesced
// CHECK: 110:10 load `in[col]` gather: depends on 'in[threadIdx.x]', loaded from memory
// CHECK: 112:3 store `out[threadIdx.x]` {{.*}} coalesced

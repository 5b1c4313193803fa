// A value a group of lanes loads at one address is the same in the group's
// lanes: Parboil cutcp reads each half-warp's bin offset from a neighbour
// list (NbrList[tid >> 4]) and the half-warp its bin's 16 floats. Where
// each such value moves the address by whole 32-byte sectors, the count is
// each group's own sectors, the groups taken at different places; where a
// value can move a group within a sector, or every lane loads its own, the
// data decides and the access stays unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --explain %s 2>&1 | FileCheck %s --check-prefix=EXPLAIN

__constant__ int3 nbr[1331];

// Positive: cutcp's bins (32 floats each), two half-warps, two bins, four
// sectors: as coalesced as the warp's 128 bytes can be.
__global__ void bins(const float4 *binZero, float *out, int bx, int by, int n) {
  __shared__ float cache[32 * 8 * 4];
  int tid = threadIdx.x;
  int nb = tid >> 4;
  for (int c = 0; c < 4 && nb < n; c++, nb += 8) {
    int i = nbr[nb].x, j = nbr[nb].y, k = nbr[nb].z;
    float *p = ((float *)binZero) + (((k * by + j) * bx + i) << 5);
    int m = tid & 15;
    cache[32 * (tid >> 4) + (c << 8) + m] = p[m];
    cache[32 * (tid >> 4) + (c << 8) + m + 16] = p[m + 16];
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = cache[tid];
}
// CHECK: 23:5 store `cache[32 * (tid >> 4) + (c << 8) + m]` shared {{.*}} bank-conflict FLAGGED shared-bank-conflict
// CHECK: 23:45 load `p[m]` addr=binZero + 4*((threadIdx.x & 15) + 32*bx*nbr[nb].y + 32*bx*by*nbr[nb].z + 32*nbr[nb].x) spr=4 ideal=4 eff=1 coalesced groups=2
// CHECK: 24:5 store `cache[{{.*}}` shared {{.*}} bank-conflict FLAGGED shared-bank-conflict
// CHECK: 24:50 load `p[m + 16]` addr={{.*}} spr=4 ideal=4 eff=1 coalesced groups=2
// CHECK: 27:3 store `out[blockIdx.x * blockDim.x + tid]` {{.*}} coalesced
// CHECK: 27:40 load `cache[tid]` shared {{.*}}

// Positive: groups of four lanes, 16 bytes each, in rows of 64 floats:
// each group fetches a sector of which it uses half.
__global__ void quads(const float *in, const int *cell, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int c = cell[tid >> 2];
  out[tid] = in[c * 64 + (tid & 3)];
}
// CHECK: [[@LINE-3]]:11 load `cell[tid >> 2]` {{.*}} coalesced
// CHECK: [[@LINE-3]]:3 store `out[tid]` {{.*}} coalesced
// CHECK: [[@LINE-4]]:14 load `in[c * 64 + (tid & 3)]` addr=in + 4*(((threadIdx.x + blockIdx.x*blockDim.x) & 3) + 64*cell[tid >> 2]) spr=8 ideal=4 eff=0.5 strided groups=8 FLAGGED coalescing-strided

// Positive: rows of eight floats, a row a group: a sector each.
__global__ void rowsOfEight(const float *in, const int *start, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int s = start[tid >> 3];
  out[tid] = in[s * 8 + (tid & 7)];
}
// CHECK: [[@LINE-3]]:11 load {{.*}}
// CHECK: [[@LINE-3]]:3 store {{.*}}
// CHECK: [[@LINE-4]]:14 load `in[s * 8 + (tid & 7)]` {{.*}} spr=4 ideal=4 eff=1 coalesced groups=4

// Negative: a start of any element can put a group across two sectors or
// within one: the data's.
__global__ void anyStart(const float *in, const int *start, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int s = start[tid >> 3];
  out[tid] = in[s + (tid & 7)];
}
// CHECK: [[@LINE-3]]:11 load {{.*}}
// CHECK: [[@LINE-3]]:3 store {{.*}}
// CHECK: [[@LINE-4]]:14 load `in[s + (tid & 7)]` gather: depends on 'start[tid >> 3]', loaded from memory

// Negative: rows of four floats (16 bytes): two groups may share a sector.
__global__ void rowsOfFour(const float *in, const int *start, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int s = start[tid >> 2];
  out[tid] = in[s * 4 + (tid & 3)];
}
// CHECK: [[@LINE-3]]:11 load {{.*}}
// CHECK: [[@LINE-3]]:3 store {{.*}}
// CHECK: [[@LINE-4]]:14 load `in[s * 4 + (tid & 3)]` gather: depends on 'start[tid >> 2]', loaded from memory

// Negative: every lane its own value, a gather however wide the rows.
__global__ void perLane(const float *in, const int *start, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int s = start[tid];
  out[tid] = in[s * 32];
}
// CHECK: [[@LINE-3]]:11 load {{.*}}
// CHECK: [[@LINE-3]]:3 store {{.*}}
// CHECK: [[@LINE-4]]:14 load `in[s * 32]` gather: depends on 'start[tid]', loaded from memory

// Negative: a variable changed after its declaration is not what was
// declared.
__global__ void changed(const float *in, const int *start, float *out, int n) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int s = start[tid >> 4];
  s = s % n;
  out[tid] = in[s * 32 + (tid & 15)];
}
// CHECK: [[@LINE-4]]:11 load {{.*}}
// CHECK: [[@LINE-3]]:3 store {{.*}}
// CHECK: [[@LINE-4]]:14 load `in[s * 32 + (tid & 15)]` gather: depends on 'start[tid >> 4]', loaded from memory

// Negative: a loaded pointer is not followed, whoever loads it.
__global__ void loadedRows(const float *const *rows, float *out) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  const float *row = rows[tid >> 4];
  out[tid] = row[tid & 15];
}
// CHECK: [[@LINE-3]]:22 load {{.*}}
// CHECK: [[@LINE-3]]:3 store {{.*}}
// CHECK: [[@LINE-4]]:14 load `row[tid & 15]` {{.*}}: pointer 'rows[tid >> 4]' is loaded from memory

// Negative: in shared memory the values place the groups in banks: the
// data's, not counted.
__global__ void sharedGroups(const int *cell, float *out) {
  __shared__ float tile[4096];
  int tid = threadIdx.x;
  int c = cell[tid >> 4];
  tile[tid] = 0.f;
  __syncthreads();
  out[tid] = tile[c * 32 + (tid & 15)];
}
// CHECK: [[@LINE-5]]:11 load `cell[tid >> 4]`
// CHECK: [[@LINE-5]]:3 store `tile[tid]` shared
// CHECK: [[@LINE-4]]:3 store `out[tid]`
// CHECK: [[@LINE-5]]:14 load `tile[c * 32 + (tid & 15)]` {{.*}}depends on 'cell[tid >> 4]', loaded from memory

// The distances between groups are the model's: --explain draws no warp
// picture for them.
// EXPLAIN: warning: strided load: the warp reads in 8 groups of lanes
// EXPLAIN-NOT: warp: {{[0-9]+}} lanes
// EXPLAIN: note: lane address = in + 4*

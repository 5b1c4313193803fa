// Addresses the data sets are gathers, not unknowns: a shared bin or rank
// read from memory (the banks are the data's), an index a lane chases
// through memory inside a loop ("p = next[p]"), a table row computed in
// floating point from a loaded value through the toolkit's min and max,
// the index a binary search leaves (a branch on loaded data, integer or
// float), a slot an atomic hands out, and an element of a local array of
// loaded values. What the analysis cannot follow for other reasons stays
// unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

// Positive: a histogram's bin and a sort's rank, in shared memory.
__global__ void histogram(const unsigned char *in, unsigned *out, int n) {
  __shared__ unsigned bins[256];
  bins[threadIdx.x] = 0;
  // CHECK: [[@LINE-1]]:3 store `bins[threadIdx.x]` shared addr=bins + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i]], 1u);
  // CHECK: [[@LINE-1]]:5 atomic `atomicAdd(&bins[in[i]], 1u)` gather: depends on 'in[i]', loaded from memory
  // CHECK: [[@LINE-2]]:21 load `in[i]` {{.*}} coalesced
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = bins[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:41 load `bins[threadIdx.x]` {{.*}} conflict-free
}

__global__ void scatterByRank(const int *keys, const int *ranks, int *out) {
  __shared__ int sorted[256];
  sorted[ranks[blockIdx.x * 256 + threadIdx.x]] = keys[blockIdx.x * 256 + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `sorted[ranks[blockIdx.x * 256 + threadIdx.x]]` gather: depends on 'ranks[blockIdx.x * 256 + threadIdx.x]', loaded from memory
  // CHECK: [[@LINE-2]]:10 load `ranks{{.*}} coalesced
  // CHECK: [[@LINE-3]]:51 load `keys{{.*}} coalesced
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = sorted[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:41 load `sorted[threadIdx.x]` {{.*}} conflict-free
}

// Negative: a shared index the analysis cannot follow for want of a model
// (a value the loop squares) stays unknown.
__global__ void squared(float *out, int n) {
  __shared__ float s[1024];
  int k = threadIdx.x;
  for (int r = 0; r < n; ++r) {
    s[k & 1023] = 0.0f;
    // CHECK: [[@LINE-1]]:5 store `s[k & 1023]` unknown: 'k' is changed inside a loop
    k = k * k + 1;
  }
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `s[threadIdx.x]` {{.*}} conflict-free
}

// Positive: each lane walks a list of its own; from the second step on the
// index is the data's.
__global__ void chase(const int *next, const float *val, float *out, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int p = i;
  float s = 0.0f;
  for (int k = 0; k < steps; ++k) {
    s += val[p];
    // CHECK: [[@LINE-1]]:10 load `val[p]` gather: depends on 'next[p]', loaded from memory
    p = next[p];
    // CHECK: [[@LINE-1]]:9 load `next[p]` gather: depends on 'next[p]', loaded from memory
  }
  out[i] = s + val[p];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:16 load `val[p]` gather: depends on 'next[p]', loaded from memory
}

// Not a gather: moved by a value the whole warp reads alike, the lanes keep
// their pattern, shifted by an amount the warp shares (carried(v), whose
// value moves the lanes within sectors only).
__global__ void sharedSteps(const int *steps, const float *in, float *out, int n) {
  int v = threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < n; ++k) {
    s += in[v];
    // CHECK: [[@LINE-1]]:10 load `in[v]` addr=in + 4*(threadIdx.x + carried(v)) spr=4 ideal=4 eff=1 coalesced depends carried(v)%8=[4,5,5,5,5,5,5,5]
    v += steps[k];
    // CHECK: [[@LINE-1]]:10 load `steps[k]` {{.*}} uniform
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
}

// Positive: chasing from a start every lane shares: each iteration the
// warp reads one place, so the chase is the warp's (carried(p)), not a
// lane's gather (test/lit/engine/uniform_chases.cu).
__global__ void sharedChase(const int *next, float *out, int head, int steps) {
  int p = head;
  for (int k = 0; k < steps; ++k)
    p = next[p];
  // CHECK: [[@LINE-1]]:9 load `next[p]` addr=next + 4*carried(p) spr=1 ideal=1 eff=0.125 uniform
  out[threadIdx.x] = p;
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
}

// Positive: a spline table read at a row computed from a loaded distance,
// clamped by the toolkit's min and max (CoMD's EAM interpolation).
__global__ void interpolate(const float *r2, const float *table, float *out,
                            float x0, float xn, float invDx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r = sqrtf(r2[i]);
  // CHECK: [[@LINE-1]]:19 load `r2[i]` {{.*}} coalesced
  r = max(r, x0);
  r = min(r, xn);
  int row = (int)floor((r - x0) * invDx);
  out[i] = table[row] + table[row + 1];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `table[row]` gather: depends on 'r2[i]', loaded from memory
  // CHECK: [[@LINE-3]]:25 load `table[row + 1]` gather: depends on 'r2[i]', loaded from memory
}

// Positive: min and max of floats the analysis knows are evaluated: the
// lanes' rows, clamped to the table, are counted.
__global__ void clamped(const float *table, float *out, float scale) {
  float x = threadIdx.x * scale;
  int row = (int)min(max(x, 0.0f), 15.0f);
  out[blockIdx.x * blockDim.x + threadIdx.x] = table[row];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
  // CHECK: [[@LINE-2]]:48 load `table[row]` addr=table + 4*(int)fminf(fmaxf((float)threadIdx.x*0.5f, 0.0f), 15.0f) spr=1.125 ideal=1.125 {{.*}} coalesced
}

// Positive: binary searches, on integers through a helper (cuda-samples
// mergeSort's binarySearchInclusive) and on floats (XSBench's grid
// search): after the loop the index is the data's. Inside the loop the
// probe stays unknown: every lane probes one place in the first step and
// the keys spread them after it.
__device__ unsigned searchInclusive(unsigned val, const unsigned *data,
                                    unsigned L, unsigned stride) {
  unsigned pos = 0;
  for (; stride > 0; stride >>= 1) {
    unsigned newPos = min(pos + stride, L);
    if (data[newPos - 1] <= val)
    // CHECK: [[@LINE-1]]:9 load `data[newPos - 1]` unknown: 'pos' is changed inside a loop
      pos = newPos;
  }
  return pos;
}
__global__ void rankKeys(const unsigned *keys, const unsigned *data,
                         unsigned *out, unsigned L) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[searchInclusive(keys[i], data, L, 1024)] = keys[i];
  // CHECK: [[@LINE-1]]:3 store `out[searchInclusive(keys[i], data, L, 1024)]` gather: depends on 'data[newPos - 1]', loaded from memory
  // CHECK: [[@LINE-2]]:23 load `keys[i]` {{.*}} coalesced
  // CHECK: [[@LINE-3]]:50 load `keys[i]` {{.*}} coalesced
}

__global__ void gridSearch(const float *keys, const float *grid,
                           const float *xs, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float key = keys[i];
  // CHECK: [[@LINE-1]]:15 load `keys[i]` {{.*}} coalesced
  int lo = 0, hi = n;
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (grid[mid] > key)
    // CHECK: [[@LINE-1]]:9 load `grid[mid]` unknown: 'lo' is changed inside a loop
      hi = mid;
    else
      lo = mid;
  }
  out[i] = xs[lo];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `xs[lo]` gather: depends on 'grid[mid]', loaded from memory
}

// Positive: a worklist's push: the slot is the counter's old value, read
// from memory by the atomic, each lane its own.
__global__ void push(const int *in, int *items, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) {
    // CHECK: [[@LINE-1]]:16 load `in[i]` {{.*}} coalesced
    int at = atomicAdd(count, 1);
    // CHECK: [[@LINE-1]]:14 atomic `atomicAdd(count, 1)` addr=count {{.*}} uniform guard?
    items[at] = i;
    // CHECK: [[@LINE-1]]:5 store `items[at]` gather: depends on 'atomicAdd(count, 1)', loaded from memory
  }
}

// Positive: a local array every element of which the lane loaded (a mesh
// element's three neighbours), read at a loop's index.
__global__ void meshNeighbours(const uint3 *neighbours, const float *val,
                               float *out) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  uint3 nb = neighbours[e];
  // CHECK: [[@LINE-1]]:14 load `neighbours[e]` {{.*}} strided FLAGGED coalescing-strided
  unsigned n[3] = {nb.x, nb.y, nb.z};
  float s = 0.0f;
  for (int i = 0; i < 3; ++i)
    s += val[n[i]];
  // CHECK: [[@LINE-1]]:10 load `val[n[i]]` gather: depends on 'neighbours[e].x', loaded from memory
  out[e] = s;
  // CHECK: [[@LINE-1]]:3 store `out[e]` {{.*}} coalesced
}

// Negative: one element is a constant: the element read may be it, so no
// gather.
__global__ void meshAndConstant(const uint3 *neighbours, const float *val,
                                float *out) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  uint3 nb = neighbours[e];
  // CHECK: [[@LINE-1]]:14 load `neighbours[e]` {{.*}} strided FLAGGED coalescing-strided
  unsigned n[3] = {nb.x, nb.y, 7u};
  float s = 0.0f;
  for (int i = 0; i < 3; ++i)
    s += val[n[i]];
  // CHECK: [[@LINE-1]]:10 load `val[n[i]]` unknown: 'n[i]' is read from a local array at an index we do not follow
  out[e] = s;
  // CHECK: [[@LINE-1]]:3 store `out[e]` {{.*}} coalesced
}

// Negative: a search whose branch reads no data (a bisection on the lane's
// own value) is not a gather: after the loop its bound is unknown, as
// before.
__global__ void bisect(float *out, int n) {
  int lo = 0, hi = n;
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (mid * mid > (int)threadIdx.x)
      hi = mid;
    else
      lo = mid;
  }
  out[lo] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `out[lo]` unknown: 'lo' is its value after a loop
}

int main() {
  unsigned char *c;
  unsigned *u;
  int *d;
  float *f;
  histogram<<<64, 256>>>(c, u, 1 << 20);
  scatterByRank<<<64, 256>>>(d, d, d);
  squared<<<64, 256>>>(f, 8);
  chase<<<64, 256>>>(d, f, f, 8);
  sharedSteps<<<64, 256>>>(d, f, f, 8);
  sharedChase<<<64, 256>>>(d, f, 0, 8);
  interpolate<<<64, 256>>>(f, f, f, 0.0f, 1.0f, 64.0f);
  clamped<<<64, 256>>>(f, f, 0.5f);
  rankKeys<<<64, 256>>>(u, u, u, 4096);
  gridSearch<<<64, 256>>>(f, f, f, f, 4096);
  bisect<<<64, 256>>>(f, 4096);
  push<<<64, 256>>>(d, d, d, 1 << 20);
  uint3 *u3;
  meshNeighbours<<<64, 256>>>(u3, f, f);
  meshAndConstant<<<64, 256>>>(u3, f, f);
}

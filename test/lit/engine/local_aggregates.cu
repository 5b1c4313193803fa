// Local aggregates: a struct copied out of global memory, a struct or array
// returned by value, the elements of a local array at constant indices.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

struct Desc { int base; int len; };
struct Outer { Desc inner; int off[2]; };
struct Off { unsigned v[2]; };

__device__ Off offsets(unsigned i) {
  Off o;
  o.v[0] = i;
  o.v[1] = 2 * i;
  return o;
}

__device__ float at(const float *p, Desc t) { return p[t.base + threadIdx.x]; }
// CHECK: [[@LINE-1]]:54 load `p[t.base + threadIdx.x]` addr=in + 4*(threadIdx.x + d[blockIdx.x].base) spr=4 ideal=4 eff=1 coalesced depends d[blockIdx.x].base%8=[4,5,5,5,5,5,5,5]

__global__ void copies(const Desc *d, const Outer *os, const float *in,
                       float *out) {
  Desc t = d[blockIdx.x];
  // CHECK: [[@LINE-1]]:12 load `d[blockIdx.x]` addr=d + 8*blockIdx.x spr=1 ideal=1 eff=0.125 uniform
  out[threadIdx.x] = in[t.base + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `in[t.base + threadIdx.x]` addr=in + 4*(threadIdx.x + d[blockIdx.x].base) spr=4 ideal=4 eff=1 coalesced depends d[blockIdx.x].base%8=[4,5,5,5,5,5,5,5]
  const Desc &r = d[blockIdx.x];
  out[threadIdx.x] += in[r.len + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 load+store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:23 load `in[r.len + threadIdx.x]` addr=in + 4*(threadIdx.x + r.len) spr=4 ideal=4 eff=1 coalesced depends r.len%8=[4,5,5,5,5,5,5,5]
  // CHECK: [[@LINE-3]]:26 load `r.len` addr=d + 4*(2*blockIdx.x + 1) spr=1 ideal=1 eff=0.125 uniform
  Desc u;
  u = d[blockIdx.y];
  // CHECK: [[@LINE-1]]:7 load `d[blockIdx.y]` addr=d + 8*blockIdx.y spr=1 ideal=1 eff=0.125 uniform
  out[threadIdx.x] += in[u.base + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 load+store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:23 load `in[u.base + threadIdx.x]` addr=in + 4*(threadIdx.x + d[blockIdx.y].base) spr=4 ideal=4 eff=1 coalesced depends d[blockIdx.y].base%8=[4,5,5,5,5,5,5,5]
  Outer o = os[blockIdx.x];
  // CHECK: [[@LINE-1]]:13 load `os[blockIdx.x]` addr=os + 16*blockIdx.x spr=1 ideal=1 eff=0.125 uniform
  out[threadIdx.x] += in[o.inner.len + o.off[1] + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 load+store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:23 load `in[o.inner.len + o.off[1] + threadIdx.x]` addr=in + 4*(threadIdx.x + os[blockIdx.x].inner.len + os[blockIdx.x].off[1]) spr=4 ideal=4 eff=1 coalesced depends os[blockIdx.x].inner.len%8=[4,5,5,5,5,5,5,5] depends os[blockIdx.x].off[1]%8=[4,5,5,5,5,5,5,5]
  Desc w = t;
  out[threadIdx.x] += at(in, w);
  // CHECK: [[@LINE-1]]:3 load+store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
}

__global__ void laneCopies(const Desc *d, const float *in, float *out) {
  Desc t = d[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK: [[@LINE-1]]:12 load `d[blockIdx.x * blockDim.x + threadIdx.x]` addr=d + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  out[threadIdx.x] = in[t.base];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `in[t.base]` gather: depends on 'd[blockIdx.x * blockDim.x + threadIdx.x].base', loaded from memory
}

__global__ void returned(float *out, const float *in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  Off o = offsets(i);
  out[o.v[0]] = in[o.v[1]];
  // CHECK: [[@LINE-1]]:3 store `out[o.v[0]]` addr=out + 4*(threadIdx.x + 128*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:17 load `in[o.v[1]]` addr=in + 8*(threadIdx.x + 128*blockIdx.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  Off p;
  p = offsets(i + 1);
  out[p.v[0]] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `out[p.v[0]]` addr=out + 4*(threadIdx.x + 128*blockIdx.x + 1) spr=5 ideal=4 eff=0.8 misaligned
}

__global__ void localArrays(float *out, const float *in, int n) {
  int idx[2];
  idx[0] = threadIdx.x * 2;
  idx[1] = threadIdx.x;
  out[idx[0]] = in[idx[1]];
  // CHECK: [[@LINE-1]]:3 store `out[idx[0]]` addr=out + 8*threadIdx.x spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:17 load `in[idx[1]]` addr=in + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  int lst[3] = {(int)threadIdx.x, 4, 5};
  out[lst[0] + lst[2]] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `out[lst[0] + lst[2]]` addr=out + 4*(threadIdx.x + 5) spr=5 ideal=4 eff=0.8 misaligned
  idx[n & 1] = 7;
  out[idx[0]] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `out[idx[0]]` unknown: 'idx[0]' is possibly written by 'idx[n & 1]'
  for (int k = 0; k < 2; ++k)
    lst[k] = k;
  out[lst[0]] = 2.f;
  // CHECK: [[@LINE-1]]:3 store `out[lst[0]]` unknown: 'lst[0]' is its value after a loop
  out[lst[2] + threadIdx.x] = 3.f;
  // CHECK: [[@LINE-1]]:3 store `out[lst[2] + threadIdx.x]` unknown: 'lst[2]' is its value after a loop
}

// An array in a kernel's struct parameter is the same for every thread,
// at any index the warp shares; a lane's own index into it is a gather.
struct Dims { int off[4]; };
__global__ void paramArrays(Dims p, float *a) {
  for (int d = 0; d < 4; ++d)
    a[p.off[d] + threadIdx.x] = 0.f;
    // CHECK: [[@LINE-1]]:5 store `a[p.off[d] + threadIdx.x]` addr=a + 4*(threadIdx.x + p.off[d]) spr=4 ideal=4 eff=1 coalesced depends p.off[d]%8=[4,5,5,5,5,5,5,5]
  a[p.off[threadIdx.x & 3]] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `a[p.off[threadIdx.x & 3]]` gather: depends on 'p.off[threadIdx.x & 3]', loaded from memory
}

int main() {
  copies<<<dim3(64, 2), 256>>>(0, 0, 0, 0);
  laneCopies<<<64, 256>>>(0, 0, 0);
  returned<<<64, 128>>>(0, 0);
  localArrays<<<64, 128>>>(0, 0, 16);
  Dims p;
  paramArrays<<<64, 256>>>(p, 0);
}

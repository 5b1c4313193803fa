// Constructors of local objects: member initialisers, default member
// initialisers, the constructor's body, delegating and base constructors.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

struct Loader {
  const float *p;
  int tid;
  __device__ Loader(const float *base) : p(base), tid(threadIdx.x) {}
  __device__ float get(int k) const { return p[tid * 4 + k]; }
  // CHECK: [[@LINE-1]]:46 load `p[tid * 4 + k]` addr=in + 4*(4*threadIdx.x + 1024*blockIdx.x + iter(k)) spr=16 ideal=4 eff=0.25 chunked FLAGGED coalescing-chunked
};

struct Cursor {
  float *row;
  int col = threadIdx.x;
  __device__ Cursor(float *m, int r) { row = m + r * 1024; }
  __device__ Cursor(float *m) : Cursor(m, blockIdx.x) {}
};

struct Base {
  int first;
  __device__ Base(int f) : first(f) {}
};
struct Derived : Base {
  int step;
  __device__ Derived(int f, int s) : Base(f), step(s) {}
};

struct FromData {
  int at;
  __device__ FromData(const int *idx) : at(idx[threadIdx.x]) {}
  // CHECK: [[@LINE-1]]:44 load `idx[threadIdx.x]` addr=idx + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
};

struct Opaque {
  int at;
  __device__ Opaque(int a);
};

__global__ void constructed(const float *in, float *out, const int *idx) {
  Loader L(in + blockIdx.x * 1024);
  float s = 0.f;
  for (int k = 0; k < 4; ++k)
    s += L.get(k);
  Cursor c(out);
  c.row[c.col] = s;
  // CHECK: [[@LINE-1]]:3 store `c.row[c.col]` addr=out + 4*(threadIdx.x + 1024*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  Derived d(blockIdx.x * 256, 2);
  out[d.first + d.step * threadIdx.x] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `out[d.first + d.step * threadIdx.x]` addr=out + 8*(threadIdx.x + 128*blockIdx.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  FromData f(idx);
  out[f.at] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `out[f.at]` gather: depends on 'idx[threadIdx.x]', loaded from memory
  Opaque o(threadIdx.x);
  out[o.at] = 2.f;
  // CHECK: [[@LINE-1]]:3 store `out[o.at]` unknown: 'o.at' is set by a constructor of 'Opaque' we cannot follow
}

int main() { constructed<<<64, 256>>>(0, 0, 0); }

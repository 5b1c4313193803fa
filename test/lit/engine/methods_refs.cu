// Member functions (static, instance, operators) are inlined with 'this'
// bound; reference parameters write back to the caller's variables.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

template <int N> struct Copier {
  __device__ static void run(const float *in, float *out) {
    out[threadIdx.x * N] = in[threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[threadIdx.x * N]` addr=out + 8*threadIdx.x spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
    // CHECK: [[@LINE-2]]:28 load `in[threadIdx.x]` addr=in + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  }
};

struct Matrix {
  float *base;
  int ld;
  __device__ float &at(int r, int c) { return base[r * ld + c]; }
  __device__ void put(int i, float v) { base[2 * i] = v; }
  // CHECK: [[@LINE-1]]:41 store `base[2 * i]` addr=m.base + 8*threadIdx.x spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  __device__ float operator[](int i) const { return base[i]; }
  // CHECK: [[@LINE-1]]:53 load `base[i]` addr=m.base + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
};

__device__ void split(int &lo, int &hi) {
  lo = threadIdx.x;
  hi = lo + 64;
}

__global__ void members(const float *in, float *out, Matrix m) {
  Copier<2>::run(in, out);
  m.at(threadIdx.x, 0) = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `m.at(threadIdx.x, 0)` addr=m.base + 4*threadIdx.x*m.ld spr=32 ideal=4 eff=0.125 strided unless m.ld == 1 FLAGGED coalescing-strided
  m.put(threadIdx.x, 2.0f);
  out[threadIdx.x] = m[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  int lo, hi;
  split(lo, hi);
  out[hi] = in[lo];
  // CHECK: [[@LINE-1]]:3 store `out[hi]` addr=out + 4*(threadIdx.x + 64) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:13 load `in[lo]` addr=in + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
}

// A const reference bound to a temporary (divUp(n, 2)) holds its value, as
// a const reference to a variable holds the variable's.
template <typename T> __device__ T divUp(const T &n, const T &d) {
  return (n + d - 1) / d;
}
__global__ void temporaries(float *out, int w) {
  const int &half = w / 2;
  out[threadIdx.x + divUp(w, 2) + half] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x + divUp(w, 2) + half]` addr=out + 4*(threadIdx.x + w / 2 + (w + 1) / 2) spr=4 ideal=4 eff=1 coalesced depends w%8=
}

int main() {
  float *a;
  members<<<1, 32>>>(a, a, Matrix{a, 1024});
}

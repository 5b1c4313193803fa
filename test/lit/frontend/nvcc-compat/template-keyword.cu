// nvcc takes `s.get<1>()` on a dependent `s` as a call of the member
// template (the C++ standard wants `s.template get<1>()`). Clang says so and
// drops the statement; the mode inserts the keyword in memory and parses
// the file again.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF
// The second run is a cache hit: the cache checks the file as written, not
// its edited copy.
// RUN: rm -rf %t && %exitcode %coalesce --cache-dir=%t --cache-stats %s | FileCheck %s --check-prefix=MISS
// RUN: %exitcode %coalesce --cache-dir=%t --cache-stats %s | FileCheck %s --check-prefix=HIT
// MISS: cache: 0 hits, 1 miss
// HIT: parsed as nvcc does: template-keyword
// HIT: cache: 1 hit, 0 misses

template <int N> struct Stride {
  template <int M> __device__ int get() const { return M * N; }
};

template <int N> __global__ void copy(const float *in, float *out, Stride<N> s) {
  out[threadIdx.x * s.get<1>()] = in[threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * s.get<1>()]` {{.*}} spr=12 ideal=4 {{.*}} FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-2]]:35 load `in[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

template __global__ void copy<3>(const float *, float *, Stride<3>);

// ON: cuda-coalesce: note: parsed as nvcc does: template-keyword ({{.*}}template-keyword.cu)
// ON: exit: 1
// OFF: template-keyword.cu:21:23: error: missing 'template' keyword prior to dependent template name 'get'
// OFF: exit: 2

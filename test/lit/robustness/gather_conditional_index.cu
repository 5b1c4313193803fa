// A gather whose index holds a conditional (Parboil pns: a transition's
// neighbour, `tc == N - 1 ? 0 : tc + 1`, of a place it loaded). Finding
// the rows of the gather walks the index again, and the conditional set the
// walk's guards anew while the access still viewed the old ones: a read of
// freed memory, which crashed the analyzer in about one run in seven (and
// is a heap-use-after-free under AddressSanitizer, which the sanitizer
// build's run of this test catches every time). The access under one lane
// is still one lane; the other is a gather.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
__global__ void petri(const int *rnd, char *places, int N) {
  int tr = rnd[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x < N)
    places[tr * N + (tr == N - 1 ? 0 : tr + 1)]++;
  // CHECK: [[@LINE-1]]:5 load+store `places[tr * N + (tr == N - 1 ? 0 : tr + 1)]` gather: depends on 'rnd[blockIdx.x * blockDim.x + threadIdx.x]', loaded from memory{{$}}
  if (threadIdx.x == 0)
    places[tr * N + (tr == 0 ? N - 1 : tr - 1)] = 0;
  // CHECK: [[@LINE-1]]:5 store `places[tr * N + (tr == 0 ? N - 1 : tr - 1)]` {{.*}} spr=1 ideal=1 {{.*}} uniform
}

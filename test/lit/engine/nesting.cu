// An index nested deeper than the interpreter follows (a 1,000-term sum:
// clang accepts far longer ones) is 'unknown' with its reason, instead of
// a stack overflow; an ordinary index beside it is still followed.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not=load --implicit-check-not=store

#define T10(x) x + x + x + x + x + x + x + x + x + x
#define T1000(x) T10(T10(T10(x)))

__global__ void deep(float *out, const float *in) {
  out[threadIdx.x] = in[T1000(threadIdx.x)];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load `in[T1000(threadIdx.x)]` unknown: too complex to track
}

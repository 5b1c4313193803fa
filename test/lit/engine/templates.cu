// Template kernels are analyzed once per instantiation, with the element
// size of the instantiated type and the value of non-type parameters.
// RUN: %coalesce --format=json %s | %normalize-json | FileCheck %s --check-prefix=JSON
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

template <typename T, int Stride>
__global__ void copyStrided(const T *in, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * Stride] = in[i * Stride];
}

template __global__ void copyStrided<char, 64>(const char *, char *);

int main() {
  float *f;
  double *d;
  copyStrided<float, 1><<<64, 128>>>(f, f);
  copyStrided<double, 2><<<64, 128>>>(d, d);
}
// Sorted by location, then kernel name; each access once per instantiation.
// CHECK: 9:3 store `out[i * Stride]` addr=out + 64*(threadIdx.x + blockIdx.x*blockDim.x) spr=32 ideal=1 eff=0.0313 strided FLAGGED coalescing-strided
// CHECK-NEXT: 9:3 store `out[i * Stride]` addr=out + 16*(threadIdx.x + 128*blockIdx.x) spr=16 ideal=8 eff=0.5 strided FLAGGED coalescing-strided
// CHECK-NEXT: 9:3 store `out[i * Stride]` addr=out + 4*(threadIdx.x + 128*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
// CHECK-NEXT: 9:21 load `in[i * Stride]` addr=in + 64*(threadIdx.x + blockIdx.x*blockDim.x) spr=32 ideal=1 eff=0.0313 strided FLAGGED coalescing-strided
// CHECK-NEXT: 9:21 load `in[i * Stride]` addr=in + 16*(threadIdx.x + 128*blockIdx.x) spr=16 ideal=8 eff=0.5 strided FLAGGED coalescing-strided
// CHECK-NEXT: 9:21 load `in[i * Stride]` addr=in + 4*(threadIdx.x + 128*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
// JSON: "elem_bytes": 1,
// JSON: "kernel": "copyStrided<char, 64>",
// JSON: "elem_bytes": 8,
// JSON: "kernel": "copyStrided<double, 2>",
// JSON: "elem_bytes": 4,
// JSON: "kernel": "copyStrided<float, 1>",

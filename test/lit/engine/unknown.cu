// When the address cannot be derived the access is 'unknown' with the reason,
// never a guess; it is not flagged, and --verbose shows it as a remark.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --verbose %s | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

__device__ float *pick(float **table) { return table[threadIdx.x]; }
// CHECK: [[@LINE-1]]:48 load `table[threadIdx.x]` addr=table + 8*threadIdx.x spr=8 ideal=8 eff=1 coalesced

__global__ void unknowns(float *a, float **table, const float *f) {
  int i = (int)(threadIdx.x * f[0]);
  // CHECK: [[@LINE-1]]:31 load `f[0]` addr=f spr=1 ideal=1 eff=0.125 uniform
  a[i] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `a[i]` unknown: 'threadIdx.x * f[0]' needs the value of 'f[0]', a float not known here{{$}}
  pick(table)[0] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `pick(table)[0]` gather: pointer 'table[threadIdx.x]' is loaded from memory
  int s = 1;
  for (int k = 0; k < 4; ++k) {
    a[s * threadIdx.x] = 2.0f;
    // CHECK: [[@LINE-1]]:5 store `a[s * threadIdx.x]` unknown: 's' is changed inside a loop
    s = s * 3 + threadIdx.x % 2; // from the lane: not followed
  }
}
// TEXT: unknown.cu:[[#@LINE-11]]:3: remark: address not computable: 'threadIdx.x * f[0]' needs the value of 'f[0]', a float not known here [coalescing-unknown]
// TEXT: unknown.cu:[[#@LINE-6]]:5: remark: address not computable: 's' is changed inside a loop [coalescing-unknown]

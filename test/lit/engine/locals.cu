// Locals assigned once or reassigned, compound assignment, casts, the
// ternary operator and if/else (both sides considered).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void locals(float *a, const float *b, int n, int flip) {
  int i = threadIdx.x;
  i = i * 2;
  i += 1;
  a[i] = b[(long)threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store `a[i]` addr=a + 4*(2*threadIdx.x + 1) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:10 load `b[(long)threadIdx.x]` addr=b + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  int j = flip ? 31 - threadIdx.x : threadIdx.x;
  a[j] = 0.0f;
  // CHECK: [[@LINE-1]]:3 store `a[j]` addr=a + 4*(flip != 0 ? -threadIdx.x + 31 : threadIdx.x) spr=4 ideal=4 eff=1 coalesced
  int k;
  if (threadIdx.x % 2 == 0)
    k = threadIdx.x;
  else
    k = threadIdx.x + 32;
  a[k] = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `a[k]` addr=a + 4*(threadIdx.x % 2 == 0 ? threadIdx.x : threadIdx.x + 32) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  if (n > 0) {
    a[threadIdx.x * 4] = 2.0f;
    // CHECK: [[@LINE-1]]:5 store `a[threadIdx.x * 4]` addr=a + 16*threadIdx.x spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
  } else {
    a[threadIdx.x] = 3.0f;
    // CHECK: [[@LINE-1]]:5 store `a[threadIdx.x]` addr=a + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  }
  a[threadIdx.x] *= 2.0f;
  // CHECK: [[@LINE-1]]:3 load+store `a[threadIdx.x]` addr=a + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
}

int main() {
  float *a;
  locals<<<1, 32>>>(a, a, 100, 0);
}

// A floating-point atomicAdd on shared memory is a compare-and-swap loop
// (sm_90 has no shared floating-point add): each ATOMS.CAST.SPIN attempt
// takes twice its lanes' pattern's wavefronts, at best as at worst, so a
// conflict-free one is 2 where 2 would do (not flagged) and a 2-way
// conflict 4 where 2 would do. Integer adds, other atomics and global
// atomics keep their counts.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:

__global__ void sharedAdds(float *out, const float *in) {
  __shared__ float f[256];
  __shared__ double d[256];
  __shared__ int c[256];
  f[threadIdx.x] = 0.f;
  d[threadIdx.x] = 0.;
  c[threadIdx.x] = 0;
  // CHECK: [[@LINE-3]]:3 store `f[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
  // CHECK: [[@LINE-3]]:3 store `d[threadIdx.x]` shared {{.*}} wf=2 ideal=2 ways=1 conflict-free
  // CHECK: [[@LINE-3]]:3 store `c[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
  __syncthreads();
  atomicAdd(&f[threadIdx.x], in[threadIdx.x]);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&f[threadIdx.x], in[threadIdx.x])` shared addr=f + 4*threadIdx.x wf=2 ideal=2 ways=1 conflict-free
  // CHECK: [[@LINE-2]]:30 load `in[threadIdx.x]` {{.*}} coalesced
  atomicAdd(&d[threadIdx.x], 1.0);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&d[threadIdx.x], 1.0)` shared addr=d + 8*threadIdx.x wf=4 ideal=4 ways=1 conflict-free
  atomicAdd(&f[2 * threadIdx.x % 256], 1.f);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&f[2 * threadIdx.x % 256], 1.f)` shared {{.*}} wf=4 ideal=2 ways=2 bank-conflict FLAGGED shared-bank-conflict
  // WARN: shared_float_atomics.cu:[[@LINE-2]]:3: warning: 2-way shared memory bank conflict: lanes 0 and 16 update 2 different words of 'f' in bank 0 (4 wavefronts where 2 would do) [shared-bank-conflict]

  // Negative: an integer add is one ATOMS.ADD; an exchange is native too.
  atomicAdd(&c[threadIdx.x], 1);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&c[threadIdx.x], 1)` shared addr=c + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
  atomicExch(&f[threadIdx.x], 0.f);
  // CHECK: [[@LINE-1]]:3 atomic `atomicExch(&f[threadIdx.x], 0.f)` shared addr=f + 4*threadIdx.x wf=1 ideal=1 ways=1 conflict-free
  // Negative: on global memory the add is a RED, its sectors as before.
  atomicAdd(&out[threadIdx.x], 1.f);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&out[threadIdx.x], 1.f)` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  __syncthreads();
  out[threadIdx.x] = f[threadIdx.x] + float(d[threadIdx.x]) + float(c[threadIdx.x]);
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `f[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
  // CHECK: [[@LINE-3]]:45 load `d[threadIdx.x]` shared {{.*}} wf=2 ideal=2 ways=1 conflict-free
  // CHECK: [[@LINE-4]]:69 load `c[threadIdx.x]` shared {{.*}} wf=1 ideal=1 ways=1 conflict-free
}

int main() {
  float *o, *i;
  sharedAdds<<<1, 256>>>(o, i);
}

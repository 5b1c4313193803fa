// Atomics on global memory are accesses like any other: a warp's atomicAdd
// is one request whose sectors are counted the same way (measured on the
// H200: atomicAdd(&acc[i * 32], v) 32 sectors per request, atomicAdd(&acc[i], v)
// 4). A strided atomic is flagged; a coalesced one and a counter every lane
// bumps are not. An atomic on shared memory has banks, not sectors: the
// bank check judges it.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

__global__ void histogram(float *acc, const float *v, unsigned *count,
                          int *flags, unsigned long long *wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = v[i];
  // CHECK: [[@LINE-1]]:13 load `v[i]` addr=v + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  atomicAdd(&acc[i * 32], x);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&acc[i * 32], x)` addr=acc + 128*(threadIdx.x + 256*blockIdx.x) spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
  // TEXT: atomics.cu:[[#@LINE-2]]:3: warning: strided atomic: lanes are 128 bytes apart; 32 sectors per request where 4 would do (12.5% of fetched bytes used) [coalescing-strided]
  atomicAdd(&acc[i], x);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&acc[i], x)` addr=acc + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  atomicInc(&count[0], 1u << 30);
  // CHECK: [[@LINE-1]]:3 atomic `atomicInc(&count[0], 1u << 30)` addr=count spr=1 ideal=1 eff=0.125 uniform
  atomicCAS(&flags[2 * i], 0, 1);
  // CHECK: [[@LINE-1]]:3 atomic `atomicCAS(&flags[2 * i], 0, 1)` addr=flags + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // TEXT: atomics.cu:[[#@LINE-2]]:3: warning: strided atomic: lanes are 8 bytes apart
  atomicAdd(&wide[i], 1ull);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&wide[i], 1ull)` addr=wide + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=8 eff=1 coalesced
  __shared__ unsigned bins[256];
  atomicAdd(&bins[threadIdx.x * 4 % 256], 1u);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&bins[threadIdx.x * 4 % 256], 1u)` shared addr=bins + 4*(4*threadIdx.x % 256) wf=4 ideal=1 ways=4 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: atomics.cu:[[#@LINE-2]]:3: warning: 4-way shared memory bank conflict
  // Lanes updating one shared word take turns (the H200: 32 wavefronts); a
  // load of it is a broadcast.
  __shared__ unsigned total;
  atomicAdd(&total, 1u);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&total, 1u)` shared addr=total wf=32 ideal=1 ways=32 bank-conflict FLAGGED shared-bank-conflict
  // TEXT: atomics.cu:[[#@LINE-2]]:3: warning: 32-way shared memory bank conflict: lanes 0..31 update the same word of 'total', one after another (32 wavefronts where 1 would do) [shared-bank-conflict]
  acc[i] = total;
  // CHECK: [[@LINE-1]]:3 store `acc[i]` addr={{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `total` shared addr=total wf=1 ideal=1 ways=1 uniform
}

int main() {
  float *a;
  unsigned *c;
  int *f;
  unsigned long long *w;
  histogram<<<4096, 256>>>(a, a, c, f, w, 1 << 20);
}

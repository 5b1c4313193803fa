// Accesses written through macros are reported at the macro use; vector
// types, __half, __ldg and cache-hinted stores.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
#include <cuda_fp16.h>

#define IDX(r, c, ld) ((r) * (ld) + (c))
#define LOAD(p, i) (p)[i]

__global__ void vectors(const float4 *in4, float4 *out4, const int2 *in2,
                        const __half *h, float *out, const float *ro) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out4[i] = in4[i];
  // CHECK: [[@LINE-1]]:3 store `out4[i]` addr=out4 + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=16 eff=1 coalesced
  // CHECK: [[@LINE-2]]:13 load `in4[i]` addr=in4 + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=16 eff=1 coalesced
  float4 v = in4[i + 1];
  // CHECK: [[@LINE-1]]:14 load `in4[i + 1]` addr=in4 + 16*(threadIdx.x + 256*blockIdx.x + 1) spr=17 ideal=16 eff=0.9412 misaligned
  out[IDX(threadIdx.x, 0, 32)] = v.x + in4[i].y;
  // CHECK: [[@LINE-1]]:3 store `out[IDX(threadIdx.x, 0, 32)]` addr=out + 128*threadIdx.x spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:40 load `in4[i].y` addr=in4 + 4*(4*threadIdx.x + 1024*blockIdx.x + 1) spr=16 ideal=4 eff=0.25 aos FLAGGED coalescing-aos
  out[i] = LOAD(ro, i) + in2[i].x + __half2float(h[i]) + __ldg(&ro[2 * i]);
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `LOAD(ro, i)` addr=ro + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-3]]:26 load `in2[i].x` addr=in2 + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=4 eff=0.5 aos FLAGGED coalescing-aos
  // CHECK: [[@LINE-4]]:50 load `h[i]` addr=h + 2*(threadIdx.x + 256*blockIdx.x) spr=2 ideal=2 eff=1 coalesced
  // CHECK: [[@LINE-5]]:58 load `__ldg(&ro[2 * i])` addr=ro + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  __stcs(&out[i], 1.0f);
  // CHECK: [[@LINE-1]]:3 store `__stcs(&out[i], 1.0f)` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}

int main() {
  float4 *f4;
  vectors<<<64, 256>>>(f4, f4, nullptr, nullptr, nullptr, nullptr);
}

// A struct nvcc cannot move in one instruction (wider than 16 bytes, or
// aligned to less than its size) is moved in pieces, each instruction a
// request of its own with its own ideal: Nsight Compute's view, and the
// H200's (cuda-samples' alignedTypes: a 12-byte struct, 12 sectors per
// instruction for an ideal of 4).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=NOTE

struct F3 { float x, y, z; };
struct __align__(16) F3a { float x, y, z; };
struct D4 { double v, x, y, z; };
struct C16 { float a, b, c, d; };

// Positive: three 4-byte loads and stores, lanes 12 bytes apart.
__global__ void copy3(const F3 *in, F3 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 12*(threadIdx.x + 256*blockIdx.x) spr=12 ideal=4 eff=0.3333 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:12 load `in[i]` addr=in + 12*(threadIdx.x + 256*blockIdx.x) spr=12 ideal=4 eff=0.3333 strided FLAGGED coalescing-strided
}

// Positive: four 8-byte loads of a 32-byte struct; a 16-byte struct of
// floats is four 4-byte loads too (aligned to 4).
__global__ void copyWide(const D4 *in, const C16 *c, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  D4 v = in[i];
  // CHECK: [[@LINE-1]]:10 load `in[i]` addr=in + 32*(threadIdx.x + 256*blockIdx.x) spr=32 ideal=8 eff=0.25 strided FLAGGED coalescing-strided
  C16 w = c[i];
  // CHECK: [[@LINE-1]]:11 load `c[i]` addr=c + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
  out[i] = v.x + w.b;
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}

// Negative: aligned to its size, one instruction each: every byte used.
__global__ void copyAligned(const F3a *in, F3a *out, const float4 *a,
                            float4 *b, const double2 *c, double2 *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=16 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i]` addr=in + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=16 eff=1 coalesced
  b[i] = a[i];
  // CHECK: [[@LINE-1]]:3 store `b[i]` addr=b + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=16 eff=1 coalesced
  // CHECK: [[@LINE-2]]:10 load `a[i]` addr=a + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=16 eff=1 coalesced
  d[i] = c[i];
  // CHECK: [[@LINE-1]]:3 store `d[i]` addr=d + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=16 eff=1 coalesced
  // CHECK: [[@LINE-2]]:10 load `c[i]` addr=c + 16*(threadIdx.x + 256*blockIdx.x) spr=16 ideal=16 eff=1 coalesced
}

// NOTE: struct_pieces.cu:17:3: warning: strided store: lanes are 12 bytes apart; 12 sectors per request where 4 would do
// NOTE: note: each lane's 12-byte value is moved by 3 instructions of 4 bytes (its alignment allows no wider one), each a request of its own

int main() {
  copy3<<<64, 256>>>(nullptr, nullptr);
  copyWide<<<64, 256>>>(nullptr, nullptr, nullptr);
  copyAligned<<<64, 256>>>(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
}

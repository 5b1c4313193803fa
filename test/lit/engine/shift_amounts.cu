// A shift by a value that is not a constant: x << n is x * 2^n, printed
// "x*(1 << n)", and x >> n is kept as written; both take the value of n the
// launch (or --assume) gives. A shift by a value the analyzer would merely
// assume (a parameter no launch gives) leaves the address unknown: the
// default size, 1048576, is no shift amount.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json --assume log2N=2 %s | %summarize | FileCheck %s --check-prefix=ASSUMED

// Launched with log2N = 1: lanes 8 bytes apart, and pairs of lanes on one
// element.
__global__ void launched(const float *in, float *out, int log2N) {
  out[threadIdx.x << log2N] = in[threadIdx.x >> log2N];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x << log2N]` addr=out + 4*threadIdx.x*(1 << log2N) spr=8 ideal=4 eff=0.5 strided FLAGGED
  // CHECK: [[@LINE-2]]:31 load `in[threadIdx.x >> log2N]` addr=in + 4*(threadIdx.x >> log2N) spr=2 ideal=2 eff=1 coalesced
}

// Not launched: log2N is only assumed. With --assume log2N=2 each block
// starts 16 bytes further into a sector, and 8 lanes share an element.
__global__ void notLaunched(const float *in, float *out, int log2N) {
  out[threadIdx.x + (blockIdx.x << log2N)] = in[threadIdx.x >> log2N];
  // CHECK: [[@LINE-1]]:3 store {{.*}} unknown: the address is shifted by 'log2N', a value the analyzer did not see (--assume log2N=VALUE gives it)
  // CHECK: [[@LINE-2]]:46 load {{.*}} unknown: the address is shifted by 'log2N', a value the analyzer did not see (--assume log2N=VALUE gives it)
  // ASSUMED: [[@LINE-3]]:3 store {{.*}} addr=out + 4*(threadIdx.x + blockIdx.x*(1 << log2N)) spr=4.5 ideal=4 {{.*}} misaligned
  // ASSUMED: [[@LINE-4]]:46 load {{.*}} spr=1 ideal=1 eff=1 coalesced
}

int main() {
  launched<<<1, 32>>>(nullptr, nullptr, 1);
}

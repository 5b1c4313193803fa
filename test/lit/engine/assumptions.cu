// Runtime values nobody told the analyzer get representative values
// (1048576 for sizes, 128 for gridDim), each one recorded; --assume and
// launch sites override them. A guard against a merely assumed value does
// not switch lanes off.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json --assume n=16777216,gridDim.x=64 %s | %normalize-json | FileCheck %s --check-prefix=ASSUME

__global__ void cpuChunks(float *data, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int per = (n + gridDim.x * blockDim.x - 1) / (gridDim.x * blockDim.x);
  for (int k = t * per; k < (t + 1) * per && k < n; ++k)
    data[k] *= 2.0f;
}
// CHECK: {{^[0-9]+:[0-9]+}} load+store `data[k]` addr=data + 4*(threadIdx.x*((256*gridDim.x + n - 1) / (256*gridDim.x)) + 256*blockIdx.x*((256*gridDim.x + n - 1) / (256*gridDim.x)) + iter(k)) spr=32 ideal=4 eff=0.125 chunked FLAGGED coalescing-chunked

__global__ void guarded(float *data, int n, int limit) {
  int i = threadIdx.x;
  if (i < limit)
    data[i * 2] = 0.0f;
}
// With limit = 16 from the launch, only half the warp stores.
// CHECK: {{^[0-9]+:[0-9]+}} store `data[i * 2]` addr=data + 8*threadIdx.x spr=4 ideal=2 eff=0.5 strided FLAGGED coalescing-strided

struct Wide { float v[16]; };
__global__ void gatherWide(const Wide *in, const int *idx, Wide *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
}
// CHECK: {{^[0-9]+:[0-9]+}} store `out[i]` addr=out + 64*(threadIdx.x + blockIdx.x*blockDim.x) spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
// CHECK: {{^[0-9]+:[0-9]+}} load `in[idx[i]]` gather: depends on 'idx[i]', loaded from memory
// CHECK: {{^[0-9]+:[0-9]+}} load `idx[i]` addr=idx + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced
// RUN: %coalesce --checks=-*,coalescing-gather %s 2>&1 | FileCheck %s --check-prefix=WIDE --implicit-check-not=warning:
// WIDE: warning: gather load: the address depends on 'idx[i]', loaded from memory; between 2 and 64 sectors per request depending on the data [coalescing-gather]

int main() {
  float *d;
  cpuChunks<<<128, 256>>>(d, 1 << 24);
  guarded<<<1, 32>>>(d, 1 << 20, 16);
}
// --assume wins over the launch site: 16777216 / (64 * 256) = 1024 floats
// per thread.
// ASSUME: "assumptions": {
// ASSUME-NEXT:   "blockDim": "256 1 1",
// ASSUME-NEXT:   "gridDim.x": 64,
// ASSUME-NEXT:   "n": 16777216
// ASSUME: "lane_stride_bytes": 4096,

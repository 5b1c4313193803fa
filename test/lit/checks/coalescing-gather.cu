// coalescing-gather is off by default: the sectors depend on the data.
// RUN: %coalesce %s 2>/dev/null | FileCheck %s --check-prefix=DEFAULT --allow-empty --implicit-check-not=warning:
// RUN: %coalesce --checks=coalescing-gather %s 2>/dev/null | FileCheck %s --implicit-check-not=warning:

__global__ void gather(const float *in, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
  // CHECK: coalescing-gather.cu:[[#@LINE-1]]:12: warning: gather load: the address depends on 'idx[i]', loaded from memory; between 1 and 32 sectors per request depending on the data [coalescing-gather]
  // CHECK-NEXT: {{^}}  out[i] = in[idx[i]];
  // CHECK-NEXT: {{^}}           ^~~~~~~~~~{{$}}
  // CHECK-NEXT: note: sort or bucket the indices
}

// Negative: an index loaded once for the whole warp is not a gather.
__global__ void offsetRow(const float *in, const int *rowStart, float *out) {
  int base = rowStart[blockIdx.x];
  out[base + threadIdx.x] = in[base + threadIdx.x];
}

int main() {
  float *a;
  int *i;
  gather<<<1024, 256>>>(a, i, a);
  offsetRow<<<1024, 256>>>(a, i, a);
}
// DEFAULT-NOT: warning

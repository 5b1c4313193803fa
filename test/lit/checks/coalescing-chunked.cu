// RUN: %coalesce %s 2>/dev/null | FileCheck %s --implicit-check-not=warning:

template <int Per>
__global__ void copyChunked(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * Per; k < (t + 1) * Per; ++k)
    out[k] = in[k];
}
// With four floats per thread the warp's 16 sectors are re-read by the
// next three iterations, so L1 recovers the DRAM traffic; with 32 it does
// not.
// CHECK: coalescing-chunked.cu:7:5: warning: chunked store: each thread walks its own contiguous range, so lanes are 16 bytes apart on every iteration; 16 sectors per request where 4 would do (25% of fetched bytes used) [coalescing-chunked]
// CHECK: note: in kernel copyChunked<4>
// CHECK-NEXT: note: lane address = out + 4*(4*threadIdx.x + 1024*blockIdx.x + iter(k))
// CHECK-NEXT: note: the chunk is small: the next iterations re-read the sectors this request fetched, so L1 recovers the DRAM traffic; the cost is 16 L1 sectors per request instead of 4
// CHECK-NEXT: note: use a grid-stride loop, for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x), so consecutive lanes touch consecutive addresses on every iteration; if the order of the elements matters (a running sum), let the warp share each range instead
// CHECK: coalescing-chunked.cu:7:5: warning: chunked store: each thread walks its own contiguous range, so lanes are 128 bytes apart on every iteration; 32 sectors per request where 4 would do (12.5% of fetched bytes used) [coalescing-chunked]
// CHECK-NOT: L1 recovers
// CHECK: coalescing-chunked.cu:7:14: warning: chunked load: {{.*}} lanes are 16 bytes apart
// CHECK: coalescing-chunked.cu:7:14: warning: chunked load: {{.*}} lanes are 128 bytes apart

__global__ void cpuStyle(const float *in, float *out, int n, int threads) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int begin = t * (n / threads);
  int end = begin + n / threads;
  float sum = 0.0f;
  for (int i = begin; i < end; i++)
    sum += in[i];
  // CHECK: coalescing-chunked.cu:[[#@LINE-1]]:12: warning: chunked load: each thread walks its own contiguous range, so lanes are 4096 bytes apart on every iteration; 32 sectors per request where 4 would do (12.5% of fetched bytes used) [coalescing-chunked]
  out[t] = sum;
}

// A split range cut short by a bound check is still a split range.
__global__ void splitChecked(float *data, int n, int per) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * 32; k < (t + 1) * 32 && k < n; ++k)
    data[k] *= 2.0f;
  // CHECK: coalescing-chunked.cu:[[#@LINE-1]]:5: warning: chunked load and store: {{.*}} lanes are 128 bytes apart
  // CHECK: note: use a grid-stride loop
  for (int k = t * per; k < min((t + 1) * per, n); ++k)
    data[k] += 1.0f;
  // CHECK: coalescing-chunked.cu:[[#@LINE-1]]:5: warning: chunked load and store: {{.*}} lanes are 256 bytes apart
  // CHECK: note: use a grid-stride loop
}

// Each thread reducing its own row is the same memory shape; the fix is to
// share the row across the warp, not a grid-stride loop.
__global__ void rowPerThread(const float *b, float *out, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += b[col * n + k];
  // CHECK: coalescing-chunked.cu:[[#@LINE-1]]:10: warning: chunked load: each thread walks its own contiguous range, so lanes are 4096 bytes apart on every iteration; 32 sectors per request where 4 would do (12.5% of fetched bytes used) [coalescing-chunked]
  // CHECK: note: each thread walks a row of its own: let the warp share each row instead (lane j takes element j, then combine with __shfl_down_sync), or store the data transposed so neighbouring threads' elements are adjacent
  out[col] = s;
}

// Negative: the grid-stride loop, and a loop over a row the whole warp
// shares.
__global__ void gridStride(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i];
}

__global__ void rowSum(const float *m, float *out, int cols) {
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += 32)
    s += m[blockIdx.x * cols + c];
  out[blockIdx.x * 32 + threadIdx.x] = s;
}

int main() {
  float *a;
  copyChunked<4><<<1024, 256>>>(a, a);
  copyChunked<32><<<128, 256>>>(a, a);
  cpuStyle<<<64, 256>>>(a, a, 1 << 24, 64 * 256);
  gridStride<<<1024, 256>>>(a, a, 1 << 24);
  rowSum<<<4096, 32>>>(a, a, 4096);
  rowPerThread<<<16, 256>>>(a, a, 1024);
  splitChecked<<<64, 256>>>(a, 1 << 20, 64);
}

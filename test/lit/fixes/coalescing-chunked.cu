// cuda-coalesce --fix rewrites a chunked loop whose iterations are
// independent into a grid-stride loop over the same elements; a running sum
// per thread and iterations that read what an earlier one wrote stay as
// they are, with a note that says why.
// RUN: cp %s %t.cu
// RUN: %exitcode %coalesce --no-cache --fix %t.cu | FileCheck %s --check-prefix=RUN1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cu
// RUN: %coalesce --no-cache %t.cu 2>/dev/null | FileCheck %s --check-prefix=AFTER --implicit-check-not=warning:
// RUN: %coalesce --no-cache %s 2>/dev/null | FileCheck %s --check-prefix=NOTES

__global__ void scale(const float *in, float *out, int n, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * chunk; k < (t + 1) * chunk && k < n; ++k)
    out[k] = 2.0f * in[k];
  // FIXED: {{^}}  for (int k = t; k < n && k < blockDim.x * gridDim.x * chunk; k += blockDim.x * gridDim.x){{$}}
  // NOTES: coalescing-chunked.cu:[[#@LINE-2]]:5: warning: chunked store
  // NOTES: note: fix: the iterations are independent, so 'for (int k = t; k < n && k < blockDim.x * gridDim.x * chunk; k += blockDim.x * gridDim.x)' visits the same elements with consecutive lanes on consecutive elements
}

// start and end named, the end clamped to n.
__global__ void clamped(const float *in, float *out, int n, int chunk) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int start = tid * chunk;
  int end = start + chunk;
  if (end > n)
    end = n;
  for (int i = start; i < end; i++)
    out[i] = in[i] + 1.0f;
  // FIXED: {{^}}  for (int i = tid; i < n && i < blockDim.x * gridDim.x * chunk; i += blockDim.x * gridDim.x){{$}}
}

// A template's chunk, one block.
template <int Per>
__global__ void perBlock(float *data) {
  for (int k = threadIdx.x * Per; k < threadIdx.x * Per + Per; ++k)
    data[k] *= 0.5f;
  // FIXED: {{^}}  for (int k = threadIdx.x; k < blockDim.x * Per; k += blockDim.x){{$}}
}

// Negative: a running sum per thread carries a value from one iteration to
// the next.
__global__ void runningSum(const float *in, float *out, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = t * chunk; k < (t + 1) * chunk; ++k) {
    // FIXED: {{^}}  for (int k = t * chunk; k < (t + 1) * chunk; ++k) {{{$}}
    sum += in[k];
    out[k] = sum;
    // NOTES: coalescing-chunked.cu:[[#@LINE-2]]:12: warning: chunked load
    // NOTES: note: no automatic fix: 'sum' is updated on every iteration (line [[#@LINE-3]]) and the next iteration reads it: a value is carried from one iteration to the next (a running sum per thread must keep its elements and their order)
    // AFTER: [[#@LINE-4]]:12: warning: chunked load
    // AFTER: [[#@LINE-4]]:5: warning: chunked store
  }
}

// Negative: each iteration reads what the previous one wrote.
__global__ void dependent(float *a, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * chunk; k < (t + 1) * chunk; ++k)
    a[k + 1] = a[k] * 0.5f;
  // FIXED: {{^}}  for (int k = t * chunk; k < (t + 1) * chunk; ++k){{$}}
  // NOTES: coalescing-chunked.cu:[[#@LINE-2]]:5: warning: chunked store
  // NOTES: note: no automatic fix: 'a' is written at 'a[k+1]' and read or written at 'a[k]' (line [[#@LINE-3]]): an iteration may read what an earlier one wrote
  // AFTER: [[#@LINE-4]]:5: warning: chunked store
  // AFTER: note: also flagged alike: 'a[k]' ([[#@LINE-5]]:16)
}

// Negative: the body uses the thread's own index.
__global__ void ownIndex(float *out, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * chunk; k < (t + 1) * chunk; ++k)
    out[k] = t;
  // FIXED: {{^}}  for (int k = t * chunk; k < (t + 1) * chunk; ++k){{$}}
  // NOTES: coalescing-chunked.cu:[[#@LINE-2]]:5: warning: chunked store
  // NOTES: note: no automatic fix: the body reads 't' (line [[#@LINE-3]]), which differs from thread to thread: a grid-stride loop hands the elements to other threads
  // AFTER: [[#@LINE-4]]:5: warning: chunked store
}

void host(float *a, float *b) {
  scale<<<64, 256>>>(a, b, 1 << 20, 64);
  clamped<<<64, 256>>>(a, b, 1 << 20, 64);
  perBlock<8><<<1, 256>>>(a);
  runningSum<<<64, 256>>>(a, b, 64);
  dependent<<<64, 256>>>(a, 64);
  ownIndex<<<64, 256>>>(a, 64);
}

// RUN1: cuda-coalesce: fixed {{.*}}.tmp.cu:14: rewrite the loop at line 13 as a grid-stride loop [coalescing-chunked]
// RUN1-NEXT: cuda-coalesce: fixed {{.*}}.tmp.cu:28: rewrite the loop at line 27 as a grid-stride loop [coalescing-chunked]
// RUN1-NEXT: cuda-coalesce: fixed {{.*}}.tmp.cu:36: rewrite the loop at line 35 as a grid-stride loop [coalescing-chunked]
// RUN1-NEXT: cuda-coalesce: applied 3 fixes
// RUN1: exit: 1

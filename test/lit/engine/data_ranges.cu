// Ranges whose bounds are data: a loop that starts each lane at a value it
// loaded walks a range of its own (CSR SpMV, one thread a row: measured on
// the H200, 15.5 to 18.7 sectors per request for rows of 16 to 48 floats,
// where the warp-per-row form takes 3.6). It is
// chunked and flagged, with the range's length named, but given no sector
// count: that is the data's. A warp sharing the row (one warp a row) is
// coalesced: the row's start is read once per warp, a value of the data
// that moves the warp's alignment only. Pointer walks (*p++) are
// induction variables like any other.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:

__global__ void csrScalar(const int *rowptr, const int *col, const float *val,
                          const float *x, float *y, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float sum = 0;
    for (int j = rowptr[row]; j < rowptr[row + 1]; ++j)
      // CHECK: [[@LINE-1]]:18 load `rowptr[row]` {{.*}} coalesced
      // CHECK: [[@LINE-2]]:35 load `rowptr[row + 1]` {{.*}} misaligned
      sum += val[j] * x[col[j]];
      // CHECK: [[@LINE-1]]:14 load `val[j]` chunked: depends on 'rowptr[row]', loaded from memory range=rowptr[row + 1] - rowptr[row] FLAGGED coalescing-chunked
      // CHECK: [[@LINE-2]]:23 load `x[col[j]]` gather: depends on 'col[j]', loaded from memory
      // CHECK: [[@LINE-3]]:25 load `col[j]` chunked: {{.*}} range=rowptr[row + 1] - rowptr[row] FLAGGED coalescing-chunked
      // TEXT: data_ranges.cu:[[#@LINE-4]]:14: warning: chunked load: each thread walks its own range, of length rowptr[row + 1] - rowptr[row], so lanes are a range apart on every iteration; up to 32 sectors per request (one a lane) when ranges hold 8 or more elements, which the data decides [coalescing-chunked]
      // The same walk of col[j] on the statement: a note, not a warning.
      // TEXT: note: also flagged alike: 'col[j]' ([[#@LINE-6]]:25)
      // TEXT: note: let a warp share each range (one warp a row
    y[row] = sum;
    // CHECK: [[@LINE-1]]:5 store `y[row]` {{.*}} coalesced
  }
}

// The fix: one warp a row. The row's bounds are read once per warp.
__global__ void csrVector(const int *rowptr, const float *val, float *y,
                          int rows) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (row < rows) {
    float sum = 0;
    for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += 32)
      // CHECK: [[@LINE-1]]:18 load `rowptr[row]` {{.*}} uniform
      // CHECK: [[@LINE-2]]:42 load `rowptr[row + 1]` {{.*}} uniform
      sum += val[j];
      // CHECK: [[@LINE-1]]:14 load `val[j]` addr=val + 4*(threadIdx.x % 32 + 32*iter(j) + rowptr[row]) spr=4 ideal=4 eff=1 coalesced
    if (lane == 0)
      y[row] = sum;
      // CHECK: [[@LINE-1]]:7 store `y[row]` {{.*}} uniform
  }
}

// Negative: a range with a loaded start walked two elements a step, and a
// loaded index that is no loop's: gathers, not chunked (gather is off by
// default, so nothing is flagged).
__global__ void notARange(const int *start, const float *val, float *y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int j = start[t]; j < start[t] + 8; j += 2)
    // CHECK: [[@LINE-1]]:16 load `start[t]` {{.*}} coalesced
    // CHECK: [[@LINE-2]]:30 load `start[t]` {{.*}} coalesced
    sum += val[j];
    // CHECK: [[@LINE-1]]:12 load `val[j]` gather: depends on 'start[t]', loaded from memory
  y[t] = sum + val[start[t]];
  // CHECK: [[@LINE-1]]:3 store `y[t]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:16 load `val[start[t]]` gather: depends on 'start[t]', loaded from memory
  // CHECK: [[@LINE-3]]:20 load `start[t]` {{.*}} coalesced
}

// A pointer walk: *p++ steps p by one element an iteration.
__global__ void pointerWalk(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = in + i * 64;
  float sum = 0;
  for (int k = 0; k < 64; ++k)
    sum += *p++;
    // CHECK: [[@LINE-1]]:12 load `*p++` addr=in + 4*(64*threadIdx.x + 64*blockIdx.x*blockDim.x + iter(k)) spr=32 ideal=4 eff=0.125 chunked FLAGGED coalescing-chunked
    // TEXT: data_ranges.cu:[[#@LINE-2]]:12: warning: chunked load: each thread walks its own contiguous range, so lanes are 256 bytes apart
  out[i] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
}

// Negative: a pointer walk that strides by the block stays coalesced.
__global__ void pointerStride(const float *in, float *out) {
  const float *p = in + blockIdx.x * 1024 + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < 4; ++k) {
    sum += *p;
    // CHECK: [[@LINE-1]]:12 load `*p` addr=in + 4*(threadIdx.x + 1024*blockIdx.x + 256*iter(k)) spr=4 ideal=4 eff=1 coalesced
    p += 256;
  }
  out[blockIdx.x * 256 + threadIdx.x] = sum;
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
}

// A loop variable added to a value the lane loaded (Rodinia huffman's pack2,
// dstData[dword + i] with dword = cindex2[tid] / 32: measured 15.6 sectors
// per request) walks a range the data places: chunked, as above. With a
// constant length the message counts ranges that follow one another.
__global__ void loadedStart(const unsigned *cindex, const int *sizes,
                            unsigned *dst) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned dword = cindex[tid] / 32;
  // CHECK: [[@LINE-1]]:20 load `cindex[tid]` {{.*}} coalesced
  int bits = sizes[tid];
  // CHECK: [[@LINE-1]]:14 load `sizes[tid]` {{.*}} coalesced
  for (int i = 1; i < bits / 32; i++)
    dst[dword + i] = 0;
  // CHECK: [[@LINE-1]]:5 store `dst[dword + i]` chunked: depends on 'cindex[tid]', loaded from memory range=bits / 32 - 1 FLAGGED coalescing-chunked
  // TEXT: data_ranges.cu:[[#@LINE-2]]:5: warning: chunked store: each thread walks its own range, of length bits / 32 - 1, so lanes are a range apart on every iteration; up to 32 sectors per request (one a lane) when ranges hold 8 or more elements, which the data decides [coalescing-chunked]
  for (int k = 0; k < 4; ++k)
    dst[k + dword] = 1;
  // CHECK: [[@LINE-1]]:5 store `dst[k + dword]` chunked: {{.*}} range=4 FLAGGED coalescing-chunked
  // TEXT: data_ranges.cu:[[#@LINE-2]]:5: warning: chunked store: each thread walks its own range of 4 elements from a start it loaded; where the ranges follow one another, lanes are 16 bytes apart on every iteration: 16 sectors per request where 4 would do (where they start, the data decides) [coalescing-chunked]
  // Negative: a loop variable that steps by more than an element, or none,
  // leaves a plain gather (off by default).
  for (int k = 0; k < 4; ++k)
    dst[dword + k * 64] = 2;
  // CHECK: [[@LINE-1]]:5 store `dst[dword + k * 64]` gather: depends on 'cindex[tid]', loaded from memory{{$}}
  dst[dword] = 3;
  // CHECK: [[@LINE-1]]:3 store `dst[dword]` gather: depends on 'cindex[tid]', loaded from memory{{$}}
}

// A gather whose loaded index is added to a row each lane owns
// (work[tid * stride + idx[k]], or lower[idx[k]] with lower =
// &work[tid * stride]: Rodinia streamcluster, measured 29.6 sectors per
// request for the store where a few lanes take the other branch) is
// strided whatever the index, as long as it stays in the lane's row: rows a
// sector or more apart put every lane in a sector of its own. It is
// flagged by coalescing-strided, with no count (where in the rows the
// lanes land is the data's); rows closer than a sector, and a plain
// index, stay gathers (off by default).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|load\+store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void perThreadHistogram(const int *keys, unsigned *hist) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  hist[tid * 64 + keys[tid]] += 1;
  // CHECK: [[@LINE-1]]:3 load+store `hist[tid * 64 + keys[tid]]` strided: depends on 'keys[tid]', loaded from memory FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:19 load `keys[tid]` {{.*}} coalesced
  // TEXT: gather_rows.cu:[[#@LINE-3]]:3: warning: strided load and store: each lane indexes a row of its own, rows 256 bytes apart, at a column it loaded (the address depends on 'keys[tid]', loaded from memory); up to 32 sectors per request, one a lane, unless the loaded columns undo the rows [coalescing-strided]
  // JSON: "gather_row_bytes": 256
}

__global__ void rowPointer(const int *col, float *work, int stride) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float *lower = &work[tid * stride];
  lower[col[tid]] += 1.0f;
  // CHECK: [[@LINE-1]]:3 load+store `lower[col[tid]]` strided: depends on 'col[tid]', loaded from memory FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:9 load `col[tid]` {{.*}} coalesced
  // TEXT: gather_rows.cu:[[#@LINE-3]]:3: warning: strided load and store: each lane indexes a row of its own, rows 4194304 bytes apart
  // TEXT: note: the rows' spacing assumes stride = 1048576 (--assume gives the run's)
  // The assumed spacing is listed with the access's assumptions.
  // JSON: "stride": 1048576
  // JSON: "gather_row_bytes": 4194304
}

// Negative: rows 16 bytes apart share sectors, and a plain index has no
// rows: both stay gathers. A column loaded as a float and converted is
// data as a loaded integer is: rows of their own again.
__global__ void notRows(const int *keys, const float *x, unsigned *hist) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  hist[tid * 4 + keys[tid]] += 1;
  // CHECK: [[@LINE-1]]:3 load+store `hist[tid * 4 + keys[tid]]` gather: depends on 'keys[tid]', loaded from memory{{$}}
  // CHECK: [[@LINE-2]]:18 load `keys[tid]` {{.*}} coalesced
  hist[keys[tid]] += 1;
  // CHECK: [[@LINE-1]]:3 load+store `hist[keys[tid]]` gather: depends on 'keys[tid]', loaded from memory{{$}}
  // CHECK: [[@LINE-2]]:8 load `keys[tid]` {{.*}} coalesced
  hist[tid * 64 + (int)x[tid]] += 1;
  // CHECK: [[@LINE-1]]:3 load+store `hist[tid * 64 + (int)x[tid]]` strided: depends on 'x[tid]', loaded from memory FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-2]]:24 load `x[tid]` {{.*}} coalesced
  // TEXT: gather_rows.cu:[[#@LINE-3]]:3: warning: strided load and store: each lane indexes a row of its own, rows 256 bytes apart, at a column it loaded (the address depends on 'x[tid]', loaded from memory)
}

// Each lane walks a row of its own from a start it loaded: the start is a
// whole number of rows (rid[t] * G, the row's length the loop's trip count),
// so on every iteration the lanes are a row apart. Rows of a sector or more
// put each lane's element in a sector of its own whatever the rows are, as
// long as no two lanes load the same row: chunked, counted, flagged, the
// loaded start named in data_dependent_start. Shorter rows share sectors as
// the data says: no count.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %coalesce --format=json %s | %normalize-json | FileCheck %s --check-prefix=JSON

__global__ void rowOffset(const int *rid, const float *m, float *out, int G) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int off = rid[t] * G;
  // CHECK: [[@LINE-1]]:13 load `rid[t]` {{.*}} coalesced
  float s = 0.f;
  for (int g = 0; g < G; ++g)
    s += m[off + g];
    // CHECK: [[@LINE-1]]:10 load `m[off + g]` addr=m + unknown(depends on 'rid[t]', loaded from memory) spr=32 ideal=4 eff=0.125 chunked FLAGGED coalescing-chunked
    // TEXT: data_rows.cu:[[#@LINE-2]]:10: warning: chunked load: each thread walks its own row of G elements, at a row number it loaded ('rid[t]'), so lanes are 512 bytes apart on every iteration; 32 sectors per request where 4 would do (12.5% of fetched bytes used), as long as no two lanes load the same row (those share its sectors: the data decides) [coalescing-chunked]
    // JSON: "data_dependent_range": "G",
    // JSON-NEXT: "data_dependent_start": "rid[t]",
  out[t] = s;
  // CHECK: [[@LINE-1]]:3 store `out[t]` {{.*}} coalesced
}

// The row through a pointer, its row number computed from two loads.
__global__ void rowPointer(const int *rid, const int *cid, const float *m,
                           float *out, int G, int C) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = m + (rid[t] * C + cid[t]) * G;
  // CHECK: [[@LINE-1]]:27 load `rid[t]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:40 load `cid[t]` {{.*}} coalesced
  float s = 0.f;
  for (int g = 0; g < G; ++g)
    s += row[g];
    // CHECK: [[@LINE-1]]:10 load `row[g]` {{.*}} spr=32 ideal=4 eff=0.125 chunked FLAGGED coalescing-chunked
    // TEXT: data_rows.cu:[[#@LINE-2]]:10: warning: chunked load: each thread walks its own row of G elements, at a row number it loaded ('rid[t]')
  out[t] = s;
  // CHECK: [[@LINE-1]]:3 store `out[t]` {{.*}} coalesced
}

// Rows of 4 floats, 16 bytes: lanes with neighbouring rows share sectors,
// as many as the data says. Flagged as a range the data places, no count.
__global__ void shortRows(const int *rid, const float *m, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int off = rid[t] * 4;
  // CHECK: [[@LINE-1]]:13 load `rid[t]` {{.*}} coalesced
  float s = 0.f;
  for (int g = 0; g < 4; ++g)
    s += m[off + g];
    // CHECK: [[@LINE-1]]:10 load `m[off + g]` chunked: depends on 'rid[t]', loaded from memory range=4 FLAGGED coalescing-chunked
    // TEXT: data_rows.cu:[[#@LINE-2]]:10: warning: chunked load: each thread walks its own range of 4 elements from a start it loaded; where the ranges follow one another
  out[t] = s;
  // CHECK: [[@LINE-1]]:3 store `out[t]` {{.*}} coalesced
}

// Negative: a start that is not a whole number of rows (rows of 3 walked
// over G), a loop that steps 64 elements, the start alone, and a start
// written again after its declaration: no count.
__global__ void notRows(const int *rid, float *m, int G) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int off = rid[t] * 3;
  // CHECK: [[@LINE-1]]:13 load `rid[t]` {{.*}} coalesced
  for (int g = 0; g < G; ++g)
    m[off + g] = 0.f;
    // CHECK: [[@LINE-1]]:5 store `m[off + g]` chunked: depends on 'rid[t]', loaded from memory range=G FLAGGED coalescing-chunked
    // TEXT: data_rows.cu:[[#@LINE-2]]:5: warning: chunked store: each thread walks its own range, of length G, so lanes are a range apart
  for (int g = 0; g < G; ++g)
    m[off + g * 64] = 1.f;
    // CHECK: [[@LINE-1]]:5 store `m[off + g * 64]` gather: depends on 'rid[t]', loaded from memory{{$}}
  m[off] = 2.f;
  // CHECK: [[@LINE-1]]:3 store `m[off]` gather: depends on 'rid[t]', loaded from memory{{$}}
  int moved = rid[t] * G;
  // CHECK: [[@LINE-1]]:15 load `rid[t]` {{.*}} coalesced
  moved += 5;
  for (int g = 0; g < G; ++g)
    m[moved + g] = 3.f;
    // CHECK: [[@LINE-1]]:5 store `m[moved + g]` chunked: depends on 'rid[t]', loaded from memory range=G FLAGGED coalescing-chunked
    // TEXT: data_rows.cu:[[#@LINE-2]]:5: warning: chunked store: each thread walks its own range, of length G
}

int main() {
  rowOffset<<<64, 128>>>(0, 0, 0, 128);
  rowPointer<<<64, 128>>>(0, 0, 0, 0, 128, 10);
  shortRows<<<64, 128>>>(0, 0, 0);
  notRows<<<64, 128>>>(0, 0, 128);
}

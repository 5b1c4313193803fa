// A value a loop changes in a way the walk does not follow, computed only
// from values that are the same in every lane (a kernel parameter, the
// iteration, the variable's own start), is the same in all the lanes that
// run an iteration: a runtime value the warp shares, named carried(NAME).
// An address made of it is one address for the whole warp. A value the
// loop changes from the lane, or under a branch on the lane, is not.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

// A shuffle driven by a generator seeded from a parameter: each block
// permutes its own row, every lane at the same element.
__global__ void shuffleRow(float *x, int n, unsigned seed) {
  float *row = x + blockIdx.x * n;
  unsigned r = seed;
  for (int i = n - 1; i > 0; --i) {
    r = r * 1103515245u + 12345u;
    r ^= r >> 7;
    int pick = r % (i + 1);
    x[0] += row[pick];
    // CHECK: [[@LINE-1]]:5 load+store `x[0]` {{.*}} uniform
    // CHECK: [[@LINE-2]]:13 load `row[pick]` addr=x + 4*(blockIdx.x*n + {{.*}}carried(r){{.*}}) spr=1 ideal=1 {{.*}} uniform
  }
}

// The previous iteration's index (a polygon's edge from vertex k to j).
__global__ void prevIndex(const int *v, int *out, int nv) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int c = 0;
  int prev = nv - 1;
  for (int j = 0; j < nv; prev = j++)
    c += v[j] - v[prev];
    // CHECK: [[@LINE-1]]:10 load `v[j]` {{.*}} uniform
    // CHECK: [[@LINE-2]]:17 load `v[prev]` addr=v + 4*carried(prev) spr=1 ideal=1 {{.*}} uniform
  out[t] = c;
  // CHECK: [[@LINE-1]]:3 store `out[t]` {{.*}} coalesced
  // After the loop it is unknown: lanes may leave at different counts.
  out[prev + t] = 0;
  // CHECK: [[@LINE-1]]:3 store `out[prev + t]` unknown: 'prev' is its value after a loop
}

// A uniform value plus the lane: coalesced. It may be changed from a value
// the loop moves by a step from a start every lane shares (q).
__global__ void uniformPlusLane(const float *in, float *out, int n) {
  int base = n, q = 2 * n;
  float s = 0;
  for (int k = 0; k < 4; ++k) {
    s += in[base + threadIdx.x];
    // CHECK: [[@LINE-1]]:10 load `in[base + threadIdx.x]` addr=in + 4*(threadIdx.x + carried(base)) spr=4 ideal=4 eff=1 coalesced depends carried(base)%8={{.*}}
    base = (base * 3 + q) % 1000;
    q += 32;
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

// Negative: changed from the lane, started at the lane, or changed under a
// branch on the lane: not uniform, unknown as before.
__global__ void laneCarried(const float *in, float *out, int n) {
  int a = n, b = threadIdx.x, c = n;
  float s = 0;
  for (int k = 0; k < 4; ++k) {
    a = (a * 3) % 1000 + threadIdx.x;
    b = (b * 3) % 1000;
    if (threadIdx.x & 1)
      c = (c * 3) % 1000;
    s += in[a] + in[b] + in[c];
    // CHECK: [[@LINE-1]]:10 load `in[a]` unknown: 'a' is changed inside a loop
    // CHECK: [[@LINE-2]]:18 load `in[b]` unknown: 'b' is changed inside a loop
    // CHECK: [[@LINE-3]]:26 load `in[c]` unknown: 'c' is changed inside a loop
  }
  // Changed from a variable the loop moves by a step from the lane.
  int p = threadIdx.x, e = n;
  for (int k = 0; k < 4; ++k) {
    s += in[e];
    // CHECK: [[@LINE-1]]:10 load `in[e]` unknown: 'e' is changed inside a loop
    e = (e * 3 + p) % 1000;
    p += 32;
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

// Negative: a continue on the lane can skip the change in some lanes.
// Positive: a value the warp loads at one place, from a start it shares,
// is the warp's in every iteration (test/lit/engine/uniform_chases.cu).
__global__ void skipped(const int *idx, const float *in, float *out, int n) {
  int a = n, d = n;
  float s = 0;
  for (int k = 0; k < 4; ++k) {
    s += in[a];
    // CHECK: [[@LINE-1]]:10 load `in[a]` unknown: 'a' is changed inside a loop
    if (threadIdx.x == k)
      continue;
    a = (a * 3) % 1000;
  }
  for (int k = 0; k < 4; ++k) {
    s += in[d];
    // CHECK: [[@LINE-1]]:10 load `in[d]` addr=in + 4*carried(d) spr=1 ideal=1 eff=0.125 uniform
    d = idx[d];
    // CHECK: [[@LINE-1]]:9 load `idx[d]` addr=idx + 4*carried(d) spr=1 ideal=1 eff=0.125 uniform
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

// Positive: a continue the whole warp takes together (its condition is
// the same in every lane: a value the warp loads at one place) skips the
// change in every lane or in none, so the value stays the warp's. The
// lanes that continue rejoin the others with the value they left with
// (Chai's RANSAC skips a model thread 0 rejected: 'if (model[0] ==
// -2011) continue;', its tasks claimed from a queue).
__global__ void skippedTogether(const int *idx, const float *in, float *out,
                                int n) {
  int a = n;
  float s = 0;
  for (int k = 0; k < 4; ++k) {
    s += in[a];
    // CHECK: [[@LINE-1]]:10 load `in[a]` addr=in + 4*carried(a) spr=1 ideal=1 eff=0.125 uniform
    if (idx[k] < 0)
      // CHECK: [[@LINE-1]]:9 load `idx[k]` {{.*}} uniform
      continue;
    a = (a * 3) % 1000;
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

int main() {
  skippedTogether<<<1, 256>>>(0, 0, 0, 5);
  shuffleRow<<<64, 32>>>(0, 1000, 7u);
  prevIndex<<<64, 256>>>(0, 0, 600);
  uniformPlusLane<<<1, 256>>>(0, 0, 5);
  laneCarried<<<1, 256>>>(0, 0, 5);
  skipped<<<1, 256>>>(0, 0, 0, 5);
}

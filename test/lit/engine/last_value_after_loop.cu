// A value each iteration sets anew without reading what the iteration before
// left ("last = s" in a loop doubling s, "row = 33 * i"): after the loop it
// is the last iteration's value, the count counted or, for a loop a
// geometric variable counts, searched with the launch's values; its value
// before the loop where the loop does not run.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

// s runs 1, 2, ..., 64 while below n = 100: last is 64, so the warp reads
// 65 floats in: misaligned, 5 sectors where 4 would do.
__global__ void lastStride(float *out, const float *in, int n) {
  int last = 0;
  for (int s = 1; s < n; s *= 2)
    last = s;
  out[blockIdx.x * 256 + threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x + last + 1];
  // CHECK: [[@LINE-1]]:3 store `out[blockIdx.x * 256 + threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:41 load `in[blockIdx.x * 256 + threadIdx.x + last + 1]` addr=in + 4*(threadIdx.x + 256*blockIdx.x + (0 < iterations(s) ? 1 << (iterations(s) - 1) : 0) + 1) spr=5 ideal=4 {{.*}} misaligned
}

// Four iterations counted: row is 99 after them, 396 bytes in.
__global__ void lastRow(float *out, const float *in) {
  int row = 0;
  for (int i = 0; i < 4; ++i)
    row = 33 * i;
  out[threadIdx.x] = in[threadIdx.x + row];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x + row]` addr=in + 4*(threadIdx.x + 99) spr=5 ideal=4 {{.*}} misaligned
}

// Negatives: set only where the data says, set before a break, set from
// its own value, and set in a loop whose count rests on a value the
// analyzer would merely assume (m: the host passes argc): its value after
// the loop stays unknown (the last, shift-by-assumed-value: the count, and
// so the shift, rests on m).
__global__ void setWhere(float *out, const float *in, const int *flags) {
  int last = 0;
  for (int i = 0; i < 8; ++i)
    if (flags[i])
      // CHECK: [[@LINE-1]]:9 load `flags[i]` {{.*}} uniform
      last = i;
  out[threadIdx.x] = in[threadIdx.x + last];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x + last]` unknown: 'last' is its value after a loop
}
__global__ void setThenLeft(float *out, const float *in, int k) {
  int last = 0;
  for (int i = 0; i < 8; ++i) {
    last = 3 * i;
    if (i == k)
      break;
  }
  out[threadIdx.x] = in[threadIdx.x + last];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x + last]` unknown: 'last' is its value after a loop
}
__global__ void fromItself(float *out, const float *in) {
  int last = 1;
  for (int i = 0; i < 8; ++i)
    last = 3 * last + i;
  out[threadIdx.x] = in[threadIdx.x + last];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x + last]` unknown: 'last' is its value after a loop
}

__global__ void countAssumed(float *out, const float *in, int m) {
  int last = 0;
  for (int s = 1; s < m; s *= 2)
    last = s;
  out[threadIdx.x] = in[threadIdx.x + last];
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:22 load `in[threadIdx.x + last]` unknown: the address is shifted by 'm', a value the analyzer did not see (--assume m=VALUE gives it)
}

int main(int argc, char **) {
  lastStride<<<64, 256>>>(0, 0, 100);
  lastRow<<<1, 32>>>(0, 0);
  setWhere<<<1, 32>>>(0, 0, 0);
  setThenLeft<<<1, 32>>>(0, 0, 3);
  fromItself<<<1, 32>>>(0, 0);
  countAssumed<<<1, 32>>>(0, 0, argc);
}

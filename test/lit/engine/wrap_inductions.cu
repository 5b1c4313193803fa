// A variable a loop moves by a constant and wraps by a constant, "s = (s +
// 16) & 4095" or "s = (s + c) % 8192", is followed per iteration: its start
// in the first, (start + c * i) wrapped after i iterations (a mask is taken
// to be one less than a power of two, the wrap-around such code means). A
// wrap by a launch argument the host gives is followed the same way. A mask
// "size - 1" of a size the analyzer merely assumed is the wrap-around of a
// power-of-two buffer: taken as wider than a warp's addresses, which it
// leaves as they are (the assumed 1048576 must not decide: with s = gid *
// group and group assumed too, it would fold the whole warp onto one
// address, Altis DeviceMemory's "(s + 16) & (size - 1)"). Any other mask or
// modulus by an assumed value stays unknown.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s | FileCheck %s --check-prefix=TEXT
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "text": "data[s]",
// JSON: "wide_masks": [
// JSON-NEXT: "size"

// Positive: lanes group * 4 bytes apart in every iteration.
__global__ void wrapRead(const float *data, float *out, int group, int repeat) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid * group;
  float sum = 0;
  for (int j = 0; j < repeat; ++j) {
    sum += data[(s + 0) & 4095];
    // CHECK: [[@LINE-1]]:12 load `data[(s + 0) & 4095]` addr={{.*}} spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
    sum += data[(s + 1) & 4095];
    // CHECK: [[@LINE-1]]:12 load `data[(s + 1) & 4095]` addr={{.*}} spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
    s = (s + 16) & 4095;
  }
  out[gid] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[gid]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}
// Positive: a modulus, the lanes stay consecutive.
__global__ void wrapMod(const float *data, float *out) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid;
  float sum = 0;
  for (int j = 0; j < 8; ++j) {
    sum += data[s];
    // CHECK: [[@LINE-1]]:12 load `data[s]` addr={{.*}} % 8192) spr=4 ideal=4 eff=1 coalesced
    s = (s + 256) % 8192;
  }
  out[gid] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[gid]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}
// Positive: the mask is a launch argument the host passes as a constant.
__global__ void wrapByLaunch(const float *data, float *out, int group, int size) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid * group;
  float sum = 0;
  for (int j = 0; j < 4; ++j) {
    sum += data[s];
    // CHECK: [[@LINE-1]]:12 load `data[s]` addr={{.*}}(size - 1) & ({{.*}} spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
    s = (s + 16) & (size - 1);
  }
  out[gid] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[gid]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}
// Positive: the same kernel launched with a size the host reads at run time:
// the mask is taken as wider than the warp's addresses, and the report says so.
__global__ void wrapByRuntime(const float *data, float *out, int group, int size) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid * group;
  float sum = 0;
  for (int j = 0; j < 4; ++j) {
    sum += data[s];
    // CHECK: [[@LINE-1]]:12 load `data[s]` addr={{.*}}(size - 1) & ({{.*}} spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
    // TEXT: wrap_inductions.cu:[[@LINE-2]]:12: note: lane address = {{.*}}, assuming group = 16, size is a power of two wider than a warp's addresses ("& (size - 1)" leaves them as they are)
    s = (s + 16) & (size - 1);
  }
  out[gid] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[gid]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}
// Positive: both the lane's place and the mask assumed (Altis DeviceMemory):
// lanes group apart, not one address for the warp.
__global__ void bothAssumed(const float *data, float *out, int group, int size,
                            int repeat) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid * group;
  float sum = 0;
  for (int j = 0; j < repeat; ++j) {
    sum += data[(s + 3) & (size - 1)];
    // CHECK: [[@LINE-1]]:12 load `data[(s + 3) & (size - 1)]` addr={{.*}} spr=32 ideal=4 eff=0.125 strided unless group == 1 FLAGGED coalescing-strided
    s = (s + 16) & (size - 1);
  }
  out[gid] = data[(gid * group) & (size - 1)];
  // CHECK: [[@LINE-1]]:3 store `out[gid]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:14 load `data[(gid * group) & (size - 1)]` addr={{.*}} spr=32 ideal=4 eff=0.125 strided unless group == 1 FLAGGED coalescing-strided
  out[gid + 1] = data[(gid + group) & (size - 1)];
  // CHECK: [[@LINE-1]]:3 store `out[gid + 1]` {{.*}} misaligned
  // CHECK: [[@LINE-2]]:18 load `data[(gid + group) & (size - 1)]` addr={{.*}} spr=4 ideal=4 eff=1 coalesced depends group%8=[4,5,5,5,5,5,5,5]
}
// Positive: the size is worked out from an assumed value (mergeSort's
// "i & (stride / SAMPLE_STRIDE - 1)"): the same wide mask.
__global__ void derivedSize(const float *data, float *out, int stride) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  out[gid] = data[(2 * threadIdx.x - (gid & (stride / 128 - 1))) * 128];
  // CHECK: [[@LINE-1]]:3 store `out[gid]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:14 load `data[{{.*}}]` addr={{.*}} spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
  // TEXT: wrap_inductions.cu:[[@LINE-3]]:14: note: lane address = {{.*}}, assuming stride / 128 is a power of two wider than a warp's addresses ("& (stride / 128 - 1)" leaves them as they are)
}
// Positive: a mask stepped by a value the loop does not change (Altis
// DeviceMemory's "s = (s + globalWorkSize * 16) & (size - 1)", a grid-stride
// walk of a power-of-two buffer): the whole warp moves alike, 16 * threads
// floats an iteration, and stays coalesced.
__global__ void strideWrap(const float *data, float *out, int threads,
                           int size, int repeat) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid;
  float sum = 0;
  for (int j = 0; j < repeat; ++j) {
    sum += data[s & (size - 1)];
    // CHECK: [[@LINE-1]]:12 load `data[s & (size - 1)]` addr={{.*}}16*iter(j)*threads{{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
    s = (s + threads * 16) & (size - 1);
  }
  out[gid] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[gid]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}
// Negative: the same step by a modulus (a negative sum would leave the
// range): unknown; by a value each lane loads for itself: the data's (a
// gather).
__global__ void strideNotWrap(const float *data, float *out, const int *step,
                              int threads, int size) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid, t = gid;
  float sum = 0;
  for (int j = 0; j < 8; ++j) {
    sum += data[s];
    // CHECK: [[@LINE-1]]:12 load `data[s]` unknown: 's' is changed inside a loop
    s = (s + threads) % size;
    sum += data[t];
    // CHECK: [[@LINE-1]]:12 load `data[t]` gather: depends on 'step[gid]', loaded from memory
    t = (t + step[gid]) & (size - 1);
    // CHECK: [[@LINE-1]]:14 load `step[gid]` {{.*}} coalesced
  }
  out[gid] = sum;
  // CHECK: [[@LINE-1]]:3 store `out[gid]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
}
// Negative: a step that changes, a wrap the loop changes, a modulus or a mask
// (not "n - 1") of an assumed value: unknown.
__global__ void notWrap(const float *data, float *out, int n, int m) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int s = gid;
  float sum = 0;
  for (int j = 0; j < 8; ++j) {
    sum += data[s];
    // CHECK: [[@LINE-1]]:12 load `data[s]` unknown: 's' is changed inside a loop
    s = (s + j) & (n - 1);
    n = n / 2;
  }
  for (int j = 0; j < 8; ++j) {
    sum += data[s];
    // CHECK: [[@LINE-1]]:12 load `data[s]` unknown: 's' is changed inside a loop
    s = (s + 16) % m;
  }
  for (int j = 0; j < 8; ++j) {
    sum += data[s];
    // CHECK: [[@LINE-1]]:12 load `data[s]` unknown: 's' is changed inside a loop
    s = (s + 16) & m;
  }
  out[gid] = sum + data[gid & m];
  // CHECK: [[@LINE-1]]:3 store `out[gid]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:20 load `data[gid & m]` unknown: the address is masked by 'm', a value the analyzer did not see
}

int main(int argc, char **argv) {
  wrapRead<<<64, 256>>>(0, 0, 16, 4);
  wrapMod<<<64, 256>>>(0, 0);
  notWrap<<<64, 256>>>(0, 0, 1 << 20, argc << 20);
  wrapByLaunch<<<64, 256>>>(0, 0, 16, 4096);
  wrapByRuntime<<<64, 256>>>(0, 0, 16, argc << 12);
  bothAssumed<<<64, 256>>>(0, 0, argc, argc << 12, argc);
  derivedSize<<<64, 256>>>(0, 0, argc);
  strideWrap<<<64, 256>>>(0, 0, 64 * 256, argc << 12, argc);
  strideNotWrap<<<64, 256>>>(0, 0, 0, 64 * 256, argc << 12);
}

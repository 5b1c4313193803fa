// A launch inside a host function that a host loop calls: the launch's
// first run, the one a profiler measures, is in the caller's first
// iteration, so a value the caller passes from its loop is the loop's first
// one (a block size from "for (j...) block_sizes[j]", a stride from
// "for (s = 2; ...)"), through any depth of host calls, when that iteration
// makes the call (the rules of host_loops.cu: the loops' conditions hold,
// the ifs take the call's branch, no jump comes first). sizeof(a) /
// sizeof(a[0]) as the bound reads no element of a. Otherwise the value stays
// assumed: the block computed at run time (block=), the stride 1048576.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT

// blockDim.x = 32, the first of block_sizes: lanes 8 floats apart.
__global__ void perBlock(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * (256 / blockDim.x)];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided FLAGGED coalescing-strided
}
void launchPerBlock(const float *in, float *out, int n, const int block_size) {
  perBlock<<<(n + block_size - 1) / block_size, block_size>>>(in, out);
}
void dispatch(int version, const float *in, float *out, int n, int block_size) {
  switch (version) {
  case 1:
    launchPerBlock(in, out, n, block_size);
    break;
  }
}

// s = 2, the loop's first value.
__global__ void stepped(const float *in, float *out, int s) {
  out[threadIdx.x] = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  // TEXT: note: lane address = in + 4*threadIdx.x*s, assuming s = 2 (the first launch of a host loop)
}
void launchStepped(const float *in, float *out, int s) {
  stepped<<<64, 256>>>(in, out, s);
}

// Negatives: the caller's first iteration makes no call, and a loop bound
// by the run's arguments.
__global__ void laterBlock(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * (256 / blockDim.x)];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced block=
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=4 ideal=4 eff=1 coalesced block=
}
void launchLaterBlock(const float *in, float *out, int n, int block_size) {
  laterBlock<<<(n + block_size - 1) / block_size, block_size>>>(in, out);
}
__global__ void runtimeStep(const float *in, float *out, int s) {
  out[threadIdx.x] = in[threadIdx.x * s];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless s == 1 FLAGGED coalescing-strided
}
void launchRuntimeStep(const float *in, float *out, int s) {
  runtimeStep<<<64, 256>>>(in, out, s);
}

int main(int argc, char **argv) {
  float *in, *out;
  int n = 1 << 20;
  int version = 1;
  int block_sizes[] = {32, 64, 128, 256, 512, 1024};
  for (int j = 0; j < sizeof(block_sizes) / sizeof(int); j++) {
    int block_size = block_sizes[j];
    dispatch(version, in, out, n, block_size);
  }
  for (int s = 2; s <= 16; s *= 2)
    launchStepped(in, out, s);
  for (int j = 0; j < 6; j++)
    if (j > 0)
      launchLaterBlock(in, out, n, block_sizes[j]);
  for (int s = 2; s <= argc; s *= 2)
    launchRuntimeStep(in, out, s);
}

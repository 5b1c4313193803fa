// The launches from device code are read from the tokens before the parse
// and rewritten at once, so that a file holding some is parsed once
// (lib/Frontend/DeviceLaunches.h). The tokens can be wrong both ways; the
// report must not be.
// RUN: %exitcode %coalesce %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s

__global__ void child(float *a, int n) {
  a[threadIdx.x * n] = 0;
  // The host's launch below gives n = 3: a rewrite of that launch would
  // leave n unknown.
  // CHECK: [[@LINE-3]]:3 store `a[threadIdx.x * n]` {{.*}} spr=12 ideal=4 eff=0.3333 strided FLAGGED coalescing-strided{{$}}
}

// A device function the tokens do not show (a macro spells __device__):
// clang rejects the launch, and the mode repairs it as before.
#define DEVICE __device__
DEVICE void spawn(float *a) { child<<<1, 32>>>(a, 2); }

// A host function the tokens take for a device one (the preprocessor drops
// the line that says so): the parse finds the launch in host code, and the
// file is parsed as written.
#if 0
__device__
#endif
void host_launch(float *a) {
  child<<<1, 32>>>(a, 3);
}

// ON: cuda-coalesce: note: parsed as nvcc does: device-launch ({{.*}}device-launch-tokens.cu)
// ON: cuda-coalesce: 1 file, 1 kernel, 1 global access, 1 flagged
// ON: exit: 1

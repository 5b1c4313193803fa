// A launch argument that is a parameter of the host function that
// launches takes the value every call of that function in the translation
// unit passes, when they agree (PolyBench's convolution3DCuda(ni, nj, nk,
// ...) called from main with NI, NJ, NK), through more than one level. A
// parameter written before the launch, one whose callers disagree (a
// recursive function's), and one with no caller in the file stay assumed
// (1048576: 32 sectors, "unless stride == 1").
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void told(const float *in, float *out, int stride) {
  out[threadIdx.x] = in[threadIdx.x * stride];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}

__global__ void twoLevels(const float *in, float *out, int stride) {
  out[threadIdx.x] = in[threadIdx.x * stride];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
}

__global__ void disagree(const float *in, float *out, int stride) {
  out[threadIdx.x] = in[threadIdx.x * stride];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless stride == 1 FLAGGED coalescing-strided
}

__global__ void rewritten(const float *in, float *out, int stride) {
  out[threadIdx.x] = in[threadIdx.x * stride];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless stride == 1 FLAGGED coalescing-strided
}

__global__ void uncalled(const float *in, float *out, int stride) {
  out[threadIdx.x] = in[threadIdx.x * stride];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless stride == 1 FLAGGED coalescing-strided
}

// A recursive host function passes its parameter on changed: no one value.
__global__ void recursive(const float *in, float *out, int stride) {
  out[threadIdx.x] = in[threadIdx.x * stride];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:22 load {{.*}} spr=32 ideal=4 eff=0.125 strided unless stride == 1 FLAGGED coalescing-strided
}

void launchRecursive(const float *in, float *out, int n) {
  recursive<<<1, 32>>>(in, out, n);
  if (n > 1) {
    launchRecursive(in, out, n - 1);
    launchRecursive(in, out, n - 2);
  }
}

void launchTold(const float *in, float *out, int stride) {
  told<<<1, 32>>>(in, out, stride);
}

void launchInner(const float *in, float *out, int s) {
  twoLevels<<<1, 32>>>(in, out, s);
}
void launchOuter(const float *in, float *out, int n) {
  launchInner(in, out, n * 2);
}

void launchDisagree(const float *in, float *out, int stride) {
  disagree<<<1, 32>>>(in, out, stride);
}

void launchRewritten(const float *in, float *out, int stride) {
  stride *= 2;
  rewritten<<<1, 32>>>(in, out, stride);
}

void launchUncalled(const float *in, float *out, int stride) {
  uncalled<<<1, 32>>>(in, out, stride);
}

int main() {
  float *in = nullptr, *out = nullptr;
  launchTold(in, out, 2);
  launchOuter(in, out, 2);
  launchDisagree(in, out, 2);
  launchDisagree(in, out, 4);
  launchRewritten(in, out, 1);
  launchRecursive(in, out, 4);
  return 0;
}

// A launch's grid computed by a host helper of one return statement
// ("ceil_div(n, block)", cuda-samples' "iDivUp"): the helper's expression
// with the arguments' values. A helper that reads a local of its own is
// not followed (the local would be read at the launch), and the grid
// stays assumed.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=NOTE

template <class T> T ceil_div(T a, T b) { return (a + b - 1) / b; }
int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }
int twiceOver(int a, int b) {
  int s = 2;
  return a * s / b;
}

// One block: the columns are one float apart.
__global__ void columnsA(float *out) {
  out[threadIdx.x * gridDim.x + blockIdx.x] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * gridDim.x + blockIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// Two blocks: two floats apart.
__global__ void columnsB(float *out) {
  out[threadIdx.x * gridDim.x + blockIdx.x] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * gridDim.x + blockIdx.x]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // NOTE: launch_helpers.cu:[[@LINE-2]]:3: note: lane address = out + 4*(threadIdx.x*gridDim.x + blockIdx.x), assuming gridDim.x = 2{{$}}
}

// Negative: not followed, the default grid is assumed.
__global__ void columnsC(float *out) {
  out[threadIdx.x * gridDim.x + blockIdx.x] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x * gridDim.x + blockIdx.x]` {{.*}} spr=32 ideal=4 eff=0.125 strided unless gridDim.x == 1 FLAGGED coalescing-strided{{$}}
  // NOTE: launch_helpers.cu:[[@LINE-2]]:3: note: lane address = out + 4*(threadIdx.x*gridDim.x + blockIdx.x), assuming gridDim.x = 128{{$}}
}

int main() {
  float *out;
  columnsA<<<ceil_div(100, 256), 256>>>(out);
  columnsB<<<iDivUp(300, 256), 256>>>(out);
  columnsC<<<twiceOver(100, 256), 256>>>(out);
}

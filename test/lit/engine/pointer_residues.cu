// A pointer argument the launch passes past the start of the buffer it was
// allocated as (`a + padding`, FDTD3d's halo: the interior then starts on a
// 128-byte line) puts the lanes that far past where every base is taken to
// start (a multiple of 256 bytes, cudaMalloc's alignment). The launch's
// arithmetic is followed through locals, casts and `&buf[k]`; the report
// names the residue as an assumption of the launch.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %coalesce %s | FileCheck %s --check-prefix=TEXT

#include <cuda_runtime.h>

// Positive: the halo of 4 floats past a 28-float pad is aligned; the same
// kernel read from the buffer's start would be misaligned.
__global__ void halo(float *out, const float *in) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x + 4] = in[x + 4];
  // CHECK: [[@LINE-1]]:3 store `out[x + 4]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned{{$}}
  // CHECK: [[@LINE-2]]:16 load `in[x + 4]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// Positive: a row of 2 doubles past the start, then a stride: each lane's
// element starts 16 bytes into its own sector pair.
__global__ void strided(double *out, const double *in) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x] = in[3 * x];
  // CHECK: [[@LINE-1]]:3 store `out[x]` {{.*}} spr=8 ideal=8 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[3 * x]` {{.*}} spr=24 ideal=8 eff=0.3333 strided FLAGGED coalescing-strided{{$}}
}
// TEXT: pointer_residues.cu:[[@LINE-4]]:12: warning: strided load
// TEXT: note: {{.*}}in % 256 = 16{{.*}}

// Negative: a pointer the host loop steps (first pass unknown), an offset
// the launch cannot evaluate and a whole number of 256-byte blocks leave
// each base where every base is taken to start: no residue is assumed.
__global__ void plain(float *out, const float *in, const float *far) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * x] = in[2 * x] + far[2 * x];
  // CHECK: [[@LINE-1]]:3 store `out[2 * x]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-2]]:16 load `in[2 * x]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-3]]:28 load `far[2 * x]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
}
// TEXT: pointer_residues.cu:[[@LINE-5]]:3: warning: strided store
// TEXT: note: lane address = out + 8*(threadIdx.x + 256*blockIdx.x){{$}}

void run(int radius, int steps, int unknown) {
  float *a, *b;
  double *d;
  cudaMalloc((void **)&a, 1 << 20);
  cudaMalloc((void **)&b, 1 << 20);
  cudaMalloc((void **)&d, 1 << 20);
  const int padding = 128 / sizeof(float) - radius;
  float *src = a + padding;
  halo<<<8, 256>>>(b + 1, src);
  strided<<<8, 256>>>(d, (double *)&d[2]);
  float *p = a;
  for (int i = 0; i < unknown; ++i) {
    plain<<<8, 256>>>(b + 64 * steps, p, a + unknown);
    p += 3;
  }
}
int main(int argc, char **) { run(4, 2, argc); }

// The three residues, in the report's order, and no other.
// JSON: "out % 256": 4
// JSON: "in % 256": 112
// JSON: "in % 256": 16
// JSON-NOT: % 256":

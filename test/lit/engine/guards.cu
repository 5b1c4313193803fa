// Each guard on the path decides lanes on its own: one that cannot be
// evaluated (or compares against an assumed value) does not hide a guard on
// threadIdx inside it. Branches in an inlined function that write the
// caller's variable through a reference merge like any other branch.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__device__ void mirror(int &d, int size) {
  if (d >= size)
    d = 2 * size - 2 - d;
  else if (d < 0)
    d = -d;
}

__global__ void halo(const float *in, float *out, int sx, int sy) {
  float v = 0.0f;
  bool atBottom = (blockIdx.y + 1) * 6 + 3 >= sy;
  if (atBottom) {
    if (threadIdx.x < 7) {
      int c = threadIdx.x + (threadIdx.x < 3 ? 64 : -7);
      v = in[c + 64 * blockIdx.x + 1];
      // CHECK: [[@LINE-1]]:11 load `in[c + 64 * blockIdx.x + 1]` addr=in + 4*(threadIdx.x + (threadIdx.x < 3 ? 64 : -7) + 64*blockIdx.x + 1) spr=3 ideal=1 eff=0.2917 strided
    }
  }
  int fx = blockIdx.x * 64 + threadIdx.x;
  mirror(fx, sx);
  out[fx] = v;
  // CHECK: [[@LINE-1]]:3 store `out[fx]` addr=out + 4*(sx <= threadIdx.x + 64*blockIdx.x ? -threadIdx.x - 64*blockIdx.x + 2*sx - 2 : (threadIdx.x + 64*blockIdx.x < 0 ? -threadIdx.x - 64*blockIdx.x : threadIdx.x + 64*blockIdx.x)) spr=4.8125 ideal=4 eff=0.8263 warps=4..5/4 strided
}

int main() {
  float *a;
  halo<<<10, 64>>>(a, a, 100, 50);
}

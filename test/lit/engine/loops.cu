// for/while/do loops: induction variables and their step, grid-stride loops,
// per-thread ranges, pointer induction, variables changed in a loop.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void gridStride(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
    // CHECK: [[@LINE-1]]:5 store `out[i]` addr=out + 4*(threadIdx.x + 256*blockIdx.x + 256*iter(i)*gridDim.x) spr=4 ideal=4 eff=1 coalesced
    // CHECK: [[@LINE-2]]:14 load `in[i]` addr=in + 4*(threadIdx.x + 256*blockIdx.x + 256*iter(i)*gridDim.x) spr=4 ideal=4 eff=1 coalesced
}

__global__ void perThread(const float *in, float *out, int per) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * per; k < (t + 1) * per; ++k)
    out[k] = in[k];
    // CHECK: [[@LINE-1]]:5 store `out[k]` addr=out + 4*(threadIdx.x*per + 256*blockIdx.x*per + iter(k)) spr=32 ideal=4 eff=0.125 chunked FLAGGED coalescing-chunked
    // CHECK: [[@LINE-2]]:14 load `in[k]` addr=in + 4*(threadIdx.x*per + 256*blockIdx.x*per + iter(k)) spr=32 ideal=4 eff=0.125 chunked FLAGGED coalescing-chunked
}

__global__ void whileLoop(const double *in, double *out, int n) {
  int i = threadIdx.x;
  while (i < n) {
    out[i] = in[2 * i];
    // CHECK: [[@LINE-1]]:5 store `out[i]` addr=out + 8*(threadIdx.x + 32*iter(i)) spr=8 ideal=8 eff=1 coalesced
    // CHECK: [[@LINE-2]]:14 load `in[2 * i]` addr=in + 16*(threadIdx.x + 32*iter(i)) spr=16 ideal=8 eff=0.5 strided FLAGGED coalescing-strided
    i += 32;
  }
}

__global__ void doLoop(const float *in, float *out) {
  const float *p = in + threadIdx.x * 16;
  int k = 0;
  do {
    out[threadIdx.x] += *p;
    // CHECK: [[@LINE-1]]:5 load+store `out[threadIdx.x]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
    // CHECK: [[@LINE-2]]:25 load `*p` addr=in + 4*(16*threadIdx.x + iter(p)) spr=32 ideal=4 eff=0.125 chunked FLAGGED coalescing-chunked
    ++p;
    ++k;
  } while (k < 16);
}

__global__ void nested(const float *a, float *c, int n) {
  int row = blockIdx.y;
  for (int j = 0; j < n; j += 32)
    for (int k = 0; k < 4; ++k)
      c[row * n + j + threadIdx.x] += a[(j + threadIdx.x) * n + k];
      // CHECK: [[@LINE-1]]:7 load+store `c[row * n + j + threadIdx.x]` addr=c + 4*(threadIdx.x + blockIdx.y*n + 32*iter(j)) spr=4 ideal=4 eff=1 coalesced
      // CHECK: [[@LINE-2]]:39 load `a[(j + threadIdx.x) * n + k]` addr=a + 4*(threadIdx.x*n + iter(k) + 32*iter(j)*n) spr=32 ideal=4 eff=0.125 chunked FLAGGED coalescing-chunked
}

// A step that doubles is a geometric induction (geometric_inductions.cu):
// each sampled iteration has its own lane stride.
__global__ void unknownStep(float *a, int n) {
  int s = 1;
  for (int i = 0; i < 8; ++i) {
    a[threadIdx.x * s] = 0.0f;
    // CHECK: [[@LINE-1]]:5 store `a[threadIdx.x * s]` {{.*}} spr=23.5 ideal=4 {{.*}} strided FLAGGED coalescing-strided
    s *= 2;
  }
}

int main() {
  float *a, *b;
  double *d;
  gridStride<<<1024, 256>>>(a, b, 1 << 20);
  perThread<<<64, 256>>>(a, b, 32);
  whileLoop<<<1, 32>>>(d, d, 1024);
  doLoop<<<1, 32>>>(a, b);
  nested<<<dim3(1, 64), 32>>>(a, b, 2048);
  unknownStep<<<1, 32>>>(a, 64);
}

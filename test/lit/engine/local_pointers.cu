// Pointers to local variables: the local itself (registers or local
// memory), never a global access.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

struct V { float x, y; };
struct Pos { int row, col; };

__device__ void norm(V *v) {
  float l = v->x * v->x + v->y * v->y;
  v->x /= l;
  v->y /= l;
}

__device__ void place(Pos *p) { p->col = threadIdx.x; p->row = blockIdx.x; }
__device__ void inner(int *c) { *c = threadIdx.x * 2; }
__device__ void outer(int *c) { inner(c); }
__device__ void publish(float **slot, float *v) { *slot = v; }
// CHECK: [[@LINE-1]]:51 store `*slot` addr=slots + 8*blockIdx.x spr=1 ideal=1 eff=0.25 uniform

__global__ void locals(float *o, float **slots, int n) {
  V v;
  v.x = threadIdx.x;
  v.y = 1.f;
  norm(&v);
  o[blockIdx.x * blockDim.x + threadIdx.x] = v.x;
  // CHECK: [[@LINE-1]]:3 store `o[blockIdx.x * blockDim.x + threadIdx.x]` addr=o + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  Pos p;
  place(&p);
  o[p.row * 256 + p.col] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `o[p.row * 256 + p.col]` addr=o + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  int c;
  outer(&c);
  o[c] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `o[c]` addr=o + 8*threadIdx.x spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
  float buf[8];
  float *q = buf;
  q[n & 7] = 2.f;
  o[threadIdx.x] = q[3] + buf[n & 7];
  // CHECK: [[@LINE-1]]:3 store `o[threadIdx.x]` addr=o + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
  int *pc = &p.col;
  *pc += 1;
  o[p.col] = 3.f;
  // CHECK: [[@LINE-1]]:3 store `o[p.col]` addr=o + 4*(threadIdx.x + 1) spr=5 ideal=4 eff=0.8 misaligned
  float w = 0.f;
  publish(&slots[blockIdx.x], &w);
  int cnt = 0;
  int *pcnt = &cnt;
  for (int k = 0; k < n; ++k) {
    (*pcnt)++;
    o[cnt + threadIdx.x] = 5.f;
    // CHECK: [[@LINE-1]]:5 store `o[cnt + threadIdx.x]` unknown: 'cnt' is changed through a pointer inside a loop
  }
  o[cnt] = 4.f;
  // CHECK: [[@LINE-1]]:3 store `o[cnt]` unknown: 'cnt' is its value after a loop
}

// A loop that writes only through a kernel's pointer keeps a local whose
// address was taken.
__global__ void kept(float *o, int n) {
  int c = threadIdx.x;
  int *pc = &c;
  for (int k = 0; k < n; ++k)
    o[c + k * 256] = 1.f;
    // CHECK: [[@LINE-1]]:5 store `o[c + k * 256]` addr=o + 4*(threadIdx.x + 256*iter(k)) spr=4 ideal=4 eff=1 coalesced
  *pc = 3;
}

int main() {
  locals<<<64, 256>>>(0, 0, 16);
  kept<<<64, 256>>>(0, 16);
}

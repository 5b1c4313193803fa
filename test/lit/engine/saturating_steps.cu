// A value a loop moves by a step only while it differs from a bound the
// loop does not change stops at the bound: Rodinia dwt2d's checked writer,
// "if (next != end) { out[next] = v; next += stride; }", called once an
// iteration. In iteration k it holds start + stride * min(k, K), K the
// whole steps from start to the bound (when there are such); the access
// under the guard is off in the lanes that got there.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

template <bool CHECKED> struct Writer {
  int end, stride, next;
  __device__ void init(int sizeX, int sizeY, int x, int y) {
    stride = sizeX;
    end = sizeX * sizeY + x;
    next = y * sizeX + x;
  }
  __device__ void writeInto(float *out, float v) {
    if (!CHECKED || next != end) {
      out[next] = v;
      next += stride;
    }
  }
};

// Positive: a column per lane, a row per iteration: coalesced.
__global__ void rows(float *out, int sizeX, int sizeY) {
  Writer<true> w;
  w.init(sizeX, sizeY, blockIdx.x * 64 + threadIdx.x, blockIdx.y * 8);
  for (int i = 0; i < 8; ++i)
    w.writeInto(out, 1.f);
}
// CHECK: 18:7 store `out[next]` addr=out + 4*(threadIdx.x + 64*blockIdx.x + 8*blockIdx.y*sizeX + sizeX*({{.*}} ? min(iter(i), {{.*}}) : iter(i))) spr=4 ideal=4 eff=1 coalesced

// Positive: a plain variable, each lane its own row of 64 floats (chunked),
// stopped at the row's end.
__global__ void ownRow(float *out, int n) {
  int at = threadIdx.x * 64, stop = threadIdx.x * 64 + n;
  for (int i = 0; i < 16; ++i)
    if (at != stop) {
      out[at] = 0.f;
      at += 1;
    }
}
// CHECK: [[@LINE-4]]:7 store `out[at]` {{.*}} spr=32 ideal=4 eff=0.125 {{.*}}chunked

// Negative: a bound the loop moves is no bound.
__global__ void movingBound(float *out, int n) {
  int at = threadIdx.x, stop = n;
  for (int i = 0; i < 16; ++i) {
    if (at != stop) {
      out[at] = 0.f;
      at += 32;
    }
    stop += 1;
  }
}
// CHECK: [[@LINE-6]]:7 store `out[at]` unknown: 'at' is changed inside a loop

// Negative: a step under another comparison is not followed.
__global__ void lessThan(float *out, int n) {
  int at = threadIdx.x;
  for (int i = 0; i < 16; ++i)
    if (at < n) {
      out[at] = 0.f;
      at += 32;
    }
}
// CHECK: [[@LINE-4]]:7 store `out[at]` unknown: 'at' is changed inside a loop

int main() {
  float *p;
  rows<<<dim3(16, 16), 64>>>(p, 1024, 128);
  ownRow<<<1, 32>>>(p, 64);
  movingBound<<<1, 32>>>(p, 64);
  lessThan<<<1, 32>>>(p, 64);
}

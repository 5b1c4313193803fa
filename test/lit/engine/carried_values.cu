// Values a loop writes that each iteration carries to the next in a way the
// analyzer follows, found by walking the body once ahead: a struct member
// moved by a fixed step inside a member function (a row loader's
// "last += stride"), a variable set back at the end of every iteration
// (lavaMD's "wtx = tx"), a variable stepped through a reference parameter.
// Members the loop does not write keep their values. Anything else the
// loop writes, through members and references included, is unknown inside
// it and after it.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

struct Loader {
  int last, stride;
  __device__ void init(int first, int s) { last = first - s; stride = s; }
  __device__ float next(const float *in) {
    last += stride;
    return in[last];
    // CHECK: [[@LINE-1]]:12 load `in[last]` addr=in + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(r)*width) spr=4 ideal=4 eff=1 coalesced depends width%8=
    // CHECK: [[@LINE-2]]:12 load `in[last]` addr=in + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(r)*dims[0]) spr=4 ideal=4 eff=1 coalesced depends dims[0]%8=
    // CHECK: [[@LINE-3]]:12 load `in[last]` unknown: 'l.last' is changed inside a loop
  }
};

// Each lane a column, each iteration a row (the first load is at the
// lane's column, row 0); after the loop the loader is at row 7. The
// loop's update of the float s calls next(), which must not move the
// loader twice.
__global__ void columns(const float *in, float *out, int width) {
  Loader l;
  l.init(blockIdx.x * blockDim.x + threadIdx.x, width);
  float s = 0;
  for (int r = 0; r < 8; ++r)
    s += l.next(in);
  out[l.last] = s;
  // CHECK: [[@LINE-1]]:3 store `out[l.last]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x + 7*width) spr=4 ideal=4 eff=1 coalesced depends width%8=
}

// The step read from memory before the loop, by every lane at one address:
// the same in every iteration.
__global__ void loadedStep(const float *in, float *out, const int *dims) {
  Loader l;
  l.init(blockIdx.x * blockDim.x + threadIdx.x, dims[0]);
  // CHECK: [[@LINE-1]]:49 load `dims[0]` addr=dims spr=1 ideal=1 eff=0.125 uniform
  float s = 0;
  for (int r = 0; r < 8; ++r)
    s += l.next(in);
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
}

// The index is set back at the end of every iteration of the outer loop.
__global__ void setBack(const float *in, float *out, int boxes) {
  int tx = threadIdx.x;
  int w = tx;
  for (int k = 0; k < boxes; ++k) {
    while (w < 128) {
      out[k * 128 + w] = in[k * 128 + w];
      // CHECK: [[@LINE-1]]:7 store `out[k * 128 + w]` addr=out + 4*(threadIdx.x + 128*iter(k) + 32*iter(w)) spr=4 ideal=4 eff=1 coalesced
      // CHECK: [[@LINE-2]]:26 load `in[k * 128 + w]` addr=in + 4*(threadIdx.x + 128*iter(k) + 32*iter(w)) spr=4 ideal=4 eff=1 coalesced
      w = w + 32;
    }
    w = tx;
  }
  out[w] = 0;
  // CHECK: [[@LINE-1]]:3 store `out[w]` addr=out + 4*threadIdx.x spr=4 ideal=4 eff=1 coalesced
}

__device__ void advance(int &i, int by) { i += by; }

// A step taken through a reference parameter: each thread walks 4 floats.
__global__ void stepped(const float *in, float *out, int n) {
  int i = threadIdx.x * 4;
  for (int k = 0; k < n; ++k) {
    out[i] = in[i];
    // CHECK: [[@LINE-1]]:5 store `out[i]` addr=out + 4*(4*threadIdx.x + iter(k)) spr=16.5 ideal=4 eff=0.2424 warps=16..17/16 chunked FLAGGED coalescing-chunked
    // CHECK: [[@LINE-2]]:14 load `in[i]` addr=in + 4*(4*threadIdx.x + iter(k)) spr=16.5 ideal=4 eff=0.2424 warps=16..17/16 chunked FLAGGED coalescing-chunked
    advance(i, 1);
  }
}

// A member the loop does not write keeps its value while another changes.
struct Tile { int base; int seen; };
__global__ void untouched(const int *flags, float *out, int n) {
  Tile t;
  t.base = blockIdx.x * blockDim.x + threadIdx.x;
  t.seen = 0;
  for (int k = 0; k < n; ++k) {
    t.seen += flags[k];
    // CHECK: [[@LINE-1]]:15 load `flags[k]` {{.*}} uniform
    out[t.base + k * 4096] = 1.0f;
    // CHECK: [[@LINE-1]]:5 store `out[t.base + k * 4096]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x + 4096*iter(k)) spr=4 ideal=4 eff=1 coalesced
  }
}

// Not followed: the loader moved in a loop inside the loop. The outer loop
// is walked ahead without walking the inner one (whose writes are then
// unknown), so its position at each outer iteration is unknown.
__device__ void window(const float *in, float *out, Loader &l) {
  for (int i = 0; i < 8; ++i)
    out[i * 4096 + threadIdx.x] = l.next(in);
    // CHECK: [[@LINE-1]]:5 store `out[i * 4096 + threadIdx.x]` addr=out + 4*(threadIdx.x + 4096*iter(i)) spr=4 ideal=4 eff=1 coalesced
}
__global__ void windows(const float *in, float *out, int width, int steps) {
  Loader l;
  l.init(blockIdx.x * blockDim.x + threadIdx.x, width);
  for (int w = 0; w < steps; ++w)
    window(in, out, l);
}

// Negative: a pointer chase through a member and through a reference is
// not a step: not the first iteration's coalesced address. The index a
// lane chases is the data's inside the loop and after it (a gather).
struct Chase { int at; };
__device__ void hop(Chase &c, const int *next) { c.at = next[c.at]; }
// CHECK: [[@LINE-1]]:57 load `next[c.at]` gather: depends on 'next[c.at]', loaded from memory
__device__ int follow(Chase &c, const int *next, int steps) {
  for (int k = 0; k < steps; ++k)
    hop(c, next);
  return c.at;
}
__global__ void chaseMember(const int *next, int *out, int steps) {
  Chase c;
  c.at = blockIdx.x * blockDim.x + threadIdx.x;
  out[follow(c, next, steps)] = 1;
  // CHECK: [[@LINE-1]]:3 store `out[follow(c, next, steps)]` gather: depends on 'next[c.at]', loaded from memory
}
__device__ void hopIndex(int &at, const int *next) { at = next[at]; }
// CHECK: [[@LINE-1]]:59 load `next[at]` gather: depends on 'next[at]', loaded from memory
__global__ void chaseReference(const int *next, int steps) {
  int at = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < steps; ++k)
    hopIndex(at, next);
}

// Negative: a loader that turns back at an edge has no fixed step.
struct Mirror {
  int last, stride, end;
  __device__ float next(const float *in) {
    last += stride;
    if (last == end) {
      last -= 2 * stride;
      stride = -stride;
    }
    return in[last];
    // CHECK: [[@LINE-1]]:12 load `in[last]` unknown: 'm.last' is changed inside a loop
  }
};
__global__ void mirrored(const float *in, float *out, int width, int rows) {
  Mirror m;
  m.last = blockIdx.x * blockDim.x + threadIdx.x - width;
  m.stride = width;
  m.end = rows * width;
  float s = 0;
  for (int r = 0; r < 8; ++r)
    s += m.next(in);
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced
}

// Negative: set back on some iterations only. Moved by a step read from
// memory that changes with the iteration but that the whole warp reads
// alike, the lanes keep their pattern, shifted by an amount the warp
// shares (carried(v)).
__global__ void sometimes(const float *in, float *out, const int *steps, int n) {
  int tx = threadIdx.x;
  int w = tx, v = tx;
  for (int k = 0; k < n; ++k) {
    out[w] = in[v];
    // CHECK: [[@LINE-1]]:5 store `out[w]` unknown: 'w' is changed inside a loop
    // CHECK: [[@LINE-2]]:14 load `in[v]` addr=in + 4*(threadIdx.x + carried(v)) {{.*}} coalesced
    w += 32;
    if (k % 2)
      w = tx;
    v += steps[k];
    // CHECK: [[@LINE-1]]:10 load `steps[k]` {{.*}} uniform
  }
}

// Moved by a loop inside whose count changes from one iteration to the
// next (k of them): no step, but the same move in every lane, so a shift
// the warp shares (shifted_values.cu).
__global__ void innerCount(const float *in, float *out, int n) {
  int p = threadIdx.x;
  for (int k = 0; k < n; ++k) {
    out[p] = in[p];
    // CHECK: [[@LINE-1]]:5 store `out[p]` addr=out + 4*(threadIdx.x + 32*carried(p)) spr=4 ideal=4 eff=1 coalesced
    // CHECK: [[@LINE-2]]:14 load `in[p]` addr=in + 4*(threadIdx.x + 32*carried(p)) spr=4 ideal=4 eff=1 coalesced
    for (int j = 0; j < k; ++j)
      p += 32;
  }
}

// Negative: set back, but the loop can be left half way through.
__global__ void leftEarly(float *out, const int *stop, int n) {
  int tx = threadIdx.x;
  int w = tx;
  for (int k = 0; k < n; ++k) {
    w += 32;
    if (stop[k])
      break;
    // CHECK: [[@LINE-2]]:9 load `stop[k]` {{.*}} uniform
    w = tx;
  }
  out[w] = 0;
  // CHECK: [[@LINE-1]]:3 store `out[w]` unknown: 'w' is its value after a loop
}

// Negative: a lane that continues in some iterations (its data's, read
// anew each time) skips the step after it then, so the lanes' columns
// drift apart: no step for "col" (its for-increment "r" keeps one).
__global__ void skippedStep(const float *in, float *out, int n) {
  int col = threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    if (in[r * 32 + threadIdx.x] > 0.f)
      // CHECK: [[@LINE-1]]:9 load `in[r * 32 + threadIdx.x]` {{.*}} coalesced
      continue;
    col += 64;
    s += in[col] + in[r];
    // CHECK: [[@LINE-1]]:10 load `in[col]` unknown: 'col' is changed inside a loop
    // CHECK: [[@LINE-2]]:20 load `in[r]` addr=in + 4*iter(r) {{.*}} uniform
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

// Positive: a continue whose condition is the same in every iteration (it
// reads nothing the loop changes, and the loop writes no memory): a lane
// takes it always, never reaching the load, or never, having stepped every
// time. The step stands (H100, cuda_bench/probes/shifts53.cu).
__global__ void skippedAlways(const float *in, const float *flag, float *out,
                              int n) {
  int col = threadIdx.x;
  float s = 0.f;
  for (int r = 0; r < n; ++r) {
    if (flag[threadIdx.x] > 0.f)
      // CHECK: [[@LINE-1]]:9 load `flag[threadIdx.x]` {{.*}} coalesced
      continue;
    col += 64;
    s += in[col];
    // CHECK: [[@LINE-1]]:10 load `in[col]` addr=in + 4*(threadIdx.x + 64*iter(r) + 64) spr=4 ideal=4 eff=1 coalesced
  }
  out[threadIdx.x] = s;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

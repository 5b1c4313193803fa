// Loops whose position lives somewhere the loop statement does not name:
// a cursor in a struct that calls move through a pointer ("for (i =
// first(&p); more(&p); i = next(&p))", a static partitioner of tasks over
// blocks), and a chunk of a queue the block claims each iteration and
// every lane reloads from one place ("my_base = *base"). A lane's own
// value replaced by another it loads stays data (a gather).
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

struct Part {
  int n;
  int cut;
  int current;
};
__device__ inline Part make(int n, float a) {
  Part p;
  p.n = n;
  p.cut = n * a;
  return p;
}
__device__ inline int first(Part *p) {
  p->current = p->cut + blockIdx.x;
  return p->current;
}
__device__ inline bool more(const Part *p) { return p->current < p->n; }
__device__ inline int next(Part *p) {
  p->current = p->current + gridDim.x;
  return p->current;
}

// Positive: the task number is the cursor, moved a grid an iteration.
__global__ void tasks(const float *in, float *out, int n, float a) {
  Part p = make(n, a);
  for (int i = first(&p); more(&p); i = next(&p))
    out[(i * blockDim.x + threadIdx.x) * 4] = in[i * blockDim.x + threadIdx.x];
  // CHECK: [[@LINE-1]]:5 store `out[(i * blockDim.x + threadIdx.x) * 4]` addr=out + 16*(threadIdx.x + 256*blockIdx.x + 256*iter(#0)*gridDim.x + 256*(int)((float)n*0.100000001f)) spr=16 ideal=4 eff=0.25 strided FLAGGED coalescing-strided
  // CHECK: [[@LINE-2]]:47 load `in[i * blockDim.x + threadIdx.x]` addr=in + 4*(threadIdx.x + 256*blockIdx.x + 256*iter(#0)*gridDim.x + 256*(int)((float)n*0.100000001f)) spr=4 ideal=4 eff=1 coalesced
}

// Negative: a write through a pointer the walk cannot resolve may move
// the cursor too: unknown.
__global__ void blindWrite(const float *in, float *out, Part **parts, int n) {
  Part p = make(n, 0.5f);
  parts[threadIdx.x] = &p;
  // CHECK: [[@LINE-1]]:3 store `parts[threadIdx.x]` {{.*}} coalesced
  for (int i = first(&p); more(&p); i = next(&p)) {
    out[i * blockDim.x + threadIdx.x] = in[i * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[i * blockDim.x + threadIdx.x]` unknown: 'i' is changed inside a loop
    // CHECK: [[@LINE-2]]:41 load `in[i * blockDim.x + threadIdx.x]` unknown: 'i' is changed inside a loop
    parts[i][0].current += 1;
    // CHECK: [[@LINE-1]]:5 load `parts[i]` unknown: 'i' is changed inside a loop
    // CHECK: [[@LINE-2]]:5 load+store `parts[i][0].current` gather: pointer 'parts[i]' is loaded from memory
  }
}

// Negative: a write through a pointer the walk cannot resolve (either of
// two structs, as the data says) may move the cursor: unknown.
__global__ void eitherStruct(const float *in, float *out, const int *flags, int n) {
  Part p = make(n, 0.5f), other = make(n, 0.25f);
  Part *q = flags[threadIdx.x] ? &p : &other;
  // CHECK: [[@LINE-1]]:13 load `flags[threadIdx.x]` {{.*}} coalesced
  for (int i = first(&p); more(&p); i = next(&p)) {
    out[i * blockDim.x + threadIdx.x] = in[i * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[i * blockDim.x + threadIdx.x]` unknown: 'i' is changed inside a loop
    // CHECK: [[@LINE-2]]:41 load `in[i * blockDim.x + threadIdx.x]` unknown: 'i' is changed inside a loop
    q->current += 1;
    // CHECK: [[@LINE-1]]:5 load+store `q->current` unknown: the arms of 'flags[threadIdx.x] ? &p : &other' are not comparable
  }
}

// The variable leaves the iteration one past the cursor, so it is not the
// cursor; it is a value every lane computes alike (carried(i)): the lanes
// keep their pattern.
__global__ void pastCursor(const float *in, float *out, int n) {
  Part p = make(n, 0.5f);
  for (int i = first(&p); more(&p); i = next(&p) + 1)
    out[i * blockDim.x + threadIdx.x] = in[i * blockDim.x + threadIdx.x];
  // CHECK: [[@LINE-1]]:5 store `out[i * blockDim.x + threadIdx.x]` addr=out + 4*(threadIdx.x + 256*carried(i)) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:41 load `in[i * blockDim.x + threadIdx.x]` addr=in + 4*(threadIdx.x + 256*carried(i)) spr=4 ideal=4 eff=1 coalesced
}

// Negative: the variable leaves the iteration at the cursor plus a
// lane's own amount: neither the cursor nor shared by the warp, unknown.
__global__ void laneOffset(const float *in, float *out, int n) {
  Part p = make(n, 0.5f);
  for (int i = first(&p); more(&p); i = next(&p) + (threadIdx.x & 1))
    out[i * blockDim.x + threadIdx.x] = in[i * blockDim.x + threadIdx.x];
  // CHECK: [[@LINE-1]]:5 store `out[i * blockDim.x + threadIdx.x]` unknown: 'i' is changed inside a loop
  // CHECK: [[@LINE-2]]:41 load `in[i * blockDim.x + threadIdx.x]` unknown: 'i' is changed inside a loop
}

// Positive: each iteration the block claims the next chunk of a queue and
// every lane reloads its start from one shared place.
__global__ void queue(const int *q, int *out, int *head, int n) {
  __shared__ int base;
  int tid = threadIdx.x;
  if (tid == 0)
    base = atomicAdd(head, 256);
  // CHECK: [[@LINE-1]]:5 store `base` shared {{.*}} conflict-free
  // CHECK: [[@LINE-2]]:12 atomic `atomicAdd(head, 256)` {{.*}} uniform
  __syncthreads();
  int my_base = base;
  // CHECK: [[@LINE-1]]:17 load `base` shared {{.*}} uniform
  while (my_base < n) {
    if (my_base + tid < n)
      out[q[my_base + tid]] = 1;
    // CHECK: [[@LINE-1]]:7 store `out[q[my_base + tid]]` gather: depends on 'q[my_base + tid]', loaded from memory
    // CHECK: [[@LINE-2]]:11 load `q[my_base + tid]` addr=q + 4*(threadIdx.x + carried(my_base)) spr=4 ideal=4 eff=1 coalesced
    __syncthreads();
    if (tid == 0)
      base = atomicAdd(head, 256);
    // CHECK: [[@LINE-1]]:7 store `base` shared {{.*}} conflict-free
    // CHECK: [[@LINE-2]]:14 atomic `atomicAdd(head, 256)` {{.*}} uniform
    __syncthreads();
    my_base = base;
    // CHECK: [[@LINE-1]]:15 load `base` shared {{.*}} uniform
  }
}

// Negative: the start each lane reloads is its own (a row per lane), so
// the lanes do not share it: a gather, not a shift the warp shares.
__global__ void ownQueue(const int *q, int *out, const int *starts, int n) {
  int b = starts[threadIdx.x];
  // CHECK: [[@LINE-1]]:11 load `starts[threadIdx.x]` {{.*}} coalesced
  while (b < n) {
    out[b] = q[b + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[b]` gather: depends on 'starts[threadIdx.x]', loaded from memory
    // CHECK: [[@LINE-2]]:14 load `q[b + threadIdx.x]` gather: depends on 'starts[threadIdx.x]', loaded from memory
    b = starts[b];
    // CHECK: [[@LINE-1]]:9 load `starts[b]` gather: depends on 'starts[threadIdx.x]', loaded from memory
  }
}

int main() {
  float *a, *b;
  int *q, *o, *h;
  Part **parts;
  tasks<<<64, 256>>>(a, b, 4096, 0.1f);
  blindWrite<<<64, 256>>>(a, b, parts, 4096);
  eitherStruct<<<64, 256>>>(a, b, q, 4096);
  pastCursor<<<64, 256>>>(a, b, 4096);
  laneOffset<<<64, 256>>>(a, b, 4096);
  queue<<<64, 256>>>(q, o, h, 1 << 20);
  ownQueue<<<64, 256>>>(q, o, h, 1 << 20);
}

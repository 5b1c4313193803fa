// A loop's writes through pointers, in its body or in the functions it
// calls, are judged by the pointer they go through. A write through a
// pointer computed from a variable of the loop's own function, directly or
// through the arguments a call passes its pointer parameters, cannot reach
// a struct in registers when that variable holds a pointer into an
// allocation at the loop and the loop does not change it: a block
// reduction called in a task loop, writing shared memory through its
// parameters, leaves the task cursor followed (Chai's stream compaction).
// A write through a struct's address ('&p') lands on the member it names;
// the struct's other members keep their values.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

struct Part {
  int n;
  int cut;
  int current;
};
__device__ inline int first(Part *p) {
  p->current = blockIdx.x;
  return p->current;
}
__device__ inline bool more(const Part *p) { return p->current < p->n; }
__device__ inline int next(Part *p) {
  p->current = p->current + gridDim.x;
  return p->current;
}

__device__ void blockSum(int *total, int v, int *scratch) {
  scratch[threadIdx.x] = v;
  // CHECK: [[@LINE-1]]:3 store `scratch[threadIdx.x]` shared addr=shm + 4*threadIdx.x {{.*}} conflict-free
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      scratch[threadIdx.x] += scratch[threadIdx.x + s];
    // CHECK: [[@LINE-1]]:7 load+store `scratch[threadIdx.x]` shared {{.*}} conflict-free
    // CHECK: [[@LINE-2]]:31 load `scratch[threadIdx.x + s]` shared {{.*}} conflict-free
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *total = scratch[0];
  // CHECK: [[@LINE-1]]:5 store `*total` shared addr=shm + 4*blockDim.x {{.*}} conflict-free
  // CHECK: [[@LINE-2]]:14 load `scratch[0]` shared addr=shm {{.*}} conflict-free
}

// Positive: the reduction's writes land in shared memory through
// '&scratch[0]' and '&total[0]', pointers into 'shm' the loop does not
// change; the cursor moves a grid an iteration.
__global__ void summed(const float *in, float *out, int *counts, int n) {
  extern __shared__ int shm[];
  int *scratch = shm;
  int *total = &scratch[blockDim.x];
  Part p;
  p.n = n;
  for (int t = first(&p); more(&p); t = next(&p)) {
    float x = in[t * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-1]]:15 load `in[t * blockDim.x + threadIdx.x]` addr=in + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(#0)*blockDim.x*gridDim.x) {{.*}} coalesced
    blockSum(&total[0], x > 0, &scratch[0]);
    out[t * blockDim.x + threadIdx.x] = x;
    // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(#0)*blockDim.x*gridDim.x) {{.*}} coalesced
    counts[t] = *total;
    // CHECK: [[@LINE-1]]:5 store `counts[t]` addr=counts + 4*(blockIdx.x + iter(#0)*gridDim.x) {{.*}} uniform
    // CHECK: [[@LINE-2]]:17 load `*total` shared addr=shm + 4*blockDim.x {{.*}} uniform
  }
}

__device__ void bump(int *where) { *where += 1; }
// CHECK: [[@LINE-1]]:36 load+store `*where` unknown: 'w' is changed inside a loop

// Positive: a call that writes the cursor through a pointer to it moves
// it too: one more each iteration.
__global__ void intoTheCursor(const float *in, float *out, int n) {
  Part p;
  p.n = n;
  int *cursor = &p.current;
  for (int t = first(&p); more(&p); t = next(&p)) {
    out[t * blockDim.x + threadIdx.x] = in[t * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(#0)*blockDim.x + iter(#0)*blockDim.x*gridDim.x) {{.*}} coalesced
    // CHECK: [[@LINE-2]]:41 load `in[t * blockDim.x + threadIdx.x]` addr=in + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(#0)*blockDim.x + iter(#0)*blockDim.x*gridDim.x) {{.*}} coalesced
    bump(cursor);
  }
}

// Negative: the pointer the call writes through is one the loop changes,
// into the cursor when the data says so: from the second iteration on the
// cursor may move by one more, and 't' is unknown.
__global__ void pointerSetInLoop(const float *in, float *out, int *flags, int n) {
  extern __shared__ int shm[];
  Part p;
  p.n = n;
  int *w = shm;
  for (int t = first(&p); more(&p); t = next(&p)) {
    out[t * blockDim.x + threadIdx.x] = in[t * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` unknown: 't' is changed inside a loop
    // CHECK: [[@LINE-2]]:41 load `in[t * blockDim.x + threadIdx.x]` unknown: 't' is changed inside a loop
    bump(w);
    w = flags[t] ? &p.current : shm;
    // CHECK: [[@LINE-1]]:9 load `flags[t]` unknown: 't' is changed inside a loop
  }
}

// Negative: the same, with the pointer carried by a plain assignment.
__global__ void pointerMovedInLoop(const float *in, float *out, int n) {
  extern __shared__ int shm[];
  Part p;
  p.n = n;
  int *w = shm;
  for (int t = first(&p); more(&p); t = next(&p)) {
    out[t * blockDim.x + threadIdx.x] = in[t * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` unknown: 't' is changed inside a loop
    // CHECK: [[@LINE-2]]:41 load `in[t * blockDim.x + threadIdx.x]` unknown: 't' is changed inside a loop
    *w = 0;
    // CHECK: [[@LINE-1]]:5 store `*w` unknown: 'w' is changed inside a loop
    w = &p.current;
  }
}

// A struct the loop only takes the address of keeps the members no write
// lands on: the task cursor's 'cut', set before the loop, in the address
// of each task's rows.
__device__ inline Part withCut(int n, float a) {
  Part p;
  p.n = n;
  if (a >= 0.0f && a <= 1.0f)
    p.cut = n * a;
  return p;
}
__device__ inline int firstAfterCut(Part *p) {
  p->current = p->cut + blockIdx.x;
  return p->current;
}

// Positive: 'p.cut' and 'p.n' keep their values in the loop.
__global__ void afterCut(const float *in, float *out, int n, float a) {
  Part p = withCut(n, a);
  for (int t = firstAfterCut(&p); more(&p); t = next(&p))
    out[(t - p.cut) * blockDim.x + threadIdx.x] = in[t * blockDim.x + threadIdx.x];
  // CHECK: [[@LINE-1]]:5 store `out[(t - p.cut) * blockDim.x + threadIdx.x]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(#0)*blockDim.x*gridDim.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:51 load `in[t * blockDim.x + threadIdx.x]` addr=in + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(#0)*blockDim.x*gridDim.x + blockDim.x*(int)(n * a)) spr=4 ideal=4 eff=1 coalesced
}

__device__ inline void moveCut(Part *p) { p->cut += 32; }

// Positive: a call that moves the member through the struct's address
// moves it in the loop: 32 words an iteration.
__global__ void cutMoved(float *out, int n) {
  Part p;
  p.n = n;
  p.cut = 5;
  for (int i = 0; i < n; i++) {
    out[p.cut + threadIdx.x] = 0;
    // CHECK: [[@LINE-1]]:5 store `out[p.cut + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*iter(i) + 5) spr=5 ideal=4 eff=0.8 misaligned
    moveCut(&p);
  }
}

// Positive: so does a write through the address of the member itself.
__global__ void cutAddress(float *out, int n) {
  Part p;
  p.n = n;
  p.cut = 5;
  for (int i = 0; i < n; i++) {
    out[p.cut + threadIdx.x] = 0;
    // CHECK: [[@LINE-1]]:5 store `out[p.cut + threadIdx.x]` addr=out + 4*(threadIdx.x + iter(i) + 5) {{.*}} misaligned
    int *c = &p.cut;
    *c += 1;
  }
}

// Negative: a write through a pointer the data chooses, to one member or
// another: 'p.cut' may change in any iteration.
__global__ void cutOrCount(float *out, const int *flags, int n) {
  Part p;
  p.n = n;
  p.cut = 5;
  for (int i = 0; i < n; i++) {
    out[p.cut + threadIdx.x] = 0;
    // CHECK: [[@LINE-1]]:5 store `out[p.cut + threadIdx.x]` unknown: 'p.cut' is changed inside a loop
    int *c = flags[i] ? &p.cut : &p.n;
    // CHECK: [[@LINE-1]]:14 load `flags[i]` {{.*}} uniform
    *c = 9;
    // CHECK: [[@LINE-1]]:5 store `*c` unknown
  }
}

// A pointer held in a member of the loop function's struct is judged as a
// pointer variable is: by the member's value at the loop, when the loop
// writes neither the member nor the struct whole. Chai's unified-memory
// partitioner keeps the next task in shared memory behind 'p.tmp': thread
// 0 claims it with an atomic, every thread reads it after a barrier.
struct Queue {
  int n;
  int current;
  int *tmp;
  int *next;
};
__device__ inline int claim(Queue *q) {
  if (threadIdx.x == 0)
    q->tmp[0] = atomicAdd(q->next, 1);
  // In claimed, claimedIntoLocal and claimedMoving below:
  // CHECK: [[@LINE-2]]:5 store `q->tmp[0]` shared addr=shm + 4 {{.*}} conflict-free
  // CHECK-NEXT: [[@LINE-3]]:5 store `q->tmp[0]` addr=unknown {{.*}} guard?
  // CHECK-NEXT: [[@LINE-4]]:5 store `q->tmp[0]` shared addr=shm wf=1 {{.*}} conflict-free
  // CHECK-NEXT: [[@LINE-5]]:17 atomic `atomicAdd(q->next, 1)` addr=next {{.*}} uniform
  // CHECK-NEXT: [[@LINE-6]]:17 atomic `atomicAdd(q->next, 1)` addr=next {{.*}} uniform
  // CHECK-NEXT: [[@LINE-7]]:17 atomic `atomicAdd(q->next, 1)` addr=unknown {{.*}} guard?
  // CHECK-NEXT: [[@LINE-8]]:17 atomic `atomicAdd(q->next, 1)` addr=next {{.*}} uniform
  // CHECK-NEXT: [[@LINE-9]]:17 atomic `atomicAdd(q->next, 1)` addr=unknown {{.*}} guard?
  __syncthreads();
  q->current = q->tmp[0];
  // CHECK-NEXT: [[@LINE-1]]:16 load `q->tmp[0]` shared addr=shm + 4 {{.*}} uniform
  // CHECK-NEXT: [[@LINE-2]]:16 load `q->tmp[0]` unknown: 'q.tmp' is changed through a pointer inside a loop
  // CHECK-NEXT: [[@LINE-3]]:16 load `q->tmp[0]` shared addr=shm wf=1 {{.*}} uniform
  return q->current;
}
__device__ inline bool pending(const Queue *q) { return q->current < q->n; }

// Positive: the claimed task is the block's, the same in every lane; the
// row it names is read a word a lane.
__global__ void claimed(const float *in, float *out, int *next, int n) {
  extern __shared__ int shm[];
  int *counter = shm;
  Queue q;
  q.n = n;
  q.next = next;
  q.tmp = &counter[1];
  for (int t = claim(&q); pending(&q); t = claim(&q)) {
    out[t * blockDim.x + threadIdx.x] = in[t * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` addr=out + 4*(threadIdx.x + blockDim.x*carried(t)) {{.*}} coalesced
    // CHECK: [[@LINE-2]]:41 load `in[t * blockDim.x + threadIdx.x]` addr=in + 4*(threadIdx.x + blockDim.x*carried(t)) {{.*}} coalesced
  }
}

// Negative: the member points at a local of the kernel: the write may
// change the cursor, and 't' is unknown.
__global__ void claimedIntoLocal(const float *in, float *out, int *next, int n) {
  int slot[2];
  Queue q;
  q.n = n;
  q.next = next;
  q.tmp = &slot[0];
  for (int t = claim(&q); pending(&q); t = claim(&q))
    out[t * blockDim.x + threadIdx.x] = in[t * blockDim.x + threadIdx.x];
  // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` unknown: {{.*}}
  // CHECK: [[@LINE-2]]:41 load `in[t * blockDim.x + threadIdx.x]` unknown: {{.*}}
}

// Negative: the loop moves the member to another place each iteration.
__global__ void claimedMoving(const float *in, float *out, int *next, int n) {
  extern __shared__ int shm[];
  Queue q;
  q.n = n;
  q.next = next;
  q.tmp = shm;
  for (int t = claim(&q); pending(&q); t = claim(&q)) {
    out[t * blockDim.x + threadIdx.x] = in[t * blockDim.x + threadIdx.x];
    // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` unknown: {{.*}}
    // CHECK: [[@LINE-2]]:41 load `in[t * blockDim.x + threadIdx.x]` unknown: {{.*}}
    q.tmp = &q.current;
  }
}

__device__ void fill(float *row, int k) { row[threadIdx.x] = k; }
// CHECK: [[@LINE-1]]:43 store `row[threadIdx.x]` addr=params + 4*(threadIdx.x + 64*blockIdx.x + 64*iter(#0)*gridDim.x) {{.*}} coalesced
// CHECK-NEXT: [[@LINE-2]]:43 store `row[threadIdx.x]` unknown: 'row' differs between the branches of an if

// A pointer declared from another and never changed, in the loop's body
// too, has that one's root: 'row' points into 'params' whatever the task,
// so the writes the call makes through it leave the cursor followed.
// Positive.
__global__ void rowsOfTasks(float *params, float *out, int n) {
  Part p;
  p.n = n;
  for (int t = first(&p); more(&p); t = next(&p)) {
    float *row = &params[t * 64];
    fill(row, t);
    out[t * blockDim.x + threadIdx.x] = row[0];
    // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x + iter(#0)*blockDim.x*gridDim.x) {{.*}} coalesced
    // CHECK: [[@LINE-2]]:41 load `row[0]` addr=params + 256*(blockIdx.x + iter(#0)*gridDim.x) {{.*}} uniform
  }
}

// Negative: a pointer declared so but changed later has no such root.
__global__ void rowsRebound(float *params, float *out, const int *flags, int n) {
  Part p;
  p.n = n;
  for (int t = first(&p); more(&p); t = next(&p)) {
    float *row = &params[t * 64];
    if (flags[0])
      // CHECK: [[@LINE-1]]:9 load `flags[0]` addr=flags {{.*}} uniform guard?
      row = (float *)&p.current;
    fill(row, t);
    out[t * blockDim.x + threadIdx.x] = 0;
    // CHECK: [[@LINE-1]]:5 store `out[t * blockDim.x + threadIdx.x]` unknown: {{.*}}
  }
}

// A variable a loop sets from data it loads holds, inside the loop (where
// each lane starts it at a place of its own) and after it, a value the
// data decides: a radix sort's rank ('index = flags[...]', Parboil
// mri-gridding's splitSort) makes the scatter after the loop a gather, not
// an address unknown for want of a model. A variable the loop computes
// from nothing loaded stays 'its value after a loop' where its count is
// not followed.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

struct Ranks { unsigned x, y; };

__global__ void rank(unsigned *keys, const unsigned *in, int bits) {
  __shared__ unsigned flags[1024];
  unsigned tid = threadIdx.x;
  unsigned key = in[blockIdx.x * 256 + tid];
  // CHECK: [[@LINE-1]]:18 load `in[blockIdx.x * 256 + tid]` {{.*}} coalesced
  unsigned index = tid;
  Ranks r = {tid, tid};
  for (int i = 0; i < bits; i++) {
    flags[index] = (key >> i) & 1;
    // CHECK: [[@LINE-1]]:5 store `flags[index]` gather: depends on 'flags[(index + 1) % 256]', loaded from memory
    __syncthreads();
    index = flags[(index + 1) % 256];
    // CHECK: [[@LINE-1]]:13 load `flags[(index + 1) % 256]` gather: depends on 'flags[(index + 1) % 256]', loaded from memory
    r.x = flags[r.y];
    // CHECK: [[@LINE-1]]:11 load `flags[r.y]` {{.*}}
    __syncthreads();
  }
  // Positive: the rank, and a struct member set so, are the data's.
  keys[blockIdx.x * 256 + index] = key;
  // CHECK: [[@LINE-1]]:3 store `keys[blockIdx.x * 256 + index]` gather: depends on 'flags[(index + 1) % 256]', loaded from memory
  keys[r.x] = key;
  // CHECK: [[@LINE-1]]:3 store `keys[r.x]` gather: depends on 'flags[r.y]', loaded from memory
  // Negative: computed from the lane alone, with a count the run passes.
  unsigned j = tid;
  for (int i = 0; i < bits; i++)
    j = j * 2 + 1;
  keys[j] = key;
  // CHECK: [[@LINE-1]]:3 store `keys[j]` unknown: 'j' is its value after a loop
}

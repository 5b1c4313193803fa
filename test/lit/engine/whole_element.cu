// Member reads nvcc joins into one instruction of the whole element: every
// member of one element of a type aligned to its size (8 or 16 bytes), read
// with the same index, in the same loop and call, with nothing of the other
// kind between them, is counted as the element's load (as coalesced as
// reading the float2 itself); anything else stays one request per member.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON

struct __align__(8) Pair { float a, b; };
struct Loose { float a, b; };

// Positive: .x then .y of a float2, one 8-byte load a lane.
__global__ void bothMembers(const float2 *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = in[i].x;
    // CHECK: [[@LINE-1]]:15 load `in[i].x` addr={{.*}} spr=8 ideal=8 eff=1 coalesced
    float y = in[i].y;
    // CHECK: [[@LINE-1]]:15 load `in[i].y` addr={{.*}} spr=8 ideal=8 eff=1 coalesced
    out[i] = x * y;
    // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} coalesced
  }
}
// JSON: "text": "in[i].x",
// JSON: "whole_element": {
// JSON-NEXT: "struct": "float2",
// JSON-NEXT: "members": [
// JSON-NEXT: "x",
// JSON-NEXT: "y"
// JSON-NEXT: ]

// Positive: the four members of a float4, written too.
__global__ void fourMembers(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = in[i].x + in[i].y + in[i].z + in[i].w;
  // CHECK: [[@LINE-1]]:13 load `in[i].x` addr={{.*}} spr=16 ideal=16 eff=1 coalesced
  // CHECK: [[@LINE-2]]:23 load `in[i].y` addr={{.*}} spr=16 ideal=16 eff=1 coalesced
  // CHECK: [[@LINE-3]]:33 load `in[i].z` addr={{.*}} spr=16 ideal=16 eff=1 coalesced
  // CHECK: [[@LINE-4]]:43 load `in[i].w` addr={{.*}} spr=16 ideal=16 eff=1 coalesced
  out[i].x = s;
  // CHECK: [[@LINE-1]]:3 store `out[i].x` addr={{.*}} spr=16 ideal=16 eff=1 coalesced
  out[i].y = s;
  // CHECK: [[@LINE-1]]:3 store `out[i].y` addr={{.*}} spr=16 ideal=16 eff=1 coalesced
  out[i].z = s;
  // CHECK: [[@LINE-1]]:3 store `out[i].z` addr={{.*}} spr=16 ideal=16 eff=1 coalesced
  out[i].w = s;
  // CHECK: [[@LINE-1]]:3 store `out[i].w` addr={{.*}} spr=16 ideal=16 eff=1 coalesced
}

// Positive: a struct of the user's, declared aligned to its size.
__global__ void alignedPair(const Pair *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].a - in[i].b;
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i].a` addr={{.*}} spr=8 ideal=8 eff=1 coalesced
  // CHECK: [[@LINE-3]]:22 load `in[i].b` addr={{.*}} spr=8 ideal=8 eff=1 coalesced
}

// Negative: one member alone; half of every 8 bytes is wasted.
__global__ void oneMember(const float2 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].x;
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i].x` addr={{.*}} spr=8 ideal=4 eff=0.5 aos FLAGGED coalescing-aos
}

// Negative: a struct aligned to less than its size: a load per member.
__global__ void loosePair(const Loose *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].a - in[i].b;
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `in[i].a` addr={{.*}} spr=8 ideal=4 eff=0.5 aos FLAGGED coalescing-aos
  // CHECK: [[@LINE-3]]:22 load `in[i].b` addr={{.*}} spr=8 ideal=4 eff=0.5 aos FLAGGED coalescing-aos
}

// Negative: a store between the two reads may alias them; and members of
// two different elements.
__global__ void storeBetween(const float2 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i].x;
  // CHECK: [[@LINE-1]]:13 load `in[i].x` addr={{.*}} spr=8 ideal=4 eff=0.5 aos FLAGGED coalescing-aos
  out[i] = x;
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced
  float y = in[i].y;
  // CHECK: [[@LINE-1]]:13 load `in[i].y` addr={{.*}} spr=8 ideal=4 eff=0.5 aos FLAGGED coalescing-aos
  out[i + 1] = y + in[i + 1].x;
  // CHECK: [[@LINE-1]]:3 store `out[i + 1]` {{.*}}
  // CHECK: [[@LINE-2]]:20 load `in[i + 1].x` addr={{.*}} aos FLAGGED coalescing-aos
}

// Struct and class members through '.' and '->', offsets from the record
// layout, references, nested structs, a struct of pointers.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

struct Particle { float x, y, z; };
struct Body { double mass; Particle pos; int id; };
struct Soa { float *x, *y, *z; };

__global__ void members(Particle *parts, Body *bodies, Soa soa, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = parts[i].y;
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `parts[i].y` addr=parts + 4*(3*threadIdx.x + 3*blockIdx.x*blockDim.x + 1) spr=12 ideal=4 eff=0.3333 aos FLAGGED coalescing-aos
  Particle &q = parts[i];
  q.z = 1.0f;
  // CHECK: [[@LINE-1]]:3 store `q.z` addr=parts + 4*(3*threadIdx.x + 3*blockIdx.x*blockDim.x + 2) spr=12 ideal=4 eff=0.3333 aos FLAGGED coalescing-aos
  const Body *b = bodies + i;
  out[i] += b->pos.x;
  // CHECK: [[@LINE-1]]:3 load+store `out[i]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:13 load `b->pos.x` addr=bodies + 8*(3*threadIdx.x + 3*blockIdx.x*blockDim.x + 1) spr=24 ideal=4 eff=0.1667 aos FLAGGED coalescing-aos
  soa.x[i] = soa.y[i] * 2.0f;
  // CHECK: [[@LINE-1]]:3 store `soa.x[i]` addr=soa.x + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:14 load `soa.y[i]` addr=soa.y + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced
  Particle copy = parts[i];
  // CHECK: [[@LINE-1]]:19 load `parts[i]` addr=parts + 12*(threadIdx.x + blockIdx.x*blockDim.x) spr=12 ideal=4 eff=0.3333 strided FLAGGED coalescing-strided
  out[i] = copy.x;
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + blockIdx.x*blockDim.x) spr=4 ideal=4 eff=1 coalesced
}

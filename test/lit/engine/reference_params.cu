// A kernel's reference parameter names an object in memory the device can
// reach (unified memory, as NVIDIA's unified-memory blog post passes a
// managed object by reference): reads and writes through it are global
// accesses at one address, as through a pointer parameter. A struct taken
// by value is a parameter, not memory, and nothing of it is reported.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic|load\+store)}}'

struct Counters {
  int hits;
  float sums[256];
};
struct P3 {
  float x, y, z;
};
struct Cloud {
  P3 pts[1024];
};

__global__ void byRef(Counters &c, const Cloud &cloud, float *out) {
  int t = threadIdx.x;
  // sums starts 4 bytes into the object: every request straddles a sector.
  c.sums[t] += 1.0f;
  // CHECK: [[@LINE-1]]:3 load+store `c.sums[t]` addr=c + 4*(threadIdx.x + 1) spr=5 ideal=4 eff=0.8 misaligned{{$}}
  out[t] = cloud.pts[t].x;
  // CHECK: [[@LINE-1]]:3 store `out[t]` {{.*}} coalesced
  // CHECK: [[@LINE-2]]:12 load `cloud.pts[t].x` addr=cloud + 12*threadIdx.x spr=12 ideal=4 eff=0.3333 aos FLAGGED coalescing-aos
  if (t == 0)
    c.hits++;
  // CHECK: [[@LINE-1]]:5 load+store `c.hits` addr=c spr=0.125 ideal=0.125 eff=0.125 uniform if-branched=1
  atomicAdd(&c.hits, 1);
  // CHECK: [[@LINE-1]]:3 atomic `atomicAdd(&c.hits, 1)` addr=c spr=1 ideal=1 eff=0.125 uniform
}

__global__ void byValue(Counters c, float *out) {
  out[threadIdx.x] = c.sums[threadIdx.x] + c.hits;
  // CHECK: [[@LINE-1]]:3 store `out[threadIdx.x]` {{.*}} coalesced
}

void run(Counters *c, Cloud *cloud, float *out) {
  byRef<<<1, 256>>>(*c, *cloud, out);
  byValue<<<1, 256>>>(*c, out);
}

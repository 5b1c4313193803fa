// An object built by a device-side "new" is global memory: its
// constructor's member initialisers and body store into it, and those
// stores are accesses (Altis raytracing's create_world, cuda-samples'
// newdelete). The heap's address is not known; one lane's store is one
// request of its sectors wherever it lands (engine/one_lane.cu), and a
// placement "new (p) T" builds the object where p points.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store|atomic)}}'

struct Material {
  __device__ virtual ~Material() {}
};
struct Sphere {
  __device__ Sphere(float r, Material *m) : radius(r), mat(m) { hits = 0; }
// The constructor's stores, for each kernel (build, perThread, place):
// one lane's, unknown, and an array of structs.
// CHECK: 13:52 store `r` addr=unknown spr=1 ideal=1 eff=0.125 uniform
// CHECK-NEXT: 13:52 store `r` unknown: 'new' allocates it on the device heap
// CHECK-NEXT: 13:52 store `r` addr=pool + 24*(threadIdx.x + 256*blockIdx.x) spr=24 ideal=4 eff=0.1667 aos FLAGGED coalescing-aos
// CHECK-NEXT: 13:60 store `m` addr=unknown spr=1 ideal=1 eff=0.25 uniform
// CHECK-NEXT: 13:60 store `m` unknown: 'new' allocates it on the device heap
// CHECK-NEXT: 13:60 store `m` addr=pool + 8*(3*threadIdx.x + 768*blockIdx.x + 1) spr=24 ideal=8 eff=0.3333 aos FLAGGED coalescing-aos
// CHECK-NEXT: 13:65 store `hits` addr=unknown spr=1 ideal=1 eff=0.125 uniform
// CHECK-NEXT: 13:65 store `hits` unknown: 'new' allocates it on the device heap
// CHECK-NEXT: 13:65 store `hits` addr=pool + 8*(3*threadIdx.x + 768*blockIdx.x + 2) spr=24 ideal=4 eff=0.1667 aos FLAGGED coalescing-aos
  float radius;
  Material *mat;
  int hits;
};

__global__ void build(Sphere **list, Material *m) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    list[0] = new Sphere(1.0f, m);
  // CHECK: [[@LINE-1]]:5 store `list[0]` addr=list spr=1 ideal=1 eff=0.25 uniform
}

// Placement new into a global array, one object per thread: the
// constructor's stores are 24 bytes apart.
__global__ void place(Sphere *pool, Material *m) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  new (&pool[t]) Sphere(2.0f, m);
}

// Negative: every thread allocating its own object puts the objects where
// the heap does; the stores stay unknown, with the reason.
__global__ void perThread(Sphere **out, Material *m) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = new Sphere(3.0f, m);
  // CHECK: [[@LINE-1]]:3 store `out[t]` addr=out + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=8 eff=1 coalesced
}

void host(Sphere **l, Material *m, Sphere *pool) {
  build<<<1, 1>>>(l, m);
  place<<<64, 256>>>(pool, m);
  perThread<<<64, 256>>>(l, m);
}

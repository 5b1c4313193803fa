// Several assumed sizes multiplied leave int64 (1048576^4 is 2^80), though
// the run's sizes do not. Sectors depend only on how far apart the lanes
// are and where they sit modulo 32, which sums and products modulo 2^64
// keep: the address is evaluated so, and a 3D volume's row is coalesced.
// A quotient, a remainder or a comparison of such a value needs its
// magnitude, which the assumed sizes do not give: unknown, as before.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

__global__ void volume(float *v, long nx, long ny, long nz, long pad) {
  long x = blockIdx.x * blockDim.x + threadIdx.x;
  v[((blockIdx.z + pad) * ny + blockIdx.y + pad) * nx * nz + x] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `v[((blockIdx.z + pad) * ny + blockIdx.y + pad) * nx * nz + x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // The place in a sector is kept: one float further, 5 sectors.
  v[nx * ny * nz * pad + x + 1] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `v[nx * ny * nz * pad + x + 1]` {{.*}} spr=5 ideal=4 {{.*}}misaligned{{.*$}}
}

// Negatives. The lanes' spacing itself is a product of the sizes, 2^62
// bytes: modulo 2^64 every fourth lane would land on lane 0's sector, so
// lanes that far apart are not evaluated.
__global__ void laneWide(float *v, long nx, long ny, long nz) {
  v[threadIdx.x * nx * ny * nz + blockIdx.x] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `v[threadIdx.x * nx * ny * nz + blockIdx.x]` unknown: the address cannot be evaluated for lane 2
}

// A quotient and a comparison of a value that left int64.
__global__ void divided(float *v, long nx, long ny, long nz, long nw) {
  long x = blockIdx.x * blockDim.x + threadIdx.x;
  v[nx * ny * nz * nw / 3 + x] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `v[nx * ny * nz * nw / 3 + x]` unknown: the address cannot be evaluated for lane 0
  v[(nx * ny * nz * nw > 0 ? 1 : 0) * 64 + x] = 0.f;
  // CHECK: [[@LINE-1]]:3 store `v[(nx * ny * nz * nw > 0 ? 1 : 0) * 64 + x]` unknown: the address cannot be evaluated for lane 0
}

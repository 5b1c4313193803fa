// An access inside a toolkit header (cuRAND's curand_init writing the state
// the caller passes) is reported at the user's call, not in the header:
// clang-tidy would drop a diagnostic located in a system header, and the
// header is not the user's to change. A NOLINT on the call's line silences
// it there.
// RUN: %clang-tidy --load=%tidy-module --checks='-*,coalescing-*' %s -- %tidy-cuda-flags 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
#include <curand_kernel.h>

__global__ void init(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}
// One warning a check, each the lead of that check's accesses in the header.
// CHECK: toolkit-header.cu:[[#@LINE-3]]:3: warning: array-of-structs store inside 'curand_init' (curand_kernel.h:{{[0-9]+}}, 'state->d'): {{.*}} [coalescing-aos]
// CHECK: toolkit-header.cu:[[#@LINE-4]]:3: note: the access is in the toolkit's curand_kernel.h:{{[0-9]+}} (in curand_init), made through the pointer this call passes
// CHECK: toolkit-header.cu:[[#@LINE-5]]:3: warning: chunked load inside 'curand_init' {{.*}} [coalescing-chunked]
// CHECK: toolkit-header.cu:[[#@LINE-6]]:3: warning: strided store inside 'curand_init' (curand_kernel.h:{{[0-9]+}}, 'state->v[0]'): {{.*}} [coalescing-strided]

__global__ void initQuiet(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]); // NOLINT(coalescing-*)
}

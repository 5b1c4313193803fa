// nvcc accepts the `register` storage class that C++17 removed (a warning);
// clang makes it an error. The mode parses it as nvcc does and says so.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %coalesce --format=json %s | %normalize-json | FileCheck %s --check-prefix=JSON
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

__global__ void scale(const float *in, float *out) {
  register int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = in[i];
  // CHECK: [[@LINE-1]]:3 store `out[2 * i]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-2]]:16 load `in[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// ON: cuda-coalesce: note: parsed as nvcc does: register ({{.*}}register.cu)
// ON: exit: 1
// JSON:      "nvcc_compat": [
// JSON-NEXT:   "register"
// JSON-NEXT: ],
// JSON-NEXT: "path": "{{.*}}register.cu",
// JSON-NEXT: "status": "ok"
// OFF: register.cu:9:3: error: ISO C++17 does not allow 'register' storage class specifier
// OFF-NOT: parsed as nvcc does
// OFF: exit: 2

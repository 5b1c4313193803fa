// nvcc hands host code to gcc, which finds its own headers (omp.h,
// openacc.h, quadmath.h) in its installation's include folder; clang's
// resource directory holds none of them. The mode searches that folder last
// (-idirafter), and accepts what clang cannot read in those gcc-only
// headers (GCC 12's omp.h: __malloc__ (omp_free)). A file that includes
// none of them gets no note.
// RUN: %exitcode %coalesce --format=json %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s
// RUN: %coalesce --format=json %s | %normalize-json | FileCheck %s --check-prefix=JSON
// RUN: %exitcode %coalesce --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF
// RUN: %exitcode %coalesce %S/Inputs/plain.cu | FileCheck %s --check-prefix=PLAIN

#include <omp.h>

__global__ void scale(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = in[i];
  // CHECK: [[@LINE-1]]:3 store `out[2 * i]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
  // CHECK: [[@LINE-2]]:16 load `in[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

int main() {
  double start = omp_get_wtime();
  scale<<<64, 256>>>(nullptr, nullptr);
  return omp_get_max_threads() > 0 && omp_get_wtime() >= start ? 0 : 1;
}

// ON: cuda-coalesce: note: parsed as nvcc does: host-header ({{.*}}host-header.cu)
// ON: exit: 1
// JSON:      "nvcc_compat": [
// JSON-NEXT:   "host-header"
// JSON-NEXT: ],
// JSON-NEXT: "path": "{{.*}}host-header.cu",
// JSON-NEXT: "status": "ok"
// OFF: host-header.cu:13:10: fatal error: 'omp.h' file not found
// OFF-NOT: parsed as nvcc does
// OFF: exit: 2
// PLAIN-NOT: parsed as nvcc does
// PLAIN: exit: 0

// A folder of the user's -I path holds a cuda.h of the project's own.
// nvcc includes no cuda.h; clang's CUDA wrapper opens with #include
// "cuda.h", which that file answers: "cuda.h did not define CUDA_VERSION".
// The mode gives the wrapper the toolkit's, and the user's include still
// finds the project's (BLOCK below is its).
// REQUIRES: cuda-toolkit
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache %s -- -I%S/Inputs/cuda-h | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache --format=json %s -- -I%S/Inputs/cuda-h | %normalize-json | FileCheck %s --check-prefix=JSON
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache --nvcc-compat=off %s -- -I%S/Inputs/cuda-h | FileCheck %s --check-prefix=OFF
// A folder without a cuda.h: nothing to do, and the tag is absent.
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --no-cache %s -- -I%S/Inputs/db -DBLOCK=256 | FileCheck %s --check-prefix=NONE --implicit-check-not=error:

#include "cuda.h"

__global__ void scale(const float *in, float *out) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  out[i] = in[2 * i];
}

// ON: cuda-coalesce: note: parsed as nvcc does: cuda-h ({{.*}}cuda-h.cu)
// ON: 1 file, 1 kernel, 2 global accesses, 1 flagged
// ON: cuda-h.cu:17:12: warning: strided load: lanes are 8 bytes apart
// ON: exit: 1
// JSON:      "nvcc_compat": [
// JSON-NEXT:   "cuda-h"
// JSON-NEXT: ],
// OFF: error: "cuda.h did not define CUDA_VERSION"
// OFF: exit: 2
// NONE-NOT: parsed as nvcc does
// NONE: 1 file, 1 kernel, 2 global accesses, 1 flagged
// NONE: exit: 1

// The toolkit's own __match_any_sync and __reduce_add_sync under a
// Makefile's -arch=sm_60 (newer-arch.cu has the same without a toolkit).
// REQUIRES: cuda-toolkit
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --cuda-gpu-arch=sm_60 --no-cache %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %exitcode %cuda-coalesce --color=false --cuda=toolkit --cuda-path=%cuda_root --cuda-gpu-arch=sm_60 --no-cache --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

__global__ void groups(unsigned *a) {
  unsigned peers = __match_any_sync(0xffffffffu, a[threadIdx.x]);
  a[threadIdx.x * 2] = __reduce_add_sync(peers, 1u);
}

// ON: cuda-coalesce: note: parsed as nvcc does: newer-arch ({{.*}}toolkit-newer-arch.cu)
// ON: 1 file, 1 kernel, 2 global accesses, 1 flagged
// ON: toolkit-newer-arch.cu:9:3: warning: strided store: lanes are 8 bytes apart
// OFF: error: use of undeclared identifier '__match_any_sync'
// OFF: error: use of undeclared identifier '__reduce_add_sync'
// OFF: exit: 2

// A Makefile's -arch=sm_60 hides the intrinsics of newer architectures
// (the toolkit declares __match_any_sync for sm_70 and later, here a
// stand-in declared the same way), which nvcc, compiling for each -gencode,
// never meets in the sm_60 pass of code that guards them at run time. The
// mode parses such a file again for sm_90; the model is the same for every
// architecture, so the numbers do not change.
// RUN: %exitcode %coalesce --cuda-gpu-arch=sm_60 %s | FileCheck %s --check-prefix=ON --implicit-check-not=error:
// RUN: %coalesce --cuda-gpu-arch=sm_60 --format=json %s | %summarize | FileCheck %s
// RUN: %exitcode %coalesce --cuda-gpu-arch=sm_60 --nvcc-compat=off %s | FileCheck %s --check-prefix=OFF

#if __CUDA_ARCH__ >= 700
__device__ unsigned __match_stand_in(unsigned mask, unsigned value);
#endif

__global__ void groups(unsigned *a) {
  unsigned peers = __match_stand_in(0xffffffffu, a[threadIdx.x]);
  // CHECK: [[@LINE-1]]:50 load `a[threadIdx.x]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  a[threadIdx.x * 2] = peers;
  // CHECK: [[@LINE-1]]:3 store `a[threadIdx.x * 2]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided{{$}}
}

// ON: cuda-coalesce: note: parsed as nvcc does: newer-arch ({{.*}}newer-arch.cu)
// ON: exit: 1
// OFF: newer-arch.cu:16:20: error: use of undeclared identifier '__match_stand_in'
// OFF: 1 error generated when compiling for sm_60.
// OFF: exit: 2

// An undeclared name of the user's own is a plain error: no second parse.
// RUN: %exitcode %coalesce --cuda-gpu-arch=sm_60 %S/Inputs/undeclared.cu | FileCheck %s --check-prefix=USER
// USER: undeclared.cu:2:20: error: use of undeclared identifier 'BLOCK_SIZE'
// USER: 1 error generated when compiling for sm_60.
// USER-NOT: parsed as nvcc does
// USER: exit: 2

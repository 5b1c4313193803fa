// A kernel launch in device code (dynamic parallelism) does not parse with
// clang 19. The nvcc compatibility mode (docs/nvcc-compat.md) rewrites
// `child<<<grid, block>>>(args)` in memory as `__cc_dl(args)`, padded to the
// same columns: the arguments are still evaluated, as nvcc evaluates them,
// and the launching kernel parses.
#ifndef CUDA_COALESCE_DEVICE_LAUNCH_H
#define CUDA_COALESCE_DEVICE_LAUNCH_H
template <class... Args> __device__ void __cc_dl(Args &&...);
#endif

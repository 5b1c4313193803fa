/* For Parboil's fft (cuda and cuda_base) only, force-included with
 * -include. fft.cu defines its float2 operators (+, -, *) as plain
 * `inline` (host) functions and calls them from its __device__ FFT
 * butterflies, which nvcc (any version this side of CUDA 2) rejects:
 * "calling a __host__ function from a __device__ function is not allowed".
 * This includes every header fft.cu includes first (so that their include
 * guards keep them from being read again) and then makes `operator` expand
 * to `__host__ __device__ operator`: the four definitions in fft.cu, its
 * only uses of the keyword, become __host__ __device__, as meant. Only
 * .cu files see it (nvcc defines __CUDACC__ for those alone). */
#ifndef PARBOIL_COMPAT_FFT_FLOAT2_OPS_H
#define PARBOIL_COMPAT_FFT_FLOAT2_OPS_H
#if defined(__cplusplus) && defined(__CUDACC__)
#include <stdio.h>
#include <stdlib.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <parboil.h>
#define operator __host__ __device__ operator
#endif
#endif

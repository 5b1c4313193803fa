// threadIdx, blockIdx, blockDim, gridDim and warpSize.
//
// clang implements them itself (reads of special registers); its header only
// needs uint3 and dim3 to exist for the conversions it declares.
#ifndef CUDA_COALESCE_DEVICE_LAUNCH_PARAMETERS_H
#define CUDA_COALESCE_DEVICE_LAUNCH_PARAMETERS_H

#include "vector_types.h"
#include <__clang_cuda_builtin_vars.h>

#endif

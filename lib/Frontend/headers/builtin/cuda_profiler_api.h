// Profiler range markers; declared with the rest of the runtime API.
#ifndef CUDA_COALESCE_CUDA_PROFILER_API_H
#define CUDA_COALESCE_CUDA_PROFILER_API_H

#include "cuda_runtime_api.h"

#endif

// A project's own cuda.h, found through -Iinclude before the toolkit's, as
// Rodinia's b+tree/util/cuda/cuda.h is: this one wraps the toolkit's and
// adds a macro of its own, which the toolkit's header does not define.
#ifndef PROJECT_CUDA_H
#define PROJECT_CUDA_H
#include_next <cuda.h>
#define PROJECT_STRIDE 32
#endif

// A project's own cuda.h (darknet's src/cuda.h, Rodinia's b+tree
// util/cuda/cuda.h): no CUDA_VERSION in it.
#ifndef PROJECT_CUDA_H
#define PROJECT_CUDA_H
#define BLOCK 256
#endif

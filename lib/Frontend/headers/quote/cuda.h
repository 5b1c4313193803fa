/* cuda-coalesce: clang's CUDA wrapper (__clang_cuda_runtime_wrapper.h) opens
 * with #include "cuda.h" to read CUDA_VERSION; nvcc includes no cuda.h. When
 * a user's -I folder holds a cuda.h of its own (darknet's, Rodinia's
 * b+tree), that one would answer the wrapper, before the toolkit's headers
 * are set up. The nvcc compatibility mode puts this folder first for quoted
 * includes (-iquote): the wrapper's include, the first of the unit, when
 * CUDA_VERSION is not yet defined, gets the toolkit's file; every later
 * one goes on down the search path to the user's (docs/nvcc-compat.md,
 * tag cuda-h). A file beside its own cuda.h never reaches this one. */
#if !defined(CUDA_VERSION) && defined(CUDA_COALESCE_TOOLKIT_CUDA_H)
#include CUDA_COALESCE_TOOLKIT_CUDA_H
#else
#include_next "cuda.h"
#endif

// Force-included (-include) before every .cu file parsed with the built-in
// headers: it stands in for what nvcc makes visible without any #include.
#ifndef CUDA_COALESCE_PRELUDE_H
#define CUDA_COALESCE_PRELUDE_H

// nvcc defines it for every CUDA source; user code and glibc/libstdc++ (which
// then avoid __float128) test it.
#define __CUDACC__ 1

#include "host_defines.h"
#include "cuda.h"
#include "device_launch_parameters.h"
#include "cuda_runtime.h"

// nvcc's runtime headers include these C and C++ library headers, so host code
// calls ceil(), printf(), malloc(), strlen() or exit() without including them.
// After the device declarations above, so that <cmath>'s using-declarations
// carry those into namespace std.
#if __has_include(<math.h>)
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#endif
#if __has_include(<cmath>)
#include <cmath>
#include <cstdlib>
#include <new>
#endif

// nvcc's version macros, which host code prints and feature tests compare;
// derived from the API level cuda.h models.
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDA_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0

#endif

// The driver API's version macro, handle types and a few entry points.
//
// Kernels never call the driver API; this exists because code includes
// <cuda.h> for CUDA_VERSION and for CUdeviceptr in shared structs.
#ifndef CUDA_COALESCE_CUDA_H
#define CUDA_COALESCE_CUDA_H

// The API level these headers model (matches CUDART_VERSION).
#define CUDA_VERSION 12000

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;

enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_UNKNOWN = 999
};
typedef enum cudaError_enum CUresult;

extern "C" {
CUresult cuInit(unsigned int flags);
CUresult cuDriverGetVersion(int *version);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuDeviceGetCount(int *count);
// Old benchmarks still query the device through these (the first is
// deprecated).
CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev);
CUresult cuMemGetInfo(__SIZE_TYPE__ *free, __SIZE_TYPE__ *total);
CUresult cuCtxSynchronize(void);
CUresult cuGetErrorString(CUresult error, const char **str);
CUresult cuGetErrorName(CUresult error, const char **str);
}

#endif

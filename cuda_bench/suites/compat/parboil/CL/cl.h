/* Stand-in for OpenCL's CL/cl.h, for Parboil's CUDA programs only.
 * common/include/parboil.h includes <CL/cl.h> unconditionally (for its
 * OpenCL timing wrappers, which the CUDA programs never call); this
 * declares just the types those prototypes name, so that the CUDA
 * programs build without an OpenCL SDK. */
#ifndef PARBOIL_COMPAT_CL_H
#define PARBOIL_COMPAT_CL_H
typedef int cl_int;
typedef unsigned int cl_uint;
typedef struct _cl_command_queue *cl_command_queue;
typedef struct _cl_kernel *cl_kernel;
typedef struct _cl_event *cl_event;
typedef struct _cl_mem *cl_mem;
#endif

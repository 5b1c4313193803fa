// The surface object functions (surf2Dwrite, surf2Dread, ...) of CUDA's
// documented API. Clang's CUDA wrapper leaves the toolkit's
// surface_indirect_functions.h out (its bodies call a surface built-in
// clang does not implement), and the built-in headers had none, so code
// that writes an image through a surface did not parse. Declarations only:
// the analysis models global loads and stores through pointers, and a
// surface access is neither.
#ifndef CUDA_COALESCE_SURFACE_FUNCTIONS_H
#define CUDA_COALESCE_SURFACE_FUNCTIONS_H
// The toolkit's own declarations, if a file includes them, would make every
// call ambiguous with these.
#define __SURFACE_INDIRECT_FUNCTIONS_H__

#define __CC_SURF(NAME, ...)                                                   \
  template <class T>                                                           \
  __device__ T NAME##read(cudaSurfaceObject_t surf, __VA_ARGS__,               \
                          cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap); \
  template <class T>                                                           \
  __device__ void NAME##read(T *data, cudaSurfaceObject_t surf, __VA_ARGS__,   \
                             cudaSurfaceBoundaryMode mode =                    \
                                 cudaBoundaryModeTrap);                        \
  template <class T>                                                           \
  __device__ void NAME##write(T data, cudaSurfaceObject_t surf, __VA_ARGS__,   \
                              cudaSurfaceBoundaryMode mode =                   \
                                  cudaBoundaryModeTrap);
__CC_SURF(surf1D, int x)
__CC_SURF(surf2D, int x, int y)
__CC_SURF(surf3D, int x, int y, int z)
__CC_SURF(surf1DLayered, int x, int layer)
__CC_SURF(surf2DLayered, int x, int y, int layer)
__CC_SURF(surfCubemap, int x, int y, int face)
__CC_SURF(surfCubemapLayered, int x, int y, int layerFace)
#undef __CC_SURF

#endif

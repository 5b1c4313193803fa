// Device reads through the texture references CUDA 12 removed (tex1Dfetch,
// tex2D, ... on a texture<>), for old code. Declarations only: a texture read
// is not a global memory access to the analysis.
#ifndef CUDA_COALESCE_TEXTURE_FETCH_FUNCTIONS_H
#define CUDA_COALESCE_TEXTURE_FETCH_FUNCTIONS_H

#include "texture_types.h"

// What a fetch returns: the element type, or floats for a normalized read of
// 8- and 16-bit integers.
template <class T, enum cudaTextureReadMode mode> struct __cc_texel {
  typedef T type;
};
template <class T> struct __cc_texel<T, cudaReadModeNormalizedFloat> {
  typedef float type;
};
#define __CC_TEXEL_NF(V, F)                                                    \
  template <> struct __cc_texel<V, cudaReadModeNormalizedFloat> {              \
    typedef F type;                                                            \
  };
#define __CC_TEXEL_NF_N(N)                                                     \
  __CC_TEXEL_NF(char##N, float##N) __CC_TEXEL_NF(uchar##N, float##N)           \
  __CC_TEXEL_NF(short##N, float##N) __CC_TEXEL_NF(ushort##N, float##N)
__CC_TEXEL_NF_N(1) __CC_TEXEL_NF_N(2) __CC_TEXEL_NF_N(4)
#undef __CC_TEXEL_NF_N
#undef __CC_TEXEL_NF

#define __CC_TEX_FETCH(Name, Type, ...)                                        \
  template <class T, enum cudaTextureReadMode M>                               \
  __device__ typename __cc_texel<T, M>::type Name(texture<T, Type, M> t,       \
                                                  __VA_ARGS__);
__CC_TEX_FETCH(tex1Dfetch, cudaTextureType1D, int x)
__CC_TEX_FETCH(tex1D, cudaTextureType1D, float x)
__CC_TEX_FETCH(tex2D, cudaTextureType2D, float x, float y)
__CC_TEX_FETCH(tex3D, cudaTextureType3D, float x, float y, float z)
__CC_TEX_FETCH(tex1DLod, cudaTextureType1D, float x, float level)
__CC_TEX_FETCH(tex2DLod, cudaTextureType2D, float x, float y, float level)
__CC_TEX_FETCH(tex3DLod, cudaTextureType3D, float x, float y, float z,
               float level)
__CC_TEX_FETCH(tex1DLayered, cudaTextureType1DLayered, float x, int layer)
__CC_TEX_FETCH(tex2DLayered, cudaTextureType2DLayered, float x, float y,
               int layer)
__CC_TEX_FETCH(texCubemap, cudaTextureTypeCubemap, float x, float y, float z)
#undef __CC_TEX_FETCH

#endif

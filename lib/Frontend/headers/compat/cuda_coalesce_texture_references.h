// The texture references CUDA 12 removed, which old benchmarks still use:
// textureReference (the sampler state host code sets, tex.filterMode = ...),
// the texture<> template, the device reads through it (tex1Dfetch,
// tex2D, ...) and the C++ binding forms (cudaBindTexture(offset, tex, ...)). Shared by the toolkit prelude and the built-in headers; the
// includer provides the texture enums and cudaChannelFormatDesc.
// Declarations only: a texture read is not a global memory access to the
// analysis.
#ifndef CUDA_COALESCE_TEXTURE_REFERENCES_H
#define CUDA_COALESCE_TEXTURE_REFERENCES_H

struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
};

// The attribute lets device code read a file-scope texture, as nvcc does; no
// constructors, so such a variable needs no dynamic initialization.
template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture
    : public textureReference {};

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

// The host binding forms that take the texture itself, with or without a
// channel format (cudaError_t and cudaArray_const_t come from the includer).
#define __CC_TEX_API                                                           \
  template <class T, int D, enum cudaTextureReadMode M> cudaError_t
__CC_TEX_API cudaBindTexture(__SIZE_TYPE__ *offset, const texture<T, D, M> &tex,
                             const void *devPtr,
                             const cudaChannelFormatDesc &desc,
                             __SIZE_TYPE__ size = ~(__SIZE_TYPE__)0);
__CC_TEX_API cudaBindTexture(__SIZE_TYPE__ *offset, const texture<T, D, M> &tex,
                             const void *devPtr,
                             __SIZE_TYPE__ size = ~(__SIZE_TYPE__)0);
__CC_TEX_API cudaBindTexture2D(__SIZE_TYPE__ *offset,
                               const texture<T, D, M> &tex, const void *devPtr,
                               const cudaChannelFormatDesc &desc,
                               __SIZE_TYPE__ width, __SIZE_TYPE__ height,
                               __SIZE_TYPE__ pitch);
__CC_TEX_API cudaBindTexture2D(__SIZE_TYPE__ *offset,
                               const texture<T, D, M> &tex, const void *devPtr,
                               __SIZE_TYPE__ width, __SIZE_TYPE__ height,
                               __SIZE_TYPE__ pitch);
__CC_TEX_API cudaBindTextureToArray(const texture<T, D, M> &tex,
                                    cudaArray_const_t array,
                                    const cudaChannelFormatDesc &desc);
__CC_TEX_API cudaBindTextureToArray(const texture<T, D, M> &tex,
                                    cudaArray_const_t array);
__CC_TEX_API cudaUnbindTexture(const texture<T, D, M> &tex);
__CC_TEX_API cudaGetTextureAlignmentOffset(__SIZE_TYPE__ *offset,
                                           const texture<T, D, M> &tex);
#undef __CC_TEX_API

#endif

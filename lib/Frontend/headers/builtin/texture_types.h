// Texture enums (the toolkit's values), and the texture references CUDA 12
// removed, shared with the toolkit prelude (compat/, also on the search path
// in built-in mode).
#ifndef CUDA_COALESCE_TEXTURE_TYPES_H
#define CUDA_COALESCE_TEXTURE_TYPES_H

#include "driver_types.h"

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC

enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};

enum cudaTextureFilterMode {
  cudaFilterModePoint = 0,
  cudaFilterModeLinear = 1
};

enum cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};

// textureReference, texture<> and the reads through it.
#include "cuda_coalesce_texture_references.h"

#endif

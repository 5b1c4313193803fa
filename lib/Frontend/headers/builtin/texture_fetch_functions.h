// Device reads through the texture references CUDA 12 removed: declared with
// the references themselves (compat/cuda_coalesce_texture_references.h).
#ifndef CUDA_COALESCE_TEXTURE_FETCH_FUNCTIONS_H
#define CUDA_COALESCE_TEXTURE_FETCH_FUNCTIONS_H

#include "texture_types.h"

#endif

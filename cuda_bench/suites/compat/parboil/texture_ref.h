/* For Parboil's spmv cuda and cuda_base only (force-included into nvcc with
 * -include): their spmv_jds.h declares `texture<float,1> tex_x_float;`,
 * a texture reference that neither variant reads (only the *_tex variants
 * do). CUDA 12 removed the texture reference template, so this declares an
 * empty one under that name; nothing can fetch through it. */
#ifndef PARBOIL_COMPAT_TEXTURE_REF_H
#define PARBOIL_COMPAT_TEXTURE_REF_H
#if defined(__cplusplus) && defined(__CUDACC__)
template <class T, int dim = 1, int mode = 0>
struct texture {};
#endif
#endif

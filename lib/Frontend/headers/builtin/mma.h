// nvcuda::wmma, the warp matrix API: fragments, and loads and stores of
// the tiles the analyzer models (16x16x16 half and bfloat16, 16x16x8
// tf32, their float accumulators, and the half accumulator it reports as
// unknown). The loads and stores call clang's wmma builtins, as the
// toolkit's do; the analyzer models the builtins (EvalWmma.cpp).
#ifndef CUDA_COALESCE_MMA_H
#define CUDA_COALESCE_MMA_H

#include "cuda_bf16.h"
#include "cuda_fp16.h"

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace precision {
struct tf32;
}

enum layout_t { mem_row_major, mem_col_major };

template <typename T> struct __cc_wmma_storage {
  typedef T type;
};
template <> struct __cc_wmma_storage<precision::tf32> {
  typedef float type;
};

template <typename Use, int m, int n, int k, typename T,
          typename Layout = void>
class fragment {
public:
  typedef typename __cc_wmma_storage<T>::type element_type;
  enum { num_elements = 8 };
  element_type x[num_elements];
};

template <typename Frag, typename V>
__device__ void fill_fragment(Frag &f, const V &v);
template <typename D, typename A, typename B, typename C>
__device__ void mma_sync(D &d, const A &a, const B &b, const C &c);

__device__ inline void
load_matrix_sync(fragment<matrix_a, 16, 16, 16, __half, row_major> &a,
                 const __half *p, unsigned ldm) {
  __hmma_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 0);
}
__device__ inline void
load_matrix_sync(fragment<matrix_a, 16, 16, 16, __half, col_major> &a,
                 const __half *p, unsigned ldm) {
  __hmma_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 1);
}
__device__ inline void
load_matrix_sync(fragment<matrix_b, 16, 16, 16, __half, row_major> &a,
                 const __half *p, unsigned ldm) {
  __hmma_m16n16k16_ld_b((int *)&a, (const int *)p, ldm, 0);
}
__device__ inline void
load_matrix_sync(fragment<matrix_b, 16, 16, 16, __half, col_major> &a,
                 const __half *p, unsigned ldm) {
  __hmma_m16n16k16_ld_b((int *)&a, (const int *)p, ldm, 1);
}
__device__ inline void
load_matrix_sync(fragment<matrix_a, 16, 16, 16, __nv_bfloat16, row_major> &a,
                 const __nv_bfloat16 *p, unsigned ldm) {
  __mma_bf16_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 0);
}
__device__ inline void
load_matrix_sync(fragment<matrix_a, 16, 16, 16, __nv_bfloat16, col_major> &a,
                 const __nv_bfloat16 *p, unsigned ldm) {
  __mma_bf16_m16n16k16_ld_a((int *)&a, (const int *)p, ldm, 1);
}
__device__ inline void
load_matrix_sync(fragment<matrix_b, 16, 16, 16, __nv_bfloat16, row_major> &a,
                 const __nv_bfloat16 *p, unsigned ldm) {
  __mma_bf16_m16n16k16_ld_b((int *)&a, (const int *)p, ldm, 0);
}
__device__ inline void
load_matrix_sync(fragment<matrix_b, 16, 16, 16, __nv_bfloat16, col_major> &a,
                 const __nv_bfloat16 *p, unsigned ldm) {
  __mma_bf16_m16n16k16_ld_b((int *)&a, (const int *)p, ldm, 1);
}
__device__ inline void
load_matrix_sync(fragment<matrix_a, 16, 16, 8, precision::tf32, row_major> &a,
                 const float *p, unsigned ldm) {
  __mma_tf32_m16n16k8_ld_a((int *)&a, (const int *)p, ldm, 0);
}
__device__ inline void
load_matrix_sync(fragment<matrix_a, 16, 16, 8, precision::tf32, col_major> &a,
                 const float *p, unsigned ldm) {
  __mma_tf32_m16n16k8_ld_a((int *)&a, (const int *)p, ldm, 1);
}
__device__ inline void
load_matrix_sync(fragment<matrix_b, 16, 16, 8, precision::tf32, row_major> &a,
                 const float *p, unsigned ldm) {
  __mma_tf32_m16n16k8_ld_b((int *)&a, (const int *)p, ldm, 0);
}
__device__ inline void
load_matrix_sync(fragment<matrix_b, 16, 16, 8, precision::tf32, col_major> &a,
                 const float *p, unsigned ldm) {
  __mma_tf32_m16n16k8_ld_b((int *)&a, (const int *)p, ldm, 1);
}
__device__ inline void
load_matrix_sync(fragment<accumulator, 16, 16, 16, float> &a, const float *p,
                 unsigned ldm, layout_t layout) {
  if (layout == mem_row_major)
    __hmma_m16n16k16_ld_c_f32((float *)&a, p, ldm, 0);
  else
    __hmma_m16n16k16_ld_c_f32((float *)&a, p, ldm, 1);
}
__device__ inline void
store_matrix_sync(float *p, const fragment<accumulator, 16, 16, 16, float> &a,
                  unsigned ldm, layout_t layout) {
  if (layout == mem_row_major)
    __hmma_m16n16k16_st_c_f32(p, (const float *)&a, ldm, 0);
  else
    __hmma_m16n16k16_st_c_f32(p, (const float *)&a, ldm, 1);
}
__device__ inline void
load_matrix_sync(fragment<accumulator, 16, 16, 16, __half> &a, const __half *p,
                 unsigned ldm, layout_t layout) {
  if (layout == mem_row_major)
    __hmma_m16n16k16_ld_c_f16((int *)&a, (const int *)p, ldm, 0);
  else
    __hmma_m16n16k16_ld_c_f16((int *)&a, (const int *)p, ldm, 1);
}
__device__ inline void
store_matrix_sync(__half *p, const fragment<accumulator, 16, 16, 16, __half> &a,
                  unsigned ldm, layout_t layout) {
  if (layout == mem_row_major)
    __hmma_m16n16k16_st_c_f16((int *)p, (const int *)&a, ldm, 0);
  else
    __hmma_m16n16k16_st_c_f16((int *)p, (const int *)&a, ldm, 1);
}
__device__ inline void
load_matrix_sync(fragment<accumulator, 16, 16, 8, float> &a, const float *p,
                 unsigned ldm, layout_t layout) {
  if (layout == mem_row_major)
    __mma_tf32_m16n16k8_ld_c((float *)&a, p, ldm, 0);
  else
    __mma_tf32_m16n16k8_ld_c((float *)&a, p, ldm, 1);
}
__device__ inline void
store_matrix_sync(float *p, const fragment<accumulator, 16, 16, 8, float> &a,
                  unsigned ldm, layout_t layout) {
  if (layout == mem_row_major)
    __mma_m16n16k8_st_c_f32(p, (const float *)&a, ldm, 0);
  else
    __mma_m16n16k8_st_c_f32(p, (const float *)&a, ldm, 1);
}

} // namespace wmma
} // namespace nvcuda

#endif

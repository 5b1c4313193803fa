// cooperative_groups::reduce, inclusive_scan, exclusive_scan and the function
// objects they are called with.
#ifndef CUDA_COALESCE_COOPERATIVE_GROUPS_REDUCE_H
#define CUDA_COALESCE_COOPERATIVE_GROUPS_REDUCE_H

#include <cooperative_groups.h>

namespace cooperative_groups {

#define __CC_REDUCE_OP(Name, Expr)                                             \
  template <class T> struct Name {                                             \
    __device__ T operator()(const T &a, const T &b) const { return Expr; }     \
  };
__CC_REDUCE_OP(plus, a + b)
__CC_REDUCE_OP(less, a < b ? a : b)
__CC_REDUCE_OP(greater, a < b ? b : a)
__CC_REDUCE_OP(bit_and, a & b)
__CC_REDUCE_OP(bit_or, a | b)
__CC_REDUCE_OP(bit_xor, a ^ b)
#undef __CC_REDUCE_OP

template <class Group, class T, class Op>
__device__ T reduce(const Group &g, T value, Op op);
template <class Group, class T, class Op = plus<T>>
__device__ T inclusive_scan(const Group &g, T value, Op op = Op());
template <class Group, class T, class Op = plus<T>>
__device__ T exclusive_scan(const Group &g, T value, Op op = Op());

} // namespace cooperative_groups

#endif

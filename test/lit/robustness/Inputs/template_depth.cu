// Unbounded template recursion: clang stops at -ftemplate-depth (1024).
template <int N> struct Deep { static constexpr int value = Deep<N + 1>::value; };
__global__ void deep(int *out) { out[threadIdx.x] = Deep<0>::value; }

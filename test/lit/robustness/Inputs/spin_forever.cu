// Valid CUDA that clang cannot finish in any reasonable time: a constant
// expression of four billion loop iterations (clang's interpreter manages a
// few million a second), allowed by -fconstexpr-steps on the command line.
constexpr unsigned long spin(unsigned long N) {
  unsigned long S = 0;
  for (unsigned long I = 0; I < N; ++I)
    S += I ^ (S >> 3);
  return S;
}
static_assert(spin(4000000000ul) != 1, "");
__global__ void spinning(float *out) { out[threadIdx.x * 2] = 0.0f; }

// Setup kernels of the pattern suite. They are kept out of patterns.cu so that what the analyzer reports
// for patterns.cu is the measured kernels and nothing else.
#include "patterns.h"

#include "cuda_check.h"
#include "particles.h"

namespace {

constexpr int kSetupBlock = 256;

__global__ void fillInputKernel(unsigned *bits, size_t count) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < count)
    bits[i] = 0x40000000u | ((static_cast<unsigned>(i) * 2654435761u) & 0x007fffffu);
}

// Members other than x get negative values, which fillInput never writes, so a row that copied the wrong
// member fails verification.
template <typename P> __global__ void fillParticlesKernel(P *particles, const float *in, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n) {
    P p;
    float *members = reinterpret_cast<float *>(&p);
    for (size_t k = 0; k < sizeof(P) / sizeof(float); ++k)
      members[k] = -1.0f - static_cast<float>(k);
    p.x = in[i];
    particles[i] = p;
  }
}

__device__ unsigned mix32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

// A bijection of [0, 2^(2*halfBits)): four Feistel rounds over two halves of halfBits bits each.
__device__ unsigned feistel(unsigned x, int halfBits, unsigned seed) {
  const unsigned mask = (1u << halfBits) - 1u;
  unsigned left = x >> halfBits, right = x & mask;
  for (unsigned round = 0; round < 4; ++round) {
    unsigned next = left ^ (mix32(right ^ (seed + round * 0x9e3779b9u)) & mask);
    left = right;
    right = next;
  }
  return (left << halfBits) | right;
}

__global__ void fillPermutationKernel(unsigned *index, size_t n, int halfBits, unsigned seed) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n) {
    // Cycle walking keeps the map a permutation of [0, n): the domain is under 4n, so walks are short.
    unsigned x = feistel(static_cast<unsigned>(i), halfBits, seed);
    while (x >= n)
      x = feistel(x, halfBits, seed);
    index[i] = x;
  }
}

unsigned setupBlocks(size_t threads) { return static_cast<unsigned>((threads + kSetupBlock - 1) / kSetupBlock); }

} // namespace

namespace bench {

void fillInput(float *in, size_t count) {
  fillInputKernel<<<setupBlocks(count), kSetupBlock>>>(reinterpret_cast<unsigned *>(in), count);
  CUDA_CHECK_LAUNCH();
}

void fillParticles(PatternKernel kernel, void *particles, const float *in, size_t n) {
  if (kernel == PatternKernel::AoS12)
    fillParticlesKernel<Particle3><<<setupBlocks(n), kSetupBlock>>>(static_cast<Particle3 *>(particles), in, n);
  else if (kernel == PatternKernel::AoS24)
    fillParticlesKernel<Particle6><<<setupBlocks(n), kSetupBlock>>>(static_cast<Particle6 *>(particles), in, n);
  CUDA_CHECK_LAUNCH();
}

void fillPermutation(unsigned *index, size_t n, unsigned seed) {
  int halfBits = 1;
  while ((size_t{1} << (2 * halfBits)) < n)
    ++halfBits;
  fillPermutationKernel<<<setupBlocks(n), kSetupBlock>>>(index, n, halfBits, seed);
  CUDA_CHECK_LAUNCH();
}

} // namespace bench

// Kernels of the coalescing pattern suite, and their launches.
//
// cuda-coalesce parses this file too, and its predictions are checked against the measured rows, so the
// kernels stay plain: strides, chunks, offsets and element types are template arguments (constants to the
// analyzer), every launch uses kBlock, and no index uses a run-time modulo (nvcc cannot turn `% n` into a
// mask, which would charge the strided rows for a division the coalesced row does not pay).
#include "patterns.h"

#include <cstdio>
#include <cstdlib>

#include "cuda_check.h"
#include "particles.h"

constexpr int kBlock = 256;

// The permuted copy: gridDim.y == STRIDE and j = col * STRIDE + blockIdx.y visits every element exactly
// once, so the load and the store are both strided and the whole buffer is still copied.
template <typename T, int STRIDE>
__global__ void copyStrided(const T *__restrict__ in, T *__restrict__ out, size_t columns) {
  size_t col = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (col < columns) {
    size_t j = col * STRIDE + blockIdx.y;
    out[j] = in[j];
  }
}

// CPU-style: each thread copies its own contiguous chunk, so on every iteration the lanes of a warp sit
// CHUNK elements apart.
template <int CHUNK>
__global__ void copyChunked(const float *__restrict__ in, float *__restrict__ out, size_t threads) {
  size_t t = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (t < threads) {
    for (size_t k = t * CHUNK; k < (t + 1) * CHUNK; ++k)
      out[k] = in[k];
  }
}

// The fix for chunking: on every iteration consecutive lanes touch consecutive elements.
__global__ void copyGridStride(const float *__restrict__ in, float *__restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<size_t>(blockDim.x) * gridDim.x)
    out[i] = in[i];
}

// Array of structs: lane i reads particles[i].x, so the lanes sit sizeof(P) bytes apart.
template <typename P>
__global__ void copyAoS(const P *__restrict__ particles, float *__restrict__ out, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = particles[i].x;
}

// Struct of arrays: the same member read from its own contiguous array.
__global__ void copySoA(ParticlesSoA particles, float *__restrict__ out, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = particles.xs[i];
}

// A contiguous load that starts OFFSET_ELEMS floats past a 256-byte aligned allocation.
template <int OFFSET_ELEMS>
__global__ void copyOffset(const float *__restrict__ in, float *__restrict__ out, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = in[i + OFFSET_ELEMS];
}

// A gather through a random permutation: the load address depends on a loaded value.
__global__ void copyGather(const float *__restrict__ in, const unsigned *__restrict__ index,
                           float *__restrict__ out, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = in[index[i]];
}

namespace bench {

namespace {

unsigned blocksFor(size_t threads) {
  size_t blocks = (threads + kBlock - 1) / kBlock;
  if (blocks == 0 || blocks > 0x7fffffffu) {
    std::fprintf(stderr, "coalescing-patterns: %zu threads do not fit one grid\n", threads);
    std::exit(2);
  }
  return static_cast<unsigned>(blocks);
}

template <typename T, int STRIDE> size_t launchStrided(const PatternBuffers &b) {
  size_t elems = b.n * sizeof(float) / sizeof(T);
  size_t columns = elems / STRIDE;
  dim3 grid(blocksFor(columns), STRIDE);
  copyStrided<T, STRIDE><<<grid, kBlock>>>(reinterpret_cast<const T *>(b.in), reinterpret_cast<T *>(b.out),
                                            columns);
  CUDA_CHECK_LAUNCH();
  return columns * STRIDE * sizeof(T);
}

template <int CHUNK> size_t launchChunked(const PatternBuffers &b) {
  size_t threads = b.n / CHUNK;
  copyChunked<CHUNK><<<blocksFor(threads), kBlock>>>(b.in, b.out, threads);
  CUDA_CHECK_LAUNCH();
  return threads * CHUNK * sizeof(float);
}

template <typename P> size_t launchAoS(const PatternBuffers &b) {
  copyAoS<P><<<blocksFor(b.n), kBlock>>>(static_cast<const P *>(b.particles), b.out, b.n);
  CUDA_CHECK_LAUNCH();
  return b.n * sizeof(float);
}

template <int OFFSET_ELEMS> size_t launchOffset(const PatternBuffers &b) {
  copyOffset<OFFSET_ELEMS><<<blocksFor(b.n), kBlock>>>(b.in, b.out, b.n);
  CUDA_CHECK_LAUNCH();
  return b.n * sizeof(float);
}

size_t launchGridStride(const PatternBuffers &b) {
  copyGridStride<<<b.gridStrideBlocks, kBlock>>>(b.in, b.out, b.n);
  CUDA_CHECK_LAUNCH();
  return b.n * sizeof(float);
}

size_t launchSoA(const PatternBuffers &b) {
  // Only xs is read; ys and zs stand for the members a struct of arrays keeps beside it.
  ParticlesSoA soa{b.in, nullptr, nullptr};
  copySoA<<<blocksFor(b.n), kBlock>>>(soa, b.out, b.n);
  CUDA_CHECK_LAUNCH();
  return b.n * sizeof(float);
}

size_t launchGather(const PatternBuffers &b) {
  copyGather<<<blocksFor(b.n), kBlock>>>(b.in, b.gatherIndex, b.out, b.n);
  CUDA_CHECK_LAUNCH();
  return b.n * sizeof(float);
}

} // namespace

size_t launchPattern(PatternKernel kernel, const PatternBuffers &b) {
  switch (kernel) {
  case PatternKernel::FloatStride1: return launchStrided<float, 1>(b);
  case PatternKernel::FloatStride2: return launchStrided<float, 2>(b);
  case PatternKernel::FloatStride3: return launchStrided<float, 3>(b);
  case PatternKernel::FloatStride4: return launchStrided<float, 4>(b);
  case PatternKernel::FloatStride8: return launchStrided<float, 8>(b);
  case PatternKernel::FloatStride16: return launchStrided<float, 16>(b);
  case PatternKernel::FloatStride32: return launchStrided<float, 32>(b);
  case PatternKernel::Chunked4: return launchChunked<4>(b);
  case PatternKernel::Chunked32: return launchChunked<32>(b);
  case PatternKernel::Chunked1024: return launchChunked<1024>(b);
  case PatternKernel::GridStride: return launchGridStride(b);
  case PatternKernel::AoS12: return launchAoS<Particle3>(b);
  case PatternKernel::AoS24: return launchAoS<Particle6>(b);
  case PatternKernel::SoA: return launchSoA(b);
  case PatternKernel::Offset4B: return launchOffset<1>(b);
  case PatternKernel::Offset32B: return launchOffset<8>(b);
  case PatternKernel::Gather: return launchGather(b);
  case PatternKernel::DoubleStride1: return launchStrided<double, 1>(b);
  case PatternKernel::DoubleStride2: return launchStrided<double, 2>(b);
  case PatternKernel::DoubleStride4: return launchStrided<double, 4>(b);
  case PatternKernel::Float4Stride1: return launchStrided<float4, 1>(b);
  }
  return 0;
}

int patternBlockSize() { return kBlock; }

size_t particleBytes(PatternKernel kernel) {
  switch (kernel) {
  case PatternKernel::AoS12: return sizeof(Particle3);
  case PatternKernel::AoS24: return sizeof(Particle6);
  default: return 0;
  }
}

} // namespace bench

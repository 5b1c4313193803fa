// The copy variants of the coalescing pattern suite. Every variant copies the same payload of n floats
// from an input buffer to an output buffer, so only the address pattern differs between rows.
#pragma once

#include <cstddef>

namespace bench {

enum class PatternKernel {
  FloatStride1,
  FloatStride2,
  FloatStride3,
  FloatStride4,
  FloatStride8,
  FloatStride16,
  FloatStride32,
  Chunked4,
  Chunked32,
  Chunked1024,
  GridStride,
  AoS12,
  AoS24,
  SoA,
  Offset4B,
  Offset32B,
  Gather,
  DoubleStride1,
  DoubleStride2,
  DoubleStride4,
  Float4Stride1,
};

// Floats past the payload that the input buffer holds, so the offset rows read in bounds.
constexpr size_t kInputPadFloats = 64;
// The payload is rounded down to a multiple of this many floats: it divides by every stride (3 included),
// every chunk and every vector width, so each variant covers the buffer exactly.
constexpr size_t kPayloadQuantumFloats = 3 * 1024;

struct PatternBuffers {
  const float *in = nullptr;           // n + kInputPadFloats floats
  float *out = nullptr;                // n floats
  const void *particles = nullptr;     // n particles of the row's struct type (AoS rows)
  const unsigned *gatherIndex = nullptr; // a permutation of [0, n) (gather row)
  size_t n = 0;                        // payload floats, a multiple of kPayloadQuantumFloats
  int gridStrideBlocks = 0;            // blocks of the grid-stride row
};

// Launches the variant on the default stream, asynchronously. Returns the payload bytes the launch reads
// (and writes), counted from its own grid, so the harness can assert that every row moves the same bytes.
size_t launchPattern(PatternKernel kernel, const PatternBuffers &buffers);

// Threads per block of every launch (kBlock in patterns.cu).
int patternBlockSize();

// sizeof the particle struct of the AoS rows (12 and 24).
size_t particleBytes(PatternKernel kernel);

// Setup, outside the measured kernels (setup.cu).
// Writes distinct finite floats: bit patterns 0x40000000 | (i * 2654435761 mod 2^23).
void fillInput(float *in, size_t count);
// particles[i].x = in[i]; the other members get values no kernel should copy.
void fillParticles(PatternKernel kernel, void *particles, const float *in, size_t n);
// index[i] = a fixed pseudo-random permutation of [0, n) chosen by seed (a Feistel network over the next
// even power of two, walked until it lands below n). n must be below 2^32.
void fillPermutation(unsigned *index, size_t n, unsigned seed);

} // namespace bench

// CPU-style chunks of 32 floats a thread, clamped to n.
#include "../fix_harness.h"

constexpr int kN = 1 << 24;
constexpr int kChunk = 32;
constexpr int kBlock = 256;

__global__ void scaleChunked(const float *in, float *out, int n, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = t * chunk; k < (t + 1) * chunk && k < n; ++k)
    out[k] = 2.0f * in[k] + 1.0f;
}

int main() {
  float *in = fixDevice(fixInput<float>(kN, 3));
  float *out = fixDevice(std::vector<float>(kN));
  fixTime("scaleChunked", [&] {
    scaleChunked<<<kN / kChunk / kBlock, kBlock>>>(in, out, kN, kChunk);
  });
  std::printf("checksum %016llx\n", (unsigned long long)fixChecksum(out, kN));
  return 0;
}

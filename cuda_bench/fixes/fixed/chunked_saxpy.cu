// saxpy with the range split the CPU way: start and end named, the end
// clamped to n by an if.
#include "../fix_harness.h"

constexpr int kN = 1 << 24;
constexpr int kChunk = 16;
constexpr int kBlock = 256;

__global__ void saxpyChunked(float a, const float *x, const float *y,
                             float *out, int n, int chunk) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int start = tid * chunk;
  int end = start + chunk;
  if (end > n)
    end = n;
  for (int i = tid; i < n && i < blockDim.x * gridDim.x * chunk; i += blockDim.x * gridDim.x)
    out[i] = a * x[i] + y[i];
}

int main() {
  float *x = fixDevice(fixInput<float>(kN, 4));
  float *y = fixDevice(fixInput<float>(kN, 5));
  float *out = fixDevice(std::vector<float>(kN));
  fixTime("saxpyChunked", [&] {
    saxpyChunked<<<kN / kChunk / kBlock, kBlock>>>(3.0f, x, y, out, kN, kChunk);
  });
  std::printf("checksum %016llx\n", (unsigned long long)fixChecksum(out, kN));
  return 0;
}

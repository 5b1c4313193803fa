// A tiled transpose through a float tile whose column read conflicts.
#include "../fix_harness.h"

constexpr int kN = 4096;

__global__ void transposeFloat(const float *in, float *out, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

int main() {
  float *in = fixDevice(fixInput<float>(size_t(kN) * kN, 1));
  float *out = fixDevice(std::vector<float>(size_t(kN) * kN));
  fixTime("transposeFloat", [&] {
    transposeFloat<<<dim3(kN / 32, kN / 32), dim3(32, 32)>>>(in, out, kN);
  });
  std::printf("checksum %016llx\n",
              (unsigned long long)fixChecksum(out, size_t(kN) * kN));
  return 0;
}

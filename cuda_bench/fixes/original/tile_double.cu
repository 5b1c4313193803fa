// A tiled transpose through a double tile sized by a macro.
#include "../fix_harness.h"

#define TILE 32
constexpr int kN = 4096;

__global__ void transposeDouble(const double *in, double *out, int n) {
  __shared__ double tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

int main() {
  double *in = fixDevice(fixInput<double>(size_t(kN) * kN, 2));
  double *out = fixDevice(std::vector<double>(size_t(kN) * kN));
  fixTime("transposeDouble", [&] {
    transposeDouble<<<dim3(kN / TILE, kN / TILE), dim3(TILE, TILE)>>>(in, out, kN);
  });
  std::printf("checksum %016llx\n",
              (unsigned long long)fixChecksum(out, size_t(kN) * kN));
  return 0;
}

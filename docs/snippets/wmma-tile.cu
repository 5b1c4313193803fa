#include <mma.h>
using namespace nvcuda;

__global__ void tileProduct(const __half *a, float *c) {
  __shared__ __half tile[16][16];
  for (int i = threadIdx.x; i < 16 * 16; i += 32)
    tile[i / 16][i % 16] = a[blockIdx.x * 256 + i];
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::load_matrix_sync(fa, &tile[0][0], 16);
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::store_matrix_sync(c + blockIdx.x * 256, acc, 16, wmma::mem_row_major);
}

int main() {
  float *c;
  __half *a;
  tileProduct<<<64, 32>>>(a, c);
}

// One student's submission in two files: main.cu includes kernels.cu, which
// uses TILE and so compiles only as part of main.cu.
#define TILE 32
#include "kernels.cu"

int main() {
  float *in = nullptr, *out = nullptr;
  transpose<<<dim3(32, 32), dim3(TILE, TILE)>>>(in, out, 1024);
  return 0;
}

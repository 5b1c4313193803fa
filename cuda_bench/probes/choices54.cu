// Stop 54's probe: offsets the data chooses, as upwind advection does
// (CloverLeaf's advec_cell: donor = flux > 0 ? -1 : 0). The same kernel
// runs on flux fields of three shapes: one sign everywhere, a sign that
// changes every 64 cells, and a random sign per cell. Written before this
// ran; what the GPU measured is in choices54.manifest.
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int N = 1 << 22;

template <int Shape>
__global__ void upwind(const double *flux, const double *rho, double *out,
                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 2;
  if (i >= n - 2)
    return;
  int donor, upwind;
  if (flux[i] > 0.0) {
    donor = -1;
    upwind = -2;
  } else {
    donor = 0;
    upwind = 1;
  }
  out[i] = rho[i + donor] - rho[i + upwind];
}

// The same choice between addresses a row apart: lanes that choose
// differently share no sector.
template <int Shape>
__global__ void rows(const float *flux, const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 4096)
    return;
  int off = flux[i] > 0.0f ? 0 : 4096;
  out[i] = a[i + off];
}

int main() {
  std::vector<double> shapes[3];
  std::vector<float> fshapes[3];
  srand(54);
  for (int s = 0; s < 3; ++s) {
    shapes[s].resize(N);
    fshapes[s].resize(N);
    for (int i = 0; i < N; ++i) {
      double v = s == 0 ? 1.0 : s == 1 ? ((i / 64) % 2 ? 1.0 : -1.0)
                                       : (rand() % 2 ? 1.0 : -1.0);
      shapes[s][i] = v;
      fshapes[s][i] = float(v);
    }
  }
  double *flux[3], *rho, *out;
  float *fflux[3], *fa, *fout;
  for (int s = 0; s < 3; ++s) {
    cudaMalloc(&flux[s], sizeof(double) * N);
    cudaMemcpy(flux[s], shapes[s].data(), sizeof(double) * N,
               cudaMemcpyHostToDevice);
    cudaMalloc(&fflux[s], sizeof(float) * N);
    cudaMemcpy(fflux[s], fshapes[s].data(), sizeof(float) * N,
               cudaMemcpyHostToDevice);
  }
  cudaMalloc(&rho, sizeof(double) * N);
  cudaMalloc(&out, sizeof(double) * N);
  cudaMalloc(&fa, sizeof(float) * N);
  cudaMalloc(&fout, sizeof(float) * N);
  cudaMemset(rho, 0, sizeof(double) * N);
  cudaMemset(fa, 0, sizeof(float) * N);
  upwind<0><<<N / 256, 256>>>(flux[0], rho, out, N);
  upwind<1><<<N / 256, 256>>>(flux[1], rho, out, N);
  upwind<2><<<N / 256, 256>>>(flux[2], rho, out, N);
  rows<0><<<N / 256, 256>>>(fflux[0], fa, fout, N);
  rows<1><<<N / 256, 256>>>(fflux[1], fa, fout, N);
  rows<2><<<N / 256, 256>>>(fflux[2], fa, fout, N);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}

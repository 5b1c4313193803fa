// Which source line nvcc books a load or store on when its expression
// spans several lines: one kernel per shape, each launched once, so that
// Nsight Compute's source counters name the line of every instruction
// (nvcc -ptx -lineinfo names the same ones before ptxas). See
// docs/bench/real-programs.md ("A seventh pass").
#include <cstdio>

struct Quad {
  float x, y, z, w;
};

// The index's last term on the next line (SHOC and Altis sort's
// reorderData: offsets[threadIdx.x * totalBlocks +\n blockId]).
__global__ void indexAcross(const float *in, float *out, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[threadIdx.x * cols +
              blockIdx.x];
}

// A store whose index spans two lines, its value on a third.
__global__ void storeAcross(const float *in, float *out, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[threadIdx.x * cols +
      blockIdx.x] =
      in[i];
}

// An assignment broken after '='.
__global__ void assignAcross(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] =
      in[i];
}

// A member of an element, the member on the next line.
__global__ void memberAcross(const Quad *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i]
               .y;
}

// The base on one line, the subscript on the next.
__global__ void baseAcross(const float *in, float *out, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in
      [threadIdx.x * cols + blockIdx.x];
}

// A load inside an index that spans lines (Altis sort's
// sStartPointers[sRadix1[localId +\n groupSize]]).
__global__ void nestedAcross(const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i +
                  1] +
              2];
}

// Index over three lines, the thread's term in the middle.
__global__ void threeLines(const float *in, float *out, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[blockIdx.x +
              threadIdx.x * cols +
              7];
}

// A call's argument spanning lines: an atomic on an element.
__global__ void atomicAcross(float *out, int cols) {
  atomicAdd(&out[threadIdx.x * cols +
                 blockIdx.x],
            1.0f);
}

int main() {
  const int Blocks = 64, Threads = 256, Cols = 64;
  const size_t N = size_t(Blocks) * Threads * Cols + 1024;
  float *in, *out;
  int *idx;
  Quad *quads;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&idx, N * sizeof(int));
  cudaMalloc(&quads, N * sizeof(Quad));
  cudaMemset(in, 0, N * sizeof(float));
  cudaMemset(idx, 0, N * sizeof(int));
  cudaMemset(quads, 0, N * sizeof(Quad));
  indexAcross<<<Blocks, Threads>>>(in, out, Cols);
  storeAcross<<<Blocks, Threads>>>(in, out, Cols);
  assignAcross<<<Blocks, Threads>>>(in, out);
  memberAcross<<<Blocks, Threads>>>(quads, out);
  baseAcross<<<Blocks, Threads>>>(in, out, Cols);
  nestedAcross<<<Blocks, Threads>>>(idx, in, out);
  threeLines<<<Blocks, Threads>>>(in, out, Cols);
  atomicAcross<<<Blocks, Threads>>>(out, Cols);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("lines40: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}

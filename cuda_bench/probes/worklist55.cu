// Stop 55's probe: a worklist's push, items[atomicAdd(count, 1)] = v, with
// every lane pushing, half the lanes (alternate ones), and one lane in 8,
// and a push of 4-byte and of 8-byte items. nvcc aggregates a warp's
// atomics on one address (one atomic a warp, each lane its rank among the
// active lanes), which would make the slots consecutive in lane order: the
// store then costs what a contiguous run of the active lanes' items costs.
// The analyzer says gather (no count). Written before this ran; what the
// GPU measured is in worklist55.manifest.
#include <cstdio>
#include <vector>

constexpr int N = 1 << 22;

template <int Every>
__global__ void push(const int *in, int *items, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % Every == 0) {
    int at = atomicAdd(count, 1);
    items[at] = i;
  }
}

template <int Every>
__global__ void pushWide(const int *in, double *items, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % Every == 0) {
    int at = atomicAdd(count, 1);
    items[at] = double(i);
  }
}

// Each lane adds a count of its own: no aggregation by rank, the slots are
// the data's.
__global__ void pushMany(const int *in, int *items, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int k = in[i] % 3 + 1;
    int at = atomicAdd(count, k);
    items[at] = i;
  }
}

int main() {
  std::vector<int> h(N);
  for (int i = 0; i < N; ++i)
    h[i] = i;
  int *in, *items, *count;
  double *wide;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&items, 3 * N * sizeof(int));
  cudaMalloc(&wide, N * sizeof(double));
  cudaMalloc(&count, sizeof(int));
  cudaMemcpy(in, h.data(), N * sizeof(int), cudaMemcpyHostToDevice);
  auto reset = [&] { cudaMemset(count, 0, sizeof(int)); };
  reset();
  push<1><<<N / 256, 256>>>(in, items, count, N);
  reset();
  push<2><<<N / 256, 256>>>(in, items, count, N);
  reset();
  push<8><<<N / 256, 256>>>(in, items, count, N);
  reset();
  pushWide<1><<<N / 256, 256>>>(in, wide, count, N);
  reset();
  pushWide<2><<<N / 256, 256>>>(in, wide, count, N);
  reset();
  pushMany<<<N / 256, 256>>>(in, items, count, N);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}

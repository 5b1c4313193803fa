// Kernels for the constructs of issue 12 beyond whole-launch sampling:
// data-dependent ranges (CSR SpMV, a thread a row and a warp a row),
// pointer walks, runtime strides, a host loop's launches, atomics, shuffles,
// cooperative groups, a partial warp, nvcc's ordered atomics, a gather into
// rows each lane owns, values a loop carries (a loader's member, an index
// set back). Predictions are checked against Nsight Compute's per-line
// counters (docs/bench/source-counters.md, "Constructs"), over every launch
// (ALL_LAUNCHES=1 source_counters.sh). A whole program: it builds its
// inputs, launches every kernel and checks for errors.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

// CSR SpMV, one thread a row: each lane walks its own row.
__global__ void csrScalar(const int *rowptr, const int *col, const float *val,
                          const float *x, float *y, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float sum = 0;
    for (int j = rowptr[row]; j < rowptr[row + 1]; ++j)
      sum += val[j] * x[col[j]];
    y[row] = sum;
  }
}

// CSR SpMV, one warp a row: the lanes share the row.
__global__ void csrVector(const int *rowptr, const int *col, const float *val,
                          const float *x, float *y, int rows) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (row < rows) {
    float sum = 0;
    for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += 32)
      sum += val[j] * x[col[j]];
    for (int o = 16; o > 0; o /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, o);
    if (lane == 0)
      y[row] = sum;
  }
}

// A pointer walk: each thread sums a row of 64 floats of its own.
__global__ void pointerWalk(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = in + i * 64;
  float sum = 0;
  for (int k = 0; k < 64; ++k)
    sum += *p++;
  out[i] = sum;
}

// The stride is a runtime value the analyzer cannot see (4 when run).
__global__ void runtimeStride(const float *in, float *out, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * stride];
}

// Launched from a host loop with d = 1, 2 and 4.
__global__ void hostLoop(float *m, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  m[i * d] += 1.0f;
}

__global__ void atomics(float *acc, const float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = v[i];
  atomicAdd(&acc[i * 32], x);
  atomicAdd(&acc[i], x);
}

__global__ void shuffles(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[__shfl_xor_sync(0xffffffffu, i, 1)];
}

__global__ void groups(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned g = cg::this_grid().thread_rank();
  out[g] = in[block.thread_rank() * 4];
  out[block.group_index().x * block.size() + block.thread_index().x] += 1.0f;
}

// A partial warp: four lanes, a sector each, where one would do.
__global__ void fourLanes(float *m, int n) {
  if (threadIdx.x < 4)
    m[threadIdx.x * n] = 0;
}

// nvcc's ordered built-ins (CUDA 12.8): an ordered load is a load, and the
// read-modify-write is an atomic like atomicAdd. (Ordered loads and stores
// take integers only.)
__global__ void nvAtomics(float *acc, float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *bits = reinterpret_cast<unsigned *>(v);
  unsigned x = __nv_atomic_load_n(&bits[i * 2], __NV_ATOMIC_RELAXED,
                                  __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&acc[i * 32], float(x), __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(reinterpret_cast<unsigned *>(acc) + i + 1, x,
                      __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
}

// A histogram per thread: rows of 64 counters, 256 bytes apart, indexed by
// a loaded key (0 to 63). Whatever the keys, the lanes' rows differ.
__global__ void rowHistogram(const int *keys, unsigned *hist) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  hist[tid * 64 + keys[tid]] += 1;
}

// A row loader (Rodinia dwt2d's): its member function moves the position,
// a member, by a row each call; each lane is a column.
struct RowLoader {
  int last, stride;
  __device__ void init(int first, int s) { last = first - s; stride = s; }
  __device__ float next(const float *in) {
    last += stride;
    return in[last];
  }
};
__global__ void rowLoader(const float *in, float *out, int width) {
  RowLoader l;
  l.init(blockIdx.x * blockDim.x + threadIdx.x, width);
  float s = 0;
  for (int r = 0; r < 8; ++r)
    s += l.next(in);
  out[l.last - 7 * width] = s;
}

// Rodinia lavaMD's copy: 100 elements a box, 128 threads, the index set
// back at the end of every box.
__global__ void setBack(const float *in, float *out, int boxes) {
  int tx = threadIdx.x;
  int w = tx;
  for (int k = 0; k < boxes; ++k) {
    int box = blockIdx.x * boxes + k;
    while (w < 100) {
      out[box * 128 + w] = in[box * 128 + w];
      w = w + 128;
    }
    w = tx;
  }
}

// Rows of 2049 ints, a 16-thread block a tile (Rodinia nw): each row starts
// 4 bytes further into a sector than the one before, so the loop's mean
// takes 8 of its rows.
__global__ void tileRows(const int *in, int *out, int cols) {
  int base = cols * 16 * blockIdx.x + threadIdx.x + cols + 1;
  int s = 0;
  for (int ty = 0; ty < 16; ty++)
    s += in[base + cols * ty];
  out[blockIdx.x * 16 + threadIdx.x] = s;
}

// A pyramid of lanes that shrinks by one at each end every iteration
// (Rodinia pathfinder): every iteration of the loop weighs alike.
__global__ void pyramid(const int *wall, int *out, int cols, int steps) {
  int x = blockIdx.x * 256 + threadIdx.x;
  int s = 0;
  for (int i = 0; i < steps; i++)
    if (threadIdx.x >= i + 1 && threadIdx.x <= 254 - i)
      s += wall[cols * i + x];
  out[x] = s;
}

// A tail after a loop whose bound each lane loaded (Rodinia huffman pack2):
// i stops where the data says, in the lane's own row of 64 ints, 256 bytes
// from the next lane's.
__global__ void tailAfterLoop(const unsigned *src, const unsigned *len,
                              unsigned *dst) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned offset = tid * 64;
  unsigned bitsize = len[tid];
  unsigned i, acc = 0;
  for (i = 1; i < bitsize / 32; i++)
    acc += src[offset + i];
  dst[tid] = src[offset + i] + acc;
}

// Rows of hid + 1 floats, a 16 x 16 tile a block (Rodinia backprop): with
// hid = 16 a warp's two rows are 4 bytes apart and share a sector, which
// rows far apart never do (the run's hid comes from the command line).
__global__ void smallRows(const float *in, float *out, int hid) {
  int index = (hid + 1) * 16 * blockIdx.y + (hid + 1) * threadIdx.y +
              threadIdx.x + 1 + (hid + 1);
  out[index] = in[index];
}
// The same with rows of 25 floats: 36 bytes between a warp's two rows.
__global__ void widerRows(const float *in, float *out, int cols) {
  int index = (cols + 1) * 16 * blockIdx.y + (cols + 1) * threadIdx.y +
              threadIdx.x + 1 + (cols + 1);
  out[index] = in[index];
}

// What the last iteration leaves in a flag every iteration sets (Rodinia
// hotspot's and pathfinder's "computed"), read after the loop: of 8
// iterations the last keeps lanes 8 to 247 of each block.
__global__ void lastPyramid(const float *in, float *out, int steps) {
  int tx = threadIdx.x;
  int x = blockIdx.x * 256 + tx;
  bool computed;
  for (int i = 0; i < steps; i++) {
    computed = false;
    if (tx >= i + 1 && tx <= 254 - i)
      computed = true;
    if (i == steps - 1)
      break;
  }
  if (computed)
    out[x] = in[x];
}

int main(int argc, char **argv) {
  const int Stride = argc > 1 ? std::atoi(argv[1]) : 4;
  const int Hid = argc > 2 ? std::atoi(argv[2]) : 16;
  const int Rows = 1 << 16;
  std::vector<int> rowptr(Rows + 1);
  rowptr[0] = 0;
  std::srand(1);
  for (int r = 0; r < Rows; ++r)
    rowptr[r + 1] = rowptr[r] + 16 + std::rand() % 33;
  const int Nnz = rowptr[Rows];
  std::vector<int> col(Nnz);
  for (int k = 0; k < Nnz; ++k)
    col[k] = std::rand() % Rows;
  const size_t Floats = size_t(1) << 26;
  int *dRowptr, *dCol;
  float *a, *b, *c;
  if (cudaMalloc(&dRowptr, (Rows + 1) * sizeof(int)) != cudaSuccess ||
      cudaMalloc(&dCol, Nnz * sizeof(int)) != cudaSuccess ||
      cudaMalloc(&a, Floats * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&b, Floats * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&c, Floats * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemcpy(dRowptr, rowptr.data(), (Rows + 1) * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dCol, col.data(), Nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(b, 0, Floats * sizeof(float));
  cudaMemset(c, 0, Floats * sizeof(float));
  csrScalar<<<Rows / 256, 256>>>(dRowptr, dCol, b, c, a, Rows);
  csrVector<<<Rows * 32 / 256, 256>>>(dRowptr, dCol, b, c, a, Rows);
  pointerWalk<<<4096, 256>>>(b, a);
  runtimeStride<<<4096, 256>>>(b, a, Stride);
  for (int d = 1; d <= 4; d *= 2)
    hostLoop<<<4096, 256>>>(a, d);
  atomics<<<4096, 256>>>(a, b);
  shuffles<<<4096, 256>>>(b, a);
  groups<<<4096, 256>>>(b, a);
  fourLanes<<<1, 32>>>(a, 1024);
  nvAtomics<<<4096, 256>>>(a, b);
  {
    const int Threads = 1024 * 256;
    std::vector<int> keys(Threads);
    for (int &k : keys)
      k = std::rand() % 64;
    int *dKeys;
    if (cudaMalloc(&dKeys, Threads * sizeof(int)) != cudaSuccess) {
      std::fprintf(stderr, "cudaMalloc failed\n");
      return 1;
    }
    cudaMemcpy(dKeys, keys.data(), Threads * sizeof(int),
               cudaMemcpyHostToDevice);
    rowHistogram<<<1024, 256>>>(dKeys, reinterpret_cast<unsigned *>(c));
    // Bit counts of 0 to 2047: the loop runs 0 to 62 times.
    for (int &k : keys)
      k = std::rand() % 2048;
    cudaMemcpy(dKeys, keys.data(), Threads * sizeof(int),
               cudaMemcpyHostToDevice);
    tailAfterLoop<<<1024, 256>>>(reinterpret_cast<const unsigned *>(b),
                                 reinterpret_cast<const unsigned *>(dKeys),
                                 reinterpret_cast<unsigned *>(a));
  }
  rowLoader<<<1024, 256>>>(b, c, 1024 * 256);
  setBack<<<4096, 128>>>(b, c, 4);
  tileRows<<<1024, 16>>>(reinterpret_cast<const int *>(b),
                         reinterpret_cast<int *>(c), 2049);
  pyramid<<<512, 256>>>(reinterpret_cast<const int *>(b),
                        reinterpret_cast<int *>(c), 100000, 20);
  smallRows<<<dim3(1, 4096), dim3(16, 16)>>>(b, c, Hid);
  widerRows<<<dim3(1, 4096), dim3(16, 16)>>>(b, c, Hid + 8);
  lastPyramid<<<4096, 256>>>(b, c, 8);
  cudaError_t E = cudaDeviceSynchronize();
  if (E != cudaSuccess) {
    std::fprintf(stderr, "%s\n", cudaGetErrorString(E));
    return 1;
  }
  std::printf("ok\n");
  return 0;
}

// Replay kernels. Warp w, lane l touches one element at buffer + w * warpStride + laneStart[l]; the lane
// starts and the active-lane mask live in constant memory, so the only global accesses a kernel makes are
// the pattern's own and Nsight Compute's load and store counters see nothing else.
#include "replay_run.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "cuda_check.h"

namespace {

__constant__ long long cLaneStart[32];
__constant__ unsigned cActiveMask;

constexpr int kReplayBlock = 256;
// Loaded values never equal this (the buffer is zeroed, stores write small counters), so the store that
// keeps the loads alive does not run. It reaches the kernels as a parameter: as a constant, the compiler
// would prove that a folded 1- or 2-byte value never equals it and delete the loads.
constexpr unsigned kMagic = 0xdeadbeefu;

template <int ELEM> struct ElemType;
template <> struct ElemType<1> { using type = unsigned char; };
template <> struct ElemType<2> { using type = unsigned short; };
template <> struct ElemType<4> { using type = unsigned int; };
template <> struct ElemType<8> { using type = unsigned long long; };
template <> struct ElemType<16> { using type = uint4; };

__device__ unsigned fold(unsigned char v) { return v; }
__device__ unsigned fold(unsigned short v) { return v; }
__device__ unsigned fold(unsigned int v) { return v; }
__device__ unsigned fold(unsigned long long v) { return static_cast<unsigned>(v ^ (v >> 32)); }
__device__ unsigned fold(uint4 v) { return v.x ^ v.y ^ v.z ^ v.w; }

template <typename T> __device__ T makeValue(long long w) { return static_cast<T>(w + 1); }
template <> __device__ uint4 makeValue<uint4>(long long w) {
  unsigned u = static_cast<unsigned>(w + 1);
  return make_uint4(u, u, u, u);
}

template <typename T> __device__ T bumped(T v) { return static_cast<T>(v + 1); }
template <> __device__ uint4 bumped<uint4>(uint4 v) { return make_uint4(v.x + 1, v.y, v.z, v.w); }

__device__ long long firstWarp() { return (blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x) >> 5; }
__device__ long long warpsInGrid() { return (static_cast<long long>(gridDim.x) * blockDim.x) >> 5; }
__device__ bool laneActive() { return (cActiveMask >> (threadIdx.x & 31u)) & 1u; }

} // namespace

// The kernels stay at global scope so that profilers print them without a namespace.

template <int ELEM>
__global__ void replayLoad(const unsigned char *buffer, long long warpStride, long long warps, unsigned magic,
                           unsigned *sink) {
  using T = typename ElemType<ELEM>::type;
  if (!laneActive())
    return;
  const long long start = cLaneStart[threadIdx.x & 31u];
  for (long long w = firstWarp(); w < warps; w += warpsInGrid()) {
    T v = *reinterpret_cast<const T *>(buffer + w * warpStride + start);
    if (fold(v) == magic)
      *sink = magic;
  }
}

template <int ELEM>
__global__ void replayStore(unsigned char *buffer, long long warpStride, long long warps, unsigned *) {
  using T = typename ElemType<ELEM>::type;
  if (!laneActive())
    return;
  const long long start = cLaneStart[threadIdx.x & 31u];
  for (long long w = firstWarp(); w < warps; w += warpsInGrid())
    *reinterpret_cast<T *>(buffer + w * warpStride + start) = makeValue<T>(w);
}

template <int ELEM>
__global__ void replayLoadStore(unsigned char *buffer, long long warpStride, long long warps, unsigned *) {
  using T = typename ElemType<ELEM>::type;
  if (!laneActive())
    return;
  const long long start = cLaneStart[threadIdx.x & 31u];
  for (long long w = firstWarp(); w < warps; w += warpsInGrid()) {
    T *p = reinterpret_cast<T *>(buffer + w * warpStride + start);
    *p = bumped(*p);
  }
}

// Baselines: the same element size and the same number of elements, lane l of a warp on element l.
template <int ELEM>
__global__ void replayBaselineLoad(const unsigned char *buffer, long long elems, unsigned magic, unsigned *sink) {
  using T = typename ElemType<ELEM>::type;
  const T *data = reinterpret_cast<const T *>(buffer);
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < elems;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    T v = data[i];
    if (fold(v) == magic)
      *sink = magic;
  }
}

template <int ELEM> __global__ void replayBaselineStore(unsigned char *buffer, long long elems, unsigned *) {
  using T = typename ElemType<ELEM>::type;
  T *data = reinterpret_cast<T *>(buffer);
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < elems;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    data[i] = makeValue<T>(i);
}

template <int ELEM> __global__ void replayBaselineLoadStore(unsigned char *buffer, long long elems, unsigned *) {
  using T = typename ElemType<ELEM>::type;
  T *data = reinterpret_cast<T *>(buffer);
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < elems;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    data[i] = bumped(data[i]);
}

namespace {

unsigned gridFor(long long threads, int waveBlocks) {
  long long needed = (threads + kReplayBlock - 1) / kReplayBlock;
  return static_cast<unsigned>(std::max(1ll, std::min<long long>(waveBlocks, needed)));
}

template <int ELEM> void launchPattern(const bench::ReplayPlan &p, unsigned char *buf, unsigned *sink, int waveBlocks) {
  unsigned grid = gridFor(p.warps * 32, waveBlocks);
  switch (p.kind) {
  case bench::AccessKind::Load:
    replayLoad<ELEM><<<grid, kReplayBlock>>>(buf, p.warpStride, p.warps, kMagic, sink);
    break;
  case bench::AccessKind::Store:
    replayStore<ELEM><<<grid, kReplayBlock>>>(buf, p.warpStride, p.warps, sink);
    break;
  case bench::AccessKind::LoadStore:
    replayLoadStore<ELEM><<<grid, kReplayBlock>>>(buf, p.warpStride, p.warps, sink);
    break;
  }
  CUDA_CHECK_LAUNCH();
}

template <int ELEM> void launchBaseline(const bench::ReplayPlan &p, unsigned char *buf, unsigned *sink, int waveBlocks) {
  long long elems = p.usefulBytes / ELEM;
  unsigned grid = gridFor(elems, waveBlocks);
  switch (p.kind) {
  case bench::AccessKind::Load:
    replayBaselineLoad<ELEM><<<grid, kReplayBlock>>>(buf, elems, kMagic, sink);
    break;
  case bench::AccessKind::Store:
    replayBaselineStore<ELEM><<<grid, kReplayBlock>>>(buf, elems, sink);
    break;
  case bench::AccessKind::LoadStore:
    replayBaselineLoadStore<ELEM><<<grid, kReplayBlock>>>(buf, elems, sink);
    break;
  }
  CUDA_CHECK_LAUNCH();
}

template <int ELEM> bench::ReplayTimings timeBoth(const bench::ReplayPlan &p, unsigned char *buf, unsigned *sink,
                                                  int waveBlocks, int warmup, int repeats) {
  bench::ReplayTimings t;
  t.pattern = bench::timeLaunches([&] { launchPattern<ELEM>(p, buf, sink, waveBlocks); }, warmup, repeats);
  t.baseline = bench::timeLaunches([&] { launchBaseline<ELEM>(p, buf, sink, waveBlocks); }, warmup, repeats);
  return t;
}

const char *kindPrefix(bench::AccessKind kind) {
  switch (kind) {
  case bench::AccessKind::Load: return "Load";
  case bench::AccessKind::Store: return "Store";
  case bench::AccessKind::LoadStore: return "LoadStore";
  }
  return "";
}

} // namespace

namespace bench {

std::string patternKernelName(const ReplayPlan &plan) {
  return std::string("replay") + kindPrefix(plan.kind) + "<" + std::to_string(plan.elemBytes) + ">";
}

std::string baselineKernelName(const ReplayPlan &plan) {
  return std::string("replayBaseline") + kindPrefix(plan.kind) + "<" + std::to_string(plan.elemBytes) + ">";
}

ReplayRunner::ReplayRunner(long long bufferBytes, int smCount, int maxThreadsPerSm)
    : bufferBytes_(bufferBytes), waveBlocks_(smCount * std::max(1, maxThreadsPerSm / kReplayBlock)) {
  CUDA_CHECK(cudaMalloc(&buffer_, static_cast<size_t>(bufferBytes_)));
  CUDA_CHECK(cudaMalloc(&sink_, sizeof(unsigned)));
}

ReplayRunner::~ReplayRunner() {
  cudaFree(buffer_);
  cudaFree(sink_);
}

ReplayTimings ReplayRunner::run(const ReplayPlan &plan, int warmup, int repeats) {
  if (plan.bufferBytes > bufferBytes_) {
    std::fprintf(stderr, "cuda-bench: replay needs %lld bytes, buffer holds %lld\n", plan.bufferBytes,
                 bufferBytes_);
    std::exit(3);
  }
  long long starts[32] = {};
  for (int l = 0; l < 32; ++l)
    starts[l] = plan.laneStart[l].value_or(0);
  CUDA_CHECK(cudaMemcpyToSymbol(cLaneStart, starts, sizeof starts));
  CUDA_CHECK(cudaMemcpyToSymbol(cActiveMask, &plan.activeMask, sizeof plan.activeMask));
  CUDA_CHECK(cudaMemset(buffer_, 0, static_cast<size_t>(plan.bufferBytes)));

  switch (plan.elemBytes) {
  case 1: return timeBoth<1>(plan, buffer_, sink_, waveBlocks_, warmup, repeats);
  case 2: return timeBoth<2>(plan, buffer_, sink_, waveBlocks_, warmup, repeats);
  case 4: return timeBoth<4>(plan, buffer_, sink_, waveBlocks_, warmup, repeats);
  case 8: return timeBoth<8>(plan, buffer_, sink_, waveBlocks_, warmup, repeats);
  case 16: return timeBoth<16>(plan, buffer_, sink_, waveBlocks_, warmup, repeats);
  }
  std::fprintf(stderr, "cuda-bench: no replay kernel for %d-byte elements\n", plan.elemBytes);
  std::exit(3);
}

} // namespace bench

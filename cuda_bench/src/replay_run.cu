// Replay kernels. Global: warp w, lane l touches one element at buffer + w * warpStride + laneStart[l].
// Shared: every warp makes `iterations` requests, lane l at byte laneStart[l] of the block's dynamic shared
// buffer, each request one inline-PTX instruction (volatile in both the asm and the PTX sense, so that
// neither nvcc nor ptxas can merge, widen, hoist out of the loop or drop it; Nsight Compute's instruction
// count checks that). The lane starts and the active-lane mask live in constant memory, so the only accesses
// a kernel makes to the space it replays are the pattern's own and Nsight Compute's counters see nothing else.
#include "replay_run.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "cuda_check.h"

namespace {

__constant__ long long cLaneStart[32];
__constant__ unsigned cActiveMask;

constexpr int kReplayBlock = bench::kReplayBlockThreads;
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

// The byte address, in the shared window, of the block's dynamic shared buffer.
__device__ unsigned sharedBase() {
  extern __shared__ __align__(128) unsigned char replayShared[];
  return static_cast<unsigned>(__cvta_generic_to_shared(replayShared));
}

// One warp-wide shared-memory instruction of ELEM bytes per lane: LDS/STS of that width, ATOMS.ADD.
template <int ELEM> struct SharedOp;
template <> struct SharedOp<1> {
  static __device__ unsigned load(unsigned a) {
    unsigned v;
    asm volatile("ld.volatile.shared.u8 %0, [%1];" : "=r"(v) : "r"(a));
    return v;
  }
  static __device__ void store(unsigned a, unsigned v) {
    asm volatile("st.volatile.shared.u8 [%0], %1;" ::"r"(a), "r"(v));
  }
};
template <> struct SharedOp<2> {
  static __device__ unsigned load(unsigned a) {
    unsigned v;
    asm volatile("ld.volatile.shared.u16 %0, [%1];" : "=r"(v) : "r"(a));
    return v;
  }
  static __device__ void store(unsigned a, unsigned v) {
    asm volatile("st.volatile.shared.u16 [%0], %1;" ::"r"(a), "r"(v));
  }
};
template <> struct SharedOp<4> {
  static __device__ unsigned load(unsigned a) {
    unsigned v;
    asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v) : "r"(a));
    return v;
  }
  static __device__ void store(unsigned a, unsigned v) {
    asm volatile("st.volatile.shared.u32 [%0], %1;" ::"r"(a), "r"(v));
  }
  static __device__ unsigned fetchAdd(unsigned a, unsigned v) {
    unsigned old;
    asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(old) : "r"(a), "r"(v));
    return old;
  }
};
template <> struct SharedOp<8> {
  static __device__ unsigned load(unsigned a) {
    unsigned x, y;
    asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(x), "=r"(y) : "r"(a));
    return x ^ y;
  }
  static __device__ void store(unsigned a, unsigned v) {
    asm volatile("st.volatile.shared.v2.u32 [%0], {%1, %2};" ::"r"(a), "r"(v), "r"(v));
  }
  static __device__ unsigned fetchAdd(unsigned a, unsigned v) {
    unsigned long long old;
    const unsigned long long one = v;
    asm volatile("atom.shared.add.u64 %0, [%1], %2;" : "=l"(old) : "r"(a), "l"(one));
    return static_cast<unsigned>(old ^ (old >> 32));
  }
};
template <> struct SharedOp<16> {
  static __device__ unsigned load(unsigned a) {
    unsigned x, y, z, w;
    asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
                 : "r"(a));
    return x ^ y ^ z ^ w;
  }
  static __device__ void store(unsigned a, unsigned v) {
    asm volatile("st.volatile.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(a), "r"(v), "r"(v), "r"(v), "r"(v));
  }
};

// Lane l's shared address: the pattern's start, or element l for the conflict-free baseline.
template <int ELEM, bool BASELINE> __device__ unsigned laneSharedAddress() {
  const unsigned lane = threadIdx.x & 31u;
  return sharedBase() + (BASELINE ? lane * ELEM : static_cast<unsigned>(cLaneStart[lane]));
}

// The shared buffer is never initialised: what a load returns does not matter, only that it is requested, and
// a fill would add stores to the counters.
template <int ELEM, bool BASELINE> __device__ void sharedLoads(int iterations, unsigned magic, unsigned *sink) {
  if (!laneActive())
    return;
  const unsigned a = laneSharedAddress<ELEM, BASELINE>();
  unsigned acc = 0;
  for (int i = 0; i < iterations; ++i)
    acc ^= SharedOp<ELEM>::load(a);
  if (acc == magic)
    *sink = acc;
}

template <int ELEM, bool BASELINE> __device__ void sharedStores(int iterations) {
  if (!laneActive())
    return;
  const unsigned a = laneSharedAddress<ELEM, BASELINE>();
  for (int i = 0; i < iterations; ++i)
    SharedOp<ELEM>::store(a, static_cast<unsigned>(i));
}

template <int ELEM, bool BASELINE> __device__ void sharedLoadStores(int iterations) {
  if (!laneActive())
    return;
  const unsigned a = laneSharedAddress<ELEM, BASELINE>();
  for (int i = 0; i < iterations; ++i)
    SharedOp<ELEM>::store(a, SharedOp<ELEM>::load(a) + 1u);
}

template <int ELEM, bool BASELINE> __device__ void sharedAtomics(int iterations, unsigned magic, unsigned *sink) {
  if (!laneActive())
    return;
  const unsigned a = laneSharedAddress<ELEM, BASELINE>();
  unsigned acc = 0;
  for (int i = 0; i < iterations; ++i)
    acc ^= SharedOp<ELEM>::fetchAdd(a, 1u);
  if (acc == magic)
    *sink = acc;
}

} // namespace

// The kernels stay at global scope so that profilers print them without a namespace.

template <int ELEM> __global__ void replaySharedLoad(int iterations, unsigned magic, unsigned *sink) {
  sharedLoads<ELEM, false>(iterations, magic, sink);
}
template <int ELEM> __global__ void replaySharedBaselineLoad(int iterations, unsigned magic, unsigned *sink) {
  sharedLoads<ELEM, true>(iterations, magic, sink);
}
template <int ELEM> __global__ void replaySharedStore(int iterations, unsigned, unsigned *) {
  sharedStores<ELEM, false>(iterations);
}
template <int ELEM> __global__ void replaySharedBaselineStore(int iterations, unsigned, unsigned *) {
  sharedStores<ELEM, true>(iterations);
}
template <int ELEM> __global__ void replaySharedLoadStore(int iterations, unsigned, unsigned *) {
  sharedLoadStores<ELEM, false>(iterations);
}
template <int ELEM> __global__ void replaySharedBaselineLoadStore(int iterations, unsigned, unsigned *) {
  sharedLoadStores<ELEM, true>(iterations);
}
template <int ELEM> __global__ void replaySharedAtomic(int iterations, unsigned magic, unsigned *sink) {
  sharedAtomics<ELEM, false>(iterations, magic, sink);
}
template <int ELEM> __global__ void replaySharedBaselineAtomic(int iterations, unsigned magic, unsigned *sink) {
  sharedAtomics<ELEM, true>(iterations, magic, sink);
}

// Writes where the dynamic shared buffer starts in the shared window.
__global__ void sharedAlignmentProbe(unsigned *out) { *out = sharedBase(); }

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
  case bench::AccessKind::Atomic: // planReplay never plans a global atomic
    std::fprintf(stderr, "cuda-bench: no global atomic replay\n");
    std::exit(3);
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
  case bench::AccessKind::Atomic:
    std::fprintf(stderr, "cuda-bench: no global atomic replay\n");
    std::exit(3);
  }
  CUDA_CHECK_LAUNCH();
}

// Shared replays: one wave of blocks, each with its own buffer; the baseline needs only 32 elements.
template <int ELEM>
void launchShared(const bench::ReplayPlan &p, bool baseline, unsigned *sink, int waveBlocks) {
  using Kernel = void (*)(int, unsigned, unsigned *);
  Kernel kernel = nullptr;
  switch (p.kind) {
  case bench::AccessKind::Load:
    kernel = baseline ? replaySharedBaselineLoad<ELEM> : replaySharedLoad<ELEM>;
    break;
  case bench::AccessKind::Store:
    kernel = baseline ? replaySharedBaselineStore<ELEM> : replaySharedStore<ELEM>;
    break;
  case bench::AccessKind::LoadStore:
    kernel = baseline ? replaySharedBaselineLoadStore<ELEM> : replaySharedLoadStore<ELEM>;
    break;
  case bench::AccessKind::Atomic:
    if constexpr (ELEM == 4 || ELEM == 8)
      kernel = baseline ? replaySharedBaselineAtomic<ELEM> : replaySharedAtomic<ELEM>;
    break;
  }
  if (!kernel) { // planReplay plans shared atomics of 4 and 8 bytes only
    std::fprintf(stderr, "cuda-bench: no %d-byte shared %s replay\n", ELEM, bench::accessKindName(p.kind));
    std::exit(3);
  }
  const size_t bytes = static_cast<size_t>(baseline ? std::max<long long>(32 * ELEM, bench::kBankRowBytes)
                                                    : p.sharedBytes);
  kernel<<<static_cast<unsigned>(waveBlocks), kReplayBlock, bytes>>>(p.iterations, kMagic, sink);
  CUDA_CHECK_LAUNCH();
}

template <int ELEM> bench::ReplayTimings timeBoth(const bench::ReplayPlan &p, unsigned char *buf, unsigned *sink,
                                                  int waveBlocks, int warmup, int repeats) {
  bench::ReplayTimings t;
  if (p.space == bench::MemorySpace::Shared) {
    t.pattern = bench::timeLaunches([&] { launchShared<ELEM>(p, false, sink, waveBlocks); }, warmup, repeats);
    t.baseline = bench::timeLaunches([&] { launchShared<ELEM>(p, true, sink, waveBlocks); }, warmup, repeats);
    return t;
  }
  t.pattern = bench::timeLaunches([&] { launchPattern<ELEM>(p, buf, sink, waveBlocks); }, warmup, repeats);
  t.baseline = bench::timeLaunches([&] { launchBaseline<ELEM>(p, buf, sink, waveBlocks); }, warmup, repeats);
  return t;
}

const char *kindPrefix(bench::AccessKind kind) {
  switch (kind) {
  case bench::AccessKind::Load: return "Load";
  case bench::AccessKind::Store: return "Store";
  case bench::AccessKind::LoadStore: return "LoadStore";
  case bench::AccessKind::Atomic: return "Atomic";
  }
  return "";
}

const char *spacePrefix(const bench::ReplayPlan &plan) {
  return plan.space == bench::MemorySpace::Shared ? "Shared" : "";
}

} // namespace

namespace bench {

std::string patternKernelName(const ReplayPlan &plan) {
  return std::string("replay") + spacePrefix(plan) + kindPrefix(plan.kind) + "<" + std::to_string(plan.elemBytes) +
         ">";
}

std::string baselineKernelName(const ReplayPlan &plan) {
  return std::string("replay") + spacePrefix(plan) + "Baseline" + kindPrefix(plan.kind) + "<" +
         std::to_string(plan.elemBytes) + ">";
}

void ReplayRunner::checkSharedAlignment() {
  if (sharedAlignmentChecked_)
    return;
  sharedAlignmentProbe<<<1, 1, 1024>>>(sink_);
  CUDA_CHECK_LAUNCH();
  unsigned base = 0;
  CUDA_CHECK(cudaMemcpy(&base, sink_, sizeof base, cudaMemcpyDeviceToHost));
  if (base % kBankRowBytes != 0) {
    std::fprintf(stderr, "cuda-bench: dynamic shared memory starts at %u, not on a %lld-byte boundary: banks "
                         "would be shifted\n", base, kBankRowBytes);
    std::exit(3);
  }
  sharedAlignmentChecked_ = true;
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
  if (plan.space == MemorySpace::Shared)
    checkSharedAlignment();
  long long starts[32] = {};
  for (int l = 0; l < 32; ++l)
    starts[l] = plan.laneStart[l].value_or(0);
  CUDA_CHECK(cudaMemcpyToSymbol(cLaneStart, starts, sizeof starts));
  CUDA_CHECK(cudaMemcpyToSymbol(cActiveMask, &plan.activeMask, sizeof plan.activeMask));
  if (plan.space == MemorySpace::Global)
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

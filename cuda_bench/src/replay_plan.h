// Replay planning: which accesses of a cuda-coalesce report to replay, and the exact memory layout that
// reproduces each one's warp pattern: global accesses at scale, shared-memory accesses as one warp request
// per iteration on a __shared__ buffer. Host-only, so it is unit-tested without a GPU.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "bank_model.h"
#include "sector_model.h"

namespace bench {

enum class MemorySpace { Global, Shared };

// One entry of the report's accesses[] (format v1), as far as the replay needs it.
struct ReportAccess {
  std::string file;
  int line = 0;
  int column = 0;
  std::string kernel;
  std::string access; // "load", "store", "load+store" or "atomic"
  MemorySpace space = MemorySpace::Global;
  std::string category;
  bool flagged = false;
  std::optional<int> elemBytes;
  bool hasLaneOffsets = false;
  LaneAddresses laneOffsets; // bytes relative to lane 0; nothing for an inactive lane
  std::optional<long long> warpStrideBytes;
  std::optional<double> predictedSectors;    // global: sectors_per_request
  std::optional<double> predictedWavefronts; // shared: wavefronts_per_request
  std::optional<int> predictedConflictWays;  // shared: bank_conflict_ways
  // lane0_offset_bytes, an extension of format v1: lane 0's byte offset from a 128-byte aligned address (for
  // a shared access, from the start of its __shared__ object, which the analyzer takes as 128-byte aligned).
  // The misaligned category, and the banks of a shared access, cannot be replayed faithfully without it;
  // when a report lacks it lane 0 is assumed aligned.
  std::optional<long long> lane0OffsetBytes;
};

enum class AccessKind { Load, Store, LoadStore, Atomic };

struct ReplayLimits {
  long long usefulBytes = 128ll << 20;   // bytes the pattern and its baseline each request in one launch
  long long maxBufferBytes = 1ll << 30;  // the pattern's footprint is capped here by running fewer warps
  int maxQuiet = 64;                     // quiet accesses replayed beside every flagged one
  std::optional<MemorySpace> onlySpace;  // replay only this space's accesses (--space); both when empty
  long long maxSharedBytes = 48ll << 10; // a shared replay's buffer; 48 KiB needs no opt-in on any GPU
  int sharedIterations = 1024;           // shared requests each warp makes per launch
};

// Global: warp w, lane l touches elemBytes bytes at buffer + w * warpStride + laneStart[l].
// Shared: every warp makes `iterations` requests, lane l at byte laneStart[l] of a __shared__ buffer of
// sharedBytes bytes (128-byte aligned, so that byte offsets modulo 128 are banks as the report has them).
struct ReplayPlan {
  ReportAccess access;
  MemorySpace space = MemorySpace::Global;
  AccessKind kind = AccessKind::Load;
  int elemBytes = 4;
  LaneAddresses laneStart; // non-negative, lane 0's alignment modulo 128 preserved
  unsigned activeMask = 0;
  int activeLanes = 0;
  long long lane0Start = 0;
  long long span = 0; // bytes from the warp's origin to the end of its last byte
  long long warpStride = 0;
  bool warpStrideFromReport = false;
  long long warps = 0;
  long long patternBytes = 0;  // the pattern's footprint: (warps - 1) * warpStride + span
  long long usefulBytes = 0;   // warps * activeLanes * elemBytes, the baseline requests the same
  long long bufferBytes = 0;   // enough for the pattern and for the baseline
  double modelSectors = 0;     // mean over the first warps of this layout (they differ if warpStride % 32 != 0)

  // Shared-memory replays only.
  long long sharedBytes = 0; // span rounded up to 128 bytes
  int iterations = 0;        // requests per warp and launch
  BankCost modelBanks;       // the bench's bank model for laneStart
};

struct SkippedAccess {
  ReportAccess access;
  std::string reason;
};

struct Selection {
  std::vector<ReportAccess> chosen; // flagged ones and the first maxQuiet quiet ones, in report order
  // Accesses without lane offsets (gather, unknown), with the reason.
  std::vector<SkippedAccess> skipped;
  int quietNotReplayed = 0; // quiet, replayable, past the cap
};

// Parses JSON text into `out`. Returns "line L, column C: what" for malformed text, empty on success.
std::string parseJson(const std::string &text, nlohmann::ordered_json &out);

// Reads accesses[] of a format v1 report, global and shared ("space"). Returns an error message, empty on
// success.
std::string readReport(const nlohmann::ordered_json &root, std::vector<ReportAccess> &out);

Selection selectAccesses(const std::vector<ReportAccess> &accesses, const ReplayLimits &limits);

// The layout that replays `access`, or nothing with the reason in `whyNot`.
std::optional<ReplayPlan> planReplay(const ReportAccess &access, const ReplayLimits &limits, std::string &whyNot);

const char *accessKindName(AccessKind kind);
const char *memorySpaceName(MemorySpace space);

} // namespace bench

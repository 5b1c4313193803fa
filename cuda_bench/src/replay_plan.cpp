#include "replay_plan.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include <nlohmann/json.hpp>

namespace bench {

namespace {

long long roundUp(long long v, long long m) { return (v + m - 1) / m * m; }

long long positiveMod(long long v, long long m) { return ((v % m) + m) % m; }

using Json = nlohmann::ordered_json;

// The member named key, or nullptr when obj is not an object or has no such member.
const Json *member(const Json &obj, const char *key) {
  auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

// A number written without fraction or exponent that fits in 64 bits.
bool isInteger(const Json &v) {
  return v.is_number_integer() && !(v.is_number_unsigned() && v.get<unsigned long long>() > LLONG_MAX);
}

std::optional<long long> integerMember(const Json &obj, const char *key) {
  const Json *v = member(obj, key);
  if (v && isInteger(*v))
    return v->get<long long>();
  if (v && v->is_number() && std::floor(v->get<double>()) == v->get<double>())
    return static_cast<long long>(v->get<double>());
  return std::nullopt;
}

std::string stringMember(const Json &obj, const char *key) {
  const Json *v = member(obj, key);
  return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::optional<AccessKind> parseKind(const std::string &s) {
  if (s == "load")
    return AccessKind::Load;
  if (s == "store")
    return AccessKind::Store;
  if (s == "load+store")
    return AccessKind::LoadStore;
  if (s == "atomic")
    return AccessKind::Atomic;
  return std::nullopt;
}

std::optional<MemorySpace> parseSpace(const std::string &s) {
  if (s.empty() || s == "global") // reports from before shared memory was analyzed have no "space"
    return MemorySpace::Global;
  if (s == "shared")
    return MemorySpace::Shared;
  return std::nullopt;
}

} // namespace

const char *accessKindName(AccessKind kind) {
  switch (kind) {
  case AccessKind::Load: return "load";
  case AccessKind::Store: return "store";
  case AccessKind::LoadStore: return "load+store";
  case AccessKind::Atomic: return "atomic";
  }
  return "?";
}

const char *memorySpaceName(MemorySpace space) { return space == MemorySpace::Shared ? "shared" : "global"; }

std::string parseJson(const std::string &text, Json &out) {
  try {
    out = Json::parse(text);
    return "";
  } catch (const Json::parse_error &e) {
    // "[json.exception.parse_error.101] parse error at line 2, column 14: syntax error ...": keep the
    // position and the reason.
    std::string what = e.what();
    size_t at = what.find("line ");
    return at == std::string::npos ? what : what.substr(at);
  }
}

std::string readReport(const Json &root, std::vector<ReportAccess> &out) {
  if (!root.is_object())
    return "the report is not a JSON object";
  const Json *schema = member(root, "schema");
  if (!schema || !schema->is_string() || schema->get<std::string>() != "cuda-coalesce-report/1")
    return "the report's schema is not \"cuda-coalesce-report/1\"";
  const Json *accesses = member(root, "accesses");
  if (!accesses || !accesses->is_array())
    return "the report has no accesses[] array";

  for (size_t i = 0; i < accesses->size(); ++i) {
    const Json &a = (*accesses)[i];
    if (!a.is_object())
      return "accesses[" + std::to_string(i) + "] is not an object";
    // The same access repeated on the line of a call that reaches it: one
    // replay is enough.
    if (member(a, "inlined_from"))
      continue;
    // A space this reader does not know (none yet) has no replay.
    auto space = parseSpace(stringMember(a, "space"));
    if (!space)
      continue;
    ReportAccess r;
    r.space = *space;
    r.file = stringMember(a, "file");
    r.line = static_cast<int>(integerMember(a, "line").value_or(0));
    r.column = static_cast<int>(integerMember(a, "column").value_or(0));
    r.kernel = stringMember(a, "kernel");
    r.access = stringMember(a, "access");
    r.category = stringMember(a, "category");
    const Json *flagged = member(a, "flagged");
    r.flagged = flagged && flagged->is_boolean() && flagged->get<bool>();
    if (auto e = integerMember(a, "elem_bytes"))
      r.elemBytes = static_cast<int>(*e);
    r.warpStrideBytes = integerMember(a, "warp_stride_bytes");
    r.lane0OffsetBytes = integerMember(a, "lane0_offset_bytes");
    const Json *predicted = member(a, "sectors_per_request");
    if (predicted && predicted->is_number())
      r.predictedSectors = predicted->get<double>();
    const Json *wavefronts = member(a, "wavefronts_per_request");
    if (wavefronts && wavefronts->is_number())
      r.predictedWavefronts = wavefronts->get<double>();
    if (auto ways = integerMember(a, "bank_conflict_ways"))
      r.predictedConflictWays = static_cast<int>(*ways);

    const Json *offsets = member(a, "lane_offsets");
    if (offsets && offsets->is_array()) {
      if (offsets->size() != static_cast<size_t>(kWarpSize))
        return "accesses[" + std::to_string(i) + "].lane_offsets does not hold 32 entries";
      bool anyActive = false;
      for (int l = 0; l < kWarpSize; ++l) {
        const Json &o = (*offsets)[l];
        if (isInteger(o)) {
          r.laneOffsets[l] = o.get<long long>();
          anyActive = true;
        } else if (!o.is_null()) {
          return "accesses[" + std::to_string(i) + "].lane_offsets[" + std::to_string(l) +
                 "] is neither an integer nor null";
        }
      }
      r.hasLaneOffsets = anyActive;
    }
    out.push_back(std::move(r));
  }
  return "";
}

Selection selectAccesses(const std::vector<ReportAccess> &accesses, const ReplayLimits &limits) {
  Selection s;
  int quiet = 0;
  for (const ReportAccess &a : accesses) {
    if (limits.onlySpace && a.space != *limits.onlySpace)
      continue;
    if (!a.hasLaneOffsets) {
      s.skipped.push_back({a, std::string(a.flagged ? "flagged but " : "") + "lane_offsets is null (" +
                                  (a.category.empty() ? std::string("no category") : a.category) +
                                  "): no static pattern to replay"});
    } else if (a.flagged) {
      s.chosen.push_back(a);
    } else {
      if (quiet < limits.maxQuiet) {
        s.chosen.push_back(a);
        ++quiet;
      } else {
        ++s.quietNotReplayed;
      }
    }
  }
  return s;
}

namespace {

// The shared-memory layout: lane starts are offsets into one __shared__ buffer per block. Moving lane 0 by
// whole 128-byte lines keeps every lane's bank.
static_assert(kLineBytes % kBankRowBytes == 0, "a line shift must not move banks");

std::optional<ReplayPlan> planShared(ReplayPlan p, const ReplayLimits &limits, std::string &whyNot) {
  const int e = p.elemBytes;
  if (p.kind == AccessKind::Atomic && e != 4 && e != 8) {
    whyNot = "a shared atomic of " + std::to_string(e) + " bytes has no replay kernel (4 or 8 bytes)";
    return std::nullopt;
  }
  p.sharedBytes = roundUp(p.span, kBankRowBytes);
  if (p.sharedBytes > limits.maxSharedBytes) {
    whyNot = "one warp spans " + std::to_string(p.span) + " bytes of shared memory, more than " +
             std::to_string(limits.maxSharedBytes);
    return std::nullopt;
  }
  p.iterations = limits.sharedIterations;
  p.modelBanks = bankCost(p.laneStart, e);
  return p;
}

} // namespace

std::optional<ReplayPlan> planReplay(const ReportAccess &access, const ReplayLimits &limits, std::string &whyNot) {
  ReplayPlan p;
  p.access = access;
  p.space = access.space;
  auto kind = parseKind(access.access);
  if (!kind || (*kind == AccessKind::Atomic && access.space == MemorySpace::Global)) {
    whyNot = "access \"" + access.access + "\" is not load, store or load+store" +
             (access.space == MemorySpace::Shared ? " or atomic" : "");
    return std::nullopt;
  }
  p.kind = *kind;
  if (!access.elemBytes) {
    whyNot = "elem_bytes is missing";
    return std::nullopt;
  }
  p.elemBytes = *access.elemBytes;
  const int e = p.elemBytes;
  if (e != 1 && e != 2 && e != 4 && e != 8 && e != 16) {
    whyNot = "elem_bytes " + std::to_string(e) + " is not 1, 2, 4, 8 or 16";
    return std::nullopt;
  }
  if (!access.hasLaneOffsets) {
    whyNot = "lane_offsets is null";
    return std::nullopt;
  }

  long long minOff = 0, maxOff = 0;
  bool first = true;
  for (int l = 0; l < kWarpSize; ++l) {
    const auto &o = access.laneOffsets[l];
    if (!o)
      continue;
    minOff = first ? *o : std::min(minOff, *o);
    maxOff = first ? *o : std::max(maxOff, *o);
    first = false;
    p.activeMask |= 1u << l;
    ++p.activeLanes;
  }

  // Lane 0 keeps its alignment within a 128-byte line (for shared memory: its bank, the same 128 bytes);
  // the warp's origin moves down by whole lines until every lane lands at or after it.
  const long long align = positiveMod(access.lane0OffsetBytes.value_or(0), kLineBytes);
  p.lane0Start = align + roundUp(std::max(0ll, -(minOff + align)), kLineBytes);
  for (int l = 0; l < kWarpSize; ++l) {
    if (!access.laneOffsets[l])
      continue;
    long long start = p.lane0Start + *access.laneOffsets[l];
    if (start % e != 0) {
      whyNot = "lane " + std::to_string(l) + " is not aligned to its " + std::to_string(e) + "-byte element";
      return std::nullopt;
    }
    p.laneStart[l] = start;
  }
  p.span = p.lane0Start + maxOff + e;
  if (p.space == MemorySpace::Shared)
    return planShared(p, limits, whyNot);

  // The warp stride: the report's when it knows one, else the span rounded up to whole lines, so that
  // warps neither overlap nor share a line and each keeps warp 0's alignment.
  if (access.warpStrideBytes && *access.warpStrideBytes > 0) {
    p.warpStride = *access.warpStrideBytes;
    p.warpStrideFromReport = true;
  } else {
    p.warpStride = roundUp(p.span, kLineBytes);
  }
  if (p.warpStride % e != 0) {
    whyNot = "warp stride " + std::to_string(p.warpStride) + " is not a multiple of elem_bytes";
    return std::nullopt;
  }
  if (p.span > limits.maxBufferBytes) {
    whyNot = "one warp spans " + std::to_string(p.span) + " bytes, more than the buffer limit";
    return std::nullopt;
  }

  const long long perWarp = static_cast<long long>(p.activeLanes) * e;
  p.warps = std::max(1ll, limits.usefulBytes / perWarp);
  const long long fitting = (limits.maxBufferBytes - p.span) / p.warpStride + 1;
  p.warps = std::min(p.warps, fitting);
  p.patternBytes = (p.warps - 1) * p.warpStride + p.span;
  p.usefulBytes = p.warps * perWarp;
  p.bufferBytes = roundUp(std::max(p.patternBytes, p.usefulBytes), 256);

  const long long modelWarps = std::min(p.warps, 128ll);
  double sectors = 0;
  for (long long w = 0; w < modelWarps; ++w) {
    LaneAddresses lanes;
    for (int l = 0; l < kWarpSize; ++l)
      if (p.laneStart[l])
        lanes[l] = w * p.warpStride + *p.laneStart[l];
    sectors += requestCost(lanes, e).sectors;
  }
  p.modelSectors = sectors / static_cast<double>(modelWarps);
  return p;
}

} // namespace bench

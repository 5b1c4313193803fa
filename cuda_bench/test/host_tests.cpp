// Host-only tests of cuda_bench: reading reports and writing results with nlohmann_json, the sector model against docs/analysis.md's measured
// table, the bank model against docs/bench/h200-bank.md, replay planning on the hand-written report, and the
// shared-memory replay plans of the analyzer's own report. No GPU needed, so CI runs them.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "bank_model.h"
#include "replay_plan.h"
#include "sector_model.h"

namespace {

int failures = 0;

#define EXPECT(cond)                                                                                        \
  do {                                                                                                      \
    if (!(cond)) {                                                                                          \
      std::fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                              \
      ++failures;                                                                                           \
    }                                                                                                       \
  } while (0)

using namespace bench;

using Json = nlohmann::ordered_json;

std::string oneAccessReport(const std::string &laneOffsets) {
  return R"({"schema": "cuda-coalesce-report/1", "accesses": [{"file": "k.cu", "line": 3, "column": 1e1,
             "access": "load", "flagged": true, "elem_bytes": 4, "sectors_per_request": 4,
             "lane_offsets": )" +
         laneOffsets + "}]}";
}

std::string lanes(const std::string &first) {
  std::string s = "[" + first;
  for (int l = 1; l < kWarpSize; ++l)
    s += ", " + std::to_string(4 * l);
  return s + "]";
}

void testJsonReader() {
  Json v;
  EXPECT(parseJson(R"({"a": [1, -2.5e1, null, true], "s": "x\"\u00e9\ud83d\ude00", "big": 9007199254740993})", v)
             .empty());
  EXPECT(v["a"].size() == 4);
  EXPECT(v["s"].get<std::string>() == "x\"\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT(v["big"].get<long long>() == 9007199254740993ll);

  // Malformed text: the position first, as cuda-bench prints it after the report's path.
  std::string bad = parseJson("{\n  \"a\": [1, 2,]\n}", v);
  EXPECT(bad.rfind("line 2, column 14: ", 0) == 0);
  EXPECT(!parseJson("[1] 2", v).empty());
  EXPECT(!parseJson("01x", v).empty());
  EXPECT(!parseJson("\"unterminated", v).empty());

  // Integers are told from other numbers: 4.0 is no lane offset, 1e1 is an integral column.
  std::vector<ReportAccess> accesses;
  EXPECT(parseJson(oneAccessReport(lanes("null")), v).empty());
  EXPECT(readReport(v, accesses).empty());
  EXPECT(accesses.size() == 1 && accesses[0].column == 10 && accesses[0].flagged);
  EXPECT(accesses.size() == 1 && !accesses[0].laneOffsets[0] && *accesses[0].laneOffsets[31] == 124);
  accesses.clear();
  EXPECT(parseJson(oneAccessReport(lanes("0.0")), v).empty());
  EXPECT(readReport(v, accesses) == "accesses[0].lane_offsets[0] is neither an integer nor null");
  EXPECT(parseJson(oneAccessReport(lanes("18446744073709551615")), v).empty());
  EXPECT(readReport(v, accesses) == "accesses[0].lane_offsets[0] is neither an integer nor null");
  EXPECT(parseJson(R"({"schema": "cuda-coalesce-report/2", "accesses": []})", v).empty());
  EXPECT(readReport(v, accesses) == "the report's schema is not \"cuda-coalesce-report/1\"");
  EXPECT(parseJson("[]", v).empty());
  EXPECT(readReport(v, accesses) == "the report is not a JSON object");
}

// The bench's result files rely on two properties of how they are written: members stay in insertion order
// (the scripts and the committed files read them in that order) and a non-finite time is null.
void testJsonWriter() {
  Json doc;
  doc["schema"] = "x";
  doc["name"] = "tab\there";
  doc["n"] = 3;
  doc["x"] = 2.0;
  doc["nan"] = std::nan("");
  doc["list"] = {1, nullptr};
  std::string text = doc.dump(2);
  EXPECT(text.find("\"schema\"") < text.find("\"name\"") && text.find("\"name\"") < text.find("\"n\""));
  EXPECT(text.find("\"tab\\there\"") != std::string::npos);
  EXPECT(text.find("\"x\": 2.0,") != std::string::npos);
  EXPECT(text.find("\"nan\": null") != std::string::npos);
  Json back;
  EXPECT(parseJson(text, back).empty());
  EXPECT(back["list"][1].is_null() && back["x"].is_number_float() && back["n"].is_number_integer());
}

int stridedSectors(long long base, long long strideBytes, int elem) {
  return requestCost(stridedLanes(base, strideBytes), elem).sectors;
}

// docs/analysis.md's H200 table: the load sector counts Nsight Compute measured on an H200.
void testSectorModel() {
  EXPECT(stridedSectors(0, 4, 4) == 4);
  EXPECT(stridedSectors(0, 8, 4) == 8);
  EXPECT(stridedSectors(0, 12, 4) == 12);
  EXPECT(stridedSectors(0, 16, 4) == 16);
  EXPECT(stridedSectors(0, 32, 4) == 32);
  EXPECT(stridedSectors(0, 64, 4) == 32);
  EXPECT(stridedSectors(0, 128, 4) == 32);
  EXPECT(stridedSectors(0, 16, 4) == 16);   // chunked, 4 per thread
  EXPECT(stridedSectors(0, 128, 4) == 32);  // chunked, 32 per thread
  EXPECT(stridedSectors(0, 24, 4) == 24);   // AoS of 6 floats
  EXPECT(stridedSectors(4, 4, 4) == 5);     // offset +4 B
  EXPECT(stridedSectors(32, 4, 4) == 4);    // offset +32 B
  EXPECT(stridedSectors(0, 8, 8) == 8);     // double stride 1
  EXPECT(stridedSectors(0, 16, 8) == 16);   // double stride 2
  EXPECT(stridedSectors(0, 32, 8) == 32);   // double stride 4
  EXPECT(stridedSectors(0, 16, 16) == 16);  // float4
  EXPECT(requestCost(stridedLanes(0, 128), 4).lines == 32);
  EXPECT(requestCost(stridedLanes(0, 0), 4).sectors == 1); // broadcast
  EXPECT(requestCost(stridedLanes(-4, 4), 4).sectors == 5); // negative addresses floor correctly

  LaneAddresses half = stridedLanes(0, 4);
  for (int l = 16; l < 32; ++l)
    half[l].reset();
  EXPECT(requestCost(half, 4).sectors == 2);
  EXPECT(requestCost(half, 4).usefulBytes == 64);
}

void testReplayOnReport(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  Json report;
  std::string error = parseJson(text.str(), report);
  EXPECT(error.empty());
  if (!error.empty())
    return;
  std::vector<ReportAccess> accesses;
  EXPECT(readReport(report, accesses).empty());
  EXPECT(accesses.size() == 15);

  ReplayLimits limits;
  Selection s = selectAccesses(accesses, limits);
  EXPECT(s.chosen.size() == 14);
  EXPECT(s.skipped.size() == 1 && s.skipped[0].access.category == "gather");

  std::vector<ReplayPlan> plans;
  for (const ReportAccess &a : s.chosen) {
    std::string why;
    auto p = planReplay(a, limits, why);
    EXPECT(p.has_value());
    if (p)
      plans.push_back(*p);
  }
  // Every replayed layout reproduces the prediction, except the fixture's deliberately wrong one.
  for (const ReplayPlan &p : plans) {
    bool wrongOnPurpose = p.access.kernel == "readStride3";
    if (wrongOnPurpose)
      EXPECT(p.modelSectors == 12 && *p.access.predictedSectors == 8);
    else
      EXPECT(p.access.predictedSectors && p.modelSectors == *p.access.predictedSectors);
    EXPECT(p.bufferBytes <= limits.maxBufferBytes);
    EXPECT(p.usefulBytes == p.warps * p.activeLanes * p.elemBytes);
  }
  for (const ReplayPlan &p : plans) {
    if (p.access.kernel == "gatherStride32") {
      EXPECT(!p.warpStrideFromReport && p.warpStride == 4096);
      EXPECT(p.patternBytes <= limits.maxBufferBytes);
      EXPECT(p.warps == (limits.maxBufferBytes - p.span) / 4096 + 1);
    }
    if (p.access.kernel == "copyOffsetByOne")
      EXPECT(p.lane0Start == 4 && p.modelSectors == 5);
    if (p.access.kernel == "copyHalfWarp")
      EXPECT(p.activeLanes == 16 && p.activeMask == 0xffffu);
    if (p.access.kernel == "bumpStride4")
      EXPECT(p.kind == AccessKind::LoadStore);
  }

  ReplayLimits fewQuiet;
  fewQuiet.maxQuiet = 2;
  Selection capped = selectAccesses(accesses, fewQuiet);
  EXPECT(capped.quietNotReplayed == 6);
  EXPECT(capped.chosen.size() == 8);
}

void testReplayPlanning() {
  ReplayLimits limits;
  ReportAccess a;
  a.access = "load";
  a.elemBytes = 4;
  a.hasLaneOffsets = true;
  for (int l = 0; l < kWarpSize; ++l)
    a.laneOffsets[l] = -4ll * l; // lanes walking backwards
  std::string why;
  auto p = planReplay(a, limits, why);
  EXPECT(p.has_value());
  if (p) {
    EXPECT(p->lane0Start == 128);
    EXPECT(*p->laneStart[31] == 4);
    EXPECT(p->modelSectors == 5); // lane 0 stays line-aligned, so the 128 bytes below it straddle 5 sectors
  }

  a.laneOffsets[1] = 2; // not 4-byte aligned
  EXPECT(!planReplay(a, limits, why).has_value());
  EXPECT(why.find("aligned") != std::string::npos);

  ReportAccess wide = a;
  for (int l = 0; l < kWarpSize; ++l)
    wide.laneOffsets[l] = 4ll * l;
  wide.elemBytes = 12;
  EXPECT(!planReplay(wide, limits, why).has_value());
  wide.elemBytes = 4;
  wide.access = "prefetch";
  EXPECT(!planReplay(wide, limits, why).has_value());
}

int wavefronts(long long base, long long strideBytes, int elem) {
  return bankCost(stridedLanes(base, strideBytes), elem).wavefronts;
}

// docs/bench/h200-bank.md: the wavefronts per request Nsight Compute measured on an H200, rounded.
void testBankModel() {
  EXPECT(wavefronts(0, 4, 4) == 1);
  EXPECT(wavefronts(0, 8, 4) == 2);
  EXPECT(wavefronts(0, 12, 4) == 1);  // an odd stride is free
  EXPECT(wavefronts(0, 16, 4) == 4);
  EXPECT(wavefronts(0, 32, 4) == 8);
  EXPECT(wavefronts(0, 128, 4) == 32); // a float tile[32][32] read down a column
  EXPECT(wavefronts(0, 132, 4) == 1);  // the same, padded to [32][33]
  EXPECT(wavefronts(0, 0, 4) == 1);    // broadcast
  EXPECT(wavefronts(0, 8, 8) == 2);    // double consecutive: two half-warps, the ideal
  EXPECT(wavefronts(0, 16, 8) == 4);
  EXPECT(wavefronts(0, 16, 16) == 4);  // float4 consecutive: four quarter-warps, the ideal
  EXPECT(wavefronts(0, 32, 16) == 8);
  EXPECT(bankCost(stridedLanes(0, 128), 4).conflictWays == 32);
  EXPECT(bankCost(stridedLanes(0, 16), 8).idealWavefronts == 2);
  EXPECT(wavefronts(0, 1, 1) == 1 && wavefronts(0, 2, 2) == 1); // sub-word lanes share words
  EXPECT(wavefronts(-128, 128, 4) == 32);                        // negative offsets keep their banks

  LaneAddresses half = stridedLanes(0, 128);
  for (int l = 16; l < kWarpSize; ++l)
    half[l].reset();
  EXPECT(bankCost(half, 4).wavefronts == 16); // inactive lanes cost nothing
}

ReportAccess sharedAccess(const std::string &kind, int elem, long long strideBytes) {
  ReportAccess a;
  a.file = "k.cu";
  a.access = kind;
  a.space = MemorySpace::Shared;
  a.elemBytes = elem;
  a.hasLaneOffsets = true;
  a.flagged = true;
  for (int l = 0; l < kWarpSize; ++l)
    a.laneOffsets[l] = strideBytes * l;
  return a;
}

void testSharedReplayPlanning() {
  ReplayLimits limits;
  std::string why;

  // A float tile[32][32] read down column 1: lanes 128 bytes apart, lane 0 at byte 4 of the tile.
  ReportAccess column = sharedAccess("load", 4, 128);
  column.lane0OffsetBytes = 4;
  column.predictedWavefronts = 32;
  auto p = planReplay(column, limits, why);
  EXPECT(p.has_value());
  if (p) {
    EXPECT(p->space == MemorySpace::Shared && p->kind == AccessKind::Load);
    for (int l = 0; l < kWarpSize; ++l)
      EXPECT(p->laneStart[l] && *p->laneStart[l] == 4 + 128ll * l);
    EXPECT(p->activeMask == 0xffffffffu && p->activeLanes == 32);
    EXPECT(p->sharedBytes == 4096 && p->iterations == limits.sharedIterations);
    EXPECT(p->modelBanks.wavefronts == 32 && p->modelBanks.conflictWays == 32 && p->modelBanks.idealWavefronts == 1);
  }

  // Lanes walking backwards: lane 0 moves up by whole 128-byte rows and keeps its bank (1).
  ReportAccess backwards = sharedAccess("store", 4, -128);
  backwards.lane0OffsetBytes = 4;
  p = planReplay(backwards, limits, why);
  EXPECT(p.has_value());
  if (p) {
    EXPECT(*p->laneStart[0] == 4 + 31 * 128 && *p->laneStart[31] == 4);
    EXPECT(p->kind == AccessKind::Store && p->modelBanks.wavefronts == 32);
  }

  // Quiet: a broadcast, a padded column and consecutive floats take one wavefront; doubles and float4s
  // their half- and quarter-warp ideal.
  for (long long stride : {0ll, 4ll, 132ll}) {
    p = planReplay(sharedAccess("load", 4, stride), limits, why);
    EXPECT(p && p->modelBanks.wavefronts == 1 && p->modelBanks.conflictWays == 1);
  }
  p = planReplay(sharedAccess("load", 8, 8), limits, why);
  EXPECT(p && p->modelBanks.wavefronts == 2 && p->modelBanks.idealWavefronts == 2);
  p = planReplay(sharedAccess("load", 16, 16), limits, why);
  EXPECT(p && p->modelBanks.wavefronts == 4);
  p = planReplay(sharedAccess("atomic", 4, 128), limits, why);
  EXPECT(p && p->kind == AccessKind::Atomic && p->modelBanks.wavefronts == 32);
  p = planReplay(sharedAccess("load+store", 8, 128), limits, why); // extern double dyn[]; dyn[tid * 16]
  EXPECT(p && p->kind == AccessKind::LoadStore && p->modelBanks.wavefronts == 32);

  // Inactive lanes stay inactive.
  ReportAccess half = sharedAccess("load", 4, 128);
  for (int l = 16; l < kWarpSize; ++l)
    half.laneOffsets[l].reset();
  p = planReplay(half, limits, why);
  EXPECT(p.has_value());
  if (p) {
    EXPECT(p->activeMask == 0xffffu && p->activeLanes == 16 && !p->laneStart[16] && !p->laneStart[31]);
    EXPECT(p->modelBanks.wavefronts == 16);
  }

  // What has no shared replay, with the reason.
  EXPECT(!planReplay(sharedAccess("atomic", 16, 16), limits, why));
  EXPECT(why == "a shared atomic of 16 bytes has no replay kernel (4 or 8 bytes)");
  EXPECT(!planReplay(sharedAccess("load", 12, 12), limits, why)); // a float3: three instructions
  EXPECT(why == "elem_bytes 12 is not 1, 2, 4, 8 or 16");
  EXPECT(!planReplay(sharedAccess("load", 4, 4096), limits, why)); // 124 KiB for one warp
  EXPECT(why.find("of shared memory, more than 49152") != std::string::npos);
  ReportAccess globalAtomic = sharedAccess("atomic", 4, 4);
  globalAtomic.space = MemorySpace::Global;
  EXPECT(!planReplay(globalAtomic, limits, why));
  EXPECT(why == "access \"atomic\" is not load, store or load+store");
}

// Shared accesses in a report: read with their predictions, replayed when their lanes are known, skipped
// with the reason when not, and left out entirely when --space names the other space.
void testSharedSelection() {
  std::string columns = "[0";
  for (int l = 1; l < kWarpSize; ++l)
    columns += ", " + std::to_string(128 * l);
  columns += "]";
  std::string text = R"({"schema": "cuda-coalesce-report/1", "accesses": [
      {"file": "k.cu", "line": 5, "column": 7, "kernel": "columnRead", "access": "load", "space": "shared",
       "elem_bytes": 4, "lane_offsets": )" + columns + R"(, "lane0_offset_bytes": 0, "sectors_per_request": null,
       "bank_conflict_ways": 32, "wavefronts_per_request": 32, "ideal_wavefronts": 1,
       "category": "bank-conflict", "flagged": true},
      {"file": "k.cu", "line": 6, "column": 7, "kernel": "lookup", "access": "load", "space": "shared",
       "elem_bytes": 4, "lane_offsets": null, "lane0_offset_bytes": null, "sectors_per_request": null,
       "bank_conflict_ways": null, "wavefronts_per_request": null, "ideal_wavefronts": null,
       "category": "unknown", "flagged": false},
      {"file": "k.cu", "line": 7, "column": 7, "kernel": "copy", "access": "store", "space": "global",
       "elem_bytes": 4, "lane_offsets": )" + lanes("0") + R"(, "sectors_per_request": 4,
       "category": "coalesced", "flagged": false}]})";
  Json v;
  EXPECT(parseJson(text, v).empty());
  std::vector<ReportAccess> accesses;
  EXPECT(readReport(v, accesses).empty());
  EXPECT(accesses.size() == 3);
  if (accesses.size() != 3)
    return;
  EXPECT(accesses[0].space == MemorySpace::Shared && *accesses[0].predictedWavefronts == 32);
  EXPECT(*accesses[0].predictedConflictWays == 32 && !accesses[0].predictedSectors);
  EXPECT(accesses[2].space == MemorySpace::Global && !accesses[2].predictedWavefronts);

  ReplayLimits limits;
  Selection s = selectAccesses(accesses, limits);
  EXPECT(s.chosen.size() == 2);
  EXPECT(s.skipped.size() == 1);
  if (s.skipped.size() == 1) {
    EXPECT(s.skipped[0].access.line == 6);
    EXPECT(s.skipped[0].reason == "lane_offsets is null (unknown): no static pattern to replay");
  }
  limits.onlySpace = MemorySpace::Shared;
  s = selectAccesses(accesses, limits);
  EXPECT(s.chosen.size() == 1 && s.chosen[0].kernel == "columnRead" && s.skipped.size() == 1);
  limits.onlySpace = MemorySpace::Global;
  s = selectAccesses(accesses, limits);
  EXPECT(s.chosen.size() == 1 && s.chosen[0].kernel == "copy" && s.skipped.empty());
}

// The analyzer's report of test/lit/checks/shared-bank-conflict.cu, test/lit/engine/atomics.cu and
// src/bank_patterns.cu (docs/bench/h200-bank-replay-report.json): every shared access whose layout the bench
// can replay gets one whose bank model equals the analyzer's prediction, so a refuted replay is the
// hardware disagreeing, never the layout.
void testSharedPlansOfAnalyzerReport(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  Json report;
  EXPECT(parseJson(text.str(), report).empty());
  std::vector<ReportAccess> accesses;
  EXPECT(readReport(report, accesses).empty());
  ReplayLimits limits;
  limits.onlySpace = MemorySpace::Shared;
  limits.maxQuiet = 1000;
  Selection s = selectAccesses(accesses, limits);
  int planned = 0, conflicts = 0;
  for (const ReportAccess &a : s.chosen) {
    EXPECT(a.space == MemorySpace::Shared);
    std::string why;
    auto p = planReplay(a, limits, why);
    if (!p) {
      EXPECT(a.elemBytes && *a.elemBytes != 1 && *a.elemBytes != 2 && *a.elemBytes != 4 && *a.elemBytes != 8 &&
             *a.elemBytes != 16); // only odd sizes (float3) are left out
      continue;
    }
    ++planned;
    conflicts += p->modelBanks.conflictWays > 1;
    EXPECT(a.predictedWavefronts && p->modelBanks.wavefronts == *a.predictedWavefronts);
    EXPECT(a.predictedConflictWays && p->modelBanks.conflictWays == *a.predictedConflictWays);
  }
  // 83 shared accesses; the four float3 ones (12 bytes) are left out.
  EXPECT(planned == 79);
  EXPECT(conflicts == 24);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: bench-host-tests test/replay-report.json ANALYZER_SHARED_REPORT.json\n");
    return 2;
  }
  testJsonReader();
  testJsonWriter();
  testSectorModel();
  testBankModel();
  testReplayOnReport(argv[1]);
  testReplayPlanning();
  testSharedReplayPlanning();
  testSharedSelection();
  testSharedPlansOfAnalyzerReport(argv[2]);
  if (failures) {
    std::fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  std::printf("all host tests passed\n");
  return 0;
}

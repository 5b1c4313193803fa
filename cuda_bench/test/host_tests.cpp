// Host-only tests of cuda_bench: reading reports and writing results with nlohmann_json, the sector model against DESIGN.md's measured
// table, and replay planning on the hand-written report. No GPU needed, so CI runs them.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

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

// DESIGN.md's table: the load sector counts Nsight Compute measured on an H200.
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

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bench-host-tests test/replay-report.json\n");
    return 2;
  }
  testJsonReader();
  testJsonWriter();
  testSectorModel();
  testReplayOnReport(argv[1]);
  testReplayPlanning();
  if (failures) {
    std::fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  std::printf("all host tests passed\n");
  return 0;
}

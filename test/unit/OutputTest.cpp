//===- OutputTest.cpp - text, JSON and SARIF writers, the warp picture ----===//
//
// Reports are built by hand: the Output layer formats what it is given, so
// these tests need neither Clang nor the model.
//
//===----------------------------------------------------------------------===//

#include "Findings/CheckDocs.h"
#include "Findings/CheckRegistry.h"
#include "Output/Output.h"
#include "Output/WarpPicture.h"

#include "gtest/gtest.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace coalesce;
using nlohmann::json;

namespace {

using Lanes = std::vector<std::optional<int64_t>>;

Lanes strided(int64_t StrideBytes) {
  Lanes L;
  for (int64_t I = 0; I != 32; ++I)
    L.push_back(I * StrideBytes);
  return L;
}

WarpCost cost(unsigned Sectors, unsigned Ideal, unsigned Lines,
              double Efficiency) {
  WarpCost C;
  C.ActiveLanes = 32;
  C.Sectors = Sectors;
  C.IdealSectors = Ideal;
  C.Lines = Lines;
  C.UsefulBytes = 128;
  C.Efficiency = Efficiency;
  return C;
}

/// The transpose's store: lanes a row of 4096 floats apart.
Finding stridedStore() {
  Finding F;
  AccessSite &S = F.Site;
  S.Pos = {"k.cu", 5, 5};
  S.RangeEndColumn = 23;
  S.SourceLine = "    out[x * height + y] = in[y * width + x];";
  S.Kernel = "transposeNaive";
  S.Function = "transposeNaive";
  S.Kind = AccessKind::Store;
  S.Text = "out[x * height + y]";
  S.Base = "out";
  S.ElemBytes = 4;
  S.Address = "out + 4*(height*(32*blockIdx.x + threadIdx.x) + "
              "8*blockIdx.y + threadIdx.y)";
  S.LaneOffsets = strided(16384);
  S.WarpStrideBytes = 4;
  S.Assumptions = {{"height", 4096, {ValueOrigin::Source::Assume}}};
  S.BlockDim = {32, 8, 1};
  F.Cost = cost(32, 4, 32, 0.125);
  F.LaneStrideBytes = 16384;
  F.Cat = Category::Strided;
  F.Flagged = true;
  F.Check = "coalescing-strided";
  F.Message = "strided store: lanes are 16384 bytes apart; 32 sectors per "
              "request where 4 would do (12.5% of fetched bytes used)";
  F.Notes = {"lane address = out + 4*(height*(32*blockIdx.x + threadIdx.x) + "
             "8*blockIdx.y + threadIdx.y), assuming height = 4096",
             "consecutive threadIdx.x should touch consecutive addresses"};
  return F;
}

Finding coalescedLoad() {
  Finding F;
  AccessSite &S = F.Site;
  S.Pos = {"k.cu", 5, 27};
  S.RangeEndColumn = 43;
  S.SourceLine = "    out[x * height + y] = in[y * width + x];";
  S.Kernel = S.Function = "transposeNaive";
  S.Kind = AccessKind::Load;
  S.Text = "in[y * width + x]";
  S.Base = "in";
  S.ElemBytes = 4;
  S.Address = "in + 4*(width*(8*blockIdx.y + threadIdx.y) + 32*blockIdx.x + "
              "threadIdx.x)";
  S.LaneOffsets = strided(4);
  F.Cost = cost(4, 4, 1, 1.0);
  F.LaneStrideBytes = 4;
  F.Cat = Category::Coalesced;
  return F;
}

Finding unknownAccess() {
  Finding F;
  AccessSite &S = F.Site;
  S.Pos = {"k.cu", 9, 3};
  S.SourceLine = "  p[hash(i)] = 0;";
  S.Kernel = S.Function = "scatter";
  S.Kind = AccessKind::LoadStore;
  S.Text = "p[hash(i)]";
  S.Base = "p";
  S.ElemBytes = 4;
  S.UnknownReason = Reason::other("call to 'hash' has no visible body");
  F.Cat = Category::Unknown;
  // As the classifier leaves it: the remark check matched and is enabled.
  F.Check = "coalescing-unknown";
  F.Message = "address not computable: " + S.UnknownReason.Text;
  F.Remark = true;
  return F;
}

Finding misalignedLoad() {
  Finding F;
  AccessSite &S = F.Site;
  S.Pos = {"k.cu", 12, 7};
  S.RangeEndColumn = 15;
  S.SourceLine = "  v = in[i + 1];";
  S.Kernel = S.Function = "shift";
  S.ElemBytes = 4;
  S.Text = "in[i + 1]";
  S.Base = "in";
  S.Address = "in + 4*(i + 1)";
  S.LaneOffsets = strided(4);
  S.Lane0Offset = 4;
  F.Cost = cost(5, 4, 2, 0.8);
  F.LaneStrideBytes = 4;
  F.Cat = Category::Misaligned;
  F.Message = "misaligned load: one extra sector per request";
  return F;
}

Report sampleReport() {
  Report R;
  R.Findings = {stridedStore(), coalescedLoad(), unknownAccess(),
                misalignedLoad()};
  R.Files = 1;
  R.Kernels = 3;
  return R;
}

template <typename Writer>
std::string render(Writer Write, const Report &R, OutputOptions O = {}) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Write(R, O, OS);
  OS.flush();
  return Out;
}

std::string text(const Report &R, OutputOptions O = {}) {
  return render(writeText, R, O);
}

Report only(Finding F) {
  Report R;
  R.Findings.push_back(std::move(F));
  return R;
}

//===- Text ---------------------------------------------------------------===//

TEST(TextOutput, StridedWarningWithCaretAndNotes) {
  EXPECT_EQ(
      text(only(stridedStore())),
      "k.cu:5:5: warning: strided store: lanes are 16384 bytes apart; 32 "
      "sectors per request where 4 would do (12.5% of fetched bytes used) "
      "[coalescing-strided]\n"
      "    out[x * height + y] = in[y * width + x];\n"
      "    ^~~~~~~~~~~~~~~~~~~\n"
      "k.cu:5:5: note: lane address = out + 4*(height*(32*blockIdx.x + "
      "threadIdx.x) + 8*blockIdx.y + threadIdx.y), assuming height = 4096\n"
      "k.cu:5:5: note: consecutive threadIdx.x should touch consecutive "
      "addresses\n");
}

TEST(TextOutput, WholeReport) {
  std::string Out = text(sampleReport());
  // The coalesced load says nothing, the unknown needs --verbose, the
  // misaligned load is a note without a snippet.
  EXPECT_EQ(Out, text(only(stridedStore())) +
                     "k.cu:12:7: note: misaligned load: one extra sector per "
                     "request\n");
}

TEST(TextOutput, UnknownRemarkOnlyWhenVerbose) {
  EXPECT_EQ(text(only(unknownAccess())), "");
  OutputOptions O;
  O.Verbose = true;
  EXPECT_EQ(text(only(unknownAccess()), O),
            "k.cu:9:3: remark: address not computable: call to 'hash' has no "
            "visible body [coalescing-unknown]\n");
  // Verbose adds the remark and nothing else.
  std::string Out = text(sampleReport(), O);
  EXPECT_NE(Out.find("remark: address not computable"), std::string::npos);
  EXPECT_EQ(Out.size(), text(sampleReport()).size() +
                            text(only(unknownAccess()), O).size());
}

TEST(TextOutput, QuietCategoriesPrintNothing) {
  Finding F = coalescedLoad();
  F.Cat = Category::Uniform;
  EXPECT_EQ(text(only(F)), "");
  F.Cat = Category::Gather; // not flagged: the check is off by default
  F.Message = "gather load";
  EXPECT_EQ(text(only(F)), "");
  F.Cat = Category::Misaligned;
  F.Message.clear();
  EXPECT_EQ(text(only(F)), "");
}

TEST(TextOutput, CaretKeepsTabsAligned) {
  Finding F = stridedStore();
  F.Site.SourceLine = "\t\tout[i * 8] = v;";
  F.Site.Pos.Column = 3;
  F.Site.RangeEndColumn = 12;
  F.Notes.clear();
  EXPECT_EQ(text(only(F)), "k.cu:5:3: warning: " + F.Message +
                               " [coalescing-strided]\n"
                               "\t\tout[i * 8] = v;\n"
                               "\t\t^~~~~~~~~~\n");
}

TEST(TextOutput, CaretCountsCharactersNotBytes) {
  Finding F = stridedStore();
  // "é" is two bytes, one column; the access starts at byte column 12.
  F.Site.SourceLine = "  s(\"\xC3\xA9\"); a[i] = 0;";
  F.Site.Pos.Column = 12;
  F.Site.RangeEndColumn = 15;
  F.Notes.clear();
  std::string Out = text(only(F));
  EXPECT_NE(Out.find("\n          ^~~~\n"), std::string::npos) << Out;
}

TEST(TextOutput, CaretWithoutRangeOrSourceLine) {
  Finding F = stridedStore();
  F.Notes.clear();
  F.Site.RangeEndColumn = 0;
  EXPECT_NE(text(only(F)).find("\n    ^\n"), std::string::npos);
  F.Site.SourceLine.clear();
  EXPECT_EQ(text(only(F)),
            "k.cu:5:5: warning: " + F.Message + " [coalescing-strided]\n");
}

TEST(TextOutput, ConfirmationIsTheLastNote) {
  Finding F = stridedStore();
  F.Confirmation = "confirmed on NVIDIA H200: 173 GB/s against 2579 GB/s";
  std::string Out = text(only(F));
  std::string Last = "k.cu:5:5: note: " + F.Confirmation + "\n";
  ASSERT_GE(Out.size(), Last.size());
  EXPECT_EQ(Out.substr(Out.size() - Last.size()), Last);
}

TEST(TextOutput, NoEscapesWithoutColor) {
  OutputOptions O;
  O.Verbose = true;
  O.Explain = true;
  EXPECT_EQ(text(sampleReport(), O).find('\033'), std::string::npos);
}

TEST(TextOutput, ColorsAsClangPrintsThem) {
  OutputOptions O;
  O.Color = true;
  std::string Out = text(sampleReport(), O);
  EXPECT_NE(Out.find("\033[1mk.cu:5:5: \033[0m\033[0;1;35mwarning: \033[0m"
                     "\033[1mstrided store"),
            std::string::npos);
  EXPECT_NE(Out.find("\033[0;1;30mnote: \033[0mlane address"),
            std::string::npos);
  EXPECT_NE(Out.find("\033[0;1;32m    ^~~~~~~~~~~~~~~~~~~\033[0m\n"),
            std::string::npos);
}

TEST(TextOutput, ExplainDrawsThePictureBeforeTheNotes) {
  OutputOptions O;
  O.Explain = true;
  std::string Out = text(only(stridedStore()), O);
  size_t Caret = Out.find("^~~");
  size_t Picture = Out.find(drawWarp(stridedStore().Site));
  size_t Note = Out.find(": note: ");
  ASSERT_NE(Picture, std::string::npos) << Out;
  EXPECT_LT(Caret, Picture);
  EXPECT_LT(Picture, Note);
}

//===- JSON ---------------------------------------------------------------===//

json parsedJson(const Report &R) {
  OutputOptions O;
  O.ToolVersion = "0.1.0";
  return json::parse(render(writeJson, R, O));
}

const char *const AccessKeys[] = {"file",
                                  "line",
                                  "column",
                                  "kernel",
                                  "function",
                                  "access",
                                  "space",
                                  "text",
                                  "base",
                                  "elem_bytes",
                                  "address",
                                  "lane_stride_bytes",
                                  "lane_offsets",
                                  "warp_stride_bytes",
                                  "lane0_offset_bytes",
                                  "sectors_per_request",
                                  "ideal_sectors",
                                  "lines_per_request",
                                  "efficiency",
                                  "category",
                                  "flagged",
                                  "check",
                                  "message",
                                  "notes",
                                  "call_chain",
                                  "assumptions",
                                  "reason"};

TEST(JsonOutput, DocumentShape) {
  OutputOptions O;
  O.ToolVersion = "0.1.0";
  std::string Out = render(writeJson, sampleReport(), O);
  ASSERT_FALSE(Out.empty());
  EXPECT_EQ(Out.back(), '\n');
  EXPECT_EQ(Out.rfind("{\n  \"schema\": \"cuda-coalesce-report/1\",\n", 0), 0u)
      << "two-space indent, schema first";
  json J = json::parse(Out);
  EXPECT_EQ(J["tool"], (json{{"name", "cuda-coalesce"}, {"version", "0.1.0"}}));
  EXPECT_EQ(
      J["summary"],
      (json{{"files", 1},
             {"files_failed", 0},
             {"kernels", 3},
             {"accesses", 4},
             {"flagged", 1}}));
  // Same input, same bytes.
  EXPECT_EQ(Out, render(writeJson, sampleReport(), O));
}

TEST(JsonOutput, FailedInputsAreRecordedNotMistakenForCleanOnes) {
  Report R = sampleReport();
  R.Inputs = {{"good.cu", true, "", 0, 0, {}},
              {"broken.cu", false, "expected ';' after expression", 3, 9, {}},
              {"missing.cu", false, "missing.cu: No such file or directory", 0,
               0, {}, {}}};
  json J = json::parse(render(writeJson, R, OutputOptions()));
  ASSERT_EQ(J["files"].size(), 3u);
  EXPECT_EQ(J["files"][0],
            (json{{"path", "good.cu"}, {"status", "ok"}, {"error", nullptr}}));
  EXPECT_EQ(J["files"][1]["status"], "error");
  EXPECT_EQ(J["files"][1]["error"],
            (json{{"message", "expected ';' after expression"},
                  {"line", 3},
                  {"column", 9}}));
  EXPECT_EQ(J["files"][2]["error"]["line"], nullptr);
  EXPECT_EQ(J["summary"]["files_failed"], 2);
}

TEST(JsonOutput, FilesOutsideTheDatabaseSayHowTheyWereAnalyzed) {
  Report R = sampleReport();
  R.Inputs = {{"kernels.cu", true, "", 0, 0,
               {InputContext::IncludedBy, "/p/main.cu"}},
              {"lone.cuh", true, "", 0, 0,
               {InputContext::Interpolated, "/p/other.cu"}},
              {"unit.cu", true, "", 0, 0, {}, {}}};
  json J = json::parse(render(writeJson, R, OutputOptions()));
  EXPECT_EQ(J["files"][0]["context"],
            (json{{"kind", "included-by"}, {"unit", "/p/main.cu"}}));
  EXPECT_EQ(J["files"][1]["context"],
            (json{{"kind", "interpolated"}, {"from", "/p/other.cu"}}));
  // A unit of its own keeps the record it always had.
  EXPECT_FALSE(J["files"][2].contains("context"));
}

TEST(JsonOutput, KeysInContractOrder) {
  OutputOptions O;
  nlohmann::ordered_json J =
      nlohmann::ordered_json::parse(render(writeJson, sampleReport(), O));
  std::vector<std::string> Top;
  for (auto It = J.begin(); It != J.end(); ++It)
    Top.push_back(It.key());
  EXPECT_EQ(
      Top, (std::vector<std::string>{"schema", "tool", "accesses", "kernels",
                                     "files", "summary"}));
  std::vector<std::string> Expected(std::begin(AccessKeys),
                                    std::end(AccessKeys));
  for (const auto &A : J["accesses"]) {
    std::vector<std::string> Keys;
    for (auto It = A.begin(); It != A.end(); ++It)
      Keys.push_back(It.key());
    EXPECT_EQ(Keys, Expected);
  }
}

// The grader reads the warning and its notes from the report, and needs
// every kernel, also one without global accesses.
TEST(JsonOutput, MessagesAndKernelList) {
  Report R = sampleReport();
  R.KernelList = {{"empty", {"k.cu", 2, 0}}, {"transposeNaive", {"k.cu", 4, 0}}};
  json J = parsedJson(R);
  EXPECT_EQ(J["accesses"][0]["message"], stridedStore().Message);
  EXPECT_EQ(J["accesses"][0]["notes"], json(stridedStore().Notes));
  EXPECT_TRUE(J["accesses"][1]["message"].is_null());
  EXPECT_EQ(J["accesses"][1]["notes"], json::array());
  ASSERT_EQ(J["kernels"].size(), 2u);
  EXPECT_EQ(J["kernels"][0],
            json({{"name", "empty"}, {"file", "k.cu"}, {"line", 2}}));
  EXPECT_EQ(J["kernels"][1]["name"], "transposeNaive");
}

TEST(JsonOutput, StridedStore) {
  json A = parsedJson(sampleReport())["accesses"][0];
  EXPECT_EQ(A["file"], "k.cu");
  EXPECT_EQ(A["line"], 5);
  EXPECT_EQ(A["column"], 5);
  EXPECT_EQ(A["kernel"], "transposeNaive");
  EXPECT_EQ(A["function"], "transposeNaive");
  EXPECT_EQ(A["space"], "global");
  EXPECT_EQ(A["text"], "out[x * height + y]");
  EXPECT_EQ(A["base"], "out");
  EXPECT_EQ(A["elem_bytes"], 4);
  EXPECT_EQ(A["address"], stridedStore().Site.Address);
  EXPECT_EQ(A["lane_stride_bytes"], 16384);
  ASSERT_TRUE(A["lane_offsets"].is_array());
  ASSERT_EQ(A["lane_offsets"].size(), 32u);
  for (int I = 0; I != 32; ++I)
    EXPECT_EQ(A["lane_offsets"][I], I * 16384);
  EXPECT_EQ(A["warp_stride_bytes"], 4);
  EXPECT_EQ(A["sectors_per_request"], 32);
  EXPECT_EQ(A["ideal_sectors"], 4);
  EXPECT_EQ(A["lines_per_request"], 32);
  EXPECT_TRUE(A["efficiency"].is_number_float());
  EXPECT_DOUBLE_EQ(A["efficiency"].get<double>(), 0.125);
  EXPECT_TRUE(A["category"].is_string());
  EXPECT_EQ(A["flagged"], true);
  EXPECT_EQ(A["check"], "coalescing-strided");
  EXPECT_EQ(A["assumptions"],
            (json{{"height", 4096}, {"blockDim", {32, 8, 1}}}));
  EXPECT_TRUE(A["reason"].is_null());
  EXPECT_FALSE(A.contains("confirmation"));
}

TEST(JsonOutput, ValueTypes) {
  // Held in a variable: a range-for over a member of a temporary would walk
  // a document already destroyed (C++17 extends only the member's lifetime).
  json J = parsedJson(sampleReport());
  for (const json &A : J["accesses"]) {
    for (const char *Key : {"file", "kernel", "function", "access", "space",
                            "text", "base", "category"})
      EXPECT_TRUE(A[Key].is_string()) << Key;
    for (const char *Key : {"line", "column", "elem_bytes"})
      EXPECT_TRUE(A[Key].is_number_integer()) << Key;
    EXPECT_TRUE(A["flagged"].is_boolean());
    EXPECT_TRUE(A["assumptions"].is_object());
    EXPECT_TRUE(A["address"].is_string() || A["address"].is_null());
    EXPECT_TRUE(A["check"].is_string() || A["check"].is_null());
    EXPECT_TRUE(A["reason"].is_string() || A["reason"].is_null());
  }
}

TEST(JsonOutput, OrderAndFlagsFollowTheReport) {
  json Accesses = parsedJson(sampleReport())["accesses"];
  ASSERT_EQ(Accesses.size(), 4u);
  EXPECT_EQ(Accesses[0]["text"], "out[x * height + y]");
  EXPECT_EQ(Accesses[1]["text"], "in[y * width + x]");
  EXPECT_EQ(Accesses[2]["text"], "p[hash(i)]");
  EXPECT_EQ(Accesses[3]["text"], "in[i + 1]");
  EXPECT_EQ(Accesses[1]["flagged"], false);
  EXPECT_TRUE(Accesses[1]["check"].is_null());
  EXPECT_EQ(Accesses[1]["efficiency"], 1.0);
  EXPECT_EQ(Accesses[1]["assumptions"], json::object())
      << "no blockDim unless all three are known";
  EXPECT_EQ(Accesses[3]["sectors_per_request"], 5);
}

TEST(JsonOutput, AtomicRepeatedInTheToolkitWrapper) {
  // atomicAdd(&bins[v], 1) at k.cu:20, whose toolkit body is where nvcc
  // books the instruction: listed there once more, marked inlined_from,
  // reached by the access's own call of the wrapper.
  Finding F = misalignedLoad();
  F.Site.Kind = AccessKind::Atomic;
  F.Site.Pos = {"k.cu", 20, 3};
  F.Site.Kernel = F.Site.Function = "hist";
  F.Site.BookedInWrapper = {"atomicAdd", "", {"/cuda/include/device_atomic_functions.hpp", 107, 3}};
  json A = parsedJson(only(F))["accesses"];
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0]["file"], "/cuda/include/device_atomic_functions.hpp");
  EXPECT_EQ(A[0]["line"], 107);
  EXPECT_EQ(A[0]["function"], "atomicAdd");
  EXPECT_EQ(A[0]["sectors_per_request"], 5);
  EXPECT_EQ(A[0]["inlined_from"],
            (json{{"file", "k.cu"}, {"line", 20}, {"column", 3}, {"function", "hist"}}));
  EXPECT_EQ(A[0]["call_chain"],
            (json::array({{{"caller", "hist"}, {"callee", "atomicAdd"},
                           {"file", "k.cu"}, {"line", 20}, {"column", 3}}})));
  EXPECT_EQ(A[1]["file"], "k.cu");
  EXPECT_FALSE(A[1].contains("inlined_from"));
  EXPECT_EQ(parsedJson(only(F))["summary"]["accesses"], 1);
  // Without a wrapper, no repeat.
  F.Site.BookedInWrapper = {};
  EXPECT_EQ(parsedJson(only(F))["accesses"].size(), 1u);
}

TEST(JsonOutput, NullsWhenNotComputable) {
  json A = parsedJson(sampleReport())["accesses"][2];
  for (const char *Key :
       {"address", "lane_stride_bytes", "lane_offsets", "warp_stride_bytes",
        "lane0_offset_bytes", "sectors_per_request", "ideal_sectors", "lines_per_request",
        "efficiency"})
    EXPECT_TRUE(A[Key].is_null()) << Key;
  EXPECT_EQ(A["check"], "coalescing-unknown");
  EXPECT_EQ(A["reason"], "call to 'hash' has no visible body");
  EXPECT_EQ(A["flagged"], false);
}

TEST(JsonOutput, InactiveLanesAreNull) {
  Finding F = coalescedLoad();
  F.Site.LaneOffsets.resize(20); // a warp cut short by the block size
  F.Site.LaneOffsets[3] = std::nullopt;
  json Offsets = parsedJson(only(F))["accesses"][0]["lane_offsets"];
  ASSERT_EQ(Offsets.size(), 32u);
  EXPECT_EQ(Offsets[2], 8);
  EXPECT_TRUE(Offsets[3].is_null());
  EXPECT_EQ(Offsets[19], 76);
  for (unsigned I = 20; I != 32; ++I)
    EXPECT_TRUE(Offsets[I].is_null()) << I;
}

TEST(JsonOutput, EfficiencyRoundedToFourDecimals) {
  Finding F = stridedStore();
  F.Cost->Efficiency = 1.0 / 7.0;
  OutputOptions O;
  std::string Out = render(writeJson, only(F), O);
  EXPECT_NE(Out.find("\"efficiency\": 0.1429,"), std::string::npos) << Out;
}

TEST(JsonOutput, ConfirmationOnlyWhenPresent) {
  Finding F = stridedStore();
  F.Confirmation = "confirmed on NVIDIA H200";
  nlohmann::ordered_json A = nlohmann::ordered_json::parse(
      render(writeJson, only(F), OutputOptions()))["accesses"][0];
  EXPECT_EQ(A["confirmation"], "confirmed on NVIDIA H200");
  EXPECT_EQ(std::prev(A.end()).key(), "confirmation");
}

TEST(JsonOutput, EmptyReport) {
  json J = parsedJson(Report());
  EXPECT_EQ(J["accesses"], json::array());
  EXPECT_EQ(J["summary"]["accesses"], 0);
  EXPECT_EQ(J["summary"]["flagged"], 0);
}

TEST(JsonOutput, InvalidUtf8IsReplacedNotThrown) {
  Finding F = coalescedLoad();
  F.Site.Text = "in[\xff]";
  json J = parsedJson(only(F));
  EXPECT_EQ(J["accesses"][0]["text"], "in[\xEF\xBF\xBD]");
}

//===- SARIF --------------------------------------------------------------===//

TEST(SarifOutput, FlaggedFindingsOnly) {
  OutputOptions O;
  O.ToolVersion = "0.1.0";
  O.DocsBaseUri = "https://docs.example/checks/";
  json J = json::parse(render(writeSarif, sampleReport(), O));
  EXPECT_EQ(J["version"], "2.1.0");
  EXPECT_TRUE(J["$schema"].is_string());
  ASSERT_EQ(J["runs"].size(), 1u);
  const json &Run = J["runs"][0];
  EXPECT_EQ(Run["tool"]["driver"]["name"], "cuda-coalesce");
  EXPECT_EQ(Run["tool"]["driver"]["version"], "0.1.0");
  // Every registered check is a rule, whatever this run found, with what
  // GitHub code scanning requires of one.
  const json &Rules = Run["tool"]["driver"]["rules"];
  ASSERT_EQ(Rules.size(), allChecks().size());
  for (size_t I = 0; I < Rules.size(); ++I) {
    const CheckInfo &Info = allChecks()[I]->info();
    EXPECT_EQ(Rules[I]["id"], Info.Name);
    EXPECT_EQ(Rules[I]["shortDescription"]["text"], Info.Description);
    EXPECT_TRUE(Rules[I]["name"].is_string());
    EXPECT_EQ(Rules[I]["name"].get<std::string>().find('-'), std::string::npos);
    EXPECT_FALSE(Rules[I]["fullDescription"]["text"].get<std::string>().empty());
    // The help is the check's doc page, which starts with its name.
    EXPECT_EQ(Rules[I]["help"]["markdown"].get<std::string>().rfind(
                  "# " + std::string(Info.Name), 0),
              0u);
    EXPECT_EQ(Rules[I]["helpUri"],
              "https://docs.example/checks/" + std::string(Info.Name) + ".md");
  }

  ASSERT_EQ(Run["results"].size(), 1u);
  const json &Result = Run["results"][0];
  EXPECT_EQ(Result["ruleId"], "coalescing-strided");
  EXPECT_EQ(Rules[Result["ruleIndex"].get<size_t>()]["id"],
            "coalescing-strided");
  EXPECT_EQ(Result["level"], "warning");
  Finding F = stridedStore();
  // The message is the warning; the notes are related locations.
  EXPECT_EQ(Result["message"]["text"], F.Message);
  ASSERT_EQ(Result["relatedLocations"].size(), 2u);
  EXPECT_EQ(Result["relatedLocations"][0]["message"]["text"], F.Notes[0]);
  EXPECT_EQ(Result["relatedLocations"][1]["message"]["text"], F.Notes[1]);
  EXPECT_EQ(Result["relatedLocations"][1]["id"], 1);
  EXPECT_EQ(Result["partialFingerprints"]["cudaCoalesce/v1"].get<std::string>().size(),
            16u);
  const json &Loc = Result["locations"][0]["physicalLocation"];
  EXPECT_EQ(Loc["artifactLocation"]["uri"], "k.cu");
  EXPECT_EQ(Loc["region"],
            (json{{"startLine", 5}, {"startColumn", 5}, {"endColumn", 24}}));
  EXPECT_EQ(Run["invocations"][0]["executionSuccessful"], true);
}

TEST(SarifOutput, HelpLinksResolvedAgainstTheDocsAddress) {
  OutputOptions O;
  O.DocsBaseUri = "https://docs.example/cc/checks/";
  json J = json::parse(render(writeSarif, sampleReport(), O));
  std::map<std::string, std::string> Help;
  for (const json &Rule : J["runs"][0]["tool"]["driver"]["rules"])
    Help[Rule["id"]] = Rule["help"]["markdown"];
  // A sibling page, a page one folder up with its anchor, a file two up.
  EXPECT_NE(Help["coalescing-aos"].find(
                "[coalescing-strided](https://docs.example/cc/checks/"
                "coalescing-strided.md)"),
            std::string::npos);
  EXPECT_NE(Help["coalescing-misaligned"].find(
                "(https://docs.example/cc/analysis.md#partial-warps)"),
            std::string::npos);
  EXPECT_NE(Help["coalescing-misaligned"].find(
                "(https://docs.example/cuda_bench/scripts/"
                "compare_source_counters.py)"),
            std::string::npos);
  for (const auto &[Id, Text] : Help) {
    for (size_t At = Text.find("]("); At != std::string::npos;
         At = Text.find("](", At + 2))
      EXPECT_EQ(Text.compare(At + 2, 8, "https://"), 0)
          << Id << ": " << Text.substr(At, 60);
  }
}

TEST(SarifOutput, HelpKeptAsWrittenWithoutADocsAddress) {
  OutputOptions O;
  json J = json::parse(render(writeSarif, sampleReport(), O));
  for (const json &Rule : J["runs"][0]["tool"]["driver"]["rules"]) {
    EXPECT_FALSE(Rule.contains("helpUri"));
    EXPECT_EQ(Rule["help"]["markdown"],
              checkDocPage(Rule["id"].get<std::string>()).str());
  }
}

TEST(SarifOutput, RulesInRegistryOrderAndIndexed) {
  Report R;
  Finding Strided = stridedStore();
  Finding AoS = stridedStore();
  AoS.Check = "coalescing-aos";
  AoS.Cat = Category::AoS;
  AoS.Site.Pos.Line = 6;
  Finding Later = stridedStore();
  Later.Site.Pos.Line = 7;
  R.Findings = {Strided, AoS, Later};
  json Run = json::parse(render(writeSarif, R, OutputOptions()))["runs"][0];
  json Rules = Run["tool"]["driver"]["rules"];
  ASSERT_EQ(Run["results"].size(), 3u);
  for (const json &Result : Run["results"])
    EXPECT_EQ(Rules[Result["ruleIndex"].get<size_t>()]["id"],
              Result["ruleId"]);
  EXPECT_EQ(Run["results"][1]["ruleId"], "coalescing-aos");
}

TEST(SarifOutput, InstantiationsOfOneAccessAreOneResult) {
  Finding Four = stridedStore();
  Four.Site.Kernel = "copy<4>";
  Four.Cost = cost(16, 4, 16, 0.25);
  Four.Message = "four";
  Finding ThirtyTwo = stridedStore();
  ThirtyTwo.Site.Kernel = "copy<32>";
  ThirtyTwo.Message = "thirty-two";
  Report R;
  R.Findings = {Four, ThirtyTwo};
  json Results =
      json::parse(render(writeSarif, R, OutputOptions()))["runs"][0]["results"];
  ASSERT_EQ(Results.size(), 1u);
  // Worded after the worst, naming both.
  EXPECT_EQ(Results[0]["message"]["text"],
            "thirty-two (the worst of 2 instantiations: copy<4>, copy<32>)");
  EXPECT_EQ(Results[0]["properties"]["kernels"],
            (json{"copy<4>", "copy<32>"}));
}

TEST(SarifOutput, RelatedLocationsForKernelLoopStructAndLaunch) {
  Finding F = stridedStore();
  F.Notes.clear();
  F.Site.Related.Kernel = {"k.cu", 2, 17};
  F.Site.Related.Loop = {"k.cu", 4, 3};
  F.Site.Related.Launch = {"k.cu", 20, 3};
  F.Site.Related.Struct = {"k.cu", 1, 8};
  F.Site.StructBytes = 12;
  F.Site.StructName = "Particle";
  F.Site.CallChain = {{"transposeNaive", "helper", {"k.cu", 9, 5}}};
  json Related = json::parse(render(writeSarif, only(F), OutputOptions()))
      ["runs"][0]["results"][0]["relatedLocations"];
  ASSERT_EQ(Related.size(), 5u);
  std::vector<unsigned> Lines;
  for (const json &L : Related)
    Lines.push_back(L["physicalLocation"]["region"]["startLine"]);
  EXPECT_EQ(Lines, (std::vector<unsigned>{9, 2, 4, 1, 20}));
  EXPECT_EQ(Related[3]["message"]["text"],
            "'Particle' is declared here (12 bytes)");
}

TEST(SarifOutput, FailedInputsAreToolNotifications) {
  Report R = only(stridedStore());
  R.Inputs = {{"k.cu", true, "", 0, 0, {}},
              {"bad.cu", false, "expected ';'", 3, 9, {}, {}}};
  json Inv = json::parse(render(writeSarif, R, OutputOptions()))["runs"][0]
      ["invocations"][0];
  EXPECT_EQ(Inv["executionSuccessful"], false);
  ASSERT_EQ(Inv["toolExecutionNotifications"].size(), 1u);
  const json &N = Inv["toolExecutionNotifications"][0];
  EXPECT_EQ(N["level"], "error");
  EXPECT_EQ(N["message"]["text"], "expected ';'");
  EXPECT_EQ(N["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "bad.cu");
  EXPECT_EQ(N["locations"][0]["physicalLocation"]["region"],
            (json{{"startLine", 3}, {"startColumn", 9}}));
}

TEST(SarifOutput, PathsUnderTheSourceRootAreRelativeToIt) {
  Finding Inside = stridedStore();
  Inside.Site.Pos.File = "/repo/src/k.cu";
  Finding Outside = stridedStore();
  Outside.Site.Pos.File = "/elsewhere/k.cu";
  Outside.Site.Pos.Line = 9;
  Report R;
  R.Findings = {Inside, Outside};
  OutputOptions O;
  O.SourceRoot = "/repo";
  json Run = json::parse(render(writeSarif, R, O))["runs"][0];
  EXPECT_EQ(Run["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///repo/");
  const json &In =
      Run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  EXPECT_EQ(In, (json{{"uri", "src/k.cu"}, {"uriBaseId", "%SRCROOT%"}}));
  const json &Out =
      Run["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"];
  EXPECT_EQ(Out, (json{{"uri", "file:///elsewhere/k.cu"}}));
}

TEST(SarifOutput, ColumnsInCodePointsAndPathsAsUris) {
  Finding F = stridedStore();
  F.Site.Pos.File = "/src/my kernels/k.cu";
  F.Site.SourceLine = "  s(\"\xC3\xA9\"); a[i] = 0;";
  F.Site.Pos.Column = 12;
  F.Site.RangeEndColumn = 15;
  json Run =
      json::parse(render(writeSarif, only(F), OutputOptions()))["runs"][0];
  EXPECT_EQ(Run["columnKind"], "unicodeCodePoints");
  const json &Loc = Run["results"][0]["locations"][0]["physicalLocation"];
  EXPECT_EQ(Loc["artifactLocation"]["uri"], "file:///src/my%20kernels/k.cu");
  EXPECT_EQ(Loc["region"]["startColumn"], 11);
  EXPECT_EQ(Loc["region"]["endColumn"], 15);
}

TEST(SarifOutput, NoEndColumnWithoutRange) {
  Finding F = stridedStore();
  F.Site.RangeEndColumn = 0;
  json Region =
      json::parse(render(writeSarif, only(F),
                         OutputOptions()))["runs"][0]["results"][0]["locations"]
                                          [0]["physicalLocation"]["region"];
  EXPECT_EQ(Region, (json{{"startLine", 5}, {"startColumn", 5}}));
}

//===- Warp picture -------------------------------------------------------===//

AccessSite siteWithStride(int64_t StrideBytes, unsigned ElemBytes = 4,
                          int64_t Lane0Offset = 0) {
  AccessSite S;
  S.ElemBytes = ElemBytes;
  S.LaneOffsets = strided(StrideBytes);
  S.Lane0Offset = Lane0Offset;
  return S;
}

TEST(WarpPicture, UnitStrideFillsFourSectors) {
  EXPECT_EQ(drawWarp(siteWithStride(4)),
            "  warp: 32 lanes x 4 bytes -> 4 sectors of 32 bytes, 128 of 128 "
            "bytes used\n"
            "  offsets from lane 0; one cell = 4 bytes: # used, . "
            "fetched but unused\n"
            "     +0  [########]  lanes 0-7\n"
            "    +32  [########]  lanes 8-15\n"
            "    +64  [########]  lanes 16-23\n"
            "    +96  [########]  lanes 24-31\n");
}

TEST(WarpPicture, StrideEightFloatsUsesOneCellPerSector) {
  std::string Picture = drawWarp(siteWithStride(32));
  EXPECT_EQ(Picture.substr(0, Picture.find('\n')),
            "  warp: 32 lanes x 4 bytes -> 32 sectors of 32 bytes, 128 of "
            "1024 bytes used");
  EXPECT_NE(Picture.find("\n      +0  [#.......]  lane 0\n"), std::string::npos)
      << Picture;
  EXPECT_NE(Picture.find("\n    +352  [#.......]  lane 11\n"),
            std::string::npos)
      << Picture;
  EXPECT_EQ(Picture.find("lane 12\n"), std::string::npos);
  const std::string Tail = "  ... 20 more sectors\n";
  ASSERT_GE(Picture.size(), Tail.size());
  EXPECT_EQ(Picture.substr(Picture.size() - Tail.size()), Tail);
  // Two header lines, twelve sectors, the tail.
  EXPECT_EQ(std::count(Picture.begin(), Picture.end(), '\n'), 15);
  for (size_t Begin = 0, End;
       (End = Picture.find('\n', Begin)) != std::string::npos; Begin = End + 1)
    EXPECT_LE(End - Begin, 100u);
}

TEST(WarpPicture, OffsetShowsTheExtraSector) {
  std::string Picture = drawWarp(siteWithStride(4, 4, /*Lane0Offset=*/4));
  EXPECT_NE(Picture.find("-> 5 sectors"), std::string::npos);
  EXPECT_NE(Picture.find("     -4  [.#######]  lanes 0-6\n"), std::string::npos)
      << Picture;
  EXPECT_NE(Picture.find("   +124  [#.......]  lane 31\n"), std::string::npos)
      << Picture;
}

TEST(WarpPicture, NarrowAccessesGetNarrowCells) {
  // Chars two apart: one cell per byte, every other one wasted.
  std::string Picture = drawWarp(siteWithStride(2, 1));
  EXPECT_NE(Picture.find("one cell = 1 byte:"), std::string::npos);
  EXPECT_NE(Picture.find("[#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.]  lanes 0-15\n"),
            std::string::npos)
      << Picture;
}

TEST(WarpPicture, BroadcastAndInactiveLanes) {
  AccessSite S = siteWithStride(0);
  S.LaneOffsets[5] = std::nullopt;
  std::string Picture = drawWarp(S);
  EXPECT_NE(Picture.find("31 lanes x 4 bytes -> 1 sector of 32 bytes, 4 of "
                         "32 bytes used"),
            std::string::npos)
      << Picture;
  EXPECT_NE(Picture.find("[#.......]  lanes 0-4, 6-31\n"), std::string::npos)
      << Picture;
}

TEST(WarpPicture, LongLaneListsAreCut) {
  AccessSite S = siteWithStride(0);
  for (unsigned Lane = 1; Lane < 32; Lane += 2)
    S.LaneOffsets[Lane] = std::nullopt;
  std::string Picture = drawWarp(S);
  size_t Lanes = Picture.find("lanes 0, 2, 4, ");
  ASSERT_NE(Lanes, std::string::npos) << Picture;
  size_t End = Picture.find('\n', Lanes);
  EXPECT_EQ(Picture.substr(End - 5, 5), ", ...");
  EXPECT_LE(End - Lanes, 60u);
}

TEST(WarpPicture, NothingToDrawWithoutOffsets) {
  AccessSite S = siteWithStride(4);
  S.LaneOffsets.clear();
  EXPECT_EQ(drawWarp(S), "");
  S.LaneOffsets.assign(32, std::nullopt);
  EXPECT_EQ(drawWarp(S), "");
}

} // namespace

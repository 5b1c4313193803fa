//===- JsonOutput.cpp - report format v1 ----------------------------------===//
//
// The contract in docs/report-format.md: keys in the documented
// order (ordered_json), two-space indent, a trailing newline. Values that
// could not be computed are null, never a guess.
//
// Extension within v1: "confirmation" follows "reason" only when a
// --confirmations file confirmed or refuted the finding; consumers of v1 that
// do not know the key can ignore it. "message" and "notes" carry the
// warning's text and its explaining notes (the fix) for flagged accesses, and
// "kernels" lists every kernel analyzed, so a kernel without global accesses
// is not mistaken for a missing one (the grader needs both).
//
//===----------------------------------------------------------------------===//

#include "Output/Output.h"
#include "Output/JsonNumbers.h"
#include "Findings/ReasonText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <set>
#include <string>
#include <tuple>

using namespace coalesce;
using Json = nlohmann::ordered_json;

namespace {

constexpr unsigned WarpSize = 32;

template <typename T> Json orNull(const std::optional<T> &V) {
  return V ? Json(*V) : Json(nullptr);
}

Json orNull(const std::string &S) {
  return S.empty() ? Json(nullptr) : Json(S);
}

/// One entry per lane, inactive lanes null; lanes past the end of a short
/// list did not take part and are inactive too.
Json laneOffsets(const AccessSite &Site) {
  if (Site.LaneOffsets.empty())
    return nullptr;
  Json Offsets = Json::array();
  for (const std::optional<int64_t> &Offset : Site.LaneOffsets)
    Offsets.push_back(orNull(Offset));
  while (Offsets.size() < WarpSize)
    Offsets.push_back(nullptr);
  return Offsets;
}

Json assumptions(const AccessSite &Site) {
  Json A = Json::object();
  for (const Assumption &Assumed : Site.Assumptions)
    A[Assumed.Name] = Assumed.Value;
  const auto &Dim = Site.BlockDim;
  if (Dim[0] && Dim[1] && Dim[2])
    A["blockDim"] = {Dim[0], Dim[1], Dim[2]};
  return A;
}

/// Where one entry of "accesses" stands: an access where it is written,
/// or a repeat of it where a profiler may book its instruction instead: in
/// the toolkit wrapper it calls (AccessSite::BookedInWrapper), at the end of
/// its expression when that spans lines (AccessSite::BookedAtEnd), or on the
/// line of call Step of Chain, its call chain or one of the others that
/// reach it.
struct Entry {
  enum class Kind { Written, InWrapper, AtEnd, AtCall };
  const Finding *F;
  Kind K;
  const std::vector<AccessSite::CallStep> *Chain;
  size_t Step = 0; ///< AtCall: the call of Chain
  const SourcePos &pos() const {
    switch (K) {
    case Kind::Written:
      return F->Site.Pos;
    case Kind::InWrapper:
      return F->Site.BookedInWrapper.Pos;
    case Kind::AtEnd:
      return F->Site.BookedAtEnd;
    case Kind::AtCall:
      break;
    }
    return (*Chain)[Step].Pos;
  }
};

/// Every access where it is written, then once more where a profiler may
/// book it (Entry): on the line of each inlined call that reaches it,
/// through any of its call chains (a helper called on three lines is booked
/// on the three), since nvcc's line information may book an inlined
/// instruction on any line of its inline stack, so a line-by-line reader
/// finds it on either. A call line two chains share is one entry. Sorted by
/// position (stable: the report's order among equals).
std::vector<Entry> entries(const Report &R) {
  std::vector<Entry> List;
  for (const Finding &F : R.Findings) {
    const std::vector<AccessSite::CallStep> *Own = &F.Site.CallChain;
    List.push_back({&F, Entry::Kind::Written, Own});
    if (!F.Site.BookedInWrapper.Caller.empty())
      List.push_back({&F, Entry::Kind::InWrapper, Own});
    if (F.Site.BookedAtEnd.Line)
      List.push_back({&F, Entry::Kind::AtEnd, Own});
    std::set<std::tuple<std::string, unsigned, unsigned>> Booked;
    auto Book = [&](const std::vector<AccessSite::CallStep> &Chain) {
      for (size_t I = 0; I < Chain.size(); ++I)
        if (Booked.insert({Chain[I].Pos.File, Chain[I].Pos.Line,
                           Chain[I].Pos.Column})
                .second)
          List.push_back({&F, Entry::Kind::AtCall, &Chain, I});
    };
    Book(F.Site.CallChain);
    for (const auto &Chain : F.OtherCallChains)
      Book(Chain);
  }
  std::stable_sort(List.begin(), List.end(), [](const Entry &A, const Entry &B) {
    const SourcePos &PA = A.pos(), &PB = B.pos();
    return std::tie(PA.File, PA.Line, PA.Column) <
           std::tie(PB.File, PB.Line, PB.Column);
  });
  return List;
}

Json access(const Entry &E) {
  const Finding &F = *E.F;
  const AccessSite &Site = F.Site;
  Json A;
  A["file"] = E.pos().File;
  A["line"] = E.pos().Line;
  A["column"] = E.pos().Column;
  A["kernel"] = Site.Kernel;
  A["function"] = E.K == Entry::Kind::InWrapper ? Site.BookedInWrapper.Caller
                  : E.K == Entry::Kind::AtCall  ? (*E.Chain)[E.Step].Caller
                                                : Site.Function;
  A["access"] = accessKindName(Site.Kind);
  A["space"] = Site.Shared ? "shared" : "global";
  A["text"] = Site.Text;
  A["base"] = Site.Base;
  A["elem_bytes"] = Site.ElemBytes;
  // Extension of v1: one of the member accesses nvcc joins into one
  // instruction of the whole element (elem_bytes is then the element's);
  // of a shared array's neighbouring elements, no struct, the accesses.
  if (!Site.WholeElementMembers.empty()) {
    Json Members = Json::array();
    llvm::SmallVector<llvm::StringRef, 4> Names;
    llvm::StringRef(Site.WholeElementMembers).split(Names, ", ");
    for (llvm::StringRef N : Names)
      Members.push_back(N.str());
    A["whole_element"] = {{"struct", orNull(Site.StructName)},
                          {"members", Members}};
  }
  // Extension of v1: nvcc joins the loads of this many consecutive
  // iterations of the loop into one instruction (elem_bytes is its width).
  if (Site.JoinedIterations)
    A["joined_iterations"] = Site.JoinedIterations;
  A["address"] = orNull(Site.Address);
  // Between groups of lanes that load their values (load_groups), the
  // distances are the model's: none is printed.
  bool Modelled = Site.LoadGroups > 0;
  A["lane_stride_bytes"] = Modelled ? Json() : orNull(F.LaneStrideBytes);
  A["lane_offsets"] = Modelled ? Json() : laneOffsets(Site);
  A["warp_stride_bytes"] = Modelled ? Json() : orNull(Site.WarpStrideBytes);
  // Extension of v1 (readers ignore unknown keys): where lane 0 sits within
  // a 128-byte line, assuming a 256-byte aligned allocation, so a replay can
  // reproduce misalignment that lane_offsets alone cannot show.
  if (Site.LaneOffsets.empty())
    A["lane0_offset_bytes"] = nullptr;
  else
    A["lane0_offset_bytes"] = ((Site.Lane0Offset % 128) + 128) % 128;
  if (F.Cost) {
    A["sectors_per_request"] = jsonCount(F.sectors());
    A["ideal_sectors"] = jsonCount(F.idealSectors());
    A["lines_per_request"] = jsonCount(F.lines());
    A["efficiency"] = std::round(F.efficiency() * 10000.0) / 10000.0;
    if (F.Launch) {
      Json &W = A["warps"];
      W["sampled"] = F.Launch->Requests;
      W["min"] = F.Launch->MinSectors;
      W["max"] = F.Launch->MaxSectors;
      W["warp0"] = F.Warp0Sectors;
      // Extension of v1: the mean if the compiler branches around the
      // short if it is taken to predicate (over the warps with a lane on).
      if (F.IfBranched)
        W["if_branched"] = jsonCount(*F.IfBranched);
    }
  } else {
    A["sectors_per_request"] = nullptr;
    A["ideal_sectors"] = nullptr;
    A["lines_per_request"] = nullptr;
    A["efficiency"] = nullptr;
  }
  // Shared memory: banks instead of sectors (the sector fields are null).
  if (Site.Shared) {
    A["bank_conflict_ways"] = F.Bank ? Json(F.Bank->ConflictWays) : Json(nullptr);
    A["wavefronts_per_request"] =
        F.Bank ? jsonCount(F.wavefronts()) : Json(nullptr);
    A["ideal_wavefronts"] =
        F.Bank ? jsonCount(F.idealWavefronts()) : Json(nullptr);
    // Extension of v1: the sampled warps' spread, as for sectors.
    if (F.BankLaunch &&
        (F.BankLaunch->Min != F.BankLaunch->Max || F.IfBranched)) {
      Json &W = A["warps"];
      W["sampled"] = F.BankLaunch->Requests;
      W["min"] = F.BankLaunch->Min;
      W["max"] = F.BankLaunch->Max;
      W["warp0"] = F.BankLaunch->Warp0;
      if (F.IfBranched)
        W["if_branched"] = jsonCount(*F.IfBranched);
    }
  }
  A["category"] = categoryName(F.Cat);
  A["flagged"] = F.Flagged;
  A["check"] = orNull(F.Check);
  A["message"] = F.Flagged ? Json(F.Message) : Json(nullptr);
  A["notes"] = F.Flagged ? Json(F.Notes) : Json::array();
  // Extension of v1: the automatic fix cuda-coalesce --fix applies.
  if (F.Flagged && F.AutoFix) {
    Json Edits = Json::array();
    for (const TextEdit &Ed : F.AutoFix->Edits)
      Edits.push_back({{"file", Ed.File},
                       {"offset", Ed.Offset},
                       {"length", Ed.Length},
                       {"line", Ed.Begin.Line},
                       {"column", Ed.Begin.Column},
                       {"end_line", Ed.End.Line},
                       {"end_column", Ed.End.Column},
                       {"text", Ed.Text}});
    A["fix"] = {{"description", F.AutoFix->Description},
                {"edits", std::move(Edits)}};
  }
  size_t Calls = E.K == Entry::Kind::AtCall ? E.Step : Site.CallChain.size();
  std::vector<AccessSite::CallStep> Steps(E.Chain->begin(),
                                          E.Chain->begin() + Calls);
  // In the wrapper: reached by the access's own call of it.
  if (E.K == Entry::Kind::InWrapper)
    Steps.push_back({Site.Function, Site.BookedInWrapper.Caller, Site.Pos});
  Json Chain = Json::array();
  for (const AccessSite::CallStep &Step : Steps)
    Chain.push_back({{"caller", Step.Caller},
                     {"callee", Step.Callee},
                     {"file", Step.Pos.File},
                     {"line", Step.Pos.Line},
                     {"column", Step.Pos.Column}});
  A["call_chain"] = std::move(Chain);
  // Extension of v1: this entry repeats, on the line of a call, an access
  // written in the function it calls (where, and in which function); in
  // the toolkit's wrapper an atomic calls, the access written at the call;
  // or at the end of an access that spans lines, the access.
  if (E.K != Entry::Kind::Written)
    A["inlined_from"] = {{"file", Site.Pos.File},
                         {"line", Site.Pos.Line},
                         {"column", Site.Pos.Column},
                         {"function", Site.Function}};
  // Extension of v1: the access lies in a toolkit header (cuRAND's), made
  // through the pointer the user's call passes; the text, SARIF and editor
  // outputs show it at that call.
  if (Site.inToolkitHeader())
    A["toolkit_header"] = {{"header", Site.Toolkit.Header},
                           {"call",
                            {{"file", Site.Toolkit.Pos.File},
                             {"line", Site.Toolkit.Pos.Line},
                             {"column", Site.Toolkit.Pos.Column},
                             {"text", Site.Toolkit.Text}}}};
  A["assumptions"] = assumptions(Site);
  A["reason"] = orNull(reasonText(Site.UnknownReason));
  // Extension of v1: the assumed runtime value that, equal to 1, would make
  // the lanes contiguous ("stride == 1").
  if (!Site.ContiguousIf.empty())
    A["contiguous_if"] = Site.ContiguousIf;
  // Extension of v1: assumed values whose mask "& (n - 1)" is taken as a
  // wrap-around wider than a warp's addresses.
  if (!Site.WideMasks.empty())
    A["wide_masks"] = Site.WideMasks;
  // Extension of v1: assumed values that move the lanes within sectors,
  // with the mean sectors per request for each residue of the value.
  if (!Site.AlignmentDependence.empty()) {
    Json &List = A["alignment_depends_on"];
    for (const AccessSite::ValueDependence &D : Site.AlignmentDependence) {
      Json E;
      E["name"] = D.Name;
      E["assumed"] = D.Assumed;
      E["modulus"] = D.Modulus ? Json(D.Modulus) : Json(nullptr);
      E["sectors_per_request"] = {{"fewest", jsonCount(D.fewest())},
                                  {"most", jsonCount(D.most())},
                                  {"mean", jsonCount(D.mean())}};
      E["fewest_when"] = orNull(D.fewestWhen());
      Json ByResidue = Json::array();
      if (D.Modulus)
        for (double V : D.Sectors)
          ByResidue.push_back(jsonCount(V));
      E["by_residue"] = std::move(ByResidue);
      if (D.SmallBelow)
        E["small_values"] = {
            {"below", D.SmallBelow},
            {"sectors_per_request",
             {{"fewest", jsonCount(D.SmallFewest)},
              {"most", jsonCount(D.SmallMost)}}}};
      List.push_back(std::move(E));
    }
  }
  // Extension of v1: a gather into rows, one a lane (work[tid * stride +
  // idx[k]]): the bytes between the lanes' rows.
  if (Site.GatherRowBytes)
    A["gather_row_bytes"] = *Site.GatherRowBytes;
  // Extension of v1: values groups of lanes each load at one address; the
  // count puts the groups in different sectors, so the lane offsets
  // between groups are the model's, not the run's.
  if (Site.LoadGroups)
    A["load_groups"] = {{"values", Site.GroupedLoads},
                        {"groups", Site.LoadGroups}};
  // Extension of v1: conditions on loaded data that choose between two
  // offsets; the count is the arm's of more sectors.
  if (!Site.DataChoice.empty() && Site.DataChoiceSectors.size() == 3)
    A["data_choice"] = {
        {"conditions", Site.DataChoice},
        {"sectors_per_request",
         {{"first_arm", jsonCount(Site.DataChoiceSectors[0])},
          {"second_arm", jsonCount(Site.DataChoiceSectors[1])},
          {"alternating", jsonCount(Site.DataChoiceSectors[2])}}}};
  // Extension of v1: a condition around the access that the analysis
  // cannot evaluate; the numbers are for full warps (an upper bound).
  if (!Site.UnevaluatedGuard.empty())
    A["unevaluated_guard"] = reasonText(Site.UnevaluatedGuard);
  // Extension of v1: the launch passes a block the host computes at run
  // time; the launch's mean for blocks of 1 to 1024 threads along x.
  if (!Site.SectorsByBlockX.empty()) {
    Json BySize = Json::object();
    for (const auto &[Size, Sectors] : Site.SectorsByBlockX)
      BySize[std::to_string(Size)] = jsonCount(Sectors);
    auto [Fewest, Most] = Site.blockXRange();
    A["block_depends_on"] = {
        {"assumed", Site.BlockDim[0]},
        {"sectors_per_request",
         {{"fewest", jsonCount(Fewest)}, {"most", jsonCount(Most)}}},
        {"by_block_x", std::move(BySize)}};
  }
  // Extension of v1: a lane walks a range whose start it loaded (CSR, a
  // thread a row); the length the data decides, as the source names it.
  if (!Site.DataDependentRange.empty())
    A["data_dependent_range"] = Site.DataDependentRange;
  if (!Site.DataDependentStart.empty())
    A["data_dependent_start"] = Site.DataDependentStart;
  if (!F.Confirmation.empty())
    A["confirmation"] = F.Confirmation;
  // Extension of v1: flagged by its check but recorded in the --baseline
  // file, so "flagged" is false.
  if (F.Baselined)
    A["baselined"] = true;
  return A;
}

} // namespace

void coalesce::writeJson(const Report &R, const OutputOptions &O,
                         llvm::raw_ostream &OS) {
  Json Doc;
  Doc["schema"] = "cuda-coalesce-report/1";
  Doc["tool"] = {{"name", "cuda-coalesce"}, {"version", O.ToolVersion}};
  // The accesses are written one by one into the document's place for
  // them (below): a thousand files' worth held as one JSON tree costs ten
  // times its text in memory.
  Doc["accesses"] = Json::array();
  unsigned Flagged = 0;
  for (const Finding &F : R.Findings)
    Flagged += F.Flagged;
  Json Kernels = Json::array();
  for (const KernelInfo &K : R.KernelList)
    Kernels.push_back(
        {{"name", K.Name}, {"file", K.Pos.File}, {"line", K.Pos.Line}});
  Doc["kernels"] = std::move(Kernels);
  Json Files = Json::array();
  unsigned Failed = 0;
  for (const InputStatus &In : R.Inputs) {
    Json F;
    F["path"] = In.Path;
    F["status"] = In.Ok ? "ok" : "error";
    // Only for a file the compilation database does not list.
    if (In.Context.How == InputContext::IncludedBy)
      F["context"] = {{"kind", "included-by"}, {"unit", In.Context.From}};
    else if (In.Context.How == InputContext::Interpolated)
      F["context"] = {{"kind", "interpolated"}, {"from", In.Context.From}};
    if (In.Ok) {
      F["error"] = nullptr;
    } else {
      ++Failed;
      F["error"] = {{"message", In.Message},
                    {"line", In.Line ? Json(In.Line) : Json(nullptr)},
                    {"column", In.Column ? Json(In.Column) : Json(nullptr)}};
    }
    if (!In.NvccCompat.empty())
      F["nvcc_compat"] = In.NvccCompat;
    Files.push_back(std::move(F));
  }
  Doc["files"] = std::move(Files);
  Doc["summary"] = {{"files", R.Files},
                    {"files_failed", Failed},
                    {"kernels", R.Kernels},
                    {"accesses", R.Findings.size()},
                    {"flagged", Flagged}};
  // Source text is not always valid UTF-8 (Latin-1 comments, odd macros);
  // replace bad bytes rather than throw.
  auto Dump = [](const Json &J) {
    return J.dump(2, ' ', /*ensure_ascii=*/false,
                  Json::error_handler_t::replace);
  };
  std::string Text = Dump(Doc);
  // "accesses" is the third key, at the top level: its "[]" is the first.
  static const std::string Slot = "\n  \"accesses\": []";
  size_t At = Text.find(Slot);
  assert(At != std::string::npos && "the accesses' place in the document");
  At += Slot.size() - 2;
  OS << llvm::StringRef(Text).take_front(At);
  if (R.Findings.empty()) {
    OS << "[]";
  } else {
    // As dump(2) writes an array two levels down: an element a line,
    // indented by four.
    OS << "[";
    bool First = true;
    for (const Entry &E : entries(R)) {
      std::string Element = Dump(access(E));
      OS << (First ? "\n    " : ",\n    ");
      First = false;
      for (char C : Element) {
        OS << C;
        if (C == '\n')
          OS << "    ";
      }
    }
    OS << "\n  ]";
  }
  OS << llvm::StringRef(Text).drop_front(At + 2) << '\n';
}

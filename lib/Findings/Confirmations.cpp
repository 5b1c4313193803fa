//===- Confirmations.cpp --------------------------------------------------===//

#include "Findings/Confirmations.h"
#include "Frontend/RegularFile.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <map>
#include <tuple>

using namespace llvm;

namespace coalesce {

namespace {
std::string number(double V) {
  std::string S;
  raw_string_ostream OS(S);
  if (V == double(int64_t(V)))
    OS << int64_t(V);
  else
    OS << format("%.1f", V);
  return OS.str();
}
} // namespace

std::string confirmationNote(const std::string &Device, const std::string &Verdict,
                             double MeasuredSectors, double PredictedSectors,
                             double Slowdown) {
  // The replay runs the warp's pattern alone, without the loop around it,
  // so reuse across iterations (L1) is not in the slowdown: say "replayed".
  std::string Cost =
      Slowdown >= 1.0
          ? "replayed " + number(Slowdown) + "x slower than coalesced"
          : "replayed " + number(1.0 / Slowdown) + "x faster than coalesced";
  if (Verdict == "confirmed")
    return "confirmed on " + Device + ": " + number(MeasuredSectors) +
           " sectors per request measured, " + Cost;
  return "refuted on " + Device + ": " + number(MeasuredSectors) +
         " sectors per request measured where " + number(PredictedSectors) +
         " were predicted, " + Cost;
}

Error applyConfirmations(Report &R, const std::string &Path) {
  Expected<std::unique_ptr<MemoryBuffer>> Buffer =
      readRegularFile(Path, MaxListBytes);
  if (!Buffer)
    return createStringError(inconvertibleErrorCode(),
                             "--confirmations: %s (%s)",
                             toString(Buffer.takeError()).c_str(),
                             Path.c_str());
  nlohmann::json J = nlohmann::json::parse((*Buffer)->getBuffer().begin(),
                                           (*Buffer)->getBuffer().end(),
                                           nullptr, /*allow_exceptions=*/false);
  // Types are checked before any value is read: nlohmann's value() and get()
  // throw on a mismatch, and an exception here would lose the whole report.
  auto Field = [&](const char *Name) -> const nlohmann::json * {
    auto It = J.find(Name);
    return It == J.end() ? nullptr : &*It;
  };
  const nlohmann::json *Schema = J.is_object() ? Field("schema") : nullptr;
  const nlohmann::json *List = J.is_object() ? Field("confirmations") : nullptr;
  if (J.is_discarded() || !J.is_object() || !Schema || !Schema->is_string() ||
      *Schema != "cuda-coalesce-confirmations/1" || !List || !List->is_array())
    return createStringError(inconvertibleErrorCode(),
                             "--confirmations: not a "
                             "cuda-coalesce-confirmations/1 file (%s)",
                             Path.c_str());
  std::string Device = "the GPU";
  if (const nlohmann::json *D = Field("device")) {
    if (!D->is_string())
      return createStringError(inconvertibleErrorCode(),
                               "--confirmations: \"device\" is not a string "
                               "(%s)",
                               Path.c_str());
    Device = D->get<std::string>();
  }
  // Keyed by location, access kind and kernel: one template's
  // instantiations share a location but not a pattern.
  using Key = std::tuple<std::string, unsigned, unsigned, std::string,
                         std::string>;
  std::map<Key, std::string> Notes;
  auto Number = [](const nlohmann::json &C, const char *Name) {
    auto It = C.find(Name);
    return It != C.end() && It->is_number() ? It->get<double>() : 0.0;
  };
  auto Text = [](const nlohmann::json &C, const char *Name) {
    auto It = C.find(Name);
    return It != C.end() && It->is_string() ? It->get<std::string>()
                                            : std::string();
  };
  for (const nlohmann::json &C : *List) {
    if (!C.is_object() || !C.contains("measured_sectors_per_request") ||
        !C["measured_sectors_per_request"].is_number() ||
        !C.contains("slowdown") || !C["slowdown"].is_number() ||
        !C.contains("line") || !C["line"].is_number_unsigned() ||
        !C.contains("column") || !C["column"].is_number_unsigned())
      continue;
    Key K{Text(C, "file"), C["line"].get<unsigned>(),
          C["column"].get<unsigned>(), Text(C, "access"), Text(C, "kernel")};
    Notes[K] = confirmationNote(Device, Text(C, "verdict"),
                                Number(C, "measured_sectors_per_request"),
                                Number(C, "predicted_sectors_per_request"),
                                Number(C, "slowdown"));
  }
  for (Finding &F : R.Findings) {
    const SourcePos &P = F.Site.Pos;
    std::string Kind = accessKindName(F.Site.Kind);
    auto It = Notes.find({P.File, P.Line, P.Column, Kind, F.Site.Kernel});
    if (It == Notes.end()) // a file written without kernel names
      It = Notes.find({P.File, P.Line, P.Column, Kind, ""});
    if (It != Notes.end())
      F.Confirmation = It->second;
  }
  return Error::success();
}

} // namespace coalesce

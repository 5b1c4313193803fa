//===- Confirmations.cpp --------------------------------------------------===//

#include "Findings/Confirmations.h"

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
  std::string Cost = Slowdown >= 1.0
                         ? number(Slowdown) + "x slower than coalesced"
                         : number(1.0 / Slowdown) + "x faster than coalesced";
  if (Verdict == "confirmed")
    return "confirmed on " + Device + ": " + number(MeasuredSectors) +
           " sectors per request measured, " + Cost;
  return "refuted on " + Device + ": " + number(MeasuredSectors) +
         " sectors per request measured where " + number(PredictedSectors) +
         " were predicted, " + Cost;
}

Error applyConfirmations(Report &R, const std::string &Path) {
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return createStringError(Buffer.getError(), "--confirmations %s: %s",
                             Path.c_str(),
                             Buffer.getError().message().c_str());
  nlohmann::json J = nlohmann::json::parse((*Buffer)->getBuffer().begin(),
                                           (*Buffer)->getBuffer().end(),
                                           nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object() ||
      J.value("schema", "") != "cuda-coalesce-confirmations/1" ||
      !J.contains("confirmations") || !J["confirmations"].is_array())
    return createStringError(inconvertibleErrorCode(),
                             "--confirmations %s: not a "
                             "cuda-coalesce-confirmations/1 file",
                             Path.c_str());
  std::string Device = J.value("device", "the GPU");
  using Key = std::tuple<std::string, unsigned, unsigned, std::string>;
  std::map<Key, std::string> Notes;
  for (const nlohmann::json &C : J["confirmations"]) {
    if (!C.is_object() || !C["measured_sectors_per_request"].is_number() ||
        !C["slowdown"].is_number())
      continue;
    Key K{C.value("file", ""), C.value("line", 0u), C.value("column", 0u),
          C.value("access", "")};
    Notes[K] = confirmationNote(
        Device, C.value("verdict", ""),
        C["measured_sectors_per_request"].get<double>(),
        C.value("predicted_sectors_per_request", 0.0),
        C["slowdown"].get<double>());
  }
  for (Finding &F : R.Findings) {
    Key K{F.Site.Pos.File, F.Site.Pos.Line, F.Site.Pos.Column,
          accessKindName(F.Site.Kind)};
    auto It = Notes.find(K);
    if (It != Notes.end())
      F.Confirmation = It->second;
  }
  return Error::success();
}

} // namespace coalesce

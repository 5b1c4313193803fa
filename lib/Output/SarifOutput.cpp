//===- SarifOutput.cpp - SARIF 2.1.0 --------------------------------------===//
//
// A minimal valid log: one run, one rule per check that fired, one result
// per flagged finding. The notes and any confirmation follow the message on
// lines of their own, since SARIF viewers show message.text whole.
//
// Columns: the report holds 1-based byte columns; SARIF counts UTF-16 code
// units unless told otherwise, so the run declares "unicodeCodePoints" and
// columns are converted with the source line.
//
//===----------------------------------------------------------------------===//

#include "Output/Output.h"

#include "Findings/CheckRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <map>

using namespace coalesce;
using Json = nlohmann::ordered_json;
using llvm::StringRef;

namespace {

/// 1-based code point column of a 1-based byte column in Line.
unsigned codePointColumn(StringRef Line, unsigned ByteColumn) {
  if (ByteColumn == 0 || ByteColumn > Line.size() + 1)
    return ByteColumn;
  unsigned Column = 1;
  for (char C : Line.take_front(ByteColumn - 1))
    Column += (static_cast<unsigned char>(C) & 0xC0) != 0x80;
  return Column;
}

/// A URI reference for a path as given on the command line: relative paths
/// stay relative (code scanning resolves them against the checkout),
/// absolute ones become file URIs.
std::string pathToUri(StringRef Path) {
  std::string Uri = Path.starts_with("/") ? "file://" : "";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || StringRef("-._~/:@!$&'()*+,;=").contains(C)) {
      Uri += C;
      continue;
    }
    static const char Hex[] = "0123456789ABCDEF";
    Uri += '%';
    Uri += Hex[C >> 4];
    Uri += Hex[C & 15];
  }
  return Uri;
}

Json region(const AccessSite &Site) {
  StringRef Line = StringRef(Site.SourceLine).rtrim("\r\n");
  Json Region;
  Region["startLine"] = Site.Pos.Line;
  if (Site.Pos.Column) {
    Region["startColumn"] = codePointColumn(Line, Site.Pos.Column);
    if (Site.RangeEndColumn >= Site.Pos.Column)
      Region["endColumn"] = codePointColumn(Line, Site.RangeEndColumn + 1);
  }
  return Region;
}

std::string messageText(const Finding &F) {
  std::string Text = F.Message;
  for (const std::string &Note : F.Notes)
    Text += "\n" + Note;
  if (!F.Confirmation.empty())
    Text += "\n" + F.Confirmation;
  return Text;
}

} // namespace

void coalesce::writeSarif(const Report &R, const OutputOptions &O,
                          llvm::raw_ostream &OS) {
  // Every registered check, in the registry's fixed order: the rule
  // indices do not depend on what this run found.
  std::map<std::string, unsigned> RuleIndex;
  Json Rules = Json::array();
  for (const auto &Check : allChecks()) {
    const CheckInfo &Info = Check->info();
    RuleIndex[Info.Name] = Rules.size();
    Json Rule;
    Rule["id"] = Info.Name;
    Rule["shortDescription"]["text"] = Info.Description;
    Rules.push_back(std::move(Rule));
  }

  Json Results = Json::array();
  for (const Finding &F : R.Findings) {
    if (!F.Flagged)
      continue;
    Json Result;
    if (!F.Check.empty()) {
      Result["ruleId"] = F.Check;
      Result["ruleIndex"] = RuleIndex[F.Check];
    }
    Result["level"] = "warning";
    Result["message"]["text"] = messageText(F);
    Json Location;
    Json &Physical = Location["physicalLocation"];
    Physical["artifactLocation"]["uri"] = pathToUri(F.Site.Pos.File);
    if (F.Site.Pos.Line)
      Physical["region"] = region(F.Site);
    Result["locations"].push_back(std::move(Location));
    Results.push_back(std::move(Result));
  }

  Json Driver;
  Driver["name"] = "cuda-coalesce";
  Driver["version"] = O.ToolVersion;
  Driver["rules"] = std::move(Rules);
  Json Run;
  Run["tool"]["driver"] = std::move(Driver);
  Run["columnKind"] = "unicodeCodePoints";
  Run["results"] = std::move(Results);

  Json Log;
  Log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  Log["version"] = "2.1.0";
  Log["runs"].push_back(std::move(Run));
  OS << Log.dump(2, ' ', /*ensure_ascii=*/false, Json::error_handler_t::replace)
     << '\n';
}

//===- SarifOutput.cpp - SARIF 2.1.0 for code-scanning services -----------===//
//
// Written for GitHub code scanning, and checked with Microsoft's SARIF
// Multitool (its GitHub rule set) in the test suite:
//
// - Every registered check is a rule, in the registry's fixed order, so a
//   rule's index never depends on what a run found. A rule's full
//   description and help are its doc page (docs/checks/<name>.md), carried
//   in the binary.
// - One result per source location and check. A template kernel's
//   instantiations that flag the same access are one result naming them
//   all, worded after the worst of them.
// - The notes are relatedLocations: the explaining notes at the access, and
//   the kernel, the enclosing loop, the struct and the launch site where
//   they are. The message is the warning alone.
// - partialFingerprints carry the --baseline fingerprint, so an alert keeps
//   its identity when lines move.
// - Paths under the working directory are relative to %SRCROOT%, which
//   originalUriBaseIds resolves; others are absolute file URIs.
// - invocations[0] says whether every input was analyzed, with a
//   notification for each file that was not.
//
// Columns: the report holds 1-based byte columns; SARIF counts UTF-16 code
// units unless told otherwise, so the run declares "unicodeCodePoints" and
// columns are converted with the source line.
//
//===----------------------------------------------------------------------===//

#include "Output/Output.h"
#include "Output/JsonNumbers.h"

#include "Findings/Baseline.h"
#include "Findings/CheckDocs.h"
#include "Findings/CheckRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <map>
#include <tuple>

using namespace coalesce;
using Json = nlohmann::ordered_json;
using llvm::StringRef;

namespace {

/// Target resolved against Base (an absolute URI ending in '/'), the folder
/// of the page Page: "../analysis.md#x" -> "https://host/docs/analysis.md#x".
/// Absolute targets are kept; an anchor alone points into Page.
std::string resolveLink(StringRef Target, StringRef Base, StringRef Page) {
  size_t Scheme = Target.find(':');
  if (Scheme != StringRef::npos &&
      Target.take_front(Scheme).find_first_of("/#?") == StringRef::npos)
    return Target.str();
  if (Target.starts_with("#"))
    return (Base + Page + Target).str();
  size_t Root = Base.find("://");
  Root = Root == StringRef::npos ? 0 : Base.find('/', Root + 3);
  if (Root == StringRef::npos)
    return (Base + Target).str();
  StringRef Fragment = Target.substr(std::min(Target.find('#'), Target.size()));
  llvm::SmallString<256> Path(Base.substr(Root));
  llvm::sys::path::append(Path, llvm::sys::path::Style::posix,
                          Target.drop_back(Fragment.size()));
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true,
                               llvm::sys::path::Style::posix);
  return (Base.take_front(Root) + Path + Fragment).str();
}

/// The page's Markdown with every relative link "[text](target)" made
/// absolute: GitHub shows the help next to an alert, far from docs/.
std::string absoluteLinks(StringRef Markdown, StringRef Base, StringRef Page) {
  if (Base.empty())
    return Markdown.str();
  std::string Out;
  size_t From = 0;
  for (size_t At; (At = Markdown.find("](", From)) != StringRef::npos;) {
    size_t Start = At + 2;
    size_t End = Markdown.find_first_of(") \n", Start);
    if (End == StringRef::npos || Markdown[End] != ')') {
      Out += Markdown.slice(From, Start);
      From = Start;
      continue;
    }
    Out += Markdown.slice(From, Start);
    Out += resolveLink(Markdown.slice(Start, End), Base, Page);
    From = End;
  }
  Out += Markdown.substr(From);
  return Out;
}

constexpr const char *SourceRootId = "%SRCROOT%";

/// 1-based code point column of a 1-based byte column in Line.
unsigned codePointColumn(StringRef Line, unsigned ByteColumn) {
  if (ByteColumn == 0 || ByteColumn > Line.size() + 1)
    return ByteColumn;
  unsigned Column = 1;
  for (char C : Line.take_front(ByteColumn - 1))
    Column += (static_cast<unsigned char>(C) & 0xC0) != 0x80;
  return Column;
}

/// Percent-encodes what a URI reference cannot hold as it is.
std::string percentEncode(StringRef Path) {
  std::string Uri;
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

std::string fileUri(StringRef AbsolutePath) {
  return "file://" + percentEncode(AbsolutePath);
}

/// "some-check-name" -> "SomeCheckName": the rule's friendly name.
std::string pascalCase(StringRef Name) {
  std::string Out;
  bool Upper = true;
  for (char C : Name) {
    if (!llvm::isAlnum(C)) {
      Upper = true;
      continue;
    }
    Out += Upper ? llvm::toUpper(C) : C;
    Upper = false;
  }
  return Out;
}

class SarifWriter {
public:
  SarifWriter(const Report &R, const OutputOptions &O) : R(R), O(O) {}
  Json log();

private:
  const Report &R;
  const OutputOptions &O;

  Json artifactLocation(StringRef Path) const;
  Json physicalLocation(const SourcePos &Pos, StringRef Line = {},
                        unsigned EndColumn = 0) const;
  Json rules(std::map<std::string, unsigned> &Index) const;
  Json result(llvm::ArrayRef<const Finding *> Group, unsigned RuleIndex,
              StringRef Fingerprint) const;
  Json invocation() const;
};

Json SarifWriter::artifactLocation(StringRef Path) const {
  Json A;
  if (O.SourceRoot.empty()) {
    A["uri"] = llvm::sys::path::is_absolute(Path) ? fileUri(Path)
                                                 : percentEncode(Path);
    return A;
  }
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(O.SourceRoot, Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  StringRef Rel = Abs.str();
  if (Rel.consume_front(StringRef(O.SourceRoot).rtrim('/')) &&
      Rel.consume_front("/")) {
    A["uri"] = percentEncode(Rel);
    A["uriBaseId"] = SourceRootId;
  } else {
    A["uri"] = fileUri(Abs);
  }
  return A;
}

Json SarifWriter::physicalLocation(const SourcePos &Pos, StringRef Line,
                                   unsigned EndColumn) const {
  Json P;
  P["artifactLocation"] = artifactLocation(Pos.File);
  if (Pos.Line) {
    Json Region;
    Region["startLine"] = Pos.Line;
    if (Pos.Column) {
      Line = Line.rtrim("\r\n");
      Region["startColumn"] = codePointColumn(Line, Pos.Column);
      if (EndColumn >= Pos.Column)
        Region["endColumn"] = codePointColumn(Line, EndColumn + 1);
    }
    P["region"] = std::move(Region);
  }
  return P;
}

Json SarifWriter::rules(std::map<std::string, unsigned> &Index) const {
  Json Rules = Json::array();
  for (const auto &Check : allChecks()) {
    const CheckInfo &Info = Check->info();
    Index[Info.Name] = Rules.size();
    Json Rule;
    Rule["id"] = Info.Name;
    Rule["name"] = pascalCase(Info.Name);
    Rule["shortDescription"]["text"] = Info.Description;
    std::string Summary = checkDocSummary(Info.Name);
    Rule["fullDescription"]["text"] =
        Summary.empty() ? std::string(Info.Description) : Summary;
    StringRef Page = checkDocPage(Info.Name);
    Rule["help"]["text"] = Summary.empty() ? std::string(Info.Description)
                                           : Summary;
    if (!Page.empty())
      Rule["help"]["markdown"] =
          absoluteLinks(Page, O.DocsBaseUri, std::string(Info.Name) + ".md");
    if (!O.DocsBaseUri.empty())
      Rule["helpUri"] = O.DocsBaseUri + Info.Name + ".md";
    Rule["defaultConfiguration"]["level"] =
        Info.Severity == CheckSeverity::Warning ? "warning" : "note";
    Rule["defaultConfiguration"]["enabled"] = Info.DefaultOn;
    Rule["properties"]["tags"] = {"performance", "cuda"};
    Rules.push_back(std::move(Rule));
  }
  return Rules;
}

Json SarifWriter::result(llvm::ArrayRef<const Finding *> Group,
                         unsigned RuleIndex, StringRef Fingerprint) const {
  // Worded after the instantiation that wastes the most.
  const Finding &Worst = **llvm::min_element(
      Group, [](const Finding *A, const Finding *B) {
        return A->efficiency() < B->efficiency();
      });
  const AccessSite &S = Worst.Site;
  Json Result;
  Result["ruleId"] = Worst.Check;
  Result["ruleIndex"] = RuleIndex;
  Result["level"] = "warning";
  std::string Text = Worst.Message;
  if (S.inToolkitHeader() && Group.size() > 1) {
    Text += " (and " + std::to_string(Group.size() - 1) +
            " more accesses in " + S.Toolkit.Header + " through this call)";
  } else if (Group.size() > 1) {
    Text += " (the worst of " + std::to_string(Group.size()) +
            " instantiations: ";
    for (const Finding *F : Group)
      Text += (F == Group.front() ? "" : ", ") + F->Site.Kernel;
    Text += ")";
  }
  Result["message"]["text"] = Text;
  Json Location;
  // An access inside a toolkit header is shown at the user's call; the
  // header's line is a related location.
  Location["physicalLocation"] =
      physicalLocation(S.shownPos(), S.shownLine(), S.shownEndColumn());
  Result["locations"].push_back(std::move(Location));

  Json Related = Json::array();
  auto Relate = [&](const SourcePos &Pos, const std::string &Message,
                    StringRef Line = {}, unsigned EndColumn = 0) {
    if (Pos.File.empty())
      return;
    Json L;
    L["id"] = Related.size();
    L["physicalLocation"] = physicalLocation(Pos, Line, EndColumn);
    L["message"]["text"] = Message;
    Related.push_back(std::move(L));
  };
  // clang's notes at the access: the lane address, why it costs, the fix.
  for (const std::string &Note : Worst.Notes)
    Relate(S.shownPos(), Note, S.shownLine(), S.shownEndColumn());
  if (!Worst.Confirmation.empty())
    Relate(S.shownPos(), Worst.Confirmation, S.shownLine(),
           S.shownEndColumn());
  if (S.inToolkitHeader())
    Relate(S.Pos, "the access, in the toolkit's " + S.Toolkit.Header,
           S.SourceLine, S.RangeEndColumn);
  for (const AccessSite::CallStep &Step : S.CallChain)
    Relate(Step.Pos, "'" + Step.Caller + "' calls '" + Step.Callee + "' here");
  Relate(S.Related.Kernel, "in kernel '" + S.Kernel + "'");
  Relate(S.Related.Loop, "the enclosing loop the address moves with");
  if (S.StructBytes)
    Relate(S.Related.Struct, "'" + S.StructName + "' is declared here (" +
                                 std::to_string(*S.StructBytes) + " bytes)");
  Relate(S.Related.Launch, "the launch the kernel is analyzed under");
  if (!Related.empty())
    Result["relatedLocations"] = std::move(Related);

  // The automatic fix, as SARIF's fix object: what cuda-coalesce --fix
  // applies (byte columns: the edits sit in declarations and loop headers,
  // which are ASCII in practice).
  if (Worst.AutoFix) {
    Json Fix;
    Fix["description"]["text"] = Worst.AutoFix->Description;
    for (const TextEdit &E : Worst.AutoFix->Edits) {
      Json Change;
      Change["artifactLocation"] = artifactLocation(E.File);
      Json Region;
      Region["startLine"] = E.Begin.Line;
      Region["startColumn"] = E.Begin.Column;
      Region["endLine"] = E.End.Line;
      Region["endColumn"] = E.End.Column;
      Json Replacement;
      Replacement["deletedRegion"] = std::move(Region);
      Replacement["insertedContent"]["text"] = E.Text;
      Change["replacements"].push_back(std::move(Replacement));
      Fix["artifactChanges"].push_back(std::move(Change));
    }
    Result["fixes"].push_back(std::move(Fix));
  }

  Result["partialFingerprints"]["cudaCoalesce/v1"] = Fingerprint.str();
  Json Props;
  if (Worst.Cost) {
    Props["sectorsPerRequest"] = jsonCount(Worst.sectors());
    Props["idealSectors"] = jsonCount(Worst.idealSectors());
  }
  Props["address"] = S.Address;
  Json Kernels = Json::array();
  for (const Finding *F : Group)
    Kernels.push_back(F->Site.Kernel);
  Props["kernels"] = std::move(Kernels);
  Result["properties"] = std::move(Props);
  return Result;
}

Json SarifWriter::invocation() const {
  Json Notifications = Json::array();
  for (const InputStatus &In : R.Inputs) {
    if (In.Ok)
      continue;
    Json N;
    N["level"] = "error";
    N["message"]["text"] = In.Message;
    Json Location;
    Location["physicalLocation"] =
        physicalLocation({In.Path, In.Line, In.Column});
    N["locations"].push_back(std::move(Location));
    N["descriptor"]["id"] = "input-error";
    Notifications.push_back(std::move(N));
  }
  Json Inv;
  Inv["executionSuccessful"] = Notifications.empty();
  if (!Notifications.empty())
    Inv["toolExecutionNotifications"] = std::move(Notifications);
  return Inv;
}

Json SarifWriter::log() {
  std::map<std::string, unsigned> RuleIndex;
  Json Rules = rules(RuleIndex);

  // One result per (file, line, column, check): the findings are sorted by
  // location, and a template's instantiations sit next to each other.
  std::vector<std::string> Prints = fingerprints(R);
  Json Results = Json::array();
  std::map<std::tuple<std::string, unsigned, unsigned, std::string>, size_t>
      GroupOf;
  std::vector<std::vector<const Finding *>> Groups;
  std::vector<std::string> GroupPrint;
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const Finding &F = R.Findings[I];
    if (!F.Flagged)
      continue;
    // The toolkit's accesses through one call of the user's are one
    // result at that call (the header's path cannot be a user's file).
    const SourcePos &At = F.Site.inToolkitHeader()
                              ? F.Site.Toolkit.Pos
                              : F.Site.Pos;
    auto Key = std::make_tuple(
        (F.Site.inToolkitHeader() ? F.Site.Toolkit.Header + "@" : "") + At.File,
        At.Line, At.Column, F.Check);
    auto [It, New] = GroupOf.try_emplace(Key, Groups.size());
    if (New) {
      Groups.emplace_back();
      GroupPrint.push_back(Prints[I]);
    }
    Groups[It->second].push_back(&F);
  }
  for (size_t G = 0; G < Groups.size(); ++G)
    Results.push_back(result(Groups[G], RuleIndex[Groups[G].front()->Check],
                             GroupPrint[G]));

  Json Driver;
  Driver["name"] = "cuda-coalesce";
  Driver["version"] = O.ToolVersion;
  Driver["semanticVersion"] = O.ToolVersion;
  if (!O.InformationUri.empty())
    Driver["informationUri"] = O.InformationUri;
  Driver["rules"] = std::move(Rules);
  Json Run;
  Run["tool"]["driver"] = std::move(Driver);
  Run["invocations"].push_back(invocation());
  if (!O.SourceRoot.empty()) {
    std::string Root = StringRef(O.SourceRoot).rtrim('/').str() + "/";
    Run["originalUriBaseIds"][SourceRootId]["uri"] = fileUri(Root);
  }
  Run["columnKind"] = "unicodeCodePoints";
  Run["results"] = std::move(Results);

  Json Log;
  Log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  Log["version"] = "2.1.0";
  Log["runs"].push_back(std::move(Run));
  return Log;
}

} // namespace

void coalesce::writeSarif(const Report &R, const OutputOptions &O,
                          llvm::raw_ostream &OS) {
  OS << SarifWriter(R, O).log().dump(2, ' ', /*ensure_ascii=*/false,
                                     Json::error_handler_t::replace)
     << '\n';
}

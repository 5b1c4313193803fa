//===- ProjectConfig.cpp --------------------------------------------------===//

#include "Driver/ProjectConfig.h"
#include "Driver/Runner.h"
#include "Frontend/RegularFile.h"
#include "Options/OptionTable.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

#include <cmath>

using namespace llvm;

namespace coalesce {

const char ProjectConfigName[] = ".cuda-coalesce.yaml";

namespace {

/// A map of names to values (Assume, CheckOptions): read by readMaps()
/// from the node stream, not by YAML I/O, which checks each key of a map
/// against a vector of the keys it used, quadratic in the entries (80,000
/// Assume entries took 26 s).
struct NameMap {
  std::map<std::string, std::string> Entries;
};

/// The file as YAML I/O sees it: plain strings for what needs checking
/// after parsing (a glob list; the options of lib/Options/OptionTable.h,
/// which the table parses, so that a bad value reads as on the command line).
struct RawConfig {
  std::optional<std::string> Checks;
  std::optional<std::string> MinEfficiency;
  std::optional<std::vector<std::string>> BlockDim;
  NameMap Assume;
  std::vector<std::string> ExtraArgs;
  NameMap CheckOptions;
};

/// Entries one map of the configuration may have: a real program assumes
/// a few dozen values; more is a generated or hostile file.
constexpr size_t MaxMapEntries = 4096;

/// How deep the YAML parser may recurse on the configuration: a real one is
/// three levels deep; LLVM's parser recurses once per level, and 30,000
/// levels (a 30 KB file of '[' or '- ') overflow the stack.
constexpr unsigned MaxConfigDepth = 256;

/// At least the deepest nesting in Text: per line, the flow collections
/// still open, the indentation, and each indicator that opens a level
/// ("- ", "? ", ": ", '[', '{'), outside quotes and comments. Cheap, and
/// never below the parser's depth.
unsigned nestingBound(StringRef Text) {
  unsigned Most = 0, Flow = 0;
  for (StringRef Line : llvm::split(Text, '\n')) {
    size_t Indent = Line.find_first_not_of(' ');
    unsigned Depth = Flow + (Indent == StringRef::npos ? 0 : unsigned(Indent));
    char Quote = 0;
    for (size_t I = 0; I < Line.size(); ++I) {
      char C = Line[I];
      bool Spaced = I + 1 == Line.size() || Line[I + 1] == ' ';
      if (Quote) {
        Quote = C == Quote ? 0 : Quote;
        continue;
      }
      if (C == '#' && (I == 0 || Line[I - 1] == ' '))
        break;
      if (C == '"' || C == '\'')
        Quote = C;
      else if (C == '[' || C == '{')
        ++Flow, ++Depth;
      else if ((C == ']' || C == '}') && Flow)
        --Flow;
      else if ((C == '-' || C == '?' || C == ':') && Spaced)
        ++Depth;
      Most = std::max(Most, Depth);
    }
    Most = std::max(Most, Depth);
  }
  return Most;
}

/// Reads the top-level Assume and CheckOptions maps of Text into Raw, in
/// one pass. A YAML error goes to SM's handler; a map that is not one of
/// scalars, or longer than MaxMapEntries, is Why (false otherwise).
bool readMaps(StringRef Text, StringRef Path, SourceMgr &SM, RawConfig &Raw,
              std::string &Why) {
  std::unique_ptr<MemoryBuffer> Buf = MemoryBuffer::getMemBuffer(Text, Path);
  yaml::Stream S(Buf->getMemBufferRef(), SM);
  yaml::document_iterator Doc = S.begin();
  if (Doc == S.end())
    return !S.failed();
  auto *Top = dyn_cast_or_null<yaml::MappingNode>(Doc->getRoot());
  if (!Top)
    return !S.failed(); // YAML I/O says what the top level should be
  auto Scalar = [](yaml::Node *N, std::string &Out) {
    SmallString<64> Storage;
    if (auto *Sc = dyn_cast_or_null<yaml::ScalarNode>(N))
      Out = Sc->getValue(Storage).str();
    else if (auto *Block = dyn_cast_or_null<yaml::BlockScalarNode>(N))
      Out = Block->getValue().str();
    else if (!isa_and_nonnull<yaml::NullNode>(N))
      return false;
    return true;
  };
  for (yaml::KeyValueNode &KV : *Top) {
    std::string Key;
    bool IsMap = Scalar(KV.getKey(), Key) &&
                 (Key == "Assume" || Key == "CheckOptions");
    if (!IsMap || isa_and_nonnull<yaml::NullNode>(KV.getValue())) {
      KV.skip();
      continue;
    }
    auto NotAMap = [&] {
      Why = Key + " is not a map of names to values (" + Path.str() + ")";
      return false;
    };
    auto *M = dyn_cast_or_null<yaml::MappingNode>(KV.getValue());
    if (!M)
      return NotAMap();
    NameMap &Map = Key == "Assume" ? Raw.Assume : Raw.CheckOptions;
    for (yaml::KeyValueNode &Entry : *M) {
      std::string Name, Value;
      if (!Scalar(Entry.getKey(), Name) || !Scalar(Entry.getValue(), Value))
        return NotAMap();
      Map.Entries[Name] = std::move(Value);
      if (Map.Entries.size() > MaxMapEntries) {
        Why = (Key + " has more than " + Twine(MaxMapEntries) + " entries (" +
               Path + ")")
                  .str();
        return false;
      }
    }
  }
  return !S.failed();
}

} // namespace
} // namespace coalesce

namespace llvm {
namespace yaml {

template <> struct MappingTraits<coalesce::RawConfig> {
  static void mapping(IO &IO, coalesce::RawConfig &C) {
    IO.mapOptional("Checks", C.Checks);
    IO.mapOptional("MinEfficiency", C.MinEfficiency);
    IO.mapOptional("BlockDim", C.BlockDim);
    IO.mapOptional("Assume", C.Assume);
    IO.mapOptional("ExtraArgs", C.ExtraArgs);
    IO.mapOptional("CheckOptions", C.CheckOptions);
  }
};

/// readMaps() has read these: YAML I/O takes the key and leaves its value.
inline void yamlize(IO &, coalesce::NameMap &, bool, EmptyContext &) {}

} // namespace yaml
} // namespace llvm

namespace coalesce {

Expected<ProjectConfig> ProjectConfig::parse(StringRef Text, StringRef Path) {
  // YAML I/O reports through a SourceMgr: keep the first message, with its
  // line and column, as the one line the user sees.
  std::string FirstError;
  auto Handler = [](const SMDiagnostic &D, void *Ctx) {
    std::string &Out = *static_cast<std::string *>(Ctx);
    if (Out.empty())
      Out = (D.getMessage() + " (" + D.getFilename() + ":" +
             Twine(D.getLineNo()) + ":" + Twine(D.getColumnNo() + 1) + ")")
                .str();
  };
  if (nestingBound(Text) > MaxConfigDepth)
    return createStringError(inconvertibleErrorCode(),
                             Twine(ProjectConfigName) +
                                 ": nested deeper than " +
                                 Twine(MaxConfigDepth) + " levels (" + Path +
                                 ")");
  auto Fail = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             Twine(ProjectConfigName) + ": " + Why);
  };
  RawConfig Raw;
  SourceMgr SM;
  SM.setDiagHandler(Handler, &FirstError);
  std::string MapError;
  if (!readMaps(Text, Path, SM, Raw, MapError))
    return Fail(!MapError.empty() ? MapError : FirstError);
  std::unique_ptr<MemoryBuffer> Buf = MemoryBuffer::getMemBuffer(Text, Path);
  yaml::Input In(Buf->getMemBufferRef(), nullptr, Handler, &FirstError);
  // An empty file, or one of comments only, is an empty configuration.
  if (!Text.trim().empty())
    In >> Raw;
  if (In.error())
    return Fail(FirstError.empty() ? "not a YAML mapping (" + Path + ")"
                                   : StringRef(FirstError));
  auto Where = [&](StringRef Key) { return (Key + " in " + Path).str(); };

  ProjectConfig C;
  C.Path = Path.str();
  if (Raw.Checks) {
    if (Expected<CheckFilter> F = CheckFilter::withDefaults(*Raw.Checks); !F)
      return Fail(toString(F.takeError()) + " (" + Where("Checks") + ")");
    C.Checks = Raw.Checks;
  }
  auto Parse = [&](OptionId Id, StringRef Text) -> Expected<OptionValue> {
    Expected<OptionValue> V = parseOption(optionSpec(Id), Text);
    if (!V)
      return Fail(toString(V.takeError()) + " (" + Path + ")");
    return V;
  };
  if (Raw.MinEfficiency) {
    Expected<OptionValue> V = Parse(OptionId::MinEfficiency, *Raw.MinEfficiency);
    if (!V)
      return V.takeError();
    C.MinEfficiency = V->Fraction;
  }
  if (Raw.BlockDim) {
    // [16, 16] in YAML, "16,16" on the command line: one spelling to parse.
    Expected<OptionValue> V =
        Parse(OptionId::BlockDim, join(*Raw.BlockDim, ","));
    if (!V)
      return V.takeError();
    C.BlockDim = V->Block;
  }
  for (const auto &[Name, Value] : Raw.Assume.Entries) {
    Expected<OptionValue> V = Parse(OptionId::Assume, Name + "=" + Value);
    if (!V)
      return V.takeError();
    C.Assume.insert(V->Assume.begin(), V->Assume.end());
  }
  C.ExtraArgs = std::move(Raw.ExtraArgs);
  // Relative paths in flags name directories next to the config file.
  StringRef Dir = sys::path::parent_path(Path);
  for (std::string &A : C.ExtraArgs) {
    StringRef Flag = A;
    if (Flag.starts_with("-I") && Flag.size() > 2 &&
        !sys::path::is_absolute(Flag.drop_front(2))) {
      SmallString<256> P(Dir);
      sys::path::append(P, Flag.drop_front(2));
      A = ("-I" + P).str();
    }
  }
  coalesce::CheckOptions Probe;
  for (const auto &[Key, Value] : Raw.CheckOptions.Entries)
    if (Error E = Probe.set(Key + "=" + Value))
      return Fail(toString(std::move(E)) + " (" + Where("CheckOptions") + ")");
  C.CheckOptions = std::move(Raw.CheckOptions.Entries);
  return C;
}

Expected<std::shared_ptr<const ProjectConfig>>
ProjectConfigFinder::find(StringRef SourcePath) {
  SmallString<256> Abs(SourcePath);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  // A copy: parent_path() points into Abs.
  std::string Dir = sys::path::parent_path(Abs).str();
  std::vector<std::string> Visited;
  std::shared_ptr<const ProjectConfig> Found;
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    auto It = ByDirectory.find(D.str());
    if (It != ByDirectory.end()) {
      Found = It->second;
      break;
    }
    Visited.push_back(D.str());
    SmallString<256> Candidate(D);
    sys::path::append(Candidate, ProjectConfigName);
    if (!sys::fs::exists(Candidate))
      continue;
    Expected<std::unique_ptr<MemoryBuffer>> Buf =
        readRegularFile(Candidate, MaxConfigBytes);
    if (!Buf)
      return createStringError(inconvertibleErrorCode(),
                               Twine(ProjectConfigName) + ": " +
                                   toString(Buf.takeError()) + " (" +
                                   Candidate + ")");
    Expected<ProjectConfig> C = ProjectConfig::parse((*Buf)->getBuffer(), Candidate);
    if (!C)
      return C.takeError();
    Found = std::make_shared<const ProjectConfig>(std::move(*C));
    break;
  }
  for (const std::string &D : Visited)
    ByDirectory[D] = Found;
  return Found;
}

Expected<FileOptions> resolveFileOptions(const RunConfig &C,
                                         const ProjectConfig *Config) {
  FileOptions F{C.Analysis, C.Findings, {}};
  if (!Config)
    return F;
  auto Fail = [&](Error E) {
    return createStringError(inconvertibleErrorCode(),
                             toString(std::move(E)) + " (with " +
                                 Config->Path + ")");
  };
  // The configuration's globs first, the command line's after: the last
  // glob matching a check decides.
  std::string Spec = Config->Checks.value_or("");
  if (!C.ChecksSpec.empty())
    Spec += (Spec.empty() ? "" : ",") + C.ChecksSpec;
  Expected<CheckFilter> Filter = CheckFilter::withDefaults(Spec);
  if (!Filter)
    return Fail(Filter.takeError());
  F.Findings.Checks = std::move(*Filter);
  CheckOptions Options;
  for (const auto &[Key, Value] : Config->CheckOptions)
    if (Error E = Options.set(Key + "=" + Value))
      return Fail(std::move(E));
  for (const std::string &A : C.CheckOptionArgs)
    if (Error E = Options.set(A))
      return Fail(std::move(E));
  F.Findings.Options = std::move(Options);
  if (!C.MinEfficiencyGiven && Config->MinEfficiency)
    F.Findings.MinEfficiency = *Config->MinEfficiency;
  if (!C.Analysis.BlockDim && Config->BlockDim)
    F.Analysis.BlockDim = Config->BlockDim;
  F.Analysis.Assume = Config->Assume;
  for (const auto &[Name, Value] : C.Analysis.Assume)
    F.Analysis.Assume[Name] = Value;
  F.ExtraArgs = Config->ExtraArgs;
  return F;
}

} // namespace coalesce

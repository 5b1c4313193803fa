//===- Baseline.cpp -------------------------------------------------------===//

#include "Findings/Baseline.h"
#include "Frontend/RegularFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

#include <map>
#include <tuple>

using namespace llvm;
using Json = nlohmann::ordered_json;

namespace coalesce {

namespace {

constexpr const char *Schema = "cuda-coalesce-baseline/1";

std::string withoutWhitespace(StringRef Text) {
  std::string Out;
  for (char C : Text)
    if (!isSpace(C))
      Out += C;
  return Out;
}

Error malformed(StringRef Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "--baseline: " + Why + " (" + Path + ")");
}

} // namespace

std::string normalizedPath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd)) {
    sys::path::remove_dots(Cwd, /*remove_dot_dot=*/true);
    StringRef Rel = Abs.str();
    if (Rel.consume_front(Cwd) && Rel.consume_front("/"))
      return Rel.str();
  }
  return std::string(Abs);
}

std::vector<std::string> fingerprints(const Report &R) {
  std::vector<std::string> Out;
  std::map<std::tuple<std::string, std::string, std::string, std::string>,
           unsigned>
      Seen;
  for (const Finding &F : R.Findings) {
    auto Key = std::make_tuple(normalizedPath(F.Site.Pos.File), F.Site.Kernel,
                               F.Check, withoutWhitespace(F.Site.Text));
    unsigned Rank = Seen[Key]++;
    std::string Text = std::get<0>(Key) + '\0' + std::get<1>(Key) + '\0' +
                       std::get<2>(Key) + '\0' + std::get<3>(Key) + '\0' +
                       std::to_string(Rank);
    Out.push_back(utohexstr(xxh3_64bits(Text), /*LowerCase=*/true, 16));
  }
  return Out;
}

std::string Baseline::serialize(const Report &R) {
  std::vector<std::string> Prints = fingerprints(R);
  Json Entries = Json::array();
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const Finding &F = R.Findings[I];
    if (!F.Flagged && !F.Baselined)
      continue;
    // What a reviewer of the file needs to see what was accepted; only the
    // fingerprint is read back.
    Entries.push_back({{"fingerprint", Prints[I]},
                       {"file", normalizedPath(F.Site.Pos.File)},
                       {"kernel", F.Site.Kernel},
                       {"check", F.Check},
                       {"access", F.Site.Text}});
  }
  Json Doc;
  Doc["schema"] = Schema;
  Doc["findings"] = std::move(Entries);
  return Doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

Expected<Baseline> Baseline::load(StringRef Path) {
  Expected<std::unique_ptr<MemoryBuffer>> Buf =
      readRegularFile(Path, MaxListBytes);
  if (!Buf)
    return malformed(Path, "cannot read the baseline: " +
                               toString(Buf.takeError()));
  Json Doc = Json::parse((*Buf)->getBuffer().begin(),
                         (*Buf)->getBuffer().end(), nullptr,
                         /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object())
    return malformed(Path, "not a JSON baseline file");
  auto SchemaIt = Doc.find("schema");
  if (SchemaIt == Doc.end() || !SchemaIt->is_string() ||
      SchemaIt->get<std::string>() != Schema)
    return malformed(Path, std::string("not a baseline (\"schema\" must be \"") +
                               Schema + "\")");
  auto FindingsIt = Doc.find("findings");
  if (FindingsIt == Doc.end() || !FindingsIt->is_array())
    return malformed(Path, "\"findings\" must be an array");
  Baseline B;
  for (const Json &Entry : *FindingsIt) {
    if (!Entry.is_object() || !Entry.contains("fingerprint") ||
        !Entry["fingerprint"].is_string())
      return malformed(Path, "every finding needs a string \"fingerprint\"");
    B.Fingerprints.insert(Entry["fingerprint"].get<std::string>());
  }
  return B;
}

unsigned Baseline::apply(Report &R) const {
  std::vector<std::string> Prints = fingerprints(R);
  unsigned Dropped = 0;
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    Finding &F = R.Findings[I];
    if (F.Flagged && contains(Prints[I])) {
      F.Flagged = false;
      F.Baselined = true;
      ++Dropped;
    }
  }
  return Dropped;
}

} // namespace coalesce

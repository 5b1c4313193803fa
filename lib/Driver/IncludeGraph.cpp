//===- IncludeGraph.cpp ---------------------------------------------------===//

#include "Driver/IncludeGraph.h"
#include "Driver/CacheDirectory.h"
#include "Frontend/InputFiles.h"
#include "Frontend/RegularFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <deque>
#include <set>

using namespace clang;
using namespace llvm;

namespace coalesce {

namespace {

/// Source with its comments blanked (newlines kept), so that a directive
/// inside a comment is not taken for one and a comment after a directive
/// does not end up in its name.
std::string withoutComments(StringRef S) {
  std::string Out(S);
  enum { Code, Line, Block, Str, Chr } State = Code;
  for (size_t I = 0; I < Out.size(); ++I) {
    char C = Out[I], Next = I + 1 < Out.size() ? Out[I + 1] : '\0';
    switch (State) {
    case Code:
      if (C == '/' && Next == '/') {
        State = Line;
        Out[I] = ' ';
      } else if (C == '/' && Next == '*') {
        State = Block;
        Out[I] = Out[I + 1] = ' ';
        ++I;
      } else if (C == '"') {
        State = Str;
      } else if (C == '\'') {
        State = Chr;
      }
      break;
    case Line:
      if (C == '\n')
        State = Code;
      else
        Out[I] = ' ';
      break;
    case Block:
      if (C == '*' && Next == '/') {
        State = Code;
        Out[I] = Out[I + 1] = ' ';
        ++I;
      } else if (C != '\n') {
        Out[I] = ' ';
      }
      break;
    case Str:
    case Chr:
      if (C == '\\')
        ++I;
      else if (C == (State == Str ? '"' : '\'') || C == '\n')
        State = Code;
      break;
    }
  }
  return Out;
}

std::string absoluteIn(StringRef Dir, StringRef P) {
  SmallString<256> R;
  if (sys::path::is_absolute(P) || Dir.empty()) {
    R = P;
  } else {
    R = Dir;
    sys::path::append(R, P);
  }
  sys::fs::make_absolute(R);
  sys::path::remove_dots(R, /*remove_dot_dot=*/true);
  return std::string(R);
}

bool isCudaEntry(const tooling::CompileCommand &C) {
  StringRef Ext = sys::path::extension(C.Filename);
  if (Ext == ".cu" || Ext == ".cuh")
    return true;
  if (!C.CommandLine.empty() &&
      sys::path::stem(C.CommandLine.front()).starts_with("nvcc"))
    return true;
  for (size_t I = 0; I + 1 < C.CommandLine.size(); ++I)
    if (C.CommandLine[I] == "-x" &&
        (C.CommandLine[I + 1] == "cuda" || C.CommandLine[I + 1] == "cu"))
      return true;
  return false;
}

constexpr StringLiteral CacheMagic = "cuda-coalesce includes 1";

} // namespace

std::vector<IncludeDirective> scanIncludeDirectives(StringRef Source) {
  std::vector<IncludeDirective> Found;
  std::string Clean = withoutComments(Source);
  SmallVector<StringRef, 0> Lines;
  StringRef(Clean).split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.ltrim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("include_next") && !L.consume_front("include") &&
        !L.consume_front("import"))
      continue;
    L = L.ltrim();
    if (L.empty() || (L.front() != '"' && L.front() != '<'))
      continue; // a macro names the file: not resolved
    char Close = L.front() == '"' ? '"' : '>';
    size_t End = L.find(Close, 1);
    if (End == StringRef::npos || End == 1)
      continue;
    Found.push_back({L.slice(1, End).str(), Close == '>'});
  }
  return Found;
}

IncludeSearchPath includeSearchPath(const tooling::CompileCommand &C) {
  IncludeSearchPath P;
  ArrayRef<std::string> Args = C.CommandLine;
  auto Add = [&](std::vector<std::string> &To, StringRef Dir) {
    if (!Dir.empty())
      To.push_back(absoluteIn(C.Directory, Dir));
  };
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    std::optional<StringRef> Value;
    auto Take = [&](StringRef Flag) {
      if (A == Flag && I + 1 < Args.size()) {
        Value = StringRef(Args[++I]);
        return true;
      }
      if (A.starts_with(Flag) && A.size() > Flag.size()) {
        Value = A.drop_front(Flag.size());
        Value->consume_front("=");
        return true;
      }
      return false;
    };
    // nvcc spells -I as --include-path and -include as --pre-include.
    if (Take("-iquote"))
      Add(P.Quoted, *Value);
    else if (Take("-include") || Take("--pre-include"))
      P.Forced.push_back(absoluteIn(C.Directory, *Value));
    else if (Take("--include-path") || Take("-I"))
      Add(P.Angled, *Value);
  }
  return P;
}

IncludeGraph::IncludeGraph(std::vector<tooling::CompileCommand> Units,
                           std::string CacheFile)
    : Units(std::move(Units)), CacheFile(std::move(CacheFile)) {
  load();
}

void IncludeGraph::load() {
  if (CacheFile.empty())
    return;
  // A cache file: never through a link, never past its limit (a link to
  // /dev/zero filled the memory, a FIFO blocked the run); unreadable is empty.
  Expected<std::unique_ptr<MemoryBuffer>> Buffer =
      readRegularFile(CacheFile, MaxListBytes, /*FollowLinks=*/false);
  if (!Buffer) {
    consumeError(Buffer.takeError());
    return;
  }
  SmallVector<StringRef, 0> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  if (Lines.empty() || Lines.front() != CacheMagic)
    return;
  CachedDirectives *Current = nullptr;
  for (StringRef L : ArrayRef(Lines).drop_front()) {
    // "F <mtime> <size> <path>", then its "A <name>" and "Q <name>" lines.
    auto [Tag, Rest] = L.split(' ');
    if (Tag == "F") {
      auto [MTime, AfterTime] = Rest.split(' ');
      auto [Size, Path] = AfterTime.split(' ');
      CachedDirectives D;
      if (MTime.getAsInteger(10, D.MTime) || Size.getAsInteger(10, D.Size) ||
          Path.empty())
        return; // damaged: the rest is read afresh
      Current = &(Directives[Path] = std::move(D));
    } else if ((Tag == "A" || Tag == "Q") && Current && !Rest.empty()) {
      Current->Directives.push_back({Rest.str(), Tag == "A"});
    } else if (!L.empty()) {
      return;
    }
  }
}

IncludeGraph::~IncludeGraph() {
  if (CacheFile.empty() || !Read)
    return;
  std::string Out = CacheMagic.str() + "\n";
  std::vector<StringRef> Paths;
  for (const auto &E : Directives)
    if (E.second.Fresh && !E.first().contains('\n'))
      Paths.push_back(E.first());
  llvm::sort(Paths);
  for (StringRef P : Paths) {
    const CachedDirectives &D = Directives.find(P)->second;
    Out += "F " + std::to_string(D.MTime) + " " + std::to_string(D.Size) +
           " " + P.str() + "\n";
    for (const IncludeDirective &I : D.Directives)
      Out += (I.Angled ? "A " : "Q ") + I.Name + "\n";
  }
  // A cache that cannot be written costs the next run a scan, nothing more.
  SmallString<256> Dir(sys::path::parent_path(CacheFile));
  if (!sys::fs::create_directories(Dir))
    consumeError(writeFileAtomically(CacheFile, Out));
}

std::optional<sys::fs::UniqueID>
IncludeGraph::fileId(const std::string &Path) {
  auto [It, New] = Ids.try_emplace(Path);
  if (New) {
    sys::fs::file_status S;
    if (!sys::fs::status(Path, S) && sys::fs::is_regular_file(S))
      It->second = S.getUniqueID();
  }
  return It->second;
}

const std::vector<IncludeDirective> &
IncludeGraph::directivesOf(const std::string &Path) {
  CachedDirectives &D = Directives[Path];
  if (D.Fresh)
    return D.Directives;
  sys::fs::file_status S;
  int64_t MTime = 0;
  uint64_t Size = 0;
  if (!sys::fs::status(Path, S)) {
    MTime = S.getLastModificationTime().time_since_epoch().count();
    Size = S.getSize();
  }
  D.Fresh = true;
  if (MTime == D.MTime && Size == D.Size && (MTime || Size))
    return D.Directives;
  D.MTime = MTime;
  D.Size = Size;
  D.Directives.clear();
  ++Read;
  // Generated data and binaries are not scanned (nor analyzed).
  if (Size && Size <= MaxSourceBytes) {
    Expected<std::unique_ptr<MemoryBuffer>> B =
        readRegularFile(Path, MaxSourceBytes);
    if (B)
      D.Directives = scanIncludeDirectives((*B)->getBuffer());
    else
      consumeError(B.takeError());
  }
  return D.Directives;
}

const std::vector<IncludeGraph::Reached> &IncludeGraph::reach(size_t U) {
  auto [It, New] = Reach.try_emplace(U);
  std::vector<Reached> &Out = It->second;
  if (!New)
    return Out;
  const tooling::CompileCommand &C = Units[U];
  IncludeSearchPath Search = includeSearchPath(C);
  std::map<sys::fs::UniqueID, size_t> Seen;
  std::deque<size_t> Queue;
  auto Visit = [&](const std::string &Path, unsigned Depth, int Parent) {
    std::optional<sys::fs::UniqueID> Id = fileId(Path);
    if (!Id || !Seen.emplace(*Id, Out.size()).second)
      return;
    Queue.push_back(Out.size());
    Out.push_back({Path, *Id, Depth, Parent});
  };
  Visit(absoluteIn(C.Directory, C.Filename), 0, -1);
  for (const std::string &F : Search.Forced)
    Visit(F, 1, 0);
  while (!Queue.empty()) {
    size_t I = Queue.front();
    Queue.pop_front();
    // Copied: Visit grows Out.
    std::string Path = Out[I].Path;
    unsigned Depth = Out[I].Depth;
    for (const IncludeDirective &D : directivesOf(Path)) {
      if (sys::path::is_absolute(D.Name)) {
        Visit(absoluteIn("", D.Name), Depth + 1, int(I));
        continue;
      }
      std::vector<StringRef> Dirs;
      std::string Own(sys::path::parent_path(Path));
      if (!D.Angled) {
        Dirs.push_back(Own);
        Dirs.insert(Dirs.end(), Search.Quoted.begin(), Search.Quoted.end());
      }
      Dirs.insert(Dirs.end(), Search.Angled.begin(), Search.Angled.end());
      for (StringRef Dir : Dirs) {
        std::string Candidate = absoluteIn(Dir, D.Name);
        if (fileId(Candidate)) {
          Visit(Candidate, Depth + 1, int(I));
          break;
        }
      }
    }
  }
  return Out;
}

std::optional<Includer> IncludeGraph::includerOf(StringRef File) {
  std::optional<sys::fs::UniqueID> Target = fileId(absoluteIn("", File));
  if (!Target)
    return std::nullopt;
  std::optional<Includer> Best;
  // Fewest #includes first; then a CUDA unit (a .cpp that includes a
  // kernels.cu is compiled without CUDA); then the database's order.
  std::pair<unsigned, bool> BestRank;
  for (size_t U = 0; U < Units.size(); ++U) {
    const std::vector<Reached> &R = reach(U);
    for (size_t I = 1; I < R.size(); ++I) {
      std::pair<unsigned, bool> Rank(R[I].Depth, !isCudaEntry(Units[U]));
      if (R[I].Id != *Target || (Best && Rank >= BestRank))
        continue;
      Best = Includer{U, {}};
      BestRank = Rank;
      for (int At = int(I); At >= 0; At = R[At].Parent)
        Best->Chain.insert(Best->Chain.begin(), R[At].Path);
    }
  }
  return Best;
}

std::vector<std::pair<std::string, Includer>> IncludeGraph::includedFiles() {
  std::set<sys::fs::UniqueID> Units;
  std::map<std::string, sys::fs::UniqueID> Files;
  for (size_t U = 0; U < this->Units.size(); ++U) {
    const std::vector<Reached> &R = reach(U);
    if (!R.empty() && R.front().Depth == 0)
      Units.insert(R.front().Id);
    for (size_t I = 1; I < R.size(); ++I)
      Files.emplace(R[I].Path, R[I].Id);
  }
  std::vector<std::pair<std::string, Includer>> Out;
  std::set<sys::fs::UniqueID> Done;
  for (const auto &[Path, Id] : Files)
    if (!Units.count(Id) && Done.insert(Id).second)
      if (std::optional<Includer> I = includerOf(Path))
        Out.emplace_back(Path, std::move(*I));
  return Out;
}

size_t IncludeGraph::neighbourOf(StringRef File) const {
  std::string Abs = absoluteIn("", File);
  StringRef Dir = sys::path::parent_path(Abs);
  StringRef Stem = sys::path::stem(Abs);
  auto Score = [&](const tooling::CompileCommand &C) {
    std::string Other = absoluteIn(C.Directory, C.Filename);
    StringRef OtherDir = sys::path::parent_path(Other);
    int Shared = 0, Extra = 0;
    auto A = sys::path::begin(Dir), AE = sys::path::end(Dir);
    auto B = sys::path::begin(OtherDir), BE = sys::path::end(OtherDir);
    for (; A != AE && B != BE && *A == *B; ++A, ++B)
      ++Shared;
    for (; B != BE; ++B)
      ++Extra;
    return std::make_tuple(Shared, -Extra, isCudaEntry(C),
                           sys::path::stem(Other) == Stem);
  };
  size_t Best = 0;
  for (size_t I = 1; I < Units.size(); ++I)
    if (Score(Units[I]) > Score(Units[Best]))
      Best = I;
  return Best;
}

} // namespace coalesce

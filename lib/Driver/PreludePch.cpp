//===- PreludePch.cpp -----------------------------------------------------===//

#include "Driver/PreludePch.h"
#include "Driver/CacheDirectory.h"
#include "Frontend/RegularFile.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;
using namespace llvm;

namespace coalesce {

namespace {

bool includesFiles(StringRef A) {
  return A.starts_with("-include") || A.starts_with("--include") ||
         A.starts_with("-imacros") || A.starts_with("--imacros");
}

/// The user's flags, include directories included: a folder's own header
/// can shadow a CUDA header the prelude names (Rodinia's b+tree has a
/// cuda.h of its own), so a PCH serves only the commands that search the
/// same directories. None when the command pre-includes files of its own
/// (the prelude must come first). -iquote directories are left out: only
/// a quoted #include searches them, and the prelude's quoted includes are
/// found beside it first; so one PCH serves a class whose submissions
/// differ only in their -iquote folder (cuda-coalesce-grade).
std::optional<std::vector<std::string>>
prefixFlags(const std::vector<std::string> &User) {
  std::vector<std::string> Flags;
  for (size_t I = 0; I < User.size(); ++I) {
    StringRef A = User[I];
    if (includesFiles(A))
      return std::nullopt;
    if (A == "-iquote") {
      ++I;
      continue;
    }
    if (!A.starts_with("-iquote"))
      Flags.push_back(User[I]);
  }
  return Flags;
}

/// "size<TAB>mtime<TAB>path\n" for a file as it is now; empty if missing.
std::string stampLine(StringRef Path) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St))
    return "";
  return std::to_string(St.getSize()) + "\t" +
         std::to_string(
             St.getLastModificationTime().time_since_epoch().count()) +
         "\t" + Path.str() + "\n";
}

/// Counts every diagnostic clang reports while building the PCH.
class CountingDiagnostics : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Warning && !Count++) {
      SmallString<128> Text;
      Info.FormatDiagnostic(Text);
      First = std::string(Text);
    }
  }
  unsigned Count = 0;
  std::string First;
};

/// Clang's PCH writer, told where to write and made to record the files it
/// read.
class BuildPchAction : public GeneratePCHAction {
public:
  BuildPchAction(std::string Output, std::string &Inputs)
      : Output(std::move(Output)), Inputs(Inputs) {}

protected:
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Output;
    return GeneratePCHAction::BeginInvocation(CI);
  }
  void EndSourceFileAction() override {
    const SourceManager &SM = getCompilerInstance().getSourceManager();
    for (const FileDigest &F : parsedFiles(SM))
      Inputs += stampLine(F.Path);
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  std::string Output;
  std::string &Inputs;
};

} // namespace

PreludePch preludePchFor(const UnitCommand &Cmd, StringRef CacheDir) {
  PreludePch P;
  std::optional<std::vector<std::string>> Flags = prefixFlags(Cmd.User);
  if (!Flags)
    return P;
  std::vector<StringRef> Parts = {"prelude-pch/1", toolBuildId()};
  for (const std::string &A : *Flags)
    Parts.push_back(A);
  Parts.push_back("--device--");
  for (const std::string &A : Cmd.Device)
    Parts.push_back(A);
  P.Key = digestHex(Parts);
  P.Path = pchDirectory(CacheDir) + "/" + P.Key + ".pch";
  P.InputsPath = P.Path + ".inputs";
  P.AskedPath = P.Path + ".asked";
  return P;
}

bool pchAskedBefore(const PreludePch &P) {
  return !P.Key.empty() &&
         (sys::fs::exists(P.InputsPath) || sys::fs::exists(P.AskedPath));
}

void askForPch(const PreludePch &P) {
  if (!P.Key.empty())
    consumeError(writeFileAtomically(P.AskedPath, ""));
}

std::optional<std::string> freshPchDigest(const PreludePch &P) {
  if (P.Key.empty())
    return std::nullopt;
  // Neither the list nor the PCH is followed through a link: a cache
  // entry planted as a link to /dev/zero is stale, never read; so is a
  // PCH over its limit.
  sys::fs::file_status Pch;
  if (sys::fs::status(P.Path, Pch, /*Follow=*/false) ||
      !sys::fs::is_regular_file(Pch) || Pch.getSize() > MaxPchBytes)
    return std::nullopt;
  Expected<std::unique_ptr<MemoryBuffer>> List =
      readRegularFile(P.InputsPath, MaxCacheEntryBytes, /*FollowLinks=*/false);
  if (!List) {
    consumeError(List.takeError());
    return std::nullopt;
  }
  StringRef Text = (*List)->getBuffer();
  if (!Text.ends_with("\n"))
    return std::nullopt;
  SmallVector<StringRef, 256> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    SmallVector<StringRef, 3> F;
    Line.split(F, '\t', 2);
    uint64_t Size;
    int64_t Time;
    if (F.size() != 3 || F[0].getAsInteger(10, Size) ||
        F[1].getAsInteger(10, Time))
      return std::nullopt;
    sys::fs::file_status St;
    if (sys::fs::status(F[2], St) || St.getSize() != Size ||
        St.getLastModificationTime().time_since_epoch().count() != Time)
      return std::nullopt;
  }
  // The headers' stamps, not the PCH's own: rebuilding the same PCH does not
  // make the results it served stale.
  return digestHex({Text.split('\n').second});
}

Error buildPreludePch(const UnitCommand &Cmd, const PreludePch &P) {
  std::optional<std::vector<std::string>> Flags = prefixFlags(Cmd.User);
  if (P.Key.empty() || !Flags)
    return createStringError(inconvertibleErrorCode(),
                             "this command cannot use a precompiled prelude");
  UnitCommand Prefix = Cmd;
  Prefix.User = std::move(*Flags);
  Prefix.Path = preludeMainFile();
  std::vector<std::string> Args = Prefix.commandLine();

  std::string Tmp = temporaryNameBeside(P.Path);
  std::string Inputs;
  auto Files = makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                unitFileSystem());
  CountingDiagnostics Diags;
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<BuildPchAction>(Tmp, Inputs), Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  bool Ok = Invocation.run();
  if (!Ok || Diags.Count || !sys::fs::exists(Tmp)) {
    sys::fs::remove(Tmp);
    return createStringError(inconvertibleErrorCode(),
                             "the CUDA prelude does not precompile cleanly: %s",
                             Diags.First.c_str());
  }
  if (std::error_code EC = sys::fs::rename(Tmp, P.Path)) {
    sys::fs::remove(Tmp);
    return createStringError(EC, "cannot write %s: %s", P.Path.c_str(),
                             EC.message().c_str());
  }
  // The PCH's own stamp first: a truncated or replaced PCH is stale too.
  return writeFileAtomically(P.InputsPath, stampLine(P.Path) + Inputs);
}

} // namespace coalesce

//===- CompileCommandsTranslation.cpp -------------------------------------===//

#include "Clangd/CompileCommandsTranslation.h"
#include "Clangd/IncludedFiles.h"
#include "Frontend/EmbeddedHeaders.h"
#include "Frontend/NvccFlags.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace coalesce::clangd {

namespace {

bool isCudaEntry(const clang::tooling::CompileCommand &C) {
  StringRef Ext = sys::path::extension(C.Filename);
  if (Ext == ".cu" || Ext == ".cuh")
    return true;
  return !C.CommandLine.empty() &&
         sys::path::filename(C.CommandLine.front()).contains("nvcc");
}

/// The embedded headers' virtual root: the parent of builtinHeaderDir().
std::string virtualHeaderRoot() {
  return std::string(sys::path::parent_path(builtinHeaderDir()));
}

} // namespace

std::string hexHash(StringRef S) {
  std::string H;
  raw_string_ostream(H) << format_hex_no_prefix(xxh3_64bits(S), 16);
  return H;
}

std::string findCompilationDatabase(StringRef Start) {
  SmallString<256> Dir(Start);
  sys::fs::make_absolute(Dir);
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    for (StringRef Sub : {"", "build"}) {
      SmallString<256> P(D);
      sys::path::append(P, Sub, "compile_commands.json");
      if (sys::fs::exists(P))
        return std::string(sys::path::parent_path(P));
    }
  }
  return "";
}

std::vector<std::string> translateCudaCommand(ArrayRef<std::string> Command,
                                              StringRef File,
                                              const CudaToolchain &TC,
                                              StringRef HeaderRoot) {
  ParseFlags F = translateCompileCommand(Command);
  CudaToolchain Unit = TC;
  if (!F.GpuArch.empty())
    Unit.GpuArch = F.GpuArch;
  // The driver of the Clang clangd is built from: a machine's default
  // clang++ may be another version.
  std::vector<std::string> Args = {CUDA_COALESCE_CLANGXX};
  Args.insert(Args.end(), F.Args.begin(), F.Args.end());
  std::string Virtual = virtualHeaderRoot();
  for (std::string &A : Unit.deviceFlags()) {
    // clangd parses like a compiler, host and device, and picks its own
    // action.
    if (A == "--cuda-device-only" || A == "-fsyntax-only")
      continue;
    if (StringRef(A).starts_with(Virtual))
      A = HeaderRoot.str() + A.substr(Virtual.size());
    Args.push_back(std::move(A));
  }
  Args.push_back(File.str());
  return Args;
}

Expected<std::string> writeEmbeddedHeaders(StringRef Root) {
  if (sys::fs::is_directory(Root))
    return Root.str();
  // Written beside the final place and renamed, so a second server starting
  // at the same moment never sees half the headers.
  SmallString<256> Temp(Root);
  Temp += ".tmp-" + std::to_string(sys::Process::getProcessId());
  std::string Virtual = virtualHeaderRoot();
  std::string Why;
  forEachEmbeddedHeader([&](StringRef Path, StringRef Contents) {
    if (!Why.empty())
      return;
    SmallString<256> Out(Temp);
    sys::path::append(Out, StringRef(Path).drop_front(Virtual.size()));
    if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(Out))) {
      Why = EC.message();
      return;
    }
    std::error_code EC;
    raw_fd_ostream OS(Out, EC);
    if (EC) {
      Why = EC.message();
      return;
    }
    OS << Contents;
  });
  if (Why.empty() && sys::fs::rename(Temp, Root) && !sys::fs::is_directory(Root))
    Why = "cannot rename " + std::string(Temp);
  if (!Why.empty()) {
    sys::fs::remove_directories(Temp);
    return createStringError(inconvertibleErrorCode(),
                             "cannot write the CUDA headers to %s: %s",
                             Root.str().c_str(), Why.c_str());
  }
  sys::fs::remove_directories(Temp);
  return Root.str();
}

Error translateCompilationDatabase(StringRef SourceDir, StringRef OutDir,
                                   const CudaToolchain &TC,
                                   StringRef HeaderRoot) {
  SmallString<256> In(SourceDir);
  sys::path::append(In, "compile_commands.json");
  std::string Why;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          In, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return createStringError(inconvertibleErrorCode(), "%s: %s",
                             In.c_str(), Why.c_str());
  json::Array Entries;
  for (const clang::tooling::CompileCommand &C : DB->getAllCompileCommands()) {
    std::vector<std::string> Args =
        isCudaEntry(C) ? translateCudaCommand(C.CommandLine, C.Filename, TC, HeaderRoot)
                       : C.CommandLine;
    json::Array A;
    for (std::string &S : Args)
      A.push_back(std::move(S));
    Entries.push_back(json::Object{{"directory", C.Directory},
                                   {"file", C.Filename},
                                   {"arguments", std::move(A)}});
  }
  if (std::error_code EC = sys::fs::create_directories(OutDir))
    return createStringError(EC, "cannot create %s: %s", OutDir.str().c_str(),
                             EC.message().c_str());
  // Kernel files the units #include get entries of their own.
  for (json::Object &E : includedFileEntries(*DB, OutDir, TC, HeaderRoot))
    Entries.push_back(std::move(E));
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}", json::Value(std::move(Entries))) << "\n";
  SmallString<256> Out(OutDir);
  sys::path::append(Out, "compile_commands.json");
  return writeFileAtomically(Out, Text);
}

Error exportCompilationDatabase(StringRef SourceDir, StringRef OutDir,
                                const CudaOptions &Cuda) {
  auto Fail = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "--export-compile-commands: " + Why);
  };
  SmallString<256> In(SourceDir), Out(OutDir);
  sys::path::append(In, "compile_commands.json");
  if (!sys::fs::exists(In))
    return Fail("no compile_commands.json in the build directory (" +
                SourceDir + ")");
  if (std::error_code EC = sys::fs::create_directories(OutDir))
    return Fail("cannot create " + OutDir + ": " + EC.message());
  if (sys::fs::equivalent(SourceDir, OutDir))
    return Fail("the output directory holds the database it translates (" +
                OutDir + ")");
  Expected<CudaToolchain> TC = selectCudaToolchain(Cuda);
  if (!TC)
    return TC.takeError();
  // Absolute: the database's entries run from their own directories.
  sys::fs::make_absolute(Out);
  sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  SmallString<256> Headers(Out);
  sys::path::append(Headers, "cuda-coalesce-headers");
  // A copy written by an older build of the tool may differ.
  sys::fs::remove_directories(Headers);
  Expected<std::string> Root = writeEmbeddedHeaders(Headers);
  if (!Root)
    return Fail(toString(Root.takeError()));
  if (Error E = translateCompilationDatabase(SourceDir, Out, *TC, *Root))
    return Fail(toString(std::move(E)));
  return Error::success();
}

Error writeFileAtomically(StringRef Path, StringRef Contents) {
  SmallString<256> Temp;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(Path + ".tmp-%%%%%%", FD, Temp))
    return createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
  }
  if (std::error_code EC = sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    return createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}

std::string cacheRoot() {
  SmallString<256> Dir;
  if (std::optional<std::string> X = sys::Process::GetEnv("XDG_CACHE_HOME");
      X && !X->empty())
    Dir = *X;
  else if (!sys::path::cache_directory(Dir))
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
  sys::path::append(Dir, "cuda-coalesce");
  return std::string(Dir);
}

std::string cacheDirFor(StringRef SourceDir) {
  SmallString<256> Abs(SourceDir);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  SmallString<256> Dir(cacheRoot());
  sys::path::append(Dir, "clangd", hexHash(Abs));
  return std::string(Dir);
}

std::string headerCacheDir() {
  // Named after the headers' contents: a newer build never reuses an older
  // build's copy.
  std::string All;
  forEachEmbeddedHeader([&](StringRef Path, StringRef Contents) {
    All += Path;
    All += '\0';
    All += Contents;
  });
  SmallString<256> Dir(cacheRoot());
  sys::path::append(Dir, "headers-" + hexHash(All));
  return std::string(Dir);
}

} // namespace coalesce::clangd

//===- ServerSetup.cpp ----------------------------------------------------===//

#include "Clangd/ServerSetup.h"
#include "Clangd/CompileCommandsTranslation.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>

#include <thread>

using namespace llvm;

namespace coalesce::clangd {

namespace {

constexpr StringRef DirFlag = "--compile-commands-dir";

std::optional<sys::TimePoint<>> modificationTime(StringRef Dir) {
  SmallString<256> P(Dir);
  sys::path::append(P, "compile_commands.json");
  sys::fs::file_status St;
  if (sys::fs::status(P, St))
    return std::nullopt;
  return St.getLastModificationTime();
}

} // namespace

ArrayRef<ServerFlag> serverFlags() {
  static const ServerFlag Flags[] = {
      {"--cuda=auto|toolkit|builtin",
       "The CUDA headers, as the analyzer's --cuda (default auto)",
       "--cuda=builtin"},
      {"--cuda-path=<dir>", "The CUDA toolkit for --cuda=toolkit or auto",
       "--cuda-path=/usr/local/cuda"},
      {"--analysis-timeout=<seconds>",
       "Stop a file's analysis after this many seconds and say so in one "
       "warning (default 20; 0: no limit)",
       "--analysis-timeout=5"},
      {"--no-result-reuse",
       "Analyze every build of a file in full, reusing nothing an edit "
       "cannot change",
       "--no-result-reuse"},
      {"--notes-as-related-information",
       "Send a warning's notes as LSP related information, not as lines of "
       "its message",
       "--notes-as-related-information"},
  };
  return Flags;
}

void printServerHelp(raw_ostream &OS) {
  // In the layout of LLVM's option help, which clangd's follows (and the
  // man page is made from: cmake/help2man.py).
  OS << "OVERVIEW: cuda-coalesce-clangd: clangd with the coalescing checks and "
        "an nvcc compile database translated (docs/editors.md)\n\n"
        "OPTIONS:\n\n"
        "cuda-coalesce-clangd options (taken before clangd's, which "
        "follow):\n\n";
  for (const ServerFlag &F : serverFlags()) {
    OS << "  " << F.Usage;
    OS.indent(std::max<int>(2, 34 - int(StringRef(F.Usage).size())));
    OS << "- " << F.Help << "\n";
  }
  OS << "\n";
}

Expected<ServerSetup> setUpServer(ArrayRef<std::string> Args,
                                  StringRef WorkingDir, raw_ostream &Log) {
  ServerSetup S;
  CudaOptions Cuda;
  std::string GivenDir;
  S.ClangdArgs.push_back(Args.empty() ? "cuda-coalesce-clangd" : Args.front());
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.consume_front("--cuda=")) {
      if (A == "auto")
        Cuda.Mode = CudaHeaderMode::Auto;
      else if (A == "toolkit")
        Cuda.Mode = CudaHeaderMode::Toolkit;
      else if (A == "builtin")
        Cuda.Mode = CudaHeaderMode::Builtin;
      else
        return createStringError(inconvertibleErrorCode(),
                                 "--cuda=%s: expected auto, toolkit or builtin",
                                 A.str().c_str());
    } else if (A.consume_front("--cuda-path=")) {
      Cuda.CudaPath = A.str();
    } else if (A.consume_front("--analysis-timeout=")) {
      // As the analyzer's --timeout: whole seconds, at most a week.
      unsigned Seconds;
      if (A.getAsInteger(10, Seconds) || Seconds > 7 * 24 * 3600)
        return createStringError(inconvertibleErrorCode(),
                                 "--analysis-timeout=%s: expected a number of "
                                 "seconds (0: no limit)",
                                 A.str().c_str());
      S.AnalysisTimeout = std::chrono::seconds(Seconds);
    } else if (A == "--no-result-reuse") {
      S.ReuseResults = false;
    } else if (A == "--notes-as-related-information") {
      S.NotesAsRelated = true;
    } else if (A.consume_front(DirFlag)) {
      if (A.consume_front("="))
        GivenDir = A.str();
      else if (A.empty() && I + 1 < Args.size())
        GivenDir = Args[++I];
      else
        S.ClangdArgs.push_back(Args[I]);
    } else {
      // --check parses one file and exits without reading stdin, which may
      // be empty: its end is no editor's shutdown.
      if (A.starts_with("--input-style=delimited") ||
          A.starts_with("-input-style=delimited") || A == "--check" ||
          A == "-check" || A.starts_with("--check=") ||
          A.starts_with("-check="))
        S.WatchEditor = false;
      if (A == "--log=verbose" || A == "-log=verbose")
        S.Verbose = true;
      S.ClangdArgs.push_back(Args[I]);
    }
  }
  Expected<CudaToolchain> TC = selectCudaToolchain(Cuda);
  if (!TC)
    return TC.takeError();
  S.Toolchain = *TC;
  if (Expected<std::string> Home = writeUserConfig(cacheRoot()))
    S.ConfigHome = *Home;
  else
    Log << "cuda-coalesce-clangd: " << toString(Home.takeError())
        << "; clangd runs the checks only with FastCheckFilter: Loose\n";

  if (!GivenDir.empty()) {
    SmallString<256> Abs(GivenDir);
    sys::fs::make_absolute(WorkingDir, Abs);
    S.SourceDir = std::string(Abs);
  } else {
    S.SourceDir = findCompilationDatabase(WorkingDir);
  }
  auto Unchanged = [&]() {
    if (!GivenDir.empty())
      S.ClangdArgs.push_back((DirFlag + "=" + GivenDir).str());
    S.SourceDir.clear();
    return std::move(S);
  };
  if (S.SourceDir.empty()) {
    Log << "cuda-coalesce-clangd: no compile_commands.json in " << WorkingDir
        << " or above; CUDA files get clangd's default flags\n";
    return Unchanged();
  }
  Expected<std::string> Headers = writeEmbeddedHeaders(headerCacheDir());
  if (!Headers) {
    Log << "cuda-coalesce-clangd: " << toString(Headers.takeError()) << "\n";
    return Unchanged();
  }
  S.HeaderRoot = *Headers;
  S.TranslatedDir = cacheDirFor(S.SourceDir);
  if (Error E = translateCompilationDatabase(S.SourceDir, S.TranslatedDir,
                                             S.Toolchain, S.HeaderRoot)) {
    Log << "cuda-coalesce-clangd: " << toString(std::move(E)) << "\n";
    S.TranslatedDir.clear();
    return Unchanged();
  }
  Log << "cuda-coalesce-clangd: " << S.SourceDir
      << "/compile_commands.json translated to " << S.TranslatedDir << " ("
      << S.Toolchain.describe() << ")\n";
  // Right after argv[0]: an option of clangd's that takes a separate value
  // must not take ours as its value.
  S.ClangdArgs.insert(S.ClangdArgs.begin() + 1,
                      (DirFlag + "=" + S.TranslatedDir).str());
  return S;
}

Expected<std::string> writeUserConfig(StringRef CacheRoot) {
  std::string Config =
      "# Written by cuda-coalesce-clangd: let checks clangd has no latency\n"
      "# figures for run; the user's own configuration follows and decides.\n"
      "Diagnostics:\n  ClangTidy:\n    FastCheckFilter: Loose\n";
  SmallString<256> User;
  if (sys::path::user_config_directory(User)) {
    sys::path::append(User, "clangd", "config.yaml");
    if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(User))
      Config += "---\n" + (*B)->getBuffer().str() + "\n";
  }
  // Named after its contents: servers started with other user settings
  // never overwrite each other's.
  SmallString<256> Home(CacheRoot);
  sys::path::append(Home, "config-" + hexHash(Config));
  SmallString<256> Dir(Home);
  sys::path::append(Dir, "clangd");
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot create %s: %s", Dir.c_str(),
                             EC.message().c_str());
  SmallString<256> File(Dir);
  sys::path::append(File, "config.yaml");
  if (Error E = writeFileAtomically(File, Config))
    return E;
  return std::string(Home);
}

void keepTranslationFresh(const ServerSetup &S, raw_ostream &Log) {
  if (S.TranslatedDir.empty())
    return;
  std::thread([S, &Log]() {
    std::optional<sys::TimePoint<>> Seen = modificationTime(S.SourceDir);
    while (true) {
      // clangd itself looks at a database's time stamp every few seconds.
      std::this_thread::sleep_for(std::chrono::seconds(2));
      std::optional<sys::TimePoint<>> Now = modificationTime(S.SourceDir);
      if (!Now || Now == Seen)
        continue;
      Seen = Now;
      if (Error E = translateCompilationDatabase(S.SourceDir, S.TranslatedDir,
                                                 S.Toolchain, S.HeaderRoot))
        Log << "cuda-coalesce-clangd: " << toString(std::move(E)) << "\n";
    }
  }).detach();
}

} // namespace coalesce::clangd

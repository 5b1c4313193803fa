//===- ServerSetup.h - what cuda-coalesce-clangd does before clangd -*- C++ -*-===//
//
// Reads the few options of our own, finds the project's compilation
// database (where --compile-commands-dir says, else from the working
// directory up, as clangd looks from each file), writes its translation into
// the cache and points clangd at it. The translation is kept fresh while the
// server runs, so reconfiguring the build reaches the editor as it does with
// stock clangd.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_CLANGD_SERVERSETUP_H
#define CUDA_COALESCE_CLANGD_SERVERSETUP_H

#include "Frontend/CudaToolchain.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <string>
#include <vector>

namespace coalesce::clangd {

struct ServerSetup {
  /// The arguments for clangd's own main (argv[0] first).
  std::vector<std::string> ClangdArgs;
  /// The project's database directory and its translation; both empty when
  /// no database was found (clangd then runs as it would alone).
  std::string SourceDir, TranslatedDir;
  CudaToolchain Toolchain;
  std::string HeaderRoot;
  /// To be set as XDG_CONFIG_HOME for clangd (see writeUserConfig); empty
  /// if it could not be written.
  std::string ConfigHome;
  /// How long one file's analysis may run (lib/Tidy/AnalysisStop.h); zero:
  /// no limit.
  std::chrono::seconds AnalysisTimeout{20};
  /// Whether results are reused across edits (lib/Tidy/ReportReuse.h,
  /// KernelReuse.h); --no-result-reuse: every build analyzed in full.
  bool ReuseResults = true;
  /// Whether the analyzer's notes go to the client as LSP related
  /// information (--notes-as-related-information), rather than as lines of
  /// the warning's message (lib/Tidy/FindingDiagnostics.h says why).
  bool NotesAsRelated = false;
  /// Whether the editor's messages can be watched (EditorMessages.h): not
  /// when clangd reads them in its --input-style=delimited test format, nor
  /// with --check (no editor at all).
  bool WatchEditor = true;
  /// clangd's --log=verbose: the checks say too whether each report was
  /// computed or reused.
  bool Verbose = false;
};

/// One of our options, as --help lists it: its spelling with a value
/// (Usage), what it does (Help), and a valid use (Example).
struct ServerFlag {
  const char *Usage;
  const char *Help;
  const char *Example;
};
/// Our options, in --help's order; setUpServer takes each of them.
llvm::ArrayRef<ServerFlag> serverFlags();
/// The head of --help: our options, before clangd lists its own.
void printServerHelp(llvm::raw_ostream &OS);

/// Args is the whole command line (argv[0] first). Our options
/// (serverFlags()), removed before clangd sees the rest:
///   --cuda=auto|toolkit|builtin   as the analyzer's --cuda
///   --cuda-path=DIR               as the analyzer's --cuda-path
///   --analysis-timeout=SECONDS    ServerSetup::AnalysisTimeout (0: none)
///   --no-result-reuse             ServerSetup::ReuseResults false
///   --notes-as-related-information ServerSetup::NotesAsRelated true
/// Problems with the database are reported on Log (clangd's log stream) and
/// leave clangd to its own devices; a bad option of ours is an error.
llvm::Expected<ServerSetup> setUpServer(llvm::ArrayRef<std::string> Args,
                                        llvm::StringRef WorkingDir,
                                        llvm::raw_ostream &Log);

/// clangd 19 runs only the clang-tidy checks it knows to be fast
/// (Diagnostics.ClangTidy.FastCheckFilter defaults to Strict), and its list
/// cannot know ours. Writes a user configuration under CacheRoot that sets
/// the filter to Loose (checks of unknown latency run; those known to be
/// slow still do not) followed by the user's own configuration, which thus
/// still decides, and returns the directory to use as XDG_CONFIG_HOME.
llvm::Expected<std::string> writeUserConfig(llvm::StringRef CacheRoot);

/// Re-translates the database whenever the build rewrites it, on a thread of
/// its own, for as long as the process lives.
void keepTranslationFresh(const ServerSetup &S, llvm::raw_ostream &Log);

} // namespace coalesce::clangd

#endif

//===- cuda-coalesce-clangd - clangd with the coalescing checks -----------===//
//
// clangd 19 from Debian's static libraries, with the clang-tidy module linked
// in (stock clangd cannot load modules) and a translated compile database.
//
//===----------------------------------------------------------------------===//

#include "Clangd/EditorMessages.h"
#include "Clangd/ServerSetup.h"
#include "Tidy/AnalysisStop.h"
#include "Tidy/FindingDiagnostics.h"
#include "Tidy/TranslationUnitFindings.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>
#include <vector>

// clangd's entry point, in libclangdMain.a. Debian does not ship its header
// (clangd/tool/ClangdMain.h); this is the same declaration, and a mismatch
// would be a link error, not a silent one.
namespace clang::clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

int main(int argc, char *argv[]) {
  std::vector<std::string> Args(argv, argv + argc);
  // clangd's own --version names clangd alone; editors and bug reports need
  // to know which build of ours (and so which checks) this is.
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef A(argv[I]);
    if (A == "--version" || A == "-version") {
      llvm::outs() << "cuda-coalesce-clangd " << CUDA_COALESCE_VERSION
                   << " (clangd " << LLVM_VERSION_STRING << ")\n";
      return 0;
    }
    // Ours first, then clangd's own (it lists them and exits); nothing
    // is translated.
    if (A == "--help" || A == "-help" || A == "--help-hidden" ||
        A == "-help-hidden") {
      coalesce::clangd::printServerHelp(llvm::outs());
      llvm::outs().flush();
      char *Help[] = {argv[0], argv[I], nullptr};
      return clang::clangd::clangdMain(2, Help);
    }
  }
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  llvm::Expected<coalesce::clangd::ServerSetup> Setup =
      coalesce::clangd::setUpServer(Args, Cwd, llvm::errs());
  if (!Setup) {
    llvm::errs() << "cuda-coalesce-clangd: error: "
                 << llvm::toString(Setup.takeError()) << "\n";
    return 2;
  }
  if (!Setup->ConfigHome.empty())
    ::setenv("XDG_CONFIG_HOME", Setup->ConfigHome.c_str(), /*overwrite=*/1);
  coalesce::clangd::keepTranslationFresh(*Setup, llvm::errs());
  coalesce::tidy::setAnalysisTimeout(Setup->AnalysisTimeout);
  coalesce::tidy::TranslationUnitFindings::setReuse(Setup->ReuseResults);
  coalesce::tidy::setNoteStyle(Setup->NotesAsRelated
                                   ? coalesce::tidy::NoteStyle::Notes
                                   : coalesce::tidy::NoteStyle::MessageLines);
  if (Setup->Verbose)
    coalesce::tidy::TranslationUnitFindings::setLog(&llvm::errs());
  if (Setup->WatchEditor) {
    coalesce::clangd::EditorEvents Events;
    Events.Changed = coalesce::tidy::noteFileChanged;
    Events.ShuttingDown = coalesce::tidy::noteShutdown;
    // clangd exits within a second when its workers are free; a worker
    // held longer (by clang itself, not by an analysis, which stops) must
    // not keep an editor's restart waiting.
    if (llvm::Error E = coalesce::clangd::watchEditorMessages(
            std::move(Events), std::chrono::seconds(5)))
      llvm::errs() << "cuda-coalesce-clangd: cannot watch the editor's "
                      "messages ("
                   << llvm::toString(std::move(E))
                   << "); an analysis that hangs holds its file\n";
  }
  std::vector<char *> ClangdArgv;
  for (std::string &A : Setup->ClangdArgs)
    ClangdArgv.push_back(A.data());
  ClangdArgv.push_back(nullptr);
  return clang::clangd::clangdMain(int(ClangdArgv.size()) - 1, ClangdArgv.data());
}

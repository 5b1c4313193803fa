//===- FileAnalysis.h - one input file, parsed and analyzed -----*- C++ -*-===//
//
// The work of one translation unit, from its path to plain data: the input
// checks, the clang command line (compilation database, nvcc flags, device
// flags), the parse and the analysis. It runs inside an isolated child
// process (see ChildProcesses.h), so everything it returns is plain data
// that survives serialization (FileResultCodec.h).
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_FILEANALYSIS_H
#define CUDA_COALESCE_DRIVER_FILEANALYSIS_H

#include "Driver/ProjectConfig.h"
#include "Findings/AccessSiteCollector.h"
#include "Findings/Finding.h"
#include "Frontend/Confinement.h"
#include "Frontend/CudaToolchain.h"
#include "Frontend/NvccDialect.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace clang {
class SourceManager;
namespace tooling {
class CompilationDatabase;
} // namespace tooling
} // namespace clang

namespace coalesce {

class IncludeGraph;

/// How every file of the run becomes a clang command line; what differs
/// from file to file is in FileOptions (ProjectConfig.h).
struct FrontendSetup {
  CudaToolchain Toolchain;
  bool GpuArchGiven = false; ///< --cuda-gpu-arch beats the compile command's
  /// -p's database, or null; BuildPath names it in messages.
  const clang::tooling::CompilationDatabase *Database = nullptr;
  std::string BuildPath;
  /// Where a file the database does not list finds its command
  /// (IncludeGraph.h); null: such a file is an error.
  IncludeGraph *Includes = nullptr;
  std::vector<std::string> ExtraArgs; ///< compiler arguments after "--"
  bool Color = false; ///< clang's diagnostics in color
  NvccCompatMode NvccCompat = NvccCompatMode::Auto; ///< --nvcc-compat
  /// --allow-compile-errors: a header that is not found is skipped with an
  /// error, not clang's fatal one (MissingHeaders, FileAnalysis.cpp).
  bool SkipMissingHeaders = false;
  /// --confine: the folder whose code is not trusted (Confinement.h); its
  /// trusted roots are added per translation unit.
  std::string ConfineFolder;
  std::string ExpandedSourcesFile; ///< --expanded-sources (Confinement.h)
};

/// What one input file contributes to the run.
struct FileResult {
  InputStatus Status;
  TranslationUnitResult Unit;
  unsigned ClangErrors = 0; ///< error diagnostics clang reported
  bool Parsed = false;      ///< clang got as far as an AST
};

/// Analyzes Path. Clang's diagnostics and the tool's own lines about this
/// file ("cuda-coalesce: error: ...", "cuda-coalesce: note: ...") go to
/// Diag, in the order they happen; the result says whether the file failed.
FileResult analyzeFile(const std::string &Path, const FrontendSetup &Setup,
                       const FileOptions &Opts, llvm::raw_ostream &Diag);

/// A translation unit's clang command line, in the parts the caches tell
/// apart: "clang++", then User, then Device, then Path.
struct UnitCommand {
  /// From the compile command (or the project configuration), then the
  /// arguments after "--".
  std::vector<std::string> User;
  /// CudaToolchain::deviceFlags(), then nvccDialectFlags() when NvccCompat.
  std::vector<std::string> Device;
  std::string Path;
  /// When Path is a unit that includes the file asked for (Context says
  /// so): that file, as given. The result holds only what lies in it.
  std::string Focus;
  InputContext Context;

  /// The file the result is about: Focus, else Path.
  const std::string &reported() const { return Focus.empty() ? Path : Focus; }

  /// Parsed in the nvcc compatibility mode (NvccDialect.h).
  bool NvccCompat = false;
  /// The mode's -iquote for a user folder holding a cuda.h was added.
  bool ShadowedCudaHeader = false;

  std::vector<std::string> commandLine() const;
};

/// Path's command line; an error is the one-line reason the file cannot be
/// analyzed at all (unreadable, not in the compilation database and no
/// IncludeGraph to find it another).
llvm::Expected<UnitCommand> unitCommand(const std::string &Path,
                                        const FrontendSetup &Setup,
                                        const FileOptions &Opts);

/// A file clang parsed for a translation unit, and the digest of the bytes
/// it parsed (digestHex of the contents).
struct FileDigest {
  std::string Path;
  std::string Digest;
};

/// What analyzeUnit may use besides the command, and what it reports back.
struct UnitCaching {
  /// A precompiled prelude (PreludePch.h) to load instead of parsing the
  /// CUDA headers; empty for none.
  std::string PchPath;
  /// When not null: the files parsed (those in the PCH and the embedded
  /// headers left out), in the order clang entered them.
  std::vector<FileDigest> *Parsed = nullptr;
};

/// analyzeFile once the command line is known.
FileResult analyzeUnit(const UnitCommand &Cmd, const FrontendSetup &Setup,
                       const FileOptions &Opts, llvm::raw_ostream &Diag,
                       const UnitCaching &Caching = {});

/// The file system clang parses with: the real one, with the embedded CUDA
/// headers and the precompiled prelude's empty main file laid over it.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
unitFileSystem(const Confinement &Confine = Confinement());

/// The empty main file a precompiled prelude is built from (virtual).
std::string preludeMainFile();

/// Whether Path is one of the virtual files of unitFileSystem().
bool isEmbeddedPath(llvm::StringRef Path);

/// The files clang entered for this translation unit itself (not those a
/// precompiled header brought), real files only, each once, in order, with
/// the digest of the bytes clang read.
std::vector<FileDigest> parsedFiles(const clang::SourceManager &SM);

} // namespace coalesce

#endif

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
#include "Frontend/CudaToolchain.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace clang {
namespace tooling {
class CompilationDatabase;
} // namespace tooling
} // namespace clang

namespace coalesce {

/// How every file of the run becomes a clang command line; what differs
/// from file to file is in FileOptions (ProjectConfig.h).
struct FrontendSetup {
  CudaToolchain Toolchain;
  bool GpuArchGiven = false; ///< --cuda-gpu-arch beats the compile command's
  /// -p's database, or null; BuildPath names it in messages.
  const clang::tooling::CompilationDatabase *Database = nullptr;
  std::string BuildPath;
  std::vector<std::string> ExtraArgs; ///< compiler arguments after "--"
  bool Color = false; ///< clang's diagnostics in color
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

} // namespace coalesce

#endif

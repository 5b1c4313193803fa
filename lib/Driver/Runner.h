//===- Runner.h - one run of cuda-coalesce, end to end ----------*- C++ -*-===//
//
// Ties the layers together for the command-line tool: each input file is
// analyzed in a child process of its own (FileAnalysis.h), a few at a time;
// then the run's accesses are classified (Findings) and printed (Output).
// Every file is analyzed even when others fail or crash; the exit code says
// what happened.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_RUNNER_H
#define CUDA_COALESCE_DRIVER_RUNNER_H

#include "Analysis/Analyzer.h"
#include "Findings/Classifier.h"
#include "Frontend/CudaToolchain.h"
#include "Frontend/NvccDialect.h"
#include "Output/Output.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace coalesce {

enum class OutputFormat { Text, Json, Sarif };

/// Exit codes (a contract: docs/report-format.md, "Exit codes").
enum ExitCode : int { ExitClean = 0, ExitFindings = 1, ExitError = 2 };

struct RunConfig {
  std::vector<std::string> Files;     ///< as given on the command line
  std::string BuildPath;              ///< -p: directory of compile_commands.json
  std::vector<std::string> ExtraArgs; ///< compiler arguments after "--"
  CudaOptions Cuda;
  bool GpuArchGiven = false;          ///< --cuda-gpu-arch on the command line
  NvccCompatMode NvccCompat = NvccCompatMode::Auto; ///< --nvcc-compat
  AnalysisOptions Analysis;
  FindingsOptions Findings;
  /// The command line's own --checks and --check-option values, and
  /// whether --min-efficiency was given: applied over each file's
  /// .cuda-coalesce.yaml (see ProjectConfig.h).
  std::string ChecksSpec;
  std::vector<std::string> CheckOptionArgs;
  bool MinEfficiencyGiven = false;
  /// Read .cuda-coalesce.yaml files (--no-config turns it off).
  bool UseProjectConfig = true;
  OutputOptions Output;
  OutputFormat Format = OutputFormat::Text;
  std::string OutputFile;             ///< -o; empty for stdout
  std::string ConfineFolder;          ///< --confine (Frontend/Confinement.h)
  std::string ExpandedSourcesFile;    ///< --expanded-sources, with --confine
  std::string ConfirmationsFile;      ///< --confirmations
  std::string BaselineFile;           ///< --baseline: findings to leave out
  std::string WriteBaselineFile;      ///< --write-baseline: record today's
  /// --allow-compile-errors: a file clang rejects still gets its error
  /// record, but only its findings decide the exit code.
  bool AllowCompileErrors = false;
  unsigned Jobs = 0;                  ///< -j: files at once; 0: one per core
  unsigned TimeoutSeconds = 120;      ///< --timeout per file; 0: none
  uint64_t MemoryLimitMB = 4096;      ///< --memory-limit per file; 0: none
  /// --cache-dir; empty for the default (CacheDirectory.h).
  std::string CacheDir;
  bool UseCache = true;               ///< --no-cache turns it off
  bool CacheStats = false;            ///< --cache-stats: hits and misses
  /// --fix: apply the findings' automatic fixes to the sources in place,
  /// then analyze again and report what is left (docs/configuration.md).
  bool Fix = false;
  /// A progress line on Err while files are analyzed (when it is a
  /// terminal).
  bool Progress = false;
};

/// Runs the analysis and writes the report. Errors go to Err as one line
/// each ("cuda-coalesce: error: ..."), clang's own diagnostics as clang
/// prints them.
int run(const RunConfig &Config, llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace coalesce

#endif

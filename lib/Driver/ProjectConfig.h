//===- ProjectConfig.h - .cuda-coalesce.yaml ---------------------*- C++ -*-===//
//
// A project's settings, found upward from each analyzed file the way
// clang-tidy finds .clang-tidy: the nearest .cuda-coalesce.yaml wins.
//
//   Checks: '-<check>,<glob>*'                    # after the defaults
//   MinEfficiency: 0.5
//   BlockDim: [16, 16]
//   Assume: { n: 4096, gridDim.x: 64 }
//   ExtraArgs: [-Iinclude, -DTILE=32]             # files with no compile database
//   CheckOptions: { <check>.MinEfficiency: 0.25 }
//
// Command-line options win: --checks is applied after Checks, and
// --min-efficiency, --block-dim, --assume and --check-option replace the
// values they name. ExtraArgs' relative paths are relative to the file's
// directory; they are used only for files not taken from a -p database, and
// come before the arguments after "--".
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_PROJECTCONFIG_H
#define CUDA_COALESCE_DRIVER_PROJECTCONFIG_H

#include "Analysis/Analyzer.h"
#include "Findings/Classifier.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {

struct RunConfig;

/// The file's name: ".cuda-coalesce.yaml".
extern const char ProjectConfigName[];

struct ProjectConfig {
  std::string Path; ///< the file it was read from
  std::optional<std::string> Checks;
  std::optional<double> MinEfficiency;
  std::optional<std::array<unsigned, 3>> BlockDim;
  std::map<std::string, int64_t> Assume;
  std::vector<std::string> ExtraArgs;
  std::map<std::string, std::string> CheckOptions;

  /// Parses Text (the contents of Path). A YAML error, an unknown key or a
  /// bad value is one line naming the file, line and column.
  static llvm::Expected<ProjectConfig> parse(llvm::StringRef Text,
                                             llvm::StringRef Path);
};

/// Finds and reads the configuration that applies to source files, once per
/// directory.
class ProjectConfigFinder {
public:
  /// The nearest .cuda-coalesce.yaml from SourcePath's directory upward;
  /// null when there is none; an error when the nearest one is bad.
  llvm::Expected<std::shared_ptr<const ProjectConfig>>
  find(llvm::StringRef SourcePath);

private:
  std::map<std::string, std::shared_ptr<const ProjectConfig>> ByDirectory;
};

/// What one file is analyzed and judged with: the command line over its
/// project configuration.
struct FileOptions {
  AnalysisOptions Analysis;
  FindingsOptions Findings;
  /// Compiler arguments for a file with no compile-database entry, before
  /// the command line's "--" arguments.
  std::vector<std::string> ExtraArgs;
};

/// Combines the run's command line with Config (null: none).
llvm::Expected<FileOptions> resolveFileOptions(const RunConfig &C,
                                               const ProjectConfig *Config);

} // namespace coalesce

#endif

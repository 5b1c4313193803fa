//===- IncludeGraph.h - which translation units include a file --*- C++ -*-===//
//
// A kernel file that another file #includes (kernels.cu pulled into
// main.cu, a .cuh of kernels) has no entry of its own in a compilation
// database. It is analyzed inside a translation unit that includes it, found
// by a cheap textual scan of the #include directives of the database's
// files, resolved as clang resolves them (the including file's directory,
// then the command's -iquote and -I directories); and, when nothing
// includes it, with the command of the entry nearest to it, the way clangd
// interpolates a command for a file its database does not list.
//
// The scan does not evaluate #if: a directive under #if 0 counts. The files'
// directives are kept in the cache directory, each with the modification
// time and size it was read at, so a run reads again only what changed.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_INCLUDEGRAPH_H
#define CUDA_COALESCE_DRIVER_INCLUDEGRAPH_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {

/// One #include (or #import) directive, as written.
struct IncludeDirective {
  std::string Name;
  bool Angled = false; ///< <name> rather than "name"
};

/// The include directives of Source, in order; comments are skipped.
std::vector<IncludeDirective> scanIncludeDirectives(llvm::StringRef Source);

/// Where a compile command looks for the files it includes: absolute
/// directories, in clang's order, and the files it includes before the first
/// line (-include). System directories (-isystem, -idirafter) are left out:
/// a project's kernels are not found through them.
struct IncludeSearchPath {
  std::vector<std::string> Quoted; ///< -iquote: for "name" only
  std::vector<std::string> Angled; ///< -I: for both forms
  std::vector<std::string> Forced; ///< -include
};
IncludeSearchPath includeSearchPath(const clang::tooling::CompileCommand &C);

/// The translation unit a file is analyzed in.
struct Includer {
  size_t Entry = 0; ///< its index in the database's order
  /// The files from the unit's own to the one included: {main.cu,
  /// kernels.cu} for a direct #include.
  std::vector<std::string> Chain;
};

class IncludeGraph {
public:
  /// Units in the database's order. CacheFile holds the files' directives
  /// from one run to the next; empty for none (--no-cache).
  IncludeGraph(std::vector<clang::tooling::CompileCommand> Units,
               std::string CacheFile);
  /// Writes the cache file when something was read afresh.
  ~IncludeGraph();
  IncludeGraph(const IncludeGraph &) = delete;
  IncludeGraph &operator=(const IncludeGraph &) = delete;

  const clang::tooling::CompileCommand &unit(size_t I) const {
    return Units[I];
  }

  /// The unit that reaches File through the fewest #includes (ties: a
  /// CUDA unit, then the first in the database), or none.
  std::optional<Includer> includerOf(llvm::StringRef File);

  /// Every file the units include that is not a unit's own, each with
  /// includerOf(it), sorted by path.
  std::vector<std::pair<std::string, Includer>> includedFiles();

  /// The entry whose command best stands in for File's own: the one whose
  /// file shares the most leading directories with File, then the one with
  /// the fewest directories past those, then a CUDA one, then one of the
  /// same stem (kernels.cu for kernels.cuh), then the first.
  size_t neighbourOf(llvm::StringRef File) const;

  /// Files whose directives were read in this run (not from the cache).
  unsigned filesRead() const { return Read; }

private:
  /// A file the units reach: its path and how it was reached.
  struct Reached {
    std::string Path;
    llvm::sys::fs::UniqueID Id;
    unsigned Depth = 0;
    int Parent = -1; ///< index in the same list, -1 for the unit's file
  };
  struct CachedDirectives {
    int64_t MTime = 0;
    uint64_t Size = 0;
    bool Fresh = false; ///< checked (or read) in this run
    std::vector<IncludeDirective> Directives;
  };

  const std::vector<Reached> &reach(size_t Unit);
  std::optional<llvm::sys::fs::UniqueID> fileId(const std::string &Path);
  const std::vector<IncludeDirective> &directivesOf(const std::string &Path);
  void load();

  std::vector<clang::tooling::CompileCommand> Units;
  std::string CacheFile;
  std::map<size_t, std::vector<Reached>> Reach;
  llvm::StringMap<std::optional<llvm::sys::fs::UniqueID>> Ids;
  llvm::StringMap<CachedDirectives> Directives;
  unsigned Read = 0;
};

} // namespace coalesce

#endif

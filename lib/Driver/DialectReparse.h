//===- DialectReparse.h - the nvcc mode's second parse ----------*- C++ -*-===//
//
// Where the nvcc compatibility mode edits the source (NvccDialect.h), the
// unit is parsed again from edited copies held in memory. The report must
// still speak of the user's files: positions after an edit on its line, and
// the texts quoted from such a line, are put back into the unedited text's
// terms, and the result cache checks the unedited text's digest.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_DRIVER_DIALECTREPARSE_H
#define CUDA_COALESCE_DRIVER_DIALECTREPARSE_H

#include "Findings/AccessSiteCollector.h"
#include "Frontend/NvccDialect.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>
#include <vector>

namespace coalesce {

class EditedSources {
public:
  /// Applies Edits to the files as Base reads them. Overlapping edits keep
  /// the later one; an instantiation repeats its template's, kept once.
  EditedSources(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                std::vector<DialectEdit> Edits);

  /// Base with the edited files over it.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem() const;

  /// The digest (digestHex) of Path's unedited text, if Path was edited.
  std::optional<std::string> originalDigest(llvm::StringRef Path) const;

  /// Puts R's positions and quoted source lines back into the unedited
  /// files' terms.
  void restore(TranslationUnitResult &R) const;

private:
  /// One edit as it moves the columns of its line.
  struct Shift {
    unsigned Line = 0;
    unsigned EditedColumn = 0; ///< where the edit starts in the edited line
    int Delta = 0;             ///< edited length less original length
  };
  struct File {
    std::string Name;
    std::string Original;
    std::vector<Shift> Shifts; ///< by line, then column
  };

  const File *find(llvm::StringRef Name) const;
  unsigned originalColumn(const File &F, unsigned Line, unsigned Col) const;
  std::string originalLine(const File &F, unsigned Line) const;

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base;
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Memory;
  std::vector<File> Files;
};

} // namespace coalesce

#endif

//===- Confinement.h - analyzing code its reader must not trust --*- C++ -*-===//
//
// The grader runs the analysis on its teacher's account over code written by
// students (docs/grading.md, "Security"). With --confine=DIR the analysis
// opens no file but those under DIR and the trusted roots (the system, the
// toolkit and the compiler's headers, the directories the teacher named), so
// an #include or #embed of another student's solution, of the rubric or of
// /etc/shadow finds nothing to read; and code under DIR cannot hide itself
// from the analysis (line markers, '#pragma clang system_header') nor show
// the analyzer code other than what nvcc compiles (a test of __clang__).
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FRONTEND_CONFINEMENT_H
#define CUDA_COALESCE_FRONTEND_CONFINEMENT_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace coalesce {

/// The folder a submission lies in, and what else its analysis may read.
struct Confinement {
  std::string Folder; ///< empty: not confined
  /// Directories or files that are not the student's and may be read: the
  /// system and toolkit headers, the teacher's -I directories, the cache's
  /// precompiled prelude.
  std::vector<std::string> Trusted;
  /// When set, the folder's code after macro expansion is appended to this
  /// file (the grader's `forbidden` patterns match it: a call pasted
  /// together by a macro is the call).
  std::string ExpandedOut;

  bool enabled() const { return !Folder.empty(); }
  /// Whether Path, once its links are resolved, lies in the folder.
  bool inFolder(llvm::StringRef Path) const;
  /// Whether Path, once its links are resolved, may be read.
  bool allows(llvm::StringRef Path) const;
};

/// The directories the compiler's own search reaches on this machine (the
/// C++ and C library headers, the resource directory), and ToolkitPath
/// when it is not empty.
std::vector<std::string> systemHeaderRoots(llvm::StringRef ToolkitPath);

/// Directories and files that include flags in Args name (-I, -isystem,
/// -idirafter, -iquote, -include): the teacher's, trusted.
std::vector<std::string> includeFlagPaths(const std::vector<std::string> &Args);

/// Base, refusing to open any file C does not allow: to clang such a file
/// does not exist ("'../alice/solution.cu' file not found").
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
confinedFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                   const Confinement &C);

/// Makes an error of what, in a file under C's folder, would hide code from
/// the analysis: a line marker or #line, '#pragma clang system_header', a
/// test of a macro that tells clang from nvcc; and writes C.ExpandedOut.
/// Call before parsing.
void watchForHiddenCode(clang::CompilerInstance &CI, const Confinement &C);

} // namespace coalesce

#endif

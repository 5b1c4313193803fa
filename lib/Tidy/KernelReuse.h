//===- KernelReuse.h - each kernel's result kept across edits ---*- C++ -*-===//
//
// An edit inside one kernel of a file of many should cost the analysis of
// that kernel, not of the file. A kernel's accesses depend on its own text,
// on every function it calls (transitively, templates and the toolkit's
// headers included), on the launches that give its block, grid and
// arguments (host code anywhere in the unit), on the globals, types and
// macros it uses, on the options and on the headers. The key a kernel's
// result is kept under holds all of these, conservatively:
//
//   - common to every kernel: the unit's inputs but the main file
//     (ReportReuse.h: the target, the macros of the command line, the
//     preamble and every header, as stamps), the options, the text of every
//     preprocessor directive of the main file, in order, and every top-level
//     declaration of the main file that is not a __device__ or __global__
//     function of its own (host code and its launches, __host__ __device__
//     functions, types and their members, variables, namespaces, templates
//     other than of device functions), with every __device__ function those
//     reach;
//   - the kernel's own: its name as printed (a template's arguments
//     included), its declarations, and every __device__ function it reaches
//     through the AST (calls, addresses taken, overload sets, the functions
//     a template instantiation calls, the bodies of the toolkit's functions
//     it calls that can name the main file's declarations: template
//     instances, and functions included below its first declaration).
//     Another kernel is never followed to: a launch or an address
//     of a kernel gives nothing of its body to the one that names it.
// Each declaration counts with its whole lines, the line above them (an
// access's previous line is quoted for NOLINTNEXTLINE), the line it starts
// on and how many directives precede it (the macros in force there). A
// kernel's result is its accesses classified (Findings/Classifier.h's
// classifySites: nothing in it depends on another kernel's accesses), kept
// without the warp samples only the classification reads. A kernel whose
// key is the one its last result was kept under gets that result; its
// automatic fixes' byte offsets move with the declarations they lie in (an
// edit on a line above shifts them, lines and columns stay).
// A kernel that moved to other lines is analyzed again.
//
// Nothing is reused in a file where the key would not be enough: a #line
// directive (lines would not follow the text), __COUNTER__ (its value
// depends on every expansion before), two kernels of one printed name
// (results are told apart by it), or a launch in a function that may run
// on the device (its arguments, which the launch collector follows to the
// function's callers, would come from outside the launched kernel's key).
// The merged report is the one a fresh analysis of the whole file gives
// (test clangd-kernel-reuse).
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_TIDY_KERNELREUSE_H
#define CUDA_COALESCE_TIDY_KERNELREUSE_H

#include "Analysis/Analyzer.h"
#include "Findings/Classifier.h"
#include "Findings/Finding.h"
#include "Tidy/ReportReuse.h"

#include "llvm/ADT/DenseMap.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Preprocessor;
} // namespace clang

namespace coalesce {
class ExprContext;
} // namespace coalesce

namespace coalesce::tidy {

struct KeptKernel;
struct KeptFile;

/// One build's kernels: which results can be taken from the file's last
/// report under the same options, and which kernels must be walked.
class KernelReuse {
public:
  KernelReuse(clang::ASTContext &Ctx, const clang::Preprocessor &PP,
              const AnalysisInputs &In, std::string OptionsKey);
  ~KernelReuse();

  /// Whether K's result must be computed (analyzeTranslationUnit's
  /// WalkKernel).
  bool mustWalk(const clang::FunctionDecl *K) const;

  /// The report of the unit, as reportTranslationUnit gives it: the walked
  /// kernels analyzed with Opts, the others' results reused.
  Report report(ExprContext &Exprs, const AnalysisOptions &Opts,
                const FindingsOptions &F);

  /// Keeps every kernel's result of report() for the file's next build, in
  /// place of the last ones. Not called after a walk that stopped early
  /// (what it found is incomplete): the kernels taken from the store and
  /// those walked are then analyzed again next time.
  void keep();

  /// Kernels walked and reused by report(), and why nothing could be
  /// reused (empty when reuse was possible).
  unsigned walked() const { return Walked; }
  unsigned reused() const { return Reused; }
  const std::string &whyNot() const { return WhyNot; }
  /// Where the time went, for the log: the keys (the constructor), the
  /// walk of the kernels that must be walked, and the report: the walked
  /// kernels' sites classified, the reused kernels' classified findings
  /// copied, and all of them weighed together (a finding's notes and
  /// fixes weigh the whole file's accesses, so that part runs again).
  std::chrono::microseconds keyTime() const { return KeyTime; }
  std::chrono::microseconds walkTime() const { return WalkTime; }
  std::chrono::microseconds reportTime() const { return ReportTime; }

private:
  clang::ASTContext &Ctx;
  std::string Slot;
  std::string Common;
  std::vector<std::pair<unsigned, unsigned>> CommonRanges;
  std::vector<const clang::FunctionDecl *> Kernels;
  /// Per kernel of Kernels: its key and the ranges its key names, or an
  /// empty key when its result is never kept (outside the main file).
  std::vector<std::string> Keys;
  std::vector<std::vector<std::pair<unsigned, unsigned>>> Ranges;
  /// Per kernel: its result taken from the last report, moved to this
  /// text's offsets; null when it must be walked.
  std::vector<std::unique_ptr<KeptKernel>> Taken;
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> Index;
  std::unique_ptr<KeptFile> ToKeep;
  std::string WhyNot;
  unsigned Walked = 0, Reused = 0;
  std::chrono::microseconds KeyTime{0}, WalkTime{0}, ReportTime{0};
};

} // namespace coalesce::tidy

#endif

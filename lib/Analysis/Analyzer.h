//===- Analyzer.h - Clang AST to per-lane addresses -------------*- C++ -*-===//
//
// Finds every memory operation reachable from a __global__ kernel, derives
// its byte address as a LaneExpr and emits it as a MemoryAccess event to
// listeners, which evaluate it for the 32 lanes of a representative warp
// when they care.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_ANALYSIS_ANALYZER_H
#define CUDA_COALESCE_ANALYSIS_ANALYZER_H

#include "Analysis/AccessSite.h"
#include "Analysis/PortableLaunch.h"

#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceLocation;
} // namespace clang

namespace coalesce {

class ExprContext;
class MemoryAccessListener;

struct AnalysisOptions {
  /// --assume name=value: values for runtime parameters and variables.
  std::map<std::string, int64_t> Assume;
  /// --block-dim: the block shape where no launch site or __launch_bounds__
  /// tells it.
  std::optional<std::array<unsigned, 3>> BlockDim;
  /// Representative value of a runtime integer nobody told us about: a
  /// typical problem size (a million elements).
  int64_t DefaultValue = 1 << 20;
  /// Representative gridDim.{x,y,z} when no launch tells it: a modest grid,
  /// so work split per thread comes out in realistic chunks.
  int64_t DefaultGridDim = 128;
  /// How deep __device__ calls are inlined: deep enough for a reduction
  /// unrolled by template recursion (Reduce<T, 512>::run calling
  /// Reduce<T, 256>::run down to 1, each calling a helper).
  unsigned InlineDepth = 16;
  /// How many bodies one kernel inlines in all (calls and constructors,
  /// each time a walk reaches them): what bounds a tree of calls, where
  /// the depth alone would allow 3^16 bodies for a function calling the
  /// next three times.
  unsigned InlineBudget = 20000;
  /// Launches other translation units of the run make of kernels this one
  /// defines (PortableLaunch.h): a kernel with no launch of its own here
  /// runs under the one named with its mangled name.
  std::vector<PortableLaunch> OtherUnitLaunches;
  /// Polled before each statement; once it returns true the walk ends early
  /// and what it found is incomplete, which the caller, who asked, knows.
  /// The editor's deadline and cancellation (lib/Tidy/AnalysisStop.h);
  /// empty: the walk runs to its end.
  std::function<bool()> ShouldStop;
};

struct KernelsAnalyzed {
  /// Kernels analyzed (template kernels count once per instantiation).
  unsigned Kernels = 0;
  /// The kernels analyzed, in the order they were found.
  std::vector<KernelInfo> KernelList;
  /// The declaration of each entry of KernelList (alive with the AST).
  std::vector<const clang::FunctionDecl *> KernelDecls;
  /// Kernels skipped because their bodies hold errors: "name (file:line)".
  std::vector<std::string> SkippedKernels;
  /// The first launch of each kernel the unit launches and only declares
  /// (its body is in another unit), for other units; template kernels' left
  /// out.
  std::vector<PortableLaunch> Launches;
  /// The kernels defined here, by the names of PortableLaunch::Kernel
  /// (template kernels left out), each once; and those of them no launch
  /// here configures.
  std::vector<std::string> Defined, Unlaunched;
  /// Searches of an assumed value's residues answered with another
  /// kernel's (WarpEvaluator::SampleCache): what the sharing saved.
  unsigned SharedSamples = 0;
};

/// The kernels analyzeTranslationUnit walks, in the order it walks them:
/// every __global__ definition outside system headers and the precompiled
/// preamble, each template kernel once per instantiation.
std::vector<const clang::FunctionDecl *> findKernels(clang::ASTContext &Ctx);

/// Interprets every kernel defined outside system headers and hands each
/// memory operation it meets to Listener (see MemoryAccess.h). Kernels whose
/// body contains one of ErrorLocs, or any expression clang had to recover
/// from, are skipped (their names are returned). Exprs should belong to this
/// translation unit alone: events point into it.
/// WalkKernel, when given, is asked for each kernel before it is walked;
/// false leaves the kernel out (not walked, not listed, not counted): the
/// editor walks only the kernels an edit touched and reuses the others'
/// results (lib/Tidy/KernelReuse.h).
KernelsAnalyzed analyzeTranslationUnit(
    clang::ASTContext &Ctx, ExprContext &Exprs, const AnalysisOptions &Opts,
    llvm::ArrayRef<clang::SourceLocation> ErrorLocs,
    MemoryAccessListener &Listener,
    const std::function<bool(const clang::FunctionDecl *)> &WalkKernel = {});

} // namespace coalesce

#endif

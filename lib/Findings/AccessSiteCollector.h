//===- AccessSiteCollector.h - the report's accesses from the events -*- C++ -*-===//
//
// The listener that turns memory-access events into the report's plain
// AccessSite records: the global-memory loads and stores (including those
// through a pointer of unknown origin), with their lanes evaluated and their
// locations copied out of the translation unit.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FINDINGS_ACCESSSITECOLLECTOR_H
#define CUDA_COALESCE_FINDINGS_ACCESSSITECOLLECTOR_H

#include "Analysis/Analyzer.h"
#include "Analysis/MemoryAccess.h"
#include "Analysis/WideAccesses.h"
#include "Findings/FixCandidates.h"
#include "Findings/ToolkitBooking.h"

#include <memory>
#include <optional>
#include <string>

#include <vector>

namespace coalesce {

class AccessSiteCollector : public MemoryAccessListener {
public:
  explicit AccessSiteCollector(std::vector<AccessSite> &Out) : Out(Out) {}
  void onAccess(const MemoryAccess &A) override;
  /// Per site of Out: memberStructAlign() of its access, for
  /// joinWholeElements() (Analysis/WideAccesses.h) once every event is in.
  llvm::ArrayRef<unsigned> structAlign() const { return StructAlign; }
  /// Per site of Out: offsetTerms() of its access, for
  /// joinSharedElements().
  llvm::ArrayRef<OffsetTerms> offsetTerms() const { return Terms; }

private:
  std::vector<AccessSite> &Out;
  /// Beside Out, which has no field for it (structAlign()).
  std::vector<unsigned> StructAlign;
  std::vector<OffsetTerms> Terms;
  std::unique_ptr<FixCandidates> Fixes; ///< of the translation unit met
  ToolkitBooking Booking;
  /// The toolkit's sm_32_intrinsics.hpp, or empty; looked up once a unit.
  std::optional<std::string> IntrinsicsHeader;
};

/// What one translation unit contributes to the report.
struct TranslationUnitResult {
  std::vector<AccessSite> Sites;
  unsigned Kernels = 0;
  std::vector<KernelInfo> KernelList;
  std::vector<std::string> SkippedKernels;
  /// KernelsAnalyzed's: what the unit's launches tell other units, the
  /// kernels it defines, and those with no launch of their own.
  std::vector<PortableLaunch> Launches;
  std::vector<std::string> Defined, Unlaunched;
};

/// analyzeTranslationUnit with an AccessSiteCollector, plus Extra (the
/// checks that listen to the events themselves) when given.
TranslationUnitResult
collectAccessSites(clang::ASTContext &Ctx, ExprContext &Exprs,
                   const AnalysisOptions &Opts,
                   llvm::ArrayRef<clang::SourceLocation> ErrorLocs,
                   MemoryAccessListener *Extra = nullptr);

} // namespace coalesce

#endif

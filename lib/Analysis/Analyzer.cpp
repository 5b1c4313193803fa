//===- Analyzer.cpp - Clang AST to per-lane addresses: the entry ---------===//
//
// Finds the kernels of a translation unit (template instantiations
// included), skips those clang had to recover from, and walks each with a
// KernelWalker (KernelWalker.h: the interpreter, split by concern) under the
// launch configuration found for it in the same translation unit, else in
// another unit of the run (PortableLaunch.h).
//
//===----------------------------------------------------------------------===//

#include "Analysis/Analyzer.h"
#include "Analysis/KernelWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace coalesce {

namespace {

/// Whether any expression inside S is one clang had to recover from.
class ErrorFinder : public RecursiveASTVisitor<ErrorFinder> {
public:
  bool Found = false;
  bool VisitExpr(clang::Expr *E) {
    if (E->containsErrors())
      Found = true;
    return !Found;
  }
};

} // namespace

bool interp::bodyHasErrors(const FunctionDecl *FD,
                           ArrayRef<SourceLocation> ErrorLocs,
                           const SourceManager &SM) {
  if (FD->isInvalidDecl() || !FD->getBody())
    return true;
  ErrorFinder F;
  F.TraverseStmt(FD->getBody());
  if (F.Found)
    return true;
  SourceRange R = FD->getSourceRange();
  SourceLocation B = SM.getExpansionLoc(R.getBegin());
  SourceLocation E = SM.getExpansionLoc(R.getEnd());
  for (SourceLocation L : ErrorLocs) {
    SourceLocation EL = SM.getExpansionLoc(L);
    if (SM.isPointWithin(EL, B, E))
      return true;
  }
  return false;
}

std::string interp::kernelName(const FunctionDecl *FD, const ASTContext &Ctx) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy PP = Ctx.getPrintingPolicy();
  PP.SuppressTagKeyword = true;
  FD->getNameForDiagnostic(OS, PP, /*Qualified=*/false);
  return OS.str();
}

namespace {

class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  explicit KernelFinder(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // The toolkit's and the prelude's declarations (system headers, or the
  // precompiled prelude) hold no kernel of the user's: not walked.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && fromHeaders(D, SM))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->doesThisDeclarationHaveABody() &&
        !FD->isDependentContext() &&
        !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      Kernels.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Kernels;

private:
  const SourceManager &SM;
};

} // namespace

std::vector<const FunctionDecl *> findKernels(ASTContext &Ctx) {
  KernelFinder Finder(Ctx.getSourceManager());
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(Finder.Kernels);
}

KernelsAnalyzed analyzeTranslationUnit(ASTContext &Ctx, ExprContext &X,
                                       const AnalysisOptions &Opts,
                                       ArrayRef<SourceLocation> ErrorLocs,
                                       MemoryAccessListener &Listener,
                                       const std::function<bool(const FunctionDecl *)> &WalkKernel) {
  KernelsAnalyzed Result;
  const SourceManager &SM = Ctx.getSourceManager();
  LaunchMap Launches = collectLaunchSites(Ctx);
  Result.Launches = portableLaunches(Launches, Ctx);
  // The kernels of the unit share X, so an access of two kernels with the
  // same expressions is sampled once (template instances).
  WarpEvaluator::SampleCache Samples;
  for (const FunctionDecl *K : findKernels(Ctx)) {
    if (WalkKernel && !WalkKernel(K))
      continue;
    if (interp::bodyHasErrors(K, ErrorLocs, SM)) {
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(K->getLocation()));
      Result.SkippedKernels.push_back(
          interp::kernelName(K, Ctx) + " (" +
          (P.isValid() ? std::string(P.getFilename()) + ":" +
                             std::to_string(P.getLine())
                       : std::string("?")) +
          ")");
      continue;
    }
    auto It = Launches.find(K->getCanonicalDecl());
    const LaunchInfo *Launch = It == Launches.end() ? nullptr : &It->second;
    // No launch here: one another unit of the run makes, when told.
    std::optional<LaunchInfo> Other;
    std::string Name = portableKernelName(K, Ctx);
    if (!Name.empty() && !llvm::is_contained(Result.Defined, Name))
      Result.Defined.push_back(Name);
    if (!Launch && !Name.empty()) {
      if (!llvm::is_contained(Result.Unlaunched, Name))
        Result.Unlaunched.push_back(Name);
      for (const PortableLaunch &P : Opts.OtherUnitLaunches)
        if (P.Kernel == Name) {
          Other = fromPortable(P, K);
          Launch = &*Other;
          break;
        }
    }
    interp::KernelWalker W(Ctx, X, Opts, K, Launch, ErrorLocs, Listener);
    W.Warp.shareSamples(&Samples);
    W.run();
    ++Result.Kernels;
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(K->getLocation()));
    Result.KernelList.push_back(
        {interp::kernelName(K, Ctx),
         {P.isValid() ? reportPath(P.getFilename()) : std::string(),
          P.isValid() ? P.getLine() : 0, 0}});
    Result.KernelDecls.push_back(K);
  }
  Result.SharedSamples = Samples.Hits;
  return Result;
}

} // namespace coalesce

//===- KernelReuse.cpp ----------------------------------------------------===//

#include "Tidy/KernelReuse.h"
#include "Analysis/KernelWalker.h"
#include "Analysis/WideAccesses.h"
#include "Findings/AccessSiteCollector.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

using namespace clang;

namespace coalesce::tidy {

/// A kernel's result, kept for the next build of its file.
struct KeptKernel {
  /// [begin, end) offsets of the declarations its key names, common ones
  /// first, in the key's order.
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  /// Its sites before joinWholeElements (which joins a kernel's own sites
  /// only), with their memberStructAlign(); empty once classified.
  std::vector<AccessSite> Sites;
  std::vector<unsigned> StructAlign;
  /// Its sites joined and classified (classifySites: nothing in a finding
  /// depends on another kernel's sites), without their warp samples, which
  /// only the classification reads: what a later build takes unchanged.
  /// Sites are classified, then cleared, by the report that walked them.
  std::vector<Finding> Findings;
  KernelInfo Info;
};

/// A file's kernels' results, under the part of their keys common to all.
struct KeptFile {
  std::string Common;
  std::map<std::string, KeptKernel> ByKey;
};

namespace {

std::mutex Lock;
llvm::StringMap<KeptFile> &keptFiles() {
  static llvm::StringMap<KeptFile> K;
  return K;
}

enum class SpanKind { Context, Device, Kernel };

/// A top-level declaration of the main file.
struct Span {
  Decl *D = nullptr;
  SpanKind Kind = SpanKind::Context;
  /// The declaration's own offsets, and its whole lines.
  unsigned DeclBegin = 0, DeclEnd = 0;
  unsigned Begin = 0, End = 0;
  std::string Key;
};

SpanKind kindOf(const Decl *D) {
  const FunctionDecl *FD = D->getAsFunction();
  // A member function's class is context already; a function of a
  // namespace or a linkage block is context with it.
  if (!FD || isa<CXXMethodDecl>(FD))
    return SpanKind::Context;
  if (FD->hasAttr<CUDAGlobalAttr>())
    return SpanKind::Kernel;
  if (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>())
    return SpanKind::Device;
  return SpanKind::Context;
}

/// Every declaration a declaration's AST names: what it calls, reads,
/// constructs, destroys, and the candidates of an unresolved call.
class ReferenceFinder : public RecursiveASTVisitor<ReferenceFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    add(E->getDecl());
    add(E->getFoundDecl());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    add(E->getMemberDecl());
    add(E->getFoundDecl().getDecl());
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    add(E->getCalleeDecl());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    add(E->getConstructor());
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    add(E->getOperatorNew());
    add(E->getOperatorDelete());
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    add(E->getOperatorDelete());
    addDestructor(E->getDestroyedType());
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    if (const CXXTemporary *T = E->getTemporary())
      add(const_cast<CXXDestructorDecl *>(T->getDestructor()));
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    addDestructor(V->getType());
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr *E) {
    for (NamedDecl *D : E->decls())
      add(D);
    return true;
  }
  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (FD)
      Functions.push_back(FD);
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Functions.pop_back();
    return R;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
    if (!Functions.empty() && (Functions.back()->hasAttr<CUDADeviceAttr>() ||
                               Functions.back()->hasAttr<CUDAGlobalAttr>()))
      DeviceLaunch = true;
    return true;
  }

  std::vector<const Decl *> Found;
  /// A launch in code that may run on the device (dynamic parallelism).
  bool DeviceLaunch = false;

private:
  std::vector<const FunctionDecl *> Functions;
  void add(const Decl *D) {
    if (D)
      Found.push_back(D);
  }
  void addDestructor(QualType T) {
    if (T.isNull())
      return;
    if (const CXXRecordDecl *R = T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
      if (R->hasDefinition())
        add(R->getDestructor());
  }
};

/// The declarations D stands for: itself, its other declarations, and the
/// templates it was instantiated from.
void declarationsOf(const Decl *D, std::vector<const Decl *> &Out) {
  if (const auto *U = dyn_cast<UsingShadowDecl>(D))
    D = U->getTargetDecl();
  if (!D)
    return;
  for (const Decl *R : D->redecls())
    Out.push_back(R);
  if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
    if (const FunctionDecl *T = FT->getTemplatedDecl())
      for (const Decl *R : T->redecls())
        Out.push_back(R);
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
      for (const Decl *R : P->redecls())
        Out.push_back(R);
    if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
      for (const Decl *R : T->redecls())
        Out.push_back(R);
    if (const FunctionDecl *M = FD->getInstantiatedFromMemberFunction())
      for (const Decl *R : M->redecls())
        Out.push_back(R);
  }
}

/// The reference graph of the main file's declarations: a node is a span
/// (a top-level declaration of the main file) or a function of a header
/// the main file reaches, whose body can name the main file's declarations
/// again (a template instantiated with them).
class ReferenceGraph {
public:
  ReferenceGraph(ASTContext &Ctx, std::vector<Span> &Spans)
      : SM(Ctx.getSourceManager()), Spans(Spans) {
    for (const Span &S : Spans)
      if (!FirstMain.isValid() || S.DeclBegin < FirstOffset) {
        FirstOffset = S.DeclBegin;
        FirstMain = SM.getLocForStartOfFile(SM.getMainFileID())
                        .getLocWithOffset(S.DeclBegin);
      }
  }

  /// The spans named from span S, and the header functions.
  struct Edges {
    std::vector<unsigned> Spans;
    std::vector<const FunctionDecl *> Headers;
    bool DeviceLaunch = false;
  };

  const Edges &ofSpan(unsigned S) {
    auto It = SpanEdges.find(S);
    if (It != SpanEdges.end())
      return It->second;
    ReferenceFinder F;
    F.TraverseDecl(Spans[S].D);
    Edges &E = SpanEdges[S] = edgesOf(F.Found);
    E.DeviceLaunch = F.DeviceLaunch;
    return E;
  }

  const Edges &ofHeader(const FunctionDecl *FD) {
    auto It = HeaderEdges.find(FD);
    if (It != HeaderEdges.end())
      return It->second;
    ReferenceFinder F;
    if (const FunctionDecl *Def = FD->getDefinition())
      F.TraverseDecl(const_cast<FunctionDecl *>(Def));
    return HeaderEdges[FD] = edgesOf(F.Found);
  }

  /// The spans holding the main file's declaration at Loc.
  void spansAt(SourceLocation Loc, std::vector<unsigned> &Out) const {
    if (Loc.isInvalid())
      return;
    SourceLocation E = SM.getExpansionLoc(Loc);
    if (SM.getFileID(E) != SM.getMainFileID())
      return;
    unsigned Off = SM.getFileOffset(E);
    for (unsigned I = 0; I < Spans.size(); ++I)
      if (Spans[I].DeclBegin <= Off && Off < Spans[I].DeclEnd)
        Out.push_back(I);
  }

private:
  Edges edgesOf(const std::vector<const Decl *> &Found) {
    Edges E;
    std::vector<const Decl *> Decls;
    for (const Decl *D : Found)
      declarationsOf(D, Decls);
    llvm::DenseSet<const Decl *> Seen;
    for (const Decl *D : Decls) {
      if (!Seen.insert(D).second)
        continue;
      std::vector<unsigned> At;
      spansAt(D->getLocation(), At);
      if (!At.empty()) {
        E.Spans.insert(E.Spans.end(), At.begin(), At.end());
        continue;
      }
      const FunctionDecl *Def = nullptr;
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->hasBody(Def) && mayNameMainFile(Def))
          E.Headers.push_back(FD->getCanonicalDecl());
    }
    llvm::sort(E.Spans);
    E.Spans.erase(std::unique(E.Spans.begin(), E.Spans.end()), E.Spans.end());
    return E;
  }

  /// Whether the body of FD, a header's function, can name a declaration
  /// of the main file: an instantiation of a template (its dependent names
  /// are looked up where it is instantiated), or a function that comes
  /// after the main file's first declaration (a header included below it).
  /// Any other function's names were all declared before the main file's
  /// code, so following it would only cost time.
  bool mayNameMainFile(const FunctionDecl *FD) const {
    if (FD->getTemplateSpecializationKind() != TSK_Undeclared)
      return true;
    for (const DeclContext *C = FD->getDeclContext(); C; C = C->getParent())
      if (isa<ClassTemplateSpecializationDecl>(C) ||
          (isa<FunctionDecl>(C) &&
           cast<FunctionDecl>(C)->getTemplateSpecializationKind() !=
               TSK_Undeclared))
        return true;
    SourceLocation L = SM.getExpansionLoc(FD->getLocation());
    return FirstMain.isValid() &&
           (L.isInvalid() || !SM.isBeforeInTranslationUnit(L, FirstMain));
  }

  const SourceManager &SM;
  std::vector<Span> &Spans;
  SourceLocation FirstMain;
  unsigned FirstOffset = 0;
  std::map<unsigned, Edges> SpanEdges;
  llvm::DenseMap<const FunctionDecl *, Edges> HeaderEdges;
};

/// The spans reached from Start, over spans and header functions not in
/// Done (which it extends). A Kernel span is reached only as a start: a
/// launch or an address of a kernel elsewhere does not make the kernel's
/// text an input of another's result (a launch in device code stops all
/// reuse, KernelReuse's constructor).
std::vector<unsigned> reach(ReferenceGraph &G, const std::vector<Span> &Spans,
                            const std::vector<unsigned> &Start,
                            std::set<unsigned> &DoneSpans,
                            llvm::DenseSet<const FunctionDecl *> &DoneHeaders) {
  std::vector<unsigned> Reached;
  std::vector<unsigned> Work;
  std::vector<const FunctionDecl *> HeaderWork;
  for (unsigned S : Start)
    if (DoneSpans.insert(S).second) {
      Work.push_back(S);
      Reached.push_back(S);
    }
  auto Follow = [&](const ReferenceGraph::Edges &E) {
    for (unsigned T : E.Spans)
      if (Spans[T].Kind != SpanKind::Kernel && DoneSpans.insert(T).second) {
        Work.push_back(T);
        Reached.push_back(T);
      }
    for (const FunctionDecl *H : E.Headers)
      if (DoneHeaders.insert(H).second)
        HeaderWork.push_back(H);
  };
  while (!Work.empty() || !HeaderWork.empty()) {
    if (!Work.empty()) {
      unsigned S = Work.back();
      Work.pop_back();
      Follow(G.ofSpan(S));
      continue;
    }
    const FunctionDecl *H = HeaderWork.back();
    HeaderWork.pop_back();
    Follow(G.ofHeader(H));
  }
  llvm::sort(Reached);
  return Reached;
}

/// A directive of the main file: where it starts, and its text.
struct Directive {
  unsigned Offset;
  std::string Text;
};

/// The main file's directives; false when one sets line numbers.
bool directivesOf(ASTContext &Ctx, llvm::StringRef Text,
                  std::vector<Directive> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  Lexer L(SM.getLocForStartOfFile(Main), Ctx.getLangOpts(), Text.begin(),
          Text.begin(), Text.end());
  L.SetCommentRetentionState(true);
  Token Tok;
  std::optional<unsigned> Open;
  unsigned Last = 0;
  bool First = false;
  auto Close = [&] {
    if (Open)
      Out.push_back({*Open, Text.slice(*Open, Last).str()});
    Open.reset();
  };
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = L.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    unsigned Off = SM.getFileOffset(Tok.getLocation());
    if (Tok.isAtStartOfLine()) {
      Close();
      if (Tok.is(tok::hash)) {
        Open = Off;
        First = true;
      }
    } else if (Open && First) {
      First = false;
      // "#line 40" and the "# 40" of preprocessed output.
      if (Tok.is(tok::numeric_constant) ||
          (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == "line"))
        return false;
    }
    Last = Off + Tok.getLength();
  }
  Close();
  return true;
}

/// Moves the byte offsets of E (an automatic fix's edit) from the old
/// ranges to the new: false when no range holds it whole.
bool relocate(TextEdit &E, llvm::StringRef MainFile,
              const std::vector<std::pair<unsigned, unsigned>> &Old,
              const std::vector<std::pair<unsigned, unsigned>> &New) {
  if (E.File != MainFile)
    return true;
  std::optional<unsigned> To;
  for (size_t I = 0; I < Old.size(); ++I) {
    if (E.Offset < Old[I].first || E.Offset + E.Length > Old[I].second)
      continue;
    unsigned T = E.Offset - Old[I].first + New[I].first;
    if (To && *To != T)
      return false;
    To = T;
  }
  if (!To)
    return false;
  E.Offset = *To;
  return true;
}

bool relocate(KeptKernel &K, llvm::StringRef MainFile,
              const std::vector<std::pair<unsigned, unsigned>> &New) {
  if (K.Ranges.size() != New.size())
    return false;
  auto Moved = [&](AccessSite &S) {
    return (!S.SharedArray ||
            relocate(S.SharedArray->InnerSize, MainFile, K.Ranges, New)) &&
           (!S.GridStride ||
            relocate(S.GridStride->Header, MainFile, K.Ranges, New));
  };
  for (AccessSite &S : K.Sites)
    if (!Moved(S))
      return false;
  for (Finding &F : K.Findings)
    if (!Moved(F.Site))
      return false;
  K.Ranges = New;
  return true;
}

/// Sites, in the order of the events, with the kernel each came from.
class KernelSiteCollector : public MemoryAccessListener {
public:
  KernelSiteCollector() : Collector(Sites) {}
  void onAccess(const MemoryAccess &A) override {
    size_t Before = Sites.size();
    Collector.onAccess(A);
    if (Sites.size() > Before)
      Owners.push_back(A.Kernel);
  }
  std::vector<AccessSite> Sites;
  std::vector<const FunctionDecl *> Owners;
  AccessSiteCollector Collector;
};

} // namespace

KernelReuse::KernelReuse(ASTContext &Ctx, const Preprocessor &PP,
                         const AnalysisInputs &In, std::string OptionsKey)
    : Ctx(Ctx), Slot(In.MainFile + "\n" + OptionsKey) {
  auto Start = std::chrono::steady_clock::now();
  auto Timed = llvm::make_scope_exit([&] {
    KeyTime = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - Start);
  });
  Kernels = findKernels(Ctx);
  Keys.assign(Kernels.size(), "");
  Ranges.resize(Kernels.size());
  Taken.resize(Kernels.size());
  for (unsigned I = 0; I < Kernels.size(); ++I)
    Index[Kernels[I]] = I;

  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  std::optional<llvm::MemoryBufferRef> Buffer = SM.getBufferOrNone(Main);
  if (In.MainFile.empty() || !Buffer) {
    WhyNot = "no main file";
    return;
  }
  llvm::StringRef Text = Buffer->getBuffer();
  std::vector<Directive> Directives;
  if (!directivesOf(Ctx, Text, Directives)) {
    WhyNot = "a #line directive";
    return;
  }
  if (PP.getCounterValue() != 0) {
    WhyNot = "__COUNTER__";
    return;
  }
  {
    std::set<std::string> Names;
    for (const FunctionDecl *K : Kernels)
      if (!Names.insert(interp::kernelName(K, Ctx)).second) {
        WhyNot = "two kernels of one name";
        return;
      }
  }

  // StringRef::rfind looks before its position.
  auto LineStart = [&](unsigned Off) {
    size_t P = Text.rfind('\n', Off);
    return P == llvm::StringRef::npos ? 0u : unsigned(P + 1);
  };
  auto LineEnd = [&](unsigned Off) {
    size_t P = Text.find('\n', Off);
    return P == llvm::StringRef::npos ? unsigned(Text.size()) : unsigned(P + 1);
  };
  std::vector<Span> Spans;
  for (Decl *D : topLevelDeclarations(Ctx)) {
    std::optional<std::pair<unsigned, unsigned>> At = mainFileSpan(D, Ctx);
    if (!At)
      continue;
    Span S;
    S.D = D;
    S.Kind = kindOf(D);
    S.DeclBegin = At->first;
    S.DeclEnd = std::max(At->second, S.DeclBegin + 1);
    S.Begin = LineStart(S.DeclBegin);
    S.End = LineEnd(S.DeclEnd == 0 ? 0 : S.DeclEnd - 1);
    unsigned Above = S.Begin == 0 ? 0 : LineStart(S.Begin - 1);
    unsigned Before = llvm::count_if(
        Directives, [&](const Directive &Dr) { return Dr.Offset < S.Begin; });
    S.Key = "line " + std::to_string(SM.getLineNumber(Main, S.Begin)) +
            ", after " + std::to_string(Before) + " directives\n" +
            Text.slice(Above, S.End).str() + "\n";
    Spans.push_back(std::move(S));
  }

  ReferenceGraph G(Ctx, Spans);
  // The launch collector follows a launch's arguments to the callers of the
  // function that launches: from device code, those would be outside the
  // launched kernel's key.
  for (unsigned I = 0; I < Spans.size(); ++I)
    if (G.ofSpan(I).DeviceLaunch) {
      WhyNot = "a launch in device code";
      return;
    }
  std::set<unsigned> CommonSpans;
  llvm::DenseSet<const FunctionDecl *> CommonHeaders;
  std::vector<unsigned> Contexts;
  for (unsigned I = 0; I < Spans.size(); ++I)
    if (Spans[I].Kind == SpanKind::Context)
      Contexts.push_back(I);
  std::vector<unsigned> CommonReached =
      reach(G, Spans, Contexts, CommonSpans, CommonHeaders);
  Common = In.Context + "\n" + OptionsKey + "\n";
  for (const Directive &D : Directives)
    Common += D.Text + "\n";
  for (unsigned S : CommonReached) {
    Common += Spans[S].Key;
    CommonRanges.push_back({Spans[S].Begin, Spans[S].End});
  }

  for (unsigned I = 0; I < Kernels.size(); ++I) {
    const FunctionDecl *K = Kernels[I];
    std::vector<const Decl *> Decls;
    declarationsOf(K, Decls);
    std::vector<unsigned> Start;
    for (const Decl *D : Decls)
      G.spansAt(D->getLocation(), Start);
    if (Start.empty())
      continue; // not in the main file: walked every time, never kept
    std::set<unsigned> Done = CommonSpans;
    llvm::DenseSet<const FunctionDecl *> DoneHeaders = CommonHeaders;
    std::vector<unsigned> Reached =
        reach(G, Spans, Start, Done, DoneHeaders);
    std::string Key = interp::kernelName(K, Ctx) + "\n";
    Ranges[I] = CommonRanges;
    for (unsigned S : Reached) {
      Key += Spans[S].Key;
      Ranges[I].push_back({Spans[S].Begin, Spans[S].End});
    }
    Keys[I] = std::move(Key);
  }
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = keptFiles().find(Slot);
  if (It == keptFiles().end() || It->second.Common != Common)
    return;
  for (unsigned I = 0; I < Kernels.size(); ++I) {
    if (Keys[I].empty())
      continue;
    // Taken out of the store, not copied: report() keeps the results of
    // this build in its place, and an entry that is not relocated or a
    // build that stops is analyzed again next time.
    auto Node = It->second.ByKey.extract(Keys[I]);
    if (Node.empty())
      continue;
    auto K = std::make_unique<KeptKernel>(std::move(Node.mapped()));
    if (relocate(*K, In.MainFile, Ranges[I]))
      Taken[I] = std::move(K);
  }
}

KernelReuse::~KernelReuse() = default;

bool KernelReuse::mustWalk(const FunctionDecl *K) const {
  auto It = Index.find(K);
  return It == Index.end() || !Taken[It->second];
}

Report KernelReuse::report(ExprContext &Exprs, const AnalysisOptions &Opts,
                           const FindingsOptions &F) {
  auto Start = std::chrono::steady_clock::now();
  KernelSiteCollector Fresh;
  KernelsAnalyzed A = analyzeTranslationUnit(
      Ctx, Exprs, Opts, {}, Fresh,
      [this](const FunctionDecl *K) { return mustWalk(K); });
  llvm::ArrayRef<unsigned> FreshAlign = Fresh.Collector.structAlign();
  auto Walk = std::chrono::steady_clock::now();
  WalkTime = std::chrono::duration_cast<std::chrono::microseconds>(Walk - Start);

  // Each kernel's results, in the order a walk of every kernel finds them.
  std::vector<KeptKernel> Results(Kernels.size());
  std::vector<bool> Have(Kernels.size(), false);
  for (size_t S = 0; S < Fresh.Sites.size(); ++S) {
    unsigned I = Index.lookup(Fresh.Owners[S]);
    Results[I].Sites.push_back(std::move(Fresh.Sites[S]));
    Results[I].StructAlign.push_back(S < FreshAlign.size() ? FreshAlign[S] : 0);
  }
  for (size_t K = 0; K < A.KernelDecls.size(); ++K) {
    unsigned I = Index.lookup(A.KernelDecls[K]);
    Results[I].Info = A.KernelList[K];
    Have[I] = true;
    ++Walked;
  }
  for (unsigned I = 0; I < Kernels.size(); ++I)
    if (Taken[I]) {
      Results[I] = std::move(*Taken[I]);
      Have[I] = true;
      ++Reused;
    }

  std::vector<KernelInfo> List;
  Report R;
  if (!WhyNot.empty()) {
    // Nothing is kept (two kernels of one printed name among them): the
    // whole unit's sites, as reportTranslationUnit reports them.
    std::vector<AccessSite> Sites;
    std::vector<unsigned> Align;
    for (unsigned I = 0; I < Kernels.size(); ++I) {
      if (!Have[I])
        continue;
      llvm::append_range(Sites, Results[I].Sites);
      llvm::append_range(Align, Results[I].StructAlign);
      List.push_back(Results[I].Info);
    }
    joinWholeElements(Sites, Align);
    R = buildReport(std::move(Sites), 1, List.size(), F);
  } else {
    // Each walked kernel classified once; a reused one's findings copied
    // once, in buildReport's order (found by sorting pointers, so that no
    // finding is moved about), then weighed together.
    std::vector<const Finding *> Order;
    for (unsigned I = 0; I < Kernels.size(); ++I) {
      if (!Have[I])
        continue;
      KeptKernel &K = Results[I];
      if (!K.Sites.empty()) {
        joinWholeElements(K.Sites, K.StructAlign);
        K.Findings = classifySites(std::move(K.Sites), F);
        for (Finding &X : K.Findings)
          X.Site.Samples = {};
        K.Sites.clear();
        K.StructAlign.clear();
      }
      for (const Finding &X : K.Findings)
        Order.push_back(&X);
      List.push_back(K.Info);
    }
    std::stable_sort(Order.begin(), Order.end(),
                     [](const Finding *A, const Finding *B) {
                       return reportOrder(*A, *B);
                     });
    std::vector<Finding> All;
    All.reserve(Order.size());
    for (const Finding *X : Order)
      All.push_back(*X);
    R = finishReport(std::move(All), F, 1, List.size());
  }
  R.KernelList = std::move(List);
  ReportTime = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::steady_clock::now() - Walk);

  if (!WhyNot.empty())
    return R;
  ToKeep = std::make_unique<KeptFile>();
  ToKeep->Common = Common;
  for (unsigned I = 0; I < Kernels.size(); ++I) {
    if (!Have[I] || Keys[I].empty())
      continue;
    Results[I].Ranges = Ranges[I];
    ToKeep->ByKey[Keys[I]] = std::move(Results[I]);
  }
  return R;
}

void KernelReuse::keep() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (ToKeep)
    keptFiles()[Slot] = std::move(*ToKeep);
  else
    keptFiles().erase(Slot);
  ToKeep.reset();
}

} // namespace coalesce::tidy

//===- DeviceLaunches.cpp -------------------------------------------------===//

#include "Frontend/DeviceLaunches.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace coalesce {

namespace {

/// One token of the file outside preprocessor directives.
struct Piece {
  tok::TokenKind Kind;
  unsigned Begin, End; ///< offsets in the file
  StringRef Word;      ///< an identifier's or keyword's spelling
  bool InDevice;       ///< inside the braces of a device function
};

/// The file's tokens, each marked with whether it lies inside the body of
/// a function declared __global__ or __device__ (not __host__): the braces
/// a declaration opens are a device function's when the tokens since the
/// last `;`, `{` or `}` (its head) name one of those; braces inside a
/// device function's are its too.
std::vector<Piece> pieces(StringRef Text) {
  LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.CUDA = true;
  std::string Buffer = Text.str(); // the lexer reads up to a terminating 0
  SourceLocation Start = SourceLocation::getFromRawEncoding(1);
  Lexer L(Start, LO, Buffer.data(), Buffer.data(),
          Buffer.data() + Buffer.size());
  std::vector<Piece> Out;
  std::vector<bool> Braces; // per open brace: a device function's
  bool HeadDevice = false, HeadHost = false, InDirective = false;
  Token T;
  while (true) {
    L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (InDirective)
      continue;
    unsigned Begin = T.getLocation().getRawEncoding() - Start.getRawEncoding();
    StringRef Word;
    if (T.is(tok::raw_identifier)) {
      Word = Text.substr(Begin, T.getLength());
      HeadDevice |= Word == "__global__" || Word == "__device__";
      HeadHost |= Word == "__host__";
    }
    bool InDevice = !Braces.empty() && Braces.back();
    Out.push_back({T.getKind(), Begin, Begin + T.getLength(), Word, InDevice});
    if (T.is(tok::l_brace))
      Braces.push_back(InDevice || (HeadDevice && !HeadHost));
    else if (T.is(tok::r_brace) && !Braces.empty())
      Braces.pop_back();
    if (T.isOneOf(tok::l_brace, tok::r_brace, tok::semi))
      HeadDevice = HeadHost = false;
  }
  return Out;
}

/// The index of the first token of the callee launched by the `<<<` at
/// Open: a name, qualified or not, with its template arguments.
std::optional<size_t> calleeStart(ArrayRef<Piece> P, size_t Open) {
  if (Open == 0)
    return std::nullopt;
  size_t I = Open - 1;
  if (P[I].Kind == tok::greater || P[I].Kind == tok::greatergreater) {
    int Depth = 0;
    for (;; --I) {
      Depth += P[I].Kind == tok::greater          ? 1
               : P[I].Kind == tok::greatergreater ? 2
               : P[I].Kind == tok::less           ? -1
                                                  : 0;
      if (Depth == 0)
        break;
      if (I == 0 || P[I].Kind == tok::semi || P[I].Kind == tok::l_brace ||
          P[I].Kind == tok::r_brace)
        return std::nullopt;
    }
    if (I == 0)
      return std::nullopt;
    --I;
  }
  if (P[I].Kind != tok::raw_identifier)
    return std::nullopt;
  while (I >= 2 && P[I - 1].Kind == tok::coloncolon &&
         P[I - 2].Kind == tok::raw_identifier)
    I -= 2;
  if (I >= 1 && P[I - 1].Kind == tok::coloncolon)
    --I;
  return I;
}

/// The index of the `>>>` closing the `<<<` at Open, before any `;`,
/// brace or other launch.
std::optional<size_t> configEnd(ArrayRef<Piece> P, size_t Open) {
  for (size_t I = Open + 1; I < P.size(); ++I) {
    if (P[I].Kind == tok::greatergreatergreater)
      return I;
    if (P[I].Kind == tok::semi || P[I].Kind == tok::l_brace ||
        P[I].Kind == tok::r_brace || P[I].Kind == tok::lesslessless)
      return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

std::vector<DialectEdit> deviceLaunchEdits(StringRef File, StringRef Text) {
  if (!Text.contains("<<<"))
    return {};
  std::vector<Piece> P = pieces(Text);
  std::vector<DialectEdit> Edits;
  for (size_t I = 0; I < P.size(); ++I) {
    if (P[I].Kind != tok::lesslessless || !P[I].InDevice)
      continue;
    std::optional<size_t> From = calleeStart(P, I);
    std::optional<size_t> To = configEnd(P, I);
    if (!From || !To)
      continue;
    unsigned Begin = P[*From].Begin, End = P[*To].End;
    if (std::optional<std::string> New =
            deviceLaunchRewrite(Text.slice(Begin, End)))
      Edits.push_back({File.str(), Begin, End - Begin, std::move(*New)});
    I = *To;
  }
  return Edits;
}

namespace {

/// Sorts each edit's offset into device or host function bodies.
class LaunchPlaces {
public:
  LaunchPlaces(const SourceManager &SM, ArrayRef<DialectEdit> Edits)
      : SM(SM), Main(SM.getMainFileID()), Edits(Edits),
        InDevice(Edits.size(), false) {}

  void visit(const Decl *D) {
    if (!inMain(D->getBeginLoc()))
      return;
    if (const auto *T = dyn_cast<TemplateDecl>(D)) {
      if (const Decl *Templated = T->getTemplatedDecl())
        visit(Templated);
      return;
    }
    if (isa<NamespaceDecl, LinkageSpecDecl, CXXRecordDecl>(D)) {
      for (const Decl *Inner : cast<DeclContext>(D)->decls())
        visit(Inner);
      return;
    }
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody() || !F->getBody())
      return;
    SourceRange Body = F->getBody()->getSourceRange();
    if (!inMain(Body.getBegin()) || !inMain(Body.getEnd()))
      return;
    unsigned From = SM.getFileOffset(SM.getExpansionLoc(Body.getBegin()));
    unsigned To = SM.getFileOffset(SM.getExpansionLoc(Body.getEnd()));
    bool Device = F->hasAttr<CUDAGlobalAttr>() ||
                  (F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAHostAttr>());
    for (size_t I = 0; I < Edits.size(); ++I)
      if (Edits[I].Offset > From && Edits[I].Offset < To) {
        InDevice[I] = InDevice[I] || Device;
        InHost |= !Device;
      }
  }

  bool allInDevice() const {
    return !InHost && llvm::all_of(InDevice, [](bool B) { return B; });
  }

private:
  bool inMain(SourceLocation L) const {
    return L.isValid() && SM.getFileID(SM.getExpansionLoc(L)) == Main;
  }

  const SourceManager &SM;
  FileID Main;
  ArrayRef<DialectEdit> Edits;
  std::vector<bool> InDevice;
  bool InHost = false;
};

} // namespace

bool launchesInDeviceCode(ASTContext &Ctx, ArrayRef<Decl *> Decls,
                          ArrayRef<DialectEdit> Edits) {
  LaunchPlaces Places(Ctx.getSourceManager(), Edits);
  for (const Decl *D : Decls)
    Places.visit(D);
  return Places.allInDevice();
}

} // namespace coalesce

//===- NvccDialect.cpp ----------------------------------------------------===//

#include "Frontend/NvccDialect.h"
#include "Frontend/CudaToolchain.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VersionTuple.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace clang;
using namespace llvm;

namespace coalesce {

namespace {

constexpr const char *Tags[] = {
    NvccMacroTag,  "register",        "narrowing",        "literal-suffix",
    "asm-escape",  DeviceLaunchTag,   "shared-init",      "attribute-order",
    "template-keyword", "launch-braces", "newer-arch",    CudaHeaderTag,
    MathHeaderTag, HostHeaderTag};

/// Whether Path names a file below Dir (an empty Dir holds none).
bool inFolder(StringRef Path, StringRef Dir) {
  return !Dir.empty() && Path.size() > Dir.size() && Path.starts_with(Dir) &&
         sys::path::is_separator(Path[Dir.size()]);
}

/// Offset of a file location in its file, or none in a macro expansion.
std::optional<std::pair<FileID, unsigned>> fileOffset(const SourceManager &SM,
                                                      SourceLocation L) {
  if (L.isInvalid() || !L.isFileID())
    return std::nullopt;
  return SM.getDecomposedLoc(L);
}

/// The edit replacing Range (a character range) with Text.
std::optional<DialectEdit> editOf(const SourceManager &SM,
                                  CharSourceRange Range, StringRef Text) {
  auto B = fileOffset(SM, Range.getBegin());
  auto E = fileOffset(SM, Range.getEnd());
  if (!B || !E || B->first != E->first || E->second < B->second)
    return std::nullopt;
  OptionalFileEntryRef F = SM.getFileEntryRefForID(B->first);
  if (!F)
    return std::nullopt;
  return DialectEdit{F->getName().str(), B->second, E->second - B->second,
                     Text.str()};
}

/// Clang's own fix-its, all of them or none.
std::optional<std::vector<DialectEdit>> fixIts(const Diagnostic &Info,
                                               const LangOptions &LO) {
  const SourceManager &SM = Info.getSourceManager();
  std::vector<DialectEdit> Edits;
  for (const FixItHint &H : Info.getFixItHints()) {
    // An insertion is an empty range, which makeFileCharRange refuses.
    CharSourceRange R =
        H.RemoveRange.getBegin() == H.RemoveRange.getEnd()
            ? CharSourceRange::getCharRange(H.RemoveRange.getBegin(),
                                            H.RemoveRange.getBegin())
            : Lexer::makeFileCharRange(H.RemoveRange, SM, LO);
    std::optional<DialectEdit> E = editOf(SM, R, H.CodeToInsert);
    if (!E)
      return std::nullopt;
    Edits.push_back(std::move(*E));
  }
  if (Edits.empty())
    return std::nullopt;
  return Edits;
}

/// `__shared__ int n = 0;` becomes `__shared__ int n;`: nvcc ignores such an
/// initializer (warning 3019), so the variable is left uninitialized as
/// nvcc leaves it. The diagnostic sits on the name and highlights the
/// initializer.
std::optional<std::vector<DialectEdit>>
sharedInitializer(const Diagnostic &Info, const LangOptions &LO) {
  const SourceManager &SM = Info.getSourceManager();
  if (Info.getNumRanges() != 1)
    return std::nullopt;
  CharSourceRange Init =
      Lexer::makeFileCharRange(Info.getRange(0), SM, LO);
  SourceLocation NameEnd =
      Lexer::getLocForEndOfToken(Info.getLocation(), 0, SM, LO);
  auto N = fileOffset(SM, NameEnd);
  auto B = fileOffset(SM, Init.getBegin());
  if (!N || !B || N->first != B->first || B->second < N->second)
    return std::nullopt;
  // What lies between the name and the initializer: array bounds, then
  // '=' (copy-initialization) or nothing (`n{0}`).
  StringRef Between =
      SM.getBufferData(N->first).substr(N->second, B->second - N->second);
  size_t Eq = Between.rfind('=');
  if (Eq == StringRef::npos && !Between.trim().empty())
    return std::nullopt;
  SourceLocation From =
      NameEnd.getLocWithOffset(Eq == StringRef::npos ? 0 : Eq);
  std::optional<DialectEdit> E =
      editOf(SM, CharSourceRange::getCharRange(From, Init.getEnd()), "");
  if (!E)
    return std::nullopt;
  return std::vector<DialectEdit>{std::move(*E)};
}

/// `__shared__ alignas(16) float t[N];` becomes
/// `alignas(16) __shared__ float t[N];`: nvcc takes an attribute list after
/// the CUDA keywords and storage classes, clang only before them. The two
/// swap places, so the line keeps its length and every column its meaning
/// but within the swapped words.
std::optional<std::vector<DialectEdit>>
attributeOrder(const Diagnostic &Info, const LangOptions &LO) {
  const SourceManager &SM = Info.getSourceManager();
  if (Info.getNumRanges() != 1)
    return std::nullopt;
  CharSourceRange Attr = Lexer::makeFileCharRange(Info.getRange(0), SM, LO);
  auto B = fileOffset(SM, Attr.getBegin());
  auto E = fileOffset(SM, Attr.getEnd());
  if (!B || !E || B->first != E->first || E->second <= B->second)
    return std::nullopt;
  StringRef Text = SM.getBufferData(B->first);
  // Back over the words nvcc lets come first.
  size_t Start = B->second;
  size_t SepStart = B->second;
  while (true) {
    size_t End = Start;
    while (End > 0 && isSpace(Text[End - 1]))
      --End;
    size_t Begin = End;
    while (Begin > 0 && (isAlnum(Text[Begin - 1]) || Text[Begin - 1] == '_'))
      --Begin;
    StringRef Word = Text.slice(Begin, End);
    if (Word.empty() ||
        !is_contained({"__shared__", "__device__", "__constant__",
                       "__managed__", "static", "extern", "volatile",
                       "const"},
                      Word))
      break;
    if (Start == B->second)
      SepStart = End;
    Start = Begin;
  }
  if (Start == B->second)
    return std::nullopt;
  StringRef Words = Text.slice(Start, SepStart);
  StringRef Sep = Text.slice(SepStart, B->second);
  StringRef List = Text.slice(B->second, E->second);
  if (Words.contains('\n') || Sep.contains('\n'))
    return std::nullopt;
  OptionalFileEntryRef F = SM.getFileEntryRefForID(B->first);
  if (!F)
    return std::nullopt;
  return std::vector<DialectEdit>{{F->getName().str(), unsigned(Start),
                                   unsigned(E->second - Start),
                                   (List + Sep + Words).str()}};
}

/// `child<<<grid, block>>>(args)` in device code becomes
/// `__cc_dl        (args)` (compat/cuda_coalesce_device_launch.h): the name
/// and the launch configuration give way to the no-op, padded with spaces
/// (newlines kept) so that every column and line after it stays put. None
/// when Info does not point at a launch: the callee's name, its template
/// arguments, then "<<<" before any '(' or ';'.
std::optional<std::vector<DialectEdit>> launchEdit(const Diagnostic &Info) {
  const SourceManager &SM = Info.getSourceManager();
  auto At = fileOffset(SM, Info.getLocation());
  if (!At)
    return std::nullopt;
  StringRef Rest = SM.getBufferData(At->first).substr(At->second, 4096);
  size_t Open = Rest.find("<<<");
  if (Open == StringRef::npos || Open == 0 || Open > Rest.find('(') ||
      Rest.take_front(Open).contains(';'))
    return std::nullopt;
  size_t Close = Rest.find(">>>", Open + 3);
  if (Close == StringRef::npos || Rest.slice(Open, Close).contains(';'))
    return std::nullopt;
  StringRef Span = Rest.take_front(Close + 3);
  std::optional<std::string> Text = deviceLaunchRewrite(Span);
  OptionalFileEntryRef F = SM.getFileEntryRefForID(At->first);
  if (!Text || !F)
    return std::nullopt;
  return std::vector<DialectEdit>{
      {F->getName().str(), At->second, unsigned(Span.size()), *Text}};
}

/// `k<<<grid, {32, 4, 1}, 0, s>>>(args)`: nvcc takes a braced list in a
/// launch's configuration as the dim3 it initializes; clang's grammar has
/// only expressions there ("expected expression" at the brace). Each braced
/// argument of the launch whose brace Info points into becomes
/// `dim3(32, 4, 1)`. None when the brace does not open an argument of a
/// launch: `<<<` or a comma before it (blanks between), `<<<` before that
/// in the same statement with no `>>>` between, and its `}` before the
/// launch's `>>>`.
std::optional<std::vector<DialectEdit>>
bracedLaunchArguments(const Diagnostic &Info) {
  const SourceManager &SM = Info.getSourceManager();
  auto At = fileOffset(SM, Info.getLocation());
  OptionalFileEntryRef F =
      At ? SM.getFileEntryRefForID(At->first) : std::nullopt;
  if (!At || !F)
    return std::nullopt;
  StringRef Text = SM.getBufferData(At->first);
  if (At->second >= Text.size() || Text[At->second] != '{')
    return std::nullopt;
  // The launch's "<<<": back from the brace, within its statement.
  StringRef Before = Text.take_front(At->second);
  size_t Open = Before.rfind("<<<");
  if (Open == StringRef::npos || Before.size() - Open > 4096)
    return std::nullopt;
  StringRef Config = Before.drop_front(Open + 3);
  if (Config.contains(">>>") || Config.find_first_of(";{}") != StringRef::npos)
    return std::nullopt;
  size_t Close = Text.find(">>>", At->second);
  if (Close == StringRef::npos || Close - Open > 4096)
    return std::nullopt;
  // Every top-level braced argument of the configuration.
  std::vector<DialectEdit> Edits;
  int Parens = 0;
  bool ArgStart = true;
  for (size_t I = Open + 3; I < Close; ++I) {
    char C = Text[I];
    if (C == ';')
      return std::nullopt;
    if (C == '{' && Parens == 0) {
      if (!ArgStart)
        return std::nullopt;
      int Depth = 0;
      size_t J = I;
      for (; J < Close; ++J) {
        if (Text[J] == '{')
          ++Depth;
        else if (Text[J] == '}' && --Depth == 0)
          break;
      }
      if (J >= Close)
        return std::nullopt;
      Edits.push_back({F->getName().str(), unsigned(I), 1, "dim3("});
      Edits.push_back({F->getName().str(), unsigned(J), 1, ")"});
      I = J;
      ArgStart = false;
      continue;
    }
    if (C == '(' || C == '[')
      ++Parens;
    else if (C == ')' || C == ']')
      --Parens;
    if (C == ',' && Parens == 0)
      ArgStart = true;
    else if (!isWhitespace(C))
      ArgStart = false;
  }
  if (Edits.empty())
    return std::nullopt;
  return Edits;
}

/// `__shared__ cuda::barrier<...> bar;`: no initializer is written, but
/// clang does not take the default constructor for an empty one (libcu++'s
/// barrier has one under nvcc). The variable becomes a local one (the
/// keyword blanked out, columns kept); what the analysis reads of it is
/// nothing either way, and the statements using it parse.
std::optional<std::vector<DialectEdit>>
sharedDefaultConstructed(const Diagnostic &Info) {
  const SourceManager &SM = Info.getSourceManager();
  if (Info.getNumRanges() != 1 ||
      Info.getRange(0).getBegin() != Info.getLocation())
    return std::nullopt;
  auto At = fileOffset(SM, Info.getLocation());
  if (!At)
    return std::nullopt;
  StringRef Before = SM.getBufferData(At->first).take_front(At->second);
  Before = Before.substr(Before.rfind('\n') + 1);
  size_t Kw = Before.rfind("__shared__");
  if (Kw == StringRef::npos)
    return std::nullopt;
  OptionalFileEntryRef F = SM.getFileEntryRefForID(At->first);
  if (!F)
    return std::nullopt;
  unsigned Offset = At->second - unsigned(Before.size() - Kw);
  return std::vector<DialectEdit>{
      {F->getName().str(), Offset, 10, std::string(10, ' ')}};
}

/// Names an intrinsic an older architecture hides (`__match_any_sync`,
/// `__reduce_add_sync`, ...): CUDA's intrinsics all start with two
/// underscores, and no user name may.
bool namesIntrinsic(const Diagnostic &Info) {
  SmallString<128> Text;
  Info.FormatDiagnostic(Text);
  // "use of undeclared identifier 'NAME'[; did you mean 'OTHER'?]"
  StringRef Name = StringRef(Text).split('\'').second.split('\'').first;
  return Name.starts_with("__");
}

} // namespace

bool isNvccCommand(ArrayRef<std::string> Command) {
  if (Command.empty())
    return false;
  StringRef Exe = sys::path::filename(Command.front());
  // nvcc, nvcc.exe, and the ccache/wrapper spellings that keep the name.
  return Exe == "nvcc" || Exe.starts_with("nvcc.") || Exe.ends_with("-nvcc");
}

std::vector<std::string> nvccDialectFlags(ArrayRef<std::string> User) {
  std::vector<std::string> F = {
      // nvcc's own macro; its __CUDACC_VER_*__ come with the preludes
      // (cuda_coalesce_prelude.h, cuda_coalesce_toolkit_prelude.h).
      "-D__NVCC__",
      // Extensions clang makes errors by default and nvcc accepts; as
      // warnings they leave the count of errors, and the analysis records
      // them instead of printing them.
      "-Wno-error=register", "-Wno-error=c++11-narrowing",
      "-Wno-error=reserved-user-defined-literal",
      // nvcc's cuda_runtime.h includes <math.h> for the host; clang's wrapper
      // does not (MathHeaderTag).
      "-include", "math.h"};
  if (is_contained(User, "-fgpu-rdc"))
    F.push_back("-D__CUDACC_RDC__");
  if (!hostCompilerHeaderDir().empty())
    F.insert(F.end(), {"-idirafter", hostCompilerHeaderDir()});
  return F;
}

const std::string &hostCompilerHeaderDir() {
  static const std::string Dir = [] {
    std::string Arch = Triple(sys::getProcessTriple()).getArchName().str();
    std::string Best;
    VersionTuple BestVersion;
    for (const char *Root : {"/usr/lib/gcc", "/usr/lib64/gcc"}) {
      std::error_code EC;
      for (sys::fs::directory_iterator T(Root, EC), End; !EC && T != End;
           T.increment(EC)) {
        // x86_64-linux-gnu, x86_64-redhat-linux, x86_64-pc-linux-gnu, ...
        if (!sys::path::filename(T->path()).starts_with(Arch + "-"))
          continue;
        std::error_code VersionEC;
        for (sys::fs::directory_iterator V(T->path(), VersionEC);
             !VersionEC && V != End; V.increment(VersionEC)) {
          VersionTuple Version;
          if (Version.tryParse(sys::path::filename(V->path())))
            continue;
          SmallString<256> Include(V->path());
          sys::path::append(Include, "include");
          if (sys::fs::is_directory(Include) &&
              (Best.empty() || Version > BestVersion)) {
            Best = std::string(Include);
            BestVersion = Version;
          }
        }
      }
    }
    return Best;
  }();
  return Dir;
}

bool readFileUnder(const SourceManager &SM, StringRef Dir) {
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End;
       ++It)
    if (inFolder(It->first.getName(), Dir))
      return true;
  return false;
}

namespace {

class IncludeRecorder : public PPCallbacks {
public:
  IncludeRecorder(const SourceManager &SM, std::set<sys::fs::UniqueID> &Seen)
      : SM(SM), Seen(Seen) {}
  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef,
                          bool, CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    // The command line's -include lines are the <built-in> buffer's.
    if (File && !SM.isWrittenInBuiltinFile(HashLoc))
      Seen.insert(File->getUniqueID());
  }

private:
  const SourceManager &SM;
  std::set<sys::fs::UniqueID> &Seen;
};

/// Finds a name the code found through a using-declaration of a file named
/// math.h that no #include of the code's brought in.
class ForcedMathFinder : public RecursiveASTVisitor<ForcedMathFinder> {
public:
  ForcedMathFinder(const SourceManager &SM,
                   const std::set<sys::fs::UniqueID> &IncludedByCode)
      : SM(SM), IncludedByCode(IncludedByCode) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    Found = Found || forced(E->getFoundDecl());
    return !Found;
  }
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    for (const NamedDecl *D : E->decls())
      Found = Found || forced(D);
    return !Found;
  }
  bool Found = false;

private:
  bool forced(const NamedDecl *D) const {
    const auto *Shadow = dyn_cast_or_null<UsingShadowDecl>(D);
    if (!Shadow || !Shadow->getDeclContext()->isTranslationUnit())
      return false;
    SourceLocation L = SM.getExpansionLoc(Shadow->getIntroducer()->getLocation());
    OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(L));
    return F && sys::path::filename(F->getName()) == "math.h" &&
           !IncludedByCode.count(F->getUniqueID());
  }
  const SourceManager &SM;
  const std::set<sys::fs::UniqueID> &IncludedByCode;
};

} // namespace

std::unique_ptr<PPCallbacks>
MathHeaderUse::callbacks(const SourceManager &SM) {
  return std::make_unique<IncludeRecorder>(SM, IncludedByCode);
}

bool MathHeaderUse::used(ASTContext &Ctx, ArrayRef<Decl *> Decls) const {
  const SourceManager &SM = Ctx.getSourceManager();
  ForcedMathFinder Finder(SM, IncludedByCode);
  for (Decl *D : Decls) {
    if (D->isFromASTFile() ||
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      continue;
    Finder.TraverseDecl(D);
    if (Finder.Found)
      return true;
  }
  return false;
}

std::vector<std::string> shadowedCudaHeaderFlags(ArrayRef<std::string> User,
                                                 StringRef ToolkitInclude) {
  bool Shadowed = false;
  for (size_t I = 0; I < User.size() && !Shadowed; ++I) {
    StringRef A = User[I];
    std::string Dir;
    for (StringRef Flag : {"-I", "-isystem"}) {
      if (A == Flag && I + 1 < User.size())
        Dir = User[I + 1];
      else if (A.starts_with(Flag) && A.size() > Flag.size() &&
               (Flag != "-I" || !A.starts_with("-isystem")))
        Dir = A.drop_front(Flag.size()).str();
      if (!Dir.empty())
        break;
    }
    if (Dir.empty())
      continue;
    SmallString<256> P(Dir);
    sys::path::append(P, "cuda.h");
    SmallString<256> Toolkit(ToolkitInclude);
    sys::path::append(Toolkit, "cuda.h");
    Shadowed = sys::fs::exists(P) && !sys::fs::equivalent(P, Toolkit);
  }
  if (!Shadowed)
    return {};
  SmallString<256> Toolkit(ToolkitInclude);
  sys::path::append(Toolkit, "cuda.h");
  return {"-iquote", quoteHeaderDir(),
          "-DCUDA_COALESCE_TOOLKIT_CUDA_H=\"" + std::string(Toolkit) + "\""};
}

ArrayRef<const char *> nvccDialectTags() { return Tags; }

std::optional<std::string> deviceLaunchRewrite(StringRef Span) {
  constexpr StringRef Callee = "__cc_dl";
  if (Span.find('\n') < Callee.size())
    return std::nullopt;
  std::string Text = Span.str();
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] != '\n')
      Text[I] = I < Callee.size() ? Callee[I] : ' ';
  return Text;
}

std::optional<DialectRepair> dialectRepair(const Diagnostic &Info,
                                           DiagnosticsEngine::Level L,
                                           const LangOptions &LO) {
  if (L == DiagnosticsEngine::Ignored || L == DiagnosticsEngine::Note ||
      !Info.hasSourceManager() || Info.getLocation().isInvalid())
    return std::nullopt;
  const SourceManager &SM = Info.getSourceManager();
  auto Accept = [](const char *Tag) {
    return DialectRepair{DialectRepair::Accept, Tag, {}};
  };
  SourceLocation At = SM.getExpansionLoc(Info.getLocation());
  // The host compiler's own headers are written for gcc, which nvcc hands
  // them to (GCC 12's omp.h: __malloc__ (omp_free)); clang's recovery drops
  // what it cannot read, an attribute's argument.
  if (OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(At)))
    if (inFolder(F->getName(), hostCompilerHeaderDir()))
      return Accept(HostHeaderTag);
  if (SM.isInSystemHeader(At))
    return std::nullopt;
  switch (Info.getID()) {
  case diag::ext_register_storage_class:
    return Accept("register");
  case diag::ext_init_list_type_narrowing:
  case diag::ext_init_list_type_narrowing_const_reference:
  case diag::ext_init_list_variable_narrowing:
  case diag::ext_init_list_variable_narrowing_const_reference:
  case diag::ext_init_list_constant_narrowing:
  case diag::ext_init_list_constant_narrowing_const_reference:
    return Accept("narrowing");
  case diag::ext_reserved_user_defined_literal:
    return Accept("literal-suffix");
  case diag::err_ref_bad_target:
  case diag::err_ovl_no_viable_function_in_call:
    // A kernel launched from device code (dynamic parallelism), which
    // clang 19 has none of: a reference to a __global__ function there, the
    // host's launch configuration function (a kernel template, with a
    // toolkit), or no candidate callable there (overload resolution).
    if (auto E = launchEdit(Info))
      return DialectRepair{DialectRepair::Edit, DeviceLaunchTag,
                           std::move(*E)};
    return std::nullopt;
  case diag::err_expected_expression:
    if (auto E = bracedLaunchArguments(Info))
      return DialectRepair{DialectRepair::Edit, "launch-braces",
                           std::move(*E)};
    return std::nullopt;
  case diag::err_asm_invalid_escape:
    // nvcc hands the string to ptxas as written ("%globaltimer" is a PTX
    // register); the analysis never reads inline assembly.
    return Accept("asm-escape");
  case diag::err_attributes_not_allowed:
    if (auto E = attributeOrder(Info, LO))
      return DialectRepair{DialectRepair::Edit, "attribute-order",
                           std::move(*E)};
    return std::nullopt;
  case diag::err_template_kw_missing: {
    // Clang 19 gives this one no fix-it; the keyword goes before the name
    // the diagnostic points at.
    std::optional<std::vector<DialectEdit>> E = fixIts(Info, LO);
    if (!E)
      if (std::optional<DialectEdit> Insert =
              editOf(SM,
                     CharSourceRange::getCharRange(Info.getLocation(),
                                                   Info.getLocation()),
                     "template "))
        E = std::vector<DialectEdit>{std::move(*Insert)};
    if (!E)
      return std::nullopt;
    return DialectRepair{DialectRepair::Edit, "template-keyword",
                         std::move(*E)};
  }
  case diag::err_shared_var_init:
    if (auto E = sharedInitializer(Info, LO))
      return DialectRepair{DialectRepair::Edit, "shared-init", std::move(*E)};
    if (auto E = sharedDefaultConstructed(Info))
      return DialectRepair{DialectRepair::Edit, "shared-init", std::move(*E)};
    return std::nullopt;
  case diag::err_undeclared_var_use:
  case diag::err_undeclared_var_use_suggest:
    if (!namesIntrinsic(Info))
      return std::nullopt;
    [[fallthrough]];
  case diag::err_builtin_needs_feature:
    return DialectRepair{DialectRepair::NewerArch, "newer-arch", {}};
  default:
    return std::nullopt;
  }
}

} // namespace coalesce

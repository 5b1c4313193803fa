//===- NvccDialect.cpp ----------------------------------------------------===//

#include "Frontend/NvccDialect.h"

#include "clang/Basic/Cuda.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace coalesce {

namespace {

constexpr const char *Tags[] = {NvccMacroTag,     "register",
                                "narrowing",      "literal-suffix",
                                "device-launch",  "shared-init",
                                "template-keyword", "newer-arch"};

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
      "-Wno-error=reserved-user-defined-literal"};
  if (is_contained(User, "-fgpu-rdc"))
    F.push_back("-D__CUDACC_RDC__");
  return F;
}

ArrayRef<const char *> nvccDialectTags() { return Tags; }

std::optional<DialectRepair> dialectRepair(const Diagnostic &Info,
                                           DiagnosticsEngine::Level L,
                                           const LangOptions &LO) {
  if (L == DiagnosticsEngine::Ignored || L == DiagnosticsEngine::Note ||
      !Info.hasSourceManager() || Info.getLocation().isInvalid())
    return std::nullopt;
  const SourceManager &SM = Info.getSourceManager();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Info.getLocation())))
    return std::nullopt;
  auto Accept = [](const char *Tag) {
    return DialectRepair{DialectRepair::Accept, Tag, {}};
  };
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
    // Only a kernel referred to from device code, which is a launch
    // (dynamic parallelism); clang 19 has none. The launch is left out of
    // the AST; the launching kernel's own accesses are all there.
    if ((Info.getArgKind(0) == DiagnosticsEngine::ak_uint ||
         Info.getArgKind(0) == DiagnosticsEngine::ak_sint) &&
        Info.getRawArg(0) == uint64_t(CUDAFunctionTarget::Global))
      return Accept("device-launch");
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

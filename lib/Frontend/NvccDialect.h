//===- NvccDialect.h - what nvcc accepts and clang does not -----*- C++ -*-===//
//
// Code written for nvcc leans on leniencies of its front end: `register`,
// narrowing in braces, device-side kernel launches, initialized __shared__
// variables, attributes after __shared__, a dependent member template
// called without `template`, an intrinsic newer than the Makefile's -arch. The nvcc compatibility mode
// (docs/nvcc-compat.md) makes clang parse such code the way nvcc does, and
// names each leniency a file needed so that the report can say so.
//
// Three ways to get there, chosen per diagnostic:
//  - accept: clang's recovery already builds the AST nvcc means (register,
//    narrowing, literal suffixes) or drops only what the analysis never
//    reads (inline assembly); the diagnostic is dropped.
//  - edit: clang's recovery loses the statement; the source is edited in
//    memory (clang's own fix-it, or a rewrite that keeps every column after
//    it where it can) and parsed again (Driver/DialectReparse.h).
//  - newer arch: parsed again for the newest architecture clang knows.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FRONTEND_NVCCDIALECT_H
#define CUDA_COALESCE_FRONTEND_NVCCDIALECT_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/FileSystem.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class LangOptions;
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace coalesce {

/// --nvcc-compat: auto turns the mode on for nvcc compile commands and for
/// files analyzed without a compilation database.
enum class NvccCompatMode { Auto, On, Off };

/// Whether a compile command's compiler (Command[0]) is nvcc.
bool isNvccCommand(llvm::ArrayRef<std::string> Command);

/// Flags the mode adds after the device flags: nvcc's predefined macros and
/// the extension diagnostics turned from errors into warnings (which the
/// analysis then records rather than prints). User holds the user's flags
/// (for -fgpu-rdc, which nvcc announces as __CUDACC_RDC__).
std::vector<std::string> nvccDialectFlags(llvm::ArrayRef<std::string> User);

/// When a folder the user's flags (User, paths absolute) search with -I or
/// -isystem holds a cuda.h: the flags that make clang's CUDA wrapper read
/// the toolkit's cuda.h (ToolkitInclude/cuda.h) where that file would
/// answer its #include "cuda.h" (headers/quote/cuda.h says how); the
/// user's own includes still find theirs. Empty when no folder holds one.
std::vector<std::string>
shadowedCudaHeaderFlags(llvm::ArrayRef<std::string> User,
                        llvm::StringRef ToolkitInclude);

/// The tag of the leniency above.
constexpr const char *CudaHeaderTag = "cuda-h";

/// The architecture parsed for when the user's one lacks an intrinsic the
/// code calls: the newest clang 19 knows without an 'a' suffix.
constexpr const char *NvccNewestParseArch = "sm_90";

/// The folder of the headers that belong to the GCC nvcc hands host code
/// to (omp.h, openacc.h, quadmath.h): nvcc's host compiler finds them
/// there, and clang's resource directory holds none of them. The newest
/// GCC under /usr/lib/gcc or /usr/lib64/gcc for this machine's
/// architecture, the one whose libstdc++ clang's driver picks; empty when
/// there is none. The mode searches it last (-idirafter), so clang's own
/// headers and the user's keep their precedence.
const std::string &hostCompilerHeaderDir();

/// Whether the unit read a file from Dir (the folder above): the report
/// names the leniency only where a header came from there.
bool readFileUnder(const clang::SourceManager &SM, llvm::StringRef Dir);

/// The tag for a header only nvcc's host compiler has (above).
constexpr const char *HostHeaderTag = "host-header";

/// The tag the report uses for a predefined macro the code tested.
constexpr const char *NvccMacroTag = "__NVCC__";

/// The tag for a kernel launched from device code, which the mode rewrites
/// as a call of a no-op device function (DeviceLaunches.h).
constexpr const char *DeviceLaunchTag = "device-launch";

/// The tag for <math.h>, which nvcc's cuda_runtime.h includes
/// (crt/math_functions.h) and clang's CUDA wrapper does not: host code that
/// calls isnan, isfinite or isinf unqualified without including it finds
/// only the wrapper's __device__ overloads under clang. The mode includes
/// it (nvccDialectFlags).
constexpr const char *MathHeaderTag = "math-h";

/// Whether the user's code needed the <math.h> the mode includes: it names
/// a function through one of that header's global using-declarations
/// ("using std::isfinite;", libstdc++'s math.h), and nothing but the
/// command line's -include included that header.
class MathHeaderUse {
public:
  /// Preprocessor callbacks that note every #include but the command
  /// line's; they must outlive nothing but the preprocessor.
  std::unique_ptr<clang::PPCallbacks> callbacks(const clang::SourceManager &SM);

  /// Decls: the translation unit's top-level declarations; those in system
  /// headers are skipped.
  bool used(clang::ASTContext &Ctx, llvm::ArrayRef<clang::Decl *> Decls) const;

private:
  std::set<llvm::sys::fs::UniqueID> IncludedByCode;
};

/// A replacement in one file's text as clang read it.
struct DialectEdit {
  std::string File; ///< the name the file was opened by
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
};

/// What to do about one diagnostic in the mode.
struct DialectRepair {
  enum Kind { Accept, Edit, NewerArch } How;
  const char *Tag; ///< the report's name for the leniency
  std::vector<DialectEdit> Edits; ///< for Edit
};

/// The repair for Info, or none when it is not one of nvcc's leniencies
/// (or, for an edit, when the text to edit lies in a macro expansion). Only
/// diagnostics in the user's files qualify, never in system headers.
std::optional<DialectRepair> dialectRepair(const clang::Diagnostic &Info,
                                           clang::DiagnosticsEngine::Level L,
                                           const clang::LangOptions &LO);

/// The text of the `device-launch` edit of Span, a launch from the callee's
/// name to its `>>>`: `__cc_dl` (compat/cuda_coalesce_device_launch.h)
/// padded with spaces, newlines kept, so that every line and column after
/// it stays put; none when the name's first line is too short to hold it.
std::optional<std::string> deviceLaunchRewrite(llvm::StringRef Span);

/// Every tag a report may carry, in the order the docs list them.
llvm::ArrayRef<const char *> nvccDialectTags();

} // namespace coalesce

#endif

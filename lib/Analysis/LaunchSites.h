//===- LaunchSites.h - what <<<grid, block>>> launches tell -----*- C++ -*-===//

#ifndef CUDA_COALESCE_ANALYSIS_LAUNCHSITES_H
#define CUDA_COALESCE_ANALYSIS_LAUNCHSITES_H

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace coalesce {

/// What the first launch of a kernel in the translation unit (in source
/// order) says about its configuration and arguments.
struct LaunchInfo {
  std::optional<std::array<int64_t, 3>> Block;
  std::optional<std::array<int64_t, 3>> Grid;
  /// Kernel parameters passed a compile-time constant (or a local variable
  /// initialised with one): parameter name -> value.
  std::map<std::string, int64_t> ConstantArgs;
  std::string Origin; ///< "launch site k.cu:40"
  /// The launch itself, for a note pointing at it.
  const clang::CUDAKernelCallExpr *Site = nullptr;
};

/// Keyed by the kernel's canonical declaration (a template kernel's
/// specialization for template launches).
using LaunchMap = std::map<const clang::FunctionDecl *, LaunchInfo>;

LaunchMap collectLaunchSites(clang::ASTContext &Ctx);

} // namespace coalesce

#endif

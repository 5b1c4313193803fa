//===- CudaToolchain.h - how a .cu file is parsed as device code -*- C++ -*-===//
//
// Chooses the CUDA headers clang parses against and produces the flags that
// make clang see a translation unit as CUDA device code: a real toolkit (with
// compatibility stubs for toolkits newer than clang 19 knows), or the
// project's own minimal headers for machines without one.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FRONTEND_CUDATOOLCHAIN_H
#define CUDA_COALESCE_FRONTEND_CUDATOOLCHAIN_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace coalesce {

enum class CudaHeaderMode { Auto, Toolkit, Builtin };

struct CudaOptions {
  CudaHeaderMode Mode = CudaHeaderMode::Auto;
  std::string CudaPath;           ///< --cuda-path; empty to detect
  std::string GpuArch = "sm_80";  ///< --cuda-gpu-arch
  /// Where to look for a toolkit after CUDA_PATH and CUDA_HOME.
  std::vector<std::string> SearchPaths = {"/usr/local/cuda"};
};

/// The headers chosen for a run.
struct CudaToolchain {
  bool UsesToolkit = false;
  std::string ToolkitPath;  ///< set when UsesToolkit
  std::string GpuArch;

  /// "CUDA toolkit at /usr/local/cuda" or "built-in CUDA headers".
  std::string describe() const;

  /// Flags appended to every clang command line, after the user's own.
  std::vector<std::string> deviceFlags() const;
};

/// Picks the headers: --cuda=builtin wins; then --cuda-path, CUDA_PATH,
/// CUDA_HOME and the search paths, first one holding include/cuda_runtime.h;
/// else the built-in headers. An explicit --cuda-path (or --cuda=toolkit)
/// that holds no toolkit is an error.
llvm::Expected<CudaToolchain> selectCudaToolchain(const CudaOptions &Opts);

/// Where the embedded headers appear to clang (a virtual directory).
std::string builtinHeaderDir();
std::string compatHeaderDir();
/// headers/quote: searched first for quoted includes in the nvcc
/// compatibility mode when a user folder holds a cuda.h (NvccDialect.h).
std::string quoteHeaderDir();

/// Clang's resource directory, found when the tool was configured.
std::string clangResourceDir();

} // namespace coalesce

#endif

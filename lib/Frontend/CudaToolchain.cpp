//===- CudaToolchain.cpp --------------------------------------------------===//

#include "Frontend/CudaToolchain.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace coalesce {

namespace {
/// The virtual root under which the embedded headers are mapped; chosen so it
/// cannot collide with a real path.
constexpr const char *VirtualRoot = "/__cuda_coalesce__";

bool holdsToolkit(StringRef Dir) {
  SmallString<256> P(Dir);
  sys::path::append(P, "include", "cuda_runtime.h");
  return sys::fs::exists(P);
}
} // namespace

std::string builtinHeaderDir() { return std::string(VirtualRoot) + "/builtin"; }
std::string compatHeaderDir() { return std::string(VirtualRoot) + "/compat"; }
std::string quoteHeaderDir() { return std::string(VirtualRoot) + "/quote"; }
std::string clangResourceDir() { return CUDA_COALESCE_RESOURCE_DIR; }

std::string CudaToolchain::describe() const {
  if (UsesToolkit)
    return "CUDA toolkit at " + ToolkitPath;
  return "built-in CUDA headers";
}

std::vector<std::string> CudaToolchain::deviceFlags() const {
  std::vector<std::string> F = {
      "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=" + GpuArch,
      "-fsyntax-only", "-resource-dir=" + clangResourceDir(),
      // Toolkits newer than clang 19 knows parse fine with the compat stubs;
      // the version warning would only be noise on every file.
      "-Wno-unknown-cuda-version", "-Wno-unused-command-line-argument",
      // A header given as the file to analyze (a pre-commit hook on a staged
      // .cuh) is the main file; its include guard is no mistake.
      "-Wno-pragma-once-outside-header"};
  if (UsesToolkit) {
    // No -nocudalib here: it hides the toolkit version from clang, which then
    // lowers <<<...>>> to the long-removed cudaConfigureCall.
    F.push_back("--cuda-path=" + ToolkitPath);
    F.push_back("-idirafter");
    F.push_back(compatHeaderDir());
    // Fixes a stub header cannot reach (libcu++ moved, __managed__, the
    // cache-hinted loads clang's wrapper leaves out); see its comments.
    F.push_back("-include");
    F.push_back("cuda_coalesce_toolkit_prelude.h");
    // CUDA 13 keeps libcu++, thrust and cub under include/cccl; nvcc adds it.
    SmallString<256> Cccl(ToolkitPath);
    sys::path::append(Cccl, "include", "cccl");
    if (sys::fs::is_directory(Cccl)) {
      F.push_back("-isystem");
      F.push_back(std::string(Cccl));
    }
  } else {
    // compat/ after builtin/: the built-in headers share a few of its
    // declarations (texture references, the min/max overload list).
    F.insert(F.end(), {"-nocudainc", "-nocudalib", "-isystem",
                       builtinHeaderDir(), "-idirafter", compatHeaderDir(),
                       "-include", "cuda_coalesce_prelude.h"});
  }
  return F;
}

Expected<CudaToolchain> selectCudaToolchain(const CudaOptions &Opts) {
  CudaToolchain TC;
  TC.GpuArch = Opts.GpuArch;
  if (!StringRef(TC.GpuArch).starts_with("sm_"))
    return createStringError(inconvertibleErrorCode(),
                             "invalid --cuda-gpu-arch '%s' (expected sm_XX)",
                             TC.GpuArch.c_str());
  if (Opts.Mode == CudaHeaderMode::Builtin)
    return TC;

  if (!Opts.CudaPath.empty()) {
    if (!holdsToolkit(Opts.CudaPath))
      return createStringError(inconvertibleErrorCode(),
                               "--cuda-path=%s: no include/cuda_runtime.h there",
                               Opts.CudaPath.c_str());
    TC.UsesToolkit = true;
    TC.ToolkitPath = Opts.CudaPath;
    return TC;
  }
  std::vector<std::string> Candidates;
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"})
    if (auto V = sys::Process::GetEnv(Var); V && !V->empty())
      Candidates.push_back(*V);
  Candidates.insert(Candidates.end(), Opts.SearchPaths.begin(),
                    Opts.SearchPaths.end());
  for (const std::string &C : Candidates) {
    if (holdsToolkit(C)) {
      TC.UsesToolkit = true;
      TC.ToolkitPath = C;
      return TC;
    }
  }
  if (Opts.Mode == CudaHeaderMode::Toolkit)
    return createStringError(inconvertibleErrorCode(),
                             "--cuda=toolkit: no CUDA toolkit found (tried "
                             "CUDA_PATH, CUDA_HOME and %s)",
                             llvm::join(Opts.SearchPaths, ", ").c_str());
  return TC;
}

} // namespace coalesce

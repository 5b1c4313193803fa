//===- CudaCoalesceTidyModule.cpp - the checks as a clang-tidy module -----===//
//
// Loaded with clang-tidy-19 --load=CudaCoalesceTidyModule.so, and linked into
// cuda-coalesce-clangd. Registers each check under the name the CLI uses.
//
//===----------------------------------------------------------------------===//

#include "Findings/CheckRegistry.h"
#include "Tidy/CoalescingTidyCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace coalesce::tidy {

namespace {
class CudaCoalesceTidyModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    for (const auto &C : allChecks())
      Factories.registerCheck<CoalescingTidyCheck>(C->name());
  }
};
} // namespace

} // namespace coalesce::tidy

static clang::tidy::ClangTidyModuleRegistry::Add<coalesce::tidy::CudaCoalesceTidyModule>
    Registration("coalescing-module", "CUDA global-memory coalescing checks.");


// MathHeaderUse (Frontend/NvccDialect.h): the nvcc mode names the <math.h>
// it includes only where the code needed it. Parsed as C++ against an
// in-memory math.h shaped like libstdc++'s (global using-declarations of
// std's functions), so no toolkit is needed; the lit test
// frontend/nvcc-compat/math-h.cu runs the whole mode against a real one.

#include "Frontend/NvccDialect.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

namespace {

constexpr const char *MathH = R"(#pragma once
namespace std { inline bool isfinite(float x) { return x == x; } }
using std::isfinite;
)";

class Action : public clang::ASTFrontendAction {
public:
  explicit Action(bool &Used) : Used(Used) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    CI.getPreprocessor().addPPCallbacks(Math.callbacks(CI.getSourceManager()));
    return std::make_unique<Consumer>(Math, Used);
  }

private:
  struct Consumer : clang::ASTConsumer {
    Consumer(coalesce::MathHeaderUse &Math, bool &Used)
        : Math(Math), Used(Used) {}
    bool HandleTopLevelDecl(clang::DeclGroupRef D) override {
      Decls.insert(Decls.end(), D.begin(), D.end());
      return true;
    }
    void HandleTranslationUnit(clang::ASTContext &Ctx) override {
      Used = Math.used(Ctx, Decls);
    }
    coalesce::MathHeaderUse &Math;
    bool &Used;
    std::vector<clang::Decl *> Decls;
  };
  coalesce::MathHeaderUse Math;
  bool &Used;
};

/// Whether Code, parsed with -include math.h as the mode does, needed it.
bool needed(const std::string &Code) {
  bool Used = false;
  EXPECT_TRUE(clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<Action>(Used), Code,
      {"-std=c++17", "-include", "math.h", "-I/virtual"}, "/virtual/input.cc",
      "coalesce-unittests", std::make_shared<clang::PCHContainerOperations>(),
      {{"/virtual/math.h", MathH}}));
  return Used;
}

TEST(MathHeaderUse, CallThroughTheIncludedUsingDeclaration) {
  EXPECT_TRUE(needed("bool f(float x) { return isfinite(x); }"));
}

TEST(MathHeaderUse, CallInATemplate) {
  EXPECT_TRUE(needed(
      "template <class T> bool f(T x) { return !isfinite(x); }"));
}

TEST(MathHeaderUse, CodeThatIncludesItItself) {
  EXPECT_FALSE(needed("#include <math.h>\n"
                      "bool f(float x) { return isfinite(x); }"));
}

TEST(MathHeaderUse, QualifiedOrNoCall) {
  EXPECT_FALSE(needed("bool f(float x) { return std::isfinite(x); }"));
  EXPECT_FALSE(needed("int f(int x) { return x + 1; }"));
}

} // namespace

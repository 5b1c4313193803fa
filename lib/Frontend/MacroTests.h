//===- MacroTests.h - where code tests a macro's name ----------*- C++ -*-===//
//
// The preprocessor callbacks through which code asks about a macro by name
// (#ifdef, #ifndef, #elifdef, #elifndef, defined(...), an expansion), routed
// to one function: the nvcc mode asks whether code tests __NVCC__, grading
// whether it tests a name that tells clang from nvcc.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FRONTEND_MACROTESTS_H
#define CUDA_COALESCE_FRONTEND_MACROTESTS_H

#include "clang/Lex/PPCallbacks.h"

namespace coalesce {

class MacroTestCallbacks : public clang::PPCallbacks {
public:
  void Ifdef(clang::SourceLocation Loc, const clang::Token &Name,
             const clang::MacroDefinition &) override {
    tested(Loc, Name);
  }
  void Ifndef(clang::SourceLocation Loc, const clang::Token &Name,
              const clang::MacroDefinition &) override {
    tested(Loc, Name);
  }
  void Elifdef(clang::SourceLocation Loc, const clang::Token &Name,
               const clang::MacroDefinition &) override {
    tested(Loc, Name);
  }
  void Elifndef(clang::SourceLocation Loc, const clang::Token &Name,
                const clang::MacroDefinition &) override {
    tested(Loc, Name);
  }
  void Defined(const clang::Token &Name, const clang::MacroDefinition &,
               clang::SourceRange Range) override {
    tested(Range.getBegin(), Name);
  }
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &,
                    clang::SourceRange Range,
                    const clang::MacroArgs *) override {
    tested(Range.getBegin(), Name);
  }

protected:
  /// Code at Loc asks about (or expands) the macro Name.
  virtual void tested(clang::SourceLocation Loc, const clang::Token &Name) = 0;
};

} // namespace coalesce

#endif

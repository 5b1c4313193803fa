//===- IncludedFiles.h - editor entries for kernels a unit includes -*- C++ -*-===//
//
// clangd parses a file the database does not list (kernels.cu that main.cu
// #includes, a .cuh of kernels) on its own, with a command it interpolates
// from a neighbour: whatever main.cu defines before the #include is missing,
// the kernels' bodies have errors, and the checks stay silent on them. The
// translated database therefore gets an entry of its own for each such .cu
// and .cuh: the command of the unit that includes it (IncludeGraph.h), with
// the unit's text up to the #include (and so on down the chain) given to
// clang first through -include, as a "prefix" file written beside the
// translated database. The file itself is then clangd's main file, and the
// checks report on it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_CLANGD_INCLUDEDFILES_H
#define CUDA_COALESCE_CLANGD_INCLUDEDFILES_H

#include "Frontend/CudaToolchain.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/JSON.h"

#include <vector>

namespace coalesce::clangd {

/// The entries (directory, file, arguments) for the .cu and .cuh files the
/// units of DB include and do not list, their prefixes written under
/// OutDir/prefix/. A prefix that cannot be written leaves its file out.
std::vector<llvm::json::Object>
includedFileEntries(const clang::tooling::CompilationDatabase &DB,
                    llvm::StringRef OutDir, const CudaToolchain &TC,
                    llvm::StringRef HeaderRoot);

/// The text clang reads before File, for Chain = {unit, ..., File}: each
/// file's lines up to the #include of the next, under #line directives that
/// keep their own names and line numbers.
std::string includePrefix(llvm::ArrayRef<std::string> Chain);

} // namespace coalesce::clangd

#endif

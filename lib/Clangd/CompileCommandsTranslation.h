//===- CompileCommandsTranslation.h - nvcc databases for clangd -*- C++ -*-===//
//
// clangd runs clang's driver on each compile command; the commands CMake
// writes for nvcc (--generate-code=..., -rdc=true, -Xcompiler ..., -x cu)
// make it fail before any check runs. cuda-coalesce-clangd therefore hands
// clangd a translated copy of the project's compile_commands.json: CUDA
// entries go through the analyzer's own flag translation (NvccFlags) and get
// the CUDA headers the analyzer would pick (a toolkit with the compat stubs,
// or the built-in headers, written to disk since clangd reads real files);
// other entries are copied as they are. Unlike the analyzer, clangd parses
// host and device code as a normal compile does.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_CLANGD_COMPILECOMMANDSTRANSLATION_H
#define CUDA_COALESCE_CLANGD_COMPILECOMMANDSTRANSLATION_H

#include "Frontend/CudaToolchain.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace coalesce::clangd {

/// The directory holding the compile_commands.json clangd would use for
/// files under Start: Start or its nearest ancestor holding
/// compile_commands.json or build/compile_commands.json. Empty if none.
std::string findCompilationDatabase(llvm::StringRef Start);

/// The clang command line for one CUDA entry: the translated flags, the
/// header flags of TC (with the embedded headers' virtual directory replaced
/// by HeaderRoot) and the file.
std::vector<std::string> translateCudaCommand(llvm::ArrayRef<std::string> Command,
                                              llvm::StringRef File,
                                              const CudaToolchain &TC,
                                              llvm::StringRef HeaderRoot);

/// Writes the embedded CUDA headers under Root (once: an existing complete
/// copy is kept) and returns Root.
llvm::Expected<std::string> writeEmbeddedHeaders(llvm::StringRef Root);

/// Reads SourceDir/compile_commands.json and writes the translated database
/// to OutDir/compile_commands.json, atomically (clangd may be reading it).
llvm::Error translateCompilationDatabase(llvm::StringRef SourceDir,
                                         llvm::StringRef OutDir,
                                         const CudaToolchain &TC,
                                         llvm::StringRef HeaderRoot);

/// cuda-coalesce --export-compile-commands=OutDir -p SourceDir: the
/// translated database, for clang-tidy, run-clang-tidy and stock clangd,
/// written to OutDir/compile_commands.json with the headers it names under
/// OutDir/cuda-coalesce-headers (rewritten each time), so it does not depend
/// on the user's cache. Refuses to overwrite SourceDir's own database.
llvm::Error exportCompilationDatabase(llvm::StringRef SourceDir,
                                      llvm::StringRef OutDir,
                                      const CudaOptions &Cuda);

/// Where the translated database for SourceDir lives:
/// $XDG_CACHE_HOME (or ~/.cache)/cuda-coalesce/clangd/<hash of SourceDir>.
std::string cacheDirFor(llvm::StringRef SourceDir);
/// $XDG_CACHE_HOME (or ~/.cache)/cuda-coalesce.
std::string cacheRoot();
/// Writes Path through a temporary file and a rename, so a reader sees the
/// old or the new contents, never half.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents);
/// 16 hex digits of a hash of S.
std::string hexHash(llvm::StringRef S);
/// Where the headers of this build of the tool are written.
std::string headerCacheDir();

} // namespace coalesce::clangd

#endif

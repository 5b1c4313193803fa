//===- DeviceLaunches.h - device launches found before the parse -*- C++ -*-===//
//
// A kernel launched from device code (dynamic parallelism) is the nvcc
// mode's `device-launch` edit (NvccDialect.h): clang 19 rejects the launch,
// the mode rewrites it as a call of a no-op device function and parses the
// unit again, so such a file cost two parses. The launches are read from
// the file's tokens before the first parse instead: every `<<<` inside a
// function whose own declaration says __global__ or __device__ (and not
// __host__) is rewritten at once, and the file is parsed once.
//
// The tokens are only a guess (a macro may spell __device__, an #if may
// hide it): the parse confirms that each rewritten launch lies in the body
// of a device function (launchesInDeviceCode), and where one does not, the
// file is parsed as written, the mode repairing what clang rejects as
// before. A launch the guess misses is rejected by clang and repaired the
// same way.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_FRONTEND_DEVICELAUNCHES_H
#define CUDA_COALESCE_FRONTEND_DEVICELAUNCHES_H

#include "Frontend/NvccDialect.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace clang {
class ASTContext;
class Decl;
} // namespace clang

namespace coalesce {

/// The device-launch edits of Text (the file named File, as clang will
/// read it), one a launch found inside a device function, in the order of
/// the file; none when Text has no `<<<`.
std::vector<DialectEdit> deviceLaunchEdits(llvm::StringRef File,
                                           llvm::StringRef Text);

/// Whether each of Edits (offsets in the main file of Ctx) lies in the body
/// of a __global__ or __device__ function, and none in a host one. Decls:
/// the unit's top-level declarations.
bool launchesInDeviceCode(clang::ASTContext &Ctx,
                          llvm::ArrayRef<clang::Decl *> Decls,
                          llvm::ArrayRef<DialectEdit> Edits);

} // namespace coalesce

#endif

//===- LaunchSites.h - what <<<grid, block>>> launches tell -----*- C++ -*-===//

#ifndef CUDA_COALESCE_ANALYSIS_LAUNCHSITES_H
#define CUDA_COALESCE_ANALYSIS_LAUNCHSITES_H

#include "Analysis/AccessSite.h"
#include "Analysis/PortableLaunch.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class SourceManager;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace coalesce {

/// Where cudaMalloc starts every allocation: a multiple of this many bytes.
/// The analysis takes every base pointer to start at one.
constexpr int64_t AllocationAlignment = 256;

/// What the first launch of a kernel in the translation unit (in source
/// order) says about its configuration and arguments.
struct LaunchInfo {
  std::optional<std::array<int64_t, 3>> Block;
  /// Where Block is not known whole: the components the launch knows
  /// ("dim3 b(1, lCols)": 1 and 1 for x and z), the others none.
  std::array<std::optional<int64_t>, 3> BlockParts;
  std::optional<std::array<int64_t, 3>> Grid;
  /// The block or grid is the default of a value the command line may set
  /// (main's argument count taken as 1: "argc > 1 ? atoi(argv[1]) : 256").
  bool BlockDefault = false, GridDefault = false;
  /// Kernel parameters passed a compile-time constant (or a local variable
  /// initialised with one): parameter name -> value.
  std::map<std::string, int64_t> ConstantArgs;
  /// Those of ConstantArgs (or members of a struct passed by value,
  /// "p.n") whose value is the one a host loop around the launch gives in
  /// its first iteration: the first launch's, which a profiler measures.
  std::set<std::string> FirstPassArgs;
  /// Those of ConstantArgs whose value is the default of one the command
  /// line may set (BlockDefault).
  std::set<std::string> DefaultArgs;
  /// Float and double parameters passed a value the launch knows
  /// ("k<<<g, b>>>(in, 4.0f)"): parameter name -> value.
  std::map<std::string, double> RealArgs;
  /// Pointer parameters passed an address past the start of the variable
  /// its arithmetic starts from ("k<<<g, b>>>(in + pad)", a host buffer
  /// padded so that a halo's interior is aligned): parameter name -> the
  /// bytes past a multiple of AllocationAlignment, where that variable, as
  /// every base, is taken to start. Only residues other than 0.
  std::map<std::string, int64_t> BaseResidues;
  /// Kernel parameters a host loop around the launch steps through
  /// ("for (d = 1; d <= 4; d *= 2) k<<<g, b>>>(m, d)"): parameter name ->
  /// the values, in launch order. The kernel is analyzed for each.
  std::map<std::string, std::vector<int64_t>> LoopArgs;
  /// Where the launch's values come from (ValueOrigin::Source::LaunchSite
  /// with the Site). Per parameter of LoopArgs, the values its host loop
  /// passes, for the assumptions shown: all of them, or its first values
  /// (HostLoopFirstOnly) when the loop's trip count, or how its launches
  /// weigh (the grid changes too), is not known: then LoopArgs holds the
  /// first value alone.
  ValueOrigin Origin;
  std::map<std::string, ValueOrigin> LoopArgOrigins;
  /// The launch itself, for a note pointing at it.
  const clang::CUDAKernelCallExpr *Site = nullptr;
};

/// Keyed by the kernel's canonical declaration (a template kernel's
/// specialization for template launches).
using LaunchMap = std::map<const clang::FunctionDecl *, LaunchInfo>;

LaunchMap collectLaunchSites(clang::ASTContext &Ctx);

/// The name another translation unit knows kernel K by (its mangled name);
/// empty for a template's specialization, whose body another unit has only
/// where it instantiates it too.
std::string portableKernelName(const clang::FunctionDecl *K,
                               clang::ASTContext &Ctx);

/// The launches of kernels the unit declares and does not define, as
/// another translation unit can use them (PortableLaunch.h), template
/// kernels' left out.
std::vector<PortableLaunch> portableLaunches(const LaunchMap &Launches,
                                             clang::ASTContext &Ctx);

/// What Launch tells of the kernel K defined here: its configuration, and
/// its arguments under the names K's definition gives its parameters.
LaunchInfo fromPortable(const PortableLaunch &Launch,
                        const clang::FunctionDecl *K);

/// Whether D comes from a system header or a precompiled header (the
/// toolkit's and the prelude's declarations): the whole-AST walks skip it.
bool fromHeaders(const clang::Decl *D, const clang::SourceManager &SM);

} // namespace coalesce

#endif

//===- PortableLaunch.h - a launch one unit tells another -------*- C++ -*-===//
//
// A program's main.cu launches a kernel that kernels.cu defines: the launch
// and the body are in two translation units, and neither alone knows the
// block the kernel runs with. Each unit's analysis hands out what its
// launches say, in plain data keyed so that another unit can find it; the
// driver gives a unit the launches of its kernels that other units of the
// same run make (lib/Driver/Runner.cpp, docs/analysis.md).
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_ANALYSIS_PORTABLELAUNCH_H
#define CUDA_COALESCE_ANALYSIS_PORTABLELAUNCH_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {

/// The first launch of a kernel in one translation unit, as another unit
/// can use it: the kernel by its mangled name (the same in every unit that
/// declares it), its integer arguments by position (a prototype may name
/// the parameters otherwise than the definition).
struct PortableLaunch {
  std::string Kernel; ///< the mangled name
  std::string Site;   ///< "main.cu:160"
  std::optional<std::array<int64_t, 3>> Block, Grid;
  bool BlockDefault = false, GridDefault = false;
  /// An integer argument, or an integer member of a struct passed by value
  /// (Member ".n"), that the launch knows (LaunchInfo::ConstantArgs).
  struct Argument {
    uint64_t Index = 0;
    std::string Member;
    int64_t Value = 0;
    bool FirstPass = false, CommandLineDefault = false;
    bool operator==(const Argument &O) const {
      return Index == O.Index && Member == O.Member && Value == O.Value &&
             FirstPass == O.FirstPass &&
             CommandLineDefault == O.CommandLineDefault;
    }
  };
  std::vector<Argument> Arguments;

  /// The same configuration and arguments (Site aside).
  bool sameLaunch(const PortableLaunch &O) const;
};

} // namespace coalesce

#endif

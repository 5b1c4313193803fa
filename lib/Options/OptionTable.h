//===- OptionTable.h - every analysis option, declared once -----*- C++ -*-===//
//
// The options a user sets in four places: the command line
// (--min-efficiency), .cuda-coalesce.yaml (MinEfficiency:), clang-tidy's
// CheckOptions (<check>.MinEfficiency) and the grader's rubric
// (min_efficiency, analyzer_args). Each is declared here once, with its
// type, range, default and help; every front door parses a value with
// parseOption(), so a bad value is refused with the same words everywhere:
//
//   invalid MinEfficiency 'nan': not a number from 0 to 1
//
// The door adds where the value came from, after the message.
// `cuda-coalesce --list-options` prints the table (docs/configuration.md).
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_OPTIONS_OPTIONTABLE_H
#define CUDA_COALESCE_OPTIONS_OPTIONTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace coalesce {

/// How a value is spelled and checked.
enum class OptionType {
  Fraction,   ///< a number from 0 to 1
  BlockDim,   ///< X[,Y[,Z]]: a block shape CUDA allows
  Assumptions ///< name=value[,name=value...]: integers
};

struct OptionSpec {
  const char *Name; ///< YAML key and clang-tidy CheckOption
  const char *Flag; ///< command-line flag, without "--"
  OptionType Type;
  const char *ValueDesc; ///< as --help shows the value
  const char *Range;     ///< the values allowed, in words
  const char *Default;   ///< as text; "" when there is none
  const char *Help;      ///< one sentence, for --help and the docs
};

/// Names the table's rows, in the table's order.
enum class OptionId { MinEfficiency, BlockDim, Assume };

/// Every row, in the order --list-options prints them. Constant-initialized:
/// the command line's static cl::opt objects read it.
inline constexpr OptionSpec OptionTable[] = {
    {"MinEfficiency", "min-efficiency", OptionType::Fraction, "number",
     "0 to 1", "1",
     "Flag only accesses using less than this fraction of the bytes they "
     "fetch; 1 flags every wasteful access"},
    {"BlockDim", "block-dim", OptionType::BlockDim, "X[,Y[,Z]]",
     "at most 1024 threads, z at most 64", "",
     "Block shape for kernels whose launch the analyzer cannot see"},
    {"Assume", "assume", OptionType::Assumptions, "name=value", "integers", "",
     "Values of runtime parameters; repeatable on the command line"},
};

constexpr const OptionSpec &optionSpec(OptionId Id) {
  return OptionTable[static_cast<unsigned>(Id)];
}

/// The row named Name (its YAML/clang-tidy name), or null.
const OptionSpec *findOption(llvm::StringRef Name);

/// One option's value, parsed.
struct OptionValue {
  double Fraction = 0;
  std::array<unsigned, 3> Block = {1, 1, 1};
  std::map<std::string, int64_t> Assume;
};

/// Parses Text as Spec says; the error is the message every door shows:
/// "invalid <Name> '<Text>': <why>".
llvm::Expected<OptionValue> parseOption(const OptionSpec &Spec,
                                        llvm::StringRef Text);

/// The same for a value already read as a number (the rubric's YAML).
llvm::Error checkFraction(const OptionSpec &Spec, double Value);

/// The help text with the default: "... (default 1)".
llvm::StringRef optionHelp(OptionId Id);

/// The table as --list-options prints it: one line per option.
void printOptionTable(llvm::raw_ostream &OS);

} // namespace coalesce

#endif

//===- Rubric.cpp ---------------------------------------------------------===//

#include "Grade/Rubric.h"
#include "Frontend/RegularFile.h"
#include "Options/OptionTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/YAMLTraits.h"

using namespace llvm;
using namespace coalesce::grade;

LLVM_YAML_IS_SEQUENCE_VECTOR(coalesce::grade::RubricKernel)
LLVM_YAML_IS_SEQUENCE_VECTOR(coalesce::grade::SourcePattern)

namespace llvm {
namespace yaml {

/// "penalties: {<check name>: 0.5}": check name -> weight.
template <> struct CustomMappingTraits<std::map<std::string, double>> {
  static void inputOne(IO &IO, StringRef Key,
                       std::map<std::string, double> &M) {
    IO.mapRequired(Key.str().c_str(), M[Key.str()]);
  }
  static void output(IO &IO, std::map<std::string, double> &M) {
    for (auto &[Key, Value] : M)
      IO.mapRequired(Key.c_str(), Value);
  }
};

template <> struct MappingTraits<RubricKernel> {
  static void mapping(IO &IO, RubricKernel &K) {
    IO.mapRequired("name", K.Name);
    IO.mapRequired("points", K.Points);
    IO.mapOptional("min_efficiency", K.MinEfficiency, 1.0);
    IO.mapOptional("penalties", K.Penalties);
  }
};

template <> struct MappingTraits<SourcePattern> {
  static void mapping(IO &IO, SourcePattern &P) {
    IO.mapRequired("pattern", P.Pattern);
    IO.mapRequired("kernel", P.Kernel);
    IO.mapRequired("deduct", P.Deduct);
    IO.mapOptional("message", P.Message);
  }
};

template <> struct MappingTraits<Rubric> {
  static void mapping(IO &IO, Rubric &R) {
    IO.mapRequired("assignment", R.Assignment);
    IO.mapRequired("kernels", R.Kernels);
    IO.mapOptional("penalties", R.Penalties);
    IO.mapOptional("default_penalty", R.DefaultPenalty, 0.5);
    IO.mapOptional("required", R.Required);
    IO.mapOptional("forbidden", R.Forbidden);
    IO.mapOptional("reference", R.Reference);
    IO.mapOptional("analyzer_args", R.AnalyzerArgs);
  }
};

} // namespace yaml
} // namespace llvm

namespace coalesce {
namespace grade {

double Rubric::maxScore() const {
  double Sum = 0;
  for (const RubricKernel &K : Kernels)
    Sum += K.Points;
  return Sum;
}

double Rubric::penalty(const RubricKernel &Kernel,
                       const std::string &Check) const {
  auto It = Kernel.Penalties.find(Check);
  if (It != Kernel.Penalties.end())
    return It->second;
  It = Penalties.find(Check);
  return It != Penalties.end() ? It->second : DefaultPenalty;
}

Expected<Rubric> parseRubric(StringRef Text, StringRef Name) {
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(),
                             "rubric " + Name + ": " + Msg);
  };
  // YAML I/O reports through a SourceMgr; keep its first line, the rest is
  // a caret picture that does not fit a one-line error.
  std::string Diag;
  Rubric R;
  {
    yaml::Input In(Text, nullptr,
                   [](const SMDiagnostic &D, void *Ctx) {
                     auto &Out = *static_cast<std::string *>(Ctx);
                     if (Out.empty())
                       Out = "line " + std::to_string(D.getLineNo()) + ": " +
                             D.getMessage().str();
                   },
                   &Diag);
    In >> R;
    if (In.error())
      return Fail(Diag.empty() ? "not a rubric" : Diag);
  }
  if (R.Kernels.empty())
    return Fail("'kernels' lists no kernel");
  StringSet<> Seen;
  for (const RubricKernel &K : R.Kernels) {
    if (K.Name.empty())
      return Fail("a kernel has an empty name");
    if (!Seen.insert(K.Name).second)
      return Fail("kernel '" + K.Name + "' is listed twice");
    if (!(K.Points > 0))
      return Fail("kernel '" + K.Name + "' must have points > 0");
    if (Error E = checkFraction(optionSpec(OptionId::MinEfficiency),
                               K.MinEfficiency))
      return Fail("kernel '" + K.Name + "': " + toString(std::move(E)) +
                  " (min_efficiency)");
    for (const auto &[Check, W] : K.Penalties)
      if (W < 0 || W > 1)
        return Fail("kernel '" + K.Name + "': penalty for " + Check +
                    " must be in 0..1");
  }
  // The analyzer would refuse these for every submission: refuse the rubric
  // instead, with the analyzer's words.
  for (const std::string &Arg : R.AnalyzerArgs)
    for (const OptionSpec &Spec : OptionTable) {
      StringRef Value = Arg;
      if (Value.consume_front("--") && Value.consume_front(Spec.Flag) &&
          Value.consume_front("="))
        if (Expected<OptionValue> V = parseOption(Spec, Value); !V)
          return Fail(toString(V.takeError()) + " (analyzer_args: " + Arg +
                      ")");
    }
  for (const auto &[Check, W] : R.Penalties)
    if (W < 0 || W > 1)
      return Fail("penalty for " + Check + " must be in 0..1");
  if (R.DefaultPenalty < 0 || R.DefaultPenalty > 1)
    return Fail("default_penalty must be in 0..1");
  for (const auto *List : {&R.Required, &R.Forbidden})
    for (const SourcePattern &P : *List) {
      std::string Why;
      if (!Regex(P.Pattern).isValid(Why))
        return Fail("pattern '" + P.Pattern + "': " + Why);
      if (!Seen.count(P.Kernel))
        return Fail("pattern '" + P.Pattern + "' names kernel '" + P.Kernel +
                    "', which the rubric does not list");
      if (P.Deduct < 0)
        return Fail("pattern '" + P.Pattern + "': deduct must be >= 0");
    }
  return R;
}

Error checkPenaltyNames(const Rubric &R, const std::vector<std::string> &Known,
                        StringRef Name) {
  auto Unknown = [&](const std::string &Check, const Twine &Where) -> Error {
    if (llvm::is_contained(Known, Check))
      return Error::success();
    return createStringError(inconvertibleErrorCode(),
                             "rubric " + Name + ": " + Where + "names check '" +
                                 Check + "', which does not exist (checks: " +
                                 join(Known, ", ") + ")");
  };
  for (const auto &[Check, W] : R.Penalties)
    if (Error E = Unknown(Check, "penalties "))
      return E;
  for (const RubricKernel &K : R.Kernels)
    for (const auto &[Check, W] : K.Penalties)
      if (Error E = Unknown(Check, "kernel '" + K.Name + "': penalties "))
        return E;
  return Error::success();
}

Expected<Rubric> loadRubric(const std::string &Path) {
  // Not /dev/zero nor a FIFO: a rubric is a page of text.
  Expected<std::unique_ptr<MemoryBuffer>> Buf =
      readRegularFile(Path, MaxConfigBytes);
  if (!Buf)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read rubric " + Path + ": " +
                                 toString(Buf.takeError()));
  Expected<Rubric> R = parseRubric((*Buf)->getBuffer(), Path);
  if (!R)
    return R.takeError();
  if (!R->Reference.empty() && !sys::path::is_absolute(R->Reference)) {
    SmallString<256> Abs(sys::path::parent_path(Path));
    sys::path::append(Abs, R->Reference);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, true);
    R->Reference = std::string(Abs);
  }
  return R;
}

} // namespace grade
} // namespace coalesce

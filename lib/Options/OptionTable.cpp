//===- OptionTable.cpp ----------------------------------------------------===//

#include "Options/OptionTable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"

using namespace llvm;

namespace coalesce {

namespace {

Error invalid(const OptionSpec &Spec, StringRef Text, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Twine("invalid ") +
                                                         Spec.Name + " '" +
                                                         Text + "': " + Why);
}

Expected<double> parseFraction(const OptionSpec &Spec, StringRef Text) {
  double V = 0;
  // Written so that nan fails too: every comparison with nan is false.
  if (Text.trim().getAsDouble(V) || !(V >= 0.0 && V <= 1.0))
    return invalid(Spec, Text, Twine("not a number from ") + Spec.Range);
  return V;
}

Expected<std::array<unsigned, 3>> parseBlockDim(const OptionSpec &Spec,
                                                StringRef Text) {
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  if (Parts.size() > 3)
    return invalid(Spec, Text, "takes X[,Y[,Z]]");
  std::array<unsigned, 3> D = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, D[I]) || D[I] == 0 || D[I] > 1024)
      return invalid(Spec, Text,
                     "'" + Parts[I].trim() + "' is not a block size");
  // CUDA's limits on every GPU the tool models: at most 1,024 threads in the
  // whole block, and z at most 64.
  uint64_t Threads = uint64_t(D[0]) * D[1] * D[2];
  if (Threads > 1024)
    return invalid(Spec, Text,
                   "a block has at most 1024 threads, not " + Twine(Threads));
  if (D[2] > 64)
    return invalid(Spec, Text, "a block's z dimension is at most 64");
  return D;
}

Expected<std::map<std::string, int64_t>>
parseAssumptions(const OptionSpec &Spec, StringRef Text) {
  std::map<std::string, int64_t> Out;
  SmallVector<StringRef, 4> Items;
  Text.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Name, Value] = Item.split('=');
    int64_t V;
    if (Name.trim().empty() || Value.trim().getAsInteger(0, V))
      return invalid(Spec, Text,
                     "expected name=value, got '" + Item.trim() + "'");
    Out[Name.trim().str()] = V;
  }
  return Out;
}

} // namespace

const OptionSpec *findOption(StringRef Name) {
  for (const OptionSpec &S : OptionTable)
    if (Name == S.Name)
      return &S;
  return nullptr;
}

Expected<OptionValue> parseOption(const OptionSpec &Spec, StringRef Text) {
  OptionValue V;
  switch (Spec.Type) {
  case OptionType::Fraction: {
    Expected<double> F = parseFraction(Spec, Text);
    if (!F)
      return F.takeError();
    V.Fraction = *F;
    return V;
  }
  case OptionType::BlockDim: {
    Expected<std::array<unsigned, 3>> D = parseBlockDim(Spec, Text);
    if (!D)
      return D.takeError();
    V.Block = *D;
    return V;
  }
  case OptionType::Assumptions: {
    Expected<std::map<std::string, int64_t>> A = parseAssumptions(Spec, Text);
    if (!A)
      return A.takeError();
    V.Assume = std::move(*A);
    return V;
  }
  }
  llvm_unreachable("every option type is parsed above");
}

Error checkFraction(const OptionSpec &Spec, double Value) {
  if (Value >= 0.0 && Value <= 1.0)
    return Error::success();
  // As the user would have written it: "2", "0.25", "nan".
  std::string Text;
  raw_string_ostream(Text) << format("%g", Value);
  return invalid(Spec, Text, Twine("not a number from ") + Spec.Range);
}

StringRef optionHelp(OptionId Id) {
  static const std::array<std::string, std::size(OptionTable)> Texts = [] {
    std::array<std::string, std::size(OptionTable)> T;
    for (size_t I = 0; I < T.size(); ++I) {
      const OptionSpec &S = OptionTable[I];
      T[I] = std::string(S.Help) + " (" + S.Range + "; default " +
             (*S.Default ? S.Default : "none") + ")";
    }
    return T;
  }();
  return Texts[static_cast<unsigned>(Id)];
}

void printOptionTable(raw_ostream &OS) {
  for (size_t I = 0; I < std::size(OptionTable); ++I) {
    const OptionSpec &S = OptionTable[I];
    OS << S.Name << "  --" << S.Flag << "=" << S.ValueDesc << "\n    "
       << optionHelp(static_cast<OptionId>(I)) << "\n";
  }
}

} // namespace coalesce

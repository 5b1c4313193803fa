//===- NvccFlags.cpp ------------------------------------------------------===//

#include "Frontend/NvccFlags.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace coalesce {

namespace {

/// Flags kept with their value, in every spelling nvcc, clang and gcc accept,
/// mapped to the clang spelling.
struct ValueFlag {
  StringRef Spelling;  ///< as written, without "=" or value
  StringRef Clang;     ///< clang's spelling; attached ("-I") or separate
  bool Attached;       ///< clang's form takes the value in the same argument
};

constexpr ValueFlag KeptValueFlags[] = {
    {"-I", "-I", true},           {"--include-path", "-I", true},
    {"-D", "-D", true},           {"--define-macro", "-D", true},
    {"-U", "-U", true},           {"--undefine-macro", "-U", true},
    {"-isystem", "-isystem", false}, {"--system-include", "-isystem", false},
    {"-iquote", "-iquote", false},   {"-idirafter", "-idirafter", false},
    {"-include", "-include", false}, {"--pre-include", "-include", false},
    {"-std", "-std=", true},      {"--std", "-std=", true},
};

/// Flags whose value is the next argument (or after "=") and which are
/// dropped along with it: code generation, linking, host compiler, output.
bool isDroppedFlagWithValue(StringRef F) {
  return StringSwitch<bool>(F)
      .Cases("-o", "--output-file", "-ccbin", "--compiler-bindir", true)
      .Cases("-Xptxas", "--ptxas-options", "-Xlinker", "--linker-options", true)
      .Cases("-Xnvlink", "--nvlink-options", "-Xcudafe", "-Xarchive", true)
      .Cases("-maxrregcount", "--maxrregcount", "-t", "--threads", true)
      .Cases("-cudart", "--cudart", "-MF", "-MT", "-MQ", true)
      .Cases("--dependency-output", "-odir", "--output-directory", true)
      .Cases("-diag-suppress", "--diag-suppress", "--diag-warning", true)
      .Cases("--diag-error", "--Werror", true)
      .Cases("-x", "--x", "-l", "-L", "--library", "--library-path", true)
      .Cases("-arch", "--gpu-architecture", "-code", "--gpu-code", true)
      .Cases("-gencode", "--generate-code", "--cuda-gpu-arch", true)
      .Cases("--cuda-path", "-keep-dir", "--keep-dir", "-Xfatbin", true)
      .Cases("-rdc", "--relocatable-device-code", "--default-stream", true)
      .Cases("-ftz", "-prec-div", "-prec-sqrt", "-fmad", true)
      .Default(false);
}

/// Splits "--flag=value" into ("--flag", "value").
std::pair<StringRef, std::optional<StringRef>> splitEquals(StringRef A) {
  size_t Eq = A.find('=');
  if (Eq == StringRef::npos)
    return {A, std::nullopt};
  return {A.take_front(Eq), A.drop_front(Eq + 1)};
}

/// sm_XX from an -arch/-gencode/--cuda-gpu-arch value ("sm_80",
/// "compute_80", "arch=compute_80,code=sm_80", "sm_90a"). Virtual
/// architectures map to the real one of the same number.
std::string archFrom(StringRef V) {
  SmallVector<StringRef, 4> Parts;
  V.split(Parts, ',');
  std::string Virtual;
  for (StringRef P : Parts) {
    P = P.trim();
    if (!P.consume_front("code="))
      P.consume_front("arch=");
    P = P.trim("[] ");
    if (P.starts_with("sm_"))
      return P.str();
    if (Virtual.empty() && P.consume_front("compute_"))
      Virtual = "sm_" + P.str();
  }
  return Virtual;
}

bool namesArch(StringRef F) {
  return StringSwitch<bool>(F)
      .Cases("-arch", "--gpu-architecture", "-gencode", "--generate-code", true)
      .Cases("-code", "--gpu-code", "--cuda-gpu-arch", "--offload-arch", true)
      .Default(false);
}

/// -Xcompiler values: the host compiler's flags, comma separated. Only the
/// ones that change how the source parses survive.
void addHostCompilerFlags(StringRef Value, ParseFlags &Out) {
  SmallVector<StringRef, 8> Parts;
  Value.split(Parts, ',', -1, false);
  for (StringRef P : Parts) {
    P = P.trim();
    if (P.starts_with("-D") || P.starts_with("-U") || P.starts_with("-I") ||
        P.starts_with("-std=") || P == "-fopenmp")
      Out.Args.push_back(P.str());
  }
}

} // namespace

ParseFlags translateCompileCommand(ArrayRef<std::string> Command) {
  ParseFlags Out;
  for (size_t I = 1; I < Command.size(); ++I) {
    StringRef A = Command[I];
    auto NextValue = [&]() -> std::optional<StringRef> {
      if (I + 1 < Command.size())
        return StringRef(Command[++I]);
      return std::nullopt;
    };
    if (!A.starts_with("-"))
      continue; // an input file

    auto [Name, EqValue] = splitEquals(A);

    if (namesArch(Name)) {
      std::optional<StringRef> V = EqValue ? EqValue : NextValue();
      if (V && Out.GpuArch.empty())
        Out.GpuArch = archFrom(*V);
      continue;
    }
    if (Name == "-Xcompiler" || Name == "--compiler-options") {
      if (std::optional<StringRef> V = EqValue ? EqValue : NextValue())
        addHostCompilerFlags(*V, Out);
      continue;
    }
    if (A == "-rdc=true" || A == "--relocatable-device-code=true" ||
        A == "-dc" || A == "--device-c" || A == "-fgpu-rdc") {
      Out.Args.push_back("-fgpu-rdc");
      continue;
    }

    bool Kept = false;
    for (const ValueFlag &F : KeptValueFlags) {
      std::optional<StringRef> V;
      if (Name == F.Spelling && EqValue)
        V = EqValue;
      else if (A == F.Spelling)
        V = NextValue();
      else if (F.Spelling.size() == 2 && A.starts_with(F.Spelling))
        V = A.drop_front(2); // -Ifoo, -DX=1
      else if (F.Spelling == "-std" && A.starts_with("-std="))
        V = A.drop_front(5);
      else
        continue;
      Kept = true;
      if (!V)
        break;
      if (F.Attached) {
        Out.Args.push_back(F.Clang.str() + V->str());
      } else {
        Out.Args.push_back(F.Clang.str());
        Out.Args.push_back(V->str());
      }
      break;
    }
    if (Kept)
      continue;

    if (!EqValue && isDroppedFlagWithValue(Name))
      NextValue();
    // Everything else (-O3, -G, -lineinfo, --use_fast_math,
    // --expt-relaxed-constexpr, --extended-lambda, -c, -Xclang pairs...) has
    // no effect on what the analyzer sees, or is something clang already
    // does by default.
    if (A == "-Xclang")
      NextValue();
  }
  return Out;
}

} // namespace coalesce

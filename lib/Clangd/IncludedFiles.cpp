//===- IncludedFiles.cpp --------------------------------------------------===//

#include "Clangd/IncludedFiles.h"
#include "Clangd/CompileCommandsTranslation.h"
#include "Driver/IncludeGraph.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace coalesce::clangd {

namespace {

/// The preprocessor directive a line holds ("if", "endif", ...), or "".
StringRef directiveOf(StringRef Line) {
  Line = Line.ltrim();
  if (!Line.consume_front("#"))
    return "";
  Line = Line.ltrim();
  return Line.take_while([](char C) { return isAlpha(C) || C == '_'; });
}

std::string quoted(StringRef Path) {
  std::string Out = "\"";
  for (char C : Path) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

} // namespace

std::string includePrefix(ArrayRef<std::string> Chain) {
  std::string Out;
  for (size_t I = 0; I + 1 < Chain.size(); ++I) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Chain[I]);
    if (!B)
      continue;
    SmallVector<StringRef, 0> Lines;
    (*B)->getBuffer().split(Lines, '\n');
    StringRef Next = sys::path::filename(Chain[I + 1]);
    std::string Text;
    int Open = 0;
    bool Found = false;
    for (StringRef L : Lines) {
      std::vector<IncludeDirective> D = scanIncludeDirectives(L);
      if (!D.empty() && sys::path::filename(D.front().Name) == Next) {
        Found = true;
        break;
      }
      StringRef Dir = directiveOf(L);
      if (Dir == "if" || Dir == "ifdef" || Dir == "ifndef")
        ++Open;
      else if (Dir == "endif")
        --Open;
      Text += L.rtrim('\r');
      Text += '\n';
    }
    if (!Found)
      continue;
    Out += "#line 1 " + quoted(Chain[I]) + "\n" + Text;
    // The #include sat inside a conditional that was true (the file is
    // being parsed); the rest of it, after the #include, is not read.
    for (; Open > 0; --Open)
      Out += "#endif\n";
  }
  return Out;
}

std::vector<json::Object>
includedFileEntries(const clang::tooling::CompilationDatabase &DB,
                    StringRef OutDir, const CudaToolchain &TC,
                    StringRef HeaderRoot) {
  std::vector<json::Object> Entries;
  // No cache: the translation is redone only when the build rewrites its
  // database.
  IncludeGraph Graph(DB.getAllCompileCommands(), "");
  SmallString<256> PrefixDir(OutDir);
  sys::path::append(PrefixDir, "prefix");
  for (const auto &[Path, In] : Graph.includedFiles()) {
    StringRef Ext = sys::path::extension(Path);
    if (Ext != ".cu" && Ext != ".cuh")
      continue;
    const clang::tooling::CompileCommand &Unit = Graph.unit(In.Entry);
    SmallString<256> Prefix(PrefixDir);
    sys::path::append(Prefix, hexHash(Path) + ".h");
    if (sys::fs::create_directories(PrefixDir) ||
        errorToBool(writeFileAtomically(Prefix, includePrefix(In.Chain))))
      continue;
    std::vector<std::string> Args =
        translateCudaCommand(Unit.CommandLine, Path, TC, HeaderRoot);
    // After the CUDA prelude's -include; the prefix's quoted #includes are
    // found in the folders of the files it was cut from.
    std::vector<std::string> Extra = {"-include", std::string(Prefix),
                                      "-Wno-pragma-once-outside-header"};
    for (size_t I = 0; I + 1 < In.Chain.size(); ++I) {
      Extra.push_back("-iquote");
      Extra.push_back(std::string(sys::path::parent_path(In.Chain[I])));
    }
    Args.insert(Args.end() - 1, Extra.begin(), Extra.end());
    json::Array A;
    for (std::string &S : Args)
      A.push_back(std::move(S));
    Entries.push_back(json::Object{{"directory", Unit.Directory},
                                   {"file", Path},
                                   {"arguments", std::move(A)}});
  }
  return Entries;
}

} // namespace coalesce::clangd

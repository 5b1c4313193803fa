//===- LaunchSpelling.cpp -------------------------------------------------===//

#include "Frontend/LaunchSpelling.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace coalesce {

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t'; }

bool isIdentChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_';
}

/// Where the code skips past a comment or a literal that starts at I, or I
/// when none does.
size_t skipNonCode(StringRef T, size_t I) {
  if (T[I] == '/' && I + 1 < T.size() && T[I + 1] == '/') {
    size_t E = T.find('\n', I);
    return E == StringRef::npos ? T.size() : E;
  }
  if (T[I] == '/' && I + 1 < T.size() && T[I + 1] == '*') {
    size_t E = T.find("*/", I + 2);
    return E == StringRef::npos ? T.size() : E + 2;
  }
  if (T[I] == '"' || T[I] == '\'') {
    char Q = T[I];
    size_t J = I + 1;
    while (J < T.size() && T[J] != Q && T[J] != '\n')
      J += T[J] == '\\' ? 2 : 1;
    return std::min(J + 1, T.size());
  }
  return I;
}

/// Whether `C C`, blanks, `C` starts at I (C: '<' or '>'), not followed by
/// a fourth C or an '=', and not already joined; sets End past the third.
bool splitChevrons(StringRef T, size_t I, char C, size_t &End) {
  if (I + 3 >= T.size() || T[I] != C || T[I + 1] != C || !isBlank(T[I + 2]))
    return false;
  if (I > 0 && T[I - 1] == C)
    return false;
  size_t J = I + 2;
  while (J < T.size() && isBlank(T[J]))
    ++J;
  if (J >= T.size() || T[J] != C)
    return false;
  if (J + 1 < T.size() && (T[J + 1] == C || T[J + 1] == '='))
    return false;
  End = J + 1;
  return true;
}

/// Whether the code before I ends with the keyword `operator`.
bool afterOperatorKeyword(StringRef T, size_t I) {
  size_t J = I;
  while (J > 0 && isBlank(T[J - 1]))
    --J;
  StringRef Before = T.substr(0, J);
  return Before.ends_with("operator") &&
         (Before.size() == 8 || !isIdentChar(Before[Before.size() - 9]));
}

/// `C C blanks C` at [I, End) of T as `C C C blanks` in Out: the third
/// chevron moves up to the first two.
void join(std::string &Out, StringRef T, size_t I, size_t End, char C) {
  Out[I + 2] = C;
  for (size_t K = I + 3; K < End; ++K)
    Out[K] = T[K - 1];
}

/// A file whose contents were read already (and perhaps joined): handed
/// out once, then read again if asked.
class ReadFile : public vfs::File {
public:
  ReadFile(std::unique_ptr<vfs::File> Real, std::unique_ptr<MemoryBuffer> B)
      : Real(std::move(Real)), Buffer(std::move(B)) {}
  ErrorOr<vfs::Status> status() override { return Real->status(); }
  ErrorOr<std::string> getName() override { return Real->getName(); }
  ErrorOr<std::unique_ptr<MemoryBuffer>>
  getBuffer(const Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    if (Buffer)
      return std::move(Buffer);
    return Real->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
  }
  std::error_code close() override { return Real->close(); }

private:
  std::unique_ptr<vfs::File> Real;
  std::unique_ptr<MemoryBuffer> Buffer;
};

class JoiningFileSystem : public vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;
  ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const Twine &Path) override {
    ErrorOr<std::unique_ptr<vfs::File>> F =
        ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    std::string Name = Path.str();
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = (*F)->getBuffer(Name);
    if (!B) // the caller meets the same failure reading it
      return ProxyFileSystem::openFileForRead(Path);
    if (std::optional<std::string> Joined =
            joinSplitLaunches((*B)->getBuffer()))
      *B = MemoryBuffer::getMemBufferCopy(*Joined, Name);
    return std::unique_ptr<vfs::File>(
        std::make_unique<ReadFile>(std::move(*F), std::move(*B)));
  }
};

} // namespace

std::optional<std::string> joinSplitLaunches(StringRef T) {
  // Cheap first: most files have no `<<`, blanks, `<` at all (comments and
  // literals are told apart only when one is found).
  bool Any = false;
  size_t End;
  for (size_t I = T.find("<<"); I != StringRef::npos && !Any;
       I = T.find("<<", I + 2))
    Any = splitChevrons(T, I, '<', End);
  if (!Any)
    return std::nullopt;
  std::string Out;
  bool Changed = false;
  bool Open = false; // a launch joined, its closing chevrons not yet
  for (size_t I = 0; I < T.size();) {
    size_t Skip = skipNonCode(T, I);
    if (Skip != I) {
      I = Skip;
      continue;
    }
    size_t End;
    if (!Open && splitChevrons(T, I, '<', End) &&
        !afterOperatorKeyword(T, I)) {
      if (!Changed)
        Out = T.str();
      Changed = true;
      join(Out, T, I, End, '<');
      Open = true;
      I = End;
      continue;
    }
    if (Open && splitChevrons(T, I, '>', End)) {
      join(Out, T, I, End, '>');
      Open = false;
      I = End;
      continue;
    }
    if (Open && T.substr(I).starts_with(">>>"))
      Open = false; // closed as clang reads it already
    if (T[I] == ';' || T[I] == '{' || T[I] == '}')
      Open = false;
    ++I;
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

IntrusiveRefCntPtr<vfs::FileSystem>
joiningSplitLaunches(IntrusiveRefCntPtr<vfs::FileSystem> FS) {
  return makeIntrusiveRefCnt<JoiningFileSystem>(std::move(FS));
}

} // namespace coalesce

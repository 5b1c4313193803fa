//===- Submission.cpp -----------------------------------------------------===//

#include "Grade/Submission.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace coalesce {
namespace grade {

namespace {

std::string absolute(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  return std::string(Abs);
}

bool hidden(StringRef Path) {
  return sys::path::filename(Path).starts_with(".");
}

} // namespace

Submission submissionAt(const std::string &Path) {
  Submission S;
  std::string Abs = absolute(Path);
  if (!sys::fs::is_directory(Abs)) {
    S.Student = sys::path::stem(Abs).str();
    S.Root = sys::path::parent_path(Abs).str();
    S.Sources.push_back(Abs);
    S.Confine = Abs;
    return S;
  }
  S.Student = sys::path::filename(Abs).str();
  S.Root = Abs;
  S.Confine = Abs;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Abs, EC), End;
       It != End && !EC; It.increment(EC)) {
    if (hidden(It->path())) {
      It.no_push();
      continue;
    }
    if (sys::path::extension(It->path()) == ".cu" &&
        !sys::fs::is_directory(It->path()))
      S.Sources.push_back(It->path());
  }
  llvm::sort(S.Sources);
  return S;
}

Expected<std::vector<Submission>> findSubmissions(const std::string &Dir) {
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Msg);
  };
  if (!sys::fs::is_directory(Dir))
    return Fail("submissions directory " + Dir +
                (sys::fs::exists(Dir) ? " is not a directory"
                                      : " does not exist"));
  std::vector<std::string> Entries;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (!hidden(It->path()) &&
        (sys::fs::is_directory(It->path()) ||
         sys::path::extension(It->path()) == ".cu"))
      Entries.push_back(It->path());
  if (EC)
    return Fail("cannot read submissions directory " + Dir + ": " +
                EC.message());
  llvm::sort(Entries);
  std::vector<Submission> Out;
  for (const std::string &E : Entries)
    Out.push_back(submissionAt(E));
  llvm::sort(Out, [](const Submission &A, const Submission &B) {
    return A.Student < B.Student;
  });
  for (size_t I = 1; I < Out.size(); ++I)
    if (Out[I].Student == Out[I - 1].Student)
      return Fail("two submissions are named '" + Out[I].Student + "' in " +
                  Dir);
  if (Out.empty())
    return Fail("no submissions (folders or .cu files) in " + Dir);
  return Out;
}

} // namespace grade
} // namespace coalesce

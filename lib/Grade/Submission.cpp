//===- Submission.cpp -----------------------------------------------------===//

#include "Grade/Submission.h"
#include "Frontend/InputFiles.h"
#include "Frontend/RegularFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <set>

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

/// The files Source names in `#include "..."`, resolved as clang would for
/// the grader's command line: beside Source, then in the submission's root.
std::vector<std::string> quotedIncludes(const std::string &Source,
                                        StringRef Root) {
  std::vector<std::string> Out;
  // A student's file: a FIFO blocked the grader for good, a link to
  // /dev/zero filled its memory. The analyzer reports such a file.
  Expected<std::unique_ptr<MemoryBuffer>> Buf =
      readRegularFile(Source, MaxSourceBytes);
  if (!Buf) {
    consumeError(Buf.takeError());
    return Out;
  }
  static const Regex Include("^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"");
  SmallVector<StringRef, 64> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    SmallVector<StringRef, 2> M;
    if (!Include.match(Line, &M))
      continue;
    for (StringRef Dir : {sys::path::parent_path(Source), Root}) {
      SmallString<256> P(Dir);
      sys::path::append(P, M[1]);
      sys::path::remove_dots(P, true);
      if (sys::fs::is_regular_file(P)) {
        Out.push_back(std::string(P));
        break;
      }
    }
  }
  return Out;
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
  // Links to folders are not walked: a link to / made the grader list the
  // whole disk, one to . went round until the path was too long and lost
  // the student's own files. A linked file is the analyzer's to judge
  // (--confine refuses one leading out of the folder).
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Abs, EC,
                                                /*follow_symlinks=*/false),
       End;
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
  // A .cu that another one includes (main.cu: #include "kernels.cu") is part
  // of that translation unit; analyzed alone it would be graded twice or not
  // compile.
  std::set<std::string> Included;
  for (const std::string &Src : S.Sources)
    for (std::string &Inc : quotedIncludes(Src, S.Root))
      if (Inc != Src)
        Included.insert(std::move(Inc));
  std::vector<std::string> Roots;
  for (const std::string &Src : S.Sources)
    if (!Included.count(Src))
      Roots.push_back(Src);
  // Files that include each other in a circle leave no root: the first
  // stands for them, so the submission is still analyzed (and its include
  // guards, or clang's error, decide the rest).
  if (Roots.empty() && !S.Sources.empty())
    Roots.push_back(S.Sources.front());
  S.Sources = std::move(Roots);
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

//===- Grader.cpp ---------------------------------------------------------===//

#include "Grade/Grader.h"
#include "Grade/AnalyzerProcess.h"
#include "Grade/GradeOutput.h"
#include "Grade/Rubric.h"
#include "Grade/Scoring.h"
#include "Grade/Submission.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <unistd.h>

using namespace llvm;

namespace coalesce {
namespace grade {

namespace {

Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Writes one output file through Write, or returns why it could not: a
/// temporary beside it (removed on a signal), renamed over it when whole,
/// so that a full disk or a kill leaves the previous file, never a part.
template <typename Fn> Error writeFile(const Twine &Path, Fn Write) {
  std::string Bytes;
  raw_string_ostream Text(Bytes);
  Write(Text);
  Text.flush();
  std::string To = Path.str();
  std::string Tmp = To + ".tmp-" + std::to_string(::getpid());
  sys::RemoveFileOnSignal(Tmp);
  std::error_code EC;
  {
    raw_fd_ostream OS(Tmp, EC);
    if (!EC) {
      OS << Bytes;
      OS.close();
      EC = OS.error();
      // Cleared: a stream left in error ends the process ("IO failure").
      OS.clear_error();
    }
  }
  if (!EC)
    EC = sys::fs::rename(Tmp, To);
  if (EC)
    sys::fs::remove(Tmp);
  sys::DontRemoveFileOnSignal(Tmp);
  if (EC)
    return fail("cannot write " + Path + ": " + EC.message());
  return Error::success();
}

/// The rubric's penalties against the checks the analyzer registers.
Error validatePenaltyNames(const Rubric &R, const std::string &Analyzer,
                           const std::string &RubricPath, unsigned Timeout) {
  std::vector<ProcessResult> Run = runProcesses(
      {{{Analyzer, "--no-config", "--checks=*", "--list-checks"}}}, 1, Timeout,
      nullptr);
  const ProcessResult &L = Run.front();
  if (L.How != ProcessResult::Exited || L.ExitCode != 0)
    return fail("analyzer " + Analyzer + " --list-checks failed" +
                (L.Detail.empty() ? "" : ": " + L.Detail));
  SmallVector<StringRef, 16> Lines;
  StringRef(L.Stdout).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Known;
  for (StringRef Line : Lines)
    Known.push_back(Line.trim().str());
  return checkPenaltyNames(R, Known, RubricPath);
}

/// Path with its links resolved; for a path not made yet, its nearest
/// existing parent's, with the rest appended.
std::string resolvedPath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  SmallString<256> Rest;
  StringRef P = Abs;
  while (!P.empty() && !sys::fs::exists(P)) {
    SmallString<256> Tail(sys::path::filename(P));
    if (!Rest.empty())
      sys::path::append(Tail, Rest);
    Rest = Tail;
    P = sys::path::parent_path(P);
  }
  SmallString<256> Real;
  if (P.empty() || sys::fs::real_path(P, Real))
    Real = P;
  if (!Rest.empty())
    sys::path::append(Real, Rest);
  return std::string(Real);
}

/// Runs the analyzer once on a kernel it must accept, with the class's
/// arguments: a broken analyzer or an unusable TMPDIR is the run's error,
/// not a zero for every student.
Error checkAnalyzer(const GradeConfig &C, const Rubric &R) {
  SmallString<128> Probe;
  int FD;
  if (std::error_code EC =
          sys::fs::createTemporaryFile("grade-probe", "cu", FD, Probe))
    return fail("cannot create temporary files (" + EC.message() +
                "; check TMPDIR)");
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "__global__ void probe(float *a) { a[threadIdx.x] = 0; }\n";
  }
  Submission S = submissionAt(std::string(Probe));
  S.Confine.clear();
  std::vector<ProcessResult> Run = runProcesses(
      {{analyzerArgs(C.Analyzer, R, S, C.ExtraArgs)}}, 1, C.TimeoutSeconds,
      nullptr);
  sys::fs::remove(Probe);
  const ProcessResult &P = Run.front();
  if (P.How == ProcessResult::Exited && P.ExitCode == 0 &&
      StringRef(P.Stdout).contains("\"accesses\""))
    return Error::success();
  StringRef Why = StringRef(P.Stderr).trim().split('\n').first;
  if (Why.empty())
    Why = P.Detail.empty() ? StringRef("no report") : StringRef(P.Detail);
  return fail("the analyzer " + C.Analyzer + " cannot run: " + Why);
}

} // namespace

Expected<ClassSummary> gradeClass(const GradeConfig &C, raw_ostream &Err) {
  Expected<Rubric> R = loadRubric(C.RubricPath);
  if (!R)
    return R.takeError();
  Expected<std::vector<Submission>> Subs = findSubmissions(C.SubmissionsDir);
  if (!Subs)
    return Subs.takeError();
  if (!sys::fs::can_execute(C.Analyzer))
    return fail("analyzer " + C.Analyzer +
                " not found or not executable (see --analyzer)");
  // Feedback written among the submissions would be graded as one next
  // time (a folder "feedback" of .md files and a student "results").
  std::string Out = resolvedPath(C.OutDir),
              Folder = resolvedPath(C.SubmissionsDir);
  if (Out == Folder || StringRef(Out).starts_with(Folder + "/"))
    return fail("--out " + C.OutDir + " lies inside the submissions folder " +
                C.SubmissionsDir);
  if (Error E = checkAnalyzer(C, *R))
    return E;
  if (Error E = validatePenaltyNames(*R, C.Analyzer, C.RubricPath,
                                     C.TimeoutSeconds))
    return E;
  for (const char *Sub : {"", "results", "feedback"}) {
    SmallString<256> Dir(C.OutDir);
    sys::path::append(Dir, Sub);
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return fail("cannot create " + Dir + ": " + EC.message());
  }

  Marks M;
  if (!R->Reference.empty()) {
    if (!sys::fs::exists(R->Reference))
      return fail("reference solution " + R->Reference + " does not exist");
    Submission Ref = submissionAt(R->Reference);
    Ref.Confine.clear();
    std::vector<ProcessResult> Run = runProcesses(
        {{analyzerArgs(C.Analyzer, *R, Ref, C.ExtraArgs)}}, 1,
        C.TimeoutSeconds, nullptr);
    Expected<Marks> RefMarks = referenceMarks(*R, Ref, Run.front());
    if (!RefMarks)
      return RefMarks.takeError();
    M = std::move(*RefMarks);
  }

  std::vector<ProcessJob> Jobs;
  for (Submission &S : *Subs) {
    SmallString<128> Expanded;
    if (!sys::fs::createTemporaryFile("grade-expanded", "txt", Expanded))
      S.ExpandedFile = std::string(Expanded);
    Jobs.push_back({analyzerArgs(C.Analyzer, *R, S, C.ExtraArgs)});
  }
  auto Progress = [&](size_t Done) {
    if (!C.Progress)
      return;
    Err << "\rcuda-coalesce-grade: " << Done << "/" << Jobs.size() << " graded";
    if (Done == Jobs.size())
      Err << "\n";
    Err.flush();
  };
  std::vector<ProcessResult> Runs =
      runProcesses(Jobs, C.Jobs, C.TimeoutSeconds, Progress);

  std::vector<StudentGrade> Class;
  ClassSummary Summary;
  for (size_t I = 0; I < Subs->size(); ++I) {
    Class.push_back(gradeSubmission(*R, (*Subs)[I], Runs[I], M));
    if (!(*Subs)[I].ExpandedFile.empty())
      sys::fs::remove((*Subs)[I].ExpandedFile);
    ++Summary.ByStatus[statusName(Class.back().State)];
  }
  Summary.Submissions = unsigned(Class.size());

  if (Error E = writeFile(C.OutDir + "/grades.csv", [&](raw_ostream &OS) {
        writeCsv(*R, Class, OS);
      }))
    return E;
  for (const StudentGrade &G : Class) {
    if (Error E = writeFile(C.OutDir + "/results/" + G.Student + ".json",
                            [&](raw_ostream &OS) { writeGradescope(*R, G, OS); }))
      return E;
    if (Error E = writeFile(C.OutDir + "/feedback/" + G.Student + ".md",
                            [&](raw_ostream &OS) { writeFeedback(*R, G, OS); }))
      return E;
  }
  if (Error E = writeFile(C.OutDir + "/report.html", [&](raw_ostream &OS) {
        writeHtmlReport(*R, Class, OS);
      }))
    return E;
  return Summary;
}

} // namespace grade
} // namespace coalesce

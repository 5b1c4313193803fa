//===- Scoring.cpp --------------------------------------------------------===//

#include "Grade/Scoring.h"
#include "Frontend/InputFiles.h"
#include "Frontend/RegularFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <tuple>

using namespace llvm;
using Json = nlohmann::json;

namespace coalesce {
namespace grade {

namespace {

double round2(double V) { return std::round(V * 100.0) / 100.0; }

/// "copy<float, 2>" -> "copy": a rubric names the kernel, not an instance.
StringRef baseName(StringRef Kernel) { return Kernel.split('<').first.trim(); }

std::string relative(StringRef Path, const Submission &S) {
  StringRef P = Path;
  if (P.consume_front(S.Root) && P.consume_front("/"))
    return P.str();
  return Path.str();
}

/// What of a compiler message a student is shown: printable characters,
/// at most this many. clang quotes what it read in its messages, and a
/// student must not get a file's bytes back through one.
constexpr size_t MaxMessageChars = 200;

std::string excerpt(StringRef Line) {
  std::string Out;
  for (char C : Line) {
    if (Out.size() == MaxMessageChars) {
      Out += "...";
      break;
    }
    // A backtick could end the feedback page's code fence around it.
    Out += C == '`' ? '\'' : (C >= 0x20 && C < 0x7f) ? C : '?';
  }
  return Out;
}

/// The first line of clang's output that is an error, with the path made
/// relative; else the first line at all.
std::string firstError(const std::string &Stderr, const Submission &S) {
  SmallVector<StringRef, 16> Lines;
  StringRef(Stderr).split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains(": error: ") || L.contains("fatal error: "))
      return excerpt(relative(L.trim(), S));
  return Lines.empty() ? std::string("the analyzer failed without a message")
                       : excerpt(relative(Lines.front().trim(), S));
}

/// Whether the report's Path is one of the submission's own files: only
/// those are quoted back to the student (a #line can name any file).
bool ownFile(const std::string &Path, const Submission &S) {
  SmallString<256> Real, Own;
  if (sys::fs::real_path(Path, Real) ||
      sys::fs::real_path(S.Confine.empty() ? S.Root : S.Confine, Own))
    return false;
  StringRef R = Real;
  return R == Own.str() || (R.starts_with(Own) && R[Own.size()] == '/');
}

class SourceCache {
public:
  explicit SourceCache(const Submission &S) : S(S) {}
  std::string line(const std::string &Path, unsigned Line) {
    auto It = Files.find(Path);
    if (It == Files.end()) {
      std::vector<std::string> Lines;
      Expected<std::unique_ptr<MemoryBuffer>> B =
          createStringError(inconvertibleErrorCode(), "not the submission's");
      if (ownFile(Path, S)) {
        consumeError(B.takeError());
        B = readRegularFile(Path, MaxSourceBytes);
      }
      if (!B)
        consumeError(B.takeError());
      else {
        SmallVector<StringRef, 64> Parts;
        (*B)->getBuffer().split(Parts, '\n');
        for (StringRef P : Parts)
          Lines.push_back(P.rtrim("\r").str());
      }
      It = Files.emplace(Path, std::move(Lines)).first;
    }
    if (Line == 0 || Line > It->second.size())
      return "";
    return StringRef(It->second[Line - 1]).trim().str();
  }

private:
  const Submission &S;
  std::map<std::string, std::vector<std::string>> Files;
};

template <typename T> std::optional<T> opt(const Json &J, const char *Key) {
  auto It = J.find(Key);
  if (It == J.end() || It->is_null())
    return std::nullopt;
  return It->get<T>();
}

std::string str(const Json &J, const char *Key) {
  return opt<std::string>(J, Key).value_or("");
}

GradedAccess readAccess(const Json &A, const Submission &S,
                        SourceCache &Sources) {
  GradedAccess G;
  std::string Path = str(A, "file");
  G.File = relative(Path, S);
  G.Line = opt<unsigned>(A, "line").value_or(0);
  G.Column = opt<unsigned>(A, "column").value_or(0);
  G.Kernel = str(A, "kernel");
  G.Function = str(A, "function");
  G.Access = str(A, "access");
  G.Text = str(A, "text");
  G.Base = str(A, "base");
  G.Category = str(A, "category");
  G.Check = str(A, "check");
  G.Message = str(A, "message");
  if (auto It = A.find("notes"); It != A.end() && It->is_array())
    for (const Json &N : *It)
      G.Notes.push_back(N.get<std::string>());
  if (auto It = A.find("call_chain"); It != A.end() && It->is_array())
    for (const Json &Step : *It)
      G.CallChain.push_back(str(Step, "caller") + " calls " +
                            str(Step, "callee") + " at " +
                            relative(str(Step, "file"), S) + ":" +
                            std::to_string(opt<unsigned>(Step, "line")
                                               .value_or(0)));
  G.Code = Sources.line(Path, G.Line);
  G.ElemBytes = opt<unsigned>(A, "elem_bytes").value_or(0);
  if (auto It = A.find("lane_offsets"); It != A.end() && It->is_array())
    for (const Json &O : *It)
      G.LaneOffsets.push_back(O.is_null() ? std::nullopt
                                          : std::optional(O.get<int64_t>()));
  G.Lane0Offset = opt<int64_t>(A, "lane0_offset_bytes").value_or(0);
  G.LaneStrideBytes = opt<int64_t>(A, "lane_stride_bytes");
  G.Sectors = opt<unsigned>(A, "sectors_per_request");
  G.IdealSectors = opt<unsigned>(A, "ideal_sectors");
  G.Efficiency = opt<double>(A, "efficiency");
  return G;
}

/// The check name an access whose address the analysis cannot follow is
/// graded under (Rubric::penalty; docs/grading.md).
const char UnknownCheck[] = "unknown";

struct ParsedReport {
  std::vector<GradedAccess> Flagged;
  /// Accesses whose address is unknown and that no enabled check flagged:
  /// code the analysis could not judge cannot earn full marks.
  std::vector<GradedAccess> Unknown;
  /// Kernel base name -> where it is defined ("" when only seen in accesses).
  std::map<std::string, std::string> Kernels;
  std::vector<std::string> Files;
};

Expected<ParsedReport> parseReport(const std::string &Text,
                                   const Submission &S) {
  Json Doc = Json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object() || !Doc.contains("accesses"))
    return createStringError(inconvertibleErrorCode(),
                             "the analyzer wrote no readable report");
  ParsedReport R;
  SourceCache Sources(S);
  for (const Json &A : Doc["accesses"]) {
    // An access repeated on the line of a call that reaches it
    // (report-format.md): graded once, where it is written.
    if (A.is_object() && A.contains("inlined_from"))
      continue;
    R.Kernels.emplace(baseName(str(A, "kernel")).str(), "");
    if (A.value("flagged", false)) {
      R.Flagged.push_back(readAccess(A, S, Sources));
    } else if (str(A, "category") == "unknown") {
      GradedAccess G = readAccess(A, S, Sources);
      G.Check = UnknownCheck;
      G.Message = "the analysis cannot follow this address (" +
                  str(A, "reason") +
                  "), so it cannot tell whether the access coalesces";
      R.Unknown.push_back(std::move(G));
    }
  }
  // Newer analyzers list every kernel, also those without global accesses.
  if (auto It = Doc.find("kernels"); It != Doc.end() && It->is_array())
    for (const Json &K : *It)
      R.Kernels[baseName(str(K, "name")).str()] =
          relative(str(K, "file"), S) + ":" +
          std::to_string(opt<unsigned>(K, "line").value_or(0));
  for (const std::string &F : S.Sources)
    R.Files.push_back(relative(F, S));
  return R;
}

std::string sourcesText(const Submission &S) {
  std::string All;
  for (const std::string &F : S.Sources) {
    if (!ownFile(F, S))
      continue;
    Expected<std::unique_ptr<MemoryBuffer>> B =
        readRegularFile(F, MaxSourceBytes);
    if (B)
      All += (*B)->getBuffer().str() + "\n";
    else
      consumeError(B.takeError());
  }
  return All;
}

std::vector<Problem> groupProblems(const std::vector<GradedAccess> &Flagged,
                                   StringRef Kernel) {
  std::map<std::tuple<std::string, std::string, std::string>, Problem> Groups;
  for (const GradedAccess &A : Flagged) {
    if (baseName(A.Kernel) != Kernel)
      continue;
    std::string Pattern =
        A.Category == "aos" ? A.Base
        : A.LaneStrideBytes         ? std::to_string(*A.LaneStrideBytes)
                                    : A.Base;
    Problem &P = Groups[{A.Function, A.Check, Pattern}];
    P.Function = A.Function;
    P.Check = A.Check;
    if (!llvm::is_contained(P.Bases, A.Base))
      P.Bases.push_back(A.Base);
    P.Accesses.push_back(A);
  }
  std::vector<Problem> Out;
  for (auto &[Key, P] : Groups) {
    llvm::sort(P.Bases);
    // A template kernel analyzed once per instantiation reports the same
    // line twice; the student wrote it once.
    llvm::sort(P.Accesses, [](const GradedAccess &A, const GradedAccess &B) {
      return std::tie(A.File, A.Line, A.Column, A.Access) <
             std::tie(B.File, B.Line, B.Column, B.Access);
    });
    P.Accesses.erase(
        std::unique(P.Accesses.begin(), P.Accesses.end(),
                    [](const GradedAccess &A, const GradedAccess &B) {
                      return std::tie(A.File, A.Line, A.Column, A.Access) ==
                             std::tie(B.File, B.Line, B.Column, B.Access);
                    }),
        P.Accesses.end());
    // An access whose efficiency is unknown (a gather) costs as if it were
    // the worst: the rubric asked for coalesced code.
    P.WorstEfficiency = 1.0;
    for (const GradedAccess &A : P.Accesses)
      P.WorstEfficiency = std::min(P.WorstEfficiency, A.Efficiency.value_or(0));
    Out.push_back(std::move(P));
  }
  llvm::sort(Out, [](const Problem &A, const Problem &B) {
    const GradedAccess &X = A.Accesses.front(), &Y = B.Accesses.front();
    return std::tie(X.File, X.Line, X.Column, A.Check) <
           std::tie(Y.File, Y.Line, Y.Column, B.Check);
  });
  return Out;
}

} // namespace

const char *statusName(Status S) {
  switch (S) {
  case Status::Ok:
    return "ok";
  case Status::Findings:
    return "findings";
  case Status::CompileError:
    return "compile-error";
  case Status::MissingKernel:
    return "missing-kernel";
  case Status::Timeout:
    return "timeout";
  }
  return "?";
}

std::string formatPoints(double P) {
  std::string S = llvm::formatv("{0:F2}", round2(P) + 0.0).str();
  while (S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  return S == "-0" ? "0" : S;
}

std::vector<std::string> analyzerArgs(const std::string &Analyzer,
                                      const Rubric &R, const Submission &S,
                                      const std::vector<std::string> &Extra) {
  // The student's code is judged as written: its NOLINT comments and any
  // .cuda-coalesce.yaml in the submission must not change the grade. The
  // grader runs submissions in parallel and owns their time budget, so
  // each analyzer works on one file at a time with no timeout of its own.
  std::vector<std::string> Args = {Analyzer,      "--format=json",
                                   "--color=false", "--ignore-nolint",
                                   "--no-config",   "-j",
                                   "1",             "--timeout=0"};
  Args.insert(Args.end(), R.AnalyzerArgs.begin(), R.AnalyzerArgs.end());
  // Untrusted code reads nothing outside its own files (docs/grading.md,
  // "Security"); the reference solution is the teacher's.
  if (!S.Confine.empty())
    Args.push_back("--confine=" + S.Confine);
  if (!S.Confine.empty() && !S.ExpandedFile.empty())
    Args.push_back("--expanded-sources=" + S.ExpandedFile);
  Args.insert(Args.end(), S.Sources.begin(), S.Sources.end());
  Args.push_back("--");
  // -iquote, not -I: the students' folders then share one precompiled
  // prelude (PreludePch.cpp), and their quoted includes resolve as before.
  Args.push_back("-iquote");
  Args.push_back(S.Root);
  Args.insert(Args.end(), Extra.begin(), Extra.end());
  return Args;
}

StudentGrade gradeSubmission(const Rubric &R, const Submission &S,
                             const ProcessResult &Run, const Marks &M) {
  StudentGrade G;
  G.Student = S.Student;
  G.MaxScore = R.maxScore();
  for (const RubricKernel &K : R.Kernels)
    G.Kernels.push_back({K.Name, K.Points, 0, false, "", {}, {}});
  for (const std::string &F : S.Sources)
    G.Files.push_back(relative(F, S));

  if (S.Sources.empty()) {
    G.State = Status::MissingKernel;
    G.CompileError = "no .cu file in the submission";
    return G;
  }
  switch (Run.How) {
  case ProcessResult::TimedOut:
    G.State = Status::Timeout;
    G.CompileError = "the analysis did not finish: " + Run.Detail;
    return G;
  case ProcessResult::Crashed:
    G.State = Status::CompileError;
    G.CompileError = "the analyzer crashed on this code (" + Run.Detail +
                     ")" + (Run.Stderr.empty() ? "" : ": " + firstError(Run.Stderr, S));
    return G;
  case ProcessResult::NotStarted:
    G.State = Status::CompileError;
    G.CompileError = "the analyzer could not be started: " + Run.Detail;
    return G;
  case ProcessResult::Exited:
    break;
  }
  if (Run.ExitCode != 0 && Run.ExitCode != 1) {
    G.State = Status::CompileError;
    G.CompileError = firstError(Run.Stderr, S);
    return G;
  }
  if (Run.StdoutCut) {
    G.State = Status::CompileError;
    G.CompileError = excerpt(StringRef(Run.Stdout).trim());
    return G;
  }
  Expected<ParsedReport> Report = parseReport(Run.Stdout, S);
  if (!Report) {
    G.State = Status::CompileError;
    G.CompileError = toString(Report.takeError());
    return G;
  }

  std::string Text = sourcesText(S);
  // A forbidden call pasted together by a macro is found as the compiler
  // sees it.
  std::string Expanded;
  if (!S.ExpandedFile.empty()) {
    Expected<std::unique_ptr<MemoryBuffer>> B =
        readRegularFile(S.ExpandedFile, MaxListBytes);
    if (B)
      Expanded = (*B)->getBuffer().str();
    else
      consumeError(B.takeError());
  }
  bool Missing = false, Lost = false;
  for (size_t I = 0; I < R.Kernels.size(); ++I) {
    const RubricKernel &RK = R.Kernels[I];
    KernelGrade &KG = G.Kernels[I];
    auto Found = Report->Kernels.find(RK.Name);
    if (Found == Report->Kernels.end()) {
      Missing = true;
      continue;
    }
    KG.Found = true;
    KG.DefinedAt = Found->second;
    double Mark = RK.MinEfficiency;
    if (auto It = M.find(RK.Name); It != M.end())
      Mark = std::min(Mark, It->second);
    // The score is the points less the deductions as printed, so the
    // feedback's numbers add up.
    double Score = RK.Points;
    for (Problem &P : groupProblems(Report->Flagged, RK.Name)) {
      if (Mark > 0 && P.WorstEfficiency >= Mark)
        continue;
      double Fraction =
          R.penalty(RK, P.Check) *
          (1.0 - (Mark > 0 ? P.WorstEfficiency / Mark : 0.0));
      P.Deduction = round2(RK.Points * Fraction);
      Score -= P.Deduction;
      KG.Problems.push_back(std::move(P));
    }
    // An access made unknown (inline asm, recursion, an unknown base) is
    // not a coalesced one: it costs its weight, as at efficiency 0.
    for (Problem &P : groupProblems(Report->Unknown, RK.Name)) {
      P.WorstEfficiency = 0;
      P.Deduction = round2(RK.Points * R.penalty(RK, UnknownCheck));
      if (P.Deduction <= 0)
        continue;
      Score -= P.Deduction;
      KG.Problems.push_back(std::move(P));
    }
    for (const SourcePattern &P : R.Required)
      if (P.Kernel == RK.Name && !Regex(P.Pattern).match(Text)) {
        KG.PatternDeductions.push_back(
            {P.Message.empty() ? "required pattern `" + P.Pattern + "` not found"
                               : P.Message,
             P.Deduct});
        Score -= P.Deduct;
      }
    for (const SourcePattern &P : R.Forbidden)
      if (P.Kernel == RK.Name &&
          (Regex(P.Pattern).match(Text) || Regex(P.Pattern).match(Expanded))) {
        KG.PatternDeductions.push_back(
            {P.Message.empty() ? "forbidden pattern `" + P.Pattern + "` used"
                               : P.Message,
             P.Deduct});
        Score -= P.Deduct;
      }
    KG.Score = round2(std::max(0.0, Score));
    Lost |= KG.Score < KG.Points || !KG.Problems.empty();
    G.Score += KG.Score;
  }
  G.Score = round2(G.Score);
  G.State = Missing ? Status::MissingKernel
                    : Lost ? Status::Findings : Status::Ok;
  return G;
}

Expected<Marks> referenceMarks(const Rubric &R, const Submission &S,
                               const ProcessResult &Run) {
  StudentGrade Ref = gradeSubmission(R, S, Run, {});
  if (Ref.State == Status::CompileError || Ref.State == Status::Timeout)
    return createStringError(inconvertibleErrorCode(),
                             "reference solution " + R.Reference +
                                 " could not be analyzed: " + Ref.CompileError);
  Marks M;
  for (const KernelGrade &K : Ref.Kernels) {
    if (!K.Found)
      return createStringError(inconvertibleErrorCode(),
                               "reference solution " + R.Reference +
                                   " lacks kernel '" + K.Name + "'");
    double Worst = 1.0;
    for (const Problem &P : K.Problems)
      if (P.Check != UnknownCheck)
        Worst = std::min(Worst, P.WorstEfficiency);
    M[K.Name] = Worst;
  }
  return M;
}

} // namespace grade
} // namespace coalesce

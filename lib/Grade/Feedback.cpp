//===- Feedback.cpp - the student's page ----------------------------------===//
//
// One item per design mistake (Problem), at the kernel and the call chain
// that reaches it, with every access it covers and the analyzer's fix.
//
//===----------------------------------------------------------------------===//

#include "Grade/GradeOutput.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace coalesce {
namespace grade {

std::string problemTitle(const Problem &P) {
  // By the report's category, not the check's name: the check registry is
  // the one place that spells the names.
  std::string What = "uncoalesced access to";
  StringRef Category = P.Accesses.empty() ? "" : P.Accesses.front().Category;
  if (Category == "strided")
    What = "strided access to";
  else if (Category == "aos")
    What = "array-of-structs access to";
  else if (Category == "chunked")
    What = "chunked (CPU-style) loop over";
  else if (Category == "gather")
    What = "gather from";
  else if (Category == "unknown")
    What = "access the analysis cannot follow, to";
  std::string Bases;
  for (const std::string &B : P.Bases)
    Bases += (Bases.empty() ? "`" : ", `") + B + "`";
  return What + " " + Bases;
}

std::string problemPlace(const KernelGrade &K, const Problem &P) {
  const std::string &Kernel = P.Accesses.front().Kernel;
  if (P.Function.empty() || P.Function == Kernel)
    return "in kernel `" + Kernel + "`";
  std::string Place = "in `__device__` function `" + P.Function +
                      "`, called from kernel `" + Kernel + "`";
  const std::vector<std::string> &Chain = P.Accesses.front().CallChain;
  if (!Chain.empty()) {
    Place += " (";
    for (size_t I = 0; I < Chain.size(); ++I)
      Place += (I ? "; " : "") + Chain[I];
    Place += ")";
  }
  return Place;
}

namespace {

std::string percent(double E) {
  return formatv("{0:F1}%", E * 100.0).str();
}

void writeProblem(const KernelGrade &K, const Problem &P, unsigned N,
                  raw_ostream &OS) {
  const GradedAccess &First = P.Accesses.front();
  OS << "### " << N << ". " << problemTitle(P) << " (-"
     << formatPoints(P.Deduction) << " points)\n\n";
  OS << problemPlace(K, P) << ", " << First.File << ":" << First.Line << ". ";
  OS << (P.Accesses.size() == 1 ? std::string("One access")
                                : std::to_string(P.Accesses.size()) +
                                      " accesses share this mistake")
     << (First.Category == "unknown"
             ? std::string("; its address is unknown to the analysis.\n\n")
             : "; the worst uses " + percent(P.WorstEfficiency) +
                   " of the bytes it fetches.\n\n");
  for (const GradedAccess &A : P.Accesses) {
    OS << "- `" << A.File << ":" << A.Line << ":" << A.Column << "` " << A.Access
       << " `" << A.Text << "`";
    if (A.Sectors && A.IdealSectors)
      OS << ": " << *A.Sectors << " sectors per request, ideal "
         << *A.IdealSectors;
    OS << "\n";
  }
  const GradedAccess *Worst = &First;
  for (const GradedAccess &A : P.Accesses)
    if (A.Efficiency.value_or(0) < Worst->Efficiency.value_or(0))
      Worst = &A;
  OS << "\n```cuda\n" << Worst->Code << "\n```\n\n";
  if (!Worst->Message.empty())
    OS << "The analyzer says: " << Worst->Message << "\n\n";
  if (!Worst->Notes.empty()) {
    OS << "Notes and fix:\n\n";
    for (const std::string &Note : Worst->Notes)
      OS << "- " << Note << "\n";
    OS << "\n";
  }
}

} // namespace

/// A student id or a file name as Markdown text: it is the student's to
/// choose, and must not turn into markup or HTML on the feedback page.
std::string mdText(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '<')
      Out += "&lt;";
    else if (C == '>')
      Out += "&gt;";
    else if (C == '&')
      Out += "&amp;";
    else if (StringRef("\\`*_[]()#|!~").contains(C))
      Out += std::string("\\") + C;
    else if (C == '\n' || C == '\r')
      Out += ' ';
    else
      Out += C;
  }
  return Out;
}

void writeFeedback(const Rubric &R, const StudentGrade &G, raw_ostream &OS) {
  OS << "# " << R.Assignment << ": feedback for " << mdText(G.Student)
     << "\n\n";
  OS << "Score: **" << formatPoints(G.Score) << " / "
     << formatPoints(G.MaxScore) << "** (" << statusName(G.State) << ")\n\n";
  if (!G.Files.empty()) {
    OS << "Files analyzed:";
    // A code span shows its text as it is, but for a backtick, which would
    // end it.
    for (std::string F : G.Files) {
      std::replace(F.begin(), F.end(), '`', '\'');
      OS << " `" << F << "`";
    }
    OS << "\n\n";
  }
  if (G.State == Status::CompileError || G.State == Status::Timeout ||
      (G.State == Status::MissingKernel && G.Files.empty())) {
    OS << (G.State == Status::Timeout ? "## The analysis timed out\n\n"
           : G.Files.empty()          ? "## Nothing to grade\n\n"
                                      : "## Your code does not compile\n\n");
    OS << "```\n" << G.CompileError << "\n```\n\n"
       << "Every kernel scores 0 until this is fixed.\n";
    return;
  }
  OS << "| kernel | score | |\n|---|---|---|\n";
  for (const KernelGrade &K : G.Kernels) {
    OS << "| `" << K.Name << "` | " << formatPoints(K.Score) << " / "
       << formatPoints(K.Points) << " | ";
    if (!K.Found)
      OS << "missing";
    else if (K.Problems.empty() && K.PatternDeductions.empty())
      OS << "coalesced";
    else
      OS << K.Problems.size() + K.PatternDeductions.size()
         << (K.Problems.size() + K.PatternDeductions.size() == 1 ? " problem"
                                                                 : " problems");
    OS << " |\n";
  }
  OS << "\n";
  for (const KernelGrade &K : G.Kernels) {
    OS << "## `" << K.Name << "`: " << formatPoints(K.Score) << " / "
       << formatPoints(K.Points) << "\n\n";
    if (!K.Found) {
      OS << "Kernel `" << K.Name
         << "` was not found in your files: it scores 0. Check its name and "
            "that it is declared `__global__`.\n\n";
      continue;
    }
    if (K.Problems.empty() && K.PatternDeductions.empty()) {
      OS << "Every global access coalesces. Full marks.\n\n";
      continue;
    }
    unsigned N = 0;
    for (const Problem &P : K.Problems)
      writeProblem(K, P, ++N, OS);
    for (const auto &[Message, Points] : K.PatternDeductions)
      OS << "### " << ++N << ". " << Message << " (-" << formatPoints(Points)
         << " points)\n\n";
  }
}

} // namespace grade
} // namespace coalesce

//===- GradescopeResult.cpp - results/<student>.json ----------------------===//
//
// Gradescope's autograder results format: "score", "output" and one test per
// rubric kernel with "name", "score", "max_score" and "output" (the student's
// feedback for that kernel, as plain text).
//
//===----------------------------------------------------------------------===//

#include "Grade/GradeOutput.h"

#include <nlohmann/json.hpp>

using namespace llvm;
using Json = nlohmann::ordered_json;

namespace coalesce {
namespace grade {

namespace {

/// Points as JSON numbers with the same two-decimal rounding as the CSV.
Json points(double P) { return std::stod(formatPoints(P)); }

std::string kernelOutput(const StudentGrade &G, const KernelGrade &K) {
  if (G.State == Status::CompileError || G.State == Status::Timeout ||
      G.Files.empty())
    return G.CompileError;
  if (!K.Found)
    return "kernel " + K.Name + " was not found in the submission";
  if (K.Problems.empty() && K.PatternDeductions.empty())
    return "every global access coalesces";
  std::string Out;
  for (const Problem &P : K.Problems) {
    const GradedAccess &A = P.Accesses.front();
    Out += problemTitle(P) + " " + problemPlace(K, P) + " at " + A.File + ":" +
           std::to_string(A.Line) + " (" + std::to_string(P.Accesses.size()) +
           (P.Accesses.size() == 1 ? " access" : " accesses") + ", -" +
           formatPoints(P.Deduction) + " points)";
    if (!A.Message.empty())
      Out += ": " + A.Message;
    Out += "\n";
  }
  for (const auto &[Message, Deduct] : K.PatternDeductions)
    Out += Message + " (-" + formatPoints(Deduct) + " points)\n";
  return Out;
}

} // namespace

void writeGradescope(const Rubric &R, const StudentGrade &G, raw_ostream &OS) {
  Json Doc;
  Doc["score"] = points(G.Score);
  Doc["output"] = R.Assignment + ": " + formatPoints(G.Score) + " / " +
                  formatPoints(G.MaxScore) + " (" + statusName(G.State) + ")";
  Json Tests = Json::array();
  for (const KernelGrade &K : G.Kernels)
    Tests.push_back({{"name", K.Name},
                     {"score", points(K.Score)},
                     {"max_score", points(K.Points)},
                     {"output", kernelOutput(G, K)}});
  Doc["tests"] = std::move(Tests);
  OS << Doc.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

} // namespace grade
} // namespace coalesce

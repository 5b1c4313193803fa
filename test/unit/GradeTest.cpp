//===- GradeTest.cpp - the grader's rubric and scoring rule ---------------===//
//
// The scoring rule of docs/grading.md on hand-written analyzer reports, so
// each case (grouping, marks, references, compile errors) is pinned by
// numbers worked out by hand.
//
//===----------------------------------------------------------------------===//

#include "Grade/Rubric.h"
#include "Grade/Scoring.h"
#include "Grade/Submission.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace coalesce::grade;
using Json = nlohmann::json;

namespace {

Rubric rubric(const char *Text) {
  llvm::Expected<Rubric> R = parseRubric(Text, "test.yaml");
  EXPECT_TRUE(bool(R)) << (R ? "" : llvm::toString(R.takeError()));
  return R ? *R : Rubric();
}

std::string rubricError(const char *Text) {
  llvm::Expected<Rubric> R = parseRubric(Text, "test.yaml");
  if (R)
    return "";
  return llvm::toString(R.takeError());
}

Submission submission() {
  Submission S;
  S.Student = "s";
  S.Root = "/sub/s";
  S.Sources = {"/sub/s/k.cu"};
  return S;
}

Json access(const std::string &Kernel, const std::string &Function,
            const std::string &Check, const std::string &Base, unsigned Line,
            double Efficiency, int64_t Stride) {
  return {{"file", "/sub/s/k.cu"}, {"line", Line}, {"column", 3},
          {"kernel", Kernel},      {"function", Function},
          {"access", "load"},      {"text", Base + "[i]"},
          {"base", Base},          {"category", "strided"},
          {"check", Check},        {"flagged", true},
          {"efficiency", Efficiency},
          {"lane_stride_bytes", Stride},
          {"message", "msg"},      {"notes", {"fix"}}};
}

/// The report's "kernels" list (brace-initialising a one-element JSON array
/// would copy its element instead).
Json kernels(std::initializer_list<const char *> Names) {
  Json K = Json::array();
  for (const char *N : Names)
    K.push_back({{"name", N}, {"file", "/sub/s/k.cu"}, {"line", 1}});
  return K;
}

ProcessResult exited(int Code, const Json &Accesses,
                     const Json &Kernels = Json::array()) {
  ProcessResult R;
  R.How = ProcessResult::Exited;
  R.ExitCode = Code;
  R.Stdout = Json{{"accesses", Accesses}, {"kernels", Kernels}}.dump();
  return R;
}

const char *TwoKernels = "assignment: a\n"
                         "kernels:\n"
                         "  - name: k\n"
                         "    points: 10\n"
                         "  - name: other\n"
                         "    points: 5\n";

} // namespace

TEST(Rubric, Defaults) {
  Rubric R = rubric(TwoKernels);
  ASSERT_EQ(R.Kernels.size(), 2u);
  EXPECT_EQ(R.maxScore(), 15);
  EXPECT_EQ(R.Kernels[0].MinEfficiency, 1.0);
  EXPECT_EQ(R.penalty(R.Kernels[0], "coalescing-strided"), 0.5);
}

TEST(Rubric, PenaltiesPerKernelOverrideTheRubrics) {
  Rubric R = rubric("assignment: a\n"
                    "penalties: {coalescing-aos: 0.8}\n"
                    "kernels:\n"
                    "  - name: k\n"
                    "    points: 10\n"
                    "    penalties: {coalescing-aos: 0.2}\n"
                    "  - name: m\n"
                    "    points: 10\n");
  EXPECT_EQ(R.penalty(R.Kernels[0], "coalescing-aos"), 0.2);
  EXPECT_EQ(R.penalty(R.Kernels[1], "coalescing-aos"), 0.8);
}

TEST(Rubric, Errors) {
  EXPECT_EQ(rubricError("assignment: a\nkernels: []\n"),
            "rubric test.yaml: 'kernels' lists no kernel");
  EXPECT_EQ(rubricError("assignment: a\nkernels:\n  - name: k\n    points: 0\n"),
            "rubric test.yaml: kernel 'k' must have points > 0");
  EXPECT_EQ(rubricError("assignment: a\nkernels:\n  - name: k\n    points: 1\n"
                        "forbidden:\n  - pattern: 'x'\n    kernel: q\n"
                        "    deduct: 1\n"),
            "rubric test.yaml: pattern 'x' names kernel 'q', which the rubric "
            "does not list");
  EXPECT_EQ(rubricError("assignment: a\nkernels:\n  - name: k\n    points: 1\n"
                        "required:\n  - pattern: '('\n    kernel: k\n"
                        "    deduct: 1\n")
                .rfind("rubric test.yaml: pattern '(': ", 0),
            0u);
  EXPECT_EQ(rubricError("kernels: 3\n").rfind("rubric test.yaml: line 1: ", 0),
            0u);
}

TEST(Rubric, PenaltiesMustNameChecksThatExist) {
  std::vector<std::string> Known = {"coalescing-aos", "coalescing-strided"};
  Rubric R = rubric("assignment: a\nkernels:\n  - name: k\n    points: 1\n"
                    "    penalties: {coalescing-aos: 0.5}\n"
                    "penalties: {coalescing-strided: 0.5}\n");
  EXPECT_FALSE(bool(checkPenaltyNames(R, Known, "test.yaml")));
  R.Kernels[0].Penalties["coalescing-aso"] = 0.5;
  EXPECT_EQ(llvm::toString(checkPenaltyNames(R, Known, "test.yaml")),
            "rubric test.yaml: kernel 'k': penalties names check "
            "'coalescing-aso', which does not exist (checks: coalescing-aos, "
            "coalescing-strided)");
}

/// A submission folder with the given files (name -> text).
std::string folder(const std::vector<std::pair<std::string, std::string>> &Files) {
  llvm::SmallString<128> Dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("grade-sub", Dir));
  for (const auto &[Name, Text] : Files) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream(P, EC) << Text;
  }
  return std::string(Dir);
}

std::vector<std::string> sourceNames(const Submission &S) {
  std::vector<std::string> Out;
  for (const std::string &P : S.Sources)
    Out.push_back(llvm::sys::path::filename(P).str());
  return Out;
}

TEST(Submission, AnIncludedCuIsPartOfItsIncluder) {
  std::string Dir = folder({{"main.cu", "#include \"kernels.cu\"\n"},
                            {"kernels.cu", "__global__ void k() {}\n"},
                            {"other.cu", "// #include \"main.cu\" is a comment\n"}});
  EXPECT_EQ(sourceNames(submissionAt(Dir)),
            (std::vector<std::string>{"main.cu", "other.cu"}));
  llvm::sys::fs::remove_directories(Dir);
}

TEST(Submission, FilesIncludingEachOtherKeepOne) {
  std::string Dir = folder({{"a.cu", "#include \"b.cu\"\n"},
                            {"b.cu", "#include \"a.cu\"\n"}});
  EXPECT_EQ(sourceNames(submissionAt(Dir)), (std::vector<std::string>{"a.cu"}));
  llvm::sys::fs::remove_directories(Dir);
}

TEST(Scoring, CleanKernelsGetFullPoints) {
  Rubric R = rubric(TwoKernels);
  StudentGrade G = gradeSubmission(
      R, submission(), exited(0, Json::array(), kernels({"k", "other"})),
      {});
  EXPECT_EQ(G.State, Status::Ok);
  EXPECT_EQ(G.Score, 15);
}

TEST(Scoring, DeductionGrowsAsEfficiencyFalls) {
  Rubric R = rubric(TwoKernels);
  auto Score = [&](double E) {
    return gradeSubmission(
               R, submission(),
               exited(1, Json::array({access("k", "k", "coalescing-strided", "a", 3, E, 8)}),
                      kernels({"k", "other"})),
               {})
        .Kernels[0]
        .Score;
  };
  EXPECT_EQ(Score(0.5), 7.5);   // 10 - 10 * 0.5 * 0.5
  EXPECT_EQ(Score(0.125), 5.62); // 10 - 4.38 (4.375 printed rounded)
  EXPECT_LT(Score(0.125), Score(0.5));
}

TEST(Scoring, OneMistakeIsOneDeduction) {
  Rubric R = rubric(TwoKernels);
  Json Accesses = Json::array();
  // Six AoS accesses to one array: one mistake.
  for (unsigned L = 1; L <= 6; ++L)
    Accesses.push_back(access("k", "k", "coalescing-aos", "p", L, 0.1667, 24));
  // Two chunked arrays walked with one stride: one mistake; another stride
  // is another.
  Accesses.push_back(access("other", "other", "coalescing-chunked", "x", 9, 0.125, 128));
  Accesses.push_back(access("other", "other", "coalescing-chunked", "vx", 9, 0.125, 128));
  Accesses.push_back(access("other", "other", "coalescing-chunked", "y", 10, 0.25, 64));
  StudentGrade G = gradeSubmission(R, submission(), exited(1, Accesses), {});
  ASSERT_EQ(G.Kernels[0].Problems.size(), 1u);
  EXPECT_EQ(G.Kernels[0].Problems[0].Accesses.size(), 6u);
  EXPECT_EQ(G.Kernels[0].Score, 5.83); // 10 - 10 * 0.5 * 0.8333
  ASSERT_EQ(G.Kernels[1].Problems.size(), 2u);
  EXPECT_EQ(G.Kernels[1].Problems[0].Bases,
            (std::vector<std::string>{"vx", "x"}));
  EXPECT_EQ(G.State, Status::Findings);
}

TEST(Scoring, HelperFindingsCountForTheirKernel) {
  Rubric R = rubric(TwoKernels);
  StudentGrade G = gradeSubmission(
      R, submission(),
      exited(1, Json::array({access("k<float, 2>", "load", "coalescing-strided", "m", 3, 0.125, 64)}),
             kernels({"k<float, 2>", "other"})),
      {});
  ASSERT_EQ(G.Kernels[0].Problems.size(), 1u);
  EXPECT_EQ(G.Kernels[0].Problems[0].Function, "load");
  EXPECT_TRUE(G.Kernels[0].Found);
}

TEST(Scoring, MinEfficiencyAndReferenceSetTheMark) {
  Rubric R = rubric("assignment: a\n"
                    "kernels:\n"
                    "  - name: k\n"
                    "    points: 10\n"
                    "    min_efficiency: 0.5\n");
  auto Run = [](double E) {
    return exited(1, Json::array({access("k", "k", "coalescing-strided", "a", 3, E, 8)}),
                  kernels({"k"}));
  };
  EXPECT_EQ(gradeSubmission(R, submission(), Run(0.5), {}).Kernels[0].Score, 10);
  // 10 - 10 * 0.5 * (1 - 0.25 / 0.5)
  EXPECT_EQ(gradeSubmission(R, submission(), Run(0.25), {}).Kernels[0].Score, 7.5);
  // A reference reaching only 0.25 lowers the mark to 0.25.
  Marks M = {{"k", 0.25}};
  EXPECT_EQ(gradeSubmission(R, submission(), Run(0.25), M).Kernels[0].Score, 10);
  llvm::Expected<Marks> FromRef = referenceMarks(R, submission(), Run(0.25));
  ASSERT_TRUE(bool(FromRef));
  EXPECT_EQ((*FromRef)["k"], 0.25);
}

TEST(Scoring, MissingKernelScoresZero) {
  Rubric R = rubric(TwoKernels);
  StudentGrade G =
      gradeSubmission(R, submission(), exited(0, Json::array(), kernels({"k"})), {});
  EXPECT_EQ(G.State, Status::MissingKernel);
  EXPECT_EQ(G.Kernels[0].Score, 10);
  EXPECT_EQ(G.Kernels[1].Score, 0);
  EXPECT_FALSE(G.Kernels[1].Found);
}

TEST(Scoring, CompileErrorScoresZeroWithTheFirstError) {
  Rubric R = rubric(TwoKernels);
  ProcessResult Run = exited(2, Json::array(), kernels({"k", "other"}));
  Run.Stderr = "/sub/s/k.cu:4:1: warning: unused\n"
               "/sub/s/k.cu:5:2: error: expected ';'\n"
               "/sub/s/k.cu:9:2: error: later\n";
  StudentGrade G = gradeSubmission(R, submission(), Run, {});
  EXPECT_EQ(G.State, Status::CompileError);
  EXPECT_EQ(G.Score, 0);
  EXPECT_EQ(G.CompileError, "k.cu:5:2: error: expected ';'");
  llvm::Expected<Marks> Ref = referenceMarks(R, submission(), Run);
  EXPECT_FALSE(bool(Ref));
  llvm::consumeError(Ref.takeError());
}

TEST(Scoring, TimeoutAndCrash) {
  Rubric R = rubric(TwoKernels);
  ProcessResult Hang;
  Hang.How = ProcessResult::TimedOut;
  Hang.Detail = "killed after 5 s";
  EXPECT_EQ(gradeSubmission(R, submission(), Hang, {}).State, Status::Timeout);
  ProcessResult Crash;
  Crash.How = ProcessResult::Crashed;
  Crash.Detail = "Segmentation fault";
  StudentGrade G = gradeSubmission(R, submission(), Crash, {});
  EXPECT_EQ(G.State, Status::CompileError);
  EXPECT_EQ(G.CompileError, "the analyzer crashed on this code (Segmentation fault)");
}

TEST(Scoring, PointsPrintWithAtMostTwoDecimals) {
  EXPECT_EQ(formatPoints(10), "10");
  EXPECT_EQ(formatPoints(5.625), "5.63");
  EXPECT_EQ(formatPoints(6.5), "6.5");
  EXPECT_EQ(formatPoints(-0.0), "0");
}

//===- main.cpp - cuda-coalesce-grade -------------------------------------===//
//
// Parses the command line into a GradeConfig and hands it to the Grade
// library. Usage errors, a bad rubric or a missing directory are one line on
// stderr and exit code 2; a submission's own failure is only its status.
//
//===----------------------------------------------------------------------===//

#include "Grade/Grader.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace coalesce::grade;

namespace {

cl::OptionCategory ToolCategory("cuda-coalesce-grade options");

cl::opt<std::string> SubmissionsDir(cl::Positional,
                                    cl::desc("<submissions dir> [-- <compiler args>]"),
                                    cl::cat(ToolCategory));
cl::opt<std::string> RubricPath("rubric",
                                cl::desc("The assignment's rubric (YAML)"),
                                cl::value_desc("file"), cl::cat(ToolCategory));
cl::opt<std::string> OutDir("out",
                            cl::desc("Folder for grades.csv, results/, "
                                     "feedback/ and report.html"),
                            cl::value_desc("dir"), cl::cat(ToolCategory));
// A string with cl::Prefix, as the analyzer's: "-j2" and "-j 2" both parse.
cl::opt<std::string> Jobs("j", cl::desc("Submissions analyzed at once (default: "
                                        "the number of cores)"),
                          cl::value_desc("N"), cl::Prefix, cl::cat(ToolCategory));
cl::opt<unsigned> Timeout("timeout",
                          cl::desc("Seconds one submission's analysis may "
                                   "take before it is stopped (default 120)"),
                          cl::init(120), cl::cat(ToolCategory));
cl::opt<std::string> Analyzer("analyzer",
                              cl::desc("The cuda-coalesce executable (default: "
                                       "the one beside this tool)"),
                              cl::value_desc("path"), cl::cat(ToolCategory));

constexpr int ExitError = 2;

int error(const Twine &Msg) {
  errs() << "cuda-coalesce-grade: error: " << Msg << "\n";
  return ExitError;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  std::vector<const char *> Ours;
  std::vector<std::string> ExtraArgs;
  bool Rest = false;
  for (int I = 0; I < argc; ++I) {
    if (Rest)
      ExtraArgs.push_back(argv[I]);
    else if (I > 0 && StringRef(argv[I]) == "--")
      Rest = true;
    else
      Ours.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(ToolCategory);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cuda-coalesce-grade " << CUDA_COALESCE_VERSION << " (LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string ParseErrors;
  raw_string_ostream ErrOS(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          int(Ours.size()), Ours.data(),
          "cuda-coalesce-grade: grades a class's CUDA submissions by how "
          "their kernels coalesce\n",
          &ErrOS)) {
    ErrOS.flush();
    StringRef First = StringRef(ParseErrors).split('\n').first.trim();
    First.consume_front("cuda-coalesce-grade:");
    // An option's own complaint ("for the --out option: requires a
    // value!") LLVM has already written to stderr: that line is the error.
    if (First.trim().empty())
      return ExitError;
    return error(First.trim() + " (see --help)");
  }
  // Checked here rather than with cl::Required, whose message LLVM prints
  // itself, on a line of its own.
  if (RubricPath.empty())
    return error("no --rubric given (see --help)");
  if (OutDir.empty())
    return error("no --out folder given (see --help)");
  if (SubmissionsDir.empty())
    return error("no submissions directory given (see --help)");
  if (Timeout == 0)
    return error("--timeout must be at least 1 second");
  unsigned JobCount = 0;
  if (Jobs.getNumOccurrences() &&
      (StringRef(Jobs).trim().getAsInteger(10, JobCount) || JobCount == 0 ||
       JobCount > 4096))
    return error("-j takes a number of submissions, at least 1 (-j " + Jobs +
                 ")");

  GradeConfig C;
  C.RubricPath = RubricPath;
  C.OutDir = OutDir;
  C.SubmissionsDir = SubmissionsDir;
  C.ExtraArgs = std::move(ExtraArgs);
  C.Jobs = JobCount ? JobCount
                    : llvm::hardware_concurrency().compute_thread_count();
  C.TimeoutSeconds = Timeout;
  C.Progress = sys::Process::StandardErrIsDisplayed();
  if (!Analyzer.empty()) {
    C.Analyzer = Analyzer;
  } else {
    std::string Self = sys::fs::getMainExecutable(
        argv[0], reinterpret_cast<void *>(&error));
    SmallString<256> Beside(sys::path::parent_path(Self));
    sys::path::append(Beside, "cuda-coalesce");
    C.Analyzer = std::string(Beside);
  }

  Expected<ClassSummary> S = gradeClass(C, errs());
  if (!S)
    return error(toString(S.takeError()));
  outs() << "cuda-coalesce-grade: " << S->Submissions
         << (S->Submissions == 1 ? " submission" : " submissions") << " graded";
  for (const auto &[Status, N] : S->ByStatus)
    outs() << ", " << N << " " << Status;
  outs() << "; wrote " << OutDir << "/grades.csv, results/, feedback/, "
         << "report.html\n";
  return 0;
}

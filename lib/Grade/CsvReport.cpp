//===- CsvReport.cpp - grades.csv -----------------------------------------===//

#include "Grade/GradeOutput.h"

using namespace llvm;

namespace coalesce {
namespace grade {

namespace {

/// RFC 4180: quote a field that holds a comma, a quote or a line break. A
/// spreadsheet would run a field that starts like a formula ("=cmd|...");
/// a student id is the student's to choose, so it is kept text.
std::string field(StringRef Given) {
  std::string Text = Given.str();
  if (!Text.empty() && StringRef("=+-@\t").contains(Text.front()))
    Text = "'" + Text;
  StringRef S = Text;
  if (S.find_first_of(",\"\r\n") == StringRef::npos)
    return S.str();
  std::string Out = "\"";
  for (char C : S)
    Out += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Out + "\"";
}

} // namespace

void writeCsv(const Rubric &R, const std::vector<StudentGrade> &Class,
              raw_ostream &OS) {
  OS << "student,score,max_score,status";
  for (const RubricKernel &K : R.Kernels)
    OS << "," << field(K.Name);
  OS << "\n";
  for (const StudentGrade &G : Class) {
    OS << field(G.Student) << "," << formatPoints(G.Score) << ","
       << formatPoints(G.MaxScore) << "," << statusName(G.State);
    for (const KernelGrade &K : G.Kernels)
      OS << "," << formatPoints(K.Score);
    OS << "\n";
  }
}

} // namespace grade
} // namespace coalesce

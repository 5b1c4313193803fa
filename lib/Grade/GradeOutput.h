//===- GradeOutput.h - what the grader writes -------------------*- C++ -*-===//
//
// The files of the output folder, each written by one function from the
// class's grades (sorted by student): grades.csv, results/<student>.json in
// Gradescope's autograder format, feedback/<student>.md and report.html.
// All of them are functions of the grades alone, so a rerun writes the same
// bytes.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_GRADE_GRADEOUTPUT_H
#define CUDA_COALESCE_GRADE_GRADEOUTPUT_H

#include "Grade/Rubric.h"
#include "Grade/Scoring.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace coalesce {
namespace grade {

/// student,score,max_score,status, then one column per rubric kernel.
void writeCsv(const Rubric &R, const std::vector<StudentGrade> &Class,
              llvm::raw_ostream &OS);

/// Gradescope's results.json: score, output, one test per rubric kernel.
void writeGradescope(const Rubric &R, const StudentGrade &G,
                     llvm::raw_ostream &OS);

/// The page a student reads (Markdown).
void writeFeedback(const Rubric &R, const StudentGrade &G,
                   llvm::raw_ostream &OS);

/// One self-contained HTML page for the teacher.
void writeHtmlReport(const Rubric &R, const std::vector<StudentGrade> &Class,
                     llvm::raw_ostream &OS);

/// "strided access to `out`": what kind of mistake a problem is.
std::string problemTitle(const Problem &P);

/// Where a problem sits, for a student: "in kernel `transpose`" or "in
/// `__device__` function `load`, called from kernel `transpose`".
std::string problemPlace(const KernelGrade &K, const Problem &P);

/// The lane -> sector picture of one access as an inline SVG element; empty
/// when the lane offsets are unknown.
std::string laneSectorSvg(const GradedAccess &A);

} // namespace grade
} // namespace coalesce

#endif

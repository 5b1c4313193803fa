//===- HtmlReport.cpp - report.html, the teacher's page -------------------===//
//
// One self-contained page (no network, no external files): the class table
// (sortable by a small inline script), the score distribution, the most
// common problems, and per student each finding with its code, message, fix
// and lane -> sector picture.
//
//===----------------------------------------------------------------------===//

#include "Grade/GradeOutput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace llvm;

namespace coalesce {
namespace grade {

namespace {

std::string esc(StringRef S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    default: Out += C;
    }
  }
  return Out;
}

/// Escapes S and turns Markdown `code` spans into <code> elements.
std::string escCode(StringRef S) {
  std::string Out;
  bool Open = false;
  for (char C : esc(S)) {
    if (C == '`') {
      Out += Open ? "</code>" : "<code>";
      Open = !Open;
    } else {
      Out += C;
    }
  }
  return Open ? Out + "</code>" : Out;
}

/// An id usable in a URL fragment, stable for a given student id.
std::string anchor(StringRef Student) {
  std::string Out = "s-";
  for (char C : Student)
    Out += llvm::isAlnum(C) || C == '-' || C == '_' ? C : '_';
  return Out;
}

const char *Style = R"(
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
h1{margin:0 0 4px}h2{margin-top:28px;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:8px 0}
th,td{border:1px solid #ccc;padding:3px 8px;text-align:left}
th{background:#f0f3f7;cursor:pointer;user-select:none}
th[data-dir="asc"]::after{content:" \25B2"}th[data-dir="desc"]::after{content:" \25BC"}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.st-ok{color:#1b7a2f}.st-findings{color:#9a6700}.st-compile-error,.st-timeout,.st-missing-kernel{color:#b3261e;font-weight:600}
.finding{border-left:4px solid #d9534f;padding:4px 12px;margin:10px 0;background:#fcf7f7}
pre{background:#f4f4f4;padding:6px 10px;overflow-x:auto}
.lbl{font:11px system-ui,sans-serif;fill:#444}
.muted{color:#666}
)";

const char *SortScript = R"(
document.querySelectorAll('table.sortable th').forEach(function(th, col) {
  th.addEventListener('click', function() {
    var table = th.closest('table'), body = table.tBodies[0];
    var asc = th.getAttribute('data-dir') !== 'asc';
    table.querySelectorAll('th').forEach(function(h) { h.removeAttribute('data-dir'); });
    th.setAttribute('data-dir', asc ? 'asc' : 'desc');
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function(a, b) {
      var x = a.cells[col].getAttribute('data-v'), y = b.cells[col].getAttribute('data-v');
      var nx = parseFloat(x), ny = parseFloat(y);
      var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
      return asc ? c : -c;
    });
    rows.forEach(function(r) { body.appendChild(r); });
  });
});
// report.html?sort=score&dir=desc opens the table sorted, as if clicked.
(function() {
  var q = new URLSearchParams(location.search), col = q.get('sort');
  if (!col) return;
  document.querySelectorAll('#grades th').forEach(function(th) {
    if (th.textContent !== col) return;
    th.click();
    if (q.get('dir') === 'desc') th.click();
  });
})();
)";

void classTable(const Rubric &R, const std::vector<StudentGrade> &Class,
                raw_ostream &OS) {
  OS << "<table id=\"grades\" class=\"sortable\"><thead><tr><th>student</th>"
        "<th>score</th><th>max</th><th>status</th>";
  for (const RubricKernel &K : R.Kernels)
    OS << "<th>" << esc(K.Name) << "</th>";
  OS << "<th>problems</th></tr></thead><tbody>\n";
  for (const StudentGrade &G : Class) {
    size_t Problems = 0;
    for (const KernelGrade &K : G.Kernels)
      Problems += K.Problems.size() + K.PatternDeductions.size();
    OS << "<tr><td data-v=\"" << esc(G.Student) << "\"><a href=\"#"
       << anchor(G.Student) << "\">" << esc(G.Student) << "</a></td>";
    OS << "<td class=\"num\" data-v=\"" << formatPoints(G.Score) << "\">"
       << formatPoints(G.Score) << "</td><td class=\"num\" data-v=\""
       << formatPoints(G.MaxScore) << "\">" << formatPoints(G.MaxScore)
       << "</td>";
    OS << "<td data-v=\"" << statusName(G.State) << "\" class=\"st-"
       << statusName(G.State) << "\">" << statusName(G.State) << "</td>";
    for (const KernelGrade &K : G.Kernels)
      OS << "<td class=\"num\" data-v=\"" << formatPoints(K.Score) << "\">"
         << formatPoints(K.Score) << "</td>";
    OS << "<td class=\"num\" data-v=\"" << Problems << "\">" << Problems
       << "</td></tr>\n";
  }
  OS << "</tbody></table>\n";
}

/// Ten bins of 10% of the maximum; a full score falls in the last.
void distribution(const Rubric &R, const std::vector<StudentGrade> &Class,
                  raw_ostream &OS) {
  unsigned Bins[10] = {};
  double Max = R.maxScore();
  for (const StudentGrade &G : Class)
    ++Bins[std::min(9, int(G.Score / Max * 10.0))];
  unsigned Most = 1;
  for (unsigned B : Bins)
    Most = std::max(Most, B);
  const int W = 600, H = 160, BarW = 54, Top = 16;
  OS << formatv("<svg id=\"distribution\" xmlns=\"http://www.w3.org/2000/svg\" "
                "width=\"{0}\" height=\"{1}\" role=\"img\"><title>score "
                "distribution</title>",
                W, Top + H + 30);
  for (int I = 0; I < 10; ++I) {
    int BH = int(double(Bins[I]) / Most * H);
    int X = 10 + I * (BarW + 4);
    OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                  "fill=\"#3b6fb6\"><title>{4}-{5}%: {6}</title></rect>",
                  X, Top + H - BH, BarW, BH, I * 10, I * 10 + 10, Bins[I]);
    if (Bins[I])
      OS << formatv("<text class=\"lbl\" x=\"{0}\" y=\"{1}\">{2}</text>",
                    X + BarW / 2 - 4, Top + H - BH - 3, Bins[I]);
    OS << formatv("<text class=\"lbl\" x=\"{0}\" y=\"{1}\">{2}-{3}%</text>",
                  X + 8, Top + H + 16, I * 10, I * 10 + 10);
  }
  OS << "</svg>\n";
}

/// Each kind of problem counted once per student who has it.
void commonProblems(const std::vector<StudentGrade> &Class, raw_ostream &OS) {
  std::map<std::pair<std::string, std::string>, std::set<std::string>> Who;
  for (const StudentGrade &G : Class) {
    if (G.State == Status::CompileError || G.State == Status::Timeout)
      Who[{"(none)", statusName(G.State)}].insert(G.Student);
    for (const KernelGrade &K : G.Kernels) {
      if (!K.Found && !G.Files.empty() && G.State == Status::MissingKernel)
        Who[{K.Name, "missing kernel"}].insert(G.Student);
      for (const Problem &P : K.Problems)
        Who[{K.Name, P.Check}].insert(G.Student);
      for (const auto &PD : K.PatternDeductions)
        Who[{K.Name, PD.first}].insert(G.Student);
    }
  }
  std::vector<std::pair<size_t, std::pair<std::string, std::string>>> Rows;
  for (const auto &[Key, Students] : Who)
    Rows.push_back({Students.size(), Key});
  llvm::stable_sort(Rows, [](const auto &A, const auto &B) {
    return A.first > B.first;
  });
  if (Rows.empty()) {
    OS << "<p>No problems: every submission is coalesced.</p>\n";
    return;
  }
  OS << "<table id=\"problems\"><thead><tr><th>kernel</th><th>problem</th>"
        "<th>students</th><th>who</th></tr></thead><tbody>\n";
  for (const auto &[Count, Key] : Rows) {
    OS << "<tr><td>" << esc(Key.first) << "</td><td>" << esc(Key.second)
       << "</td><td class=\"num\">" << Count << "</td><td>";
    bool First = true;
    for (const std::string &S : Who[Key]) {
      OS << (First ? "" : ", ") << "<a href=\"#" << anchor(S) << "\">"
         << esc(S) << "</a>";
      First = false;
    }
    OS << "</td></tr>\n";
  }
  OS << "</tbody></table>\n";
}

void studentSection(const StudentGrade &G, raw_ostream &OS) {
  OS << "<section class=\"student\" id=\"" << anchor(G.Student) << "\"><h2>"
     << esc(G.Student) << ": " << formatPoints(G.Score) << " / "
     << formatPoints(G.MaxScore) << " <span class=\"st-"
     << statusName(G.State) << "\">" << statusName(G.State)
     << "</span></h2>\n";
  if (!G.CompileError.empty()) {
    OS << "<pre class=\"compile-error\">" << esc(G.CompileError) << "</pre>\n";
    return;
  }
  for (const KernelGrade &K : G.Kernels) {
    OS << "<h3>" << esc(K.Name) << ": " << formatPoints(K.Score) << " / "
       << formatPoints(K.Points) << "</h3>\n";
    if (!K.Found) {
      OS << "<p class=\"muted\">kernel not found in the submission</p>\n";
      continue;
    }
    if (K.Problems.empty() && K.PatternDeductions.empty())
      OS << "<p class=\"muted\">every global access coalesces</p>\n";
    for (const Problem &P : K.Problems) {
      const GradedAccess *Worst = &P.Accesses.front();
      for (const GradedAccess &A : P.Accesses)
        if (A.Efficiency.value_or(0) < Worst->Efficiency.value_or(0))
          Worst = &A;
      OS << "<div class=\"finding\"><h4>" << escCode(problemTitle(P)) << " "
         << escCode(problemPlace(K, P)) << " (-" << formatPoints(P.Deduction)
         << ")</h4>\n<p>";
      bool First = true;
      for (const GradedAccess &A : P.Accesses) {
        OS << (First ? "" : ", ") << "<code>" << esc(A.File) << ":" << A.Line
           << ":" << A.Column << "</code> " << esc(A.Access);
        First = false;
      }
      OS << "</p>\n<pre><code>" << esc(Worst->Code) << "</code></pre>\n";
      if (!Worst->Message.empty())
        OS << "<p class=\"message\">" << esc(Worst->Message) << "</p>\n";
      if (!Worst->Notes.empty()) {
        OS << "<ul class=\"fix\">";
        for (const std::string &N : Worst->Notes)
          OS << "<li>" << esc(N) << "</li>";
        OS << "</ul>\n";
      }
      OS << laneSectorSvg(*Worst) << "\n</div>\n";
    }
    for (const auto &[Message, Points] : K.PatternDeductions)
      OS << "<div class=\"finding\"><h4>" << esc(Message) << " (-"
         << formatPoints(Points) << ")</h4></div>\n";
  }
  OS << "</section>\n";
}

} // namespace

void writeHtmlReport(const Rubric &R, const std::vector<StudentGrade> &Class,
                     raw_ostream &OS) {
  double Sum = 0;
  std::map<Status, unsigned> ByStatus;
  for (const StudentGrade &G : Class) {
    Sum += G.Score;
    ++ByStatus[G.State];
  }
  OS << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>"
     << esc(R.Assignment) << ": grades</title><style>" << Style
     << "</style></head><body>\n";
  OS << "<h1>" << esc(R.Assignment) << "</h1>\n<p class=\"muted\">"
     << Class.size() << (Class.size() == 1 ? " submission" : " submissions")
     << ", mean " << formatPoints(Class.empty() ? 0 : Sum / Class.size())
     << " / " << formatPoints(R.maxScore());
  for (const auto &[S, N] : ByStatus)
    OS << ", " << N << " " << statusName(S);
  OS << ". Click a column to sort.</p>\n";
  OS << "<h2>Class</h2>\n";
  classTable(R, Class, OS);
  OS << "<h2>Score distribution</h2>\n";
  distribution(R, Class, OS);
  OS << "<h2>Most common problems</h2>\n";
  commonProblems(Class, OS);
  OS << "<h2>Students</h2>\n";
  for (const StudentGrade &G : Class)
    studentSection(G, OS);
  OS << "<script>" << SortScript << "</script>\n</body></html>\n";
}

} // namespace grade
} // namespace coalesce

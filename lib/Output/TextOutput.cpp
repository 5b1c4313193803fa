//===- TextOutput.cpp - clang-style diagnostics ---------------------------===//
//
// The format editors and CI already parse:
//
//   k.cu:5:34: warning: MESSAGE [check-name]
//       out[x * height + y] = in[y * width + x];
//       ^~~~~~~~~~~~~~~~~~~
//   k.cu:5:34: note: NOTE
//
// Colors follow clang: bold location and message, magenta "warning:", grey
// "note:", blue "remark:", green caret. The escape sequences are written
// directly rather than through raw_ostream::changeColor so that the result
// does not depend on what kind of stream the driver hands in.
//
//===----------------------------------------------------------------------===//

#include "Output/Output.h"
#include "Output/WarpPicture.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Unicode.h"

#include <algorithm>
#include <vector>

using namespace coalesce;
using llvm::StringRef;

namespace {

namespace ansi {
constexpr const char *Bold = "\033[1m";
constexpr const char *Reset = "\033[0m";
constexpr const char *Warning = "\033[0;1;35m";
constexpr const char *Note = "\033[0;1;30m";
constexpr const char *Remark = "\033[0;1;34m";
constexpr const char *Caret = "\033[0;1;32m";
} // namespace ansi

enum class Level { Warning, Note, Remark };

/// Display columns of a piece of source without tabs; falls back to bytes
/// when the text is not printable UTF-8.
unsigned displayWidth(StringRef Text) {
  int Width = llvm::sys::unicode::columnWidthUTF8(Text);
  return Width < 0 ? Text.size() : unsigned(Width);
}

/// Whitespace that lines up with the first Bytes bytes of Line on screen.
/// Tabs are copied, so the terminal expands them the same way in both lines.
std::string indentUnder(StringRef Line, size_t Bytes) {
  std::string Indent;
  StringRef Rest = Line.take_front(Bytes);
  while (!Rest.empty()) {
    if (Rest.front() == '\t') {
      Indent += '\t';
      Rest = Rest.drop_front();
      continue;
    }
    StringRef Run = Rest.take_until([](char C) { return C == '\t'; });
    Indent.append(displayWidth(Run), ' ');
    Rest = Rest.drop_front(Run.size());
  }
  return Indent;
}

class TextWriter {
public:
  TextWriter(const OutputOptions &O, llvm::raw_ostream &OS) : O(O), OS(OS) {}

  /// F, and for a flagged F the findings folded into its warning (Alike).
  void write(const Finding &F, llvm::ArrayRef<const Finding *> Alike = {}) {
    const AccessSite &Site = F.Site;
    // An access inside a toolkit header is shown at the user's call.
    const SourcePos &At = Site.shownPos();
    if (F.Flagged) {
      std::string Message = F.Message;
      if (!F.Check.empty())
        Message += " [" + F.Check + "]";
      diag(At, Level::Warning, Message);
      snippet(Site);
      if (O.Explain)
        OS << drawWarp(Site);
      if (!Site.CallChain.empty())
        diag(At, Level::Note, callChain(Site));
      if (!Alike.empty())
        diag(At, Level::Note, alikeNote(Alike));
      for (const std::string &Note : F.Notes)
        diag(At, Level::Note, Note);
      if (!F.Confirmation.empty())
        diag(At, Level::Note, F.Confirmation);
      return;
    }
    if (F.Cat == Category::Misaligned && !F.Message.empty()) {
      diag(At, Level::Note, F.Message);
      return;
    }
    if (F.Remark && O.Verbose)
      diag(At, Level::Remark, F.Message + " [" + F.Check + "]");
  }

private:
  /// "in store, called from kernel k at src/k.cu:4": the way from the
  /// kernel to the helper the access is in, innermost call first.
  static std::string callChain(const AccessSite &Site) {
    std::string Out = "in " + Site.CallChain.back().Callee;
    for (size_t I = Site.CallChain.size(); I-- > 0;) {
      const AccessSite::CallStep &Step = Site.CallChain[I];
      Out += std::string(", called from ") + (I == 0 ? "kernel " : "") +
             Step.Caller;
      if (Step.Pos.Line)
        Out += " at " + Step.Pos.File + ":" + std::to_string(Step.Pos.Line);
    }
    return Out;
  }

  /// The accesses folded into one warning, each with where it is.
  static std::string alikeNote(llvm::ArrayRef<const Finding *> Alike) {
    // Inside a toolkit header: what the call touches, and where, in short.
    if (Alike.front()->Site.inToolkitHeader()) {
      std::vector<std::string> Texts;
      unsigned First = Alike.front()->Site.Pos.Line, Last = First;
      for (const Finding *G : Alike) {
        if (!llvm::is_contained(Texts, G->Site.Text))
          Texts.push_back(G->Site.Text);
        First = std::min(First, G->Site.Pos.Line);
        Last = std::max(Last, G->Site.Pos.Line);
      }
      std::string Out = "also flagged alike, through the same call: " +
                        std::to_string(Alike.size()) + " more accesses of ";
      for (size_t I = 0; I < Texts.size(); ++I)
        Out += (I ? ", '" : "'") + Texts[I] + "'";
      return Out + " in " + Alike.front()->Site.Toolkit.Header + " (lines " +
             std::to_string(First) + "-" + std::to_string(Last) + ")";
    }
    std::string Out = "also flagged alike: ";
    for (size_t I = 0; I < Alike.size(); ++I) {
      const AccessSite &S = Alike[I]->Site;
      if (I)
        Out += ", ";
      Out += "'" + S.Text + "' (" + std::to_string(S.Pos.Line) + ":" +
             std::to_string(S.Pos.Column) + ")";
    }
    return Out;
  }

  void color(const char *Code) {
    if (O.Color)
      OS << Code;
  }

  void diag(const SourcePos &Pos, Level L, StringRef Message) {
    color(ansi::Bold);
    OS << Pos.File << ':';
    if (Pos.Line) {
      OS << Pos.Line << ':';
      if (Pos.Column)
        OS << Pos.Column << ':';
    }
    OS << ' ';
    color(ansi::Reset);
    switch (L) {
    case Level::Warning:
      color(ansi::Warning);
      OS << "warning: ";
      break;
    case Level::Note:
      color(ansi::Note);
      OS << "note: ";
      break;
    case Level::Remark:
      color(ansi::Remark);
      OS << "remark: ";
      break;
    }
    color(ansi::Reset);
    // As in clang, notes are not bold: they read as continuation.
    bool Bold = L != Level::Note;
    if (Bold)
      color(ansi::Bold);
    OS << Message;
    if (Bold)
      color(ansi::Reset);
    OS << '\n';
  }

  /// The source line, then a caret under the access and '~' under the rest
  /// of its text.
  void snippet(const AccessSite &Site) {
    StringRef Line = StringRef(Site.shownLine()).rtrim("\r\n");
    unsigned Col = Site.shownPos().Column;
    if (Line.empty() || Col == 0 || Col > Line.size() + 1)
      return;
    OS << Line << '\n';
    std::string Caret = indentUnder(Line, Col - 1) + '^';
    unsigned End = std::min<size_t>(Site.shownEndColumn(), Line.size());
    if (End > Col) {
      StringRef Range = Line.slice(Col - 1, End);
      unsigned Width = displayWidth(Range);
      if (Width > 1)
        Caret.append(Width - 1, '~');
    }
    color(ansi::Caret);
    OS << Caret;
    color(ansi::Reset);
    OS << '\n';
  }

  const OutputOptions &O;
  llvm::raw_ostream &OS;
};

} // namespace

namespace {

bool sameCallChain(const AccessSite &A, const AccessSite &B) {
  if (A.CallChain.size() != B.CallChain.size())
    return false;
  for (size_t I = 0; I < A.CallChain.size(); ++I) {
    const AccessSite::CallStep &X = A.CallChain[I], &Y = B.CallChain[I];
    if (X.Callee != Y.Callee || X.Pos.File != Y.Pos.File ||
        X.Pos.Line != Y.Pos.Line || X.Pos.Column != Y.Pos.Column)
      return false;
  }
  return true;
}

/// Whether G repeats Lead's mistake closely enough to be a note under
/// Lead's warning rather than a warning of its own: the same check at the
/// same cost in the same kernel and function, and either one statement's
/// line or, for an array of structs, the same struct through the same base
/// (the members of `p[i].x += p[i].vx * dt` and its siblings). A finding
/// with a GPU measurement keeps its own warning, so the measurement stays
/// next to the access it is about.
bool foldsInto(const Finding &Lead, const Finding &G) {
  const AccessSite &A = Lead.Site, &B = G.Site;
  // The toolkit's accesses through one call of the user's are one warning
  // at that call, whatever their cost: one change of what the call passes
  // fixes all of them.
  if (A.inToolkitHeader() || B.inToolkitHeader())
    return A.inToolkitHeader() && B.inToolkitHeader() &&
           B.Kernel == A.Kernel && B.Toolkit.Pos.File == A.Toolkit.Pos.File &&
           B.Toolkit.Pos.Line == A.Toolkit.Pos.Line &&
           B.Toolkit.Pos.Column == A.Toolkit.Pos.Column &&
           Lead.Confirmation.empty() && G.Confirmation.empty();
  if (G.Check != Lead.Check || B.Kernel != A.Kernel ||
      B.Function != A.Function || B.Pos.File != A.Pos.File ||
      !sameCallChain(A, B) || !Lead.Confirmation.empty() ||
      !G.Confirmation.empty() || G.sectors() != Lead.sectors() ||
      G.idealSectors() != Lead.idealSectors())
    return false;
  if (B.Pos.Line == A.Pos.Line)
    return true;
  return !A.StructName.empty() && B.StructName == A.StructName &&
         B.Base == A.Base && B.StructBytes == A.StructBytes;
}

} // namespace

void coalesce::writeText(const Report &R, const OutputOptions &O,
                         llvm::raw_ostream &OS) {
  TextWriter W(O, OS);
  // Findings are sorted by location: a warning takes in the flagged
  // findings that follow it while they repeat it, so a three-line update
  // of a struct's members is one warning and one note, not six warnings.
  std::vector<bool> Folded(R.Findings.size());
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    if (Folded[I])
      continue;
    const Finding &F = R.Findings[I];
    std::vector<const Finding *> Alike;
    for (size_t J = I + 1; F.Flagged && J < R.Findings.size(); ++J) {
      const Finding &G = R.Findings[J];
      if (!G.Flagged || Folded[J])
        continue;
      if (!foldsInto(F, G)) {
        // The toolkit's accesses sort by their lines in the header, among
        // other kernels' calls: look past those.
        if (F.Site.inToolkitHeader())
          continue;
        break;
      }
      Alike.push_back(&G);
      Folded[J] = true;
    }
    // The toolkit's accesses lead with one the called function makes
    // itself (curand_init's store of the state, not one deep in its skip
    // loop), the costliest of those.
    if (F.Site.inToolkitHeader() && !Alike.empty()) {
      Alike.insert(Alike.begin(), &F);
      auto Lead = std::min_element(
          Alike.begin(), Alike.end(), [](const Finding *A, const Finding *B) {
            if (A->Site.CallChain.size() != B->Site.CallChain.size())
              return A->Site.CallChain.size() < B->Site.CallChain.size();
            return A->sectors() > B->sectors();
          });
      const Finding *Chosen = *Lead;
      Alike.erase(Lead);
      W.write(*Chosen, Alike);
      continue;
    }
    W.write(F, Alike);
  }
}

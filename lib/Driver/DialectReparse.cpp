//===- DialectReparse.cpp -------------------------------------------------===//

#include "Driver/DialectReparse.h"
#include "Driver/CacheDirectory.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <tuple>

using namespace llvm;

namespace coalesce {

namespace {

/// 1-based line and column of Offset in Text.
std::pair<unsigned, unsigned> lineColumn(StringRef Text, unsigned Offset) {
  StringRef Before = Text.take_front(Offset);
  size_t Nl = Before.rfind('\n');
  unsigned Line = unsigned(Before.count('\n')) + 1;
  unsigned Col = Nl == StringRef::npos ? Offset + 1 : unsigned(Offset - Nl);
  return {Line, Col};
}

} // namespace

EditedSources::EditedSources(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                             std::vector<DialectEdit> Edits)
    : Base(Base), Memory(makeIntrusiveRefCnt<vfs::InMemoryFileSystem>()) {
  if (ErrorOr<std::string> Cwd = Base->getCurrentWorkingDirectory())
    Memory->setCurrentWorkingDirectory(*Cwd);
  // By file, last edit first: applying them in that order keeps the
  // offsets of the ones still to apply.
  llvm::sort(Edits, [](const DialectEdit &A, const DialectEdit &B) {
    return std::tie(A.File, B.Offset) < std::tie(B.File, A.Offset);
  });
  Edits.erase(llvm::unique(Edits,
                           [](const DialectEdit &A, const DialectEdit &B) {
                             return A.File == B.File && A.Offset == B.Offset;
                           }),
              Edits.end());
  for (size_t I = 0; I < Edits.size();) {
    size_t J = I;
    while (J < Edits.size() && Edits[J].File == Edits[I].File)
      ++J;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        Base->getBufferForFile(Edits[I].File);
    if (Buf) {
      File F{Edits[I].File, std::string((*Buf)->getBuffer()), {}};
      std::string Text = F.Original;
      unsigned Limit = Text.size();
      std::vector<DialectEdit> Applied;
      for (size_t K = I; K < J; ++K) {
        const DialectEdit &E = Edits[K];
        if (E.Offset + E.Length > Limit)
          continue; // overlaps the edit after it
        Text.replace(E.Offset, E.Length, E.Text);
        Limit = E.Offset;
        Applied.push_back(E);
      }
      // Columns in the edited line: an edit starts where it started in the
      // original, moved by the edits before it on the line.
      std::reverse(Applied.begin(), Applied.end());
      unsigned PrevLine = 0;
      int Moved = 0;
      for (const DialectEdit &E : Applied) {
        auto [Line, Col] = lineColumn(F.Original, E.Offset);
        if (Line != PrevLine)
          Moved = 0;
        int Delta = int(E.Text.size()) - int(E.Length);
        F.Shifts.push_back({Line, unsigned(int(Col) + Moved), Delta});
        Moved += Delta;
        PrevLine = Line;
      }
      Memory->addFile(F.Name, 0, MemoryBuffer::getMemBufferCopy(Text, F.Name));
      Files.push_back(std::move(F));
    }
    I = J;
  }
}

IntrusiveRefCntPtr<vfs::FileSystem> EditedSources::fileSystem() const {
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(Base);
  Overlay->pushOverlay(Memory);
  return Overlay;
}

const EditedSources::File *EditedSources::find(StringRef Name) const {
  for (const File &F : Files)
    if (F.Name == Name)
      return &F;
  for (const File &F : Files)
    if (sys::fs::equivalent(F.Name, Name))
      return &F;
  return nullptr;
}

std::optional<std::string> EditedSources::originalDigest(StringRef Path) const {
  if (const File *F = find(Path))
    return digestHex({F->Original});
  return std::nullopt;
}

unsigned EditedSources::originalColumn(const File &F, unsigned Line,
                                       unsigned Col) const {
  int Back = 0;
  for (const Shift &S : F.Shifts)
    if (S.Line == Line && S.EditedColumn < Col)
      Back += S.Delta;
  return unsigned(std::max(1, int(Col) - Back));
}

std::string EditedSources::originalLine(const File &F, unsigned Line) const {
  StringRef Rest = F.Original;
  for (unsigned L = 1; L < Line && !Rest.empty(); ++L)
    Rest = Rest.split('\n').second;
  return Rest.split('\n').first.str();
}

void EditedSources::restore(TranslationUnitResult &R) const {
  if (Files.empty())
    return;
  auto Edited = [&](const SourcePos &P) -> const File * {
    if (P.Line == 0)
      return nullptr;
    const File *F = find(P.File);
    if (!F || !llvm::any_of(F->Shifts,
                            [&](const Shift &S) { return S.Line == P.Line; }))
      return nullptr;
    return F;
  };
  auto Fix = [&](SourcePos &P) {
    if (const File *F = Edited(P))
      P.Column = originalColumn(*F, P.Line, P.Column);
  };
  for (AccessSite &S : R.Sites) {
    if (const File *F = Edited(S.Pos)) {
      unsigned Begin = originalColumn(*F, S.Pos.Line, S.Pos.Column);
      std::string Line = originalLine(*F, S.Pos.Line);
      if (S.RangeEndColumn) {
        S.RangeEndColumn = originalColumn(*F, S.Pos.Line, S.RangeEndColumn);
        if (S.RangeEndColumn >= Begin && S.RangeEndColumn <= Line.size())
          S.Text = Line.substr(Begin - 1, S.RangeEndColumn - Begin + 1);
      }
      S.Pos.Column = Begin;
      S.SourceLine = Line;
    }
    if (const File *F = find(S.Pos.File); F && S.Pos.Line > 1 &&
        llvm::any_of(F->Shifts, [&](const Shift &X) {
          return X.Line == S.Pos.Line - 1;
        }))
      S.PrevSourceLine = originalLine(*F, S.Pos.Line - 1);
    for (AccessSite::CallStep &C : S.CallChain)
      Fix(C.Pos);
    Fix(S.Toolkit.Pos);
    Fix(S.BookedAtEnd);
    Fix(S.Related.Kernel);
    Fix(S.Related.Loop);
    Fix(S.Related.Struct);
    Fix(S.Related.Launch);
  }
}

} // namespace coalesce

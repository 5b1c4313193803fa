//===- Fixes.cpp ----------------------------------------------------------===//

#include "Findings/Fixes.h"
#include "Model/BankConflicts.h"

#include <map>

namespace coalesce {

namespace {

/// Rows padded by 1 to this many elements are tried; the least that works
/// is offered.
constexpr unsigned MostPadding = 4;
constexpr uint64_t MostStaticShared = 48 * 1024;

/// The lanes' byte offsets once each row of Shape is PadElems elements
/// longer; nullopt when an offset falls outside the array (the index is not
/// an element's, so the padded offset cannot be told).
std::optional<std::vector<std::optional<int64_t>>>
paddedOffsets(const AccessSite &S, const AccessSite::SharedArrayShape &Shape,
              unsigned PadElems) {
  int64_t RowBytes = int64_t(Shape.Dims.back()) * Shape.ElemBytes;
  int64_t Total = Shape.ElemBytes;
  for (uint64_t D : Shape.Dims)
    Total *= int64_t(D);
  std::vector<std::optional<int64_t>> Out;
  for (const std::optional<int64_t> &O :
       absoluteOffsets(S.Lane0Offset, S.LaneOffsets)) {
    if (!O) {
      Out.push_back(std::nullopt);
      continue;
    }
    if (*O < 0 || *O >= Total)
      return std::nullopt;
    int64_t Row = *O / RowBytes, Col = *O % RowBytes;
    Out.push_back(Row * (RowBytes + int64_t(PadElems) * Shape.ElemBytes) + Col);
  }
  return Out;
}

/// S as nvcc compiles it once each row of Shape is PadElems elements
/// longer: a load joined over a loop's iterations (AccessSite::
/// JoinedIterations) stays as wide only while a row is a multiple of its
/// width, else it is joined narrower or not at all (rows of 33 floats: 32
/// four-byte loads, not 8 of 16 bytes).
AccessSite paddedSite(const AccessSite &S,
                      const AccessSite::SharedArrayShape &Shape,
                      unsigned PadElems) {
  AccessSite T = S;
  if (!S.JoinedIterations)
    return T;
  int64_t Row = int64_t(Shape.Dims.back() + PadElems) * Shape.ElemBytes;
  unsigned Elem = S.ElemBytes / S.JoinedIterations;
  while (T.ElemBytes > Elem && Row % T.ElemBytes != 0)
    T.ElemBytes /= 2;
  T.InstrBytes = uint16_t(T.ElemBytes);
  T.JoinedIterations = uint8_t(T.ElemBytes / Elem);
  if (T.JoinedIterations == 1)
    T.JoinedIterations = 0;
  return T;
}

/// "33", or "TILE + 1" for a size written as a name or an expression.
std::string paddedSize(const AccessSite::SharedArrayShape &Shape,
                       unsigned PadElems) {
  if (Shape.InnerSizeLiteral)
    return std::to_string(Shape.Dims.back() + PadElems);
  llvm::StringRef T = Shape.InnerSize.Text;
  bool Plain = llvm::all_of(T, [](char C) {
    return isalnum(static_cast<unsigned char>(C)) || C == '_' || C == ' ' ||
           C == '*' || C == '+';
  });
  return (Plain ? T.str() : "(" + T.str() + ")") + " + " +
         std::to_string(PadElems);
}

std::string dimsText(const AccessSite::SharedArrayShape &Shape,
                     const std::string &Inner) {
  // As written, the innermost size replaced, when the spelling ends with it.
  llvm::StringRef Spelled = Shape.DimsText;
  if (Spelled.consume_back("]") && Spelled.consume_back(Shape.InnerSize.Text))
    return Spelled.str() + Inner + "]";
  std::string T;
  for (size_t I = 0; I + 1 < Shape.Dims.size(); ++I)
    T += "[" + std::to_string(Shape.Dims[I]) + "]";
  return T + "[" + Inner + "]";
}

/// Pads the tiles whose conflicting accesses the padding resolves.
void padTiles(std::vector<Finding> &Findings, const GpuTarget &GPU) {
  std::map<std::string, std::vector<Finding *>> ByArray;
  for (Finding &F : Findings)
    if (F.Site.Shared && F.Site.SharedArray)
      ByArray[F.Site.SharedArray->Decl].push_back(&F);
  for (auto &[Decl, Uses] : ByArray) {
    std::vector<Finding *> Flagged;
    for (Finding *F : Uses)
      if (F->Flagged && F->Cat == Category::BankConflict)
        Flagged.push_back(F);
    if (Flagged.empty())
      continue;
    const AccessSite::SharedArrayShape &Shape = *Flagged.front()->Site.SharedArray;
    auto Note = [&](const std::string &Text) {
      for (Finding *F : Flagged)
        F->Notes.push_back(Text);
    };
    if (!Shape.PadBlocker.empty()) {
      Note("no automatic fix: " + Shape.PadBlocker);
      continue;
    }
    std::string Unknown;
    for (Finding *F : Uses)
      if (!F->Bank && Unknown.empty())
        Unknown = "the banks of '" + F->Site.Text + "' (line " +
                  std::to_string(F->Site.Pos.Line) + ") are unknown";
    if (!Unknown.empty()) {
      Note("no automatic fix: " + Unknown +
           ", so the padded layout cannot be checked");
      continue;
    }
    unsigned Pad = 0;
    for (unsigned P = 1; P <= MostPadding && !Pad; ++P) {
      bool Free = true;
      for (Finding *F : Uses) {
        auto Addrs = paddedOffsets(F->Site, Shape, P);
        if (!Addrs) {
          Free = false;
          break;
        }
        AccessSite Padded = paddedSite(F->Site, Shape, P);
        BankCost B =
            predictBanks(*Addrs, Padded.ElemBytes, GPU, sharedOp(Padded));
        Free &= B.Wavefronts <= B.IdealWavefronts;
      }
      if (Free)
        Pad = P;
    }
    if (!Pad) {
      Note("no automatic fix: padding the rows of '" + Shape.Name + "' by 1 "
           "to " + std::to_string(MostPadding) +
           " elements leaves an access of it in conflict");
      continue;
    }
    // A kernel declares at most 48 KB of static shared memory: padding past
    // it would no longer compile.
    uint64_t Bytes = uint64_t(Shape.Dims.back() + Pad) * Shape.ElemBytes;
    for (size_t I = 0; I + 1 < Shape.Dims.size(); ++I)
      Bytes *= Shape.Dims[I];
    if (Bytes > MostStaticShared) {
      Note("no automatic fix: padded, '" + Shape.Name + "' would take " +
           std::to_string(Bytes) + " bytes, more than the 48 KB of static "
           "shared memory a kernel may declare");
      continue;
    }
    std::string Size = paddedSize(Shape, Pad);
    Fix X;
    X.Description = "pad the rows of '" + Shape.Name + "' (line " +
                    std::to_string(Shape.InnerSize.Begin.Line) + ") to " +
                    dimsText(Shape, Size);
    TextEdit E = Shape.InnerSize;
    E.Text = Size;
    X.Edits.push_back(std::move(E));
    Note("fix: pad the rows of '" + Shape.Name + "' by " +
         std::to_string(Pad) + (Pad == 1 ? " element" : " elements") +
         " (" + dimsText(Shape, Size) + "): the bank model finds its " +
         std::to_string(Uses.size()) +
         (Uses.size() == 1 ? " access" : " accesses") + " conflict-free then");
    for (Finding *F : Flagged)
      F->AutoFix = X;
  }
}

void rewriteChunkedLoops(std::vector<Finding> &Findings) {
  for (Finding &F : Findings) {
    if (!F.Flagged || F.Cat != Category::Chunked || !F.Site.GridStride)
      continue;
    const AccessSite::LoopRewrite &R = *F.Site.GridStride;
    if (!R.Blocker.empty()) {
      F.Notes.push_back("no automatic fix: " + R.Blocker);
      continue;
    }
    Fix X;
    X.Description = "rewrite the loop at line " +
                    std::to_string(R.Header.Begin.Line) +
                    " as a grid-stride loop";
    X.Edits.push_back(R.Header);
    F.Notes.push_back("fix: the iterations are independent, so 'for (" +
                      R.Header.Text +
                      ")' visits the same elements with consecutive lanes on "
                      "consecutive elements");
    F.AutoFix = std::move(X);
  }
}

} // namespace

void attachFixes(std::vector<Finding> &Findings, const GpuTarget &GPU) {
  padTiles(Findings, GPU);
  rewriteChunkedLoops(Findings);
}

} // namespace coalesce

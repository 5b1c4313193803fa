//===- WmmaLowering.cpp ---------------------------------------------------===//

#include "Model/WmmaLowering.h"

#include "llvm/ADT/StringSwitch.h"

namespace coalesce {

namespace {

/// "m16n16k8" into its three numbers.
bool parseShape(llvm::StringRef S, WmmaBuiltin &B) {
  if (!S.consume_front("m"))
    return false;
  size_t NPos = S.find('n'), KPos = S.find('k');
  if (NPos == llvm::StringRef::npos || KPos == llvm::StringRef::npos ||
      KPos < NPos)
    return false;
  return !S.substr(0, NPos).getAsInteger(10, B.M) &&
         !S.slice(NPos + 1, KPos).getAsInteger(10, B.N) &&
         !S.substr(KPos + 1).getAsInteger(10, B.K);
}

unsigned bytesOf(llvm::StringRef Type) {
  return llvm::StringSwitch<unsigned>(Type)
      .Cases("f16", "bf16", 2)
      .Cases("tf32", "f32", "i32", 4)
      .Cases("s8", "u8", 1)
      .Case("f64", 8)
      .Default(0);
}

WmmaLaneTerm term(unsigned Div, unsigned Mod, unsigned Mul) {
  return {Div, Mod, Mul};
}

// The mma fragments put lane l in group g = l / 4 (a row of 8) at
// position t = l % 4 within it.
const WmmaLaneTerm Group = term(4, 8, 1);
WmmaLaneTerm position(unsigned Mul) { return term(1, 4, Mul); }

std::string sassName(const WmmaBuiltin &B, WmmaSpace Space, unsigned Bytes) {
  // The __mma_* builtins (bf16, tf32) stay generic loads and stores
  // (measured: LD.E, LD.E.64, ST.E.64 on shared tiles); the __hmma_* ones
  // are given their space.
  bool Generic = B.Type == "bf16" || B.Type == "tf32" ||
                 (B.Matrix == 'c' && B.K == 8);
  std::string Op = B.Store ? "ST" : "LD";
  std::string Name = Generic                       ? Op + ".E"
                     : Space == WmmaSpace::Shared ? Op + "S"
                                                   : Op + "G.E";
  return Bytes == 4 ? Name : Name + "." + std::to_string(Bytes * 8);
}

} // namespace

std::optional<WmmaBuiltin> parseWmmaBuiltin(llvm::StringRef Name) {
  WmmaBuiltin B;
  llvm::StringRef Family;
  for (llvm::StringRef F : {"__hmma_", "__imma_", "__bmma_", "__dmma_",
                            "__mma_bf16_", "__mma_tf32_", "__mma_"})
    if (Name.consume_front(F)) {
      Family = F;
      break;
    }
  if (Family.empty())
    return std::nullopt;
  auto [Shape, Rest] = Name.split('_');
  if (!parseShape(Shape, B))
    return std::nullopt;
  if (Rest.consume_front("ld_"))
    B.Store = false;
  else if (Rest.consume_front("st_"))
    B.Store = true;
  else
    return std::nullopt;
  if (Rest.empty() || (Rest[0] != 'a' && Rest[0] != 'b' && Rest[0] != 'c'))
    return std::nullopt;
  B.Matrix = Rest[0];
  if (B.Store && B.Matrix != 'c')
    return std::nullopt;
  llvm::StringRef Suffix = Rest.drop_front();
  if (!Suffix.empty() && !Suffix.consume_front("_"))
    return std::nullopt;
  // The type: the suffix when there is one (_f32, _s8, _b1, _i32, _f64),
  // else the family's.
  if (!Suffix.empty())
    B.Type = Suffix.str();
  else if (Family == "__hmma_")
    B.Type = "f16";
  else if (Family == "__mma_bf16_")
    B.Type = "bf16";
  else if (Family == "__mma_tf32_")
    B.Type = B.Matrix == 'c' ? "f32" : "tf32";
  else if (Family == "__imma_" || Family == "__bmma_")
    B.Type = "i32"; // only the accumulator has no suffix
  else if (Family == "__dmma_")
    B.Type = "f64";
  else
    return std::nullopt;
  B.ElemBytes = bytesOf(B.Type);
  return B;
}

WmmaLowering lowerWmma(const WmmaBuiltin &B, bool ColMajor, WmmaSpace Space,
                       unsigned SmVersion) {
  WmmaLowering L;
  std::string Tile = "m" + std::to_string(B.M) + "n" + std::to_string(B.N) +
                     "k" + std::to_string(B.K) + " " + B.Type + " " +
                     (B.Matrix == 'c' ? std::string("accumulator")
                                      : std::string("matrix_") + B.Matrix);
  if (SmVersion < 80) {
    L.Unknown = "wmma fragment layouts before sm_80 are not modelled";
    return L;
  }
  if (Space == WmmaSpace::Unknown) {
    L.Unknown = "the wmma tile's memory space is not known";
    return L;
  }
  WmmaInstruction I;
  if (B.Matrix != 'c') {
    // The tile's contiguous dimension is k (A row_major, B col_major):
    // a register's pair of 16-bit elements is adjacent in memory.
    bool KContiguous = (B.Matrix == 'a') != ColMajor;
    bool Half = (B.Type == "f16" || B.Type == "bf16") && B.M == 16 &&
                B.N == 16 && B.K == 16;
    bool Tf32 = B.Type == "tf32" && B.M == 16 && B.N == 16 && B.K == 8;
    if (Half && B.Type == "f16" && Space == WmmaSpace::Shared) {
      // ldmatrix.x4: lane l names row l % 8 of 8x8 matrix j = l / 8.
      // Matrix j holds the fragment's registers 2j and 2j+1, so its place
      // in the 16x16 tile (a block of 8 lines, a block of 8 elements)
      // follows the fragment layout: for A row_major (and B row_major
      // read transposed) the line block is j % 2; for B col_major (and A
      // col_major) the element block is.
      bool LineBlockLow = (B.Matrix == 'a') == KContiguous;
      I.Sass = KContiguous ? "LDSM.16.M88.4" : "LDSM.16.MT88.4";
      I.Bytes = 16;
      I.Line = {term(1, 8, 1), LineBlockLow ? term(8, 2, 8) : term(16, 2, 8)};
      I.Elem = {LineBlockLow ? term(16, 2, 8) : term(8, 2, 8)};
      I.Shifts = {{0, 0}};
    } else if (Half && KContiguous) {
      // a0a1 (g, 2t), a2a3 (g + 8, 2t), a4a5 (g, 2t + 8), a6a7 (g + 8,
      // 2t + 8); B's second pair is the next 8 k, its third the next 8 n.
      I.Bytes = 4;
      I.Line = {Group};
      I.Elem = {position(2)};
      I.Shifts = B.Matrix == 'a'
                     ? std::vector<std::pair<unsigned, unsigned>>{{0, 0}, {8, 0}, {0, 8}, {8, 8}}
                     : std::vector<std::pair<unsigned, unsigned>>{{0, 0}, {0, 8}, {8, 0}, {8, 8}};
    } else if (Half) {
      L.Unknown = "wmma " + Tile + " stored " +
                  (ColMajor ? "col_major" : "row_major") +
                  (B.Type == "f16" ? " outside shared memory" : "") +
                  ": each register pairs elements of two lines, a lowering "
                  "not modelled";
      return L;
    } else if (Tf32) {
      // One 32-bit element a register: a0 (g, t), a1 (g + 8, t), a2 (g,
      // t + 4), a3 (g + 8, t + 4) in (m, k); b0 (k t, n g), b1 (k t + 4),
      // b2 (n g + 8), b3 (both).
      I.Bytes = 4;
      if (KContiguous) {
        I.Line = {Group};
        I.Elem = {position(1)};
        I.Shifts = B.Matrix == 'a'
                       ? std::vector<std::pair<unsigned, unsigned>>{{0, 0}, {8, 0}, {0, 4}, {8, 4}}
                       : std::vector<std::pair<unsigned, unsigned>>{{0, 0}, {0, 4}, {8, 0}, {8, 4}};
      } else {
        I.Line = {position(1)};
        I.Elem = {Group};
        I.Shifts = B.Matrix == 'a'
                       ? std::vector<std::pair<unsigned, unsigned>>{{0, 0}, {0, 8}, {4, 0}, {4, 8}}
                       : std::vector<std::pair<unsigned, unsigned>>{{0, 0}, {4, 0}, {0, 8}, {4, 8}};
      }
    } else {
      L.Unknown = "wmma " + Tile + " tiles are not modelled";
      return L;
    }
  } else {
    if (B.Type != "f32" || B.M != 16 || B.N != 16) {
      L.Unknown = "wmma " + Tile + " tiles are not modelled";
      return L;
    }
    // c0c1 (g, 2t), c2c3 (g + 8, 2t), then the next 8 columns: a row's
    // pair is one 64-bit access; stored col_major each element is alone.
    if (!ColMajor) {
      I.Bytes = 8;
      I.Line = {Group};
      I.Elem = {position(2)};
      I.Shifts = {{0, 0}, {8, 0}, {0, 8}, {8, 8}};
    } else {
      I.Bytes = 4;
      I.Line = {position(2)};
      I.Elem = {Group};
      I.Shifts = {{0, 0}, {1, 0}, {0, 8}, {1, 8},
                  {8, 0}, {9, 0}, {8, 8}, {9, 8}};
    }
  }
  if (I.Sass.empty())
    I.Sass = sassName(B, Space, I.Bytes);
  L.Instructions.push_back(std::move(I));
  return L;
}

} // namespace coalesce

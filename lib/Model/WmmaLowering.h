//===- WmmaLowering.h - the memory instructions of a wmma load/store -*- C++ -*-===//
//
// nvcuda::wmma::load_matrix_sync and store_matrix_sync reach clang as
// builtins (__hmma_m16n16k16_ld_a, __mma_tf32_m16n16k8_ld_c, ...) whose
// memory traffic no source expression shows. What a warp touches is fixed
// by the fragment layout of the mma instruction the fragment feeds (the
// PTX ISA's "Matrix Fragments for mma.m16n8k16" and "mma.m16n8k8", sm_80
// and later) and by the instructions nvcc picks to fill the registers:
//
// - 16-bit A/B tiles on shared memory through an __hmma builtin: one
//   ldmatrix.x4 (LDSM.16.M88.4, .MT88.4 transposed): each lane gives the
//   address of one 16-byte row of one of four 8x8 matrices;
// - every other modelled tile: one load or store per register, each lane
//   its own elements: a register pair along the tile's contiguous
//   dimension is one 32-bit (16-bit elements) or 64-bit (a float
//   accumulator pair) access, a lone 32-bit element a 32-bit access.
//
// The tile is stored in "lines": rows for row_major, columns for col_major,
// ldm elements apart; an access of lane l is at element elem(l) of line
// line(l), so its byte offset from the pointer is
// (line(l) * ldm + elem(l)) * ElemBytes. The instructions of one call
// differ by whole lines (8) and whole 8-element (or 4-element tf32) steps:
// the same lane pattern moved by 16 or more aligned bytes.
//
// Measured on the H200 (nvcc 13.0, -arch=sm_90; cuda-samples'
// cudaTensorCoreGemm, bf16TensorCoreGemm, tf32TensorCoreGemm): LDSM for the
// __hmma A and B loads from shared memory, 4 LDS.64/STS.64 for a float
// accumulator, and 4 32-bit generic loads (LD.E) for the bf16 and tf32 A
// and B loads even from shared memory; their offsets (+8 lines, +8
// elements) are the ones listed here. Shapes, types and layouts outside the
// table are unknown, with the reason.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_MODEL_WMMALOWERING_H
#define CUDA_COALESCE_MODEL_WMMALOWERING_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace coalesce {

/// A wmma load or store builtin, as its name spells it.
struct WmmaBuiltin {
  char Matrix = 'a'; ///< 'a', 'b' or 'c' (the accumulator)
  bool Store = false;
  unsigned M = 0, N = 0, K = 0;
  /// "f16", "bf16", "tf32", "f32", "s8", "u8", "s4", "u4", "b1", "i32",
  /// "f64".
  std::string Type;
  /// Bytes of one element in memory (tf32 is a float); 0 for sub-byte.
  unsigned ElemBytes = 0;
};

/// Name parsed when it is one of clang's wmma load/store builtins
/// (__hmma_m16n16k16_ld_a, __mma_m16n16k8_st_c_f32, ...).
std::optional<WmmaBuiltin> parseWmmaBuiltin(llvm::StringRef Name);

/// Where the tile is.
enum class WmmaSpace { Shared, Global, Unknown };

/// A piece of a lane's position: ((lane / Div) % Mod) * Mul.
struct WmmaLaneTerm {
  unsigned Div = 1, Mod = 1, Mul = 0;
  unsigned at(unsigned Lane) const { return ((Lane / Div) % Mod) * Mul; }
};

/// One kind of instruction of the lowering: Shifts.size() instructions of
/// Bytes bytes a lane, the first with lane l at element elem(l) of line
/// line(l) (each the sum of its terms), instruction i moved by Shifts[i] =
/// {lines, elements} from it.
struct WmmaInstruction {
  std::string Sass; ///< "LDSM.16.M88.4", "LDS.64", "STG.E", ...
  unsigned Bytes = 0;
  std::vector<WmmaLaneTerm> Line, Elem;
  std::vector<std::pair<unsigned, unsigned>> Shifts;

  unsigned line(unsigned Lane) const { return sum(Line, Lane); }
  unsigned elem(unsigned Lane) const { return sum(Elem, Lane); }

private:
  static unsigned sum(const std::vector<WmmaLaneTerm> &Terms, unsigned Lane) {
    unsigned S = 0;
    for (const WmmaLaneTerm &T : Terms)
      S += T.at(Lane);
    return S;
  }
};

/// The instructions one call makes, or why they are not known.
struct WmmaLowering {
  std::vector<WmmaInstruction> Instructions;
  std::string Unknown; ///< set when Instructions is empty
};

/// The lowering of builtin B on a tile stored ColMajor (the layout
/// argument: 0 row_major, 1 col_major) in Space, for a GPU of compute
/// capability SmVersion (90 for sm_90).
WmmaLowering lowerWmma(const WmmaBuiltin &B, bool ColMajor, WmmaSpace Space,
                       unsigned SmVersion);

} // namespace coalesce

#endif

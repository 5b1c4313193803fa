//===- AccessSite.h - one global-memory access, as analyzed -----*- C++ -*-===//
//
// The Analysis layer's result: plain data, no Clang AST pointers, so it
// outlives the translation unit it came from.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_ANALYSIS_ACCESSSITE_H
#define CUDA_COALESCE_ANALYSIS_ACCESSSITE_H

#include "LaneExpr/Reason.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coalesce {

/// Atomic: atomicAdd & co. on global memory, a read-modify-write done by
/// the memory system; its warp request coalesces like any other.
enum class AccessKind { Load, Store, LoadStore, Atomic };

/// "load", "store", "load+store", "atomic".
const char *accessKindName(AccessKind K);

/// Lane addresses from lane 0's offset and each lane's offset from it
/// (nullopt: an inactive lane, kept).
std::vector<std::optional<int64_t>>
absoluteOffsets(int64_t Lane0, const std::vector<std::optional<int64_t>> &Rel);

/// A location in a source file, as the user sees it (macro uses, not macro
/// definitions). Columns are 1-based byte columns, as clang prints them.
struct SourcePos {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// A file as clang presumes it, as reports show it: "dir/../" and "./"
/// folded away, so a helper in include/x.cuh reached as "../include/x.cuh"
/// from src/k.cu reads include/x.cuh. A leading ".." stays.
std::string reportPath(const std::string &Presumed);

/// A kernel the analysis walked, where it is defined. Listed so that a kernel
/// with no global access is still known to exist (the grader asks).
struct KernelInfo {
  std::string Name; ///< as printed: "copy", "copyStrided<3>"
  SourcePos Pos;    ///< Column is 0: the name's line is what readers need
};

/// Where a value the analysis used came from, as data: the notes say what
/// a host loop passes (Findings/Classifier.cpp words it).
struct ValueOrigin {
  enum class Source : uint8_t {
    Default,      ///< nothing told it: the analysis assumed it
    Assume,       ///< --assume (or the configuration's assume:)
    LaunchSite,   ///< a <<<...>>> launch in the translation unit
    LaunchBounds, ///< the kernel's __launch_bounds__ (the block)
    BlockDim,     ///< --block-dim (the block)
    OtherUnit,    ///< a launch in another translation unit of the run
  };
  Source From = Source::Default;
  /// LaunchSite, OtherUnit: "k.cu:40" ("?" when clang knows no place).
  std::string Site;
  /// LaunchSite: the values a host loop around the launch passes, in
  /// launch order (empty: no host loop steps this value). HostLoopFirstOnly:
  /// its first values only (the loop's trip count, or how its launches
  /// weigh, is not known; the first launch's value is used).
  std::vector<int64_t> HostLoop;
  bool HostLoopFirstOnly = false;
  /// LaunchSite: the value a host loop around the launch gives in its first
  /// iteration (the launch a profiler measures).
  bool FirstPass = false;
  /// LaunchSite: the value the program takes when its command line does
  /// not set it (main run with no arguments).
  bool CommandLineDefault = false;

  bool assumed() const { return From == Source::Default; }
  bool operator==(const ValueOrigin &O) const {
    return From == O.From && Site == O.Site && HostLoop == O.HostLoop &&
           HostLoopFirstOnly == O.HostLoopFirstOnly &&
           FirstPass == O.FirstPass &&
           CommandLineDefault == O.CommandLineDefault;
  }
};

/// A value the analysis used and where it came from.
struct Assumption {
  std::string Name; ///< "height", "blockDim.x", "blockIdx"
  int64_t Value = 0;
  ValueOrigin Origin;
};

/// One edit of an automatic fix: replace Length bytes at Offset of File
/// (Begin and End, End exclusive, are the same range as lines and columns)
/// with Text.
struct TextEdit {
  std::string File;
  unsigned Offset = 0, Length = 0;
  SourcePos Begin, End;
  std::string Text;
  bool operator==(const TextEdit &O) const {
    return File == O.File && Offset == O.Offset && Length == O.Length &&
           Text == O.Text;
  }
};

struct AccessSite {
  SourcePos Pos;
  unsigned RangeEndColumn = 0; ///< last column of the access text (same line), 0 if unknown
  std::string SourceLine;      ///< the whole source line, for carets
  std::string PrevSourceLine;  ///< the line above, for NOLINTNEXTLINE
  std::string Kernel;          ///< kernel as printed: "copy", "copyStrided<3>"
  std::string Function;        ///< function holding the access (after inlining)
  AccessKind Kind = AccessKind::Load;
  std::string Text;            ///< the access as written, "out[x * height + y]"
  std::string Base;            ///< the base pointer's name, "out"
  unsigned ElemBytes = 0;      ///< bytes each lane reads or writes
  /// A __shared__ object (banks, not sectors): LaneOffsets and Lane0Offset
  /// are then byte offsets within it.
  bool Shared = false;
  /// The bytes of the __shared__ variable the access is in, when its size
  /// is known: a lane whose address falls outside it does not run the
  /// access (in a program that runs, a guard keeps it off), whatever the
  /// analysis made of the guards.
  std::optional<int64_t> ExtentBytes;
  /// An atomic the compiler makes a compare-and-swap loop: atomicAdd of a
  /// float or a double on shared memory (sm_90 has no shared
  /// floating-point add: ATOMS.CAST.SPIN). A request takes twice the
  /// wavefronts of its lanes' pattern (lanes that share a bank retry).
  bool CompareAndSwap = false;
  /// Bytes one load or store instruction moves for each lane: ElemBytes,
  /// or less for a struct wider than 16 bytes or aligned to less than its
  /// size (three 4-byte loads for a struct of three floats). Each piece is
  /// a request of its own. 0: ElemBytes.
  uint16_t InstrBytes = 0;
  /// nvcc unrolls the innermost loop around this __shared__ load and joins
  /// the loads of JoinedIterations consecutive iterations into one
  /// instruction (s[w][k] for k < 16: an LDS.128 every four iterations):
  /// ElemBytes and the lanes are then that instruction's. 0 otherwise.
  uint8_t JoinedIterations = 0;

  /// The byte address as printed: "out + 4*(threadIdx.x + 256*blockIdx.x)".
  std::string Address;
  /// Byte offset of each of the 32 lanes of the analyzed warp, relative to
  /// lane 0 (nullopt: inactive lane). Empty when not computable.
  std::vector<std::optional<int64_t>> LaneOffsets;
  /// Lane 0's byte offset from the (256-byte aligned) base allocation; used
  /// for sector alignment.
  int64_t Lane0Offset = 0;
  /// The launch beyond warp 0 of block 0: the distinct lane patterns met
  /// in a sample of the launch's warps (warps of the block, blocks of the
  /// grid, iterations of the innermost loop the address moves with; see
  /// docs/analysis.md). The first entry is warp 0 of block 0, the one
  /// LaneOffsets describes. Empty when only warp 0 was evaluated (shared
  /// memory, an unknown address).
  struct WarpSample {
    /// The first active lane's byte offset from the base (for alignment),
    /// and each lane's offset from it (nullopt: inactive lane).
    int64_t Lane0Offset = 0;
    std::vector<std::optional<int64_t>> LaneOffsets;
    /// How many sampled warps had this pattern.
    unsigned Weight = 0;
    /// The first sampled warp that had it: linear block index, warp within
    /// the block, iteration of the innermost loop.
    unsigned Block = 0, Warp = 0, Iteration = 0;
    /// Which launch of a host loop (0 when there is one launch).
    unsigned Launch = 0;
    /// No lane is active, but a short if on the thread alone switched them
    /// off: the warp issues the access predicated off if the compiler
    /// if-converts the branch (a request of no sectors), and not at all if
    /// it branches. In the launch's mean; not in the branched one.
    bool Predicated = false;
  };
  std::vector<WarpSample> Samples;
  /// Bytes between lane 0 of the block's first two warps.
  std::optional<int64_t> WarpStrideBytes;
  /// Change of each active lane's address from one iteration of the
  /// innermost enclosing loop the address depends on to the next, where
  /// it is the same from the first to the second and the second to the
  /// third (not where the address moves by a power of two of the
  /// iteration).
  std::optional<int64_t> IterationStepBytes;
  /// That loop runs over a range split among the threads: each starts at
  /// an offset of its own and all run equally long (CPU-style work
  /// splitting), as opposed to each thread walking its own row of data.
  bool SplitRange = false;
  /// Warp 0 of block 0 runs the access in no lane (a guard true only in
  /// other blocks or warps): LaneOffsets describe it with its guards
  /// relaxed, and only Samples say what the launch's requests are.
  bool Warp0Idle = false;

  /// The access reads a member of a struct element indexed by the lane.
  std::optional<unsigned> StructBytes;
  std::string StructName;
  std::string MemberName;
  /// The access is one of several that read (or write) every member of one
  /// element of a type aligned to its 8 or 16 bytes (a float2's .x and .y,
  /// with the same index, nothing of another kind between them): nvcc
  /// makes them one instruction of the whole element, which ElemBytes and
  /// the lane offsets then describe. The members, in order ("x, y"), and
  /// the struct's name stays in StructName. Empty otherwise.
  std::string WholeElementMembers;
  /// The struct as a structure of arrays, one pointer per member
  /// ("struct ParticleSoA { float *x; float *y; }"), for the AoS note.
  std::string SoALayout;

  /// Set when the address could not be computed.
  Reason UnknownReason;
  /// The address could not be computed, for this reason, but no sampled
  /// warp runs the access in more than one lane: a request is that lane's
  /// bytes wherever they are, and the warps are counted so
  /// (WarpEvaluator::evaluateOneLane). Empty otherwise.
  Reason OneLaneUnknown;
  /// The address depends on a value loaded from memory (an index array).
  bool DependsOnLoad = false;
  /// The address walks, an element per iteration, a range that starts at a
  /// value the lane loaded (CSR, one thread a row): each lane its own range
  /// of a length the data decides, named here ("rowptr[row + 1] -
  /// rowptr[row]"). The sector count is the data's, so it stays unknown.
  std::string DataDependentRange;
  /// Where that range starts, when the start is a whole number of rows of
  /// the range's length (off = rid[t] * G; m[off + g], g < G): the loaded
  /// value it comes from ("rid[t]"). The lanes are then a row apart on
  /// every iteration, and rows of a sector or more put each lane in a
  /// sector of its own when no two lanes load the same row: the access is
  /// counted so, evaluated with each lane in a row of its own.
  std::string DataDependentStart;
  /// A gather whose loaded index is added to a part known per lane
  /// (work[tid * stride + idx[k]]): the bytes between consecutive lanes'
  /// known parts, so the rows the lanes index into (the assumed values
  /// that spacing rests on are in Assumptions). Unset otherwise.
  std::optional<int64_t> GatherRowBytes;
  /// The address depends on values that groups of lanes each load at one
  /// address (cutcp's 'NbrList[nbrid].x' with nbrid = tid >> 4), as
  /// written ("'NbrList[nbrid].x', 'NbrList[nbrid].y'"), and warp 0's
  /// groups: the count takes the groups' values to put them in different
  /// sectors, each group's lanes where the rest of the address puts them
  /// (the values move the address by whole sectors). Empty, 0 otherwise;
  /// the lane offsets between groups are then the model's, not the run's.
  std::string GroupedLoads;
  unsigned LoadGroups = 0;
  /// The conditions on loaded data that choose between two offsets of the
  /// address ("'flux[i] > 0.0'"), and the mean sectors per request with
  /// every lane of a warp taking the first arm, the second, and the lanes
  /// alternating; empty when the address has no such choice. The count is
  /// the arm's of more sectors.
  std::string DataChoice;
  std::vector<double> DataChoiceSectors;

  /// One inlined call on the way from the kernel to the access: Caller
  /// calls Callee at Pos. Empty when the access is in the kernel's own body.
  struct CallStep {
    std::string Caller;
    std::string Callee;
    SourcePos Pos;
  };
  std::vector<CallStep> CallChain; ///< outermost call first

  /// The access lies in a toolkit header the analysis follows into
  /// (cuRAND's curand_kernel.h), made through a pointer the user's call
  /// passed (curand_init(seed, id, 0, &states[id])). The header is no one's
  /// to fix: a flagged finding is shown at that call, in the user's terms.
  /// Pos and the fields above stay the access's own, where a profiler books
  /// it. Header is empty for every other access.
  struct ToolkitCall {
    std::string Header;   ///< the header's file name: "curand_kernel.h"
    unsigned Step = 0;    ///< the call-chain step of the user's call
    /// The user's call as written, and its line (for carets and NOLINT).
    SourcePos Pos;
    unsigned RangeEndColumn = 0;
    std::string Text, SourceLine, PrevSourceLine;
    /// What the pointer the call passes points to, as the user's code
    /// spells its type ("curandState"), and its size; empty when no
    /// argument is a pointer to a struct.
    std::string Object;
    unsigned ObjectBytes = 0;
    std::string Argument; ///< that argument as written: "&states[id]"
  } Toolkit;
  bool inToolkitHeader() const { return !Toolkit.Header.empty(); }
  /// An access a toolkit function makes for the user's code, a function the
  /// analysis models rather than walks: an atomic (atomicAdd, whose body in
  /// device_atomic_functions.hpp is "return __iAtomicAdd(address, val);"),
  /// a cache-hinted load or store (__ldg's inline assembly), an operator of
  /// the toolkit's value types (__half2's copy constructor). The statement
  /// of its body where nvcc's line information books the instruction, with
  /// the function's name as Caller. The JSON report repeats the access
  /// there. Empty Caller: none.
  CallStep BookedInWrapper;
  /// An access whose expression spans lines: where nvcc's line information
  /// books its instruction, the end of what computes the address (the
  /// closing bracket of "offsets[t * blocks +\n b]", on the second line;
  /// for a member, its object's end: "in[i]\n.y" stays on the first). The
  /// JSON report repeats the access there. Line 0: Pos's line.
  SourcePos BookedAtEnd;
  /// Where a finding is shown to the user: the access, or the user's call
  /// that reaches it inside a toolkit header.
  const SourcePos &shownPos() const {
    return inToolkitHeader() ? Toolkit.Pos : Pos;
  }
  const std::string &shownLine() const {
    return inToolkitHeader() ? Toolkit.SourceLine : SourceLine;
  }
  unsigned shownEndColumn() const {
    return inToolkitHeader() ? Toolkit.RangeEndColumn : RangeEndColumn;
  }

  /// Where the declarations and statements the notes talk about are, as
  /// the user sees them (Line 0: none): the kernel's name, the innermost
  /// enclosing loop, the struct whose member is read, the launch analyzed
  /// under. SARIF's relatedLocations and the editor's notes point here.
  struct RelatedPositions {
    SourcePos Kernel, Loop, Struct, Launch;
  } Related;

  std::vector<Assumption> Assumptions;
  /// A runtime value the analyzer assumed (no launch, no --assume) sets
  /// the lanes' spacing, and the lanes are contiguous only when it is 1:
  /// "stride == 1". Empty otherwise.
  std::string ContiguousIf;
  /// Sizes n made of runtime values the analyzer assumed ("size",
  /// "stride / 128") whose mask "& (n - 1)" the address goes through:
  /// taken as a power-of-two buffer's wrap-around wider than a warp's
  /// addresses, which leaves them as they are
  /// (WarpEvaluator::withoutAssumedMasks).
  std::vector<std::string> WideMasks;
  /// A runtime value the analyzer assumed (no launch site, no --assume)
  /// that moves the lanes within sectors, as an offset (in[n + i]) or a row
  /// length (in[row * width + col]) does: the assumed 1048576 is a
  /// multiple of every sector, the run's value need not be. The launch's
  /// mean sectors per request is sampled again for each residue of the
  /// value: Sectors[r] for values congruent to r modulo Modulus (the
  /// shortest period, at most 32), the assumed value's among them.
  /// Modulus 0: no period up to 32; Sectors then holds the assumed value
  /// and the 31 after it, in that order.
  struct ValueDependence {
    std::string Name;
    int64_t Assumed = 0;
    unsigned Modulus = 0;
    std::vector<double> Sectors;
    /// The residues are sampled at the assumed magnitude, where the rows
    /// a value separates are far apart. Small values can put lanes of one
    /// warp within a sector of each other (rows of 17 floats, two a warp):
    /// the values from 1 up to where that stops being possible (at most 64)
    /// are sampled too, and SmallBelow is the least from which each of them
    /// gives its residue's mean (0: all do, or none was sampled). Values 1
    /// to SmallBelow - 1 give SmallFewest to SmallMost sectors per request.
    int64_t SmallBelow = 0;
    double SmallFewest = 0, SmallMost = 0;
    double fewest() const;
    double most() const;
    /// The mean over the residues: a value the analysis cannot see is as
    /// likely to be any of them.
    double mean() const;
    /// The values that give the fewest sectors, as a condition:
    /// "width % 8 == 0", "width % 8 is 0 or 4"; empty when Modulus is 0.
    std::string fewestWhen() const;
  };
  std::vector<ValueDependence> AlignmentDependence;
  /// The access runs under a condition the analyzer cannot evaluate (it
  /// compares loaded data, or floats): why, as the unknown part says. Every
  /// lane is taken to pass it, so the numbers are those of full warps; a
  /// warp with fewer lanes on makes a request of fewer sectors (at most the
  /// launch's most). Empty otherwise.
  Reason UnevaluatedGuard;
  /// The kernel's launch passes a block the host computes at run time
  /// (dim3 threads(numThreads), numThreads set on several branches): the
  /// default shape stands in, and the launch's mean sectors per request
  /// for blocks of 1 to 1024 threads along x, the default's among them,
  /// as (blockDim.x, sectors) pairs in increasing blockDim.x. Empty
  /// otherwise.
  std::vector<std::pair<unsigned, double>> SectorsByBlockX;
  /// The fewest and most of SectorsByBlockX (which must not be empty).
  std::pair<double, double> blockXRange() const;
  std::array<unsigned, 3> BlockDim = {0, 0, 0}; ///< as used; 0: unknown

  /// The __shared__ array a shared access indexes, when it is a declared
  /// array of two or more constant dimensions: what padding its rows takes
  /// (the bank-conflict fix, Findings/Fixes.cpp).
  struct SharedArrayShape {
    /// The declaration, "file:line:column": accesses with the same one
    /// index the same array.
    std::string Decl;
    std::string Name;
    std::vector<uint64_t> Dims; ///< element counts, outermost first
    /// The dimensions as written, "[TILE][TILE]"; the innermost size is its
    /// last InnerSize.Length bytes before the closing bracket.
    std::string DimsText;
    unsigned ElemBytes = 0;
    /// The innermost size as written; its Text is that spelling.
    TextEdit InnerSize;
    /// The innermost size is an integer literal (padded by adding to it),
    /// not a name or an expression (padded as "TILE + 1").
    bool InnerSizeLiteral = false;
    /// Why a padded layout could change what the code means (the array
    /// under sizeof, its address taken, a row used as a pointer): the
    /// first such use; empty when every use indexes an element.
    std::string PadBlocker;
  };
  std::optional<SharedArrayShape> SharedArray;
  /// The loop that splits a range among the threads (else the innermost
  /// loop around the access): the grid-stride loop over the same elements
  /// (the chunked-loop fix), or why there is none.
  struct LoopRewrite {
    TextEdit Header;     ///< "init; cond; inc" and its replacement
    std::string Blocker; ///< why not; empty when the rewrite is safe
  };
  std::optional<LoopRewrite> GridStride;

  /// clang SourceLocations (raw encodings, 0 when none) of the access and
  /// the declarations a diagnostic's notes point at. Meaningful only while
  /// the translation unit the site came from is alive: a sink over clang's
  /// DiagnosticsEngine uses them, the report writers never do.
  struct ClangLocations {
    uint64_t Begin = 0, End = 0; ///< the access expression
    uint64_t Kernel = 0;         ///< the kernel's name
    uint64_t Loop = 0;           ///< the innermost enclosing loop
    uint64_t Struct = 0;         ///< the struct whose member is read
    uint64_t Launch = 0;         ///< the <<<...>>> launch analyzed under
  } Clang;
};

} // namespace coalesce

#endif

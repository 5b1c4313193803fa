//===- MemoryAccess.h - one memory operation, as the interpreter meets it -===//
//
// The interpreter (Analyzer.cpp) emits one MemoryAccess for every memory
// operation it meets in code reachable from a kernel: every address space,
// every kind of operation, whether or not any check cares. Checks and
// report builders are MemoryAccessListeners; Analysis itself decides
// nothing about what is worth reporting.
//
// An event lives only for the duration of the onAccess() call: it points
// into the interpreter's state and the translation unit's AST. A listener
// that keeps anything copies it out (as AccessSite does for the report).
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_ANALYSIS_MEMORYACCESS_H
#define CUDA_COALESCE_ANALYSIS_MEMORYACCESS_H

#include "Analysis/AccessSite.h"

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CUDAKernelCallExpr;
class Expr;
class FieldDecl;
class FunctionDecl;
class RecordDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace coalesce {

class Expr;
class WarpEvaluator;
struct GroupedLoad;
struct LoopFacts;

enum class AddressSpace {
  Global,
  Shared,
  Constant,
  Local,
  /// A pointer whose space the analysis could not tell: a host global, a
  /// pointer loaded from memory, a cast from an integer.
  Generic,
};

enum class Operation {
  Load,
  Store,
  LoadStore,   ///< "x += v", "++x": a read and a write of one place
  Atomic,      ///< atomicAdd & co.: a read-modify-write by the memory system
  CachedLoad,  ///< __ldg, __ldcg, ...: a load through a cache hint
  CachedStore, ///< __stcg, __stwt, ...: a store through a cache hint
  TextureFetch,///< tex1Dfetch: a read through the texture path
};

/// "global", "shared", "constant", "local", "generic".
const char *addressSpaceName(AddressSpace S);
/// "load", "store", "load+store", "atomic", "cached-load", "cached-store",
/// "texture".
const char *operationName(Operation O);

/// One __device__ call the access sits inside (after inlining): the
/// function and the call that reached it.
struct CallContext {
  const clang::FunctionDecl *Callee = nullptr;
  const clang::CallExpr *Site = nullptr;
};

/// One loop the access sits inside, outermost first.
struct LoopContext {
  const clang::Stmt *Loop = nullptr;
  /// The loop's iteration symbol: the address moves with this loop when it
  /// mentions it.
  const Expr *Iteration = nullptr;
  /// The loop splits a range among the threads (each starts at an offset
  /// of its own, all run equally long).
  bool SplitRange = false;
};

/// The widest access per lane the models take (MemoryAccess::ElemBytes): a
/// 1 MiB struct copied per thread is already past any real kernel; wider
/// is unknown, so no model enumerates its words.
constexpr int64_t MaxAccessBytes = int64_t(1) << 20;

struct MemoryAccess {
  AddressSpace Space = AddressSpace::Generic;
  Operation Op = Operation::Load;
  clang::QualType ElemType;
  unsigned ElemBytes = 0;

  /// The expression that accesses memory ("out[i]", "atomicAdd(&h[k], 1)").
  const clang::Expr *Access = nullptr;

  /// The object the address is relative to, as printed ("out", "tile"),
  /// and its declaration when it is a variable (a __shared__ array, a
  /// kernel parameter); empty when unknown.
  std::string Base;
  const clang::VarDecl *BaseDecl = nullptr;
  /// Byte offset of the access from Base, as the interpreter holds it
  /// (blockDim symbolic). For shared memory this is the byte offset within
  /// the shared object. See laneAddress().
  const Expr *Offset = nullptr;
  /// Set when the base itself is unknown, with the unknown standing for it.
  Reason UnknownBase;
  const Expr *UnknownBaseValue = nullptr;
  /// Base names two allocations a lane-dependent condition picks between
  /// (Pointer::Choice): the condition. Sectors are counted only where it
  /// is the same for every lane of each sampled warp.
  const Expr *BaseChoice = nullptr;

  /// The access reads a member of a struct: the outermost struct, its size
  /// and the member path (".pos.x").
  const clang::RecordDecl *Struct = nullptr;
  const clang::FieldDecl *Member = nullptr;
  std::optional<unsigned> StructBytes;
  std::string StructName, MemberName;

  /// Conditions under which the access runs (a conjunction), each a 0/1
  /// expression.
  llvm::ArrayRef<const Expr *> Guards;
  /// Loops around the access, outermost first.
  llvm::ArrayRef<LoopContext> Loops;
  /// Inlined __device__ calls from the kernel to the access, outermost
  /// first; empty when the access is in the kernel's own body.
  llvm::ArrayRef<CallContext> Calls;

  const clang::FunctionDecl *Kernel = nullptr;
  std::string KernelName;             ///< "copy", "copyStrided<3>"
  const clang::FunctionDecl *Function = nullptr; ///< holds the access
  /// The launch the kernel is analyzed under; null when none is in the TU.
  const clang::CUDAKernelCallExpr *LaunchSite = nullptr;

  clang::ASTContext *Ctx = nullptr;
  const WarpEvaluator *Warp = nullptr;
  const LoopFacts *LoopsSeen = nullptr;
  /// Guards of short ifs the compiler predicates (see WarpEvaluator).
  const std::set<const Expr *> *PredicatedGuards = nullptr;
  /// Unknowns standing for values loaded at lane-dependent addresses.
  const std::set<const Expr *> *LoadUnknowns = nullptr;
  /// The access indexes, an element per iteration, a range whose start
  /// the lane loaded (val[j] in for (j = rowptr[row]; j < rowptr[row + 1];
  /// ++j)): the range's length as the source names it; empty otherwise.
  std::string DataDependentRange;
  /// With it, when the loaded start is a whole number of rows of the
  /// range's length: the byte offset with each lane in a row of its own
  /// (KernelWalker::dataRowOffset). Null otherwise.
  const Expr *DataRowOffset = nullptr;
  /// A gather indexed by a sum with loaded terms (work[tid * stride +
  /// idx[k]], or lower[idx[k]] with lower = &work[tid * stride]): the byte
  /// offset without them, the row each lane indexes into. Null otherwise.
  const Expr *GatherRowOffset = nullptr;
  /// An address values loaded by groups of lanes make unknown
  /// ('p[tid & 15]', p = bins + 32 * NbrList[tid >> 4].x): the byte offset
  /// with those values followed, each a GroupedLoad of GroupedLoads. Null
  /// otherwise.
  const Expr *GroupedOffset = nullptr;
  llvm::ArrayRef<GroupedLoad> GroupedLoads;
  /// An address a condition on loaded data makes unknown, choosing between
  /// two known offsets ('rho[i + donor]', donor = flux[i] > 0.0 ? -1 : 0):
  /// the byte offset with each such condition a data choice symbol
  /// (isDataChoice). Null otherwise.
  const Expr *ChoiceOffset = nullptr;

  /// Offset with the block sizes the launch tells substituted: the lane
  /// address relative to Base.
  const Expr *laneAddress() const;
  /// The first unknown the address holds, or null; with dependsOnLoad(),
  /// whether it stands for a value loaded from memory (a gather index).
  const Expr *unknownPart() const;
  bool dependsOnLoad() const;

  /// The innermost enclosing loop, or null.
  const clang::Stmt *innermostLoop() const {
    return Loops.empty() ? nullptr : Loops.back().Loop;
  }

  /// The address as printed: "out + 4*(threadIdx.x + 256*blockIdx.x)",
  /// "out + unknown(WORDS)" with Words' words for the offset's reason, or
  /// "unknown" when the base is unknown. Grouped: with the values groups
  /// of lanes load named (GroupedOffset), for an access evaluated so
  /// ("bins + 4*(32*NbrList[nbrid].x + (threadIdx.x & 15))"). Chosen:
  /// with the data's choices named (ChoiceOffset), for an access evaluated
  /// so ("rho + 8*(... + (data('flux[i] > 0.0') != 0 ? -1 : 0))").
  std::string
  printAddress(llvm::function_ref<std::string(const Reason &)> Words,
               bool Grouped = false, bool Chosen = false) const;

  /// Evaluates the address for the 32 lanes of warp 0 of block 0 into S:
  /// lane offsets, lane 0's offset, warp stride, the step per iteration of
  /// the innermost loop, the assumptions made, the block shape; or
  /// S.UnknownReason (and S.DependsOnLoad) when it cannot. Costs a walk per
  /// lane: call it only for accesses you keep.
  void evaluateLanes(AccessSite &S) const;

  /// Each lane's byte offset within the object (lane 0's offset plus its
  /// offset from lane 0), nullopt for inactive lanes; empty when the
  /// address cannot be evaluated. What a shared-memory bank check needs.
  std::vector<std::optional<int64_t>> laneByteOffsets() const;
};

/// Receives every memory access of every analyzed kernel, in the order the
/// interpreter meets them.
class MemoryAccessListener {
public:
  virtual ~MemoryAccessListener();
  virtual void onAccess(const MemoryAccess &A) = 0;
};

/// Hands each event to several listeners, in the order they were added.
class MemoryAccessFanout : public MemoryAccessListener {
public:
  void add(MemoryAccessListener &L) { Listeners.push_back(&L); }
  void onAccess(const MemoryAccess &A) override {
    for (MemoryAccessListener *L : Listeners)
      L->onAccess(A);
  }

private:
  std::vector<MemoryAccessListener *> Listeners;
};

} // namespace coalesce

#endif

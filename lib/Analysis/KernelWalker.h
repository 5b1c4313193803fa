//===- KernelWalker.h - the interpreter over one kernel's body --*- C++ -*-===//
//
// Private to lib/Analysis: the state of one kernel's walk and the operations
// its parts share. The interpreter is split by concern, each part a file:
//
//   EvalValues.cpp   rvalues: a ConstStmtVisitor returning a Value
//   EvalPlaces.cpp   lvalues: a ConstStmtVisitor returning a Place
//   EvalFloats.cpp   float and double values, and their conversion to
//                    integers
//   LoadStore.cpp    reading and writing places, and the memory events
//   Statements.cpp   the statement visitor (KernelWalker itself): blocks,
//                    declarations, branches and the merge after them
//   Loops.cpp        for/while/do/range-for: induction variables, split
//                    ranges, trip counts
//   Calls.cpp        calls: inlining __device__ functions and members
//   EvalBuiltins.cpp what the functions of CudaBuiltins.def do
//   KernelWalker.cpp the walk's entry, values and the path condition
//   StmtFacts.cpp    what this walk and the host-side launch evaluator
//                    (LaunchSites.cpp) both ask of a statement: can a loop
//                    body leave its iteration early, a comparison's truth
//
// Integer values are LaneExpr expressions over the thread and block symbols,
// kernel parameters and loop iterations; float values are LaneExpr Float
// nodes over them; pointers are a named base plus a byte offset; places
// (lvalues) are memory at a pointer, or a local variable.
//
//===----------------------------------------------------------------------===//

#ifndef CUDA_COALESCE_ANALYSIS_KERNELWALKER_H
#define CUDA_COALESCE_ANALYSIS_KERNELWALKER_H

#include "Analysis/Analyzer.h"
#include "Analysis/CudaBuiltins.h"
#include "Analysis/LaunchSites.h"
#include "Analysis/MemoryAccess.h"
#include "Analysis/WarpEvaluator.h"
#include "LaneExpr/LaneExpr.h"

#include "clang/AST/StmtVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace coalesce {
namespace interp {

using LExpr = coalesce::Expr;

enum class Space { Global, Shared, Local, Constant, Unknown };

/// A pointer value: a named base allocation plus a byte offset.
struct Pointer {
  std::string Base;                     ///< printed name; empty when unknown
  const clang::VarDecl *Decl = nullptr; ///< the base's variable, when it is one
  const LExpr *Offset = nullptr;        ///< bytes from the base
  Space Sp = Space::Unknown;
  Reason Why;                           ///< why the base is unknown
  const LExpr *UnknownOffset = nullptr; ///< the Unknown, when Why is set
  /// Base names two allocations and a lane-dependent condition picks one
  /// ("warpId < 4 ? A + i : B + i"): the condition, true for the first.
  /// An access through it is evaluated only where each warp takes one
  /// allocation (MemoryAccess::BaseChoice).
  const LExpr *Choice = nullptr;
  /// Into a local object held in registers (&v, a local array decayed):
  /// Base is the object's path ("v", "o.v"), of type LocalType, in frame
  /// LocalFrame. A constant offset names one of its members (placeAt).
  const clang::VarDecl *LocalVar = nullptr;
  size_t LocalFrame = 0;
  clang::QualType LocalType;
};

/// An lvalue: memory at a pointer, or a local variable (a register).
struct Place {
  enum Kind { None, Memory, Variable } K = None;
  Pointer Addr;                        ///< Memory
  const clang::VarDecl *Var = nullptr; ///< Variable
  size_t Frame = 0;                    ///< Variable: the call frame holding it
  std::string Path;                    ///< Variable: "p" or "p.n" for a member
  clang::QualType Type;
  /// Memory inside a struct object: the outermost struct's size and name.
  std::optional<unsigned> StructBytes;
  std::string StructName, MemberName;
  const clang::RecordDecl *Struct = nullptr;
  const clang::FieldDecl *Member = nullptr; ///< the outermost member
};

struct Value {
  enum Kind { None, Int, Ptr, Ref, Real } K = None;
  const LExpr *I = nullptr; ///< Int; Real: a Float node or an Unknown
  Pointer P;
  Place R;
  /// A struct (K None): the values of its integer and pointer leaves, by
  /// path below the struct (".base", ".v[1]", ".in.x"); null when none is
  /// known. Carries a struct through a copy, a return and an argument.
  std::shared_ptr<const std::vector<std::pair<std::string, Value>>> Fields;

  static Value none() { return {}; }
  static Value integer(const LExpr *E) {
    Value V;
    V.K = Int;
    V.I = E;
    return V;
  }
  static Value real(const LExpr *E) {
    Value V;
    V.K = Real;
    V.I = E;
    return V;
  }
  static Value pointer(Pointer P) {
    Value V;
    V.K = Ptr;
    V.P = std::move(P);
    return V;
  }
  static Value ref(Place R) {
    Value V;
    V.K = Ref;
    V.R = std::move(R);
    return V;
  }
};

/// Whether a reference of type T bound to a value that is not a place
/// holds that value: a const lvalue reference or an rvalue reference binds
/// a temporary, which nothing else writes.
inline bool bindsTemporary(clang::QualType T) {
  return T->isRValueReferenceType() || T->getPointeeType().isConstQualified();
}

/// Whether S is a component of threadIdx: what makes a value lane-dependent.
inline bool isThreadIdx(const SymbolExpr *S) {
  return S->getSymbolKind() == SymbolKind::ThreadIdx;
}

bool samePointer(const Pointer &A, const Pointer &B);
bool sameValue(const Value &A, const Value &B);

using Env = std::map<const clang::VarDecl *, Value>;
/// Members of structs held in registers, by variable and path ("l.base").
using MemberEnv =
    std::map<std::pair<const clang::VarDecl *, std::string>, Value>;

/// Whether Def's body is walked when called: a function outside the
/// system headers, or one of the toolkit's we follow (cuRAND's).
bool followedToolkitBody(const clang::FunctionDecl *Def,
                         const clang::SourceManager &SM);

/// Whether FD cannot be interpreted: invalid, no body, an expression clang
/// recovered from, or one of ErrorLocs inside it.
bool bodyHasErrors(const clang::FunctionDecl *FD,
                   llvm::ArrayRef<clang::SourceLocation> ErrorLocs,
                   const clang::SourceManager &SM);

/// "copy", "copyStrided<3>": the kernel as diagnostics name it.
std::string kernelName(const clang::FunctionDecl *FD,
                       const clang::ASTContext &Ctx);

/// One kernel's walk. As a ConstStmtVisitor it visits statements
/// (Statements.cpp, Loops.cpp); expressions go to eval and evalPlace, whose
/// visitors live in EvalValues.cpp and EvalPlaces.cpp and call back into the
/// operations declared here.
class KernelWalker : public clang::ConstStmtVisitor<KernelWalker> {
public:
  KernelWalker(clang::ASTContext &Ctx, ExprContext &X,
               const AnalysisOptions &Opts, const clang::FunctionDecl *Kernel,
               const LaunchInfo *Launch,
               llvm::ArrayRef<clang::SourceLocation> ErrorLocs,
               MemoryAccessListener &Listener);

  /// Walks the kernel's body, telling Listener about every memory operation.
  void run();

  //===--- State ----------------------------------------------------------===//

  struct Frame {
    const clang::FunctionDecl *FD;
    Env Vars;
    MemberEnv Members;
    std::vector<std::pair<const LExpr *, Value>> Returns; ///< (path, value)
    /// The object a member function was called on.
    std::optional<Place> This;
    /// The conditions of Path that hold at the call: a return's condition
    /// is the path from the function's entry, so that returns joined by it
    /// do not carry the caller's guards (nested calls would compound them).
    size_t CallerPath = 0;
  };

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  ExprContext &X;
  const AnalysisOptions &Opts;
  const clang::FunctionDecl *Kernel;
  const LaunchInfo *Launch;
  llvm::ArrayRef<clang::SourceLocation> ErrorLocs;
  MemoryAccessListener &Listener;
  /// The inlined calls from the kernel to the current statement, and the
  /// loops around it: the context each access event carries.
  std::vector<CallContext> Calls;
  std::vector<LoopContext> Loops;

  std::string KernelName;
  /// Loops over a range split among the threads, and trip counts, by
  /// iteration symbol.
  LoopFacts LoopsSeen;
  /// Evaluates the accesses' lanes, with what LoopsSeen holds by then.
  WarpEvaluator Warp;
  std::vector<Frame> Frames;
  /// The conditions under which the current statement runs (a conjunction).
  /// Kept apart so that one condition we cannot evaluate does not hide the
  /// others: each is evaluated lane by lane on its own.
  std::vector<const LExpr *> Path;
  /// While set, evaluation records no accesses (used to pre-evaluate loop
  /// steps that are visited again later).
  bool Quiet = false;
  unsigned LoopCount = 0;
  /// Bodies inlined so far in this kernel (calls and constructors), against
  /// AnalysisOptions::InlineBudget.
  unsigned Inlined = 0;
  /// Unknowns standing for values loaded at lane-dependent addresses.
  std::set<const LExpr *> LoadUnknowns;
  /// Those of them loaded as integers at addresses known per lane, which
  /// few distinct addresses may make a value per group of lanes (cutcp's
  /// 'NbrList[nbrid].x' with nbrid = tid >> 4): an access they make
  /// unknown is evaluated again with Grouping set (groupedOffset).
  std::set<const LExpr *> GroupableUnknowns;
  /// Walking a loop ahead, where a value read stands for its load: the
  /// offset each was read at (walkAhead tells a lane's chase, "p =
  /// next[p]", from a value the warp reads alike, "v += steps[k]").
  std::map<const LExpr *, const LExpr *> AheadLoadOffsets;
  /// The offsets of the stores made while walking ahead: one through a
  /// pointer the loop carries to another object is blind (Loops.cpp).
  std::vector<const LExpr *> AheadStoreOffsets;
  /// Walking ahead, an integer the whole warp reads at one place is a
  /// symbol, "loaded(TEXT)#n": its offset, which may hold the values the
  /// loop carries (the walk's rounds find it the warp's when they are),
  /// and the unknown it is where they are not (a lane's chase).
  struct AheadLoad {
    const LExpr *Offset;
    const LExpr *Unknown;
  };
  std::map<const LExpr *, AheadLoad> AheadLoads;
  /// Walking ahead, the symbol of a value every lane gets alike, computed
  /// from From (a load's offset, a bit function's arguments), U where it
  /// is not the warp's; nothing when From holds a value that entered the
  /// iteration differing between lanes, or an inner loop's count.
  std::optional<Value> sharedAhead(const std::string &Text, const LExpr *From,
                                   const LExpr *U);
  /// The symbols of the values the walk ahead follows that enter the
  /// iteration differing between lanes: a load at a place they move is a
  /// lane's, never the warp's.
  std::set<const LExpr *> AheadLaneMarks;
  /// While set, such a load gives a GroupedLoad's Value + Group instead of
  /// an unknown, and a variable declared from one reads its GroupShadows.
  bool Grouping = false;
  unsigned GroupSymbols = 0;
  /// Every such load met Grouping, by its Group symbol.
  std::map<const SymbolExpr *, GroupedLoad> GroupLoadsBySymbol;
  /// The loads the access being recorded reads in its GroupedOffset.
  std::vector<GroupedLoad> GroupedLoads;
  /// By frame and variable: the value a variable was declared with, when
  /// it holds one of GroupableUnknowns, and that value with Grouping set.
  /// Read only while the variable still holds the first.
  std::map<std::pair<size_t, const clang::VarDecl *>, std::pair<Value, Value>>
      GroupShadows;
  /// While set, a conditional between two known integers whose condition
  /// holds an unknown (it compares loaded data: 'flux[i] > 0.0') is a
  /// choice the data makes, select(choiceOf(C), then, else), and a
  /// variable an if joined so, or declared from such a conditional, reads
  /// its ChoiceShadows: the access evaluated again so is its ChoiceOffset.
  bool Choosing = false;
  std::map<const LExpr *, const LExpr *> ChoiceSymbols;
  /// By frame and variable: the unknown an if's join or a declaration
  /// left, and the choice it stands for. Read only while the variable
  /// still holds the first.
  std::map<std::pair<size_t, const clang::VarDecl *>, std::pair<Value, Value>>
      ChoiceShadows;
  /// The symbol of the choice condition C makes, named by its text.
  const LExpr *choiceOf(const LExpr *C, llvm::StringRef Text);
  /// A select of two known integers on a condition that holds an unknown,
  /// as a choice; null when it is not one.
  const LExpr *choice(const LExpr *C, llvm::StringRef Text, const Value &T,
                      const Value &F);
  /// The access evaluated again with Choosing set: its offset when that
  /// holds no unknown and makes a choice; null otherwise.
  const LExpr *choiceOffset(const clang::Expr *Access, const Place &P);
  /// The ifs being walked: each branch's condition, and whether the
  /// compiler predicates the branch instead of branching around it: short
  /// and straight-line ("if (threadIdx.x == 0) out[b] = v;", predicable),
  /// the else too if there is one, and not at the kernel's end (AtTail).
  std::vector<std::pair<const LExpr *, bool>> OpenIfs;
  /// The conditions of OpenIfs that are a conditional operator's ('c ? a[i]
  /// : s[j]'), predicated even on global memory in a loop, as an if's body
  /// there is not: nvcc selects between the arms' values, each load issued
  /// under its predicate.
  std::set<const LExpr *> OpenSelects;
  /// Whether the statement being walked is the last the kernel runs: no
  /// statement of the kernel follows it, and no loop around it runs again.
  /// The compiler ends a thread that skips an if there (EXIT) rather than
  /// predicating the if's body, so that a warp with no lane on issues none
  /// of it.
  bool AtTail = false;
  /// The statement being walked (visit's argument).
  const clang::Stmt *Visiting = nullptr;
  /// The conditions of OpenIfs an access is predicated on (rebuilt for each
  /// access: one condition can head a predicated if and a branching one).
  std::set<const LExpr *> PredicatedGuards;
  /// Induction variables, one element a step, of the loops being walked
  /// that start at a value the lane loaded: the range's length as named.
  std::map<const clang::VarDecl *, std::string> DataRanges;
  /// The other induction variables, one element a step, of the loops being
  /// walked, with their ranges' lengths as named: an index that adds one to
  /// a value the lane loaded walks a range the data places.
  std::map<const clang::VarDecl *, std::string> LoopRanges;
  /// LoopRanges' lengths as values (bound less start), where known.
  std::map<const clang::VarDecl *, const LExpr *> LoopRangeLengths;
  /// Whether an if's body is short and straight-line (Statements.cpp).
  bool predicable(const clang::Stmt *Then);
  /// The range A's index walks when it is one of DataRanges' variables
  /// ("val[j]", "val[j + 1]", "*(val + j)"), or one of LoopRanges' added to
  /// a variable holding a value the lane loaded ("dst[dword + i]").
  /// Walk and Start, when given, get the variable that walks the range
  /// and the one holding the loaded start it is added to ("dword",
  /// "row" in row[g] with row = m + rid[t] * G), if any.
  std::string dataDependentRange(const clang::Expr *Access,
                                 const clang::VarDecl **Walk = nullptr,
                                 const clang::VarDecl **Start = nullptr) const;
  /// For an access walking a range from a loaded Start that is a whole
  /// number of the range's lengths (off = rid[t] * G, for (g = 0; g < G;
  /// ++g) m[off + g]): the byte offset with each lane's row set to the
  /// lane's index in the block, the lanes a row apart; null otherwise.
  const LExpr *dataRowOffset(const clang::Expr *Access,
                             const clang::VarDecl *Walk,
                             const clang::VarDecl *Start);
  /// For Access = base[index] whose index is a sum with terms the lane
  /// loaded (work[tid * stride + idx[k]]): the byte offset of base plus the
  /// other terms, the row each lane indexes into; null when the index has
  /// no such term, anything else is unknown, or evaluating it again could
  /// change something.
  const LExpr *gatherRowOffset(const clang::Expr *Access);
  /// For an access at P that one of GroupableUnknowns makes unknown: its
  /// byte offset evaluated again with Grouping set, the loads it reads
  /// into GroupedLoads; null when it still holds an unknown or its base
  /// changes.
  const LExpr *groupedOffset(const clang::Expr *Access, const Place &P);
  /// E's value, or Access's offset when it is P's base at an offset with
  /// no unknown (null otherwise, or when Access has side effects), evaluated
  /// again, quietly, with Mode (Grouping, Choosing) set.
  Value valueWith(bool &Mode, const clang::Expr *E);
  const LExpr *offsetWith(bool &Mode, const clang::Expr *Access,
                          const Place &P);
  /// Whether V holds one of GroupableUnknowns.
  bool holdsGroupable(const Value &V) const;
  /// Whether nothing in VD's function changes VD after its declaration
  /// (no assignment, increment, non-const reference or pointer to it).
  bool neverChanged(const clang::VarDecl *VD);
  llvm::DenseMap<const clang::VarDecl *, bool> Unchanged;

  /// What a loop may write into structs held in registers: the member
  /// names it (or a function it calls, followed into its body) assigns,
  /// increments, takes the address of or binds to a non-const reference;
  /// the local structs it assigns whole; and whether it calls something we
  /// cannot see into that could change a struct's members (then any may).
  struct FieldWrites {
    std::set<std::string> Fields;
    llvm::SmallPtrSet<const clang::VarDecl *, 4> Whole;
    bool Opaque = false;
    /// Whether it writes through a pointer, which may point at a local.
    bool ThroughPointer = false;
    /// The loop function's pointer variables it writes through (in the
    /// loop, or in a callee through the arguments passed): resolvedWrites
    /// judges them by their values.
    llvm::SmallPtrSet<const clang::VarDecl *, 4> Through;
    /// The same for pointer members of the loop function's structs: the
    /// struct and the member's path ("p.tmp").
    std::set<std::pair<const clang::VarDecl *, std::string>> ThroughMembers;
  };
  /// W with its writes through Through judged at the loop's head: one
  /// through a variable the loop assigns, or whose value is not a pointer
  /// into an allocation, may write a local (ThroughPointer).
  FieldWrites
  resolvedWrites(const FieldWrites &W,
                 const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Assigned)
      const;
  /// After W: the locals whose address escaped into a pointer (Escaped)
  /// are unknown when W writes through a pointer.
  void forgetEscaped(const FieldWrites &W, const Reason &Why);
  /// Whether a loop around is being walked ahead (Loops.cpp): loads then
  /// give unknowns, and the loops inside are not walked.
  bool WalkingAhead = false;
  /// Set by a store, while walking ahead, through a pointer the walk does
  /// not know the target of: it may have written any escaped local.
  bool BlindWriteAhead = false;
  /// Numbers the symbols of the values the warp loads alike while walking
  /// ahead (LoadStore.cpp).
  unsigned AheadLoadCount = 0;
  /// The loop a '#pragma unroll 1' (or 'nounroll') stands on, while it is
  /// visited: LoopsSeen.Rolled gets its iteration symbol.
  const clang::Stmt *RolledLoop = nullptr;
  /// References to a caller's variable that a loop walks as the variable
  /// itself (visitLoop): while it runs, each holds the value.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> ReboundRefs;
  /// Per-loop cache of the struct members each loop may write (Loops.cpp).
  std::map<const clang::Stmt *, FieldWrites> LoopFieldWrites;
  /// The declarations made to hold struct temporaries (EvalPlaces.cpp).
  std::map<const clang::MaterializeTemporaryExpr *, const clang::VarDecl *>
      Temporaries;

  /// Per-node caches of eval (EvalValues.cpp).
  llvm::DenseMap<const clang::Stmt *, unsigned> Heights;
  llvm::DenseMap<const clang::Expr *, std::optional<int64_t>> Constants;

  /// How deep eval/evalPlace may recurse: clang accepts a 5,000-term sum,
  /// whose left-nested tree would otherwise overflow the stack. Far beyond
  /// any index a person writes.
  static constexpr unsigned MaxNesting = 256;
  unsigned Nesting = 0;
  struct NestingScope {
    unsigned &N;
    explicit NestingScope(unsigned &N) : N(++N) {}
    ~NestingScope() { --N; }
  };

  /// Fn's result, evaluated with no access recorded and no variable left
  /// changed: for a value evaluated again, or ahead of the walk (a call in
  /// it would otherwise move a struct's members twice).
  template <typename F> auto quietly(F &&Fn) {
    bool Saved = Quiet;
    Quiet = true;
    State Before = capture();
    auto R = Fn();
    restore(Before);
    Quiet = Saved;
    return R;
  }

  Env &env() { return Frames.back().Vars; }
  MemberEnv &members() { return Frames.back().Members; }

  //===--- Values and the path (KernelWalker.cpp) -------------------------===//

  std::string sourceText(clang::SourceRange R) const;
  std::string sourceText(const clang::Expr *E) const {
    return sourceText(E->getSourceRange());
  }

  /// An unknown of type T (integer or pointer), or no value.
  Value unknownValue(clang::QualType T, const Reason &Why);
  Value unknownValue(clang::QualType T, llvm::StringRef Why) {
    return unknownValue(T, Reason::other(Why.str()));
  }
  /// An unknown of the kind of Like (integer or pointer), or no value.
  Value unknownLike(const Value &Like, llvm::StringRef Why) {
    return unknownLike(Like, Reason::other(Why.str()));
  }
  Value unknownLike(const Value &Like, const Reason &Why) {
    if (Like.K != Value::Int && Like.K != Value::Ptr)
      return Value::none();
    return unknownValue(Like.K == Value::Int ? Ctx.IntTy : Ctx.VoidPtrTy, Why);
  }
  void forgetMembers(const clang::VarDecl *V);
  /// A member of a struct held in registers: the frame holding the
  /// variable, the variable, and the member's path ("c.loader.last").
  struct MemberKey {
    size_t Frame;
    const clang::VarDecl *Var;
    std::string Path;
    bool operator<(const MemberKey &O) const {
      return std::tie(Frame, Var, Path) < std::tie(O.Frame, O.Var, O.Path);
    }
  };
  /// The members with a value that a loop may write (W), of the structs in
  /// registers its statements name: local struct variables, what a
  /// reference refers to, and the object of a member function.
  std::vector<MemberKey> writtenMembers(llvm::ArrayRef<const clang::Stmt *> Loop,
                                        const FieldWrites &W);
  Value &memberValue(const MemberKey &K) {
    return Frames[K.Frame].Members[{K.Var, K.Path}];
  }
  /// Makes the member unknown, for Why ("changed inside a loop").
  /// Forget* make what they name unknown for Why, its Subject set to each
  /// variable or member path they forget.
  void forgetMember(const MemberKey &K, const Reason &Why);

  /// Values a loop writes that each iteration carries to the next in a way
  /// we follow: set back to their value at the head ("wtx = tx;" closing
  /// the body), or moved by a step that does not change ("last += stride"
  /// inside a loader's member function). Found by walking the body ahead.
  struct Carried {
    struct Item {
      Value Entry;        ///< at the loop's head
      const LExpr *Step;  ///< per iteration; 0 when set back
      /// Moved only while it differs from this bound (an integer), which
      /// it holds once there: "if (next != end) next += stride". Null: no
      /// bound.
      const LExpr *Until = nullptr;
    };
    std::map<const clang::VarDecl *, Item> Vars;
    std::map<MemberKey, Item> Members;
    /// Values the loop changes in a way not followed, from nothing that
    /// differs between lanes: inside the loop, a runtime value the warp
    /// shares ("carried(s)"); unknown after it.
    std::map<const clang::VarDecl *, Value> UniformVars;
    std::map<MemberKey, Value> UniformMembers;
    /// Values that start different in each lane and that every iteration
    /// moves by one amount in all lanes: inside the loop, the entry plus a
    /// shift the warp shares ("tid / 16 + 8*carried(nbrid)"); unknown after
    /// it.
    std::map<const clang::VarDecl *, Value> ShiftedVars;
    std::map<MemberKey, Value> ShiftedMembers;
    /// Values that start different in each lane and that the iteration
    /// replaces with one it loads ("p = next[p]"): inside the loop, that
    /// load's value (a gather index); after it, what the body's walk left.
    std::map<const clang::VarDecl *, Value> LoadedVars;
    std::map<MemberKey, Value> LoadedMembers;
    /// Values the iteration recomputes for the next one from the induction
    /// variables ("pos -= blockDim.x; pos2 = pos / w * n + pos % w" closing
    /// the body) that entered the loop as the same formula: in iteration
    /// Iter, the formula (of Iter); unknown after the loop.
    std::map<const clang::VarDecl *, const LExpr *> RecomputedVars;
    std::map<MemberKey, const LExpr *> RecomputedMembers;
    /// The iteration symbol the recomputed formulas are of.
    const LExpr *Iter = nullptr;
    /// Values that come back every few iterations: two pointers swapped
    /// ("t = src; src = dst; dst = t"), three rotated, an index toggled
    /// ("cur = 1 - cur"). In iteration k a variable holds Cycle[k % size].
    std::map<const clang::VarDecl *, std::vector<Value>> Cycles;
    /// The longest cycle followed: four buffers rotated.
    static constexpr size_t MaxCycle = 4;
    bool empty() const {
      return Vars.empty() && Members.empty() && Cycles.empty();
    }
    /// Binds each to its value after Count iterations, and the uniform
    /// values to theirs.
    void advance(KernelWalker &W, const LExpr *Count) const;
    /// After the loop: a value set back keeps its head's value when the
    /// loop runs whole iterations only (Whole); one moved by a step is at
    /// Runs steps when the number of iterations is known (Runs).
    void leave(KernelWalker &W, const LExpr *Runs, bool Whole) const;
  };
  void forgetAll(const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Vars,
                 const Reason &Why);

  /// The pointer "C ? T : F": one base with the offsets selected, or two
  /// bases of one space named together ("(useA ? a : b)") when C is the
  /// same in every lane, so a warp reads one of them: global bases are
  /// assumed aligned, as every base is, and moving a whole warp's shared
  /// addresses by one amount changes no bank conflict. Nullopt when the
  /// lanes may take different bases (global ones are evaluated per warp,
  /// Pointer::Choice) or either is unknown. Cond is C's text.
  std::optional<Pointer> selectPointer(const LExpr *C, const Pointer &T,
                                       const Pointer &F, llvm::StringRef Cond);
  /// Cycle[Count % size], as one value: the selects of the integers or of
  /// the pointers (selectPointer); unknown when two pointers do not join.
  Value cycled(const std::vector<Value> &Cycle, const LExpr *Count,
               const clang::VarDecl *V);
  /// V as a 0/1 truth value; comparisons already are one.
  const LExpr *truth(const LExpr *V);
  /// The side a condition C (a truth value) takes when the compiler
  /// decides it (a template's constant, "if (RO)"): the other side is not
  /// in the binary. None when C is not a constant.
  static std::optional<bool> decided(const LExpr *C);
  const LExpr *both(const LExpr *A, const LExpr *B);
  /// The path from its From-th condition on, as one 0/1 expression.
  const LExpr *pathCondition(size_t From = 0);
  std::vector<const LExpr *> pathWith(const std::vector<const LExpr *> &Outer,
                                      const LExpr *C);

  //===--- Statements (Statements.cpp, Loops.cpp) -------------------------===//

  void visit(const clang::Stmt *S) {
    if (!S || (Opts.ShouldStop && Opts.ShouldStop()))
      return;
    // A loop's body runs again after its last statement; a switch's cases
    // fall through to the next.
    bool SavedTail = AtTail;
    const clang::Stmt *SavedVisiting = Visiting;
    if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
                  clang::CXXForRangeStmt, clang::SwitchStmt>(S))
      AtTail = false;
    Visiting = S;
    Visit(S);
    AtTail = SavedTail;
    Visiting = SavedVisiting;
  }

  void VisitExpr(const clang::Expr *E) { eval(E); }
  void VisitCompoundStmt(const clang::CompoundStmt *CS);
  void VisitDeclStmt(const clang::DeclStmt *DS);
  void VisitIfStmt(const clang::IfStmt *IS);
  void VisitContinueStmt(const clang::ContinueStmt *CS);
  void VisitReturnStmt(const clang::ReturnStmt *RS);
  void VisitSwitchStmt(const clang::SwitchStmt *SS);
  void VisitSwitchCase(const clang::SwitchCase *SC);
  void VisitLabelStmt(const clang::LabelStmt *LS);
  void VisitAttributedStmt(const clang::AttributedStmt *AS);
  void VisitForStmt(const clang::ForStmt *FS);
  void VisitWhileStmt(const clang::WhileStmt *WS);
  void VisitDoStmt(const clang::DoStmt *DS);
  void VisitCXXForRangeStmt(const clang::CXXForRangeStmt *RF);
  /// break, continue, goto, null statements, asm: nothing to evaluate.
  void VisitStmt(const clang::Stmt *) {}

  void declare(const clang::VarDecl *VD);

  //===--- Expressions (EvalValues.cpp, EvalPlaces.cpp) -------------------===//

  Value eval(const clang::Expr *E);
  /// A float or double prvalue (EvalFloats.cpp); nullopt for an
  /// expression it does not model, which eval's visitor then walks.
  std::optional<Value> evalFloat(const clang::Expr *E);
  /// The integer Cast (a float converted to an integer) gives: computed
  /// lane by lane from Sub's float value; a value not known here makes it
  /// a uniform runtime value named by Cast's text when nothing in Sub
  /// differs between lanes or iterations, else unknown.
  const LExpr *floatToInt(const clang::Expr *Sub, const clang::Expr *Cast);
  /// A float kernel parameter (or another uniform float known by Name):
  /// its value from --assume or the launch site, else an opaque value.
  Value namedFloat(const std::string &Name, clang::QualType T,
                   bool Parameter);
  const LExpr *evalInt(const clang::Expr *E);
  Pointer evalPtr(const clang::Expr *E);
  Place evalPlace(const clang::Expr *E);
  void loadIfRef(const Value &V, const clang::Expr *E) {
    if (V.K == Value::Ref)
      load(V.R, E);
  }
  int64_t elementBytes(clang::QualType T);
  /// What a reference of type T initialised by Init (evaluated to V)
  /// holds: the place V names; else, for a reference that binds a
  /// temporary (divRndUp(n, 2), bindsTemporary), the temporary's value;
  /// else no place.
  Value bindReference(clang::QualType T, const clang::Expr *Init, Value V);
  /// The memory a pointer points at, seen as a T; into a local object at
  /// a constant offset, the member of it there (a variable place).
  Place placeAt(const Pointer &P, clang::QualType T);
  /// A pointer to the local object held in registers at P (a variable).
  Pointer localPointer(const Place &P);
  /// The locals whose address a pointer holds: a loop that writes through
  /// a pointer may change them (Loops.cpp).
  std::set<std::pair<size_t, const clang::VarDecl *>> Escaped;
  /// The escaped locals whose address was also stored to memory: a pointer
  /// the kernel loads may point at them.
  std::set<std::pair<size_t, const clang::VarDecl *>> StoredAway;
  /// Makes every value held in the variable (and its members) unknown;
  /// with Root ("buf", "o.v"), only the members below it.
  void forgetLocal(size_t Frame, const clang::VarDecl *V, const Reason &Why,
                   const std::string &Root = "");
  /// Binds the members of the struct at the variable place Obj to the
  /// struct value V's fields (Value::Fields), forgetting the old ones.
  void storeFields(const Place &Obj, const Value &V);
  /// The fields of the struct of type T at Obj (a variable place).
  Value readFields(const Place &Obj);
  /// Two structs' fields joined on C (T where it holds, else F); a leaf
  /// that cannot be joined is unknown for Why.
  Value joinFields(const LExpr *C, const Value &T, const Value &F,
                   llvm::StringRef Why);
  /// The member FD of the object at Obj: a member path of a variable, or
  /// memory at the member's offset.
  Place memberOf(const Place &Obj, const clang::FieldDecl *FD);
  /// Runs the constructor of CCE on the object at Obj (a variable place,
  /// or memory: an object "new" builds):
  /// arguments, member initialisers, then the body with Obj as this.
  void construct(const clang::CXXConstructExpr *CCE, const Place &Obj);
  /// Whether CCE runs a constructor construct() follows (not a copy).
  static bool followedConstructor(const clang::CXXConstructExpr *CCE);

  //===--- Calls (Calls.cpp, EvalBuiltins.cpp) ----------------------------===//

  Value evalCall(const clang::CallExpr *Call);
  Value inlineCall(const clang::CallExpr *Call, const clang::FunctionDecl *Def);
  /// A cooperative_groups member call of CudaBuiltins.def's table, or
  /// nullopt.
  /// With Component (0, 1, 2), a method returning a dim3 read at .x, .y or
  /// .z ("block.group_index().x"); without, one returning an integer.
  std::optional<Value>
  evalGroupMethod(const clang::CallExpr *Call,
                  std::optional<unsigned> Component = std::nullopt);
  /// threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z).
  const LExpr *linearThreadId();
  /// V as the lane Src (an expression in the lane) holds it: the thread's
  /// linear id moved by Src - lane, threadIdx rebuilt from it.
  const LExpr *atLane(const LExpr *V, const LExpr *Src);
  /// The source lane of a shuffle (Kind: 0 indexed, 1 up, 2 down, 3 xor)
  /// with operand Op within segments of Width lanes; null when the width
  /// is not a constant power of two up to 32.
  const LExpr *shuffleSource(unsigned Kind, const LExpr *Op,
                             const LExpr *Width);
  /// A warp vote (__ballot_sync, __any_sync, __all_sync, __activemask),
  /// one value for the whole warp, or a bit count or search (__popc,
  /// __ffs, __clz, __brev) of values the warp shares: a value of the
  /// warp's, named by its text, or while walking ahead a symbol the walk's
  /// rounds judge (AheadLoads). Nothing for any other call (EvalBuiltins.cpp).
  std::optional<Value> warpBitValue(const clang::CallExpr *Call,
                                    llvm::StringRef Name,
                                    llvm::ArrayRef<Value> Args);
  std::optional<Value> evalBuiltin(const clang::CallExpr *Call, BuiltinKind K,
                                   llvm::StringRef Name);
  /// A wmma load or store (EvalWmma.cpp): the toolkit's load_matrix_sync
  /// and store_matrix_sync followed into their bodies, and the builtins
  /// they call recorded as the instructions nvcc makes of them; nullopt for
  /// any other call.
  std::optional<Value> evalWmma(const clang::CallExpr *Call);

  //===--- Reading and writing places (LoadStore.cpp) ---------------------===//

  /// The current value of a variable of the current frame, or of frame F.
  Value readVariable(const clang::VarDecl *VD) {
    return readVariable(VD, Frames.size() - 1);
  }
  Value readVariable(const clang::VarDecl *VD, size_t F);
  Value namedRuntimeValue(const std::string &Name, clang::QualType T,
                          SymbolKind Kind = SymbolKind::Param);
  Value readPlaceValue(const Place &P, const clang::Expr *E);
  Value load(const Place &P, const clang::Expr *E,
             Operation Op = Operation::Load);
  /// The value a lane loaded that one element of the local array Addr
  /// points into holds, when every element holds one ("uint n[3] =
  /// {nb.x, nb.y, nb.z}"); null otherwise.
  const LExpr *loadedElements(const Pointer &Addr);
  /// The value read at Addr (of type T, Text its source) once recorded:
  /// named when the whole warp reads one address, else a gather unknown.
  Value loadedValue(const Pointer &Addr, clang::QualType T,
                    const std::string &Text);
  void store(const Place &P, const Value &V, const clang::Expr *E,
             Operation Op);
  /// Tells the listeners about one memory operation at P.
  void record(const clang::Expr *E, const Place &P, Operation Op);

private:
  //===--- Branches (Statements.cpp) --------------------------------------===//

  /// Every frame's variables: a branch may write the caller's variables
  /// through a reference parameter.
  struct State {
    std::vector<Env> Vars;
    std::vector<MemberEnv> Members;
  };
  State capture() const;
  void restore(const State &S);
  /// While walking a loop ahead: the state at each continue the walk
  /// passes, with the conditions under which it is taken (from the path's
  /// length at the loop's body, AheadPathDepth); walkAhead joins them with
  /// the state at the body's end, as the lanes that continued rejoin the
  /// others there.
  std::vector<std::pair<State, const LExpr *>> AheadContinues;
  size_t AheadPathDepth = 0;
  void joinAheadContinues();
  template <typename Map>
  Map merge(const LExpr *C, llvm::StringRef Cond, const Map &T, const Map &F);
  /// Whether the local V starts afresh in each iteration of every loop
  /// around that its own function holds: declared inside those loops, so
  /// no iteration sees what an earlier one left in it.
  bool freshInLoops(const clang::VarDecl *V) const;

  //===--- Loops (Loops.cpp) ----------------------------------------------===//

  void visitLoop(const clang::Stmt *Loop, const clang::Expr *Cond,
                 const clang::Stmt *Inc, const clang::Stmt *Body, bool IsDo,
                 const clang::Stmt *CondVar);
  /// The variables a loop moves by a fixed step, or scales or wraps, once
  /// per iteration (defined in Loops.cpp).
  struct LoopSteps;
  /// Finds them among the updates every iteration runs: tracked integers
  /// and pointers written once (Writes) in the loop.
  LoopSteps
  findLoopSteps(const clang::Stmt *Inc, const clang::Stmt *Body,
                const std::map<const clang::VarDecl *, unsigned> &Writes,
                const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Assigned);
  /// Notes each induction variable that walks one element an iteration in
  /// DataRanges (its start loaded) or LoopRanges and LoopRangeLengths, for
  /// the body's accesses; returns them, to be forgotten after the body.
  std::vector<const clang::VarDecl *> noteWalkedRanges(
      const clang::Stmt *Loop, const clang::Expr *Cond, const LoopSteps &Steps,
      const std::map<const clang::VarDecl *, Value> &Start,
      const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Assigned);
  /// Walks a loop's body once ahead, quietly, with each of Others (the
  /// scalars the loop writes that are not induction variables) and Members
  /// a symbol of its own, Bind having bound the induction variables: what
  /// they hold at the end, less that symbol, is their step. Escaping gives
  /// the entries of members of structs whose address escaped, which the
  /// loop's writes through pointers made unknown: they are followed only
  /// when every such write lands on a place the walk knows. Leaves the
  /// walker's state as it found it.
  Carried walkAhead(const clang::Stmt *Loop, const clang::Expr *Cond,
                    const clang::Stmt *Inc, const clang::Stmt *Body, bool IsDo,
                    const clang::Stmt *CondVar, unsigned Ordinal,
                    const LExpr *Iter,
                    const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Others,
                    const std::vector<MemberKey> &Members,
                    const std::map<MemberKey, Value> &Escaping,
                    llvm::function_ref<void()> Bind);
  const LExpr *
  stepOf(const clang::Stmt *Update, const clang::VarDecl *V,
         const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Assigned);
  /// How many times a loop counting V from Start by Step runs while Cond
  /// holds, the same in every lane; null when not that. Own: the loop's
  /// iteration symbol, given where a bound that an enclosing loop moves
  /// ("k < s" with s doubling around it) may be counted: the count is then
  /// in that loop's iteration (see WarpEvaluator::loopNest).
  const LExpr *tripCount(const clang::Expr *Cond, const clang::VarDecl *V,
                         const Value &Start, const LExpr *Step,
                         const LExpr *Own = nullptr);
  const LExpr *
  exitValue(const clang::Expr *Cond, const clang::VarDecl *V,
            const Value &Start, const LExpr *Step,
            const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Assigned);
  /// The value of a local integer declared without an initializer.
  const LExpr *uninitialised(const clang::VarDecl *VD);
  std::map<const clang::VarDecl *, Value> lastIterationValues(
      const clang::Stmt *Body, const LExpr *Iter, const clang::VarDecl *Var,
      const LExpr *Start, const LExpr *Step, const LExpr *Trips,
      const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Candidates,
      const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Assigned,
      const std::map<const clang::VarDecl *, Value> &Before);
  const LExpr *constantTripCount(const clang::Expr *Cond,
                                 const clang::VarDecl *V, const Value &Start,
                                 const LExpr *Step);
  bool uniformTripCount(const LExpr *Cond, const clang::Stmt *Body,
                        bool Any = false);
};

} // namespace interp
} // namespace coalesce

#endif

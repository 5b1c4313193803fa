//===- FileResultCodec.cpp ------------------------------------------------===//
//
// One list of fields per record, walked by both the writer and the reader,
// so that the two cannot disagree on the order.
//
//===----------------------------------------------------------------------===//

#include "Driver/FileResultCodec.h"

#include <array>
#include <cstring>
#include <optional>
#include <type_traits>
#include <vector>

using namespace llvm;

namespace coalesce {

namespace {

// Adding a member to one of these records without adding it to the field
// lists below would lose it silently on the way from the child process.
// The sizes are those of x86-64 Linux; elsewhere the reminder is skipped.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(AccessSite) == 2432,
              "AccessSite changed: update io(AccessSite) in FileResultCodec");
static_assert(sizeof(AccessSite::WarpSample) == 56,
              "WarpSample changed: update io(WarpSample) in FileResultCodec");
static_assert(sizeof(TranslationUnitResult) == 152,
              "TranslationUnitResult changed: update FileResultCodec");
static_assert(sizeof(InputStatus) == 144,
              "InputStatus changed: update FileResultCodec");
static_assert(sizeof(FileResult) == 304,
              "FileResult changed: update FileResultCodec");
#endif

constexpr char Magic[] = "cuda-coalesce-file-result/19";

template <typename Ar> void io(Ar &A, SourcePos &P);
template <typename Ar> void io(Ar &A, KernelInfo &K);
template <typename Ar> void io(Ar &A, ValueOrigin &X);
template <typename Ar> void io(Ar &A, Reason &R);
template <typename Ar> void io(Ar &A, Assumption &X);
template <typename Ar> void io(Ar &A, AccessSite::CallStep &S);
template <typename Ar> void io(Ar &A, AccessSite::ToolkitCall &T);
template <typename Ar> void io(Ar &A, AccessSite::RelatedPositions &P);
template <typename Ar> void io(Ar &A, AccessSite::ClangLocations &L);
template <typename Ar> void io(Ar &A, AccessSite::WarpSample &W);
template <typename Ar> void io(Ar &A, AccessSite::ValueDependence &D);
template <typename Ar> void io(Ar &A, std::pair<unsigned, double> &P);
template <typename Ar> void io(Ar &A, TextEdit &E);
template <typename Ar> void io(Ar &A, AccessSite::SharedArrayShape &X);
template <typename Ar> void io(Ar &A, AccessSite::LoopRewrite &X);
template <typename Ar> void io(Ar &A, AccessSite &S);
template <typename Ar> void io(Ar &A, InputStatus &S);
template <typename Ar> void io(Ar &A, PortableLaunch::Argument &X);
template <typename Ar> void io(Ar &A, PortableLaunch &X);
template <typename Ar> void io(Ar &A, TranslationUnitResult &U);
template <typename Ar> void io(Ar &A, FileResult &R);

class Writer {
public:
  std::string Bytes;

  template <typename T> void operator()(T &V) {
    if constexpr (std::is_same_v<T, bool>) {
      Bytes.push_back(V ? 1 : 0);
    } else if constexpr (std::is_floating_point_v<T>) {
      static_assert(sizeof(T) == sizeof(uint64_t));
      uint64_t U;
      std::memcpy(&U, &V, sizeof U);
      (*this)(U);
    } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
      uint64_t U = uint64_t(V);
      for (int I = 0; I < 8; ++I)
        Bytes.push_back(char(U >> (8 * I)));
    } else if constexpr (std::is_same_v<T, std::string>) {
      uint64_t N = V.size();
      (*this)(N);
      Bytes += V;
    } else {
      io(*this, V);
    }
  }
  template <typename T> void operator()(std::optional<T> &V) {
    bool Has = V.has_value();
    (*this)(Has);
    if (Has)
      (*this)(*V);
  }
  template <typename T> void operator()(std::vector<T> &V) {
    uint64_t N = V.size();
    (*this)(N);
    for (T &E : V)
      (*this)(E);
  }
  template <typename T, size_t N> void operator()(std::array<T, N> &V) {
    for (T &E : V)
      (*this)(E);
  }
};

class Reader {
public:
  explicit Reader(StringRef Bytes) : Rest(Bytes) {}
  StringRef Rest;
  bool Failed = false;

  template <typename T> void operator()(T &V) {
    if constexpr (std::is_same_v<T, bool>) {
      if (!take(1))
        return;
      V = Taken[0] != 0;
    } else if constexpr (std::is_floating_point_v<T>) {
      static_assert(sizeof(T) == sizeof(uint64_t));
      uint64_t U = 0;
      (*this)(U);
      std::memcpy(&V, &U, sizeof U);
    } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
      if (!take(8))
        return;
      uint64_t U = 0;
      for (int I = 0; I < 8; ++I)
        U |= uint64_t(uint8_t(Taken[I])) << (8 * I);
      V = T(U);
    } else if constexpr (std::is_same_v<T, std::string>) {
      uint64_t N = 0;
      (*this)(N);
      if (!Failed && take(N))
        V = Taken.str();
    } else {
      io(*this, V);
    }
  }
  template <typename T> void operator()(std::optional<T> &V) {
    bool Has = false;
    (*this)(Has);
    V.reset();
    if (Has && !Failed) {
      // Not emplace(): clang-19 decides that a nested struct with member
      // initializers is not default-constructible where the optional is
      // declared (inside the enclosing class), and keeps that answer.
      V = T();
      (*this)(*V);
    }
  }
  template <typename T> void operator()(std::vector<T> &V) {
    uint64_t N = 0;
    (*this)(N);
    V.clear();
    // Every element takes at least a byte: a count past the bytes left is
    // corrupt, and must not become a huge allocation.
    if (Failed || N > Rest.size()) {
      Failed = true;
      return;
    }
    V.resize(N);
    for (T &E : V)
      (*this)(E);
  }
  template <typename T, size_t N> void operator()(std::array<T, N> &V) {
    for (T &E : V)
      (*this)(E);
  }

private:
  StringRef Taken;

  bool take(uint64_t N) {
    if (Failed || N > Rest.size()) {
      Failed = true;
      return false;
    }
    Taken = Rest.take_front(N);
    Rest = Rest.drop_front(N);
    return true;
  }
};

template <typename Ar> void io(Ar &A, SourcePos &P) {
  A(P.File);
  A(P.Line);
  A(P.Column);
}

template <typename Ar> void io(Ar &A, KernelInfo &K) {
  A(K.Name);
  A(K.Pos);
}

template <typename Ar> void io(Ar &A, ValueOrigin &X) {
  A(X.From);
  A(X.Site);
  A(X.HostLoop);
  A(X.HostLoopFirstOnly);
  A(X.FirstPass);
  A(X.CommandLineDefault);
}

template <typename Ar> void io(Ar &A, Reason &R) {
  A(R.Kind);
  A(R.Subject);
  A(R.Name);
  A(R.Text);
  A(R.Number);
  A(R.Flag);
  bool HasCause = R.Cause != nullptr;
  A(HasCause);
  if (HasCause) {
    Reason Cause = R.Cause ? *R.Cause : Reason();
    A(Cause);
    R.Cause = std::make_shared<const Reason>(std::move(Cause));
  }
}

template <typename Ar> void io(Ar &A, Assumption &X) {
  A(X.Name);
  A(X.Value);
  A(X.Origin);
}

template <typename Ar> void io(Ar &A, AccessSite::CallStep &S) {
  A(S.Caller);
  A(S.Callee);
  A(S.Pos);
}

template <typename Ar> void io(Ar &A, AccessSite::ToolkitCall &T) {
  A(T.Header);
  A(T.Step);
  A(T.Pos);
  A(T.RangeEndColumn);
  A(T.Text);
  A(T.SourceLine);
  A(T.PrevSourceLine);
  A(T.Object);
  A(T.ObjectBytes);
  A(T.Argument);
}

template <typename Ar> void io(Ar &A, AccessSite::RelatedPositions &P) {
  A(P.Kernel);
  A(P.Loop);
  A(P.Struct);
  A(P.Launch);
}

template <typename Ar> void io(Ar &A, AccessSite::ClangLocations &L) {
  A(L.Begin);
  A(L.End);
  A(L.Kernel);
  A(L.Loop);
  A(L.Struct);
  A(L.Launch);
}

template <typename Ar> void io(Ar &A, AccessSite::WarpSample &W) {
  A(W.Lane0Offset);
  A(W.LaneOffsets);
  A(W.Weight);
  A(W.Block);
  A(W.Warp);
  A(W.Iteration);
  A(W.Launch);
  A(W.Predicated);
}

template <typename Ar> void io(Ar &A, AccessSite::ValueDependence &D) {
  A(D.Name);
  A(D.Assumed);
  A(D.Modulus);
  A(D.Sectors);
  A(D.SmallBelow);
  A(D.SmallFewest);
  A(D.SmallMost);
}

template <typename Ar> void io(Ar &A, std::pair<unsigned, double> &P) {
  A(P.first);
  A(P.second);
}

template <typename Ar> void io(Ar &A, TextEdit &E) {
  A(E.File);
  A(E.Offset);
  A(E.Length);
  A(E.Begin);
  A(E.End);
  A(E.Text);
}

template <typename Ar> void io(Ar &A, AccessSite::SharedArrayShape &X) {
  A(X.Decl);
  A(X.Name);
  A(X.Dims);
  A(X.DimsText);
  A(X.ElemBytes);
  A(X.InnerSize);
  A(X.InnerSizeLiteral);
  A(X.PadBlocker);
}

template <typename Ar> void io(Ar &A, AccessSite::LoopRewrite &X) {
  A(X.Header);
  A(X.Blocker);
}

template <typename Ar> void io(Ar &A, AccessSite &S) {
  A(S.Pos);
  A(S.RangeEndColumn);
  A(S.SourceLine);
  A(S.PrevSourceLine);
  A(S.Kernel);
  A(S.Function);
  A(S.Kind);
  A(S.Text);
  A(S.Base);
  A(S.ElemBytes);
  A(S.Shared);
  A(S.ExtentBytes);
  A(S.CompareAndSwap);
  A(S.InstrBytes);
  A(S.JoinedIterations);
  A(S.Address);
  A(S.LaneOffsets);
  A(S.Lane0Offset);
  A(S.Samples);
  A(S.WarpStrideBytes);
  A(S.IterationStepBytes);
  A(S.SplitRange);
  A(S.Warp0Idle);
  A(S.StructBytes);
  A(S.StructName);
  A(S.MemberName);
  A(S.WholeElementMembers);
  A(S.SoALayout);
  A(S.UnknownReason);
  A(S.OneLaneUnknown);
  A(S.DependsOnLoad);
  A(S.DataDependentRange);
  A(S.DataDependentStart);
  A(S.GatherRowBytes);
  A(S.GroupedLoads);
  A(S.LoadGroups);
  A(S.DataChoice);
  A(S.DataChoiceSectors);
  A(S.CallChain);
  A(S.Toolkit);
  A(S.BookedInWrapper);
  A(S.BookedAtEnd);
  A(S.Related);
  A(S.Assumptions);
  A(S.ContiguousIf);
  A(S.WideMasks);
  A(S.AlignmentDependence);
  A(S.UnevaluatedGuard);
  A(S.SectorsByBlockX);
  A(S.BlockDim);
  A(S.SharedArray);
  A(S.GridStride);
  A(S.Clang);
}

template <typename Ar> void io(Ar &A, InputStatus &S) {
  A(S.Path);
  A(S.Ok);
  A(S.Message);
  A(S.Line);
  A(S.Column);
  A(S.Context.How);
  A(S.Context.From);
  A(S.NvccCompat);
}

template <typename Ar> void io(Ar &A, PortableLaunch::Argument &X) {
  A(X.Index);
  A(X.Member);
  A(X.Value);
  A(X.FirstPass);
  A(X.CommandLineDefault);
}

template <typename Ar> void io(Ar &A, PortableLaunch &X) {
  A(X.Kernel);
  A(X.Site);
  A(X.Block);
  A(X.Grid);
  A(X.BlockDefault);
  A(X.GridDefault);
  A(X.Arguments);
}

template <typename Ar> void io(Ar &A, TranslationUnitResult &U) {
  A(U.Sites);
  A(U.Kernels);
  A(U.KernelList);
  A(U.SkippedKernels);
  A(U.Launches);
  A(U.Defined);
  A(U.Unlaunched);
}

template <typename Ar> void io(Ar &A, FileResult &R) {
  A(R.Status);
  A(R.Unit);
  A(R.ClangErrors);
  A(R.Parsed);
}

} // namespace

std::string encodeFileResult(const FileResult &R) {
  Writer W;
  W.Bytes.append(Magic, sizeof(Magic));
  // The writer walks the same field lists as the reader, which fills them.
  W(const_cast<FileResult &>(R));
  return std::move(W.Bytes);
}

Expected<FileResult> decodeFileResult(StringRef Bytes) {
  auto Corrupt = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "malformed analysis result: " + Why);
  };
  StringRef Header(Magic, sizeof(Magic));
  if (!Bytes.consume_front(Header))
    return Corrupt("no header");
  Reader Rd(Bytes);
  FileResult R;
  Rd(R);
  if (Rd.Failed)
    return Corrupt("truncated");
  if (!Rd.Rest.empty())
    return Corrupt(Twine(Rd.Rest.size()) + " bytes past the end");
  return R;
}

} // namespace coalesce

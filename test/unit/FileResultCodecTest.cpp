//===- FileResultCodecTest.cpp - a file's result through the pipe --------===//
//
// A child process hands its FileResult to the driver as bytes; what comes
// out must equal what went in, field by field, for every field, including
// source text that is not UTF-8. Corrupt bytes are an error, never a crash.
//
//===----------------------------------------------------------------------===//

#include "Driver/FileResultCodec.h"

#include <gtest/gtest.h>

#include <climits>

using namespace coalesce;

namespace {

/// Every field set, none to its default, with bytes JSON could not carry.
FileResult sample() {
  FileResult R;
  R.Status = {"dir/k\xff.cu", false, "use of undeclared identifier 'x'", 9, 22,
              {InputContext::IncludedBy, "dir/main.cu"},
              {"register", "device-launch"}};
  R.ClangErrors = 3;
  R.Parsed = true;
  R.Unit.Kernels = 2;
  R.Unit.KernelList = {{"copy", {"dir/k.cu", 4, 0}},
                       {"copyStrided<3>", {"dir/k.cu", 12, 7}}};
  R.Unit.SkippedKernels = {"typo (dir/k.cu:8)", ""};
  PortableLaunch L;
  L.Kernel = "_Z5scalePfi";
  L.Site = "main.cu:11";
  L.Block = std::array<int64_t, 3>{512, 1, 1};
  L.GridDefault = true;
  L.Arguments = {{1, "", 2, true, false}, {2, ".n", -7, false, true}};
  R.Unit.Launches = {L, PortableLaunch()};
  R.Unit.Defined = {"_Z6spreadPfi", "_Z4copyPf"};
  R.Unit.Unlaunched = {"_Z6spreadPfi", ""};

  AccessSite S;
  S.Pos = {"dir/k.cu", 5, 38};
  S.RangeEndColumn = 55;
  S.SourceLine = std::string("  out[i] = in[i]; // caf\xe9 \0 end", 31);
  S.PrevSourceLine = "  // NOLINTNEXTLINE(coalescing-strided)";
  S.Kernel = "copyStrided<3>";
  S.Function = "helper";
  S.Kind = AccessKind::Atomic;
  S.Text = "out[x * height + y]";
  S.Base = "out";
  S.ElemBytes = 16;
  S.Shared = true;
  S.Address = "out + 4*(height*(32*blockIdx.x + threadIdx.x))";
  for (int I = 0; I < 32; ++I)
    S.LaneOffsets.push_back(I % 5 == 3 ? std::nullopt
                                       : std::optional<int64_t>(-16384 * I));
  S.LaneOffsets[31] = INT64_MIN;
  S.Lane0Offset = -4;
  AccessSite::WarpSample W;
  W.Lane0Offset = -132;
  W.LaneOffsets = {0, std::nullopt, 8, INT64_MIN};
  W.Weight = 7;
  W.Block = 3;
  W.Warp = 5;
  W.Iteration = 2;
  S.Samples = {W, AccessSite::WarpSample()};
  S.WarpStrideBytes = INT64_MAX;
  S.IterationStepBytes = -128;
  S.SplitRange = true;
  S.StructBytes = 24;
  S.StructName = "Particle";
  S.MemberName = "x";
  S.UnknownReason = Reason(ReasonKind::LoopEndLoaded, "k");
  S.UnknownReason.because(Reason(ReasonKind::LoadedFromMemory, "rowptr[r]"));
  S.DependsOnLoad = true;
  S.CallChain = {{"copy", "helper", {"dir/k.cu", 20, 3}},
                 {"helper", "inner", {"dir/h.cuh", 2, 1}}};
  S.Related = {{"dir/k.cu", 3, 17}, {"dir/k.cu", 4, 5}, {"dir/s.cuh", 1, 8},
               {"dir/k.cu", 40, 3}};
  ValueOrigin Loop;
  Loop.From = ValueOrigin::Source::LaunchSite;
  Loop.Site = "k.cu:40";
  Loop.HostLoop = {1, 512, 262144};
  Loop.HostLoopFirstOnly = true;
  Loop.FirstPass = true;
  S.Assumptions = {{"height", 4096, Loop},
                   {"blockDim.x", -1, {ValueOrigin::Source::Assume}}};
  S.ContiguousIf = "stride == 1";
  S.AlignmentDependence = {{"width", 1048576, 8, {4, 4.875, 4.75, 4.5}},
                           {"off", -3, 0, {0.0625, 1e300}}};
  S.AlignmentDependence[0].SmallBelow = 21;
  S.AlignmentDependence[0].SmallFewest = 3.25;
  S.AlignmentDependence[0].SmallMost = 6;
  S.UnevaluatedGuard = Reason(ReasonKind::ComparesAssumedValue, "n");
  S.UnevaluatedGuard.Number = 1048576;
  S.SectorsByBlockX = {{1, 1.0}, {16, 2.0}, {256, 4.0}, {1024, 1e300}};
  S.BlockDim = {32, 8, 2};
  S.Clang = {1, 2, 3, 4, 5, UINT64_MAX};
  R.Unit.Sites.push_back(S);

  AccessSite Plain; // the defaults, and empty optionals, survive too
  Plain.Pos = {"b.cu", 1, 1};
  R.Unit.Sites.push_back(Plain);
  return R;
}

void expectSamePos(const SourcePos &A, const SourcePos &B) {
  EXPECT_EQ(A.File, B.File);
  EXPECT_EQ(A.Line, B.Line);
  EXPECT_EQ(A.Column, B.Column);
}

void expectSameSite(const AccessSite &A, const AccessSite &B) {
  expectSamePos(A.Pos, B.Pos);
  EXPECT_EQ(A.RangeEndColumn, B.RangeEndColumn);
  EXPECT_EQ(A.SourceLine, B.SourceLine);
  EXPECT_EQ(A.PrevSourceLine, B.PrevSourceLine);
  EXPECT_EQ(A.Kernel, B.Kernel);
  EXPECT_EQ(A.Function, B.Function);
  EXPECT_EQ(A.Kind, B.Kind);
  EXPECT_EQ(A.Text, B.Text);
  EXPECT_EQ(A.Base, B.Base);
  EXPECT_EQ(A.ElemBytes, B.ElemBytes);
  EXPECT_EQ(A.Shared, B.Shared);
  EXPECT_EQ(A.Address, B.Address);
  EXPECT_EQ(A.LaneOffsets, B.LaneOffsets);
  EXPECT_EQ(A.Lane0Offset, B.Lane0Offset);
  ASSERT_EQ(A.Samples.size(), B.Samples.size());
  for (size_t I = 0; I < A.Samples.size(); ++I) {
    EXPECT_EQ(A.Samples[I].Lane0Offset, B.Samples[I].Lane0Offset);
    EXPECT_EQ(A.Samples[I].LaneOffsets, B.Samples[I].LaneOffsets);
    EXPECT_EQ(A.Samples[I].Weight, B.Samples[I].Weight);
    EXPECT_EQ(A.Samples[I].Block, B.Samples[I].Block);
    EXPECT_EQ(A.Samples[I].Warp, B.Samples[I].Warp);
    EXPECT_EQ(A.Samples[I].Iteration, B.Samples[I].Iteration);
  }
  EXPECT_EQ(A.WarpStrideBytes, B.WarpStrideBytes);
  EXPECT_EQ(A.IterationStepBytes, B.IterationStepBytes);
  EXPECT_EQ(A.SplitRange, B.SplitRange);
  EXPECT_EQ(A.StructBytes, B.StructBytes);
  EXPECT_EQ(A.StructName, B.StructName);
  EXPECT_EQ(A.MemberName, B.MemberName);
  EXPECT_EQ(A.UnknownReason, B.UnknownReason);
  EXPECT_EQ(A.DependsOnLoad, B.DependsOnLoad);
  ASSERT_EQ(A.CallChain.size(), B.CallChain.size());
  for (size_t I = 0; I < A.CallChain.size(); ++I) {
    EXPECT_EQ(A.CallChain[I].Caller, B.CallChain[I].Caller);
    EXPECT_EQ(A.CallChain[I].Callee, B.CallChain[I].Callee);
    expectSamePos(A.CallChain[I].Pos, B.CallChain[I].Pos);
  }
  expectSamePos(A.Related.Kernel, B.Related.Kernel);
  expectSamePos(A.Related.Loop, B.Related.Loop);
  expectSamePos(A.Related.Struct, B.Related.Struct);
  expectSamePos(A.Related.Launch, B.Related.Launch);
  ASSERT_EQ(A.Assumptions.size(), B.Assumptions.size());
  for (size_t I = 0; I < A.Assumptions.size(); ++I) {
    EXPECT_EQ(A.Assumptions[I].Name, B.Assumptions[I].Name);
    EXPECT_EQ(A.Assumptions[I].Value, B.Assumptions[I].Value);
    EXPECT_EQ(A.Assumptions[I].Origin, B.Assumptions[I].Origin);
  }
  EXPECT_EQ(A.ContiguousIf, B.ContiguousIf);
  EXPECT_EQ(A.UnevaluatedGuard, B.UnevaluatedGuard);
  ASSERT_EQ(A.AlignmentDependence.size(), B.AlignmentDependence.size());
  for (size_t I = 0; I < A.AlignmentDependence.size(); ++I) {
    EXPECT_EQ(A.AlignmentDependence[I].Name, B.AlignmentDependence[I].Name);
    EXPECT_EQ(A.AlignmentDependence[I].Assumed,
              B.AlignmentDependence[I].Assumed);
    EXPECT_EQ(A.AlignmentDependence[I].Modulus,
              B.AlignmentDependence[I].Modulus);
    // Doubles travel bit for bit.
    EXPECT_EQ(A.AlignmentDependence[I].Sectors,
              B.AlignmentDependence[I].Sectors);
    EXPECT_EQ(A.AlignmentDependence[I].SmallBelow,
              B.AlignmentDependence[I].SmallBelow);
    EXPECT_EQ(A.AlignmentDependence[I].SmallFewest,
              B.AlignmentDependence[I].SmallFewest);
    EXPECT_EQ(A.AlignmentDependence[I].SmallMost,
              B.AlignmentDependence[I].SmallMost);
  }
  EXPECT_EQ(A.SectorsByBlockX, B.SectorsByBlockX);
  EXPECT_EQ(A.BlockDim, B.BlockDim);
  EXPECT_EQ(A.Clang.Begin, B.Clang.Begin);
  EXPECT_EQ(A.Clang.End, B.Clang.End);
  EXPECT_EQ(A.Clang.Kernel, B.Clang.Kernel);
  EXPECT_EQ(A.Clang.Loop, B.Clang.Loop);
  EXPECT_EQ(A.Clang.Struct, B.Clang.Struct);
  EXPECT_EQ(A.Clang.Launch, B.Clang.Launch);
}

TEST(FileResultCodec, RoundTripIsExact) {
  FileResult In = sample();
  llvm::Expected<FileResult> Out = decodeFileResult(encodeFileResult(In));
  ASSERT_TRUE(bool(Out)) << llvm::toString(Out.takeError());
  EXPECT_EQ(Out->Status.Path, In.Status.Path);
  EXPECT_EQ(Out->Status.Ok, In.Status.Ok);
  EXPECT_EQ(Out->Status.Message, In.Status.Message);
  EXPECT_EQ(Out->Status.Line, In.Status.Line);
  EXPECT_EQ(Out->Status.Column, In.Status.Column);
  EXPECT_EQ(Out->Status.Context.How, In.Status.Context.How);
  EXPECT_EQ(Out->Status.Context.From, In.Status.Context.From);
  EXPECT_EQ(Out->Status.NvccCompat, In.Status.NvccCompat);
  EXPECT_EQ(Out->ClangErrors, In.ClangErrors);
  EXPECT_EQ(Out->Parsed, In.Parsed);
  EXPECT_EQ(Out->Unit.Kernels, In.Unit.Kernels);
  ASSERT_EQ(Out->Unit.KernelList.size(), In.Unit.KernelList.size());
  for (size_t I = 0; I < In.Unit.KernelList.size(); ++I) {
    EXPECT_EQ(Out->Unit.KernelList[I].Name, In.Unit.KernelList[I].Name);
    expectSamePos(Out->Unit.KernelList[I].Pos, In.Unit.KernelList[I].Pos);
  }
  EXPECT_EQ(Out->Unit.SkippedKernels, In.Unit.SkippedKernels);
  ASSERT_EQ(Out->Unit.Launches.size(), In.Unit.Launches.size());
  for (size_t I = 0; I < In.Unit.Launches.size(); ++I) {
    EXPECT_TRUE(Out->Unit.Launches[I].sameLaunch(In.Unit.Launches[I]));
    EXPECT_EQ(Out->Unit.Launches[I].Site, In.Unit.Launches[I].Site);
  }
  EXPECT_FALSE(Out->Unit.Launches[0].sameLaunch(Out->Unit.Launches[1]));
  EXPECT_EQ(Out->Unit.Defined, In.Unit.Defined);
  EXPECT_EQ(Out->Unit.Unlaunched, In.Unit.Unlaunched);
  ASSERT_EQ(Out->Unit.Sites.size(), In.Unit.Sites.size());
  for (size_t I = 0; I < In.Unit.Sites.size(); ++I)
    expectSameSite(Out->Unit.Sites[I], In.Unit.Sites[I]);
  // And the encoding of what came out is the same bytes.
  EXPECT_EQ(encodeFileResult(*Out), encodeFileResult(In));
}

TEST(FileResultCodec, EmptyResultRoundTrips) {
  llvm::Expected<FileResult> Out = decodeFileResult(encodeFileResult({}));
  ASSERT_TRUE(bool(Out)) << llvm::toString(Out.takeError());
  EXPECT_TRUE(Out->Status.Ok);
  EXPECT_TRUE(Out->Unit.Sites.empty());
}

TEST(FileResultCodec, EveryTruncationIsAnError) {
  std::string Bytes = encodeFileResult(sample());
  for (size_t N = 0; N < Bytes.size(); ++N) {
    llvm::Expected<FileResult> Out = decodeFileResult(Bytes.substr(0, N));
    ASSERT_FALSE(bool(Out)) << "accepted the first " << N << " bytes";
    llvm::consumeError(Out.takeError());
  }
}

TEST(FileResultCodec, TrailingBytesAndWrongHeaderAreErrors) {
  std::string Bytes = encodeFileResult(sample());
  llvm::Expected<FileResult> Long = decodeFileResult(Bytes + "x");
  ASSERT_FALSE(bool(Long));
  EXPECT_EQ(llvm::toString(Long.takeError()),
            "malformed analysis result: 1 bytes past the end");
  Bytes[0] ^= 1;
  llvm::Expected<FileResult> Header = decodeFileResult(Bytes);
  ASSERT_FALSE(bool(Header));
  EXPECT_EQ(llvm::toString(Header.takeError()),
            "malformed analysis result: no header");
}

TEST(FileResultCodec, HugeCountIsAnErrorNotAnAllocation) {
  FileResult R;
  std::string Bytes = encodeFileResult(R);
  // The sites' count follows the status (path, ok, message, line, column);
  // the empty result ends with five values of 8 bytes (sites, kernels,
  // kernel list, skipped kernels, clang errors) and one of 1 (parsed).
  size_t SitesCount = Bytes.size() - 5 * 8 - 1;
  for (int I = 0; I < 8; ++I)
    Bytes[SitesCount + I] = char(0xff);
  llvm::Expected<FileResult> Out = decodeFileResult(Bytes);
  ASSERT_FALSE(bool(Out));
  EXPECT_EQ(llvm::toString(Out.takeError()),
            "malformed analysis result: truncated");
}

} // namespace

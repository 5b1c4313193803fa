//===- WideAccessesTest.cpp - nvcc's joined member accesses ---------------===//
//
// joinWholeElements() over hand-made access sites: the members of one
// element of an 8- or 16-byte aligned struct, read in a row with the same
// index, become one access of the whole element; the cases nvcc does not
// join are left as they are.
//
//===----------------------------------------------------------------------===//

#include "Analysis/WideAccesses.h"

#include "gtest/gtest.h"

using namespace coalesce;

namespace {

/// d[i].Member of a StructBytes-byte struct, lane i reading element i.
AccessSite member(const std::string &Member, unsigned Offset,
                  unsigned ElemBytes = 4, unsigned StructBytes = 8,
                  AccessKind Kind = AccessKind::Load) {
  AccessSite S;
  S.Kernel = "k";
  S.Kind = Kind;
  S.Base = "d";
  S.ElemBytes = ElemBytes;
  S.InstrBytes = ElemBytes;
  S.StructBytes = StructBytes;
  S.StructName = "float2";
  S.MemberName = Member;
  S.Lane0Offset = Offset;
  for (int64_t Lane = 0; Lane < 32; ++Lane)
    S.LaneOffsets.push_back(Lane * StructBytes);
  return S;
}

TEST(WideAccesses, MembersOfAnAlignedElementReadInARowAreOneLoad) {
  std::vector<AccessSite> Sites = {member("x", 0), member("y", 4)};
  joinWholeElements(Sites, {8, 8});
  for (const AccessSite &S : Sites) {
    EXPECT_EQ(S.WholeElementMembers, "x, y");
    EXPECT_EQ(S.ElemBytes, 8u);
    EXPECT_EQ(S.InstrBytes, 8u);
    EXPECT_FALSE(S.StructBytes.has_value());
    EXPECT_EQ(S.Lane0Offset, 0); // the element's start, not the member's
  }
}

TEST(WideAccesses, AStructAlignedToLessThanItsSizeStaysApart) {
  // struct { float x, y; } is aligned to 4: nvcc makes two 4-byte loads.
  std::vector<AccessSite> Sites = {member("x", 0), member("y", 4)};
  joinWholeElements(Sites, {4, 4});
  for (const AccessSite &S : Sites) {
    EXPECT_EQ(S.WholeElementMembers, "");
    EXPECT_EQ(S.ElemBytes, 4u);
  }
  EXPECT_EQ(Sites[1].Lane0Offset, 4);
}

TEST(WideAccesses, AStoreBetweenTheLoadsKeepsThemApart) {
  std::vector<AccessSite> Sites = {
      member("x", 0), member("x", 0, 4, 8, AccessKind::Store), member("y", 4)};
  joinWholeElements(Sites, {8, 8, 8});
  for (const AccessSite &S : Sites)
    EXPECT_EQ(S.WholeElementMembers, "");
}

TEST(WideAccesses, APartOfTheElementIsNotJoined) {
  // Two of a float4's four members: no 16-byte load.
  std::vector<AccessSite> Sites = {member("x", 0, 4, 16),
                                   member("y", 4, 4, 16)};
  joinWholeElements(Sites, {16, 16});
  for (const AccessSite &S : Sites)
    EXPECT_EQ(S.WholeElementMembers, "");
}

} // namespace

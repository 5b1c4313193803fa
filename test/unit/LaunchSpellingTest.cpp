//===- LaunchSpellingTest.cpp - nvcc's split launch chevrons --------------===//

#include "Frontend/LaunchSpelling.h"

#include "gtest/gtest.h"

using namespace coalesce;

namespace {

std::string joined(const std::string &Text) {
  return joinSplitLaunches(Text).value_or("(unchanged)");
}

TEST(LaunchSpelling, JoinsASplitLaunchKeepingItsLength) {
  std::string In = "  k << < grid, block >> > (a, n);\n";
  std::string Out = joined(In);
  EXPECT_EQ(Out, "  k <<<  grid, block >>>  (a, n);\n");
  EXPECT_EQ(Out.size(), In.size()); // lines and columns stay the user's
}

TEST(LaunchSpelling, JoinsWiderGapsAndTabs) {
  EXPECT_EQ(joined("k<<  \t<g, b>>\t >(x);"), "k<<<  \tg, b>>>\t (x);");
}

TEST(LaunchSpelling, LeavesWholeChevronsAndShiftsAlone) {
  EXPECT_FALSE(joinSplitLaunches("k<<<g, b>>>(x); y = a << 2;"));
  EXPECT_FALSE(joinSplitLaunches("y <<= 2; z = a << b < c;"));
  EXPECT_FALSE(joinSplitLaunches("std::cout << \"n\";"));
}

TEST(LaunchSpelling, LeavesOperatorTemplatesAlone) {
  // A friend specialization of operator<< spells `<< <` legally.
  EXPECT_FALSE(joinSplitLaunches(
      "friend std::ostream &operator<< <T>(std::ostream &, const X<T> &);"));
}

TEST(LaunchSpelling, LeavesCommentsAndLiteralsAlone) {
  EXPECT_FALSE(joinSplitLaunches("// k << < g, b >> > (x);\n"));
  EXPECT_FALSE(joinSplitLaunches("/* k << < g, b >> > (x); */"));
  EXPECT_FALSE(joinSplitLaunches("puts(\"k << < g, b >> > (x)\");"));
}

TEST(LaunchSpelling, ClosesOnlyAnOpenLaunch) {
  // A template's closing `>> >` with no launch open is C++, not a launch.
  EXPECT_FALSE(joinSplitLaunches("A<B<C<int>> > v;"));
  // After a statement ends, the next `>> >` is no longer the launch's.
  EXPECT_EQ(joined("k << < g, b>>>(x); A<B<C<int>> > v;"),
            "k <<<  g, b>>>(x); A<B<C<int>> > v;");
}

} // namespace

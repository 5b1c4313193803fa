//===- CheckRegistryTest.cpp - every check is whole, and named once --------===//
//
// A registered check has its doc page and its lit test, and its name lives
// in its own check file: at most one other file under lib/ may mention it.
//
//===----------------------------------------------------------------------===//

#include "Findings/CheckFilter.h"
#include "Findings/CheckRegistry.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace coalesce;

namespace {

std::string source(const std::string &Rel) {
  return std::string(CUDA_COALESCE_SOURCE_DIR) + "/" + Rel;
}

/// Files under lib/ (sources and headers) whose text contains Needle.
std::set<std::string> libFilesMentioning(llvm::StringRef Needle) {
  std::set<std::string> Found;
  std::error_code EC;
  std::string Lib = source("lib");
  for (llvm::sys::fs::recursive_directory_iterator It(Lib, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Path = It->path();
    if (!Path.ends_with(".cpp") && !Path.ends_with(".h") &&
        !Path.ends_with(".def"))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (Buf && (*Buf)->getBuffer().contains(Needle))
      Found.insert(Path.drop_front(Lib.size() + 1).str());
  }
  return Found;
}

TEST(CheckRegistry, EveryCheckHasItsDocPageAndLitTest) {
  for (const auto &C : allChecks()) {
    const CheckInfo &I = C->info();
    EXPECT_EQ(std::string(I.DocPage), "docs/checks/" + std::string(I.Name) + ".md");
    EXPECT_TRUE(llvm::sys::fs::exists(source(I.DocPage)))
        << I.Name << ": no " << I.DocPage;
    std::string Lit = "test/lit/checks/" + std::string(I.Name) + ".cu";
    EXPECT_TRUE(llvm::sys::fs::exists(source(Lit))) << I.Name << ": no " << Lit;
    EXPECT_FALSE(std::string(I.Description).empty()) << I.Name;
  }
}

TEST(CheckRegistry, ACheckNameAppearsInOneLibFileBesidesItsOwn) {
  for (const auto &C : allChecks()) {
    std::set<std::string> Files = libFilesMentioning(C->name());
    std::set<std::string> Own;
    for (const std::string &F : Files)
      if (llvm::StringRef(F).starts_with("Findings/Checks/"))
        Own.insert(F);
    EXPECT_EQ(Own.size(), 1u) << C->name().str() << " is in several check files";
    EXPECT_LE(Files.size() - Own.size(), 1u)
        << C->name().str() << " is spelled out in " << Files.size() - Own.size()
        << " files of lib/ besides its check";
  }
}

TEST(CheckRegistry, NamesAreUniqueAndSorted) {
  std::vector<std::string> Names;
  for (const auto &C : allChecks())
    Names.push_back(C->name().str());
  std::vector<std::string> Sorted = Names;
  std::sort(Sorted.begin(), Sorted.end());
  EXPECT_EQ(Names, Sorted);
  EXPECT_EQ(std::set<std::string>(Names.begin(), Names.end()).size(),
            Names.size());
}

TEST(CheckRegistry, DefaultSetComesFromCheckInfo) {
  auto F = CheckFilter::withDefaults("");
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  for (const auto &C : allChecks())
    EXPECT_EQ(F->isEnabled(C->name()), C->info().DefaultOn) << C->name().str();
}

TEST(CheckRegistry, UserGlobsMustNameAKnownCheckAndEnableOne) {
  auto Typo = CheckFilter::withDefaults("coalesing-aos");
  ASSERT_FALSE(bool(Typo));
  EXPECT_NE(llvm::toString(Typo.takeError()).find("names no known check"),
            std::string::npos);
  auto None = CheckFilter::withDefaults("-*");
  ASSERT_FALSE(bool(None));
  EXPECT_NE(llvm::toString(None.takeError()).find("enables no check"),
            std::string::npos);
  auto Some = CheckFilter::withDefaults("-*,coalescing-*,shared-*");
  ASSERT_TRUE(bool(Some)) << llvm::toString(Some.takeError());
  EXPECT_EQ(Some->enabledChecks().size(), allChecks().size());
}

TEST(CheckRegistry, OptionsAreCheckedAndDefaulted) {
  CheckOptions O;
  const CheckInfo &Strided = findCheck("coalescing-strided")->info();
  EXPECT_EQ(O.get(Strided, "MinEfficiency"), "1");
  EXPECT_FALSE(bool(O.set("coalescing-strided.MinEfficiency=0.5")));
  EXPECT_EQ(O.get(Strided, "MinEfficiency"), "0.5");
  llvm::Error NoOption = O.set("coalescing-strided.Nope=1");
  EXPECT_TRUE(bool(NoOption));
  llvm::consumeError(std::move(NoOption));
  llvm::Error NoCheck = O.set("coalescing-nope.MinEfficiency=1");
  EXPECT_TRUE(bool(NoCheck));
  llvm::consumeError(std::move(NoCheck));
}

} // namespace

//===- CacheDirectoryTest.cpp - writing into the cache --------------------===//

#include "Driver/CacheDirectory.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <unistd.h>

using namespace coalesce;

namespace {

std::string contents(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "(unreadable)";
}

struct TempDir {
  TempDir() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("cache-dir-test", Dir));
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Dir); }
  std::string file(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  llvm::SmallString<256> Dir;
};

TEST(CacheDirectory, AtomicWriteReplacesTheFileWhole) {
  TempDir T;
  std::string Entry = T.file("entry");
  ASSERT_FALSE(bool(writeFileAtomically(Entry, "old")));
  ASSERT_FALSE(bool(writeFileAtomically(Entry, "new")));
  EXPECT_EQ(contents(Entry), "new");
}

TEST(CacheDirectory, AtomicWriteNeverWritesThroughALink) {
  TempDir T;
  std::string Victim = T.file("victim"), Entry = T.file("entry");
  ASSERT_FALSE(bool(writeFileAtomically(Victim, "keep")));
  // A link planted under the next temporary's name (pid and a counter):
  // the write fails and the file linked to is left as it was.
  std::string Current = temporaryNameBeside(Entry);
  unsigned N = 0;
  ASSERT_FALSE(llvm::StringRef(Current).rsplit('-').second.getAsInteger(10, N));
  std::string Next = Entry + ".tmp-" + std::to_string(::getpid()) + "-" +
                     std::to_string(N + 1);
  ASSERT_EQ(::symlink(Victim.c_str(), Next.c_str()), 0);
  EXPECT_TRUE(bool(llvm::errorToBool(writeFileAtomically(Entry, "evil"))));
  EXPECT_EQ(contents(Victim), "keep");
  EXPECT_FALSE(llvm::sys::fs::exists(Next));
  // A link at the entry's own name is replaced, not followed.
  ASSERT_EQ(::symlink(Victim.c_str(), Entry.c_str()), 0);
  ASSERT_FALSE(bool(writeFileAtomically(Entry, "entry")));
  EXPECT_EQ(contents(Victim), "keep");
  EXPECT_EQ(contents(Entry), "entry");
  llvm::sys::fs::file_status St;
  ASSERT_FALSE(llvm::sys::fs::status(Entry, St, /*Follow=*/false));
  EXPECT_TRUE(llvm::sys::fs::is_regular_file(St));
}

} // namespace

//===- IncludeGraphTest.cpp - the translation units that include a file ---===//

#include "Driver/IncludeGraph.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace coalesce;
using clang::tooling::CompileCommand;

namespace {

std::vector<std::string> names(const std::vector<IncludeDirective> &D) {
  std::vector<std::string> Out;
  for (const IncludeDirective &I : D)
    Out.push_back((I.Angled ? "<" : "\"") + I.Name + (I.Angled ? ">" : "\""));
  return Out;
}

TEST(IncludeDirectives, QuotedAngledAndSpacing) {
  EXPECT_EQ(names(scanIncludeDirectives("#include \"a.cuh\"\n"
                                        "  #  include <cuda.h>\n"
                                        "#import \"b.h\"\n"
                                        "#include_next <c.h>\n"
                                        "#include\t\"d.cu\" // trailing\n")),
            (std::vector<std::string>{"\"a.cuh\"", "<cuda.h>", "\"b.h\"",
                                      "<c.h>", "\"d.cu\""}));
}

TEST(IncludeDirectives, CommentsStringsAndMacrosAreNotDirectives) {
  EXPECT_EQ(names(scanIncludeDirectives(
                "// #include \"line.h\"\n"
                "/* #include \"block.h\"\n"
                "#include \"still_block.h\" */\n"
                "const char *s = \"#include \\\"str.h\\\"\";\n"
                "#include KERNELS_FILE\n"
                "#define X 1 /* a comment */ #include \"no.h\"\n"
                "#include \"\"\n"
                "#include \"unterminated.h\n"
                "#include /* c */ \"after_comment.h\"\n")),
            (std::vector<std::string>{"\"after_comment.h\""}));
}

TEST(IncludeSearchPath, EveryFormRelativeToTheDirectory) {
  CompileCommand C("/b", "m.cu",
                   {"nvcc", "-Iinc", "-I", "/abs", "-iquote", "q",
                    "--include-path=np", "-include", "pre.h", "-isystem",
                    "/sys", "-c", "m.cu"},
                   "m.o");
  IncludeSearchPath P = includeSearchPath(C);
  EXPECT_EQ(P.Angled, (std::vector<std::string>{"/b/inc", "/abs", "/b/np"}));
  EXPECT_EQ(P.Quoted, (std::vector<std::string>{"/b/q"}));
  EXPECT_EQ(P.Forced, (std::vector<std::string>{"/b/pre.h"}));
}

/// A project on disk, removed at the end.
class IncludeGraphTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> D;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("include-graph", D));
    Root = std::string(D);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string path(llvm::StringRef Rel) { return Root + "/" + Rel.str(); }
  void write(llvm::StringRef Rel, llvm::StringRef Text) {
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path(Rel)));
    std::error_code EC;
    llvm::raw_fd_ostream OS(path(Rel), EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  CompileCommand unit(llvm::StringRef File,
                      std::vector<std::string> Flags = {}) {
    std::vector<std::string> Args = {File.ends_with(".cpp") ? "clang++" : "nvcc"};
    Args.insert(Args.end(), Flags.begin(), Flags.end());
    Args.push_back(File.str());
    return CompileCommand(Root, File, Args, "");
  }
  std::vector<std::string> chain(IncludeGraph &G, llvm::StringRef Rel) {
    std::optional<Includer> I = G.includerOf(path(Rel));
    if (!I)
      return {};
    std::vector<std::string> Out;
    for (const std::string &P : I->Chain)
      Out.push_back(llvm::StringRef(P).drop_front(Root.size() + 1).str());
    return Out;
  }

  std::string Root;
};

TEST_F(IncludeGraphTest, DirectAndTransitiveThroughTheSearchPath) {
  write("main.cu", "#include \"kernels.cu\"\n");
  write("kernels.cu", "#include \"kernels.cuh\"\n#include \"missing.h\"\n");
  write("inc/kernels.cuh", "__global__ void k() {}\n");
  IncludeGraph G({unit("main.cu", {"-Iinc"})}, "");
  EXPECT_EQ(chain(G, "kernels.cu"),
            (std::vector<std::string>{"main.cu", "kernels.cu"}));
  EXPECT_EQ(chain(G, "inc/kernels.cuh"),
            (std::vector<std::string>{"main.cu", "kernels.cu",
                                      "inc/kernels.cuh"}));
  // The unit itself is not included by anything.
  EXPECT_EQ(chain(G, "main.cu"), std::vector<std::string>{});
}

TEST_F(IncludeGraphTest, AngledIncludesSkipTheIncludersDirectory) {
  write("main.cu", "#include <k.cuh>\n");
  write("k.cuh", "");
  write("inc/k.cuh", "");
  IncludeGraph G({unit("main.cu", {"-Iinc"})}, "");
  EXPECT_EQ(chain(G, "k.cuh"), std::vector<std::string>{});
  EXPECT_EQ(chain(G, "inc/k.cuh"),
            (std::vector<std::string>{"main.cu", "inc/k.cuh"}));
}

TEST_F(IncludeGraphTest, CyclesEnd) {
  write("main.cu", "#include \"a.cuh\"\n");
  write("a.cuh", "#include \"b.cuh\"\n");
  write("b.cuh", "#include \"a.cuh\"\n#include \"main.cu\"\n");
  IncludeGraph G({unit("main.cu")}, "");
  EXPECT_EQ(chain(G, "b.cuh"),
            (std::vector<std::string>{"main.cu", "a.cuh", "b.cuh"}));
}

TEST_F(IncludeGraphTest, IncludedFilesLeaveTheUnitsOut) {
  write("main.cu", "#include \"k.cu\"\n#include \"other.cu\"\n");
  write("k.cu", "#include \"k.cuh\"\n");
  write("k.cuh", "#include \"main.cu\"\n");
  write("other.cu", "");
  IncludeGraph G({unit("main.cu"), unit("other.cu")}, "");
  std::vector<std::string> Files;
  for (const auto &[Path, In] : G.includedFiles())
    Files.push_back(llvm::StringRef(Path).drop_front(Root.size() + 1).str() +
                    " in " + std::to_string(In.Entry));
  EXPECT_EQ(Files, (std::vector<std::string>{"k.cu in 0", "k.cuh in 0"}));
}

TEST_F(IncludeGraphTest, DeepChains) {
  write("main.cu", "#include \"d0.cuh\"\n");
  for (int I = 0; I < 40; ++I)
    write("d" + std::to_string(I) + ".cuh",
          "#include \"d" + std::to_string(I + 1) + ".cuh\"\n");
  write("d40.cuh", "");
  IncludeGraph G({unit("main.cu")}, "");
  std::vector<std::string> C = chain(G, "d40.cuh");
  ASSERT_EQ(C.size(), 42u);
  EXPECT_EQ(C.front(), "main.cu");
  EXPECT_EQ(C.back(), "d40.cuh");
}

TEST_F(IncludeGraphTest, FewestIncludesWinThenDatabaseOrder) {
  write("far.cu", "#include \"mid.cuh\"\n");
  write("mid.cuh", "#include \"k.cuh\"\n");
  write("near2.cu", "#include \"k.cuh\"\n");
  write("near1.cu", "#include \"k.cuh\"\n");
  write("k.cuh", "");
  IncludeGraph G({unit("far.cu"), unit("near2.cu"), unit("near1.cu")}, "");
  EXPECT_EQ(chain(G, "k.cuh"),
            (std::vector<std::string>{"near2.cu", "k.cuh"}));
}

TEST_F(IncludeGraphTest, ACudaUnitBeforeACppOneAtTheSameDepth) {
  write("host.cpp", "#include \"k.cu\"\n");
  write("device.cu", "#include \"k.cu\"\n");
  write("k.cu", "");
  IncludeGraph G({unit("host.cpp"), unit("device.cu")}, "");
  EXPECT_EQ(chain(G, "k.cu"), (std::vector<std::string>{"device.cu", "k.cu"}));
}

TEST_F(IncludeGraphTest, NeighbourSharesTheMostDirectoriesThenIsCuda) {
  write("a/x.cpp", "");
  write("b/c/y.cu", "");
  write("b/z.cpp", "");
  write("b/w.cu", "");
  IncludeGraph G({unit("a/x.cpp"), unit("b/c/y.cu"), unit("b/z.cpp"),
                  unit("b/w.cu")},
                 "");
  EXPECT_EQ(G.neighbourOf(path("b/c/orphan.cuh")), 1u);
  // b/c/y.cu shares b/ too, but lies deeper; of the two in b/, the CUDA one.
  EXPECT_EQ(G.neighbourOf(path("b/orphan.cuh")), 3u);
  EXPECT_EQ(G.neighbourOf(path("a/orphan.h")), 0u);
  EXPECT_EQ(G.neighbourOf(path("b/x.cuh")), 3u);
  // Nothing shared but the root: the shallowest, a CUDA one first.
  EXPECT_EQ(G.neighbourOf("/elsewhere/orphan.cuh"), 3u);
}

TEST_F(IncludeGraphTest, TheCacheKeepsWhatIsUnchanged) {
  write("main.cu", "#include \"k.cuh\"\n");
  write("k.cuh", "");
  write("other.cuh", "");
  std::string Cache = path("cache/includes");
  {
    IncludeGraph G({unit("main.cu")}, Cache);
    EXPECT_TRUE(G.includerOf(path("k.cuh")));
    EXPECT_EQ(G.filesRead(), 2u);
  }
  {
    IncludeGraph G({unit("main.cu")}, Cache);
    EXPECT_TRUE(G.includerOf(path("k.cuh")));
    EXPECT_EQ(G.filesRead(), 0u);
  }
  // An edit is seen (its size changes): only that file is read again.
  write("main.cu", "#include \"other.cuh\"\n");
  IncludeGraph G({unit("main.cu")}, Cache);
  EXPECT_FALSE(G.includerOf(path("k.cuh")));
  EXPECT_TRUE(G.includerOf(path("other.cuh")));
  EXPECT_EQ(G.filesRead(), 2u); // main.cu, and other.cuh seen for the first time
}

} // namespace

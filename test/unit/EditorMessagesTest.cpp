//===- EditorMessagesTest.cpp - the editor's messages on their way to clangd ===//

#include "Clangd/EditorMessages.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace coalesce::clangd;

namespace {

std::string framed(const std::string &Body) {
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
}

TEST(MessageSplitterTest, BodiesWhateverPiecesTheyComeIn) {
  std::string Stream = framed("{\"a\":1}") +
                       "Content-Type: application/vscode-jsonrpc\r\n" +
                       framed("{\"b\":\"\\r\\n\\r\\n\"}") + framed("{}");
  for (size_t Piece : {size_t(1), size_t(5), Stream.size()}) {
    MessageSplitter S;
    std::vector<std::string> Bodies;
    for (size_t I = 0; I < Stream.size(); I += Piece)
      S.feed(llvm::StringRef(Stream).substr(I, Piece),
             [&](llvm::StringRef B) { Bodies.push_back(B.str()); });
    EXPECT_EQ(Bodies, (std::vector<std::string>{"{\"a\":1}",
                                                 "{\"b\":\"\\r\\n\\r\\n\"}", "{}"}))
        << "pieces of " << Piece;
    EXPECT_FALSE(S.lost());
  }
}

TEST(MessageSplitterTest, OtherFramingIsLeftAlone) {
  MessageSplitter S;
  int Bodies = 0;
  S.feed("Content-Type: text\r\n\r\n{}", [&](llvm::StringRef) { ++Bodies; });
  EXPECT_TRUE(S.lost());
  S.feed(framed("{}"), [&](llvm::StringRef) { ++Bodies; });
  EXPECT_EQ(Bodies, 0);
}

TEST(EditorMessagesTest, FileUris) {
  EXPECT_EQ(pathOfFileUri("file:///home/me/a%20b/k.cu"), "/home/me/a b/k.cu");
  EXPECT_EQ(pathOfFileUri("file:///x%2"), "/x%2");
  EXPECT_EQ(pathOfFileUri("untitled:Untitled-1"), std::nullopt);
}

TEST(EditorMessagesTest, ReportsEditsAndShutdownOnly) {
  std::vector<std::string> Seen;
  EditorEvents E;
  E.Changed = [&](llvm::StringRef F) { Seen.push_back("changed " + F.str()); };
  E.ShuttingDown = [&] { Seen.push_back("shutdown"); };
  inspectMessage(R"({"jsonrpc":"2.0","method":"textDocument/didChange",
    "params":{"textDocument":{"uri":"file:///p/k.cu","version":2},
              "contentChanges":[{"text":"x"}]}})", E);
  inspectMessage(R"({"method":"textDocument/didClose",
    "params":{"textDocument":{"uri":"file:///p/q.cu"}}})", E);
  // Opening, hovering, a broken message and a response change nothing.
  inspectMessage(R"({"method":"textDocument/didOpen",
    "params":{"textDocument":{"uri":"file:///p/k.cu","text":""}}})", E);
  inspectMessage(R"({"id":3,"method":"textDocument/hover","params":{}})", E);
  inspectMessage("{not json", E);
  inspectMessage(R"({"id":1,"result":null})", E);
  inspectMessage(R"({"id":4,"method":"shutdown"})", E);
  inspectMessage(R"({"method":"exit"})", E);
  EXPECT_EQ(Seen, (std::vector<std::string>{"changed /p/k.cu", "changed /p/q.cu",
                                            "shutdown", "shutdown"}));
  bool Exited = false;
  E.Exit = [&] { Exited = true; };
  inspectMessage(R"({"method":"exit"})", E);
  EXPECT_TRUE(Exited);
  EXPECT_EQ(Seen.size(), 4u);
}

} // namespace

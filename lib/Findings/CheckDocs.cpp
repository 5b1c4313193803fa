//===- CheckDocs.cpp ------------------------------------------------------===//

#include "Findings/CheckDocs.h"

#include "llvm/ADT/SmallVector.h"

namespace coalesce {

namespace {
struct EmbeddedPage {
  const char *RelativePath; ///< "docs/checks/<check name>.md"
  const char *Contents;
};

const EmbeddedPage Pages[] = {
#include "CheckDocs.inc"
};

/// "[text](target)" -> "text", "`code`" -> "code".
std::string plainText(llvm::StringRef Markdown) {
  std::string Out;
  for (size_t I = 0; I < Markdown.size(); ++I) {
    char C = Markdown[I];
    if (C == '`')
      continue;
    if (C == '[') {
      size_t Close = Markdown.find("](", I);
      size_t End = Close == llvm::StringRef::npos
                       ? llvm::StringRef::npos
                       : Markdown.find(')', Close);
      if (End != llvm::StringRef::npos) {
        Out += plainText(Markdown.slice(I + 1, Close));
        I = End;
        continue;
      }
    }
    Out += C;
  }
  return Out;
}
} // namespace

llvm::StringRef checkDocPage(llvm::StringRef CheckName) {
  std::string Path = "docs/checks/" + CheckName.str() + ".md";
  for (const EmbeddedPage &P : Pages)
    if (Path == P.RelativePath)
      return P.Contents;
  return {};
}

std::string checkDocSummary(llvm::StringRef CheckName) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  checkDocPage(CheckName).split(Lines, '\n');
  std::string Paragraph;
  bool Started = false;
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.starts_with("#")) {
      if (Started)
        break;
      continue;
    }
    if (Line.empty()) {
      if (Started)
        break;
      continue;
    }
    if (Started)
      Paragraph += ' ';
    Paragraph += Line.str();
    Started = true;
  }
  return plainText(Paragraph);
}

llvm::StringRef configuredDocsUrl() { return CUDA_COALESCE_DOCS_URL; }

} // namespace coalesce

//===- IntrinsicLines.cpp -------------------------------------------------===//

#include "Findings/IntrinsicLines.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <mutex>
#include <string>
#include <utility>

using namespace llvm;

namespace coalesce {

namespace {

using Overloads =
    std::map<std::pair<std::string, std::string>, std::pair<unsigned, unsigned>>;

/// "__SM_32_INTRINSICS_DECL__ float4 __ldg(const float4 *ptr) { ... }" and
/// "... void __stcg(float *ptr, float value) { ... }": the function's name
/// and its pointer's pointee, spelled as the header spells it.
Overloads readOverloads(StringRef Path) {
  Overloads Out;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return Out;
  Regex Decl("^(__SM_32_INTRINSICS_DECL__[^(]* )(__(ld|st)[a-z]+)\\((const )?"
             "([A-Za-z0-9_ ]+[A-Za-z0-9_]) *\\*");
  SmallVector<StringRef, 6> M;
  StringRef Text = (*Buf)->getBuffer();
  unsigned Line = 0;
  while (!Text.empty()) {
    auto [Row, Rest] = Text.split('\n');
    Text = Rest;
    ++Line;
    if (Decl.match(Row, &M))
      Out.try_emplace({M[2].str(), M[5].str()},
                      std::make_pair(Line, unsigned(M[1].size() + 1)));
  }
  return Out;
}

} // namespace

std::pair<unsigned, unsigned> cacheHintedLine(StringRef HeaderPath,
                                              StringRef Name,
                                              StringRef Pointee) {
  static std::mutex Lock;
  static StringMap<Overloads> Headers;
  std::lock_guard<std::mutex> Hold(Lock);
  auto [It, New] = Headers.try_emplace(HeaderPath);
  if (New)
    It->second = readOverloads(HeaderPath);
  auto Found = It->second.find({Name.str(), Pointee.str()});
  return Found == It->second.end() ? std::make_pair(0u, 0u) : Found->second;
}

} // namespace coalesce

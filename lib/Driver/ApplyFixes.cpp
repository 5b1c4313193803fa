//===- ApplyFixes.cpp -----------------------------------------------------===//

#include "Driver/ApplyFixes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace llvm;

namespace coalesce {

std::vector<AppliedFix> applyFixes(const Report &R, raw_ostream &Err,
                                   bool &Failed) {
  // Each file's edits, and the findings whose fix made them.
  struct Planned {
    std::vector<TextEdit> Edits;
    std::vector<AppliedFix> Fixes;
  };
  std::map<std::string, Planned> ByFile;
  for (const Finding &F : R.Findings) {
    if (!F.Flagged || !F.AutoFix || F.AutoFix->Edits.empty())
      continue;
    const std::string &File = F.AutoFix->Edits.front().File;
    Planned &P = ByFile[File];
    bool Clash = false, Known = true;
    for (const TextEdit &E : F.AutoFix->Edits) {
      bool Same = llvm::is_contained(P.Edits, E);
      Known &= Same;
      for (const TextEdit &O : P.Edits)
        Clash |= !Same && O.File == E.File && E.Offset < O.Offset + O.Length &&
                 O.Offset < E.Offset + E.Length;
      Clash |= E.File != File;
    }
    if (Clash) {
      Err << "cuda-coalesce: the fix of " << F.Site.Pos.File << ":"
          << F.Site.Pos.Line << " (" << F.AutoFix->Description
          << ") overlaps another fix: not applied\n";
      continue;
    }
    if (!Known)
      for (const TextEdit &E : F.AutoFix->Edits)
        if (!llvm::is_contained(P.Edits, E))
          P.Edits.push_back(E);
    auto Same = llvm::find_if(P.Fixes, [&](const AppliedFix &A) {
      return A.File == F.Site.Pos.File &&
             A.Description == F.AutoFix->Description;
    });
    if (Same == P.Fixes.end())
      P.Fixes.push_back(
          {F.Site.Pos.File, {F.Site.Pos.Line}, F.Check, F.AutoFix->Description});
    else
      Same->Lines.push_back(F.Site.Pos.Line);
  }

  std::vector<AppliedFix> Done;
  for (auto &Entry : ByFile) {
    const std::string &File = Entry.first;
    auto &P = Entry.second;
    auto Fail = [&](const Twine &Why) {
      Err << "cuda-coalesce: error: --fix: " << Why << " (" << File << ")\n";
      Failed = true;
    };
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(File);
    if (!Buf) {
      Fail("cannot read the file: " + Buf.getError().message());
      continue;
    }
    std::string Text = (*Buf)->getBuffer().str();
    llvm::sort(P.Edits, [](const TextEdit &A, const TextEdit &B) {
      return A.Offset > B.Offset;
    });
    bool Fits = llvm::all_of(P.Edits, [&](const TextEdit &E) {
      return uint64_t(E.Offset) + E.Length <= Text.size();
    });
    if (!Fits) {
      Fail("the file changed since it was analyzed");
      continue;
    }
    for (const TextEdit &E : P.Edits)
      Text.replace(E.Offset, E.Length, E.Text);
    // Written beside the file and renamed over it: an interrupted --fix
    // leaves the source whole.
    std::string Temp = File + ".cuda-coalesce-fix";
    std::error_code EC;
    {
      raw_fd_ostream OS(Temp, EC);
      if (!EC) {
        OS << Text;
        OS.close();
        EC = OS.error();
        OS.clear_error();
      }
    }
    if (!EC)
      EC = sys::fs::rename(Temp, File);
    if (EC) {
      sys::fs::remove(Temp);
      Fail("cannot write the file: " + EC.message());
      continue;
    }
    Done.insert(Done.end(), P.Fixes.begin(), P.Fixes.end());
  }
  return Done;
}

} // namespace coalesce

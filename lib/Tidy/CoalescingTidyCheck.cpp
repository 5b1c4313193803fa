//===- CoalescingTidyCheck.cpp --------------------------------------------===//

#include "Tidy/CoalescingTidyCheck.h"

#include <set>
#include "Tidy/FindingDiagnostics.h"
#include "Tidy/TranslationUnitFindings.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace coalesce::tidy {

CoalescingTidyCheck::CoalescingTidyCheck(StringRef Name,
                                         clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      MinEfficiencyText(Options.get("MinEfficiency", "1")),
      BlockDimText(Options.get("BlockDim", "")),
      AssumeText(Options.get("Assume", "")),
      Shared(TranslationUnitFindings::forContext(Context)) {
  parseOptions();
}

CoalescingTidyCheck::~CoalescingTidyCheck() = default;

void CoalescingTidyCheck::parseOptions() {
  auto Invalid = [&](StringRef Option, StringRef Value) {
    configurationDiag("invalid configuration value '%0' for option '%1'; "
                      "the check is disabled")
        << Value << (getID() + "." + Option).str();
    ValidOptions = false;
  };
  if (StringRef(MinEfficiencyText).trim().getAsDouble(MinEfficiency) ||
      MinEfficiency < 0.0 || MinEfficiency > 1.0)
    Invalid("MinEfficiency", MinEfficiencyText);

  if (!StringRef(BlockDimText).trim().empty()) {
    SmallVector<StringRef, 3> Parts;
    StringRef(BlockDimText).split(Parts, ',');
    std::array<unsigned, 3> D = {1, 1, 1};
    bool Ok = Parts.size() <= 3;
    for (size_t I = 0; Ok && I < Parts.size(); ++I)
      Ok = !Parts[I].trim().getAsInteger(10, D[I]) && D[I] > 0 && D[I] <= 1024;
    if (Ok)
      Analysis.BlockDim = D;
    else
      Invalid("BlockDim", BlockDimText);
  }

  SmallVector<StringRef, 4> Items;
  StringRef(AssumeText).split(Items, ',', -1, false);
  for (StringRef Item : Items) {
    auto [Name, Value] = Item.split('=');
    int64_t V;
    if (Name.trim().empty() || Value.trim().getAsInteger(0, V)) {
      Invalid("Assume", AssumeText);
      break;
    }
    Analysis.Assume[Name.trim().str()] = V;
  }
}

bool CoalescingTidyCheck::isLanguageVersionSupported(
    const LangOptions &LO) const {
  return LO.CUDA;
}

void CoalescingTidyCheck::registerMatchers(MatchFinder *Finder) {
  // The analyzer walks the translation unit itself (kernels, the launch sites
  // that give their block sizes, the __device__ functions they call), so the
  // check needs one callback per translation unit. clangd restricts traversal
  // to the main file's declarations, which the analyzer then follows too.
  Finder->addMatcher(translationUnitDecl(), this);
}

void CoalescingTidyCheck::check(const MatchFinder::MatchResult &Result) {
  if (!ValidOptions)
    return;
  const Report &R = Shared->report(*Result.Context, Analysis);
  // Accesses that share a fix (two reads of one tile) carry it once:
  // clang-tidy refuses identical fix-its on two warnings as overlapping.
  std::set<std::string> FixesGiven;
  for (const Finding &F : R.Findings) {
    if (!F.Flagged || F.Check != getID())
      continue;
    if (F.Cost && F.efficiency() >= MinEfficiency)
      continue;
    bool WithFix =
        F.AutoFix && FixesGiven.insert(F.AutoFix->Description + "@" +
                                       F.AutoFix->Edits.front().File)
                         .second;
    reportFinding(F, *Result.SourceManager, WithFix,
                  [&](SourceLocation Loc, StringRef Text,
                      DiagnosticIDs::Level Level) {
                    return diag(Loc, Text, Level);
                  });
  }
}

void CoalescingTidyCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MinEfficiency", MinEfficiencyText);
  Options.store(Opts, "BlockDim", BlockDimText);
  Options.store(Opts, "Assume", AssumeText);
}

} // namespace coalesce::tidy

//===- CoalescingTidyCheck.cpp --------------------------------------------===//

#include "Tidy/CoalescingTidyCheck.h"

#include <map>
#include <set>
#include <tuple>
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
      Shared(TranslationUnitFindings::forContext(Context)) {
  for (size_t I = 0; I < std::size(OptionTable); ++I)
    Texts[I] = Options.get(OptionTable[I].Name, OptionTable[I].Default).str();
  parseOptions();
}

CoalescingTidyCheck::~CoalescingTidyCheck() = default;

void CoalescingTidyCheck::parseOptions() {
  // Parsed by the option table, as on the command line and in
  // .cuda-coalesce.yaml: a bad value gets the same message, as clang-tidy's
  // configuration diagnostic, and turns the check off.
  auto Parse = [&](OptionId Id) -> std::optional<OptionValue> {
    const OptionSpec &Spec = optionSpec(Id);
    const std::string &Text = Texts[static_cast<unsigned>(Id)];
    Expected<OptionValue> V = parseOption(Spec, Text);
    if (V)
      return std::move(*V);
    configurationDiag("%0 (%1); the check is disabled")
        << toString(V.takeError()) << (getID() + "." + Spec.Name).str();
    ValidOptions = false;
    return std::nullopt;
  };
  if (std::optional<OptionValue> V = Parse(OptionId::MinEfficiency))
    MinEfficiency = V->Fraction;
  if (!StringRef(Texts[unsigned(OptionId::BlockDim)]).trim().empty())
    if (std::optional<OptionValue> V = Parse(OptionId::BlockDim))
      Analysis.BlockDim = V->Block;
  if (std::optional<OptionValue> V = Parse(OptionId::Assume))
    Analysis.Assume = std::move(V->Assume);
}

bool CoalescingTidyCheck::isLanguageVersionSupported(
    const LangOptions &LO) const {
  return LO.CUDA;
}

void CoalescingTidyCheck::registerPPCallbacks(const SourceManager &,
                                              Preprocessor *PP,
                                              Preprocessor *) {
  Shared->setPreprocessor(PP);
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
  if (StopReason Why = Shared->stopped(); Why != StopReason::None) {
    if (Shared->claimStopNotice())
      reportStop(Why, *Result.SourceManager);
    return;
  }
  // Accesses that share a fix (two reads of one tile) carry it once:
  // clang-tidy refuses identical fix-its on two warnings as overlapping.
  std::set<std::string> FixesGiven;
  // The toolkit's accesses through one call of the user's (curand_init's
  // stores into &states[id]) are one warning at that call: the one the
  // called function makes itself, the costliest of those.
  std::map<std::tuple<std::string, std::string, unsigned, unsigned>,
           const Finding *>
      ToolkitLead;
  for (const Finding &F : R.Findings) {
    if (!F.Flagged || F.Check != getID() || !F.Site.inToolkitHeader() ||
        (F.Cost && F.efficiency() >= MinEfficiency))
      continue;
    const SourcePos &At = F.Site.shownPos();
    const Finding *&Lead =
        ToolkitLead[std::make_tuple(F.Site.Kernel, At.File, At.Line, At.Column)];
    if (!Lead ||
        F.Site.CallChain.size() < Lead->Site.CallChain.size() ||
        (F.Site.CallChain.size() == Lead->Site.CallChain.size() &&
         F.sectors() > Lead->sectors()))
      Lead = &F;
  }
  for (const Finding &F : R.Findings) {
    if (!F.Flagged || F.Check != getID())
      continue;
    if (F.Cost && F.efficiency() >= MinEfficiency)
      continue;
    if (F.Site.inToolkitHeader()) {
      const SourcePos &At = F.Site.shownPos();
      if (ToolkitLead[std::make_tuple(F.Site.Kernel, At.File, At.Line,
                                      At.Column)] != &F)
        continue;
    }
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

void CoalescingTidyCheck::reportStop(StopReason Why, const SourceManager &SM) {
  // At the top of the file: the cut is the file's, not one kernel's.
  SourceLocation Top = SM.getLocForStartOfFile(SM.getMainFileID());
  switch (Why) {
  case StopReason::Deadline:
    diag(Top, "memory-access analysis stopped after %0 s "
              "(--analysis-timeout): no coalescing or bank-conflict "
              "diagnostics for this text of the file")
        << unsigned(analysisTimeout().count());
    return;
  case StopReason::FileChanged:
    diag(Top, "memory-access analysis cancelled: a newer text of the file "
              "arrived");
    return;
  case StopReason::Shutdown:
    diag(Top, "memory-access analysis cancelled: the server is shutting down");
    return;
  case StopReason::None:
    return;
  }
}

void CoalescingTidyCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  for (size_t I = 0; I < std::size(OptionTable); ++I)
    Options.store(Opts, OptionTable[I].Name, Texts[I]);
}

} // namespace coalesce::tidy

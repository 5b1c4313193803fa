//===- AccessSite.cpp -----------------------------------------------------===//

#include "Analysis/AccessSite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace coalesce {

std::string reportPath(const std::string &Presumed) {
  llvm::SmallString<256> P(Presumed);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::LoadStore:
    return "load+store";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "load";
}

std::vector<std::optional<int64_t>>
absoluteOffsets(int64_t Lane0, const std::vector<std::optional<int64_t>> &Rel) {
  std::vector<std::optional<int64_t>> Addrs(Rel.size());
  for (size_t L = 0; L < Rel.size(); ++L)
    if (Rel[L])
      Addrs[L] = Lane0 + *Rel[L];
  return Addrs;
}

std::pair<double, double> AccessSite::blockXRange() const {
  auto [Fewest, Most] = std::minmax_element(
      SectorsByBlockX.begin(), SectorsByBlockX.end(),
      [](const auto &A, const auto &B) { return A.second < B.second; });
  return {Fewest->second, Most->second};
}

double AccessSite::ValueDependence::fewest() const {
  return Sectors.empty() ? 0 : *std::min_element(Sectors.begin(), Sectors.end());
}

double AccessSite::ValueDependence::most() const {
  return Sectors.empty() ? 0 : *std::max_element(Sectors.begin(), Sectors.end());
}

double AccessSite::ValueDependence::mean() const {
  return Sectors.empty()
             ? 0
             : std::accumulate(Sectors.begin(), Sectors.end(), 0.0) /
                   double(Sectors.size());
}

std::string AccessSite::ValueDependence::fewestWhen() const {
  if (!Modulus)
    return "";
  std::vector<std::string> Residues;
  for (size_t R = 0; R < Sectors.size(); ++R)
    if (std::abs(Sectors[R] - fewest()) < 1e-9)
      Residues.push_back(std::to_string(R));
  std::string Cond = Name + " % " + std::to_string(Modulus);
  if (Residues.size() == 1)
    return Cond + " == " + Residues[0];
  Cond += " is ";
  for (size_t I = 0; I < Residues.size(); ++I)
    Cond += (I == 0 ? "" : I + 1 == Residues.size() ? " or " : ", ") +
            Residues[I];
  return Cond;
}

} // namespace coalesce

//===- JsonNumbers.h - means as JSON numbers --------------------*- C++ -*-===//

#ifndef CUDA_COALESCE_OUTPUT_JSONNUMBERS_H
#define CUDA_COALESCE_OUTPUT_JSONNUMBERS_H

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>

namespace coalesce {

/// A count averaged over a launch's requests, as a JSON number: an integer
/// when it is one (every request alike, the common case, reads as it did
/// before means existed), else rounded to four decimals.
inline nlohmann::ordered_json jsonCount(double V) {
  double Rounded = std::round(V * 10000.0) / 10000.0;
  if (Rounded == std::floor(Rounded) && std::fabs(Rounded) < 9e15)
    return int64_t(Rounded);
  return Rounded;
}

} // namespace coalesce

#endif

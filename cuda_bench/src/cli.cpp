#include "cli.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>

namespace bench {

std::optional<unsigned long long> parseBytes(const std::string &text) {
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0)
    return std::nullopt;
  std::string suffix(end);
  unsigned shift = 0;
  if (suffix == "" || suffix == "B")
    shift = 0;
  else if (suffix == "K" || suffix == "KiB")
    shift = 10;
  else if (suffix == "M" || suffix == "MiB")
    shift = 20;
  else if (suffix == "G" || suffix == "GiB")
    shift = 30;
  else
    return std::nullopt;
  if (shift && value > (ULLONG_MAX >> shift))
    return std::nullopt;
  return value << shift;
}

std::optional<int> parseInt(const std::string &text) {
  if (text.empty())
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  long value = std::strtol(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0' || value < INT_MIN || value > INT_MAX)
    return std::nullopt;
  return static_cast<int>(value);
}

} // namespace bench

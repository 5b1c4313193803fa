// Command-line helpers shared by the two binaries.
#pragma once

#include <optional>
#include <string>

namespace bench {

// "536870912", "512M", "512MiB", "1G": a byte count with an optional binary suffix (K, M, G).
std::optional<unsigned long long> parseBytes(const std::string &text);
std::optional<int> parseInt(const std::string &text);

} // namespace bench

//===- FindingSink.cpp ----------------------------------------------------===//

#include "Findings/FindingSink.h"

namespace coalesce {

FindingSink::~FindingSink() = default;

} // namespace coalesce

//===- AccessSite.cpp -----------------------------------------------------===//

#include "Analysis/AccessSite.h"

namespace coalesce {

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

} // namespace coalesce

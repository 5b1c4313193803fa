// Included by nothing, and no CUDA in sight: parsed as CUDA all the same.
#pragma once

inline int twice(int x) { return 2 * x; }

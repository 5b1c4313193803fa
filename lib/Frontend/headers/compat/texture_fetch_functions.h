// CUDA 12.x+ removed this header (legacy texture references) but clang 19's runtime wrapper still includes it.

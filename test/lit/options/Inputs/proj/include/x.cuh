#pragma once
__device__ inline void store(float *out, int i, int n) {
  out[i * n] = 1.0f;
}

#include "rng.cuh"

int main() {
  curandState *states = nullptr;
  init<<<4, 256>>>(states, 7ull);
  return 0;
}

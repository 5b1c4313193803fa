// A program whose kernels live in a file it #includes (as in Rodinia), after
// defining what they use.
#define TILE 32

#ifndef NO_KERNELS
#include "kernels.cu"
#endif

void launch(float *m, int n) { scaleColumn<<<n / TILE, TILE>>>(m, n); }

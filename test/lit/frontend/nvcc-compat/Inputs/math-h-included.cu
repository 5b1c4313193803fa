// Includes <math.h> itself: the mode's -include adds nothing it needed.
#include <math.h>
#include <stdlib.h>

bool finite(float x) { return isfinite(x) && !isnan(x); }

__global__ void scale(float *a) { a[threadIdx.x] *= 2.0f; }

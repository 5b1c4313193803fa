// clang 19 executes a trap instruction at this pragma: the process dies by
// SIGILL, as it would on a bug in clang or in the analysis.
#pragma clang __debug crash
__global__ void trapped(float *out) { out[threadIdx.x * 2] = 0.0f; }

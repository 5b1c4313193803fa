// clang 19 calls llvm::report_fatal_error at this pragma: "LLVM ERROR: ..."
// on stderr, then abort().
#pragma clang __debug llvm_fatal_error
__global__ void fatal(float *out) { out[threadIdx.x * 2] = 0.0f; }

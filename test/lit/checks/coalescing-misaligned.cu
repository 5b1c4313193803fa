// Off by default: a contiguous warp starting mid-sector is a note. Turned
// on, it warns, even for the single extra sector the other checks let pass;
// an aligned access stays quiet either way.
// RUN: %exitcode %coalesce %s 2>/dev/null | FileCheck %s --check-prefix=OFF --implicit-check-not=warning:
// RUN: %exitcode %coalesce --checks=coalescing-misaligned %s 2>/dev/null | FileCheck %s --check-prefix=ON --implicit-check-not=warning: --implicit-check-not=note:

__global__ void shifted(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
// OFF: coalescing-misaligned.cu:9:12: note: misaligned load: contiguous, but the warp starts 4 bytes into a 32-byte sector; 5 sectors per request where 4 would do (80% of fetched bytes used)
// OFF: exit: 0
// ON: coalescing-misaligned.cu:9:12: warning: misaligned load: contiguous, but the warp starts 4 bytes into a 32-byte sector; 5 sectors per request where 4 would do (80% of fetched bytes used) [coalescing-misaligned]
// ON-NEXT: {{^}}  out[i] = in[i + 1];
// ON-NEXT: {{^}}           ^~~~~~~~~{{$}}
// ON-NEXT: note: lane address = in + 4*(threadIdx.x + blockIdx.x*blockDim.x + 1)
// ON: exit: 1

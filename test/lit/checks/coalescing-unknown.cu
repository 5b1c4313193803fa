// An address the analysis cannot derive is a remark with its reason, shown
// with --verbose, never a warning; a derived address gets no remark, and
// --checks=-coalescing-unknown silences the remarks.
// RUN: %exitcode %coalesce --verbose %s 2>/dev/null | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %exitcode %coalesce --verbose --checks=-coalescing-unknown %s 2>/dev/null | FileCheck %s --check-prefix=OFF --implicit-check-not=remark:

__global__ void scaled(float *out, const float *f) {
  int i = (int)(f[0] * 64.0f) + threadIdx.x;
  out[i] = 1.0f;
  out[threadIdx.x] = 2.0f;
}
// CHECK: coalescing-unknown.cu:9:3: remark: address not computable: '(f[0] * 64.0f)' is computed in floating point [coalescing-unknown]
// CHECK: exit: 0
// OFF: exit: 0

// An address the analysis cannot derive is a remark with its reason, shown
// with --verbose, never a warning; a derived address gets no remark, and
// --checks=-coalescing-unknown silences the remarks.
// RUN: %exitcode %coalesce --verbose %s 2>/dev/null | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %exitcode %coalesce --verbose --checks=-coalescing-unknown %s 2>/dev/null | FileCheck %s --check-prefix=OFF --implicit-check-not=remark:

__global__ void scaled(float *out, float scale) {
  int i = (int)(threadIdx.x * scale);
  out[i] = 1.0f;
  out[threadIdx.x] = 2.0f;
}
// CHECK: coalescing-unknown.cu:9:3: remark: address not computable: 'threadIdx.x * scale' needs the value of 'scale', a float not known here (--assume scale=VALUE gives it) [coalescing-unknown]
// CHECK: exit: 0
// OFF: exit: 0

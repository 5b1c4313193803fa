// Issue 32: a whole 8 GB shared array named as a value hung the parent
// process in bank prediction (one model run per 4-byte word, after the
// children and out of --timeout's reach), and every other file's report
// was lost. The access is unknown, with its width as the reason; the other
// file is reported; the run ends at once.
// RUN: %exitcode %coalesce --timeout=20 %s %S/Inputs/good.cu 2>&1 | FileCheck %s
// RUN: %coalesce --format=json %s 2>/dev/null | %normalize-json | FileCheck %s --check-prefix=JSON
__global__ void huge() {
  __shared__ float s[2147483647];
  (void)s;
}

// A wide struct in shared memory (64 bytes a lane, 16 one-word pieces) is
// still predicted: the pieces' conflicts are the first piece's.
struct Wide { float v[16]; };
__global__ void wide(Wide *out) {
  __shared__ Wide w[32];
  out[threadIdx.x] = w[threadIdx.x];
}
// CHECK: good.cu:2:3: warning: strided store
// CHECK: exit: 1
// JSON:      "category": "unknown",
// JSON:      "elem_bytes": 0,
// JSON:      "reason": "an access of 8589934588 bytes per lane, wider than the 1048576 bytes the model takes",
// JSON:      "bank_conflict_ways": 16,
// JSON:      "category": "bank-conflict",
// JSON:      "elem_bytes": 64,
// JSON:      "space": "shared",

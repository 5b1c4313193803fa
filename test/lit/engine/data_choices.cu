// Offsets the data chooses: a condition on loaded data (upwind advection's
// 'flux[i] > 0.0') choosing between two known offsets. The address is
// counted with every lane of a warp taking the first arm, every lane the
// second, and the lanes alternating; when the three agree within the
// model's tolerance the middle one is the count (data_choice in the JSON),
// otherwise the access stays unknown and says how far they differ.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void upwind(const double *flux, const double *rho, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 2;
  int donor, up;
  if (flux[i] > 0.0) {
  // CHECK: [[@LINE-1]]:7 load `flux[i]` addr=flux + 8*(threadIdx.x + 256*blockIdx.x + 2) spr=9 ideal=8 eff=0.8889 misaligned
    donor = -1;
    up = -2;
  } else {
    donor = 0;
    up = 1;
  }
  out[i] = rho[i + donor] - rho[i + up];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 8*(threadIdx.x + 256*blockIdx.x + 2) spr=9 ideal=8 eff=0.8889 misaligned
  // CHECK: [[@LINE-2]]:12 load `rho[i + donor]` addr=rho + 8*(threadIdx.x + 256*blockIdx.x + (data('flux[i] > 0.0') != 0 ? -1 : 0) + 2) spr=9 ideal=8 eff=0.8889 misaligned
  // CHECK: [[@LINE-3]]:29 load `rho[i + up]` addr=rho + 8*(threadIdx.x + 256*blockIdx.x + (data('flux[i] > 0.0') != 0 ? -2 : 1) + 2) spr=9 ideal=8 eff=0.8889 misaligned
  // JSON: "data_choice": {
  // JSON-NEXT: "conditions": "'flux[i] > 0.0'",
  // JSON-NEXT: "sectors_per_request": {
  // JSON-NEXT: "first_arm": 9,
  // JSON-NEXT: "second_arm": 9,
  // JSON-NEXT: "alternating": 9
}

// A declaration from a conditional, and a conditional inside the index.
__global__ void declared(const double *flux, const double *a, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int off = flux[i] > 0.0 ? 1 : 0;
  // CHECK: [[@LINE-1]]:13 load `flux[i]` addr=flux + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=8 eff=1 coalesced
  out[i] = a[i + off] + a[i + (flux[i] < 0.0 ? 2 : 0)];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=8 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `a[i + off]` addr=a + 8*(threadIdx.x + 256*blockIdx.x + (data('flux[i] > 0.0') != 0 ? 1 : 0)) spr=9 ideal=8 eff=0.8889 misaligned
  // CHECK: [[@LINE-3]]:25 load `a[i + (flux[i] < 0.0 ? 2 : 0)]` addr=a + 8*(threadIdx.x + 256*blockIdx.x + (data('flux[i] < 0.0') != 0 ? 2 : 0)) spr=9 ideal=8 eff=0.8889 misaligned
  // CHECK: [[@LINE-4]]:32 load `flux[i]` addr=flux + 8*(threadIdx.x + 256*blockIdx.x) spr=8 ideal=8 eff=1 coalesced
}

// Negative: floats a lane apart, 4 sectors one way and 5 the other, more
// than the tolerance allows.
__global__ void floatsApart(const float *flux, const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int off = flux[i] > 0.0f ? 1 : 0;
  // CHECK: [[@LINE-1]]:13 load `flux[i]` addr=flux + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  out[i] = a[i + off];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `a[i + off]` unknown: the data chooses the address ('flux[i] > 0.0f'): 5 sectors per request when a warp's lanes all take one arm, 4 the other, 5 when they alternate
}

// Negative: arms a row apart. Lanes that choose alike read one row (4
// sectors), lanes that alternate two (8): no count.
__global__ void rowsApart(const float *flux, const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int off = flux[i] > 0.0f ? 0 : 4096;
  // CHECK: [[@LINE-1]]:13 load `flux[i]` addr=flux + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  out[i] = a[i + off];
  // CHECK: [[@LINE-1]]:3 store `out[i]` addr=out + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:12 load `a[i + off]` unknown: the data chooses the address ('flux[i] > 0.0f'): 4 sectors per request when a warp's lanes all take one arm, 4 the other, 8 when they alternate
}

// Negative: an arm that is itself unknown, and shared memory, whose banks
// the choice would move: no count, but the data's (gathers).
__global__ void notChoices(const float *flux, const int *idx, float *out) {
  __shared__ float s[512];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = flux[i] > 0.0f ? idx[i] : 0;
  // CHECK: [[@LINE-1]]:11 load `flux[i]` addr=flux + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  // CHECK: [[@LINE-2]]:28 load `idx[i]` addr=idx + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced guard?
  int k = flux[i] > 0.0f ? 1 : 0;
  // CHECK: [[@LINE-1]]:11 load `flux[i]` addr=flux + 4*(threadIdx.x + 256*blockIdx.x) spr=4 ideal=4 eff=1 coalesced
  s[threadIdx.x + k] = out[i + j];
  // CHECK: [[@LINE-1]]:3 store `s[threadIdx.x + k]` gather: depends on 'flux[i]', loaded from memory
  // CHECK: [[@LINE-2]]:24 load `out[i + j]` gather: depends on 'flux[i]', loaded from memory
}

int main() {
  double *d;
  float *f;
  int *n;
  upwind<<<64, 256>>>(d, d, d);
  declared<<<64, 256>>>(d, d, d);
  floatsApart<<<64, 256>>>(f, f, f);
  rowsApart<<<64, 256>>>(f, f, f);
  notChoices<<<64, 256>>>(f, n, f);
}

// Values the run decides can also decide where a warp starts within a
// sector. The assumed 1048576 is a multiple of every sector's worth of
// elements; the run's offset or row length need not be. Each residue of
// the value is sampled again, and the report gives the mean sectors per
// request for each (alignment_depends_on) and the range in the note.
// Measured on the H200 (cuda_bench/test/construct_kernels.cu): rows of 1001
// floats in 250-thread blocks, 4.78 sectors per request for the load;
// 1001 % 8 == 1 is 4.875 here with 256-thread blocks.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %coalesce --format=json --assume=off=5,width=1001,hid=16 %s | %summarize | FileCheck %s --check-prefix=TOLD --implicit-check-not=depends

// An offset: 4 sectors when it keeps the warp on a sector boundary, 5 else.
__global__ void offset(const float *in, float *out, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + off];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[i + off]` {{.*}} spr=4 ideal=4 eff=1 coalesced depends off%8=[4,5,5,5,5,5,5,5]{{$}}
  // TOLD: [[@LINE-3]]:12 load `in[i + off]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned
}

// A row length: each block's row starts where the length puts it.
__global__ void rows(const float *in, float *out, int width) {
  out[blockIdx.x * width + threadIdx.x] = in[blockIdx.x * width + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} spr=4 ideal=4 eff=1 coalesced depends width%8=[4,4.875,4.75,4.875,4.5,4.875,4.75,4.875]{{$}}
  // CHECK: [[@LINE-2]]:43 load {{.*}} spr=4 ideal=4 eff=1 coalesced depends width%8=[4,4.875,4.75,4.875,4.5,4.875,4.75,4.875]{{$}}
  // TOLD: [[@LINE-3]]:43 load {{.*}} spr=4.875 ideal=4 eff=0.8205 warps=4..5/4 misaligned
}

// Eight-byte elements: four of them fill a sector.
__global__ void doubles(const double *in, double *out, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + off];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[i + off]` {{.*}} spr=8 ideal=8 eff=1 coalesced depends off%4=[8,9,9,9]{{$}}
}

// A flagged access: the note gives the range and the values that do best.
__global__ void stridedOffset(const float *in, float *out, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i + off];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[2 * i + off]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided depends off%8=[8,8,9,9,9,9,9,9]{{$}}
  // TEXT: runtime_alignment.cu:[[#@LINE-3]]:12: warning: strided load: lanes are 8 bytes apart
  // TEXT: note: lane address = in + 4*(2*threadIdx.x + 2*blockIdx.x*blockDim.x + off), assuming off = 1048576 (8 to 9 sectors per request as off % 8 varies, mean 8.75; 8 when off % 8 is 0 or 1)
}

// A value the address divides proves no period: the range alone.
__global__ void divided(const float *in, float *out, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + off / 3];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[i + off / 3]` {{.*}} depends off=4..5{{$}}
}

// Negative: a value that moves the warp by whole sectors changes nothing.
__global__ void wholeSectors(const float *in, float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 8 * k];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[i + 8 * k]` {{.*}} spr=4 ideal=4 eff=1 coalesced{{$}}
}

// Small values: 16 x 16 blocks, two rows of a tile a warp, rows hid + 1
// floats apart (Rodinia backprop). At the assumed magnitude the two rows
// sit in sectors of their own, 5.75 for even hid; below 21 they can share
// one: 5 sectors for hid = 16, as the H200 measured backprop's run.
__global__ void smallRows(const float *in, float *out, int hid) {
  int index = (hid + 1) * 16 * blockIdx.y + (hid + 1) * threadIdx.y +
              threadIdx.x + 1 + (hid + 1);
  out[index] = in[index];
  // CHECK: [[@LINE-1]]:3 store `out[index]` {{.*}} spr=5.75 ideal=4 {{.*}} misaligned depends hid%2=[5.75,6] below 21=3.25..6{{$}}
  // CHECK: [[@LINE-2]]:16 load `in[index]` {{.*}} spr=5.75 ideal=4 {{.*}} misaligned depends hid%2=[5.75,6] below 21=3.25..6{{$}}
  // TOLD: [[@LINE-3]]:16 load `in[index]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned{{$}}
}
// Flagged, the note gives the small values' range too. Up to 64, the
// largest sampled, every value differs from its residue: below 65.
__global__ void smallRowsStrided(const float *in, float *out, int hid) {
  out[threadIdx.y * 16 + threadIdx.x] = in[(hid + 1) * threadIdx.y + 4 * threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:41 load {{.*}} spr=17 ideal=4 {{.*}} strided FLAGGED coalescing-strided depends hid%8=[17,17,17,17,17,17,17,16] below 65=8.5..16.5{{$}}
  // TEXT: runtime_alignment.cu:[[#@LINE-3]]:41: warning: strided load
  // TEXT: note: lane address = in + 4*(4*threadIdx.x + threadIdx.y + threadIdx.y*hid), assuming hid = 1048576 (16 to 17 sectors per request as hid % 8 varies, mean 16.88; 16 when hid % 8 == 7; 8.5 to 16.5 for hid below 65)
}

// Negative: 32-wide blocks, a row a warp. The row length moves whole
// warps, and small values are not sampled: its residues alone.
__global__ void oneRowAWarp(const float *in, float *out, int width) {
  out[threadIdx.y * width + threadIdx.x] = in[threadIdx.y * width + threadIdx.x];
  // CHECK: [[@LINE-1]]:3 store {{.*}} coalesced depends width%8=[4,4.875,4.75,4.875,4.5,4.875,4.75,4.875]{{$}}
  // CHECK: [[@LINE-2]]:44 load {{.*}} coalesced depends width%8=[4,4.875,4.75,4.875,4.5,4.875,4.75,4.875]{{$}}
}

// The launches give the blocks' shape; hid and width stay the run's.
void hostRows(const float *in, float *out, int hid, int width) {
  smallRows<<<dim3(1, 64), dim3(16, 16)>>>(in, out, hid);
  smallRowsStrided<<<64, dim3(16, 16)>>>(in, out, hid);
  oneRowAWarp<<<64, dim3(32, 8)>>>(in, out, width);
}

// Negative: a value in a guard only (assumed guards do not decide).
__global__ void guardOnly(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
  // CHECK: [[@LINE-1]]:5 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:14 load `in[i]` {{.*}} coalesced{{$}}
}

// Negative: a value the launch gives is the run's, not assumed.
__global__ void known(const float *in, float *out, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + off];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[i + off]` {{.*}} spr=5 ideal=4 eff=0.8 misaligned{{$}}
}

void host(const float *in, float *out) { known<<<64, 256>>>(in, out, 3); }

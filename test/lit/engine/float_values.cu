// An index computed in floating point is followed as the device computes
// it, each float operation rounded to float: "(int)((x + 0.5f) * scale)"
// is evaluated lane by lane once scale is known (the launch site's 4.0f,
// or --assume scale=4). A float the analysis does not know makes a
// uniform index a runtime value named by its text, and a lane-dependent
// one unknown, naming the float.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'
// RUN: %coalesce --format=json --assume=shift=2 %s | %summarize | FileCheck %s --check-prefix=TOLD

// A warp-uniform factor: sqrtf of the launch's 9 is 3.
__global__ void taps(const float *in, float *out, int taps2) {
  int ks = (int)sqrtf((float)taps2);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[ks * 1000 + i];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[ks * 1000 + i]` addr=in + 4*(threadIdx.x + 256*blockIdx.x + 1000*(int)sqrtf((float)taps2)) spr=4 ideal=4 eff=1 coalesced{{$}}
}

// The lane scaled in float by the launch's 4.0f: bytes 4 apart.
__global__ void scaled(const unsigned char *in, unsigned char *out,
                       float scale) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int sx = (int)((x + 0.5f) * scale);
  out[x] = in[sx];
  // CHECK: [[@LINE-1]]:3 store `out[x]` {{.*}} spr=1 ideal=1 eff=1 coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[sx]` addr=in + (int)(((float)(threadIdx.x + 256*blockIdx.x) + 0.5f)*4.0f) spr=4 ideal=1 eff=0.25 strided FLAGGED coalescing-strided{{$}}
  // Math functions: lanes in pairs, pairs 8 bytes apart.
  out[x] = in[(int)floorf(x * 0.5f) * 8];
  // CHECK: [[@LINE-1]]:3 store `out[x]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[(int)floorf(x * 0.5f) * 8]` addr=in + 8*(int)floorf((float)(threadIdx.x + 256*blockIdx.x)*0.5f) spr=4 ideal=1 eff=0.125 strided FLAGGED coalescing-strided{{$}}
}

// A float parameter no launch gives: a uniform use is a runtime value,
// a lane-dependent one unknown until --assume gives it.
__global__ void unknownShift(const float *in, float *out, float shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int off = (int)(shift * 3.0f);
  out[i] = in[off + i];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[off + i]` addr=in + 4*(threadIdx.x + blockIdx.x*blockDim.x + (int)(shift * 3.0f)) spr=4 ideal=4 eff=1 coalesced depends (int)(shift * 3.0f)%8=[4,5,5,5,5,5,5,5]{{$}}
  // TOLD: [[@LINE-3]]:12 load `in[off + i]` addr=in + 4*(threadIdx.x + blockIdx.x*blockDim.x + 6) spr=5 ideal=4 eff=0.8 misaligned
  out[i] = in[(int)(i * shift)];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[(int)(i * shift)]` unknown: 'i * shift' needs the value of 'shift', a float not known here (--assume shift=VALUE gives it){{$}}
  // TOLD: [[@LINE-3]]:12 load `in[(int)(i * shift)]` {{.*}} spr=8 ideal=4 eff=0.5 strided FLAGGED coalescing-strided
}

// Negative: a float each lane loads is data, as an integer loaded there is.
__global__ void loaded(const float *w, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[(int)w[i]];
  // CHECK: [[@LINE-1]]:3 store `out[i]` {{.*}} coalesced{{$}}
  // CHECK: [[@LINE-2]]:12 load `in[(int)w[i]]` gather: depends on 'w[i]', loaded from memory{{$}}
  // CHECK: [[@LINE-3]]:20 load `w[i]` {{.*}} coalesced{{$}}
}

int main() {
  taps<<<64, 256>>>(0, 0, 9);
  scaled<<<64, 256>>>(0, 0, 4.0f);
}

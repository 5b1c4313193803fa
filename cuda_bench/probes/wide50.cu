// Stop 50's probe: wide shared loads and stores of one address, and kernels
// launched from another file (wide50_main.cu launches them). Written after
// the analyzer took a wide load of one address as served whole and followed
// launches across files, before this ran. What the GPU measured is in
// wide50.manifest.

constexpr int Threads = 256;

// An 8-byte variable of its own, every lane reads it: LDS.64.
__global__ void uniformDouble(double *out, const double *in) {
  __shared__ double d;
  unsigned tid = threadIdx.x;
  if (tid == 0)
    d = in[blockIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = d * tid;
}

// A float4 every lane reads: LDS.128.
__global__ void uniformFloat4(float *out, const float4 *in) {
  __shared__ float4 c;
  unsigned tid = threadIdx.x;
  if (tid == 0)
    c = in[blockIdx.x];
  __syncthreads();
  float4 v = c;
  out[blockIdx.x * blockDim.x + tid] = v.x * tid + v.y + v.z * v.w;
}

// A float4 the first half of each warp reads.
__global__ void halfWarpFloat4(float *out, const float4 *in) {
  __shared__ float4 c;
  unsigned tid = threadIdx.x;
  if (tid == 0)
    c = in[blockIdx.x];
  __syncthreads();
  float r = 0.f;
  if (tid % 32 < 16) {
    float4 v = c;
    r = v.x + v.y * v.z - v.w;
  }
  out[blockIdx.x * blockDim.x + tid] = r;
}

// Doubles of an array, every lane the same element at each step.
__global__ void doubleElements(double *out, const double *in, int steps) {
  __shared__ double w[64];
  unsigned tid = threadIdx.x;
  if (tid < 64)
    w[tid] = in[tid];
  __syncthreads();
  double r = 0.0;
  for (int k = 0; k < steps; ++k)
    r += w[k] * tid;
  out[blockIdx.x * blockDim.x + tid] = r;
}

// Every lane stores one float4 to one address, then one double.
__global__ void uniformStores(float *out, const float *in) {
  __shared__ float4 c;
  __shared__ double d;
  unsigned tid = threadIdx.x;
  float a = in[blockIdx.x];
  c = make_float4(a, a, a, a);
  d = a;
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = c.y + float(d);
}

// Launched from wide50_main.cu with a block of 512 and step 2.
__global__ void spreadElsewhere(float *out, int step) {
  out[blockIdx.x * 8192 + threadIdx.x * step] = 1.f;
}

// Launched from wide50_main.cu with dim3(512): 64 floats a lane apart, 16
// floats a block of 512 threads / 32.
__global__ void blockSized(float *out) {
  out[blockIdx.x * 16384 + threadIdx.x * (blockDim.x / 32)] = 2.f;
}

// Accesses whose sector counts are known by hand. test/replay-report.json describes each of them in
// cuda-coalesce's report format v1, so that `cuda-bench replay` is proven on the GPU independently of the
// analyzer; running cuda-coalesce on this file should give the same predictions.
struct Point3 {
  float x, y, z;
};

__global__ void copyUnit(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void scatterStride2(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[2 * i] = in[i];
}

__global__ void gatherStride32(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[32 * i];
}

__global__ void readPointX(const Point3 *points, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = points[i].x;
}

__global__ void readDoubleStride2(const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[2 * i];
}

__global__ void writeFloat4(float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
}

__global__ void bumpStride4(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[4 * i] += 1.0f;
}

__global__ void copyHalfWarp(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x & 31) < 16 && i < n)
    out[i] = in[i];
}

__global__ void copyBytes(const unsigned char *in, unsigned char *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void copyShorts(const short *in, short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void copyOffsetByOne(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i + 1];
}

__global__ void gatherIndexed(const float *in, const int *index, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[index[i]];
}

__global__ void readStride3(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[3 * i];
}

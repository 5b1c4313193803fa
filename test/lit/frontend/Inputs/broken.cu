// nvcc-isms clang rejects: time() without <ctime>, and a typo. The kernel
// with the error is skipped; the clean kernel after it is still analyzed.
__global__ void clean(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * 4] = in[i];
}

__global__ void typo(float *out) {
  out[threadIdx.x] = undeclared_value;
}

int main() {
  long t = time(nullptr);
  return int(t);
}

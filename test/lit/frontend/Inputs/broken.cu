// Errors in one kernel and in host code: the kernel with the error is
// skipped; the clean kernel before it is still analyzed.
__global__ void clean(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * 4] = in[i];
}

__global__ void typo(float *out) {
  out[threadIdx.x] = undeclared_value;
}

int main() {
  long t = host_helper_nobody_declared(0);
  return int(t);
}

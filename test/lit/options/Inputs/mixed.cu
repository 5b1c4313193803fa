struct P { float x, y, z; };

__global__ void mixed(const float *in, float *out, const P *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  out[i] += p[i].x;
}

int main() {
  float *a;
  P *p;
  mixed<<<1024, 256>>>(a, a, p);
}

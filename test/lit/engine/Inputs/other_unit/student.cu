// Another program's file in the same folder: it defines and launches a
// kernel of the same name as one of kernels.cu (other_unit_launches.cu).
__global__ void sameName(float *out) { out[threadIdx.x] = 1.0f; }

int main() {
  float *d;
  sameName<<<1, 512>>>(d);
}

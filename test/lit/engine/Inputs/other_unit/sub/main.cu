// Another program's launch of a kernel of the same name, in another folder
// (other_unit_launches.cu).
__global__ void elsewhere(float *out);

int main() {
  float *d;
  elsewhere<<<1, 512>>>(d);
}

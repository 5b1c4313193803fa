// Kernels whose launches are in other files (other_unit_launches.cu).

// 64 lanes' worth of spread per block: the block's size sets the stride.
__global__ void spread(float *out, int n) {
  out[threadIdx.x * (blockDim.x / 64)] = n;
}

// main.cu passes step = 2 to a parameter its prototype names stride.
__global__ void strided(float *out, int step) {
  out[threadIdx.x * step] = 0.0f;
}

// Launched here with 128 threads; main.cu's 512 does not count.
__global__ void ownLaunch(float *out) {
  out[threadIdx.x * (blockDim.x / 64)] = 0.0f;
}

// main.cu and second.cu launch it with different blocks.
__global__ void disputed(float *out) {
  out[threadIdx.x * (blockDim.x / 64)] = 0.0f;
}

// Launched only from a file of another folder.
__global__ void elsewhere(float *out) {
  out[threadIdx.x * (blockDim.x / 64)] = 0.0f;
}

// A template's specialization: main.cu's launch is not followed.
template <int N> __global__ void templated(float *out) {
  out[threadIdx.x * (blockDim.x / 64) * N] = 0.0f;
}
template __global__ void templated<1>(float *);

void launchHere(float *d) { ownLaunch<<<1, 128>>>(d); }

// student.cu defines and launches a kernel of this name: that launch is
// student.cu's own kernel's.
__global__ void sameName(float *out) {
  out[threadIdx.x * (blockDim.x / 64)] = 0.0f;
}

// dup.cu defines it too: main.cu's launch is lent to neither.
__global__ void definedTwice(float *out) {
  out[threadIdx.x * (blockDim.x / 64)] = 0.0f;
}

#pragma clang system_header
__device__ void move(const float *in, float *out, int i) { out[i * 32] = in[i * 32]; }

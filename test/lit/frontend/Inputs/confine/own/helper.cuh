__device__ inline void move(const float *in, float *out, int i) { out[i * 2] = in[i]; }

// A host-side library this machine lacks, included before other headers
// and the code's own types: the kernel below instantiates a template.
#include <omp_of_another_machine.h>
#include <type_traits>

template <class T> struct Packed {
  T v[4];
};

__global__ void scale(const float *in, float *out) {
  Packed<float> p = {{in[2 * threadIdx.x], 0, 0, 0}};
  out[threadIdx.x] = p.v[0];
}

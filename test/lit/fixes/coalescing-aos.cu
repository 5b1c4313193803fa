// An array-of-structs access gets a note with the structure-of-arrays
// layout, never an automatic rewrite: --fix leaves the file as it is.
// RUN: cp %s %t.cu
// RUN: %exitcode %coalesce --no-cache --fix %t.cu | FileCheck %s --check-prefix=RUN1
// RUN: diff %s %t.cu
// RUN: %coalesce --no-cache --format=json %s | %python -c "import json,sys; r=json.load(sys.stdin); print(sum('fix' in a for a in r['accesses']))" | FileCheck %s --check-prefix=JSON

struct Particle {
  float x, y, z;
  float mass;
};

__global__ void heavier(Particle *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].mass *= 2.0f;
}

void host(Particle *p) { heavier<<<256, 256>>>(p, 1 << 16); }

// RUN1: cuda-coalesce: applied 0 fixes
// RUN1: warning: array-of-structs load and store
// RUN1: note: the layout: struct ParticleSoA { float *x; float *y; float *z; float *mass; } (no automatic fix: every use of 'Particle', host code included, changes with it)
// RUN1: exit: 1
// JSON: {{^}}0{{$}}

// RUN: %coalesce %s 2>/dev/null | FileCheck %s --implicit-check-not=warning:

struct Particle { float x, y, z; };
struct Particle6 { float x, y, z, vx, vy, vz; };
struct Soa { float *x, *y, *z; };

__global__ void readX(const Particle *p, const Particle6 *q, float *out,
                      int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x + q[i].vx;
  // CHECK: coalescing-aos.cu:[[#@LINE-1]]:14: warning: array-of-structs load: each lane reads 4 bytes ('.x') of a 12-byte 'Particle'; 12 sectors per request where 4 would do (33.3% of fetched bytes used) [coalescing-aos]
  // CHECK: note: lane address = p + 12*(threadIdx.x + 256*blockIdx.x), assuming n = 1048576
  // CHECK-NEXT: note: store 'Particle' as a structure of arrays (one array per member) so that lane i touches x[i]: consecutive lanes, consecutive addresses
  // CHECK: coalescing-aos.cu:[[#@LINE-4]]:23: warning: array-of-structs load: each lane reads 4 bytes ('.vx') of a 24-byte 'Particle6'; 24 sectors per request where 4 would do (16.7% of fetched bytes used) [coalescing-aos]
}

__global__ void writeY(Particle *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x].y = 0.0f;
  // CHECK: coalescing-aos.cu:[[#@LINE-1]]:3: warning: array-of-structs store: each lane writes 4 bytes ('.y') of a 12-byte 'Particle'; 12 sectors per request where 4 would do (33.3% of fetched bytes used) [coalescing-aos]
}

// When the kernel reads every member, the later requests hit L1: said in a
// note, with the cost of loading the whole struct at once.
struct Node { int start; int edges; };
__global__ void visit(const Node *nodes, int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = nodes[t].start + nodes[t].edges;
  // CHECK: coalescing-aos.cu:[[#@LINE-1]]:12: warning: array-of-structs load: each lane reads 4 bytes ('.start') of a 8-byte 'Node'; 8 sectors per request where 4 would do (50% of fetched bytes used) [coalescing-aos]
  // The other member's load is the same mistake: a note, not a warning.
  // CHECK: coalescing-aos.cu:[[#@LINE-3]]:12: note: also flagged alike: 'nodes[t].edges' ([[#@LINE-3]]:29)
  // CHECK-NEXT: note: lane address = nodes + 8*(threadIdx.x + 256*blockIdx.x)
  // CHECK-NEXT: note: the kernel reads every member of 'Node' here, so the other members' requests find these sectors in L1 and DRAM traffic is not wasted; loading the whole struct at once ('Node v = nodes[i]') takes 8 sectors per request for all of it
}

// Negative: SoA arrays and a struct of pointers. (A whole-struct copy is
// not an array-of-structs member read: engine/struct_pieces.cu.)
__global__ void quiet(Soa s, const Particle *p, Particle *out, float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] = s.x[i] + s.y[i];
}

int main() {
  Particle *p;
  Particle6 *q;
  float *o;
  readX<<<4096, 256>>>(p, q, o, 1 << 20);
  writeY<<<4096, 256>>>(p);
  visit<<<4096, 256>>>(nullptr, nullptr);
  quiet<<<4096, 256>>>(Soa{o, o, o}, p, p, o);
}

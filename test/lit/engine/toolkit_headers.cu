// cuRAND's generators are followed into the toolkit's curand_kernel.h: the
// loads and stores curand_init and curand make into the state a caller
// passes (&states[id]) are the caller's accesses. Each is reported at its
// line in the header, where a profiler books it (marked toolkit_header, with
// the calls that reach it), and again on the user's call (inlined_from). A
// flagged one is shown at the user's call, in the user's terms: the header
// is no one's to fix. A 48-byte state per thread is an array of structures
// (measured on the H200 with Altis raytracing: curand_init's stores 32
// sectors per request, ideal 8). The built-in curand_kernel.h models the
// toolkit's XORWOW memory effects, so this runs without a toolkit.
// RUN: %coalesce --format=json %s > %t.json || true
// RUN: %summarize < %t.json | FileCheck %s --check-prefix=USER
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); [print(a['kernel'], a['file'].rsplit('/',1)[-1], a['line'], a['access'], a['text'], a['sectors_per_request'], a['flagged'], a.get('toolkit_header',{}).get('header'), a.get('toolkit_header',{}).get('call',{}).get('line'), len(a['call_chain'])) for a in r['accesses'] if a['file'].endswith('curand_kernel.h') and a['kernel']=='init' and a['text'].startswith('state->v[0]')]" %t.json | FileCheck %s --check-prefix=HEADER
// RUN: %coalesce %s 2>&1 | FileCheck %s --check-prefix=TEXT --implicit-check-not=warning:
// RUN: %coalesce --format=sarif %s | FileCheck %s --check-prefix=SARIF
#include <curand_kernel.h>

// Positive: curand_init writes each thread's state in place.
__global__ void init(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
  // TEXT: toolkit_headers.cu:[[#@LINE-1]]:3: warning: array-of-structs store inside 'curand_init' (curand_kernel.h:{{[0-9]+}}, 'state->d'): each lane writes 4 bytes ('.d') of a 48-byte 'curandStateXORWOW'; 32 sectors per request where 4 would do
  // TEXT-NEXT: curand_init(seed, id, 0, &states[id]);
  // TEXT-NEXT: ^~~~
  // TEXT-NEXT: note: in curand_init, called from kernel init at {{.*}}toolkit_headers.cu:[[#@LINE-4]]
  // TEXT-NEXT: also flagged alike, through the same call: {{[0-9]+}} more accesses of {{.*}}'state->boxmuller_extra_double' in curand_kernel.h
  // TEXT: note: the access is in the toolkit's curand_kernel.h:{{[0-9]+}} (in curand_init), made through the pointer this call passes
  // TEXT-NEXT: note: each thread's 'curandState' is 48 bytes, {{.*}}copy the state into a local once ('curandState s = states[id];'), pass &s, and write it back once ('states[id] = s;')
  // HEADER: init curand_kernel.h {{[0-9]+}} store state->v[0] 32 True curand_kernel.h [[#@LINE-8]] 1
  // SARIF: "text": "array-of-structs store inside 'curand_init' {{.*}} (and 5 more accesses in curand_kernel.h through this call)"
  // SARIF: "startLine": [[#@LINE-10]]
}

// Positive: curand reads and writes the state at every draw.
__global__ void draw(curandState *states, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = curand_uniform(&states[id]);
  // TEXT: toolkit_headers.cu:[[#@LINE-1]]:13: warning: strided load inside 'curand_uniform' (curand_kernel.h:{{[0-9]+}}, 'state->v[0]'): lanes are 48 bytes apart; 32 sectors per request where 4 would do
  // USER: [[#@LINE-2]]:3 store `out[id]` {{.*}} coalesced
}

// Negative: a local copy. The generator then works in registers: nothing
// inside the header touches global memory. The two copies still move the
// 48-byte state in 8-byte pieces, each lane 48 bytes from the next (the
// H200 measures 32 sectors per request, ideal 8, for Altis raytracing's
// copies): that cost stays flagged, on the user's own lines.
__global__ void drawLocal(curandState *states, float *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s = states[id];
  // USER: [[#@LINE-1]]:19 load `states[id]` {{.*}} spr=32 ideal=8 {{.*}} FLAGGED coalescing-strided
  // TEXT: toolkit_headers.cu:[[#@LINE-2]]:19: warning: strided load: lanes are 48 bytes apart; 32 sectors per request where 8 would do
  float sum = 0.f;
  for (int i = 0; i < n; ++i)
    sum += curand_uniform(&s);
  states[id] = s;
  // USER: [[#@LINE-1]]:3 store `states[id]` {{.*}} spr=32 ideal=8 {{.*}} FLAGGED coalescing-strided
  // TEXT: toolkit_headers.cu:[[#@LINE-2]]:3: warning: strided store: lanes are 48 bytes apart; 32 sectors per request where 8 would do
  out[id] = sum;
  // USER: [[#@LINE-1]]:3 store `out[id]` {{.*}} coalesced
}

// Negative: no state in global memory at all stays quiet.
__global__ void noState(float *out, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s;
  curand_init(seed, id, 0, &s);
  out[id] = curand_uniform(&s);
  // USER: [[#@LINE-1]]:3 store `out[id]` {{.*}} coalesced
}


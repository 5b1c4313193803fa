// A texel fetched with tex1Dfetch is a value read from memory: named where
// the warp fetches one, a gather index where each lane fetches its own,
// each member of a vector type on its own (Parboil bfs's 'Edge cur_edge =
// tex1Dfetch(g_graph_edge_ref, i); ... g_cost[cur_edge.x]'). The fetches
// themselves go through the texture path and are not reported.
// RUN: %coalesce --format=json %s | %summarize | FileCheck %s --implicit-check-not='{{^[0-9]+:[0-9]+ (load|store)}}'

texture<int2> edges;
texture<float> values;

__global__ void visit(int *cost, float *out) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  // Negative: each lane its own texel: a gather through it, not unknown.
  int2 e = tex1Dfetch(edges, t);
  cost[e.x] = e.y;
  // CHECK: [[@LINE-1]]:3 store `cost[e.x]` gather: depends on 'tex1Dfetch(edges, t).x', loaded from memory
  out[t] = tex1Dfetch(values, t);
  // CHECK: [[@LINE-1]]:3 store `out[t]` {{.*}} spr=4 ideal=4 eff=1 coalesced
  // Positive: one texel a block: a value the warp shares, a row start.
  int2 r = tex1Dfetch(edges, blockIdx.x);
  out[r.x * 32 + threadIdx.x] = 1.f;
  // CHECK: [[@LINE-1]]:3 store `out[r.x * 32 + threadIdx.x]` addr=out + 4*(threadIdx.x + 32*tex1Dfetch(edges, blockIdx.x).x) spr=4 ideal=4 eff=1 coalesced{{$}}
}

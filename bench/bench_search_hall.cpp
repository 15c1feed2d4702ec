// The search on the generated pillar halls of about 20,000 and 100,000 polygons (generated_level.h; the
// larger baked in tiles), ours against Detour's findPath on the same mesh and the same 64 seeded pairs,
// located as the planner locates them (seed 7). Each iteration runs one query, in turn; ours writes into
// one reused result as findPath writes into one array. The hall is baked once per size (seconds).
// "expanded" is the mean number of polygons our search pops per query. BM_IndexHall builds the mesh's
// query index (MeshIndex: locate's grid and Detour query, room for the search's edge records, the
// doors' lists), as every new mesh does on its first query (after a bake or a tile update).
#include <benchmark/benchmark.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "generated_level.h"
#include "locate.h"
#include "navmesh_build.h"
#include "random_pairs.h"
#include "search.h"

namespace {

using namespace navlab;

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "bench_search_hall: %s\n", message.c_str());
  std::exit(1);
}

struct Hall {
  NavMesh mesh;
  std::vector<SearchQuery> queries;
  std::vector<dtPolyRef> start_refs, goal_refs;
  dtNavMeshQuery detour;
  dtQueryFilter filter;  // every area costs 1, as the hall's polygons do
};

const Hall& hall(int polygons) {
  static std::map<int, std::unique_ptr<Hall>> halls;
  std::unique_ptr<Hall>& h = halls[polygons];
  if (h) return *h;
  h = std::make_unique<Hall>();
  const Scene scene = pillar_hall_scene(polygons, 1);
  Result<NavMesh> mesh = build_navmesh(scene);
  if (!mesh) die(mesh.error());
  h->mesh = std::move(mesh).value();
  if (!h->mesh.baked || !h->mesh.baked->detour) die("the hall has no Detour mesh");
  if (dtStatusFailed(h->detour.init(h->mesh.baked->detour.get(), std::clamp(h->mesh.size() + 1, 64, 65535))))
    die("Detour could not create a query");
  const LocateDef def = locate_def(scene.bake);
  for (const RandomPair& p : random_pairs(h->mesh, 64, 7)) {
    const Location s = locate(h->mesh, p.start, Endpoint::Start, def);
    const Location g = locate(h->mesh, p.goal, Endpoint::Goal, def);
    if (!s.ok() || !g.ok()) continue;
    h->queries.push_back({s.poly, g.poly, s.world(), g.world()});
    h->start_refs.push_back(h->mesh.baked->ref(s.poly));
    h->goal_refs.push_back(h->mesh.baked->ref(g.poly));
  }
  if (h->queries.empty()) die("no located pairs");
  return *h;
}

void BM_SearchHall(benchmark::State& state) {
  const Hall& h = hall(int(state.range(0)));
  const SearchDef def;
  SearchResult r;
  size_t next = 0;
  double expanded = 0.0;
  for (auto _ : state) {
    search_into(h.mesh, h.queries[next], def, nullptr, nullptr, r);
    next = (next + 1) % h.queries.size();
    expanded += r.expanded;
    benchmark::DoNotOptimize(r);
  }
  state.counters["polygons"] = h.mesh.size();
  state.counters["expanded"] = benchmark::Counter(expanded, benchmark::Counter::kAvgIterations);
}

void BM_FindPathHall(benchmark::State& state) {
  Hall& h = const_cast<Hall&>(hall(int(state.range(0))));  // findPath changes the query's node pool
  std::vector<dtPolyRef> path(size_t(h.mesh.size()));
  size_t next = 0;
  for (auto _ : state) {
    const SearchQuery& q = h.queries[next];
    const float sp[3] = {float(q.start_pos.x), float(q.start_pos.y), float(q.start_pos.z)};
    const float gp[3] = {float(q.goal_pos.x), float(q.goal_pos.y), float(q.goal_pos.z)};
    int count = 0;
    h.detour.findPath(h.start_refs[next], h.goal_refs[next], sp, gp, &h.filter, path.data(), &count, int(path.size()));
    next = (next + 1) % h.queries.size();
    benchmark::DoNotOptimize(count);
  }
  state.counters["polygons"] = h.mesh.size();
}

void BM_IndexHall(benchmark::State& state) {
  const Hall& h = hall(int(state.range(0)));
  for (auto _ : state) {
    const MeshIndex index(h.mesh);
    benchmark::DoNotOptimize(index.search_edges.empty());
  }
  state.counters["polygons"] = h.mesh.size();
}

BENCHMARK(BM_IndexHall)->Arg(20000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SearchHall)->Arg(20000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FindPathHall)->Arg(20000)->Arg(100000)->Unit(benchmark::kMicrosecond);
// One and two passes over the 64 queries, for a cache simulator to count the misses of the same queries in
// both searches, the second pass's as the difference (this machine's perf has no hardware counters;
// docs/performance.md, "The search's cache misses, simulated"): --benchmark_filter=OnePass or TwoPasses
// under valgrind --tool=callgrind --cache-sim=yes.
BENCHMARK(BM_SearchHall)->Name("BM_SearchHallOnePass")->Arg(20000)->Arg(100000)->Iterations(64);
BENCHMARK(BM_FindPathHall)->Name("BM_FindPathHallOnePass")->Arg(20000)->Arg(100000)->Iterations(64);
BENCHMARK(BM_SearchHall)->Name("BM_SearchHallTwoPasses")->Arg(20000)->Arg(100000)->Iterations(128);
BENCHMARK(BM_FindPathHall)->Name("BM_FindPathHallTwoPasses")->Arg(20000)->Arg(100000)->Iterations(128);

}  // namespace

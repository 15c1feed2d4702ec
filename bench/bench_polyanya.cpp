// The exact shortest path (Polyanya) against the usual chain (A* + portals + funnel) on the generated
// pillar halls of about 20,000 and 100,000 polygons (generated_level.h; 20,000 is the size of the
// Polyanya benchmark's Aurora mesh): each iteration plans the same 200 seeded random pairs
// (random_pairs.h, seed 1). Counters: queries per second (items), and per query the nodes Polyanya
// pops from its open list, the nodes it expands at once (a node's only successor) and the polygons A*
// expands. `navlab bench` gives the same ratio pair by pair on any scene.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "funnel.h"
#include "gates.h"
#include "generated_level.h"
#include "locate.h"
#include "navmesh_build.h"
#include "polyanya.h"
#include "portals.h"
#include "random_pairs.h"
#include "search.h"

namespace {

using namespace navlab;

constexpr int kPairs = 200;

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "bench_polyanya: %s\n", message.c_str());
  std::exit(1);
}

struct Level {
  Scene scene;
  NavMesh mesh;
  std::vector<Location> starts, goals;  // located, both on the mesh
};

const Level& level(int polygons) {
  static std::map<int, Level> levels;
  auto it = levels.find(polygons);
  if (it != levels.end()) return it->second;
  Level l;
  l.scene = pillar_hall_scene(polygons, 1);
  Result<NavMesh> mesh = build_navmesh(l.scene);
  if (!mesh) die(mesh.error());
  l.mesh = std::move(mesh).value();
  const LocateDef def = locate_def(l.scene.bake);
  for (const RandomPair& p : random_pairs(l.mesh, kPairs, 1)) {
    const Location s = locate(l.mesh, p.start, Endpoint::Start, def);
    const Location g = locate(l.mesh, p.goal, Endpoint::Goal, def);
    if (!s.ok() || !g.ok()) continue;
    l.starts.push_back(s);
    l.goals.push_back(g);
  }
  return levels.emplace(polygons, std::move(l)).first->second;
}

void BM_Polyanya(benchmark::State& state) {
  const Level& l = level(int(state.range(0)));
  const PolyanyaMeshInfo info = polyanya_mesh_info(l.mesh);
  double popped = 0, in_place = 0;
  for (auto _ : state) {
    popped = in_place = 0;
    for (size_t i = 0; i < l.starts.size(); ++i) {
      const PolyanyaResult r =
          polyanya(l.mesh, info, PolyanyaQuery{l.starts[i].point, l.goals[i].point, l.starts[i].poly, l.goals[i].poly});
      popped += r.expanded;
      in_place += r.expanded_in_place;
      benchmark::DoNotOptimize(r.length);
    }
  }
  const double n = double(l.starts.size());
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(n));
  state.counters["popped"] = popped / n;
  state.counters["in_place"] = in_place / n;
  state.counters["polygons"] = double(l.mesh.polys.size());
}

void BM_SearchPortalsFunnel(benchmark::State& state) {
  const Level& l = level(int(state.range(0)));
  SearchResult sr;
  PortalsResult pr;
  FunnelResult fr;
  double expanded = 0;
  for (auto _ : state) {
    expanded = 0;
    for (size_t i = 0; i < l.starts.size(); ++i) {
      const Location& s = l.starts[i];
      const Location& g = l.goals[i];
      search_into(l.mesh, SearchQuery{s.poly, g.poly, s.world(), g.world()}, l.scene.search, nullptr, nullptr, sr);
      expanded += sr.expanded;
      if (sr.status != Status::Complete) continue;
      build_portals_into(l.mesh, sr.corridor, s.point, g.point, g.height, sr.links, pr);
      if (pr.ok()) funnel_into(s.point, pr.portals, nullptr, fr, pr.tolerance);
      benchmark::DoNotOptimize(fr.length);
    }
  }
  const double n = double(l.starts.size());
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(n));
  state.counters["expanded"] = expanded / n;
  state.counters["polygons"] = double(l.mesh.polys.size());
}

}  // namespace

BENCHMARK(BM_Polyanya)->Arg(20000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SearchPortalsFunnel)->Arg(20000)->Arg(100000)->Unit(benchmark::kMillisecond);

// Search speed: A* and Dijkstra, with and without a trace, on the default scene (a baked office floor),
// A* on scenes/floorplan_basic.json (7 polygons: the fixed cost of a call; also into one reused result),
// search + portals + funnel on both (BM_Chain*, each into one reused result) and on a generated grid of 5,004 unit
// squares crossed by walls with doorways. Each iteration plans one query of a fixed seeded set of 64 located pairs, in
// turn; "expanded" is the mean number of nodes popped per query and "steps" the mean number of trace records.
// BM_PlanGrid5k runs the whole plan (locate to speed profile) on the grid, with and without its trace: a trace may cost
// at most 3x.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "funnel.h"
#include "locate.h"
#include "navmesh_build.h"
#include "plan.h"
#include "portals.h"
#include "random_pairs.h"
#include "scene.h"
#include "search.h"

namespace {

using namespace navlab;

struct Fixture {
  NavMesh mesh;
  std::vector<SearchQuery> queries;
  std::vector<Location> starts, goals;  // the located points of each query, for portals and funnel
};

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "bench_search: %s\n", message.c_str());
  std::exit(1);
}

// 75 x 75 unit squares; rows 4, 12, ..., 68 are walls, open at columns 6, 18, ..., 66 (doorways):
// 5,625 - 9 * 69 = 5,004 polygons, all connected.
Scene walled_grid_scene() {
  constexpr int kSide = 75;
  Scene::Navmesh def;
  for (int y = 0; y <= kSide; ++y)
    for (int x = 0; x <= kSide; ++x) def.vertices.push_back({double(x), double(y)});
  for (int y = 0; y < kSide; ++y)
    for (int x = 0; x < kSide; ++x) {
      if (y % 8 == 4 && x % 12 != 6) continue;
      const int a = y * (kSide + 1) + x;
      def.polygons.push_back({a, a + 1, a + kSide + 2, a + kSide + 1});
    }
  Scene scene;
  scene.source = std::move(def);
  scene.agent.radius = 0.0;  // unit squares: no clearance to keep from the walls
  return scene;
}

NavMesh walled_grid() {
  Result<NavMesh> mesh = build_hand_authored(std::get<Scene::Navmesh>(walled_grid_scene().source), "walled_grid");
  if (!mesh) die(mesh.error());
  return std::move(mesh).value();
}

NavMesh scene_mesh(const char* file, BakeDef& bake) {
  const std::string path = std::string(NAVLAB_SOURCE_DIR) + "/scenes/" + file;
  Result<Scene> scene = load_scene(path);
  if (!scene) die(scene.error());
  bake = scene->bake;
  Result<NavMesh> mesh = build_navmesh(scene.value());
  if (!mesh) die(mesh.error());
  return std::move(mesh).value();
}

// 64 seeded pairs, located as the planner locates them (baked meshes snap onto the mesh).
Fixture make_fixture(NavMesh mesh, const BakeDef& bake) {
  Fixture f;
  f.mesh = std::move(mesh);
  const LocateDef def = locate_def(bake);
  for (const RandomPair& p : random_pairs(f.mesh, 64, 2024)) {
    const Location s = locate(f.mesh, p.start, Endpoint::Start, def);
    const Location g = locate(f.mesh, p.goal, Endpoint::Goal, def);
    if (!s.ok() || !g.ok()) continue;
    f.queries.push_back({s.poly, g.poly, s.world(), g.world()});
    f.starts.push_back(s);
    f.goals.push_back(g);
  }
  if (f.queries.empty()) die("no located pairs");
  return f;
}

const Fixture& office() {
  static const Fixture f = [] {
    BakeDef bake;
    NavMesh mesh = scene_mesh("default.json", bake);
    return make_fixture(std::move(mesh), bake);
  }();
  return f;
}

// 7 polygons: a query expands two or three, so the fixed cost of a call shows.
const Fixture& small_plan() {
  static const Fixture f = [] {
    BakeDef bake;
    NavMesh mesh = scene_mesh("floorplan_basic.json", bake);
    return make_fixture(std::move(mesh), bake);
  }();
  return f;
}

const Fixture& grid() {
  static const Fixture f = make_fixture(walled_grid(), BakeDef{});
  return f;
}

void run_search(benchmark::State& state, const Fixture& f, Algorithm algorithm, bool traced) {
  SearchDef def;
  def.algorithm = algorithm;
  size_t next = 0;
  double expanded = 0.0, steps = 0.0;
  for (auto _ : state) {
    const SearchQuery& q = f.queries[next];
    next = (next + 1) % f.queries.size();
    if (traced) {
      SearchTrace trace;
      const SearchResult r = search(f.mesh, q, def, nullptr, &trace);
      expanded += r.expanded;
      steps += double(trace.steps.size());
      benchmark::DoNotOptimize(trace);
    } else {
      const SearchResult r = search(f.mesh, q, def);
      expanded += r.expanded;
      benchmark::DoNotOptimize(r);
    }
  }
  state.counters["polygons"] = f.mesh.size();
  state.counters["expanded"] = benchmark::Counter(expanded, benchmark::Counter::kAvgIterations);
  if (traced) state.counters["steps"] = benchmark::Counter(steps, benchmark::Counter::kAvgIterations);
}

// The whole plan on the grid, as `navlab plan` runs it, with or without its trace.
void BM_PlanGrid5k(benchmark::State& state, Algorithm algorithm, bool traced) {
  static const Scene base = walled_grid_scene();
  static const NavMesh mesh = walled_grid();
  static const std::vector<RandomPair> pairs = random_pairs(mesh, 64, 2024);
  Scene scene = base;
  scene.search.algorithm = algorithm;
  size_t next = 0;
  double steps = 0.0;
  for (auto _ : state) {
    const RandomPair& p = pairs[next];
    next = (next + 1) % pairs.size();
    PlanTrace trace;
    const PlanResult r = plan(scene, mesh, PlanRequest{p.start, p.goal, {}}, traced ? &trace : nullptr);
    steps += double(trace.search.steps.size());
    benchmark::DoNotOptimize(r);
    benchmark::DoNotOptimize(trace);
  }
  if (traced) state.counters["search_steps"] = benchmark::Counter(steps, benchmark::Counter::kAvgIterations);
}

void BM_SearchOffice(benchmark::State& state, Algorithm algorithm, bool traced) {
  run_search(state, office(), algorithm, traced);
}
void BM_SearchSmall(benchmark::State& state, Algorithm algorithm, bool traced) {
  run_search(state, small_plan(), algorithm, traced);
}
// search_into() with one result for every query, as Detour's findPath writes into one array.
void BM_SearchSmallInto(benchmark::State& state) {
  const Fixture& f = small_plan();
  const SearchDef def;
  SearchResult r;
  size_t next = 0;
  for (auto _ : state) {
    search_into(f.mesh, f.queries[next], def, nullptr, nullptr, r);
    next = (next + 1) % f.queries.size();
    benchmark::DoNotOptimize(r);
  }
}
// Search, portals and funnel into one result each, as `navlab bench` times them against findPath +
// findStraightPath.
void run_chain(benchmark::State& state, const Fixture& f) {
  const SearchDef def;
  SearchResult r;
  PortalsResult p;
  FunnelResult fu;
  size_t next = 0;
  for (auto _ : state) {
    const Location& s = f.starts[next];
    const Location& g = f.goals[next];
    search_into(f.mesh, f.queries[next], def, nullptr, nullptr, r);
    build_portals_into(f.mesh, r.corridor, s.point, g.point, g.height, r.links, p);
    if (p.ok()) funnel_into(s.point, p.portals, nullptr, fu, p.tolerance);
    next = (next + 1) % f.queries.size();
    benchmark::DoNotOptimize(fu);
  }
}
void BM_ChainOffice(benchmark::State& state) { run_chain(state, office()); }
void BM_ChainSmall(benchmark::State& state) { run_chain(state, small_plan()); }
void BM_SearchGrid5k(benchmark::State& state, Algorithm algorithm, bool traced) {
  run_search(state, grid(), algorithm, traced);
}

BENCHMARK_CAPTURE(BM_SearchOffice, astar, Algorithm::AStar, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchOffice, astar_trace, Algorithm::AStar, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchOffice, dijkstra, Algorithm::Dijkstra, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchOffice, dijkstra_trace, Algorithm::Dijkstra, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchSmall, astar, Algorithm::AStar, false)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SearchSmallInto)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ChainOffice)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ChainSmall)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchGrid5k, astar, Algorithm::AStar, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchGrid5k, astar_trace, Algorithm::AStar, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchGrid5k, dijkstra, Algorithm::Dijkstra, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchGrid5k, dijkstra_trace, Algorithm::Dijkstra, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PlanGrid5k, astar, Algorithm::AStar, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PlanGrid5k, astar_trace, Algorithm::AStar, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PlanGrid5k, dijkstra, Algorithm::Dijkstra, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PlanGrid5k, dijkstra_trace, Algorithm::Dijkstra, true)->Unit(benchmark::kMicrosecond);

}  // namespace

// Search speed: A* and Dijkstra, with and without a trace, on the default scene (a baked office floor)
// and on a generated grid of 5,004 unit squares crossed by walls with doorways. Each iteration plans
// one query of a fixed seeded set of 64 located pairs, in turn; "expanded" is the mean number of
// nodes popped per query and "steps" the mean number of trace records. BM_PlanGrid5k runs the whole
// plan (locate to speed profile) on the grid, with and without its trace: a trace may cost at most 3x.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "locate.h"
#include "navmesh_build.h"
#include "plan.h"
#include "random_pairs.h"
#include "scene.h"
#include "search.h"

namespace {

using namespace navlab;

struct Fixture {
  NavMesh mesh;
  std::vector<SearchQuery> queries;
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
  scene.source = Scene::Source::Navmesh;
  scene.navmesh = std::move(def);
  scene.agent.radius = 0.0;  // unit squares: no clearance to keep from the walls
  return scene;
}

NavMesh walled_grid() {
  Result<NavMesh> mesh = build_hand_authored(walled_grid_scene().navmesh, "walled_grid");
  if (!mesh) die(mesh.error());
  return std::move(mesh).value();
}

NavMesh default_scene_mesh(BakeDef& bake) {
  const std::string path = std::string(NAVLAB_SOURCE_DIR) + "/scenes/default.json";
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
    if (s.ok() && g.ok()) f.queries.push_back({s.poly, g.poly, s.world(), g.world()});
  }
  if (f.queries.empty()) die("no located pairs");
  return f;
}

const Fixture& office() {
  static const Fixture f = [] {
    BakeDef bake;
    NavMesh mesh = default_scene_mesh(bake);
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
void BM_SearchGrid5k(benchmark::State& state, Algorithm algorithm, bool traced) {
  run_search(state, grid(), algorithm, traced);
}

BENCHMARK_CAPTURE(BM_SearchOffice, astar, Algorithm::AStar, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchOffice, astar_trace, Algorithm::AStar, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchOffice, dijkstra, Algorithm::Dijkstra, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchOffice, dijkstra_trace, Algorithm::Dijkstra, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchGrid5k, astar, Algorithm::AStar, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchGrid5k, astar_trace, Algorithm::AStar, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchGrid5k, dijkstra, Algorithm::Dijkstra, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SearchGrid5k, dijkstra_trace, Algorithm::Dijkstra, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PlanGrid5k, astar, Algorithm::AStar, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PlanGrid5k, astar_trace, Algorithm::AStar, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PlanGrid5k, dijkstra, Algorithm::Dijkstra, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PlanGrid5k, dijkstra_trace, Algorithm::Dijkstra, true)->Unit(benchmark::kMicrosecond);

}  // namespace

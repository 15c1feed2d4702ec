// Dragging a carved obstacle across the corridor of a baked level of about 5,000 polygons: each
// iteration moves the obstacle 0.25 m, rebuilds the touched tiles (dtTileCache::update until up to
// date, plus the conversion of the rebuilt tiles and their neighbours to the NavMesh value) and
// re-plans the query through every stage (plan(): locate, search, portals, funnel; then plan_motion():
// clearance path, turns, profile).
// Target: tile update + re-plan <= 4 ms median. Counters report medians in milliseconds: *_cpu_ms is
// this thread's CPU time (the number to compare on a shared machine), *_ms without cpu is wall time.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

#include "motion.h"
#include "plan.h"
#include "tilecache.h"

namespace {

using namespace navlab;
using Clock = std::chrono::steady_clock;

// A 190 m square hall with a 1 m pillar every 5 m (1,369 pillars), Recast's default bake parameters.
Scene pillared_level() {
  Scene s;
  Scene::Floorplan& plan = s.source.emplace<Scene::Floorplan>();
  const double w = 190.0;
  plan.outline = {{0, 0}, {w, 0}, {w, w}, {0, w}};
  for (double x = 5; x < w - 1; x += 5)
    for (double y = 5; y < w - 1; y += 5) plan.holes.push_back({{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}});
  Query q;
  q.name = "across";
  q.start.plane = {2.5, 97.5};
  q.goal.plane = {187.5, 97.5};
  s.queries.push_back(q);
  return s;
}

// This thread's CPU time, ms.
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) * 1e-6;
}

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void BM_DragObstacleUpdateAndReplan(benchmark::State& state) {
  static const Scene scene = pillared_level();
  auto built = TileCache::build(scene);
  if (!built) {
    state.SkipWithError(built.error().c_str());
    return;
  }
  TileCache& cache = *built.value();
  PlanRequest req;
  req.start = scene.queries[0].start;
  req.goal = scene.queries[0].goal;
  ObstacleShape crate;
  crate.radius = 1.5;
  std::vector<double> total, update, replan, convert, converted;
  std::vector<double> total_cpu, update_cpu, replan_cpu;
  std::vector<double> rebuilt;
  int i = 0, failed = 0;
  for (auto _ : state) {
    // Back and forth across the straight corridor y = 97.5, between two pillar rows, at x = 97.5.
    const int k = i++ % 40;
    crate.center = {97.5, 92.5 + 0.25 * (k < 20 ? k : 40 - k)};
    const double c0 = cpu_ms();
    const auto t0 = Clock::now();
    if (Result<void> set = cache.set_obstacle("crate", crate); !set) {
      state.SkipWithError(set.error().c_str());
      return;
    }
    const TileUpdate u = cache.update();
    const auto t1 = Clock::now();
    const double c1 = cpu_ms();
    const NavMesh& mesh = cache.navmesh().mesh;
    const PlanResult r = plan(scene, mesh, req);
    if (r.status == Status::Complete) {
      const MotionResult m = plan_motion(mesh, r.search.corridor, r.locate.start.point, r.portals, scene.agent);
      benchmark::DoNotOptimize(m.profile.total_time);
    } else {
      ++failed;
    }
    const auto t2 = Clock::now();
    const double c2 = cpu_ms();
    update_cpu.push_back(c1 - c0);
    replan_cpu.push_back(c2 - c1);
    total_cpu.push_back(c2 - c0);
    convert.push_back(u.convert_ms);
    converted.push_back(double(u.converted_polygons));
    update.push_back(ms_between(t0, t1));
    replan.push_back(ms_between(t1, t2));
    total.push_back(ms_between(t0, t2));
    rebuilt.push_back(double(u.rebuilt_tiles.size()));
  }
  state.counters["polygons"] = double(cache.navmesh().mesh.size());
  state.counters["tiles"] = double(cache.tile_count());
  state.counters["bake_ms"] = cache.bake_ms();
  state.counters["median_total_ms"] = median(total);
  state.counters["median_update_ms"] = median(update);
  state.counters["median_replan_ms"] = median(replan);
  state.counters["median_total_cpu_ms"] = median(total_cpu);
  state.counters["median_update_cpu_ms"] = median(update_cpu);
  state.counters["median_replan_cpu_ms"] = median(replan_cpu);
  state.counters["median_convert_ms"] = median(convert);
  state.counters["median_converted_polygons"] = median(converted);
  state.counters["median_tiles_rebuilt"] = median(rebuilt);
  state.counters["failed_plans"] = double(failed);
}
BENCHMARK(BM_DragObstacleUpdateAndReplan)->Unit(benchmark::kMillisecond)->Iterations(200);

// For comparison: converting the whole tiled mesh, which is what an update cost before only the
// rebuilt tiles and their neighbours were converted again.
void BM_FullConversion(benchmark::State& state) {
  static const Scene scene = pillared_level();
  auto built = TileCache::build(scene);
  if (!built) {
    state.SkipWithError(built.error().c_str());
    return;
  }
  for (auto _ : state) {
    const TiledNavMesh m = built.value()->full_conversion();
    benchmark::DoNotOptimize(m.mesh.polys.data());
  }
  state.counters["polygons"] = double(built.value()->navmesh().mesh.size());
}
BENCHMARK(BM_FullConversion)->Unit(benchmark::kMillisecond)->Iterations(100);

}  // namespace

// Floor-plan bakes of large halls full of pillars (the performance issue's sizes): the scanline raster
// carves the pillars in time proportional to the cells, so a bake is Recast's own work. The same halls
// baked in tiles (core/navmesh/bake_tiled.h) on 1 and 2 worker threads.
//   ./build/bench/bench_bake
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

#include "bake.h"
#include "bake_tiled.h"

namespace {

// A square hall `side` m wide with `pillars` 1 m square pillars on a jittered grid.
navlab::Scene::Floorplan pillar_hall(double side, int pillars) {
  navlab::Scene::Floorplan plan;
  plan.outline = {{0, 0}, {side, 0}, {side, side}, {0, side}};
  const int per_row = int(std::ceil(std::sqrt(double(pillars))));
  const double step = side / (per_row + 1);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> jitter(-0.2 * step, 0.2 * step);
  for (int i = 0; i < pillars; ++i) {
    const double x = step * (1 + i % per_row) + jitter(rng), y = step * (1 + i / per_row) + jitter(rng);
    plan.holes.push_back({{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}});
  }
  return plan;
}

void BM_BakePillarHall(benchmark::State& state) {
  const navlab::Scene::Floorplan plan = pillar_hall(double(state.range(0)), int(state.range(1)));
  navlab::BakeDef def;
  size_t polys = 0;
  for (auto _ : state) {
    auto r = navlab::bake_floorplan(plan, def);
    if (!r) state.SkipWithError(r.error().c_str());
    else polys = r->polys.size();
  }
  state.counters["polygons"] = double(polys);
}
BENCHMARK(BM_BakePillarHall)->Args({200, 1500})->Args({400, 6000})->Iterations(1)->Unit(benchmark::kMillisecond);

// Arguments: side (m), pillars, tile_size (cells), worker threads.
void BM_BakePillarHallTiled(benchmark::State& state) {
  const navlab::Scene::Floorplan plan = pillar_hall(double(state.range(0)), int(state.range(1)));
  navlab::BakeDef def;
  def.tile_size = int(state.range(2));
  const navlab::TiledBakeRun run{int(state.range(3)), nullptr};
  size_t polys = 0;
  for (auto _ : state) {
    auto r = navlab::bake_floorplan_tiled(plan, def, run);
    if (!r) state.SkipWithError(r.error().c_str());
    else polys = r->polys.size();
  }
  state.counters["polygons"] = double(polys);
}
BENCHMARK(BM_BakePillarHallTiled)
    ->Args({200, 1500, 64, 1})
    ->Args({400, 6000, 64, 1})
    ->Args({400, 6000, 64, 2})
    ->Args({400, 6000, 128, 1})
    ->Args({400, 6000, 128, 2})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace

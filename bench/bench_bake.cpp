// Floor-plan bakes of large halls full of pillars (the performance issue's sizes): the scanline raster
// carves the pillars in time proportional to the cells, so a bake is Recast's own work. The same halls
// baked in tiles (core/navmesh/bake_tiled.h) on 1 and 2 worker threads; and the crate yards of `navlab
// bench --large N --large-kind mesh` (3D triangle soups, as a level file gives them) of about 20,000
// polygons in one tile and 100,000 in tiles of 128 cells.
//   ./build/bench/bench_bake
#include <benchmark/benchmark.h>

#include "bake.h"
#include "bake_tiled.h"
#include "generated_level.h"

namespace {

// A square hall `side` m wide with `pillars` 1 m square pillars on a jittered grid (generated_level.h).
navlab::Scene::Floorplan pillar_hall(double side, int pillars) { return navlab::pillar_hall(side, pillars, 5); }

void BM_BakePillarHall(benchmark::State& state) {
  const navlab::Scene::Floorplan plan = pillar_hall(double(state.range(0)), int(state.range(1)));
  navlab::BakeDef def;
  size_t polys = 0;
  for (auto _ : state) {
    auto r = navlab::bake_floorplan(plan, def);
    if (!r)
      state.SkipWithError(r.error().c_str());
    else
      polys = r->polys.size();
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
    if (!r)
      state.SkipWithError(r.error().c_str());
    else
      polys = r->polys.size();
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

// Argument: the polygons asked of crate_yard_scene (tiled above 25,000, as the bench bakes it).
void BM_BakeCrateYard(benchmark::State& state) {
  const navlab::GeneratedMesh yard = navlab::crate_yard_scene(int(state.range(0)), 1);
  size_t polys = 0;
  for (auto _ : state) {
    auto r = yard.scene.bake.tile_size > 0 ? navlab::bake_triangles_tiled(yard.soup, yard.scene.bake)
                                           : navlab::bake_triangles(yard.soup, yard.scene.bake);
    if (!r)
      state.SkipWithError(r.error().c_str());
    else
      polys = r->polys.size();
  }
  state.counters["polygons"] = double(polys);
  state.counters["triangles"] = double(yard.soup.tris.size());
}
BENCHMARK(BM_BakeCrateYard)->Arg(20000)->Arg(100000)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

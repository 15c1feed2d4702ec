// Locate beside Detour's findNearestPoly, point by point, on the default scene (a baked office floor),
// on scenes/mesh_level.json (a baked OBJ level) and on a generated pillar hall of about 20,000
// polygons. Each iteration locates one point of a fixed seeded set of 256 (random_pairs' starts and
// goals), in turn; Detour gets the same point and search box (locate_def of the scene's bake).
#include <benchmark/benchmark.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "generated_level.h"
#include "locate.h"
#include "navmesh_build.h"
#include "random_pairs.h"
#include "scene.h"

namespace {

using namespace navlab;

struct Fixture {
  NavMesh mesh;
  LocateDef def;
  std::vector<ScenePoint> points;
};

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "bench_locate: %s\n", message.c_str());
  std::exit(1);
}

Fixture make_fixture(const Scene& scene) {
  Fixture f;
  Result<NavMesh> mesh = build_navmesh(scene);
  if (!mesh) die(mesh.error());
  f.mesh = std::move(mesh).value();
  f.def = locate_def(scene.bake);
  for (const RandomPair& p : random_pairs(f.mesh, 128, 2024)) {
    f.points.push_back(p.start);
    f.points.push_back(p.goal);
  }
  if (f.points.empty()) die("no points");
  return f;
}

Fixture scene_fixture(const char* name) {
  Result<Scene> scene = load_scene(std::string(NAVLAB_SOURCE_DIR) + "/scenes/" + name);
  if (!scene) die(scene.error());
  return make_fixture(scene.value());
}

const Fixture& office() {
  static const Fixture f = scene_fixture("default.json");
  return f;
}
const Fixture& level() {
  static const Fixture f = scene_fixture("mesh_level.json");
  return f;
}
const Fixture& hall() {
  static const Fixture f = make_fixture(pillar_hall_scene(20000, 1));
  return f;
}

void run_locate(benchmark::State& state, const Fixture& f) {
  size_t next = 0;
  for (auto _ : state) {
    const Location loc = locate(f.mesh, f.points[next], Endpoint::Start, f.def);
    next = (next + 1) % f.points.size();
    benchmark::DoNotOptimize(loc);
  }
  state.counters["polygons"] = f.mesh.size();
}

void run_detour(benchmark::State& state, const Fixture& f) {
  std::unique_ptr<dtNavMeshQuery, void (*)(dtNavMeshQuery*)> query(dtAllocNavMeshQuery(), dtFreeNavMeshQuery);
  if (dtStatusFailed(query->init(f.mesh.baked->detour.get(), 64))) die("Detour query");
  const dtQueryFilter filter;
  const float ext[3] = {float(f.def.half_extent_xz), float(f.def.half_extent_y), float(f.def.half_extent_xz)};
  size_t next = 0;
  for (auto _ : state) {
    const Vec3 w = f.points[next].world();
    next = (next + 1) % f.points.size();
    const float c[3] = {float(w.x), float(w.y), float(w.z)};
    dtPolyRef ref = 0;
    float nearest[3];
    benchmark::DoNotOptimize(query->findNearestPoly(c, ext, &filter, &ref, nearest));
    benchmark::DoNotOptimize(ref);
  }
  state.counters["polygons"] = f.mesh.size();
}

BENCHMARK_CAPTURE(run_locate, office, office());
BENCHMARK_CAPTURE(run_detour, office, office());
BENCHMARK_CAPTURE(run_locate, mesh_level, level());
BENCHMARK_CAPTURE(run_detour, mesh_level, level());
BENCHMARK_CAPTURE(run_locate, hall20k, hall());
BENCHMARK_CAPTURE(run_detour, hall20k, hall());

}  // namespace

// `navlab bench`'s "bake": the level's own bake beside Recast's own build of the same level.
#include <algorithm>
#include <thread>

#include "bake.h"
#include "bake_reference.h"
#include "bake_tiled.h"
#include "cli_bench.h"
#include "level_file.h"
#include "navmesh_build.h"

namespace navlab::cli::bench {

Result<NavMesh> bake_level(const Scene& scene, const ObjMesh* soup) {
  if (!soup) return build_navmesh(scene);
  return scene.bake.tile_size > 0 ? bake_triangles_tiled(*soup, scene.bake) : bake_triangles(*soup, scene.bake);
}

namespace {

// Recast's own build of the level: from its triangles (`soup`, or the scene's level file) or its floor plan.
Result<ReferenceBake> recast_bake(const Scene& scene, const ObjMesh* soup) {
  if (const Scene::Floorplan* f = scene.floorplan_source()) return recast_reference_bake(*f, scene.bake);
  if (soup) return recast_reference_bake(*soup, scene.bake);
  const Result<ObjMesh> read = read_level(std::get<Scene::Mesh>(scene.source), scene.path);  // baked: a level
  if (!read) return Result<ReferenceBake>::fail(read.error());
  return recast_reference_bake(read.value(), scene.bake);
}

}  // namespace

std::optional<BakeTimes> time_bakes(const Scene& scene, const NavMesh& loaded, const ObjMesh* soup) {
  if (!traits(scene.kind()).baked || !loaded.baked) return std::nullopt;
  BakeTimes t;
  t.ms = loaded.baked->bake_ms;
  if (!loaded.baked->tile_first.empty()) {  // Detour's tile slots: -1 for a slot with no polygon
    t.tiles = int(std::count_if(loaded.baked->tile_first.begin(), loaded.baked->tile_first.end(),
                                [](int first) { return first >= 0; }));
    t.threads = std::clamp(int(std::thread::hardware_concurrency()), 1, std::max(1, t.tiles));
  }
  const Result<ReferenceBake> recast = recast_bake(scene, soup);
  if (recast)
    t.recast = recast.value();
  else
    t.recast_note = recast.error();
  // Ours once more, after Recast's: the load's bake ran first, on a cold heap and cold caches.
  if (const Result<NavMesh> again = bake_level(scene, soup); again && again->baked)
    t.ms = std::min(t.ms, again->baked->bake_ms);
  return t;
}

}  // namespace navlab::cli::bench

// Tiled bake: the floor plan or level of core/navmesh/bake.h baked as a grid of square Detour tiles
// (RecastDemo's Sample_TileMesh), the tiles built in parallel on worker threads, then joined in one
// dtNavMesh and converted to the NavMesh value (core/navmesh/tiled_convert.h).
//
// A single-tile bake indexes vertices with 16 bits (at most 65,534) and runs on one thread; tiles lift
// both limits. Each tile is baked over its bounds plus a border of agent_radius + 3 cells, as
// RecastDemo does, so erosion and regions near a tile's edge see the walls of the next tile and the
// tiles meet edge to edge. Polygons differ from the single-tile bake's (tile borders cut them) but
// cover the same walkable area.
//
// The NavMesh keeps the Detour mesh (NavMesh::baked): polygon i is Detour's polygon baked->refs[i]
// (tiles in order y, then x; polygons in tile order), and baked->poly_of(ref) maps a reference back, so
// Detour queries (locate, findPath) run on exactly the same polygons. Door polygons carry the area
// painted beneath them in Detour and name their door in the NavMesh, as in the single-tile bake.
#pragma once

#include <vector>

#include "bake.h"
#include "navmesh.h"
#include "obj.h"
#include "result.h"
#include "scene.h"

namespace navlab {

// How a tiled bake runs.
struct TiledBakeRun {
  int threads = 0;                   // worker threads; 0: std::thread::hardware_concurrency()  [Limit: >= 0]
  BakeProgress* progress = nullptr;  // optional; read and written from the workers
};

// Bakes `plan` (checked already, as for bake_floorplan) into tiles of bake.tile_size cells per side.
// Errors: as bake_floorplan's, "bake.tile_size must be ...", too many tiles or a tile with too many
// vertices for Detour, a link whose ends lie more than one tile apart (Detour cannot join it), and
// "bake cancelled after K of N tiles". Links are baked as in bake_floorplan: each is stored in the tile
// its start lies in (core/navmesh/offmesh_links.h) and NavMesh::links holds them all, in scene order. `trace` receives
// the phases "tiles" (the parallel Recast and Detour tile builds) and "detour" (joining and converting the tiles).
Result<NavMesh> bake_floorplan_tiled(const Scene::Floorplan& plan, const BakeDef& bake, const TiledBakeRun& run = {},
                                     std::vector<BakeStep>* trace = nullptr, const std::vector<Door>& doors = {},
                                     const std::vector<LinkDef>& links = {});

// Bakes a 3D triangle soup (as bake_triangles, with its area volumes) into tiles of bake.tile_size cells
// per side.
Result<NavMesh> bake_triangles_tiled(const ObjMesh& soup, const BakeDef& bake, const TiledBakeRun& run = {},
                                     std::vector<BakeStep>* trace = nullptr, const std::vector<Door>& doors = {},
                                     const std::vector<AreaVolume>& areas = {}, const std::vector<LinkDef>& links = {});

}  // namespace navlab

// Recast bake of a floor plan or an OBJ triangle soup into a single-tile Detour mesh, converted to the
// NavMesh value: polygon index i here is Detour's polygon index i in the tile (ref = base_ref | i).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "navmesh.h"
#include "obj.h"
#include "result.h"
#include "scene.h"

namespace navlab {

// One phase of a bake (rasterize, filter, erode, regions, contours, polygons, detail, detour).
struct BakeStep {
  std::string phase;
  double ms = 0.0;    // wall-clock time of the phase, milliseconds
  long count = 0;     // what the phase produced (spans, regions, polygons, ...)
  std::string unit;   // what `count` counts
  std::string describe() const;  // e.g. "erode: 1520 walkable spans left after eroding (0.41 ms)."
};

// Bakes a floor plan: the outline minus the holes becomes a thin walkable slab at height 0 (world
// (x, 0, -y)); Recast voxelises it, erodes it by bake.agent_radius and builds polygons. Painted areas
// (scene floorplan.areas, later ones on top) give polygons their area; unpainted floor is "default".
// The plan must be valid already (check_floorplan). Errors: "the bake produced no polygons: ...",
// Recast/Detour failures, bad bake parameters.
Result<NavMesh> bake_floorplan(const Scene::Floorplan& plan, const BakeDef& bake,
                               std::vector<BakeStep>* trace = nullptr);

// Bakes a 3D triangle soup (world coordinates, y up). Triangles whose slope is within
// bake.agent_max_slope and whose winding is counter-clockwise seen from above are walkable.
// The result has is3d = true and one world height per vertex.
Result<NavMesh> bake_triangles(const ObjMesh& soup, const BakeDef& bake, std::vector<BakeStep>* trace = nullptr);

// The NavMesh value of a single-tile Detour mesh (`baked->detour`, tile 0): polygon i is Detour's
// polygon i, vertices in the plane (heights kept when `is3d`), area ids mapped to `area_names`
// (Recast's RC_WALKABLE_AREA is area 0). Sets baked->base_ref.
NavMesh navmesh_from_tile(std::shared_ptr<BakedNavMesh> baked, bool is3d, std::vector<std::string> area_names);

// Even-odd point-in-polygon test for a closed ring (either winding). Points exactly on the boundary may
// go either way.
bool point_in_ring(Vec2 p, const std::vector<Vec2>& ring);

}  // namespace navlab

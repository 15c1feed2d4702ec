// Recast's own build of a level, as RecastDemo's Solo Mesh sample makes it (or, with bake.tile_size > 0,
// its Tile Mesh sample, tile by tile on one thread): rasterise, the three span filters, the compact
// heightfield, erode, regions, contours, the polygon mesh, the detail mesh and Detour's tile data (added
// to one Detour navmesh when tiled), with the level's bake settings (recast_params) and nothing of navlab's: no
// per-cell carving, painted areas, doors or off-mesh links, and no conversion to a NavMesh. `navlab bench` times it
// beside the level's own bake, so the cost of what navlab adds to Recast is printed, not guessed.
#pragma once

#include "navmesh.h"
#include "obj.h"
#include "result.h"
#include "scene.h"

namespace navlab {

struct ReferenceBake {
  double ms = 0.0;   // wall clock from the heightfield's allocation to Detour's tile data
  int polygons = 0;  // polygons of Recast's polygon meshes
  int tiles = 1;     // tiles holding polygons
};

// Recast on a level's triangles. Errors: the level cannot be baked with `def`, or Recast fails (a
// polygon mesh of more than 65,535 vertices in one tile: Recast's limit).
Result<ReferenceBake> recast_reference_bake(const ObjMesh& soup, const BakeDef& def);

// Recast on a floor plan as RecastDemo would be given it: the outline's rectangle as a floor slab, each
// hole cleared before erosion as a convex volume of no area (rcMarkConvexPolyArea). Errors besides the
// above: an outline that is not an axis-aligned rectangle, or a hole that is not convex (a convex volume
// cannot clear it).
Result<ReferenceBake> recast_reference_bake(const Scene::Floorplan& plan, const BakeDef& def);

}  // namespace navlab

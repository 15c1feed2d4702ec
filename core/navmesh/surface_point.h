// The navmesh's surface under a point of the planning plane: which polygon, and its world height there.
// This is how a point picked in a view (the mouse over the 2D view, or a 3D view's ray hit) becomes a
// scene point on the mesh: a 3D level's link ends, area corners and query points carry the height of the
// floor they were put on.
#pragma once

#include <optional>

#include "geom.h"
#include "navmesh.h"

namespace navlab {

struct SurfacePoint {
  int poly = -1;        // the polygon under the point; -1: none contains it
  double height = 0.0;  // world height of the surface there (3D meshes; 0 on 2D meshes and off the mesh)
  bool on_mesh() const { return poly >= 0; }
};

// The surface of `mesh` under plane point `p`, among the polygons that contain it (within
// locate_tolerance): with `near_height` the one whose surface is nearest that height (a 3D pick that
// knows the floor it hit), otherwise the highest (what a view from above sees). The height is Detour's
// detail-mesh height for baked meshes (dtNavMeshQuery::getPolyHeight), the polygon's plane through its
// corners otherwise. Graph meshes have no surface: always off the mesh.
SurfacePoint surface_at(const NavMesh& mesh, Vec2 p, std::optional<double> near_height = std::nullopt);

}  // namespace navlab

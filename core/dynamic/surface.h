// Motion over the surface of a polygon mesh, as the follower uses it: its moves (sliding along walls,
// never leaving the mesh), its on-mesh tests and how it finds its polygon again after the mesh changed.
#pragma once

#include <vector>

#include "geom.h"
#include "navmesh.h"
#include "search.h"

namespace navlab {

// One move of the agent's centre over the surface of a polygon mesh, as Detour's
// dtNavMeshQuery::moveAlongSurface does on its polygons: a breadth-first walk from polygon `poly` over
// the edges `filter` leaves open, limited to the circle around the move. When `to` lies in a reached
// polygon the move ends there; otherwise it ends at the point of the reached walls (mesh borders, edges a
// closed door covers, edges into excluded polygons) nearest to `to`, kWallInset inside its polygon: the
// agent slides along the wall and never leaves the mesh. The move never ends farther from `from` than
// `to` (a slide round a convex wall corner is shortened to that length, or goes straight towards it as
// far as it reaches), so a move is never faster than asked. Graph meshes: the move is not constrained.
struct SurfaceMove {
  Vec2 pos;               // m, where the move ends
  int poly = -1;          // polygon it ends in
  bool hit_wall = false;  // `to` was not reachable: stopped or deflected by a wall
};
constexpr double kWallInset = 1e-4;  // m; a move stopped by a wall ends this far inside its polygon
SurfaceMove move_along_surface(const NavMesh& mesh, const SearchFilter& filter, int poly, Vec2 from, Vec2 to);

// Point-in-convex-polygon tolerance: twice a triangle's area, m² (a point this far outside an edge is in).
constexpr double kInsideTolerance = 1e-9;

// `v` scaled to length 1, or zero when it is shorter than tol::kTinyLength.
Vec2 normalized(Vec2 v);

// Whether `p` lies in the convex counter-clockwise `ring` / polygon `poly` of `m` (edges included).
bool inside_ring(const std::vector<Vec2>& ring, Vec2 p);
bool in_polygon(const NavMesh& m, int poly, Vec2 p);

// Whether `p` lies in some polygon of `m` (graph meshes: always).
bool on_mesh(const NavMesh& m, Vec2 p);

// Whether `p` can be stood on: inside a polygon the walls (closed doors, excluded areas) leave open.
bool passable(const NavMesh& m, const SearchFilter& walls, Vec2 p);

// The polygon the agent stands in, found again when `poly` no longer contains `pos` (tiles rebuilt, a
// new plan): the lowest polygon containing it; -1 when none does (the agent is off the mesh: it is never
// moved onto it here) and on graph meshes.
int settle(const NavMesh& m, Vec2 pos, int poly);

// Whether the straight line from `from` (in polygon `poly`) to `to` stays on the mesh: walked over the
// surface in hops of kSightHop, none of them stopped by a wall (a mesh border or a closed door), after a
// first probe kSightProbe long (a hop may pass a wall corner within its search circle that a short
// move, such as a step starting from rest, cannot: the direction must suit both).
constexpr double kSightHop = 0.05;    // m
constexpr double kSightProbe = 1e-3;  // m
bool in_sight(const NavMesh& m, const SearchFilter& walls, int poly, Vec2 from, Vec2 to);

}  // namespace navlab

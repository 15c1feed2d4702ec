// Locate: the first stage of every query. Finds the polygon (or graph node) a query point is on.
//
//   hand-authored meshes: point-in-convex-polygon with a tolerance of 1e-7 × the mesh extent (at least
//     1 m), so points on edges and vertices are on the mesh; a point on a shared edge or vertex goes to
//     the lowest polygon index that contains it (deterministic).
//   baked meshes: Detour's findNearestPoly with the agent's half extents (LocateDef: horizontal
//     bake.agent_radius, vertical bake.agent_height), so a point the agent's body overlaps the walkable
//     area from is located and snapped onto the mesh; ties on shared edges go to the lowest index too.
//   graphs: the point names a node id.
// What locate derives from the mesh (a grid of polygon candidates, the tolerance, the node ids, a Detour
// query) is kept with it (core/navmesh/query_cache.h); the answers are those of the rules above.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "enum_names.h"
#include "navmesh.h"
#include "result.h"
#include "scene.h"

namespace navlab {

enum class Endpoint { Start, Goal };  // which failure reason an off-mesh point gives

// Search box for baked meshes (Detour half extents), metres.
struct LocateDef {
  double half_extent_xz = 0.6;  // horizontal; a point farther than this from the mesh is off it
  double half_extent_y = 2.0;   // vertical (3D scenes; 2D scenes are at height 0)
  // Baked meshes: polygons a point may not be located on (closed doors' polygons), sorted. A point on
  // one goes to the nearest point of another polygon within the box.
  std::vector<int> excluded;
};
// The agent's extents for a baked mesh: horizontal bake.agent_radius (at least one cell),
// vertical bake.agent_height.
LocateDef locate_def(const BakeDef& bake);

struct Location {
  int poly = -1;                   // polygon (or graph node) index; -1 with `failure` set when off the mesh
  Vec2 point;                      // the located point in the plane (snapped onto the mesh for baked meshes)
  double height = 0.0;             // world height of `point` (3D meshes; else 0)
  std::optional<Failure> failure;  // stage "locate", reason start_off_mesh / goal_off_mesh
  bool ok() const { return poly >= 0; }
  Vec3 world() const { return to_world(point, height); }
};

// By which rule a point was located; names (to_string): "point in polygon", "detour nearest poly",
// "node id".
enum class LocateMethod { PointInPolygon, DetourNearestPoly, NodeId };
inline constexpr Named<LocateMethod> kLocateMethodNames[] = {
    {LocateMethod::PointInPolygon, "point in polygon"},
    {LocateMethod::DetourNearestPoly, "detour nearest poly"},
    {LocateMethod::NodeId, "node id"},
};
static_assert(names_cover(kLocateMethodNames, LocateMethod::NodeId));
inline const char* to_string(LocateMethod v) { return name_in(kLocateMethodNames, v); }

// One recorded locate decision.
struct LocateStep {
  Endpoint which = Endpoint::Start;
  Vec2 query;            // the point asked for
  int poly = -1;         // result (-1: off the mesh)
  Vec2 point;            // where it landed
  double snapped = 0.0;  // m moved onto the mesh (baked meshes)
  LocateMethod method = LocateMethod::PointInPolygon;
  std::string node_id;  // graph meshes: the node id the query names (`query` and `point`: its position)
  std::string describe() const;
};

// Locates `p`. Never fails except as a value: Location::failure names start_off_mesh / goal_off_mesh.
Location locate(const NavMesh& mesh, const ScenePoint& p, Endpoint which, const LocateDef& def = {},
                std::vector<LocateStep>* trace = nullptr);

// Hand-authored rule on any polygon mesh: the lowest polygon index whose convex polygon contains p
// within `tolerance` metres, or -1. A scan of every polygon; locate() gets the same answer from the
// mesh's grid (core/navmesh/polygon_grid.h).
int polygon_containing(const NavMesh& mesh, Vec2 p, double tolerance);

// The containment tolerance used for `mesh`: 1e-7 × max(1, largest extent of its vertices), metres.
double locate_tolerance(const NavMesh& mesh);

}  // namespace navlab

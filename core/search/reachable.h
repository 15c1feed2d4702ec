// The `unreachable_goal: nearest_reachable` policy: when the goal cannot be reached, head for
// the nearest point the agent can reach instead, as a partial result that keeps the original failure.
// This is a product decision, not a navmesh rule, so it is bounded and explicit:
//   radius             only polygons within this distance of the goal point qualify (m);
//   require_connected  only polygons reachable from the start (under the doors and areas in force)
//                      qualify; when false the nearest polygon of any part qualifies, and if it cannot
//                      be reached the query still fails with its original reason.
#pragma once

#include <optional>
#include <vector>

#include "geom.h"
#include "navmesh.h"
#include "scene.h"
#include "search.h"

namespace navlab {

// Where the agent heads instead of the goal.
struct Substitute {
  int poly = -1;           // polygon / graph node
  Vec2 point;              // closest point of that polygon to the goal, in the plane (graph: node position)
  double height = 0.0;     // world height of `point` (3D meshes)
  double distance = 0.0;   // from the goal point, m (in the plane)
  bool reachable = false;  // connected to the start under the filter
  Vec3 world() const { return to_world(point, height); }
};

// Every polygon/node reachable from `start` without blocked links or nodes (start included).
std::vector<char> reachable_from(const NavMesh& mesh, int start, const SearchFilter* filter);

// The closest point of polygon `poly` to `p` (p itself when inside), with its interpolated height.
Vec2 closest_point_on_polygon(const NavMesh& mesh, int poly, Vec2 p, double* height = nullptr);

// The substitute goal for `goal` under `policy`, or nullopt when no polygon qualifies.
std::optional<Substitute> nearest_reachable(const NavMesh& mesh, int start, Vec2 goal, const UnreachablePolicy& policy,
                                            const SearchFilter* filter);

}  // namespace navlab

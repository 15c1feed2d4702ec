// Portals: the shared edge of each pair of consecutive corridor polygons, ordered by the direction of
// travel, plus the naive midpoint path.
//
// Orientation: polygons are counter-clockwise in the planning plane, so walking from polygon A into
// polygon B across the edge (v[i], v[i+1]) of A, `left` is v[i+1] and `right` is v[i]. The seeds'
// cross product applies literally: cross(right - p, left - p) > 0 for a point p before the portal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "geom.h"
#include "navmesh.h"
#include "result.h"

namespace navlab {

// What a portal is. An off-mesh link in the corridor is two degenerate portals (left == right), as
// Detour's findStraightPath reads an off-mesh connection: its takeoff point, then its landing point.
enum class PortalKind { Edge, Takeoff, Landing };

// One portal of a corridor. The last portal of a corridor is the degenerate goal portal
// (left == right == goal, from_poly == to_poly == the last corridor polygon).
struct Portal {
  Vec2 left;                  // planning plane, m
  Vec2 right;                 // planning plane, m
  int from_poly = -1;         // polygon before the portal (-1 for a free-standing portal list)
  int to_poly = -1;           // polygon after the portal
  double left_height = 0.0;   // world height of `left` (3D meshes; 0 otherwise), m
  double right_height = 0.0;  // world height of `right`, m
  PortalKind kind = PortalKind::Edge;
  int link = -1;  // Takeoff / Landing: the NavMesh::links index (from_poly, to_poly: its two ends)
  friend bool operator==(const Portal&, const Portal&) = default;
};

// Portals of a corridor, or why they could not be built. On failure `portals` is empty and
// `failure->stage` is "portals" with reason one of: "empty_corridor", "bad_polygon" (an id out of
// range), "not_adjacent" (consecutive polygons share no edge), "portal_mismatch" (the shared edge does
// not join the two polygons: its ends are not vertices of both), "portal_order" (left/right order
// inconsistent with the direction of travel).
struct PortalsResult {
  std::vector<Portal> portals;  // corridor.size() - 1 shared edges, then the goal portal
  double tolerance = 0.0;       // geometry_tolerance(start, portals), for the funnel (0 on failure)
  std::optional<Failure> failure;
  bool ok() const { return !failure.has_value(); }
};

// Builds and validates the portals of `corridor` (polygon ids of `mesh`, in travel order) from `start`
// (in corridor[0]) to `goal` (in corridor.back()); points in the planning plane, m. A corridor of one
// polygon gives only the goal portal. Never swaps a mis-ordered portal: that is a failure value.
// `goal_height` is the goal's world height (3D meshes), copied into the goal portal.
// `links` (the search's, SearchResult::links: links[k] joins corridor[k] and corridor[k + 1]) tells
// where the corridor crosses an off-mesh link (NavMesh::crossing): there a Takeoff and a Landing portal
// stand for the shared edge. Without it every step crosses a shared edge.
PortalsResult build_portals(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start, Vec2 goal,
                            double goal_height = 0.0, const std::vector<int>& links = {});
// build_portals() into `out`, overwritten whole: its portal list keeps its capacity, so a caller that
// builds again and again with one result allocates nothing once it is large enough.
void build_portals_into(const NavMesh& mesh, const std::vector<int>& corridor, Vec2 start, Vec2 goal,
                        double goal_height, const std::vector<int>& links, PortalsResult& out);

// The two portals of crossing off-mesh link `c` of `mesh` (takeoff at the end left, landing at the end
// reached; both degenerate).
std::vector<Portal> link_portals(const NavMesh& mesh, LinkCrossing c);

// Appends the degenerate goal portal (left == right == goal) to a free-standing portal list.
std::vector<Portal> with_goal_portal(std::vector<Portal> portals, Vec2 goal, double goal_height = 0.0);

// Checks the left/right order of a portal list (the goal portal included) against the direction of
// travel from `start`: the point before each portal (start, or the previous portal's midpoint) must not
// lie on its far side and the point after it (the next portal's midpoint) must not lie on its near
// side. A reversed portal flips the sign of cross(right - p, left - p): it is rejected, reason
// "portal_order", naming the portal index. Returns nullopt when consistent.
std::optional<Failure> check_portal_order(Vec2 start, const std::vector<Portal>& portals);

// The naive baseline: start, then the midpoint of every portal (the goal portal's midpoint is the goal).
std::vector<Vec2> midpoint_path(Vec2 start, const std::vector<Portal>& portals);
// midpoint_path() into `out` (emptied first; its capacity kept).
void midpoint_path_into(Vec2 start, const std::vector<Portal>& portals, std::vector<Vec2>& out);

// Sum of segment lengths of a polyline, m.
double path_length(const std::vector<Vec2>& path);

// Length tolerance for the start and a portal list: 1e-9 times the larger of their bounding-box
// diagonal and their largest absolute coordinate (at least 1e-9 m). Vertex equality and near-zero
// cross products (|cross(a, b)| <= tol * max(|a|, |b|): within tol of collinear) use it.
double geometry_tolerance(Vec2 start, const std::vector<Portal>& portals);

}  // namespace navlab

// The raycast stage: a straight walk along the navmesh surface from a point of one polygon towards an
// end point, polygon by polygon, until it reaches the end or meets a wall (Detour's
// dtNavMeshQuery::raycast, which RecastDemo's `rc` test lines call).
//
// In each polygon the segment start -> end is clipped to the polygon (a convex polygon is the meet of
// the half-planes left of its counter-clockwise edges): the ray leaves the polygon at the parameter t
// where it crosses the edge that bounds it first. The end inside the polygon means the ray is clear.
// Otherwise the edge it leaves over decides: a shared edge into a polygon the filter allows leads on;
// a wall (no neighbour) stops it, and so does an edge the filter bars (a closed door, an excluded area),
// which Detour's filter makes a wall too. t is the fraction of start -> end covered, in the planning
// plane; the walk is 2D, as Detour's: heights play no part but the hit point's, which is taken on the
// surface of the polygon it stops in (as RecastDemo's test tool asks getPolyHeight).
// Off-mesh links are not edges: a ray never takes one (Detour's raycast skips them too).
#pragma once

#include <string>
#include <vector>

#include "enum_names.h"
#include "geom.h"
#include "navmesh.h"
#include "search.h"

namespace navlab {

// One ray: `start` lies in polygon `start_poly` (a valid polygon of a polygon mesh); planning plane, m.
struct RaycastQuery {
  int start_poly = -1;
  Vec2 start;
  Vec2 end;
};

// How a ray ended. Clear: it reached its end. Wall: it met a polygon edge with no neighbour. Blocked: the
// edge it met leads to a polygon (or over a connection) the filter bars. Missed: the ray does not cross
// its start polygon at all (a start outside it): it stops at its start, t = 0.
enum class RaycastOutcome { Clear, Wall, Blocked, Missed };
inline constexpr Named<RaycastOutcome> kRaycastOutcomeNames[] = {
    {RaycastOutcome::Clear, "clear"},
    {RaycastOutcome::Wall, "wall"},
    {RaycastOutcome::Blocked, "blocked"},
    {RaycastOutcome::Missed, "missed"},
};
static_assert(names_cover(kRaycastOutcomeNames, RaycastOutcome::Missed));
inline const char* to_string(RaycastOutcome v) { return name_in(kRaycastOutcomeNames, v); }

struct RaycastResult {
  RaycastOutcome outcome = RaycastOutcome::Missed;
  double t = 0.0;           // the fraction of start -> end covered, 0..1 (1 when clear)
  Vec2 hit;                 // where the ray stops (the end when clear), planning plane, m
  double hit_height = 0.0;  // world height of `hit` on the surface of polys.back() (3D meshes; else 0), m
  Vec2 normal;              // Wall / Blocked: unit normal of the edge met, pointing into its polygon
  int hit_edge = -1;        // Wall / Blocked: the edge of polys.back() the ray met; else -1
  std::vector<int> polys;   // the polygons the ray crossed, start polygon first (Missed: none)
  std::string blocked_by;   // Blocked: the filter's reason ("door ID", "area NAME")
  double length = 0.0;      // m in the plane from start to hit
  bool hit_something() const { return outcome != RaycastOutcome::Clear; }
};

// One recorded decision of the walk. Kinds:
//   Cross    the ray crosses `poly` from t_in to t_out and leaves over `edge` into `next`.
//   Wall     it crosses `poly` and meets `edge`, a wall, at t_out.
//   Blocked  it crosses `poly` and meets `edge`, whose neighbour `next` the filter bars (`cause`
//            indexes RaycastTrace::causes).
//   End      its end lies in `poly`: the ray is clear.
//   Missed   it does not cross its start polygon `poly`.
struct RaycastStep {
  enum class Kind { Cross, Wall, Blocked, End, Missed };
  Kind kind = Kind::Cross;
  int poly = -1;
  int edge = -1;
  int next = -1;
  double t_in = 0.0, t_out = 0.0;  // fractions of start -> end
  Vec2 at;                         // the point at t_out, m
  double ray_length = 0.0;         // m from start to end in the plane (t 1)
  int cause = -1;
  // One sentence with the step's numbers, e.g. "The ray crosses polygon 3 from 0 m to 2.5 m and leaves
  // over its edge 1 into polygon 7." (metres from the start of the ray)
  std::string describe(const NavMesh& mesh, const struct RaycastTrace& trace) const;
};
inline constexpr Named<RaycastStep::Kind> kRaycastStepKindNames[] = {
    {RaycastStep::Kind::Cross, "cross"}, {RaycastStep::Kind::Wall, "wall"},     {RaycastStep::Kind::Blocked, "blocked"},
    {RaycastStep::Kind::End, "end"},     {RaycastStep::Kind::Missed, "missed"},
};
static_assert(names_cover(kRaycastStepKindNames, RaycastStep::Kind::Missed));
inline const char* to_string(RaycastStep::Kind v) { return name_in(kRaycastStepKindNames, v); }

struct RaycastTrace {
  std::vector<RaycastStep> steps;
  std::vector<std::string> causes;  // the filter's reasons, as Blocked steps index them
};

// Casts the ray on `mesh` (a polygon mesh: graphs have no geometry, and give Missed). `filter`
// (optional): polygons and connections it bars are walls. `trace` (optional) receives every step.
RaycastResult raycast(const NavMesh& mesh, const RaycastQuery& query, const SearchFilter* filter = nullptr,
                      RaycastTrace* trace = nullptr);

}  // namespace navlab

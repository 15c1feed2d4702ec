// The planning pipeline: one query from start to goal through every stage, in order:
//   gates (doors, excluded areas) → locate start and goal → search (the corridor) → portals → funnel
//   (the corners) → clearance path → turns (stop-turns and arcs) → speed profile
// Each stage's result is one member of PlanResult and each stage's step records one member of
// PlanTrace. The first stage that fails stops the pipeline; PlanResult::failure names it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gates.h"
#include "funnel.h"
#include "locate.h"
#include "motion.h"
#include "navmesh.h"
#include "portals.h"
#include "reachable.h"
#include "result.h"
#include "scene.h"
#include "search.h"

namespace navlab {

// Finds the corridor for a located query under the gates' filter, in place of the polygon-graph search.
using CorridorSearch = std::function<SearchResult(const SearchQuery&, const SearchFilter&)>;

struct PlanRequest {
  ScenePoint start;
  ScenePoint goal;
  DoorOverrides doors;  // door ids closed / opened on top of the scene's states
};

struct LocateResult {
  Location start;
  Location goal;
};

// A member added here is also reset by plan_into()'s renewal of a reused result (renew() in
// core/plan/plan.cpp).
struct PlanResult {
  Status status = Status::Failed;
  std::optional<Failure> failure;  // the first failure (a partial result keeps its reason here)

  LocateResult locate;
  SearchResult search;
  // unreachable_goal: nearest_reachable: where the search headed instead of the goal (status Partial).
  std::optional<Substitute> substitute;
  // Where the corridor ends, for the stages after search: the located goal, the substitute point, or
  // (budget_exhausted) the point of the last corridor polygon nearest the goal. Plane m; world height.
  Vec2 end_point;
  double end_height = 0.0;

  // Portals and funnel (polygon meshes; empty for graphs). Stage "portals" fails on an invalid portal.
  std::vector<Portal> portals;         // shared edges in travel order, then the goal portal
  std::vector<Vec2> midpoints;         // naive baseline: start, portal midpoints, end
  double midpoint_length = 0.0;        // m
  FunnelResult funnel;                 // points: start, corners..., end; corners with portal index/side
  std::vector<double> funnel_heights;  // world height of each funnel point (3D meshes; else 0)

  // Clearance path, turns (stop-turns or arcs) and speed profile (polygon meshes; core/motion/motion.h).
  // Stages "clearance", "turns" and "profile" fail with their own reasons.
  MotionResult motion;
};

struct PlanTrace {
  std::vector<LocateStep> locate;
  SearchTrace search;  // nearest_reachable: the failed search's steps, then the search to the substitute
  FunnelTrace funnel;
  MotionTrace motion;
};

// Plans one query on `mesh` (built from `scene`). Uses scene.search, scene.doors (with request.doors
// applied), scene.agent.excluded_areas, scene.bake (locate extents) and scene.unreachable_goal.
// Failures: stage "plan" reason "bad_request" (unknown door id), stage "locate" start_off_mesh /
// goal_off_mesh, stage "search" disconnected / agent_restricted / budget_exhausted (Partial).
// `trace` (optional) receives every stage's step records.
PlanResult plan(const Scene& scene, const NavMesh& mesh, const PlanRequest& request, PlanTrace* trace = nullptr);
// Does the plan's funnel path stay inside its corridor (within the funnel's tolerance)? Checked walk by
// walk between off-mesh links, whose jumps leave the mesh by design. False when the plan has no funnel
// path (a graph mesh, or a plan that failed before the funnel). A check of the funnel's result, not a
// decision of the plan: `navlab plan` reports it ("inside_corridor"), and plan() leaves it to whoever
// asks, since nothing else reads it.
bool funnel_inside_corridor(const NavMesh& mesh, const PlanResult& r);
// plan() into `out`, overwritten whole: its vectors keep their capacity, so a caller that plans again
// and again with one result (as Detour's queries write into the caller's arrays) allocates little once
// they are large enough.
void plan_into(const Scene& scene, const NavMesh& mesh, const PlanRequest& request, PlanResult& out,
               PlanTrace* trace = nullptr);
// plan_into() with the search's labels and open list kept by `nav_query` (the forms above use the
// calling thread's NavQuery): one NavQuery per thread, serving one plan at a time.
void plan_into(const Scene& scene, const NavMesh& mesh, const PlanRequest& request, PlanResult& out, PlanTrace* trace,
               NavQuery& nav_query);

// plan() with `corridor_search` in place of search() (e.g. the polygons the exact shortest path
// crosses, core/optimal/plan_optimal.h): it is called for the goal (and for a nearest_reachable
// substitute) and the later stages run on its corridor unchanged. trace->search stays empty.
PlanResult plan_with_search(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
                            const CorridorSearch& corridor_search, PlanTrace* trace = nullptr);

}  // namespace navlab

// The plan on the exact shortest path: the usual pipeline (core/plan/plan.h) with Polyanya in place of the
// polygon-graph search. Polyanya's corridor is the list of polygons its path crosses; the funnel through
// that corridor is the optimal path itself, and the corners, arcs and profile stages run on it as on
// the funnel's path of the usual plan.
#pragma once

#include <optional>

#include "plan.h"
#include "polyanya.h"

namespace navlab {

struct OptimalPlan {
  PlanResult plan;         // search.algorithm is Polyanya; search.cost is the optimal length, m
  PolyanyaResult optimal;  // the last Polyanya search (the substitute goal's under nearest_reachable)
};

// Plans one query like plan() with the corridor from Polyanya (scene.search.node_budget bounds the
// nodes it pops; when it runs out the result is Partial, reason budget_exhausted, in the start
// polygon). Polyanya's "no path" is checked with A* under the same filter: where A* finds a corridor
// (Polyanya passes no edge shorter than the mesh's tolerance) the plan keeps A*'s corridor and its
// search says astar; else the failure is told apart as plan() tells it (disconnected, or
// agent_restricted with the closed doors and excluded areas on the open mesh's path). Graph scenes
// have no geometry, and Polyanya walks polygons only (it does not take off-mesh links): a graph
// scene, or a mesh with links, is Failed, stage "plan", reason "bad_request".
OptimalPlan plan_optimal(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
                         PlanTrace* trace = nullptr, PolyanyaTrace* polyanya_trace = nullptr);

// The exact shortest length from the plan's located start to its corridor's end (the goal, or the
// substitute point), under the same doors and areas; nullopt when the plan has no corridor, or the
// mesh is a graph or has off-mesh links (Polyanya does not take them). Used to compare the usual plan with the optimum;
// `trace` (optional) receives the search's steps.
std::optional<PolyanyaResult> optimal_for(const Scene& scene, const NavMesh& mesh, const PlanResult& plan,
                                          const DoorOverrides& doors = {}, PolyanyaTrace* trace = nullptr);

}  // namespace navlab

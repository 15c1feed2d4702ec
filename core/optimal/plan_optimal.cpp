#include "plan_optimal.h"

#include "gates.h"

namespace navlab {

namespace {

// Polyanya's answer in the search stage's terms.
SearchResult as_search_result(const PolyanyaResult& p, const SearchQuery& q) {
  SearchResult s;
  s.algorithm = Algorithm::Polyanya;
  s.status = p.status;
  s.failure = p.failure;
  s.corridor = p.corridor;
  s.links = p.links;
  s.cost = p.length;
  s.expanded = p.expanded;
  if (p.failure && p.failure->reason == Reason::BudgetExhausted) {
    // As the polygon search's partial result: the corridor heads for the goal from where it is.
    s.status = Status::Partial;
    s.corridor = {q.start};
    s.links.clear();
  }
  return s;
}

}  // namespace

OptimalPlan plan_optimal(const Scene& scene, const NavMesh& mesh, const PlanRequest& request, PlanTrace* trace,
                         PolyanyaTrace* polyanya_trace) {
  OptimalPlan out;
  if (mesh.kind == NavMesh::Kind::Graph) {
    out.plan.failure = Failure{FailStage::Plan,
                               Reason::BadRequest,
                               "Polyanya needs polygon geometry; a graph scene is searched with astar or dijkstra.",
                               {}};
    return out;
  }
  if (!mesh.links.empty()) {
    out.plan.failure = Failure{
        FailStage::Plan,
        Reason::BadRequest,
        "Polyanya walks the mesh's polygons only and would ignore this scene's " + std::to_string(mesh.links.size()) +
            (mesh.links.size() == 1 ? " off-mesh link" : " off-mesh links") + "; plan it with astar or dijkstra.",
        {}};
    return out;
  }
  PolyanyaDef def;
  def.node_budget = scene.search.node_budget;
  const CorridorSearch corridor_search = [&](const SearchQuery& q, const SearchFilter& filter) {
    if (polyanya_trace) polyanya_trace->steps.clear();
    const PolyanyaQuery pq{to_plane(q.start_pos), to_plane(q.goal_pos), q.start, q.goal};
    out.optimal = polyanya(mesh, pq, &filter, def, polyanya_trace);
    if (!out.optimal.failure || out.optimal.failure->reason != Reason::Disconnected)
      return as_search_result(out.optimal, q);
    // No path, says Polyanya: the verdict is the polygon search's, as on the usual plan. Where A*
    // finds a corridor under the same filter Polyanya missed one (an edge shorter than the mesh's
    // tolerance passes no interval): the plan keeps A*'s corridor, and its search says astar.
    SearchDef check = scene.search;
    check.algorithm = Algorithm::AStar;
    check.node_budget = 0;
    SearchResult a = search(mesh, q, check, &filter, trace ? &trace->search : nullptr);
    return a.status == Status::Complete ? a : as_search_result(out.optimal, q);
  };
  out.plan = plan_with_search(scene, mesh, request, corridor_search, trace);
  return out;
}

std::optional<PolyanyaResult> optimal_for(const Scene& scene, const NavMesh& mesh, const PlanResult& plan,
                                          const DoorOverrides& doors, PolyanyaTrace* trace) {
  if (mesh.kind == NavMesh::Kind::Graph || !mesh.links.empty() || plan.search.corridor.empty() ||
      !plan.locate.start.ok())
    return std::nullopt;
  const Result<Gates> gates = make_gates(scene, mesh, doors, GateLinks::ClosedOnly);
  if (!gates) return std::nullopt;
  const PolyanyaQuery q{plan.locate.start.point, plan.end_point, plan.locate.start.poly, plan.search.corridor.back()};
  return polyanya(mesh, q, &gates->filter, {}, trace);
}

}  // namespace navlab

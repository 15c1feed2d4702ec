#include "plan.h"
#include "format.h"

#include <cstdio>

#include "corridor_check.h"
#include "thread_lent.h"

namespace navlab {

namespace {

// Everything a stage may read besides its own inputs.
struct Context {
  const Scene& scene;
  const NavMesh& mesh;
  const PlanRequest& request;
  const Gates& gates;
  PlanTrace* trace;
  const CorridorSearch* corridor_search;  // null: search()
  NavQuery* nav_query;                    // null: the calling thread's
};

void fail(PlanResult& r, Failure f) {
  r.status = Status::Failed;
  r.failure = std::move(f);
}

bool gate_open(const Gates& gates, const std::string& id) {
  for (const DoorGate& g : gates.doors)
    if (g.id == id) return g.open;
  return true;
}

// A point on a closed door's polygons is located beside them (LocateDef::excluded), but never across
// the door: when the move from the asked point to the located one crosses or touches a closed segment
// door, the point is off the mesh (an agent that stopped on a closed door's line stays there).
constexpr double kNoMove = 1e-9;  // m; a located point closer than this to the asked one was not moved

void behind_closed_door(const Context& c, const ScenePoint& asked, Location& loc, Endpoint which) {
  if (!loc.ok() || c.mesh.kind == NavMesh::Kind::Graph) return;
  const Vec2 a = asked.plane, b = loc.point;
  for (const Door& d : c.scene.doors) {
    if (d.is_polygon || d.shape.size() != 2 || gate_open(c.gates, d.id)) continue;
    const Vec2 p = d.shape[0].plane, q = d.shape[1].plane;
    if (distance(a, b) <= kNoMove) return;  // located where asked: on an open polygon
    if (orient(p, q, a) * orient(p, q, b) > 0.0 || orient(a, b, p) * orient(a, b, q) > 0.0) continue;
    const std::string at = input_point_text(a);
    loc = Location{};
    loc.failure = Failure{FailStage::Locate,
                          which == Endpoint::Start ? Reason::StartOffMesh : Reason::GoalOffMesh,
                          std::string(which == Endpoint::Start ? "start" : "goal") + " point " + at +
                              " is on closed door " + d.id + "'s polygons and the nearest other polygon is across it",
                          {d.id}};
    return;
  }
}

// Stage 1: locate both endpoints. Returns false when the pipeline must stop.
bool stage_locate(const Context& c, PlanResult& r) {
  // The locate settings are made into the thread's own, whose list of closed doors' polygons keeps its
  // buffer (no allocation per plan while the same doors are closed).
  const ThreadLent<LocateDef> lent;
  LocateDef& def = *lent;
  std::vector<int> excluded = std::move(def.excluded);
  def = locate_def(c.scene.bake);
  def.excluded = std::move(excluded);
  closed_door_polygons_into(c.gates, c.mesh, def.excluded);
  std::vector<LocateStep>* steps = c.trace ? &c.trace->locate : nullptr;
  r.locate.start = locate(c.mesh, c.request.start, Endpoint::Start, def, steps);
  behind_closed_door(c, c.request.start, r.locate.start, Endpoint::Start);
  if (!r.locate.start.ok()) {
    fail(r, *r.locate.start.failure);
    return false;
  }
  r.locate.goal = locate(c.mesh, c.request.goal, Endpoint::Goal, def, steps);
  behind_closed_door(c, c.request.goal, r.locate.goal, Endpoint::Goal);
  if (!r.locate.goal.ok()) fail(r, *r.locate.goal.failure);  // the nearest_reachable policy may still act
  return true;
}

// The search stage's corridor into `out`: the request's corridor search when it has one. (search_into:
// a reused result keeps its vectors' capacity.)
void find_corridor(const Context& c, const SearchQuery& q, SearchResult& out) {
  if (c.corridor_search) {
    out = (*c.corridor_search)(q, c.gates.filter);
    return;
  }
  SearchTrace* trace = c.trace ? &c.trace->search : nullptr;
  if (c.nav_query) {
    search_into(c.mesh, q, c.scene.search, &c.gates.filter, trace, out, *c.nav_query);
  } else {
    search_into(c.mesh, q, c.scene.search, &c.gates.filter, trace, out);
  }
}

// The unreachable_goal policy: search towards the substitute goal, keep `original` as the reason.
void head_for_substitute(const Context& c, PlanResult& r, const Failure& original, Vec2 goal_point) {
  fail(r, original);
  const UnreachablePolicy& policy = c.scene.unreachable_goal;
  if (!policy.nearest_reachable) return;
  const std::optional<Substitute> sub =
      nearest_reachable(c.mesh, r.locate.start.poly, goal_point, policy, &c.gates.filter);
  if (!sub || !sub->reachable) {
    r.failure->message +=
        sub ? " The nearest polygon within " + num(policy.radius, kExactDigits) + " m of the goal (" +
                  node_label(c.mesh, sub->poly) + ") cannot be reached either."
            : " No reachable polygon lies within " + num(policy.radius, kExactDigits) + " m of the goal.";
    return;
  }
  if (c.trace) {
    SearchStep s;
    s.kind = SearchStep::Kind::Retarget;
    s.node = sub->poly;
    s.point = sub->point;
    s.g = sub->distance;
    s.goal_reason = original.reason;
    c.trace->search.steps.push_back(std::move(s));
  }
  SearchQuery q{r.locate.start.poly, sub->poly, r.locate.start.world(), sub->world()};
  find_corridor(c, q, r.search);
  if (r.search.corridor.empty()) return;
  r.substitute = sub;
  r.status = Status::Partial;
  r.end_point = sub->point;
  r.end_height = sub->height;
  r.failure->message += " Heading instead for the nearest reachable point (" + num(sub->point.x, kExactDigits) + ", " +
                        num(sub->point.y, kExactDigits) + ") in " + node_label(c.mesh, sub->poly) + ", " +
                        num(sub->distance, kExactDigits) + " m from the goal.";
}

// Stage 2: search the polygon graph. Returns false when there is no corridor to go on with.
bool stage_search(const Context& c, PlanResult& r) {
  if (!r.locate.goal.ok()) {
    if (c.mesh.kind != NavMesh::Kind::Graph) head_for_substitute(c, r, *r.failure, c.request.goal.plane);
    return !r.search.corridor.empty();
  }
  const SearchQuery q{r.locate.start.poly, r.locate.goal.poly, r.locate.start.world(), r.locate.goal.world()};
  find_corridor(c, q, r.search);
  switch (r.search.status) {
    case Status::Complete:
      r.status = Status::Complete;
      r.failure.reset();
      r.end_point = r.locate.goal.point;
      r.end_height = r.locate.goal.height;
      return true;
    case Status::Partial: {
      r.status = Status::Partial;
      r.failure = r.search.failure;
      const int last = r.search.corridor.back();
      if (c.mesh.kind == NavMesh::Kind::Graph) {
        r.end_point = c.mesh.nodes[last].pos;
      } else {
        r.end_point = closest_point_on_polygon(c.mesh, last, r.locate.goal.point, &r.end_height);
      }
      return true;
    }
    case Status::Failed: {
      const Failure why = explain_unreachable(c.mesh, q, c.scene.search, c.gates, *r.search.failure);
      head_for_substitute(c, r, why, r.locate.goal.point);
      return !r.search.corridor.empty();
    }
  }
  return false;
}

// funnel_inside_corridor()'s check: the funnel path against the corridor, walk by walk between off-mesh
// links (the corridor and the path both split where a link is crossed). Within the funnel's own
// tolerance (the extent of its start and portals, which hold every point of the path), not one worked
// out again from every vertex of the corridor.
bool walks_inside_corridor(const NavMesh& mesh, const SearchResult& s, const FunnelResult& f,
                           const std::vector<Portal>& portals) {
  // Without a link there is one walk: the whole path through the whole corridor.
  bool links = false;
  for (size_t k = 0; k + 1 < s.corridor.size() && !links; ++k)
    links = k < s.links.size() && mesh.crossing(s.corridor[k], s.links[k]).index >= 0;
  for (size_t i = 0; i < f.corners.size() && !links; ++i)
    links = portals[size_t(f.corners[i].portal)].kind == PortalKind::Landing;
  const double tol = f.tolerance;
  if (!links) return check_in_corridor(mesh, s.corridor, f.points, tol).inside;
  std::vector<std::vector<int>> corridors{{s.corridor.front()}};
  for (size_t k = 0; k + 1 < s.corridor.size(); ++k) {
    const bool jump = k < s.links.size() && mesh.crossing(s.corridor[k], s.links[k]).index >= 0;
    if (jump) corridors.emplace_back();
    corridors.back().push_back(s.corridor[k + 1]);
  }
  std::vector<std::vector<Vec2>> walks{{f.points.front()}};
  for (size_t i = 0; i < f.corners.size(); ++i) {
    if (portals[size_t(f.corners[i].portal)].kind == PortalKind::Landing) walks.emplace_back();
    walks.back().push_back(f.points[i + 1]);
  }
  walks.back().push_back(f.points.back());
  if (walks.size() != corridors.size()) return false;
  for (size_t i = 0; i < walks.size(); ++i)
    if (!check_in_corridor(mesh, corridors[i], walks[i], tol).inside) return false;
  return true;
}

// Stage 3: portals and funnel over the corridor (polygon meshes only: a graph has no geometry).
bool stage_funnel(const Context& c, PlanResult& r) {
  if (c.mesh.kind == NavMesh::Kind::Graph || r.search.corridor.empty()) return true;
  const Vec2 start = r.locate.start.point;
  // The portals are built into a per-thread result whose list then trades buffers with r.portals: both
  // keep their capacity, so a plan into a reused result allocates nothing here.
  thread_local PortalsResult p;
  build_portals_into(c.mesh, r.search.corridor, start, r.end_point, r.end_height, r.search.links, p);
  if (!p.ok()) {
    fail(r, *p.failure);
    return false;
  }
  r.portals.swap(p.portals);
  midpoint_path_into(start, r.portals, r.midpoints);
  r.midpoint_length = path_length(r.midpoints);
  funnel_into(start, r.portals, c.trace ? &c.trace->funnel : nullptr, r.funnel, p.tolerance);
  if (!r.funnel.ok()) {
    fail(r, *r.funnel.failure);
    return false;
  }
  // Start and goal within the funnel's tolerance: the zero-length plan (corners keep both points).
  if (r.funnel.corners.empty() && r.funnel.length <= r.funnel.tolerance) r.funnel.length = 0.0;
  // A corner is a portal end: it takes that mesh vertex's height.
  r.funnel_heights.clear();
  r.funnel_heights.push_back(r.locate.start.height);
  for (const FunnelCorner& k : r.funnel.corners) {
    const Portal& portal = r.portals[k.portal];
    r.funnel_heights.push_back(k.side == FunnelSide::Left ? portal.left_height : portal.right_height);
  }
  r.funnel_heights.push_back(r.end_height);
  return true;
}

// Stage 4: clearance path, turns and speed profile along the funnel's corridor.
bool stage_motion(const Context& c, PlanResult& r) {
  if (c.mesh.kind == NavMesh::Kind::Graph || r.portals.empty()) return true;
  plan_motion_into(c.mesh, r.search.corridor, r.locate.start.point, r.portals, c.scene.agent,
                   c.trace ? &c.trace->motion : nullptr, r.motion);
  if (!r.motion.ok()) {
    fail(r, *r.motion.failure);
    return false;
  }
  return true;
}

// `r` as a new PlanResult, its vectors keeping their buffers: every member set in place to a new
// result's, so nothing of the last plan is left. (Building a new result and moving it in, as this did
// before, cost about 2 % of a plan's instructions; docs/performance.md.)
void renew(PlanResult& r) {
  r.status = Status::Failed;
  r.failure.reset();
  r.locate.start = Location{};
  r.locate.goal = Location{};
  r.search.clear();
  r.substitute.reset();
  r.end_point = Vec2{};
  r.end_height = 0.0;
  r.portals.clear();
  r.midpoints.clear();
  r.midpoint_length = 0.0;
  r.funnel.clear();
  r.funnel_heights.clear();
  r.motion.clear();
}

void run_stages(const Context& c, PlanResult& r) {
  if (!stage_locate(c, r)) return;
  if (!stage_search(c, r)) return;
  if (!stage_funnel(c, r)) return;
  stage_motion(c, r);
}

void run_plan(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
              const CorridorSearch* corridor_search, PlanTrace* trace, PlanResult& r, NavQuery* nav_query = nullptr) {
  renew(r);
  // The gates are made into the thread's own object, whose vectors and strings keep their capacity (no
  // allocation per plan while no door is closed); a plan run inside another's corridor search on the
  // same thread gets a temporary one.
  const ThreadLent<Gates> lent;
  Gates& gates = *lent;
  if (Result<void> made = make_gates_into(scene, mesh, request.doors, GateLinks::ClosedOnly, gates); made) {
    const Context c{scene, mesh, request, gates, trace, corridor_search, nav_query};
    run_stages(c, r);
  } else {
    fail(r, Failure{FailStage::Plan, Reason::BadRequest, made.error(), {}});
  }
}

}  // namespace

bool funnel_inside_corridor(const NavMesh& mesh, const PlanResult& r) {
  // The funnel path exists when the funnel stage ran and did not fail (stage_funnel; a graph mesh's plan
  // has no portals).
  if (r.search.corridor.empty() || r.portals.empty() || !r.funnel.ok() || r.funnel.points.empty()) return false;
  return walks_inside_corridor(mesh, r.search, r.funnel, r.portals);
}

PlanResult plan(const Scene& scene, const NavMesh& mesh, const PlanRequest& request, PlanTrace* trace) {
  PlanResult r;
  run_plan(scene, mesh, request, nullptr, trace, r);
  return r;
}

void plan_into(const Scene& scene, const NavMesh& mesh, const PlanRequest& request, PlanResult& out, PlanTrace* trace) {
  run_plan(scene, mesh, request, nullptr, trace, out);
}

void plan_into(const Scene& scene, const NavMesh& mesh, const PlanRequest& request, PlanResult& out, PlanTrace* trace,
               NavQuery& nav_query) {
  run_plan(scene, mesh, request, nullptr, trace, out, &nav_query);
}

PlanResult plan_with_search(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
                            const CorridorSearch& corridor_search, PlanTrace* trace) {
  PlanResult r;
  run_plan(scene, mesh, request, corridor_search ? &corridor_search : nullptr, trace, r);
  return r;
}

}  // namespace navlab

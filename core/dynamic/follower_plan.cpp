#include "follower_plan.h"

#include <algorithm>
#include <cmath>

#include "pipeline.h"

namespace navlab::following {

namespace {

constexpr double kParallel = 1e-15;    // m²; segments whose direction cross product is smaller are parallel
constexpr double kPortalReach = 1e-9;  // a crossing this far beyond a portal's ends (a share of it) counts

// Whether path segment [a, b] crosses portal [c, d]; `u` is where along [a, b] (0..1).
bool crosses_portal(Vec2 a, Vec2 b, Vec2 c, Vec2 d, double& u) {
  double w = 0.0;
  return line_crossing(a, b, c, d, kParallel, u, w) && u >= 0.0 && u <= 1.0 && w >= -kPortalReach &&
         w <= 1.0 + kPortalReach;
}

// Marks the plan failed at adoption: the agent cannot move on it.
void fail_plan(Active& a, Failure f) {
  a.plan.status = Status::Failed;
  a.plan.failure = std::move(f);
  a.movable = false;
}

// The agent is already where the plan ends: a path of one point.
void stand_at(Active& a, Vec2 at) {
  a.movable = true;
  a.dense.pts = {at};
  a.dense.s = {0.0};
}

// Graph scenes: the node positions, every node a stop-turn (there is no corridor to fit arcs in). An
// agent standing away from its start node walks back to it first. False when there is nothing to walk
// (already there, or the path failed).
bool path_on_graph(Active& a, const World& w, const PlanResult& pr, Vec2 from, int start_node) {
  const NavMesh& mesh = w.mesh();
  std::vector<Vec2> points;
  const bool lead_in =
      start_node >= 0 && distance(from, mesh.nodes[size_t(pr.search.corridor[0])].pos) > w.scene.agent.arrive_distance;
  if (lead_in) points.push_back(from);
  double s_acc = 0.0;
  for (int n : pr.search.corridor) {
    const Vec2 q = mesh.nodes[size_t(n)].pos;
    if (!points.empty()) s_acc += distance(points.back(), q);
    a.node_s.push_back(s_acc);
    points.push_back(q);
  }
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 2) return stand_at(a, pr.locate.start.point), false;
  AgentDef agent = w.scene.agent;
  agent.corner_mode = CornerMode::Stop;
  TurnsResult turns = fit_turns(points, CorridorShape{}, agent);
  if (!turns.ok()) return fail_plan(a, *turns.failure), false;
  return follow_path(a, w, std::move(turns.path));
}

// Polygon scenes: the plan's arcs or the channel's spline (both from the pipeline's run), and the
// corridor's rings the agent must stay in. False when there is nothing to walk (already there, or the
// path failed).
bool path_on_polygons(Active& a, const World& w, const PipelineRun& run, Smoothing smoothing) {
  const PlanResult& pr = run.plan;
  const NavMesh& mesh = w.mesh();
  if (pr.portals.empty())
    return fail_plan(a, {FailStage::Follow, Reason::NoPortals, "the plan has no portals", {}}), false;
  a.portals = pr.portals;
  for (int p : pr.search.corridor) {
    std::vector<Vec2> ring;
    for (int v : mesh.polys[size_t(p)].verts) ring.push_back(mesh.verts[size_t(v)]);
    a.rings.push_back(std::move(ring));
  }
  const Vec2 start = pr.locate.start.point;
  if (distance(start, a.end) < tol::kSamePoint) return stand_at(a, start), false;
  if (smoothing == Smoothing::Channel) {
    if (!run.channel || run.channel->spline.mode == SplineMode::Failure) {
      a.plan.spline_mode = SplineMode::Failure;
      return fail_plan(a, {FailStage::Follow, Reason::NoSpline, "no spline could be fitted in the channel", {}}), false;
    }
    a.spline = run.channel->spline;
    a.plan.spline_mode = run.channel->spline.mode;
    return follow_path(a, w, run.channel->smoothed);
  }
  if (!pr.motion.ok()) return fail_plan(a, *pr.motion.failure), false;
  return follow_path(a, w, pr.motion.turns.path);
}

// The off-mesh links of the plan's portals, placed on its path (which passes through every takeoff and
// landing: the funnel keeps them as corners).
void find_jumps(Active& a, const NavMesh& mesh) {
  double s = 0.0;
  const double L = a.dense.length();
  for (size_t i = 0; i + 1 < a.portals.size(); ++i) {
    const Portal& up = a.portals[i];
    if (up.kind != PortalKind::Takeoff) continue;
    const Portal& down = a.portals[i + 1];
    Jump j{a.dense.project(up.left, s, L), 0.0, up.left, down.left, up.left_height, down.left_height, down.to_poly};
    j.s_landing = a.dense.project(down.left, j.s_takeoff, L);
    s = j.s_landing;
    if (j.to_poly >= mesh.size()) j.to_poly = -1;
    a.jumps.push_back(j);
  }
}

}  // namespace

// The arc length of the steering target (see the header, step 2): the farthest path sample in
// (from, until], or `until` itself, whose straight line from `pos` keeps within `tolerance` of every path
// sample between. The first candidate is taken whatever its line (the agent must aim somewhere).
double steer_s(const Dense& d, Vec2 pos, double from, double until, double tolerance) {
  const auto first = std::upper_bound(d.s.begin(), d.s.end(), from) - d.s.begin();
  double best = until;
  for (size_t j = size_t(first); j <= d.s.size(); ++j) {
    const double q = j < d.s.size() ? std::min(d.s[j], until) : until;
    const Vec2 target = d.at(q);
    for (size_t k = size_t(first); k < d.s.size() && d.s[k] < q; ++k)
      if (distance_to_segment(d.pts[k], pos, target) > tolerance) return j == size_t(first) ? q : best;
    best = q;
    if (q >= until) break;
  }
  return best;
}

Dense densify(const SmoothPath& path) {
  Dense d;
  for (const PathPiece& piece : path.pieces) {
    const int n = std::max(1, int(std::ceil(piece.length / kProfileMaxSpacing)));
    for (int k = d.pts.empty() ? 0 : 1; k <= n; ++k) {
      const double q = piece.s0 + piece.length * k / n;
      d.pts.push_back(piece.point(q));
      d.s.push_back(q);
    }
  }
  if (d.pts.empty() && !path.points.empty()) {
    d.pts.push_back(path.points.front());
    d.s.push_back(0.0);
  }
  return d;
}

// The read set of the corridor from index `passed` on (the polygons left behind are not read any more).
void read_from(Active& a, int passed) {
  a.passed = passed;
  if (a.plan.corridor.empty()) {
    a.reads = a.plan.reads;
    return;
  }
  PlanUse rest = a.use;
  rest.corridor.assign(a.plan.corridor.begin() + passed, a.plan.corridor.end());
  a.reads = plan_read_set(rest, a.covers, a.keys.empty() ? nullptr : &a.keys, a.tile_of.empty() ? nullptr : &a.tile_of);
}

// Index in the corridor of the polygon (node) the agent is in or last passed: never moves backwards.
int passed_index(const Active& a, Vec2 pos, double s_now, double reach) {
  int k = a.passed;
  if (!a.node_s.empty()) {
    while (k + 1 < int(a.node_s.size()) && a.node_s[size_t(k) + 1] <= s_now + reach) ++k;
    return k;
  }
  for (int i = a.passed + 1; i < int(a.rings.size()) && i <= a.passed + 8; ++i)
    if (inside_ring(a.rings[size_t(i)], pos)) k = i;
  return k;
}

// Plans from `from` (plane, m; graph scenes: from node `start_node` of the mesh, or the query's start
// when -1, with `from` leading back to it when it is elsewhere).
Active adopt(const World& w, Vec2 from, double height, const Query& query, int version, double t, int start_node,
             Smoothing smoothing) {
  Active a;
  a.plan.version = version;
  a.plan.t = t;
  const NavMesh& mesh = w.mesh();
  const bool graph = mesh.kind == NavMesh::Kind::Graph;
  PlanRequest req;
  req.start.plane = from;
  req.start.height = height;
  req.start.is3d = mesh.is3d;
  if (graph) {
    // Graph agents plan from nodes: the query's start, or the node they are at or last passed.
    req.start = query.start;
    if (start_node >= 0) req.start.node = mesh.nodes[size_t(start_node)].id;
  }
  req.goal = query.goal;
  req.doors = w.overrides;
  PipelineOptions options;
  options.channel = smoothing == Smoothing::Channel && !graph;
  options.blockers_time = t;
  const PipelineRun run = run_pipeline(w.scene, mesh, req, options);
  const PlanResult& pr = run.plan;
  a.plan.status = pr.status;
  a.plan.failure = pr.failure;
  a.plan.start = pr.locate.start.ok() ? pr.locate.start.poly : -1;
  if (pr.locate.start.ok()) a.located = pr.locate.start.point;
  if (smoothing == Smoothing::Channel && !graph) a.plan.spline_mode = SplineMode::Failure;  // until a spline fits
  a.covers = w.covers();
  a.use = {pr.status, pr.search.corridor, a.plan.start,
           pr.failure ? pr.failure->blocked_by : std::vector<std::string>{}, pr.search.popped};
  if (w.keys()) a.keys = *w.keys();
  if (w.tile_of()) a.tile_of = *w.tile_of();
  a.plan.reads = plan_read_set(a.use, a.covers, w.keys(), w.tile_of());
  if (pr.status == Status::Failed || pr.search.corridor.empty()) {
    if (pr.status != Status::Failed)
      fail_plan(a, {FailStage::Follow, Reason::NoCorridor, "the plan has no corridor", {}});
    read_from(a, 0);
    return a;
  }
  a.plan.corridor = pr.search.corridor;
  a.end = pr.end_point;
  read_from(a, 0);
  if (graph)
    path_on_graph(a, w, pr, from, start_node);
  else
    path_on_polygons(a, w, run, smoothing);
  return a;
}

bool follow_path(Active& a, const World& w, SmoothPath path) {
  a.profile = speed_profile(path, w.scene.agent);
  if (!a.profile.ok()) return fail_plan(a, *a.profile.failure), false;
  a.plan.path = std::move(path);
  a.plan.profile = a.profile;
  a.dense = densify(a.plan.path);
  a.stops.clear();
  const SmoothPath& p = a.plan.path;
  for (const Turn& turn : p.turns)
    if (turn.kind == TurnKind::Stop && turn.corner >= 0 && size_t(turn.corner) + 1 < p.points.size())
      a.stops.push_back({turn.s, normalized(p.points[size_t(turn.corner) + 1] - turn.at)});
  a.jumps.clear();
  find_jumps(a, w.mesh());
  a.movable = true;
  return true;
}

bool follow_spline(Active& a, const World& w, const Spline& spline) {
  a.spline = spline;
  a.plan.spline_mode = spline.mode;
  if (spline.pieces.empty()) {
    a.movable = false;
    return false;
  }
  return follow_path(a, w, to_smooth_path(spline));
}

Active way_back(const World& w, Vec2 from, Vec2 to, int version, double t) {
  Active a;
  a.plan.version = version;
  a.plan.t = t;
  a.plan.status = Status::Complete;
  a.walk_back = true;
  a.end = to;
  a.located = to;
  SmoothPath path;
  path.points = {from, to};
  PathPiece seg;
  seg.a = from;
  seg.b = to;
  seg.length = distance(from, to);
  path.pieces.push_back(seg);
  path.length = seg.length;
  follow_path(a, w, std::move(path));
  return a;
}

bool on_navmesh(const World& w, Vec2 p) { return passable(w.mesh(), w.walls(), p); }

// Where braking must end after `change` invalidated `act`: just before the path crosses a connection
// the change affects, or before the first point that is no longer on the mesh. Returns -1 if none.
// `change` names its connections by key (World::keyed); the portals are in the polygon indices of the
// plan's mesh, which tiles rebuilt since may have renumbered, so they are compared by the plan's keys.
double stop_point(const Active& act, const World& w, const NavChange& change, double s_now, double radius) {
  double best = -1.0;
  auto consider = [&](double s) {
    s = std::max(s_now, s - radius);
    if (best < 0.0 || s < best) best = s;
  };
  auto key = [&](int poly) { return act.keys.empty() ? poly : act.keys[size_t(poly)]; };
  for (const Portal& p : act.portals) {
    if (p.from_poly == p.to_poly) continue;
    const Connection c = Connection::of(key(p.from_poly), key(p.to_poly));
    if (std::find(change.connections.begin(), change.connections.end(), c) == change.connections.end()) continue;
    for (size_t i = 0; i + 1 < act.dense.pts.size(); ++i) {
      double u = 0.0;
      if (act.dense.s[i + 1] < s_now) continue;
      if (crosses_portal(act.dense.pts[i], act.dense.pts[i + 1], p.right, p.left, u)) {
        consider(act.dense.s[i] + u * (act.dense.s[i + 1] - act.dense.s[i]));
        break;
      }
    }
  }
  // Baked again: the first point ahead that cannot be stood on any more (off the mesh or in a closed
  // door's polygon).
  const bool baked_again = change.kind == NavChange::Kind::TilesRebuilt || change.kind == NavChange::Kind::MeshRebaked;
  const SearchFilter walls = baked_again ? w.walls() : SearchFilter{};
  if (best < 0.0 && baked_again)
    for (size_t i = 0; i < act.dense.pts.size(); ++i)
      if (act.dense.s[i] >= s_now && !passable(w.mesh(), walls, act.dense.pts[i])) {
        consider(act.dense.s[i]);
        break;
      }
  return best;
}

}  // namespace navlab::following

#include "spawn.h"
#include "tolerances.h"
#include "format.h"

#include "plan.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <unordered_map>

namespace navlab {

namespace {
// m: a spawn point moved less than this onto the mesh is where it was asked (the sentence says nothing).
constexpr double kShownSnap = 1e-6;

// Point in a simple polygon of either orientation; points on the border count as inside.
bool inside_or_on(Vec2 p, const std::vector<Vec2>& poly) {
  const size_t n = poly.size();
  if (n < 3) return false;
  double scale = 1.0;
  for (Vec2 v : poly) scale = std::max({scale, std::fabs(v.x), std::fabs(v.y)});
  const double eps = tol::scaled(scale);
  for (size_t i = 0, j = n - 1; i < n; j = i++)
    if (distance_to_segment(p, poly[j], poly[i]) <= eps) return true;
  return point_in_ring(p, poly);
}

CheckResult make(SpawnCheck c, CheckOutcome o, std::string detail) {
  CheckResult r;
  r.check = c;
  r.outcome = o;
  r.detail = std::move(detail);
  return r;
}

}  // namespace

const char* to_string(SpawnCheck c) { return kSpawnCheckTable[int(c)].name; }

std::optional<SpawnCheck> spawn_check_from_string(const std::string& name) {
  for (SpawnCheck c : kSpawnChecks)
    if (name == to_string(c)) return c;
  return std::nullopt;
}

const char* spawn_rejection_message(SpawnCheck c) { return kSpawnCheckTable[int(c)].rejection; }

std::string SpawnCheckStep::describe() const {
  return "Candidate " + candidate_name + ", " + to_string(result.check) + ": " + to_string(result.outcome) + " (" +
         result.detail + ").";
}

std::string SpawnVerdictStep::describe() const {
  if (verdict.accepted) return "Candidate " + verdict.name + " at " + point_text(verdict.pos) + ": accepted.";
  return "Candidate " + verdict.name + " at " + point_text(verdict.pos) + ": rejected, reason " +
         to_string(*verdict.reason) + " (" + verdict.message + ").";
}

// ---- Partitions ----

namespace {

// The components with `blocked`'s edges barred, worked out from the open ones near the bars: a
// breadth-first search from each polygon beside a barred edge, all in step, two searches joined where
// they meet. A search that runs out while others of its component still run has gone round a piece of
// its own (every polygon it can reach is its); once a component has one search left, the rest of it is
// one piece. On an open floor the searches meet near the door's ends; a door that shuts off a room
// costs the room. Only when pieces were cut off are the components numbered again (a pass over the
// mesh). Edges barred one way only: the plain flood fill decides.
Components split_by_bars(const NavMesh& mesh, const LinkBlocks& blocked, const Components& open) {
  const auto barred = [&](int p, size_t e) { return blocked.barred(p, int(e)); };
  std::vector<int> sources;
  for (const LinkBlocks::Row& row : blocked.rows())
    for (size_t e = 0; e < row.reasons.size(); ++e) {
      const int p = row.poly;
      const int q = mesh.polys[size_t(p)].neighbours[e];
      if (!barred(p, e) || q < 0) continue;
      const std::vector<int>& back = mesh.polys[size_t(q)].neighbours;
      const auto r = std::find(back.begin(), back.end(), p);
      if (r == back.end() || !barred(q, size_t(r - back.begin()))) return connected_components(mesh, &blocked);
      sources.push_back(p);
      sources.push_back(q);
    }
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());

  struct Search {
    std::vector<int> taken;     // every polygon it took
    std::vector<int> frontier;  // those still to expand: frontier[head...]
    size_t head = 0;
    int root = 0;  // union-find: the search it was joined into (itself when none)
    bool running = true;
  };
  std::vector<Search> searches(sources.size());
  std::unordered_map<int, int> running_in;  // open component: searches still running in it
  std::unordered_map<int, int> search_of;   // polygon: the search that took it
  for (size_t i = 0; i < sources.size(); ++i) {
    searches[i].taken = searches[i].frontier = {sources[i]};
    searches[i].root = int(i);
    ++running_in[open.of_poly[size_t(sources[i])]];
    search_of.emplace(sources[i], int(i));
  }
  int contested = 0;  // components with more than one search running
  for (const auto& [comp, n] : running_in) contested += n > 1;
  const auto find = [&](int i) {
    while (searches[size_t(i)].root != i)
      i = searches[size_t(i)].root = searches[size_t(searches[size_t(i)].root)].root;
    return i;
  };
  const auto comp_of = [&](int search) { return open.of_poly[size_t(sources[size_t(search)])]; };
  const auto one_less = [&](int comp) { contested -= running_in[comp]-- == 2; };
  const auto join = [&](int a, int b) {  // two running searches met: the smaller goes into the larger
    if (searches[size_t(a)].taken.size() < searches[size_t(b)].taken.size()) std::swap(a, b);
    Search &to = searches[size_t(a)], &from = searches[size_t(b)];
    to.taken.insert(to.taken.end(), from.taken.begin(), from.taken.end());
    to.frontier.insert(to.frontier.end(), from.frontier.begin() + std::ptrdiff_t(from.head), from.frontier.end());
    from = Search{{}, {}, 0, a, false};
    one_less(comp_of(a));
  };
  std::vector<int> pieces;  // searches that ran out while others of their component ran: cut off
  while (contested > 0) {
    for (size_t i = 0; i < searches.size() && contested > 0; ++i) {
      if (!searches[i].running) continue;
      const int p = searches[i].frontier[searches[i].head++];
      const std::vector<int>& nbs = mesh.polys[size_t(p)].neighbours;
      for (size_t e = 0; e < nbs.size(); ++e) {
        if (nbs[e] < 0 || barred(p, e)) continue;
        const int at = find(int(i));
        const auto [it, first] = search_of.try_emplace(nbs[e], at);
        if (first) {
          searches[size_t(at)].taken.push_back(nbs[e]);
          searches[size_t(at)].frontier.push_back(nbs[e]);
        } else if (const int other = find(it->second); other != at && searches[size_t(other)].running) {
          join(at, other);
        }
      }
      const int at = find(int(i));  // i, or the search it was joined into
      Search& s = searches[size_t(at)];
      if (s.head < s.frontier.size()) continue;
      if (running_in[comp_of(at)] > 1) pieces.push_back(at);
      s.running = false;
      one_less(comp_of(at));
    }
  }
  if (pieces.empty()) return open;
  // Each piece a component of its own, then all numbered by their lowest polygon, as
  // connected_components numbers them.
  Components out = open;
  for (int k : pieces) {
    for (int p : searches[size_t(k)].taken) out.of_poly[size_t(p)] = out.count;
    ++out.count;
  }
  std::vector<int> rank(size_t(out.count), -1);
  out.count = 0;
  for (int& c : out.of_poly) {
    if (rank[size_t(c)] < 0) rank[size_t(c)] = out.count++;
    c = rank[size_t(c)];
  }
  return out;
}

}  // namespace

const Components& open_components(const NavMesh& mesh) {
  return mesh.query_cache.index_of(mesh).module_facts<Components>(MeshIndex::ModuleFacts::SpawnComponents,
                                                                  [&] { return connected_components(mesh); });
}

const std::vector<std::pair<Vec2, Vec2>>& mesh_walls(const NavMesh& mesh) {
  using Walls = std::vector<std::pair<Vec2, Vec2>>;
  return mesh.query_cache.index_of(mesh).module_facts<Walls>(MeshIndex::ModuleFacts::SpawnWalls, [&] {
    Walls walls;
    for (const NavPoly& p : mesh.polys) {
      const size_t n = p.verts.size();
      for (size_t e = 0; e < n && e < p.neighbours.size(); ++e)
        if (p.neighbours[e] < 0)
          walls.emplace_back(mesh.verts[size_t(p.verts[e])], mesh.verts[size_t(p.verts[(e + 1) % n])]);
    }
    return walls;
  });
}

void ready_spawn_checks(const NavMesh& mesh) {
  open_components(mesh);
  if (mesh.kind == NavMesh::Kind::Polygons && !mesh.baked) mesh_walls(mesh);
}

Partitions compute_partitions(const Scene& scene, const NavMesh& navmesh) {
  // Only the door links of the gates cut partitions; excluded areas are the projection check's job.
  const Result<Gates> gates = make_gates(scene, navmesh, {}, GateLinks::ClosedOnly);
  const LinkBlocks* blocked =
      gates && !gates->filter.poly_link_block.empty() ? &gates->filter.poly_link_block : nullptr;
  // Most moves of a closed door across a floor split nothing: the open components stand (kept with the
  // mesh), and a door dragged on a large level costs the polygons round it, not the level.
  const Components& open = open_components(navmesh);
  return blocked ? split_by_bars(navmesh, *blocked, open) : open;
}

// ---- Validator ----

Result<SpawnValidator> SpawnValidator::create(const Scene& scene, const NavMesh& navmesh) {
  if (navmesh.kind == NavMesh::Kind::Graph)
    return Result<SpawnValidator>::fail("spawn validation needs a polygon navmesh; this scene is a graph");
  SpawnValidator v(scene, navmesh);
  v.locate_def_ = locate_def(scene.bake);
  v.partitions_ = compute_partitions(scene, navmesh);

  if (scene.spawn.clearance) {
    v.clearance_ = *scene.spawn.clearance;
    v.clearance_source_ = "spawn.clearance";
  } else if (navmesh.eroded) {
    v.clearance_ = std::max(0.0, scene.agent.radius - scene.bake.agent_radius);
    v.clearance_source_ = "agent radius beyond the bake erosion";
  } else {
    v.clearance_ = scene.agent.radius;
    v.clearance_source_ = "agent radius";
  }

  std::optional<ScenePoint> ref = scene.spawn.partition_of;
  v.expected_from = "the partition_of point";
  if (!ref && !scene.spawn.safe_targets.empty()) {
    ref = scene.spawn.safe_targets.front();
    v.expected_from = "the first safe target";
  }
  if (ref) {
    const Location at = v.locate_point(*ref);
    if (at.ok()) v.expected_partition_ = v.partitions_.of_poly[at.poly];
  } else {
    v.expected_from = "";
  }
  return v;
}

Location SpawnValidator::locate_point(const ScenePoint& p) const {
  return locate(*navmesh_, p, Endpoint::Start, locate_def_);
}

double SpawnValidator::boundary_distance(const Location& at) const {
  const NavMesh& m = *navmesh_;
  if (!m.baked) {
    // The walls are the mesh's, listed once per mesh (mesh_walls), not once per validator: a door
    // dragged on a tile cache's level makes a new validator every frame.
    double best = std::numeric_limits<double>::infinity();
    for (const auto& [a, b] : mesh_walls(m)) best = std::min(best, distance_to_segment(at.point, a, b));
    return best;
  }
  dtNavMeshQuery query;
  if (dtStatusFailed(query.init(m.baked->detour.get(), 4096))) return 0.0;
  dtQueryFilter filter;
  const dtPolyRef ref = m.baked->ref(at.poly);
  const Vec3 w = at.world();
  const float pos[3] = {float(w.x), float(w.y), float(w.z)};
  // Detour reports maxRadius when no wall is nearer; search well beyond the requirement.
  const float max_radius = float(wall_search_radius());
  float hit_dist = 0.0f, hit_pos[3], hit_normal[3];
  if (dtStatusFailed(query.findDistanceToWall(ref, pos, max_radius, &filter, &hit_dist, hit_pos, hit_normal)))
    return 0.0;
  return double(hit_dist);
}

CheckResult SpawnValidator::check_projection(const Location& at, Vec2 asked) const {
  const SpawnCheck c = SpawnCheck::Projection;
  if (!at.ok()) return make(c, CheckOutcome::Failed, "off the navmesh");
  const int poly = at.poly;
  const NavMesh& m = *navmesh_;
  const std::string& area = m.area_names[m.polys[poly].area];
  const auto& excluded = scene_->agent.excluded_areas;
  const auto& allowed = scene_->spawn.allowed_areas;
  std::string where = "polygon " + std::to_string(poly);
  const double snapped = distance(asked, at.point);
  if (snapped > kShownSnap) where += " (snapped " + num(snapped) + " m)";
  CheckResult r;
  if (std::find(excluded.begin(), excluded.end(), area) != excluded.end()) {
    r = make(c, CheckOutcome::Failed, where + ", area " + area + " is excluded for the agent");
  } else if (allowed && std::find(allowed->begin(), allowed->end(), area) == allowed->end()) {
    r = make(c, CheckOutcome::Failed, where + ", area " + area + " is not an allowed spawn area");
  } else {
    r = make(c, CheckOutcome::Passed, where + ", area " + area + " allowed");
  }
  r.poly = poly;
  r.area = area;
  return r;
}

CheckResult SpawnValidator::check_clearance(const Location& at) const {
  const SpawnCheck c = SpawnCheck::Clearance;
  if (!at.ok()) {
    CheckResult r = make(c, CheckOutcome::Failed, "off the navmesh: no clearance");
    r.required = clearance_;
    return r;
  }
  const double d = boundary_distance(at);
  const bool ok = d >= clearance_;
  // Detour's wall search stops at its radius: report "no wall within" rather than a made-up distance.
  const std::string measured = navmesh_->baked && d >= wall_search_radius()
                                   ? "no boundary within " + num(wall_search_radius()) + " m"
                                   : "distance to boundary " + num(d) + " m";
  CheckResult r =
      make(c, ok ? CheckOutcome::Passed : CheckOutcome::Failed,
           measured + " " + (ok ? ">=" : "<") + " required " + num(clearance_) + " m (" + clearance_source_ + ")");
  r.distance = d;
  r.required = clearance_;
  return r;
}

CheckResult SpawnValidator::check_connectivity(int poly) const {
  const SpawnCheck c = SpawnCheck::Connectivity;
  CheckResult r;
  if (expected_from.empty()) {
    r = make(c, CheckOutcome::Failed, "no reference partition: neither partition_of nor a safe target is given");
  } else if (expected_partition_ < 0) {
    r = make(c, CheckOutcome::Failed, "no reference partition: " + expected_from + " is off the navmesh");
  } else if (poly < 0) {
    r = make(c, CheckOutcome::Failed,
             "off the navmesh: no partition (expected partition " + std::to_string(expected_partition_) + ")");
  } else {
    r.partition = partitions_.of_poly[poly];
    const bool ok = r.partition == expected_partition_;
    r = make(c, ok ? CheckOutcome::Passed : CheckOutcome::Failed,
             "in partition " + std::to_string(r.partition) +
                 (ok ? ", the same as " + expected_from
                     : ", but " + expected_from + " is in partition " + std::to_string(expected_partition_)));
    r.partition = partitions_.of_poly[poly];
  }
  r.expected_partition = expected_partition_;
  return r;
}

CheckResult SpawnValidator::check_forbidden(Vec2 p) const {
  const SpawnCheck c = SpawnCheck::ForbiddenZone;
  for (const ForbiddenZone& z : scene_->spawn.forbidden_zones) {
    if (inside_or_on(p, z.polygon)) {
      CheckResult r = make(c, CheckOutcome::Failed, "inside forbidden zone " + z.name);
      r.name = z.name;
      return r;
    }
  }
  return make(c, CheckOutcome::Passed,
              "outside every forbidden zone (" + count_of(scene_->spawn.forbidden_zones.size(), "zone", "zones") + ")");
}

CheckResult SpawnValidator::check_occupancy(Vec2 p) const {
  const SpawnCheck c = SpawnCheck::Occupancy;
  const double agent_r = scene_->agent.radius;
  // The deepest overlap decides which occupant is named (ties: the first listed).
  const Occupant* worst = nullptr;
  double worst_gap = 0.0, worst_d = 0.0;
  for (const Occupant& o : scene_->spawn.occupants) {
    const double d = distance(p, o.pos.plane);
    const double gap = d - (o.radius + agent_r);
    if (gap < 0.0 && (!worst || gap < worst_gap)) {
      worst = &o;
      worst_gap = gap;
      worst_d = d;
    }
  }
  if (!worst)
    return make(
        c, CheckOutcome::Passed,
        "no overlap with any occupant (" + count_of(scene_->spawn.occupants.size(), "occupant", "occupants") + ")");
  CheckResult r = make(c, CheckOutcome::Failed,
                       "overlaps occupant " + worst->name + ": distance " + num(worst_d) + " m < " +
                           num(worst->radius) + " + " + num(agent_r) + " m");
  r.name = worst->name;
  r.distance = worst_d;
  r.required = worst->radius + agent_r;
  return r;
}

std::optional<Failure> SpawnValidator::reach(const ScenePoint& from, const ScenePoint& to, PlanResult* result) const {
  PlanRequest request;
  request.start = from;
  request.goal = to;
  PlanResult r = plan(*scene_, *navmesh_, request);
  std::optional<Failure> why;
  if (r.status != Status::Complete)
    why = r.failure.value_or(Failure{FailStage::Plan, Reason::Incomplete, "the planner returned no complete path", {}});
  if (result) *result = std::move(r);
  return why;
}

std::optional<double> SpawnValidator::path_cost(const ScenePoint& from, const ScenePoint& to) const {
  PlanResult r;
  if (reach(from, to, &r)) return std::nullopt;
  return r.search.cost;
}

CheckResult SpawnValidator::check_safe_path(const ScenePoint& p) const {
  const SpawnCheck c = SpawnCheck::SafePath;
  const auto& targets = scene_->spawn.safe_targets;
  if (targets.empty()) return make(c, CheckOutcome::Failed, "no safe targets in the scene");
  std::string failures;
  std::optional<Reason> first_reason;
  for (size_t i = 0; i < targets.size(); ++i) {
    PlanResult planned;
    const std::optional<Failure> f = reach(p, targets[i], &planned);
    if (!f) {
      CheckResult r = make(c, CheckOutcome::Passed,
                           "complete path to safe target " + nth(int(i)) + " at " + point_text(targets[i].plane) +
                               ": " + count_of(planned.search.corridor.size(), "polygon", "polygons") + ", cost " +
                               num(planned.search.cost));
      r.safe_target = int(i);
      r.path_cost = planned.search.cost;
      return r;
    }
    if (!first_reason) first_reason = f->reason;
    std::string what = to_string(f->reason);
    if (!f->blocked_by.empty()) {
      what += " (blocked by";
      for (const std::string& b : f->blocked_by) what += " " + b;
      what += ")";
    }
    failures += (failures.empty() ? "" : ", ") + std::string("safe target ") + nth(int(i)) + " " + what;
  }
  CheckResult r = make(c, CheckOutcome::Failed, "no complete path: " + failures);
  r.failure_reason = first_reason;
  return r;
}

CheckResult SpawnValidator::run_check(SpawnCheck c, const Location& at, const ScenePoint& pos) const {
  switch (c) {  // no default: a new check without its case does not build
    case SpawnCheck::Projection:
      return check_projection(at, pos.plane);
    case SpawnCheck::Clearance:
      return check_clearance(at);
    case SpawnCheck::Connectivity:
      return check_connectivity(at.poly);
    case SpawnCheck::ForbiddenZone:
      return check_forbidden(pos.plane);
    case SpawnCheck::Occupancy:
      return check_occupancy(pos.plane);
    case SpawnCheck::SafePath:
      return check_safe_path(pos);
  }
  return make(c, CheckOutcome::Skipped, "unknown check");
}

SpawnVerdict SpawnValidator::validate(const SpawnCandidate& candidate, const SpawnOptions& options, SpawnTrace* trace,
                                      int index) const {
  SpawnVerdict v;
  v.name = candidate.name;
  v.pos = candidate.pos.plane;
  const Location at = locate_point(candidate.pos);
  for (SpawnCheck c : kSpawnChecks) {
    CheckResult r;
    if (!options.is_enabled(c)) {
      r = make(c, CheckOutcome::Skipped, "disabled");
    } else {
      r = run_check(c, at, candidate.pos);
    }
    if (r.outcome == CheckOutcome::Failed && !v.reason) v.reason = c;
    if (trace) trace->checks.push_back({index, candidate.name, r});
    v.checks[int(c)] = std::move(r);
  }
  v.accepted = !v.reason;
  v.message = v.reason ? spawn_rejection_message(*v.reason) : "";
  if (trace) trace->verdicts.push_back({index, v});
  return v;
}

SpawnSubstitute find_spawn_substitute(const SpawnValidator& validator, const SpawnCandidate& candidate,
                                      const SpawnOptions& options, const SubstitutePolicy& policy) {
  SpawnSubstitute out;
  out.original = validator.validate(candidate, options);
  if (out.original.accepted) {
    out.message = "candidate " + candidate.name + " is accepted: no substitute needed";
    return out;
  }
  const std::string kept =
      std::string("original failure ") + to_string(*out.original.reason) + " (" + out.original.message + ") kept";
  if (!(policy.radius > 0.0) || !(policy.step > 0.0)) {
    out.message = "invalid substitute policy (radius and step must be > 0); " + kept;
    return out;
  }
  const int origin_poly = validator.locate_point(candidate.pos).poly;
  const int origin_partition = origin_poly >= 0 ? validator.partitions().of_poly[origin_poly] : -1;
  if (policy.require_connected && origin_partition < 0) {
    out.message =
        "no substitute: the policy requires a connection to the original point, which is off the "
        "navmesh; " +
        kept;
    return out;
  }
  if (policy.distance == SubstituteDistance::PathCost && origin_poly < 0) {
    out.message = "no substitute: path cost needs the original point on the navmesh; " + kept;
    return out;
  }

  // Square grid around the original, kept within the radius, ranked by straight-line distance (ties in
  // grid order: rows bottom to top, then left to right).
  struct Sample {
    ScenePoint p;
    double straight;
  };
  std::vector<Sample> samples;
  const int k = int(std::floor(policy.radius / policy.step));
  for (int j = -k; j <= k; ++j)
    for (int i = -k; i <= k; ++i) {
      if (i == 0 && j == 0) continue;
      const Vec2 off{i * policy.step, j * policy.step};
      const double d = length(off);
      if (d > policy.radius) continue;
      ScenePoint p = candidate.pos;
      p.plane = candidate.pos.plane + off;
      samples.push_back({p, d});
    }
  std::stable_sort(samples.begin(), samples.end(),
                   [](const Sample& a, const Sample& b) { return a.straight < b.straight; });

  for (const Sample& s : samples) {
    // Samples come nearest first, so in straight-line ranking the first accepted one is the answer.
    if (policy.distance == SubstituteDistance::Euclidean && out.substitute) break;
    const int poly = validator.locate_point(s.p).poly;
    if (poly < 0) continue;
    if (policy.require_connected && validator.partitions().of_poly[poly] != origin_partition) continue;
    ++out.samples;
    SpawnVerdict v = validator.validate({candidate.name + "~", s.p}, options);
    if (!v.accepted) continue;
    double d = s.straight;
    if (policy.distance == SubstituteDistance::PathCost) {
      const std::optional<double> cost = validator.path_cost(candidate.pos, s.p);
      if (!cost) continue;
      d = *cost;
    }
    if (!out.substitute || d < out.distance) {
      out.substitute = std::move(v);
      out.distance = d;
    }
  }
  if (out.substitute) {
    out.message = "substitute for " + candidate.name + " at " + point_text(out.substitute->pos) + ", " +
                  num(out.distance) + " away (" + to_string(policy.distance) + ", radius " + num(policy.radius) + " m" +
                  (policy.require_connected ? ", connected to the original" : "") + "); " + kept;
  } else {
    out.message = "no accepted point within " + num(policy.radius) + " m of " + candidate.name + " (" +
                  std::to_string(out.samples) + " samples evaluated); " + kept;
  }
  return out;
}

Result<std::vector<SpawnVerdict>> validate_spawns(const Scene& scene, const NavMesh& navmesh,
                                                  const SpawnOptions& options, SpawnTrace* trace) {
  Result<SpawnValidator> validator = SpawnValidator::create(scene, navmesh);
  if (!validator) return Result<std::vector<SpawnVerdict>>::fail(validator.error());
  std::vector<SpawnVerdict> out;
  for (size_t i = 0; i < scene.spawn.candidates.size(); ++i)
    out.push_back(validator->validate(scene.spawn.candidates[i], options, trace, int(i)));
  return out;
}

}  // namespace navlab

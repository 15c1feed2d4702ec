// Plan and raycast cases: the case's navigation state, the plan (or the ray) and its expectations.
#include <algorithm>

#include "check_cases.h"
#include "format.h"
#include "pipeline.h"

namespace navlab {

Result<CaseState> case_state(const CaseQuery& q, const Scene& scene, const NavMesh& mesh) {
  CaseState st{scene, q.doors};
  std::vector<std::string>& excluded = st.scene.agent.excluded_areas;
  auto exclude = [&](const std::string& area) {
    if (std::find(excluded.begin(), excluded.end(), area) == excluded.end()) excluded.push_back(area);
  };
  for (const std::string& a : q.exclude_areas) exclude(a);
  if (!q.flags) return st;
  const FlagFilter& f = *q.flags;
  if (!mesh.links.empty() && !f.passes(kFlagJump))
    return Result<CaseState>::fail(
        fmt("the filter (include 0x%x, exclude 0x%x) bars jumps (0x8), and navlab plans "
            "over the mesh's %zu off-mesh links whatever a query's filter says",
            f.include, f.exclude, mesh.links.size()));
  for (const std::string& area : mesh.area_names)
    if (!f.passes(area_flags(area))) exclude(area);
  // A baked door's polygons carry the door flag besides their area's: a filter that bars them closes it.
  std::vector<bool> barred(mesh.door_ids.size(), false);
  for (const NavPoly& p : mesh.polys)
    if (p.door >= 0 && !f.passes(area_flags(mesh.area_names[size_t(p.area)]) | kFlagDoor))
      barred[size_t(p.door)] = true;
  for (size_t d = 0; d < barred.size(); ++d) {
    if (!barred[d]) continue;
    std::vector<std::string>& opened = st.doors.opened;
    opened.erase(std::remove(opened.begin(), opened.end(), mesh.door_ids[d]), opened.end());
    if (std::find(st.doors.closed.begin(), st.doors.closed.end(), mesh.door_ids[d]) == st.doors.closed.end())
      st.doors.closed.push_back(mesh.door_ids[d]);
  }
  return st;
}

Result<RaycastResult> case_raycast(const CaseQuery& q, const Scene& scene, const NavMesh& mesh, RaycastTrace* trace) {
  if (mesh.kind != NavMesh::Kind::Polygons) return Error{"a graph scene has no surface to cast a ray along"};
  Result<CaseState> st = case_state(q, scene, mesh);
  if (!st) return Error{st.error()};
  Result<Gates> gates = make_gates(st->scene, mesh, st->doors, GateLinks::ClosedOnly);
  if (!gates) return Error{gates.error()};
  LocateDef def = locate_def(st->scene.bake);
  def.excluded = closed_door_polygons(gates.value(), mesh);
  const Location at = locate(mesh, q.start, Endpoint::Start, def);
  if (!at.ok())
    return Error{"the ray's start " +
                 (q.start.is3d ? input_point_text(q.start.world()) : input_point_text(q.start.plane)) +
                 " is off the mesh"};
  return raycast(mesh, {at.poly, at.point, q.goal.plane}, &gates->filter, trace);
}

namespace check_detail {

namespace {

std::string status_text(const PlanResult& p) {
  std::string s = to_string(p.status);
  if (p.failure) s += " (" + std::string(to_string(p.failure->reason)) + ")";
  if (p.status != Status::Failed) s += ", " + metres(p.funnel.length);
  return s;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "nothing" : out;
}

// The ids of `names` the plan's doors and areas hold (`want` true) or lack (false).
std::vector<std::string> held(const std::vector<std::string>& names, const CaseResult& r, bool want) {
  std::vector<std::string> out;
  for (const std::string& n : names) {
    const bool in =
        std::binary_search(r.doors.begin(), r.doors.end(), n) || std::binary_search(r.areas.begin(), r.areas.end(), n);
    if (in == want) out.push_back(n);
  }
  return out;
}

void check_plan(const CheckCase& c, const PlanResult& p, CaseResult& r) {
  const PlanExpect& e = c.plan;
  const bool has_path = p.status != Status::Failed;
  if (e.status) add_check(r, "status", p.status == *e.status, status_text(p), to_string(*e.status));
  if (e.reason)
    add_check(r, "reason", p.failure && p.failure->reason == *e.reason,
              p.failure ? to_string(p.failure->reason) : "none", to_string(*e.reason));
  if (e.length)
    add_check(r, "length", has_path && e.length->holds(p.funnel.length), has_path ? metres(p.funnel.length) : "no path",
              expected_text(*e.length, "m"));
  if (!e.through.empty()) {
    const std::vector<std::string> missing = held(e.through, r, false);
    add_check(r, "through", has_path && missing.empty(), "crosses " + joined(r.doors) + "; areas " + joined(r.areas),
              "through " + joined(e.through));
  }
  if (!e.not_through.empty()) {
    const std::vector<std::string> crossed = held(e.not_through, r, true);
    add_check(r, "not_through", crossed.empty(),
              crossed.empty() ? "crosses none of them" : "crosses " + joined(crossed),
              "not through " + joined(e.not_through));
  }
  if (e.time)
    add_check(r, "time", has_path && e.time->holds(p.motion.profile.total_time),
              has_path ? seconds(p.motion.profile.total_time) : "no path", expected_text(*e.time, "s"));
}

// `run` planned with the optimal comparison (PipelineOptions::optimal).
void check_ratio(const CheckCase& c, const PipelineRun& run, CaseResult& r) {
  const PlanResult& p = run.plan;
  const double limit = *c.plan.max_length_ratio;
  const std::string expected = "at most " + num(limit, kExactDigits) + " times the shortest path";
  if (p.status == Status::Failed) return add_check(r, "max_length_ratio", false, "no path", expected);
  const std::optional<PolyanyaResult>& o = run.optimal;
  if (!o || !(o->length > 0.0))
    return add_check(r, "max_length_ratio", false,
                     "no shortest path to compare with (a graph scene, off-mesh links or no exact path)", expected);
  r.optimal_length = o->length;
  const double ratio = p.funnel.length / o->length;
  add_check(r, "max_length_ratio", ratio <= limit, fmt("%.4f", ratio) + " (shortest " + metres(o->length) + ")",
            expected);
}

// The step that decided a failed plan case, for the app's timeline and the output line.
Decision plan_decision(const CheckCase& c, const Scene& scene, const NavMesh& mesh, const DoorOverrides& doors,
                       const PlanResult& p, const PlanTrace& trace, const CaseResult& r) {
  if (p.status != Status::Complete) return plan_failure_step(p, trace, mesh);
  auto failed = [&](const char* what) {
    return std::any_of(r.checks.begin(), r.checks.end(),
                       [&](const ExpectResult& x) { return !x.passed && x.what == std::string(what); });
  };
  if (failed("not_through")) {
    const std::vector<std::string> crossed = held(c.plan.not_through, r, true);
    if (!crossed.empty()) return crossing_step(scene, mesh, doors, p, trace, crossed.front());
  }
  if (failed("time") && !failed("length") && !failed("status")) return profile_total_step(trace, mesh);
  return corridor_step(trace, mesh);
}

}  // namespace

void run_plan_case(const CheckCase& c, const Scene& scene, const NavMesh& mesh, CaseResult& r) {
  Result<CaseState> st = case_state(c.query, scene, mesh);
  if (!st) {
    r.error = st.error();
    return;
  }
  PlanRequest req{c.query.start, c.query.goal, st->doors};
  const PipelineRun run =
      run_pipeline(st->scene, mesh, req, {.trace = true, .optimal = c.plan.max_length_ratio.has_value()});
  const PlanResult& p = run.plan;
  const PlanTrace& trace = run.trace;
  r.status = p.status;
  r.failure = p.failure;
  r.length = p.status == Status::Failed ? 0.0 : p.funnel.length;
  r.time = p.status == Status::Failed ? 0.0 : p.motion.profile.total_time;
  r.doors = doors_crossed(st->scene, mesh, st->doors, p.search.corridor);
  r.areas = areas_crossed(mesh, p.search.corridor);
  r.path = p.funnel.points;
  check_plan(c, p, r);
  if (c.plan.max_length_ratio) check_ratio(c, run, r);
  if (std::all_of(r.checks.begin(), r.checks.end(), [](const ExpectResult& x) { return x.passed; })) return;
  const Decision d = plan_decision(c, st->scene, mesh, st->doors, p, trace, r);
  r.decided_by = d.step;
  r.decided_text = d.text;
}

void run_raycast_case(const CheckCase& c, const Scene& scene, const NavMesh& mesh, CaseResult& r) {
  RaycastTrace trace;
  const Result<RaycastResult> cast_ray = case_raycast(c.query, scene, mesh, &trace);
  r.ray = cast_ray ? cast_ray.value() : RaycastResult{};
  const RaycastResult& ray = r.ray;
  const bool cast = cast_ray && ray.outcome != RaycastOutcome::Missed;
  r.cast = cast;
  r.path = {c.query.start.plane, cast ? ray.hit : c.query.start.plane};
  const std::string figure =
      !cast ? (cast_ray ? "the ray misses its start polygon" : cast_ray.error())
            : std::string(ray.outcome == RaycastOutcome::Wall      ? "stops at a wall after "
                          : ray.outcome == RaycastOutcome::Blocked ? "stops at a barred edge after "
                                                                   : "clear, ") +
                  metres(ray.length) + ", " + std::to_string(ray.polys.size()) +
                  (ray.polys.size() == 1 ? " polygon" : " polygons") +
                  (ray.blocked_by.empty() ? "" : " (" + ray.blocked_by + ")");
  if (c.ray.start_on_mesh)
    add_check(r, "start_on_mesh", cast == *c.ray.start_on_mesh, figure,
              *c.ray.start_on_mesh ? "a ray cast from the mesh" : "a start off the mesh");
  else if (!cast)
    add_check(r, "start_on_mesh", false, figure, "a ray cast from the mesh");
  if (cast && c.ray.hit)
    add_check(r, "hit", ray.hit_something() == *c.ray.hit, figure, *c.ray.hit ? "a hit before the end" : "clear");
  if (cast && c.ray.distance)
    add_check(r, "distance", c.ray.distance->holds(ray.length), metres(ray.length),
              expected_text(*c.ray.distance, "m"));
  if (trace.steps.empty() ||
      std::all_of(r.checks.begin(), r.checks.end(), [](const ExpectResult& x) { return x.passed; }))
    return;
  r.decided_by = StepRef{"raycast", int(trace.steps.size())};
  r.decided_text = trace.steps.back().describe(mesh, trace);
}

}  // namespace check_detail
}  // namespace navlab

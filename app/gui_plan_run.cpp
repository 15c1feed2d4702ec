// Runs the core stages for the app and keeps every result and record. The pipeline (plan.h) gives
// locate and search; portals, funnel, clearance path, turns and the speed profile are the core's own
// stage functions called in order on its results. Nothing here decides anything a stage decides.
#include <chrono>

#include "clearance_path.h"
#include "coverage.h"
#include "gui_doc.h"
#include "gui_plan.h"
#include "plan.h"

namespace navlab::app {

void PlanView::run(const Document& doc) {
  *this = PlanView{};
  if (!doc.loaded() || !doc.start || !doc.goal) return;
  const auto t0 = std::chrono::steady_clock::now();
  ran = true;
  PlanRequest req;
  req.start = *doc.start;
  req.goal = *doc.goal;
  PlanTrace trace;
  const PlanResult r = plan(doc.scene, doc.mesh, req, &trace);
  status = r.status;
  failure = r.failure;
  search = r.search;
  search_trace = std::move(trace.search);
  for (size_t i = 0; i < search_trace.steps.size(); ++i) steps.push_back({Stage::Search, int(i)});
  has_start = r.locate.start.ok();
  has_goal = r.locate.goal.ok();
  start = has_start ? r.locate.start.point : doc.start->plane;
  goal = has_goal ? r.locate.goal.point : doc.goal->plane;

  const bool polygons = doc.mesh.kind == NavMesh::Kind::Polygons;
  auto finish = [&] {
    plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  };
  if (r.status == Status::Failed || search.corridor.empty() || !polygons) return finish();

  const PortalsResult pr = build_portals(doc.mesh, search.corridor, start, r.end_point, r.end_height);
  if (!pr.ok()) {
    status = Status::Failed;
    failure = pr.failure;
    return finish();
  }
  portals = pr.portals;
  midpoints = midpoint_path(start, portals);
  funnel = navlab::funnel(start, portals, &funnel_trace);
  for (size_t i = 0; i < funnel_trace.steps.size(); ++i) steps.push_back({Stage::Funnel, int(i)});
  if (!funnel.ok()) {
    status = Status::Failed;
    failure = funnel.failure;
    return finish();
  }
  const ClearanceResult cl = clearance_path(start, portals, doc.scene.agent.inner_corner);
  if (!cl.ok()) {
    status = Status::Failed;
    failure = cl.failure;
    return finish();
  }
  clearance = cl.path.points;
  const CorridorShape shape = corridor_shape(doc.mesh, search.corridor);
  TurnsResult tr = fit_turns(clearance, shape, doc.scene.agent, &turn_trace);
  for (size_t i = 0; i < turn_trace.steps.size(); ++i) steps.push_back({Stage::Turns, int(i)});
  if (!tr.ok()) {
    status = Status::Failed;
    failure = tr.failure;
    return finish();
  }
  smooth = std::move(tr.path);
  profile = speed_profile(smooth, doc.scene.agent, &profile_trace);
  for (size_t i = 0; i < profile_trace.steps.size(); ++i) steps.push_back({Stage::Profile, int(i)});
  if (!profile.ok()) {
    status = Status::Failed;
    failure = profile.failure;
  }
  finish();
}

}  // namespace navlab::app

// Runs the planning pipeline (core/pipeline/pipeline.h) for the app and keeps every stage's result and records.
#include <chrono>

#include "gui_doc.h"
#include "gui_plan.h"
#include "pipeline.h"

namespace navlab::app {

void PlanView::run(const Document& doc, bool live) {
  *this = PlanView{};
  if (!doc.loaded() || !doc.start || !doc.goal) return;
  const auto t0 = std::chrono::steady_clock::now();
  ran = true;
  PlanRequest req;
  req.start = *doc.start;
  req.goal = *doc.goal;
  // A live run (a point being dragged) plans alone; the stages beside the plan follow in finish_extras().
  PipelineRun r = run_pipeline(doc.scene, doc.mesh, req, {.trace = true, .channel = !live, .optimal = !live});
  plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

  polyanya_is_search = r.polyanya_is_search;
  trace = std::move(r.trace);
  status = r.plan.status;
  failure = r.plan.failure;
  const LocateResult& located = r.plan.locate;
  has_start = located.start.ok();
  start_poly = located.start.poly;
  has_goal = located.goal.ok();
  start = has_start ? located.start.point : doc.start->plane;
  goal = has_goal ? located.goal.point : doc.goal->plane;
  start_height = has_start ? located.start.height : doc.start->height;
  goal_height = has_goal ? located.goal.height : doc.goal->height;
  if (live) {
    extras_pending = true;
    pending_ = r.plan;
    pending_mesh_ = doc.mesh_revision;
  } else {
    keep_beside(r);
  }
  PlanResult& p = r.plan;
  search = std::move(p.search);
  portals = std::move(p.portals);
  midpoints = std::move(p.midpoints);
  funnel = std::move(p.funnel);
  clearance = std::move(p.motion.clearance.path.points);
  clearance_portals = std::move(p.motion.clearance.portals);
  smooth = std::move(p.motion.turns.path);
  profile = std::move(p.motion.profile);
  profile_samples = profile.samples();
  if (channel) channel_samples = channel->profile.samples();

  if (!doc.bake_stages.polygons.empty())
    for (int k = 0; k < kBakeStageCount; ++k)
      bake_trace.push_back({BakeStage(k), doc.bake_stages.describe(BakeStage(k))});

  add_steps(false);
  if (!live) add_steps(true);
  run_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void PlanView::keep_beside(PipelineRun& r) {
  channel = std::move(r.channel);
  smoothing = std::move(r.smoothing);
  if (r.optimal) {
    optimal = std::move(r.optimal->path);
    optimal_length = r.optimal->length;
    optimal_expanded = r.optimal->expanded;
  }
  optimal_trace = std::move(r.exact);
  channel_ms = r.channel_ms;
  optimal_ms = r.optimal_ms;
}

void PlanView::add_steps(bool beside) {
  const PlanRecords all = records();
  for (Stage st : stage_order(polyanya_is_search)) {
    if (stage_beside_plan(st, polyanya_is_search) != beside) continue;
    const size_t before = steps.size();
    append_stage_rows(all, st, steps);
    if (steps.size() > before) spans_[size_t(st)] = {int(before), int(steps.size() - before)};
  }
}

void PlanView::finish_extras(const Document& doc) {
  if (!extras_pending || !pending_) return;
  // The mesh was replaced since (tiles rebuilt, the plan kept and renumbered): plan on it in full.
  if (pending_mesh_ != doc.mesh_revision) return run(doc);
  const auto t0 = std::chrono::steady_clock::now();
  PipelineRun r;
  r.plan = std::move(*pending_);
  r.polyanya_is_search = polyanya_is_search;
  if (polyanya_is_search) r.exact = std::move(optimal_trace);  // the plan's own search, kept
  PlanRequest req;
  req.start = *doc.start;
  req.goal = *doc.goal;
  run_beside_plan(doc.scene, doc.mesh, req, {.trace = true, .channel = true, .optimal = true}, r);
  keep_beside(r);
  if (channel) channel_samples = channel->profile.samples();
  add_steps(true);
  pending_.reset();
  extras_pending = false;
  run_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace navlab::app

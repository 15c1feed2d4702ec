// Runs the planning pipeline (plan.h) for the app and keeps every stage's result and records.
#include <chrono>

#include "channel_plan.h"
#include "gui_doc.h"
#include "gui_plan.h"
#include "plan.h"
#include "plan_optimal.h"

namespace navlab::app {

void PlanView::run(const Document& doc, bool live) {
  *this = PlanView{};
  if (!doc.loaded() || !doc.start || !doc.goal) return;
  const auto t0 = std::chrono::steady_clock::now();
  ran = true;
  PlanRequest req;
  req.start = *doc.start;
  req.goal = *doc.goal;
  PlanTrace trace;
  PlanResult r = plan(doc.scene, doc.mesh, req, &trace);
  plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

  status = r.status;
  failure = r.failure;
  has_start = r.locate.start.ok();
  start_poly = r.locate.start.poly;
  has_goal = r.locate.goal.ok();
  start = has_start ? r.locate.start.point : doc.start->plane;
  goal = has_goal ? r.locate.goal.point : doc.goal->plane;
  start_height = has_start ? r.locate.start.height : doc.start->height;
  goal_height = has_goal ? r.locate.goal.height : doc.goal->height;
  if (live) {
    extras_pending = true;
    pending_ = r;
    pending_mesh_ = doc.mesh_revision;
  } else {
    run_extras(doc, r);
  }
  locate_trace = std::move(trace.locate);
  search = std::move(r.search);
  search_trace = std::move(trace.search);
  portals = std::move(r.portals);
  midpoints = std::move(r.midpoints);
  funnel = std::move(r.funnel);
  funnel_trace = std::move(trace.funnel);
  clearance = std::move(r.motion.clearance.path.points);
  clearance_trace = std::move(trace.motion.clearance);
  smooth = std::move(r.motion.turns.path);
  turn_trace = std::move(trace.motion.turns);
  profile = std::move(r.motion.profile);
  profile_trace = std::move(trace.motion.profile);
  profile_samples = profile.samples();
  if (channel) channel_samples = channel->profile.samples();

  if (!doc.bake_stages.polygons.empty())
    for (int k = 0; k < kBakeStageCount; ++k) bake_trace.push_back({BakeStage(k), doc.bake_stages.describe(BakeStage(k))});

  for (size_t i = 0; i < bake_trace.size(); ++i) steps.push_back({Stage::Bake, int(i)});
  for (size_t i = 0; i < locate_trace.size(); ++i) steps.push_back({Stage::Locate, int(i)});
  for (size_t i = 0; i < search_trace.steps.size(); ++i) steps.push_back({Stage::Search, int(i)});
  for (size_t i = 0; i < funnel_trace.steps.size(); ++i) steps.push_back({Stage::Funnel, int(i)});
  for (size_t i = 0; i < clearance_trace.steps.size(); ++i) steps.push_back({Stage::Clearance, int(i)});
  for (size_t i = 0; i < turn_trace.steps.size(); ++i) steps.push_back({Stage::Turns, int(i)});
  for (size_t i = 0; i < profile_trace.steps.size(); ++i) steps.push_back({Stage::Profile, int(i)});
  add_extra_steps();
  run_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void PlanView::run_extras(const Document& doc, const PlanResult& r) {
  const DoorOverrides scene_doors;  // the doors as the scene has them, as the plan ran
  PolyanyaTrace exact;
  const auto t0 = std::chrono::steady_clock::now();
  if (const std::optional<PolyanyaResult> o = optimal_for(doc.scene, doc.mesh, r, scene_doors, &exact);
      o && o->status == Status::Complete) {
    optimal = o->path;
    optimal_length = o->length;
    optimal_expanded = o->expanded;
  }
  const auto t1 = std::chrono::steady_clock::now();
  optimal_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  if (doc.mesh.kind == NavMesh::Kind::Polygons && r.status != Status::Failed && r.funnel.points.size() >= 2) {
    ChannelPlanTrace smoothing;
    channel = plan_channel(doc.scene, doc.mesh, r, scene_doors, &smoothing);
    channel_trace = std::move(smoothing.channel);
    spline_trace = std::move(smoothing.spline);
  }
  channel_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count();
  optimal_trace = std::move(exact);
}

void PlanView::add_extra_steps() {
  for (size_t i = 0; i < channel_trace.steps.size(); ++i) steps.push_back({Stage::Channel, int(i)});
  for (size_t i = 0; i < spline_trace.steps.size(); ++i) steps.push_back({Stage::Spline, int(i)});
  for (size_t i = 0; i < optimal_trace.steps.size(); ++i) steps.push_back({Stage::Polyanya, int(i)});
}

void PlanView::finish_extras(const Document& doc) {
  if (!extras_pending || !pending_) return;
  // The mesh was replaced since (tiles rebuilt, the plan kept and renumbered): plan on it in full.
  if (pending_mesh_ != doc.mesh_revision) return run(doc);
  const auto t0 = std::chrono::steady_clock::now();
  run_extras(doc, *pending_);
  add_extra_steps();
  pending_.reset();
  extras_pending = false;
  run_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace navlab::app

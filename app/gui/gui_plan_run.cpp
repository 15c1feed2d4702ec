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
  search = std::move(r.search);
  portals = std::move(r.portals);
  midpoints = std::move(r.midpoints);
  funnel = std::move(r.funnel);
  clearance = std::move(r.motion.clearance.path.points);
  clearance_portals = std::move(r.motion.clearance.portals);
  smooth = std::move(r.motion.turns.path);
  profile = std::move(r.motion.profile);
  profile_samples = profile.samples();
  if (channel) channel_samples = channel->profile.samples();

  if (!doc.bake_stages.polygons.empty())
    for (int k = 0; k < kBakeStageCount; ++k) bake_trace.push_back({BakeStage(k), doc.bake_stages.describe(BakeStage(k))});

  add_steps({Stage::Bake, Stage::Locate, Stage::Search, Stage::Funnel, Stage::Clearance, Stage::Turns, Stage::Profile});
  add_steps({Stage::Channel, Stage::Spline, Stage::Polyanya});
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
    channel = plan_channel(doc.scene, doc.mesh, r, scene_doors, &smoothing);
  }
  channel_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count();
  optimal_trace = std::move(exact);
}

void PlanView::add_steps(std::initializer_list<Stage> stages) {
  const PlanRecords all = records();
  for (Stage st : stages) append_stage_rows(all, st, steps);
}

void PlanView::finish_extras(const Document& doc) {
  if (!extras_pending || !pending_) return;
  // The mesh was replaced since (tiles rebuilt, the plan kept and renumbered): plan on it in full.
  if (pending_mesh_ != doc.mesh_revision) return run(doc);
  const auto t0 = std::chrono::steady_clock::now();
  run_extras(doc, *pending_);
  add_steps({Stage::Channel, Stage::Spline, Stage::Polyanya});
  pending_.reset();
  extras_pending = false;
  run_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace navlab::app

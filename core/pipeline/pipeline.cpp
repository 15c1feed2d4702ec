#include "pipeline.h"

#include <algorithm>
#include <chrono>

#include "plan_optimal.h"

namespace navlab {

PipelineRun run_pipeline(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
                         const PipelineOptions& options) {
  PipelineRun run;
  PlanTrace* const trace = options.trace ? &run.trace : nullptr;
  run.polyanya_is_search = scene.search.algorithm == Algorithm::Polyanya;
  if (run.polyanya_is_search)
    run.plan = plan_optimal(scene, mesh, request, trace, options.trace ? &run.exact : nullptr).plan;
  else
    run.plan = plan(scene, mesh, request, trace);
  run_beside_plan(scene, mesh, request, options, run);
  return run;
}

namespace {

// The scene as the channel sees it at time t: the blockers where they are then (the scene itself when
// none moves).
const Scene& scene_at(const Scene& scene, double t, std::optional<Scene>& moved) {
  const bool moving = t != 0.0 && std::any_of(scene.blockers.begin(), scene.blockers.end(), [](const Blocker& b) {
                        return b.velocity.x != 0.0 || b.velocity.y != 0.0;
                      });
  if (!moving) return scene;
  moved = scene;
  for (Blocker& b : moved->blockers) b.center.plane = b.center.plane + b.velocity * t;
  return *moved;
}

}  // namespace

void run_beside_plan(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
                     const PipelineOptions& options, PipelineRun& run) {
  using Clock = std::chrono::steady_clock;
  const auto ms_since = [](Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  };
  const auto t0 = Clock::now();
  if (options.channel && channel_applies(mesh, run.plan)) {
    std::optional<Scene> moved;
    run.channel = plan_channel(scene_at(scene, options.blockers_time, moved), mesh, run.plan, request.doors,
                               options.trace ? &run.smoothing : nullptr);
  }
  run.channel_ms = ms_since(t0);
  const auto t1 = Clock::now();
  if (options.optimal) {
    // When Polyanya was the search its records are already the plan's; the comparison is not traced again.
    PolyanyaTrace* const exact = options.trace && !run.polyanya_is_search ? &run.exact : nullptr;
    if (std::optional<PolyanyaResult> o = optimal_for(scene, mesh, run.plan, request.doors, exact);
        o && o->status == Status::Complete)
      run.optimal = std::move(o);
  }
  run.optimal_ms = ms_since(t1);
}

}  // namespace navlab

#include "pipeline.h"

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

void run_beside_plan(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
                     const PipelineOptions& options, PipelineRun& run) {
  using Clock = std::chrono::steady_clock;
  const auto ms_since = [](Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  };
  const auto t0 = Clock::now();
  if (options.channel && channel_applies(mesh, run.plan))
    run.channel = plan_channel(scene, mesh, run.plan, request.doors, options.trace ? &run.smoothing : nullptr);
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

// The planning chain composed in one place: a query through the scene's search (A*, Dijkstra or
// Polyanya) → corridor → portals → funnel → corners and arcs → speed profile, and beside it, when asked,
// the channel smoothing (channel, circle-arc spline and its profile) and the exact shortest path for
// comparison. The app, `navlab plan`, the follower (core/dynamic), the lessons and the check runner all
// plan through run_pipeline(), so what one of them shows is what the others print and the agent walks.
#pragma once

#include <optional>

#include "channel_plan.h"
#include "navmesh.h"
#include "plan.h"
#include "polyanya.h"
#include "scene.h"
#include "stages.h"

namespace navlab {

struct PipelineOptions {
  bool trace = false;    // keep every stage's step records
  bool channel = false;  // the channel smoothing beside the arcs (polygon meshes, a plan with a path)
  bool optimal = false;  // the exact shortest path beside the plan, for comparison
  // The channel sees the scene's moving blockers where they are at this time (s; the follower's clock).
  double blockers_time = 0.0;
};

struct PipelineRun {
  PlanResult plan;
  // The scene's search is Polyanya: the plan's corridor came from the exact shortest path, and the
  // Polyanya records are the plan's own search (they follow the locate rows in the timeline).
  bool polyanya_is_search = false;
  std::optional<ChannelPlan> channel;         // asked for, and the plan had a funnel path on polygons
  std::optional<PolyanyaResult> optimal;      // asked for, and the plan had a corridor to compare with
  PlanTrace trace;                            // records, when options.trace
  ChannelPlanTrace smoothing;                 // the channel's and spline's records, when traced
  PolyanyaTrace exact;                        // Polyanya's records (the plan's search or the comparison)
  double channel_ms = 0.0, optimal_ms = 0.0;  // wall time of the channel smoothing and of the comparison

  // The records as the timeline and the trace read them (core/narration/stages.h).
  PlanRecords records() const { return {&trace, &smoothing, &exact, 0}; }
};

// Plans `request` (its doors over the scene's) on `mesh` and runs what `options` asks beside it.
PipelineRun run_pipeline(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
                         const PipelineOptions& options = {});

// The stages beside a plan already in `run` (the channel smoothing and the optimal comparison, as
// `options` asks), for a caller that defers them (the app while a point is being dragged).
void run_beside_plan(const Scene& scene, const NavMesh& mesh, const PlanRequest& request,
                     const PipelineOptions& options, PipelineRun& run);

}  // namespace navlab

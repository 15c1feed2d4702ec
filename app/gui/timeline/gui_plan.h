// What the app shows of a plan: the results and step records of every stage, copied from the core
// pipeline (plan.h), and the timeline that indexes every recorded step across stages. The app reads
// these records; it never recomputes a stage.
#pragma once

#include <array>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bake_stages.h"
#include "channel_plan.h"
#include "clearance_path.h"
#include "funnel.h"
#include "locate.h"
#include "pipeline.h"
#include "polyanya.h"
#include "portals.h"
#include "profile.h"
#include "result.h"
#include "search.h"
#include "stages.h"
#include "turns.h"

namespace navlab::app {

struct Document;
class Viewport;
struct Theme;

// The timeline's stages (core/narration/stages.h: one table for the trace, the timeline, `render --step`,
// scripts and lessons). Bake: the Recast stages of the bake the mesh came from (baked scenes only),
// first on the timeline.
using Stage = StageId;
inline const char* stage_name(Stage s) { return to_string(s); }

// One Recast stage on the timeline: which, and its sentence (BakeStages::describe).
struct BakeTimelineStep {
  BakeStage stage = BakeStage::Input;
  std::string sentence;
};

// One step of the timeline: its stage and its place among that stage's steps (StepRow).
using TimelineStep = StepRow;

// Where the timeline stands: the step shown, playback, and the arc length the mouse points at in the
// velocity plot or on the path (the plot and the map mark the same place).
struct Playback {
  int step = 0;  // current timeline index (PlanView::steps.size() = the end, everything shown)
  bool playing = false;
  double clock = 0.0;        // playback not yet shown, in steps (frame time x playback speed)
  double hover_s = -1.0;     // arc length hovered in the plot or on the path (m), -1 none (last frame)
  double hover_next = -1.0;  // collected during this frame
};

struct PlanView {
  bool ran = false;
  Status status = Status::Failed;
  std::optional<Failure> failure;
  Vec2 start, goal;                              // located points in the plane, m
  double start_height = 0.0, goal_height = 0.0;  // their world heights (3D meshes), m
  bool has_start = false, has_goal = false;
  int start_poly = -1;   // polygon (graph node) the start was located in, from the locate record; -1 off the mesh
  double plan_ms = 0.0;  // time the pipeline took, ms
  double run_ms = 0.0;   // time the whole run took (the pipeline, the shortest path, the channel), ms
  // A live run (a drag under way) plans the pipeline only: the shortest path and the channel, which do
  // not steer the agent, are left for finish_extras() when the drag ends.
  bool extras_pending = false;

  // Every stage's step records, locate to profile (the timeline's rows: core/narration/stages.h).
  bool polyanya_is_search = false;  // the scene's search is Polyanya (its rows follow locate's)
  PlanTrace trace;
  SearchResult search;
  std::vector<Portal> portals;
  std::vector<Vec2> midpoints;  // the naive midpoint path
  FunnelResult funnel;
  std::vector<Vec2> clearance;            // the clearance path (portals shrunk by the inner-corner distance)
  std::vector<Portal> clearance_portals;  // the shrunk portals the clearance funnel went through
  SmoothPath smooth;
  Profile profile;
  std::vector<ProfileSample> profile_samples;  // profile.samples(), made once for the plot
  std::vector<ProfileSample> channel_samples;  // the same for channel->profile

  // The exact shortest path from the located start to the corridor's end (Polyanya, under the same
  // doors and areas) and its length, m; empty when there is none.
  std::vector<Vec2> optimal;
  double optimal_length = 0.0;
  PolyanyaTrace optimal_trace;  // its search: nodes popped (interval and root), pushed, pruned; the goal
  int optimal_expanded = 0;     // its nodes popped
  double optimal_ms = 0.0;      // the time it took, ms
  double channel_ms = 0.0;      // the time the channel and its spline took, ms

  // The channel around the funnel path and the circle-arc spline fitted in it (docs/channel.md, the same doors;
  // polygon meshes whose plan has a funnel path), beside the arcs, and its records: the gates placed and
  // shrunk, sections checked, splits; the pegs placed and relaxed, channels fitted, the mode chosen.
  std::optional<ChannelPlan> channel;
  ChannelPlanTrace smoothing;

  std::vector<BakeTimelineStep> bake_trace;  // the document's bake stages in order (baked scenes only)

  // The timeline's rows. Appended to by add_steps() only, a stage's rows together, so each stage's rows
  // are one run of them: first_step() and count() read where each run begins and its length from
  // `spans_` instead of walking the rows (a long route at 100k has hundreds of thousands, and the
  // panels ask every frame).
  std::vector<TimelineStep> steps;

 private:
  struct StageSpan {
    int first = -1;  // index of the stage's first row, -1: none
    int count = 0;
  };
  std::array<StageSpan, std::size(kStageTable)> spans_{};
  // The plan of a live run and the mesh it ran on, kept for finish_extras().
  std::optional<PlanResult> pending_;
  long pending_mesh_ = 0;  // Document::mesh_revision
  // Keeps what the pipeline ran beside the plan (the channel smoothing, the optimal comparison).
  void keep_beside(PipelineRun& run);
  // Appends to the timeline the rows of the stages in the plan (`beside` false) or beside it (true).
  void add_steps(bool beside);

 public:
  // Plans the document's current query (nothing when it has no start or goal). `live`: the pipeline
  // only, the shortest path and the channel pending (extras_pending).
  void run(const Document& doc, bool live = false);
  // Runs the pending shortest path and channel of a live run, on the same plan (nothing when none is
  // pending), and adds their steps to the end of the timeline.
  void finish_extras(const Document& doc);
  // The records the timeline's rows index.
  PlanRecords records() const;
  // The sentence of timeline step i (`mesh`, the plan's, names the search's nodes).
  std::string describe(int i, const NavMesh& mesh) const;
  // Index of the first timeline step of a stage, or -1.
  int first_step(Stage s) const;
  // Number of steps of a stage.
  int count(Stage s) const;
  // Arc length (m) of the smoothed path point nearest to `p` within `radius` m, or -1.
  double nearest_s(Vec2 p, double radius) const;
  // The smoothed path's point at arc length s (m).
  Vec2 point_at(double s) const;
};

// Timeline step `step` as "STAGE:N" names it: {"stage": NAME, "index": N} (N from 1), or null at the end.
nlohmann::json step_ref_json(const PlanView& plan, int step);

// What the complete plan shows (the compare view draws one path method alone).
struct PlanLayers {
  bool corridor = true;  // the corridor's polygons and its portals
  bool funnel = true;    // the funnel path
  bool smooth = true;    // the clearance path, arcs and stop-turns
};

// Draws the plan as of timeline step `step` (steps.size(): complete) into the viewport's plan layer and
// overlay. `hover_s` (m, -1 none) marks a point on the path.
void draw_plan(Viewport& view, const Document& doc, const PlanView& plan, int step, const Theme& theme,
               bool show_midpoints, double hover_s, const PlanLayers& layers = {});

// Draws PlanView::optimal (the exact shortest path) over the plan.
void draw_optimal(Viewport& view, const PlanView& plan, const Theme& theme);

// Draws PlanView::channel over the plan: every gate of every channel, and the spline.
void draw_channel(Viewport& view, const PlanView& plan, const Theme& theme);
// Draws the channel or spline stage as of its record `index` (gui_draw_channel.cpp): the gates and
// sections recorded so far, or the channel with the pegs placed so far; the record's own shape stands out.
void draw_channel_step(Viewport& view, const PlanView& plan, Stage stage, int index, const Theme& theme);
// Draws the Polyanya search as of its record `index` (gui_draw_polyanya.cpp): the intervals popped so
// far (the wavefront), the record's interval with its root and the rays that bound what the root sees,
// and the shortest path once it is found.
void draw_polyanya_step(Viewport& view, const PlanView& plan, int index, const Theme& theme);

// A caption across the top of the viewport (the current step's sentence), wrapped to its width.
void draw_caption(Viewport& view, const std::string& text, const Theme& theme);

}  // namespace navlab::app

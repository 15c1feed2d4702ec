// The circle-arc spline fitted in a channel (docs/channel.md): arcs and
// segments, tangent-continuous, never leaving the channel, with a computation mode that says how good
// it is.
//
// Each Turn gate of a channel is a peg: a circle of the preferred radius R (agent.turn_radius) placed
// on the inner side of the corner so that the spline passes DistanceToInnerCorner(gate width) from the
// inner corner, on the gate. The spline is the string pulled around the pegs: from the channel's first
// gate to its last, a tangent segment between consecutive circles (outer or crossing tangents by the
// turn directions) and an arc on each circle. Where a piece leaves the channel (or two circles leave no
// tangent, or an arc would wrap past a half turn), the pegs involved are relaxed: first R shrinks
// (×kRadiusRelax, down to SplineDef::min_radius), then the distance to the inner corner halves.
//
// Modes: Optimal (no relaxation, one channel over the whole path), SubOptimal (something relaxed, or
// parts of the path outside any channel, followed as they are: their joins are stop-turns), Degraded
// (a channel could not be fitted, or no channel exists: the spline is the funnel path itself).
// Frozen, OutOfNavMesh and Failure come from update_spline() (spline_update.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "agent.h"
#include "channel.h"
#include "enum_names.h"
#include "geom.h"
#include "turns.h"

namespace navlab {

enum class SplineMode { Optimal, SubOptimal, Degraded, Frozen, OutOfNavMesh, Failure };
// "optimal", "suboptimal", "degraded", "frozen", "out_of_navmesh", "failure"
inline constexpr Named<SplineMode> kSplineModeNames[] = {
    {SplineMode::Optimal, "optimal"}, {SplineMode::SubOptimal, "suboptimal"},       {SplineMode::Degraded, "degraded"},
    {SplineMode::Frozen, "frozen"},   {SplineMode::OutOfNavMesh, "out_of_navmesh"}, {SplineMode::Failure, "failure"},
};
static_assert(names_cover(kSplineModeNames, SplineMode::Failure));
inline const char* to_string(SplineMode v) { return name_in(kSplineModeNames, v); }

struct SplinePiece {
  enum class Kind { Segment, Arc };
  Kind kind = Kind::Segment;
  Vec2 from, to;                 // m
  Vec2 center;                   // Arc
  double radius = 0.0;           // Arc, m
  bool ccw = true;               // Arc: turns counter-clockwise
  double sweep = 0.0;            // Arc: |turned angle|, rad in [0, π]
  double length() const;         // m
  Vec2 point(double u) const;    // u in [0, 1]
  Vec2 tangent(double u) const;  // unit direction of travel
  Arc arc() const;               // Arc: as coverage.h's Arc (signed sweep)
  friend bool operator==(const SplinePiece&, const SplinePiece&) = default;
};

struct Spline {
  SplineMode mode = SplineMode::Failure;
  std::vector<SplinePiece> pieces;  // end to end, in order
  double length = 0.0;              // m
  bool recompute_needed = false;    // the caller must plan again (it may still follow `pieces`)
  Vec2 point_at(double s) const;    // position at arc length s (clamped), m
};

struct SplineDef {
  double turn_radius = 1.0;  // m; preferred arc radius (agent.turn_radius)          [Limit: > 0]
  double min_radius = 0.05;  // m; arcs are relaxed down to this radius              [Limit: > 0]
  std::vector<Vec2> inner_corner = std::vector<Vec2>(1, Vec2{0.4, 0.2});  // DistanceToInnerCorner points
  int max_relax = 60;  // relaxations per channel before the fit is given up (Degraded)
};
// turn_radius and inner_corner from the agent; min_radius = agent.min_turn_radius when the agent cannot
// turn in place (a vehicle), else the default.
SplineDef spline_def(const AgentDef& agent);

// One decision of the spline fit.
//   PegPlaced      the circle at turn gate `gate`: radius, distance to the inner corner, gate width
//   Relaxed        peg `gate` relaxed (radius -> new_radius, or distance -> new_distance): `why`
//   ChannelFitted  channel `channel` fitted with `count` arcs
//   FitFailed      channel `channel` could not be fitted: `why`
//   GapKept        the path between channels (from `at`) is kept as it is
//   TailKept       update: the previous spline is kept for `distance` m ahead
//   TailChanged    update: the new spline does not join the previous one within `distance` m ahead (`why`:
//                  what is followed then; empty: the new spline)
//   ModeChosen     the spline's mode and why
struct SplineStep {
  enum class Kind { PegPlaced, Relaxed, ChannelFitted, FitFailed, GapKept, TailKept, TailChanged, ModeChosen };
  Kind kind = Kind::PegPlaced;
  int channel = -1;
  int gate = -1;
  Vec2 at;
  Vec2 center;                                // PegPlaced, Relaxed: the arc's circle as placed (its radius
  double circle = 0.0;                        //   is the larger of radius and distance), m
  double radius = 0.0, new_radius = 0.0;      // m
  double distance = 0.0, new_distance = 0.0;  // m
  double width = 0.0;                         // m
  int count = 0;
  SplineMode mode = SplineMode::Optimal;
  std::string why;
  std::string describe() const;  // one sentence with its numbers
};
inline constexpr Named<SplineStep::Kind> kSplineStepKindNames[] = {
    {SplineStep::Kind::PegPlaced, "peg_placed"},
    {SplineStep::Kind::Relaxed, "relaxed"},
    {SplineStep::Kind::ChannelFitted, "channel_fitted"},
    {SplineStep::Kind::FitFailed, "fit_failed"},
    {SplineStep::Kind::GapKept, "gap_kept"},
    {SplineStep::Kind::TailKept, "tail_kept"},
    {SplineStep::Kind::TailChanged, "tail_changed"},
    {SplineStep::Kind::ModeChosen, "mode_chosen"},
};
static_assert(names_cover(kSplineStepKindNames, SplineStep::Kind::ModeChosen));
inline const char* to_string(SplineStep::Kind v) { return name_in(kSplineStepKindNames, v); }

struct SplineTrace {
  std::vector<SplineStep> steps;
};

// Appends `st` to `trace` (none: nothing is recorded).
inline void record_to(SplineTrace* trace, SplineStep st) {
  if (trace) trace->steps.push_back(std::move(st));
}

// Fits the spline in every channel of `channels`; the gaps between channels follow channels.path.
// Pure: same input, same output and trace.
Spline fit_spline(const ChannelArray& channels, const SplineDef& def, SplineTrace* trace = nullptr);

// The spline as the speed profile's input (turns.h's SmoothPath): its segments and arcs, and a
// stop-turn wherever two pieces meet at an angle (the joins of a Degraded spline or of a gap).
SmoothPath to_smooth_path(const Spline& spline);

// The part of `spline` between arc lengths s0 and s1 (clamped), pieces cut where needed.
Spline cut(const Spline& spline, double s0, double s1);

}  // namespace navlab

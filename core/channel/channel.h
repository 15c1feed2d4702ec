// The channel (docs/channel.md): a simplified picture of the free space around
// a path, an array of gates. The quad (or triangle) between two consecutive gates is a section; every
// section lies inside the corridor (the navmesh) and is free of obstacles.
//
// Gates come from the funnel path (start, corners..., goal):
//   Start / End    across the path at its first / last point, perpendicular to the first / last segment;
//   Turn           at each funnel corner (a wall vertex): from the corner outwards along the bisector of
//                  the turn to the wall opposite, so the gate measures the free space the turn can use;
//   Intermediate   across long straights, at most ChannelDef::max_gate_spacing apart, so a later turn
//                  can be taken wider.
// Each gate end is found by a ray cast to the corridor walls (at most max_half_width from the path).
// When a section crosses a wall, the reach of its two gates is halved (at most shrink_tries times).
// A section still crossing a wall, a gate narrower than min_width or a section hit by an obstacle
// splits the channel there: the path between the two channels is left as it is (a ChannelArray).
// Pre- and post-channel sections extend the first and last section backwards / forwards: open
// counter-clockwise polylines closed by the first / last gate (the gate moved up to end_reach back or
// forward, narrowed where the navmesh border needs it). An obstacle in the pre (post) section
// invalidates the first (last) section.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "coverage.h"
#include "enum_names.h"
#include "geom.h"

namespace navlab {

struct ChannelDef {
  double max_gate_spacing = 3.0;  // m; straights longer than this get intermediate gates   [Limit: > 0]
  double max_half_width = 5.0;    // m; a gate reaches at most this far from the path        [Limit: > 0]
  double min_width = 0.05;        // m; a narrower gate splits the channel                   [Limit: >= 0]
  int shrink_tries = 6;           // halvings of the gate reach when a section crosses a wall [Limit: >= 0]
  double end_reach = 1.0;         // m; how far the pre / post sections reach beyond the end gates
};

enum class GateKind { Start, Turn, Intermediate, End };
inline constexpr Named<GateKind> kGateKindNames[] = {
    {GateKind::Start, "start"},
    {GateKind::Turn, "turn"},
    {GateKind::Intermediate, "intermediate"},
    {GateKind::End, "end"},
};
static_assert(names_cover(kGateKindNames, GateKind::End));
inline const char* to_string(GateKind v) { return name_in(kGateKindNames, v); }

struct Gate {
  Vec2 left, right;  // gate ends, left / right of the direction of travel, m
  Vec2 at;           // where the path crosses the gate (a Turn gate: the corner), m
  GateKind kind = GateKind::Start;
  int point = -1;          // index in the path: the point `at` (Start, Turn, End) or the segment start
  bool turn_left = false;  // Turn: the path turns counter-clockwise (the corner is the left end)
  double along = 0.0;      // position along the path: point index plus the fraction of the next segment
  double width() const { return distance(left, right); }
};

// An obstacle that may invalidate sections: a closed door (segment or polygon) or a blocker outline.
struct Obstacle {
  std::string id;
  std::vector<Vec2> outline;  // 2 points: a segment; 3+: a polygon, m
};

struct Section {
  std::vector<Vec2> polygon;  // right_i, right_i+1, left_i+1, left_i (repeated points dropped), m
  bool free = true;           // no obstacle intersects it (or its pre / post extension)
  std::string blocked_by;     // !free: the obstacle's id
};

struct Channel {
  std::vector<Gate> gates;        // >= 2
  std::vector<Section> sections;  // gates.size() - 1
  std::vector<Vec2> pre, post;    // open counter-clockwise polylines, closed by the first / last gate
};

struct ChannelArray {
  std::vector<Vec2> path;         // the funnel path the channels were built around, m
  std::vector<Channel> channels;  // in path order; gaps between them follow `path` as it is
};

// One decision of the channel computation.
//   GatePlaced     gate `gate` of kind `kind` at `at`, `width` m wide (`left_reach`/`right_reach`)
//   GateShrunk     section `section` crossed a wall: the reach of its gates is halved (try `count`)
//   SectionChecked section `section` is inside the corridor and free, or `blocked_by` an obstacle
//   Split          the channel ends before section `section`: `why` (narrow gate, wall, obstacle)
struct ChannelStep {
  enum class Kind { GatePlaced, GateShrunk, SectionChecked, Split };
  Kind kind = Kind::GatePlaced;
  int gate = -1;
  int section = -1;
  GateKind gate_kind = GateKind::Start;
  Vec2 at;
  Vec2 left, right;                                      // GatePlaced: the gate's ends, m
  std::array<Vec2, 4> corners{};                         // GateShrunk, SectionChecked, Split: the section, m
  int corner_count = 0;                                  //   (right_i, right_i+1, left_i+1, left_i; 3 or 4 points)
  double width = 0.0;                                    // m
  double left_reach = 0.0, right_reach = 0.0;            // m (GateShrunk: the section's first gate, after halving)
  double next_left_reach = 0.0, next_right_reach = 0.0;  // GateShrunk: its second gate's, after halving, m
  int count = 0;
  bool free = true;
  std::string blocked_by;
  std::string why;
  std::string describe() const;  // one sentence with its numbers
};
inline constexpr Named<ChannelStep::Kind> kChannelStepKindNames[] = {
    {ChannelStep::Kind::GatePlaced, "gate_placed"},
    {ChannelStep::Kind::GateShrunk, "gate_shrunk"},
    {ChannelStep::Kind::SectionChecked, "section_checked"},
    {ChannelStep::Kind::Split, "split"},
};
static_assert(names_cover(kChannelStepKindNames, ChannelStep::Kind::Split));
inline const char* to_string(ChannelStep::Kind v) { return name_in(kChannelStepKindNames, v); }

struct ChannelTrace {
  std::vector<ChannelStep> steps;
};

// Builds the channel array around `path` (the funnel path: >= 2 points, m) inside `shape` (the
// corridor region), with `obstacles` invalidating sections. Pure: same input, same output and trace.
ChannelArray build_channels(const std::vector<Vec2>& path, const CorridorShape& shape,
                            const std::vector<Obstacle>& obstacles, const ChannelDef& def = {},
                            ChannelTrace* trace = nullptr);

// The channel as a region: its sections split into triangles (convex, counter-clockwise) and its
// boundary (the side edges of the sections, the first and the last gate) as walls.
CorridorShape channel_shape(const Channel& channel);

// True when the segment [a, b] lies inside `shape`: it is cut at every wall crossing and the midpoint
// of each piece is tested (as arc_coverage does for arcs).
bool segment_inside(const CorridorShape& shape, Vec2 a, Vec2 b);

// True when polygon (or segment) `a` and polygon `b` overlap with a positive area or cross.
bool outlines_intersect(const std::vector<Vec2>& a, const std::vector<Vec2>& b);

}  // namespace navlab

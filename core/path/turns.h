// Corners of the clearance path become turns: a stop-turn (speed 0, turn in place) or a circle arc
// tangent to both segments. The result is the smoothed path as segments and arcs,
// parameterised by arc length, which the speed profile reads.
//
// Per corner with turning angle θ in (0, π) and radius R, the arc's tangent points lie
// trim = R·tan(θ/2) from the corner. An arc is accepted only when arc_coverage() finds it inside the
// corridor; otherwise R shrinks (×0.8, the last try at exactly min_turn_radius) and the arc is tried
// again; below min_turn_radius the corner has no arc. Two corners share the segment between them: when
// their trims exceed its length, both radii are scaled by the same ratio, coverage is re-checked, and
// every shared segment is checked again until all hold.
//
// Joint corners: consecutive corners that turn the same way and lie closer together than their arcs
// need at min_turn_radius (the segment between them shorter than the sum of their trims at that radius;
// e.g. a path that passes a wall vertex where several portals meet bends a little at each) are fitted as
// one: an arc over the combined turn, tangent to the segment before the first and the one after the
// last, at the point where those two segments' lines meet. When that arc does not fit, the corners are
// fitted one by one.
//
// agent.corner_mode: stop = every corner is a stop-turn; auto = an arc when one fits, else a stop-turn;
// arc = every corner must be an arc (a vehicle). An agent that cannot turn in place
// (can_turn_in_place false) has no stop-turns either. Where such an agent, or corner_mode arc, has no arc
// the corner's turn fails (TurnKind::Failed, a TurnStep of kind Failed saying why, with the largest radius
// that would fit) and so does the whole result: reason "no_arc_fits", or "cannot_turn_in_place" when
// corner_mode is stop. Nothing in such a result is a stop-turn.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "agent.h"
#include "coverage.h"
#include "enum_names.h"
#include "geom.h"
#include "result.h"

namespace navlab {

// Failed: no arc, and the agent may not stop and turn in place (the result fails).
enum class TurnKind { Arc, Stop, Failed };
inline constexpr Named<TurnKind> kTurnKindNames[] = {
    {TurnKind::Arc, "arc"},
    {TurnKind::Stop, "stop"},
    {TurnKind::Failed, "failed"},
};
static_assert(names_cover(kTurnKindNames, TurnKind::Failed));
inline const char* to_string(TurnKind v) { return name_in(kTurnKindNames, v); }

struct Turn {
  int corner = -1;       // index of the corner in the input path (1 .. points - 2)
  int last_corner = -1;  // the last corner it covers: == corner, or > corner for a joint turn
  Vec2 at;               // the corner, m (a joint turn: where the segments before and after it meet)
  double offset_in = 0.0, offset_out = 0.0;  // joint turn: m from the first corner on to `at`, and from
                                             // `at` on to the last corner (0 for one corner)
  TurnKind kind = TurnKind::Stop;
  double s = 0.0;       // m along the smoothed path where the turn begins (arc entry / the stop point)
  double theta = 0.0;   // rad, turning angle in [0, π]
  bool left = true;     // turns counter-clockwise
  double radius = 0.0;  // m (0 for a stop-turn)
  double trim = 0.0;    // m, R·tan(θ/2) from `at` (0 for a stop-turn)
  Vec2 entry, exit;     // arc tangent points, m (== at for a stop-turn)
  Arc arc;              // the arc (kind == Arc)
  // m: how much of the segment before (after) the turn its arc takes: trim − offset_in (− offset_out).
  double trim_in() const { return trim - offset_in; }
  double trim_out() const { return trim - offset_out; }
};

// One piece of the smoothed path.
struct PathPiece {
  enum class Kind { Segment, Arc };
  Kind kind = Kind::Segment;
  Vec2 a, b;            // segment ends / arc entry and exit, m
  Arc arc;              // kind == Arc
  double s0 = 0.0;      // m, arc length at the piece's start
  double length = 0.0;  // m
  int turn = -1;        // kind == Arc: index into SmoothPath::turns
  double curvature() const { return kind == Kind::Arc && arc.radius > 0.0 ? 1.0 / arc.radius : 0.0; }
  Vec2 point(double s) const;  // position at arc length s (clamped to the piece), m
};

struct SmoothPath {
  std::vector<Vec2> points;       // the input polyline (start, corners..., goal), m
  std::vector<Turn> turns;        // one per interior point, in order (a joint turn covers several)
  std::vector<PathPiece> pieces;  // segments and arcs, end to end, in order
  double length = 0.0;            // m
  // Back to an empty path, the vectors keeping their capacity.
  void clear() {
    points.clear();
    turns.clear();
    pieces.clear();
    length = 0.0;
  }
};

// One decision of the turn fitting.
//   Joined           corners `corner`..`last_corner` lie closer together than their arcs need (the
//                    `length` m between two of them < `needed` m): one arc over their combined turn `theta`
//                    at `at` is tried (the steps that follow name the first corner, `last_corner` the last)
//   Candidate        the first radius tried (turn_radius, or less when a segment is shorter than the trim)
//   CoverageFailed   the arc leaves the corridor: `hit` is the wall crossing, `point` the outside sample
//   Shrunk           radius -> new_radius after a coverage failure
//   Fitted           the arc at `radius` lies inside the corridor
//   ScaledWithPartner  trims of this corner and `partner` exceed their shared segment (`length`):
//                    radius -> new_radius by `ratio`
//   FellBackToStop   no arc: `why` says whether the radius fell below min_turn_radius, the corner
//                    reverses direction, or corner_mode is stop
//   Unjoined         no arc over the joined corners fits: they are fitted one by one
//   Failed           no arc and no stop-turn allowed (the agent cannot turn in place, or corner_mode is
//                    arc; `reason`): `why` says why there is no arc, `largest` the largest radius found to
//                    fit (0: none)
struct TurnStep {
  enum class Kind {
    Candidate,
    CoverageFailed,
    Shrunk,
    Fitted,
    ScaledWithPartner,
    FellBackToStop,
    Joined,
    Unjoined,
    Failed
  };
  Kind kind = Kind::Candidate;
  int corner = -1;                    // index of the corner in the input path (the first of a joint turn)
  int last_corner = -1;               // the last corner of the turn (== corner but for a joint turn)
  Vec2 at;                            // the corner, m (a joint turn's: where its outer segments meet)
  double theta = 0.0;                 // rad
  double radius = 0.0;                // m
  double new_radius = 0.0;            // m (Shrunk, ScaledWithPartner)
  double trim = 0.0;                  // m, at `radius` (at `new_radius` for Shrunk / ScaledWithPartner)
  Vec2 hit;                           // CoverageFailed
  Vec2 point;                         // CoverageFailed: the tested point found outside
  int partner = -1;                   // ScaledWithPartner: the other corner
  double length = 0.0;                // ScaledWithPartner: the shared segment's length; Joined: the shortest gap, m
  double needed = 0.0;                // Joined: what the arcs on each side of that gap need at min_turn_radius, m
  double ratio = 1.0;                 // ScaledWithPartner
  double old_trim = 0.0;              // ScaledWithPartner: this corner's trim before scaling, m
  double partner_trim = 0.0;          // ScaledWithPartner: the partner's trim before scaling, m
  double partner_new_trim = 0.0;      // ScaledWithPartner: the partner's trim after scaling, m
  double offsets = 0.0;               // ScaledWithPartner: m by which joint turns' trims reach past their corners
                                      // (`at` lies beyond them), added to `length` in the ratio
  double largest = 0.0;               // Failed: the largest radius found to fit, m (0: none)
  Reason reason = Reason::NoArcFits;  // Failed: no_arc_fits | cannot_turn_in_place
  std::string why;                    // FellBackToStop / Failed / Candidate: a short reason
  // The arc this step tried (Candidate, CoverageFailed, Fitted: at `radius`; Shrunk, ScaledWithPartner:
  // at `new_radius`), as make_arc_turn() gives it; none for FellBackToStop or when no arc exists there.
  std::optional<Turn> arc;
  std::string describe() const;  // one sentence with its numbers
};
inline constexpr Named<TurnStep::Kind> kTurnStepKindNames[] = {
    {TurnStep::Kind::Candidate, "candidate"},
    {TurnStep::Kind::CoverageFailed, "coverage_failed"},
    {TurnStep::Kind::Shrunk, "shrunk"},
    {TurnStep::Kind::Fitted, "fitted"},
    {TurnStep::Kind::ScaledWithPartner, "scaled_with_partner"},
    {TurnStep::Kind::FellBackToStop, "fell_back_to_stop"},
    {TurnStep::Kind::Joined, "joined"},
    {TurnStep::Kind::Unjoined, "unjoined"},
    {TurnStep::Kind::Failed, "failed"},
};
static_assert(names_cover(kTurnStepKindNames, TurnStep::Kind::Failed));
inline const char* to_string(TurnStep::Kind v) { return name_in(kTurnStepKindNames, v); }

struct TurnTrace {
  std::vector<TurnStep> steps;
};

struct TurnsResult {
  SmoothPath path;
  std::optional<Failure> failure;  // stage "turns": no_arc_fits | cannot_turn_in_place | bad_input (the
                                   // path is still returned, its turns without an arc marked Failed)
  bool ok() const { return !failure.has_value(); }
  // Back to a new result's values, the vectors keeping their capacity.
  void clear() {
    path.clear();
    failure.reset();
  }
};

// Fits a turn at every interior point of `path` (>= 2 points, m; consecutive duplicates are not
// allowed, except a two-point path whose start equals its goal: the zero-length path, no turns, no
// pieces, length 0) inside `shape` for `agent` (turn_radius, min_turn_radius, corner_mode,
// can_turn_in_place).
// `stand` (per path point, may be empty): points where the agent stands, the ends of off-mesh links; their
// turns are stop-turns whatever the corner mode.
// Pure: same input, same output and trace.
TurnsResult fit_turns(const std::vector<Vec2>& path, const CorridorShape& shape, const AgentDef& agent,
                      TurnTrace* trace = nullptr, const std::vector<char>& stand = {});
// fit_turns() into `out`, overwritten whole: its vectors keep their capacity. `path` must not be
// out.path.points.
void fit_turns_into(const std::vector<Vec2>& path, const CorridorShape& shape, const AgentDef& agent, TurnTrace* trace,
                    const std::vector<char>& stand, TurnsResult& out);
// The same with the corridor region built only if an arc is tested.
void fit_turns_into(const std::vector<Vec2>& path, CorridorShapeOnDemand& shape, const AgentDef& agent,
                    TurnTrace* trace, const std::vector<char>& stand, TurnsResult& out);

// The arc tangent to both segments at `corner` (incoming from `prev`, outgoing to `next`) with radius
// R (m): fills kind = Arc, theta, left, radius, trim, entry, exit and arc. θ must be in (0, π).
Turn make_arc_turn(Vec2 prev, Vec2 corner, Vec2 next, double radius);

// Turning angle at `corner` between prev->corner and corner->next, rad in [0, π].
double turning_angle(Vec2 prev, Vec2 corner, Vec2 next);

}  // namespace navlab

// The speed profile along the smoothed path (DESIGN §3, seed 000): a pure function of the path and the
// agent.
//
// Limits along the arc length s: agent.max_speed on segments; sqrt(a_lat·R) on arcs with
// a_lat = min(lateral_accel, max_accel) (so v²/R never exceeds the total budget); where two pieces meet,
// the lower of their limits; 0 at the start (the agent starts at rest), at every stop-turn and at the
// goal. Tangential acceleration shares the total budget: |a_t| <= sqrt(max_accel² − (v²/R)²) (max_accel
// on segments), and never more than accel (speeding up) or brake_decel (slowing down).
//
// Backward pass: from the goal, the braking envelope vb(s) is the fastest speed from which braking at
// the rate the budget allows meets every limit ahead: d(v²)/ds = −2·min(brake_decel, budget(v)).
// Reaction step: the controller keeps its speed for reaction_dt before braking, so v at s must satisfy
// v² <= vb² everywhere in [s, s + v·dt]. For a stop at distance d this is v·dt + v²/(2·brake) <= d, i.e.
// vLimit = sqrt((brake·dt)² + 2·brake·d) − brake·dt. Seen through that window a later piece's braking
// can fall faster than the budget lets the agent brake where it is (a segment's braking shifted onto an
// arc whose budget binds): there the envelope is lowered to the braking curve that meets it, so no rule
// is broken. Forward pass: from v = 0 at the start, d(v²)/ds <= 2·min(accel, budget(v)) under that
// envelope.
//
// The passes are solved exactly, piece by closed-form piece (core/motion/profile_forms.h): v² linear in s
// under a constant rate, (a/k)·sin(2k·s + c) on arcs where the budget binds, and the reaction window's
// root over either. The work grows with the path's pieces, not with its length; samples are made only
// when asked (Profile::samples()).
//
// Time: ∫ ds / v over the profile, plus θ / max_turn_rate at each stop-turn. Under a reaction step the
// speed limit falls like d / dt into a stop, so the agent would never quite reach it (the integral grows
// like dt·ln(1/d)): the last kStopApproach metres of such an approach are timed at the constant
// deceleration that ends at the stop.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "agent.h"
#include "profile_forms.h"
#include "result.h"
#include "turns.h"

namespace navlab {

constexpr double kProfileMaxSpacing = 0.05;  // m: samples are at most this far apart...
constexpr double kMaxProfileSamples = 100000;  // ...on paths up to 5 km; a longer one gets this many samples

// The sample spacing for a path `length` m long: kProfileMaxSpacing, or length / kMaxProfileSamples when
// that is larger (so no input, however large its coordinates, makes the profile run away).
inline double profile_spacing(double length) { return std::max(kProfileMaxSpacing, length / kMaxProfileSamples); }

// What binds the speed at a sample; JSON names (to_string): start, goal, stop_turn, max_speed, lateral,
// braking, accel.
enum class ProfileLimit { Start, Goal, StopTurn, MaxSpeed, Lateral, Braking, Accel };
const char* to_string(ProfileLimit l);

struct ProfileSample {
  double s = 0.0;          // m along the smoothed path
  double v = 0.0;          // m/s
  double a = 0.0;          // m/s², tangential, mean over [s, next sample's s] (0 at the last sample)
  ProfileLimit limit = ProfileLimit::MaxSpeed;  // what binds v here
  double curvature = 0.0;  // 1/m: 1/R on an arc, 0 on a segment (the piece that begins at s; the last
                           // piece at the goal)
};

// m: the last part of a reaction-limited approach to a stop that is timed at constant deceleration (the
// sample spacing: the follower, too, stops reading the profile this far before a stop).
constexpr double kStopApproach = 0.05;

// One piece of the smoothed path as the profile sees it.
struct ProfileSpan {
  double s0 = 0.0, s1 = 0.0;  // m
  double curvature = 0.0;     // 1/m (0 on a segment)
  double cap = 0.0;           // m/s: max_speed, or on an arc min(max_speed, sqrt(a_lat·R))
  ProfileLimit cap_limit = ProfileLimit::MaxSpeed;  // MaxSpeed | Lateral
  bool stop_at_end = false;   // a stop-turn or the goal at s1
};

// A stretch of a limit curve: the braking envelope, or that envelope seen through the reaction step.
struct LimitPiece {
  double s0 = 0.0, s1 = 0.0;  // m
  double v0 = 0.0, v1 = 0.0;  // m/s at s0 and s1 (non-increasing; where two pieces meet the speed can only
                              // jump up, and the lower, earlier value holds at the point)
  SpeedForm form;
  ProfileLimit target = ProfileLimit::MaxSpeed;  // the limit it comes from: MaxSpeed | Lateral (a piece's
                                                 // limit, or braking for one ahead), Goal | StopTurn
};

// A stretch of the profile's speed, one closed form on one span.
struct ProfilePiece {
  double s0 = 0.0, s1 = 0.0;  // m
  double v0 = 0.0, v1 = 0.0;  // m/s
  SpeedForm form;             // v(s) on [s0, s1]
  SpeedForm clock;            // the form the time is taken on: `form`, or the last kStopApproach of a
                              // reaction-limited stop, constant deceleration to it
  ProfileLimit limit = ProfileLimit::Accel;  // Accel (the forward pass, below the envelope), Braking (on
                                             // the envelope, below the span's limit), MaxSpeed | Lateral
  ProfileLimit target = ProfileLimit::MaxSpeed;  // Braking: what it brakes for (LimitPiece::target)
  int span = -1;              // index into Profile::spans
  double t0 = 0.0;            // s: time at s0, in-place turning before it included
};

// One recorded step of the profile computation.
//   PieceLimit  a segment or arc and its speed limit (`v0`) and why (`limit`)
//   StopTurn    a stop-turn at s0: speed 0, `theta` turned in place in `time`
//   Braking     the backward pass binds from s0 (v0) to s1 (v1), ending at a lower limit (`limit`)
//   Accelerating  the forward pass binds from s0 (v0) to s1 (v1)
//   Total       total time `time` over `s1` metres (`turn_time` of it turning in place)
struct ProfileStep {
  enum class Kind { PieceLimit, StopTurn, Braking, Accelerating, Total };
  Kind kind = Kind::PieceLimit;
  int piece = -1;         // PieceLimit: index into SmoothPath::pieces
  bool arc = false;       // PieceLimit: the piece is an arc
  double radius = 0.0;    // PieceLimit (arc): m
  double s0 = 0.0, s1 = 0.0;  // m
  double v0 = 0.0, v1 = 0.0;  // m/s
  double theta = 0.0;     // StopTurn: rad
  double time = 0.0;      // StopTurn / Total: s
  double turn_time = 0.0; // Total: s spent turning in place
  ProfileLimit limit = ProfileLimit::MaxSpeed;  // PieceLimit: MaxSpeed | Lateral; Braking: the limit braked for
  double brake = 0.0;       // Braking: the agent's brake deceleration, m/s²
  double reaction_dt = 0.0; // Braking: the agent's reaction step, s
  std::string describe() const;  // one sentence with its numbers
};
const char* to_string(ProfileStep::Kind k);

struct ProfileTrace {
  std::vector<ProfileStep> steps;
};

struct Profile {
  double total_time = 0.0;  // s, moving time plus in-place turning at stop-turns (θ / max_turn_rate)
  double length = 0.0;      // m
  std::vector<ProfileSpan> spans;    // one per piece of the smoothed path
  std::vector<ProfilePiece> pieces;  // the speed, end to end over [0, length]
  std::vector<LimitPiece> envelope;  // the braking envelope through the reaction step, over [0, length]
  std::optional<Failure> failure;    // stage "profile": bad_agent (a limit <= 0 or not finite)
  bool ran = false;                  // speed_profile() made it (a default Profile has no samples)
  bool ok() const { return !failure.has_value(); }
  // Back to a default Profile, the vectors keeping their capacity.
  void clear();

  // At arc length s (m, clamped to [0, length]): the speed (m/s), the tangential acceleration (m/s², of
  // the piece that begins at s), the time to reach s (s, stop-turns before s included) and what binds the
  // speed there.
  double speed_at(double s) const;
  double accel_at(double s) const;
  double time_at(double s) const;
  ProfileLimit limit_at(double s) const;
  // The speed envelope (reaction step included) at s: the fastest the profile may go there, m/s.
  double limit_speed_at(double s) const;
  // Samples dense enough to plot: at every piece end and at most profile_spacing(length) apart, each
  // evaluated from the pieces (work proportional to the samples; the profile itself has none). None
  // unless ran and ok(); one (s 0, v 0, goal) for the zero-length path.
  std::vector<ProfileSample> samples() const;
};

// Computes the speed profile of `path` for `agent` (max_speed, accel, brake_decel, reaction_dt,
// lateral_accel, max_accel, max_turn_rate). Pure: same input, same output and trace.
Profile speed_profile(const SmoothPath& path, const AgentDef& agent, ProfileTrace* trace = nullptr);
// speed_profile() into `out`, overwritten whole: its vectors keep their capacity, so a caller that plans
// again and again with one result allocates nothing once it is large enough.
void speed_profile_into(const SmoothPath& path, const AgentDef& agent, ProfileTrace* trace, Profile& out);

// The reaction-step braking limit for a stop `d` m ahead: sqrt((b·dt)² + 2·b·d) − b·dt, m/s
// (b = brake deceleration, m/s²; dt = reaction step, s). With dt = 0 it is sqrt(2·b·d).
double stopping_speed_limit(double d, double brake, double dt);

}  // namespace navlab

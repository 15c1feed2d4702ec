// The speed profile along the smoothed path (DESIGN §3, seed 000): a pure function of the path and the
// agent.
//
// Limits along the arc length s: agent.max_speed on segments; sqrt(a_lat·R) on arcs with
// a_lat = min(lateral_accel, max_accel) (so v²/R never exceeds the total budget); 0 at the start (the
// agent starts at rest), at every stop-turn and at the goal. Tangential acceleration shares the total
// budget: |a_t| <= sqrt(max_accel² − (v²/R)²) (max_accel on segments), and never more than accel
// (speeding up) or brake_decel (slowing down).
//
// Backward pass: from the goal, v_i <= sqrt(v_{i+1}² + 2·d·Δs) with d the braking deceleration the
// budget allows at v_i; then the reaction step: the controller keeps its speed for reaction_dt before
// braking, so v at s must satisfy v² <= (backward envelope)² everywhere in [s, s + v·dt]. For a stop at
// distance d this is v·dt + v²/(2·brake) <= d, i.e. vLimit = sqrt((brake·dt)² + 2·brake·d) − brake·dt.
// Forward pass: from v = 0 at the start, v_{i+1} <= sqrt(v_i² + 2·a·Δs).
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "agent.h"
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
  double a = 0.0;          // m/s², tangential, over [s, next sample's s] (0 at the last sample)
  ProfileLimit limit = ProfileLimit::MaxSpeed;  // what binds v here
  double curvature = 0.0;  // 1/m: 1/R on an arc, 0 on a segment (the piece that begins at s; the last
                           // piece at the goal)
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
  std::vector<ProfileSample> samples;  // at every piece end and at most profile_spacing(length) apart
  std::optional<Failure> failure;      // stage "profile": bad_agent (a limit <= 0 or not finite)
  bool ok() const { return !failure.has_value(); }
};

// Computes the speed profile of `path` for `agent` (max_speed, accel, brake_decel, reaction_dt,
// lateral_accel, max_accel, max_turn_rate). Pure: same input, same output and trace.
Profile speed_profile(const SmoothPath& path, const AgentDef& agent, ProfileTrace* trace = nullptr);

// The reaction-step braking limit for a stop `d` m ahead: sqrt((b·dt)² + 2·b·d) − b·dt, m/s
// (b = brake deceleration, m/s²; dt = reaction step, s). With dt = 0 it is sqrt(2·b·d).
double stopping_speed_limit(double d, double brake, double dt);

}  // namespace navlab

// The speed profile along the smoothed path: a pure function of the path and the
// agent.
//
// Limits along the arc length s: agent.max_speed on segments; sqrt(a_lat·R) on arcs with
// a_lat = min(lateral_accel, max_accel) (so v²/R never exceeds the total budget); where two pieces meet,
// the lower of their limits; 0 at the start (the agent starts at rest), at every stop-turn and at the
// goal. Tangential acceleration shares the total budget: |a_t| <= sqrt(max_accel² − (v²/R)²) (max_accel
// on segments), and never more than accel (speeding up) or brake_decel (slowing down).
//
// Backward pass: from the goal, the braking envelope vb(s) is the fastest speed from which braking at
// the rate the budget allows meets every limit ahead: d(v²)/ds = −2·min(brake_decel, budget(v)). The
// profile never goes above it.
//
// Reaction step: the controller keeps its speed for reaction_dt before braking starts. It is applied
// once, where a braking begins: the agent, at speed v, decides to brake at the last point p from which
// holding v over v·dt and then braking along vb still meets every limit ahead, i.e. where v·dt plus the
// braking distance reaches the limit (for a stop d ahead: v·dt + v²/(2·brake) = d, so
// v = sqrt((brake·dt)² + 2·brake·d) − brake·dt). That decision curve vr(s), the largest v with
// v <= vb(s') for every s' in [s, s + v·dt], bounds only the speeding up: from p the profile runs flat
// at v until vb falls to v, v·dt later, then follows vb down. A braking that goes on from one limit to
// the next without speeding up in between (into an arc, along it at its limit and on to a stop) is one
// braking with one reaction step; after a lower limit the agent speeds up again only where its speed is
// below vr.
//
// Forward pass: from v = 0 at the start, d(v²)/ds = 2·min(accel, budget(v)) until vr is met, then flat
// and braking as above, until vb rises again past a limit.
//
// Every stretch of the profile is one closed form (core/motion/profile_forms.h): v² linear in s under a
// constant rate, a constant speed, or (a/k)·sin(2k·s + c) on an arc where the budget binds. The work
// grows with the path's pieces, not with its length; samples are made only when asked
// (Profile::samples()), from the pieces.
//
// Time: ∫ ds / v over the pieces, each in closed form (no sample spacing enters it), plus
// θ / max_turn_rate at each stop-turn.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "agent.h"
#include "enum_names.h"
#include "profile_forms.h"
#include "result.h"
#include "turns.h"

namespace navlab {

constexpr double kProfileMaxSpacing = 0.05;    // m: samples are at most this far apart...
constexpr double kMaxProfileSamples = 100000;  // ...on paths up to 5 km; a longer one gets this many samples

// The sample spacing for a path `length` m long: kProfileMaxSpacing, or length / kMaxProfileSamples when
// that is larger (so no input, however large its coordinates, makes the profile run away).
inline double profile_spacing(double length) { return std::max(kProfileMaxSpacing, length / kMaxProfileSamples); }

// What binds the speed at a sample; JSON names (to_string): start, goal, stop_turn, max_speed, lateral,
// braking, accel, reaction (held for the reaction step before a braking, below the piece's limit).
enum class ProfileLimit { Start, Goal, StopTurn, MaxSpeed, Lateral, Braking, Accel, Reaction };
inline constexpr Named<ProfileLimit> kProfileLimitNames[] = {
    {ProfileLimit::Start, "start"},        {ProfileLimit::Goal, "goal"},         {ProfileLimit::StopTurn, "stop_turn"},
    {ProfileLimit::MaxSpeed, "max_speed"}, {ProfileLimit::Lateral, "lateral"},   {ProfileLimit::Braking, "braking"},
    {ProfileLimit::Accel, "accel"},        {ProfileLimit::Reaction, "reaction"},
};
static_assert(names_cover(kProfileLimitNames, ProfileLimit::Reaction));
inline const char* to_string(ProfileLimit v) { return name_in(kProfileLimitNames, v); }

struct ProfileSample {
  double s = 0.0;  // m along the smoothed path
  double v = 0.0;  // m/s
  double a = 0.0;  // m/s², tangential, mean over [s, next sample's s] (0 at the last sample)
  ProfileLimit limit = ProfileLimit::MaxSpeed;  // what binds v here
  double curvature = 0.0;  // 1/m: 1/R on an arc, 0 on a segment (the piece that begins at s; the last
                           // piece at the goal)
};

// One piece of the smoothed path as the profile sees it.
struct ProfileSpan {
  double s0 = 0.0, s1 = 0.0;                        // m
  double curvature = 0.0;                           // 1/m (0 on a segment)
  double cap = 0.0;                                 // m/s: max_speed, or on an arc min(max_speed, sqrt(a_lat·R))
  ProfileLimit cap_limit = ProfileLimit::MaxSpeed;  // MaxSpeed | Lateral
  bool stop_at_end = false;                         // a stop-turn or the goal at s1
};

// A stretch of a limit curve: the braking envelope vb, or the decision curve vr (vb seen through the
// reaction step).
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
  double s0 = 0.0, s1 = 0.0;                 // m
  double v0 = 0.0, v1 = 0.0;                 // m/s
  SpeedForm form;                            // v(s) on [s0, s1] (never seen through the reaction step: form.dt == 0)
  ProfileLimit limit = ProfileLimit::Accel;  // Accel (speeding up, below vr), Reaction (flat below the
                                             // span's limit: the reaction step before a braking), Braking
                                             // (on vb, below the span's limit), MaxSpeed | Lateral (at it)
  ProfileLimit target = ProfileLimit::MaxSpeed;  // Braking, Reaction: what it brakes for (LimitPiece::target)
  int span = -1;                                 // index into Profile::spans
  double t0 = 0.0;                               // s: time at s0, in-place turning before it included
};

// One recorded step of the profile computation (never one of zero length).
//   PieceLimit    a segment or arc and its speed limit (`v0`) and why (`limit`)
//   StopTurn      a stop-turn at s0: speed 0, `theta` turned in place in `time`
//   Accelerating  speeding up from s0 (v0) to s1 (v1)
//   Reaction      a braking begins at s0: the agent holds v0 for the reaction step to s1 (v0·reaction_dt
//                 metres), then brakes to `v_end` at `s_end` for the limit ahead (`limit`)
//   Braking       braking from s0 (v0) to s1 (v1) for the limit ahead (`limit`), at `decel` (0: at what
//                 the total budget allows on an arc, which varies); `continued`: no reaction step before
//                 it, the braking goes on after less than one at a lower limit
//   Total         total time `time` over `s1` metres (`turn_time` of it turning in place)
struct ProfileStep {
  enum class Kind { PieceLimit, StopTurn, Accelerating, Reaction, Braking, Total };
  Kind kind = Kind::PieceLimit;
  int piece = -1;                               // PieceLimit: index into SmoothPath::pieces
  bool arc = false;                             // PieceLimit: the piece is an arc
  double radius = 0.0;                          // PieceLimit (arc): m
  double s0 = 0.0, s1 = 0.0;                    // m
  double v0 = 0.0, v1 = 0.0;                    // m/s
  double theta = 0.0;                           // StopTurn: rad
  double time = 0.0;                            // StopTurn / Total: s
  double turn_time = 0.0;                       // Total: s spent turning in place
  ProfileLimit limit = ProfileLimit::MaxSpeed;  // PieceLimit: MaxSpeed | Lateral; Reaction, Braking: the
                                                // limit braked for (Lateral, StopTurn, Goal)
  double brake = 0.0;                           // Reaction, Braking: the agent's brake deceleration, m/s²
  double reaction_dt = 0.0;                     // Reaction: the agent's reaction step, s
  double decel = 0.0;                           // Braking: the deceleration, m/s² (0: it varies with the total budget)
  double s_end = 0.0, v_end = 0.0;              // Reaction: where the braking that follows ends and its speed there
  bool budget = false;           // Reaction: the braking that follows is slowed by the total budget somewhere
  bool continued = false;        // Braking: goes on from an earlier braking without a reaction step
  std::string describe() const;  // one sentence with its numbers
};
inline constexpr Named<ProfileStep::Kind> kProfileStepKindNames[] = {
    {ProfileStep::Kind::PieceLimit, "piece_limit"},    {ProfileStep::Kind::StopTurn, "stop_turn"},
    {ProfileStep::Kind::Accelerating, "accelerating"}, {ProfileStep::Kind::Reaction, "reaction"},
    {ProfileStep::Kind::Braking, "braking"},           {ProfileStep::Kind::Total, "total"},
};
static_assert(names_cover(kProfileStepKindNames, ProfileStep::Kind::Total));
inline const char* to_string(ProfileStep::Kind v) { return name_in(kProfileStepKindNames, v); }

struct ProfileTrace {
  std::vector<ProfileStep> steps;
};

struct Profile {
  double total_time = 0.0;           // s, moving time plus in-place turning at stop-turns (θ / max_turn_rate)
  double length = 0.0;               // m
  std::vector<ProfileSpan> spans;    // one per piece of the smoothed path
  std::vector<ProfilePiece> pieces;  // the speed, end to end over [0, length]
  std::vector<LimitPiece> envelope;  // vb: the braking envelope (no reaction step), over [0, length]
  std::vector<LimitPiece> decision;  // vr: vb seen through the reaction step, over [0, length] (equal to
                                     // vb when reaction_dt is 0)
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
  // The braking envelope vb at s: the fastest the profile may go there (it never goes above), m/s.
  double limit_speed_at(double s) const;
  // The decision curve vr at s: the fastest speed at which the agent may still hold for reaction_dt and
  // then brake under vb, m/s (the profile is at most this wherever it speeds up; holding before a braking
  // it is above it).
  double decision_speed_at(double s) const;
  // Samples dense enough to plot: at every piece end and at most `spacing` m apart (default and when not
  // > 0: profile_spacing(length); never closer than length / kMaxProfileSamples), each evaluated from the
  // pieces (work proportional to the samples; the profile itself, its time included, has none and does
  // not depend on them). None unless ran and ok(); one (s 0, v 0, goal) for the zero-length path.
  std::vector<ProfileSample> samples() const;
  std::vector<ProfileSample> samples(double spacing) const;
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

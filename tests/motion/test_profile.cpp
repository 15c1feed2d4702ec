// The speed profile (seed 000): W6 braking with a reaction step, arc limits, stop-turns, budgets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>

#include "coverage.h"
#include "navmesh_build.h"
#include "paths.h"
#include "profile.h"
#include "turns.h"

namespace navlab {
namespace {

AgentDef w6_agent() {
  AgentDef a;
  a.max_speed = 4.0;
  a.brake_decel = 2.0;
  a.reaction_dt = 0.1;
  a.accel = 2.0;
  return a;
}

SmoothPath straight(double len) {
  const TurnsResult r = fit_turns({{0, 0}, {len, 0}}, {}, AgentDef{});
  EXPECT_TRUE(r.ok());
  return r.path;
}

const ProfileSample* at(const std::vector<ProfileSample>& samples, double s) {
  for (const auto& smp : samples)
    if (std::fabs(smp.s - s) < 1e-9) return &smp;
  return nullptr;
}

TEST(Profile, W6_StoppingLimitWithReactionStep) {
  EXPECT_NEAR(stopping_speed_limit(4.4, 2.0, 0.1), 4.0, 1e-12);
  EXPECT_NEAR(stopping_speed_limit(0.0, 2.0, 0.1), 0.0, 1e-12);
  EXPECT_NEAR(stopping_speed_limit(4.0, 2.0, 0.0), 4.0, 1e-12);  // continuous: sqrt(2·b·d)
  // The continuous limit alone would allow 4 m/s from only 4.0 m before the stop; the reaction step
  // needs 0.4 m more.
  EXPECT_LT(stopping_speed_limit(4.0, 2.0, 0.1), 4.0 - 0.1);
}

TEST(Profile, W6_StraightCorridorStartsBraking4_4MetresBeforeTheGoal) {
  const SmoothPath path = straight(20.0);
  ProfileTrace trace;
  const Profile p = speed_profile(path, w6_agent(), &trace);
  const std::vector<ProfileSample> ps = p.samples();
  ASSERT_TRUE(p.ok());
  EXPECT_NEAR(p.length, 20.0, 1e-12);
  // Braking begins 4.4 m before the goal: 4 m/s held for one reaction step (0.4 m), then 2 m/s² over
  // 16 / 4 = 4.0 m.
  const ProfileSample* decide = at(ps, 20.0 - 4.4);
  ASSERT_NE(decide, nullptr);
  EXPECT_NEAR(decide->v, 4.0, 1e-12);
  EXPECT_NEAR(at(ps, 20.0 - 4.2)->v, 4.0, 1e-12);  // held
  EXPECT_NEAR(at(ps, 20.0 - 4.0)->v, 4.0, 1e-12);
  const ProfileSample* after = at(ps, 20.0 - 3.95);
  ASSERT_NE(after, nullptr);
  EXPECT_NEAR(after->v, std::sqrt(2.0 * 2.0 * 3.95), 1e-12);  // the plain braking curve, v² = 2·b·d
  EXPECT_EQ(after->limit, ProfileLimit::Braking);
  EXPECT_NEAR(p.accel_at(20.0 - 3.95), -2.0, 1e-12);  // brake_decel exactly
  for (const auto& smp : ps) {
    if (smp.s > 20.0 - 4.0 + 1e-9) {
      EXPECT_LT(smp.v, 4.0 - 1e-6) << smp.s;
    }
  }
  EXPECT_EQ(ps.back().v, 0.0);
  EXPECT_EQ(ps.back().limit, ProfileLimit::Goal);
  EXPECT_EQ(ps.front().v, 0.0);
  EXPECT_EQ(ps.front().limit, ProfileLimit::Start);
  // From rest at 2 m/s²: v = sqrt(2·a·s) until max_speed at s = 4.
  EXPECT_NEAR(at(ps, 1.0)->v, 2.0, 1e-9);
  EXPECT_EQ(at(ps, 1.0)->limit, ProfileLimit::Accel);
  EXPECT_NEAR(at(ps, 10.0)->v, 4.0, 1e-12);
  EXPECT_EQ(at(ps, 10.0)->limit, ProfileLimit::MaxSpeed);
  // The seed's rule by hand: 2 s to reach 4 m/s over 4 m, 11.6 m at 4 m/s (2.9 s), the reaction step
  // 0.1 s, 4 / 2 = 2 s of braking: 7.0 s.
  EXPECT_NEAR(p.total_time, 2.0 + 11.6 / 4.0 + 0.1 + 2.0, 1e-12);
  // The trace: the reaction step from 15.6 m to 16.0 m, then the braking from 16.0 m to the goal.
  const ProfileStep* react = nullptr;
  const ProfileStep* brake = nullptr;
  for (const auto& st : trace.steps) {
    if (st.kind == ProfileStep::Kind::Reaction) react = &st;
    if (st.kind == ProfileStep::Kind::Braking) brake = &st;
  }
  ASSERT_NE(react, nullptr);
  ASSERT_NE(brake, nullptr);
  EXPECT_NEAR(react->s0, 15.6, 1e-12);
  EXPECT_NEAR(react->s1, 16.0, 1e-12);
  EXPECT_NEAR(react->v0, 4.0, 1e-12);
  EXPECT_EQ(react->limit, ProfileLimit::Goal);
  EXPECT_EQ(react->describe(),
            "To stop for the goal at s 20.00 m, braking begins at s 15.60 m: at 4.00 m/s with reaction step dt 0.10 s "
            "and braking b 2.00 m/s², stopping takes 0.40 m + 4.00 m = 4.40 m (v·dt + v²/2b). The agent holds "
            "4.00 m/s to s 16.00 m, then brakes.");
  EXPECT_NEAR(brake->s0, 16.0, 1e-12);
  EXPECT_NEAR(brake->s1, 20.0, 1e-12);
  EXPECT_EQ(brake->decel, 2.0);
  EXPECT_FALSE(brake->continued);
  EXPECT_EQ(brake->describe(), "Brake at 2.00 m/s² from 4.00 m/s at s 16.00 m to 0.00 m/s at s 20.00 m for the goal.");
  EXPECT_EQ(trace.steps.back().kind, ProfileStep::Kind::Total);
}

// The straight 11 m corridor: speed up at 50 m/s² (the total budget as large) to 3 m/s, hold it for the
// reaction step 0.2 s, brake at 1.5 m/s² to the goal.
AgentDef eleven_metre_agent() {
  AgentDef a;
  a.max_speed = 3.0;
  a.accel = 50.0;
  a.max_accel = 50.0;
  a.reaction_dt = 0.2;
  a.brake_decel = 1.5;
  return a;
}

TEST(Profile, ElevenMetreCorridorTakesTheSeedRulesTime) {
  // By hand: 3 / 50 = 0.06 s to reach 3 m/s over 9 / 100 = 0.09 m; braking 9 / 3 = 3 m in 3 / 1.5 = 2 s;
  // the reaction step 0.2 s over 0.6 m; the rest, 11 - 0.09 - 0.6 - 3 = 7.31 m at 3 m/s, 2.4367 s.
  const double by_hand = 0.06 + 7.31 / 3.0 + 0.2 + 2.0;
  EXPECT_NEAR(by_hand, 4.697, 5e-4);
  const Profile p = speed_profile(straight(11.0), eleven_metre_agent());
  ASSERT_TRUE(p.ok());
  EXPECT_NEAR(p.total_time, by_hand, 1e-12);
  EXPECT_NEAR(p.time_at(11.0 - 3.6), 0.06 + 7.31 / 3.0, 1e-12);        // where braking begins
  EXPECT_NEAR(p.time_at(11.0 - 3.0), 0.06 + 7.31 / 3.0 + 0.2, 1e-12);  // where the agent starts to slow
}

TEST(Profile, TheTimeAndTheSpeedsDoNotDependOnTheSampleSpacing) {
  for (const AgentDef& agent : {eleven_metre_agent(), w6_agent()}) {
    const Profile p = speed_profile(straight(11.0), agent);
    ASSERT_TRUE(p.ok());
    const double time = p.total_time;
    const std::vector<ProfileSample> coarse = p.samples(0.05), fine = p.samples(0.025), finer = p.samples(0.0125);
    EXPECT_EQ(coarse.size(), 221u);
    EXPECT_EQ(fine.size(), 441u);
    EXPECT_EQ(finer.size(), 881u);
    // Every coarse sample is a fine one with the same speed and limit, and the profile's time is the
    // same whichever samples were made.
    for (size_t i = 0; i < coarse.size(); ++i) {
      EXPECT_NEAR(fine[2 * i].s, coarse[i].s, 1e-12);
      EXPECT_NEAR(fine[2 * i].v, coarse[i].v, 1e-9);
      EXPECT_EQ(fine[2 * i].limit, coarse[i].limit);
      EXPECT_NEAR(finer[4 * i].v, coarse[i].v, 1e-9);
    }
    EXPECT_EQ(p.total_time, time);
  }
}

TEST(Profile, WithoutReactionStepBrakingStartsAtTheContinuousDistance) {
  AgentDef a = w6_agent();
  a.reaction_dt = 0.0;
  const Profile p = speed_profile(straight(20.0), a);
  const std::vector<ProfileSample> ps = p.samples();
  EXPECT_NEAR(at(ps, 16.0)->v, 4.0, 1e-9);  // v²/(2b) = 4 m
  EXPECT_LT(at(ps, 16.05)->v, 4.0 - 1e-3);
}

TEST(Profile, SamplesAtMostFiveCentimetresApartAndAtEveryPieceEnd) {
  const NavMesh room = [] {
    Scene::Navmesh def;
    def.vertices = {{-6, -6}, {6, -6}, {6, 6}, {-6, 6}};
    def.polygons = {{0, 1, 2, 3}};
    return build_hand_authored(def, "room").value();
  }();
  AgentDef agent;
  const TurnsResult r = fit_turns({{-5, 0}, {0, 0}, {0, 3}, {4, 3}}, corridor_shape(room, {0}), agent);
  ASSERT_TRUE(r.ok());
  const Profile p = speed_profile(r.path, agent);
  const std::vector<ProfileSample> ps = p.samples();
  for (size_t i = 1; i < ps.size(); ++i) {
    EXPECT_GT(ps[i].s, ps[i - 1].s);
    EXPECT_LE(ps[i].s - ps[i - 1].s, kProfileMaxSpacing + 1e-12);
  }
  for (const PathPiece& piece : r.path.pieces) {
    EXPECT_NE(at(ps, piece.s0), nullptr) << piece.s0;
    EXPECT_NE(at(ps, piece.s0 + piece.length), nullptr) << piece.s0 + piece.length;
  }
  EXPECT_NEAR(ps.back().s, r.path.length, 1e-12);
}

TEST(Profile, ArcLimitIsSqrtOfLateralAccelTimesRadius) {
  const NavMesh room = [] {
    Scene::Navmesh def;
    def.vertices = {{-20, -20}, {20, -20}, {20, 20}, {-20, 20}};
    def.polygons = {{0, 1, 2, 3}};
    return build_hand_authored(def, "room").value();
  }();
  AgentDef agent;
  agent.turn_radius = 2.0;
  agent.lateral_accel = 2.0;  // limit sqrt(2·2) = 2 m/s on the arc
  agent.max_accel = 3.0;
  const TurnsResult r = fit_turns({{-15, 0}, {0, 0}, {0, 15}}, corridor_shape(room, {0}), agent);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.path.turns[0].kind, TurnKind::Arc);
  const Profile p = speed_profile(r.path, agent);
  const std::vector<ProfileSample> ps = p.samples();
  const PathPiece& arc = r.path.pieces[1];
  ASSERT_EQ(arc.kind, PathPiece::Kind::Arc);
  int on_arc = 0;
  for (const auto& smp : ps) {
    if (smp.s < arc.s0 - 1e-9 || smp.s > arc.s0 + arc.length + 1e-9) continue;
    ++on_arc;
    EXPECT_LE(smp.v, 2.0 + 1e-9);
    if (smp.s < arc.s0 + arc.length - 1e-9) {
      EXPECT_NEAR(smp.curvature, 0.5, 1e-12);
      EXPECT_NEAR(smp.v, 2.0, 1e-9);  // long straights on both sides: the arc runs at its limit
      EXPECT_EQ(smp.limit, ProfileLimit::Lateral);
      // Total budget: at v²/R = 2 of max 3, |a_t| <= sqrt(9 − 4).
      EXPECT_LE(std::fabs(smp.a), std::sqrt(5.0) + 1e-9);
    }
  }
  EXPECT_GT(on_arc, 10);
  // The sample just before the arc brakes to exactly the arc's limit.
  EXPECT_NEAR(at(ps, arc.s0)->v, 2.0, 1e-9);
}

TEST(Profile, TotalBudgetLimitsTangentialAccelerationOnTightArcs) {
  // lateral_accel close to max_accel leaves little tangential budget on the arc: speeding up there is
  // slower than on the straight.
  const NavMesh room = [] {
    Scene::Navmesh def;
    def.vertices = {{-20, -20}, {20, -20}, {20, 20}, {-20, 20}};
    def.polygons = {{0, 1, 2, 3}};
    return build_hand_authored(def, "room").value();
  }();
  AgentDef agent;
  agent.turn_radius = 5.0;
  agent.lateral_accel = 2.9;
  agent.max_accel = 3.0;
  agent.accel = 2.0;
  // Start right at the arc: the agent speeds up on it.
  const TurnsResult r = fit_turns({{-5, 0}, {0, 0}, {0, 15}}, corridor_shape(room, {0}), agent);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.path.turns[0].kind, TurnKind::Arc);
  ASSERT_EQ(r.path.pieces.front().kind, PathPiece::Kind::Arc);  // trim 5 uses the whole first segment
  const Profile p = speed_profile(r.path, agent);
  const std::vector<ProfileSample> ps = p.samples();
  const auto allowed = [](double v, double k) {
    const double lat = v * v * k;
    return std::sqrt(std::max(0.0, 9.0 - lat * lat));
  };
  bool budget_bound = false;
  for (size_t i = 0; i + 1 < ps.size(); ++i) {
    const auto& smp = ps[i];
    if (smp.curvature == 0.0) continue;
    // At every point the acceleration is within the budget at that point's speed.
    for (const double q : {smp.s, 0.5 * (smp.s + ps[i + 1].s)})
      EXPECT_LE(std::fabs(p.accel_at(q)), allowed(p.speed_at(q), smp.curvature) + 1e-9) << "s " << q;
    // A sample's `a` is the mean over its interval. The budget falls as v rises, so on the exact
    // profile that mean lies between the budgets at the interval's two speeds: it is bounded by the
    // slower end's. (The per-sample profile this replaced applied the faster end's budget to the whole
    // interval, a little slower than the rule allows, and was checked against that.)
    const double vmin = std::min(smp.v, ps[i + 1].v);
    EXPECT_LE(std::fabs(smp.a), allowed(vmin, smp.curvature) + 1e-9) << "s " << smp.s;
    if (allowed(std::max(smp.v, ps[i + 1].v), smp.curvature) < agent.accel - 0.1 && smp.a > 0.0) budget_bound = true;
  }
  EXPECT_TRUE(budget_bound);
  // Hand computation on the arc (k = 1/5): from rest at accel 2 until the budget falls to 2, at
  // x = sqrt(3² − 2²)·5 = 11.18 m²/s² (s = x/4 = 2.795 m), then x = (3/k)·sin θ with θ rising by 2k per
  // metre from asin(k·x/3), until the arc's limit 2.9·5 = 14.5 m²/s².
  const double k = 0.2, x_thr = std::sqrt(5.0) / k, s_thr = x_thr / 4.0, th = std::asin(k * x_thr / 3.0);
  EXPECT_NEAR(p.speed_at(s_thr), std::sqrt(x_thr), 1e-9);
  EXPECT_NEAR(p.speed_at(s_thr + 0.5), std::sqrt(15.0 * std::sin(th + 2.0 * k * 0.5)), 1e-9);
  const double s_cap = s_thr + (std::asin(14.5 / 15.0) - th) / (2.0 * k);
  EXPECT_NEAR(p.speed_at(s_cap), std::sqrt(14.5), 1e-9);
  EXPECT_NEAR(p.speed_at(s_cap + 0.5), std::sqrt(14.5), 1e-9);
  EXPECT_EQ(p.limit_at(s_cap + 0.5), ProfileLimit::Lateral);
}

TEST(Profile, StopTurnsHaveZeroSpeedAndAddInPlaceTurningTime) {
  const NavMesh room = [] {
    Scene::Navmesh def;
    def.vertices = {{-6, -6}, {6, -6}, {6, 6}, {-6, 6}};
    def.polygons = {{0, 1, 2, 3}};
    return build_hand_authored(def, "room").value();
  }();
  AgentDef agent;
  agent.corner_mode = CornerMode::Stop;
  agent.max_turn_rate = std::numbers::pi / 2;  // 90° per second
  const TurnsResult r = fit_turns({{-5, 0}, {0, 0}, {0, 3}, {4, 3}}, corridor_shape(room, {0}), agent);
  ASSERT_TRUE(r.ok());
  ProfileTrace trace;
  const Profile p = speed_profile(r.path, agent, &trace);
  const std::vector<ProfileSample> ps = p.samples();
  for (const Turn& t : r.path.turns) {
    const ProfileSample* smp = at(ps, t.s);
    ASSERT_NE(smp, nullptr);
    EXPECT_EQ(smp->v, 0.0);
    EXPECT_EQ(smp->limit, ProfileLimit::StopTurn);
  }
  // Each straight, L = 5, 3 and 4 m, runs from rest to rest (a = b = 2 m/s², dt = 0.1 s): it speeds up
  // to the v where v²/2a + v·dt + v²/2b = L, i.e. v²/2 + 0.1·v = L, v = sqrt(0.01 + 2L) − 0.1, below
  // max_speed here; holds it for 0.1 s and brakes: v/a + dt + v/b = v + 0.1 s (hand computation). Plus
  // 1 s per 90° stop-turn.
  double moving = 0.0;
  for (const double len : {5.0, 3.0, 4.0}) {
    const double v = std::sqrt(0.01 + 2.0 * len) - 0.1;
    ASSERT_LT(v, agent.max_speed);
    moving += v + 0.1;
  }
  EXPECT_NEAR(p.total_time, moving + 2.0, 1e-9);
  // Time runs on along the path: the turns are counted where they happen.
  EXPECT_NEAR(p.time_at(r.path.turns[0].s + 1e-12) - p.time_at(r.path.turns[0].s), 1.0, 1e-5);  // 1 µs to start off
  EXPECT_NEAR(p.time_at(p.length), p.total_time, 1e-9);
  int stops = 0;
  for (const auto& st : trace.steps) stops += st.kind == ProfileStep::Kind::StopTurn;
  EXPECT_EQ(stops, 2);
}

// On a straight path each sample's speed has a closed form of its own: the least of the forward pass from
// rest sqrt(2·accel·s), the speed held through the reaction step v* and the braking curve into the goal
// sqrt(2·b·(L − s)), where v* is max_speed or, on a path too short to reach it, the peak from which the
// agent speeds up, holds for dt and brakes: v²/2a + v·dt + v²/2b = L (DESIGN §3, W6).
double straight_line_speed(double s, double len, const AgentDef& a) {
  const double b = a.brake_decel, dt = a.reaction_dt, q = 1.0 / (2.0 * a.accel) + 1.0 / (2.0 * b);
  const double peak = (std::sqrt(dt * dt + 4.0 * q * len) - dt) / (2.0 * q);
  const double held = std::min(a.max_speed, peak);
  return std::min({held, std::sqrt(2.0 * a.accel * s), std::sqrt(2.0 * b * std::max(0.0, len - s))});
}

TEST(Profile, StraightPathSpeedsEqualTheClosedForm) {
  for (const double len : {0.5, 2.0, 7.3, 20.0}) {
    const Profile p = speed_profile(straight(len), w6_agent());
    const std::vector<ProfileSample> ps = p.samples();
    ASSERT_TRUE(p.ok());
    for (const auto& smp : ps)
      EXPECT_NEAR(smp.v, straight_line_speed(smp.s, len, w6_agent()), 1e-9) << "len " << len << " s " << smp.s;
  }
}

TEST(Profile, APathShorterThanOneSampleTakesTheRestToRestTime) {
  // 1 cm from rest to rest, accel = brake = 2 m/s², no reaction step: speed up over 5 mm and brake over
  // 5 mm, v = sqrt(2·2·0.005) = 0.1414 m/s, t = 2·v/2 = 0.1414 s (hand computation).
  AgentDef a = w6_agent();
  a.reaction_dt = 0.0;
  const Profile p = speed_profile(straight(0.01), a);
  const std::vector<ProfileSample> ps = p.samples();
  ASSERT_TRUE(p.ok());
  EXPECT_NEAR(p.total_time, std::sqrt(0.02), 1e-12);
}

TEST(Profile, AHugePathKeepsABoundedSampleCount) {
  // 1,000 km (coordinates near the scene limit): 100,000 samples 10 m apart, not 20 million 5 cm apart.
  const Profile p = speed_profile(straight(1e6), w6_agent());
  const std::vector<ProfileSample> ps = p.samples();
  ASSERT_TRUE(p.ok());
  EXPECT_LE(ps.size(), size_t(kMaxProfileSamples) + 1);
  for (size_t i = 1; i < ps.size(); ++i) ASSERT_LE(ps[i].s - ps[i - 1].s, 10.0 + 1e-6);
  // A 5 km path still gets the 5 cm spacing.
  EXPECT_EQ(profile_spacing(5000.0), kProfileMaxSpacing);
}

TEST(Profile, AReactionWindowAsLongAsAHugePathKeepsTheClosedForm) {
  // 1,000 km with a 1,000 s reaction step: every sample's window reaches up to 100 km down the path,
  // which once was walked sample by sample for each sample. max_speed 100 m/s puts the braking curve's
  // kink (100²/(2·2) = 2,500 m before the goal) on a sample (10 m apart), where the sampled envelope is
  // exact, so the closed form holds at every sample.
  AgentDef a = w6_agent();
  a.max_speed = 100.0;
  a.reaction_dt = 1000.0;
  const double len = 1e6;
  const Profile p = speed_profile(straight(len), a);
  const std::vector<ProfileSample> ps = p.samples();
  ASSERT_TRUE(p.ok());
  for (const auto& smp : ps) ASSERT_NEAR(smp.v, straight_line_speed(smp.s, len, a), 1e-9) << "s " << smp.s;
}

TEST(Profile, ShortPathPeaksWhereAccelerationMeetsBraking) {
  // 2 m, accel 2 m/s², brake 2 m/s², dt 0.1 s: the peak v solves v²/4 + 0.1·v + v²/4 = 2, v = sqrt(4.01) −
  // 0.1 = 1.9025 m/s (by hand), reached at s = v²/4 = 0.9049 m and held for 0.19 m to 1.0951 m, below
  // max_speed 4: the samples at 0.95, 1.0 and 1.05 m lie on the flat top.
  const Profile p = speed_profile(straight(2.0), w6_agent());
  const std::vector<ProfileSample> ps = p.samples();
  const double v = std::sqrt(4.01) - 0.1;
  for (const double s : {0.95, 1.0, 1.05}) {
    ASSERT_NE(at(ps, s), nullptr);
    EXPECT_NEAR(at(ps, s)->v, v, 1e-12) << s;
    EXPECT_EQ(at(ps, s)->limit, ProfileLimit::Reaction) << s;
  }
  EXPECT_NEAR(at(ps, 0.9)->v, std::sqrt(2.0 * 2.0 * 0.9), 1e-12);
  EXPECT_NEAR(at(ps, 1.1)->v, std::sqrt(2.0 * 2.0 * 0.9), 1e-12);
  EXPECT_NEAR(p.total_time, v / 2.0 + 0.1 + v / 2.0, 1e-12);
}

// W5's corner (scenes/w5_trim_90.json): 5 m to a quarter arc of R 1 m (limit sqrt(2·1) m/s), then 5 m to
// the goal, the default agent (accel = brake = 2 m/s², dt 0.1 s).
TEST(Profile, BrakingForAnArcHoldsTheReactionStepThenBrakesAtBrakeDecel) {
  SmoothPath path;
  PathPiece seg, arc, out;
  seg.length = 5.0;
  arc.kind = PathPiece::Kind::Arc;
  arc.arc.radius = 1.0;
  arc.arc.sweep = std::numbers::pi / 2;
  arc.s0 = 5.0;
  arc.length = std::numbers::pi / 2;
  out.s0 = 5.0 + arc.length;
  out.length = 5.0;
  path.pieces = {seg, arc, out};
  path.length = 10.0 + arc.length;
  ProfileTrace trace;
  const Profile p = speed_profile(path, AgentDef{}, &trace);
  ASSERT_TRUE(p.ok());
  // The seed's rule before the arc: v·dt + (v² − 2)/2b = 5 − v²/2a, i.e. v² + 0.2·v − 11 = 0 (by hand):
  // v = 3.2181 m/s, reached at s = v²/4 = 2.5891 m, held to s + 0.1·v = 2.9109 m, then braking at exactly
  // 2 m/s² to sqrt 2 m/s at the arc's entry, s 5.
  const double v = (std::sqrt(0.04 + 44.0) - 0.2) / 2.0, decide = v * v / 4.0, begin = decide + 0.1 * v;
  EXPECT_NEAR(v, 3.2181, 1e-4);
  EXPECT_NEAR(begin + (v * v - 2.0) / 4.0, 5.0, 1e-12);
  EXPECT_NEAR(p.speed_at(decide), v, 1e-12);
  EXPECT_NEAR(p.speed_at(0.5 * (decide + begin)), v, 1e-12);
  EXPECT_NEAR(p.speed_at(begin), v, 1e-12);
  for (const double s : {begin + 1e-6, 3.5, 4.5, 5.0 - 1e-6}) EXPECT_NEAR(p.accel_at(s), -2.0, 1e-12) << s;
  EXPECT_NEAR(p.speed_at(5.0), std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(p.speed_at(4.0), std::sqrt(2.0 + 4.0), 1e-12);  // v² = v_arc² + 2·b·(5 − s)
  const ProfileStep* react = nullptr;
  for (const auto& st : trace.steps)
    if (st.kind == ProfileStep::Kind::Reaction && !react) react = &st;
  ASSERT_NE(react, nullptr);
  EXPECT_NEAR(react->s0, decide, 1e-12);
  EXPECT_NEAR(react->s1, begin, 1e-12);
  EXPECT_EQ(react->limit, ProfileLimit::Lateral);
  EXPECT_EQ(react->describe(),
            "To slow to 1.41 m/s for the arc's lateral-acceleration limit sqrt(a_lat·R) at s 5.00 m, braking begins "
            "at s 2.59 m: at 3.22 m/s with reaction step dt 0.10 s and braking b 2.00 m/s², it takes 0.32 m + 2.09 m "
            "= 2.41 m (v·dt + (v² − 1.41²)/2b). The agent holds 3.22 m/s to s 2.91 m, then brakes.");
  // The time by hand: v/2 speeding up, 0.1 held, (v − sqrt 2)/2 braking, (π/2)/sqrt 2 on the arc, and the
  // same three after it into the goal in reverse.
  const double r2 = std::sqrt(2.0);
  EXPECT_NEAR(p.total_time, 2.0 * (v / 2.0 + 0.1 + (v - r2) / 2.0) + (std::numbers::pi / 2) / r2, 1e-12);
}

TEST(Profile, BadAgentIsAFailureValue) {
  AgentDef a;
  a.brake_decel = 0.0;
  const Profile p = speed_profile(straight(3.0), a);
  const std::vector<ProfileSample> ps = p.samples();
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.failure->stage, FailStage::Profile);
  EXPECT_EQ(p.failure->reason, Reason::BadAgent);
}

}  // namespace
}  // namespace navlab

namespace navlab {
namespace {

// End to end through `navlab plan`: DESIGN §5's turns and profile fields.
TEST(ProfileCli, StraightHallRunStartsBraking4_4MetresBeforeTheGoal) {
  // The default scene's agent keeps the defaults max_speed 4, brake_decel 2, reaction_dt 0.1.
  const test::RunResult run = test::run_navlab("plan " + test::scene_path("default.json") + " --start 2,2 --goal 38,2");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto doc = nlohmann::json::parse(run.out);
  const auto& r = doc["results"][0];
  ASSERT_EQ(r["corners"].size(), 2u);  // a straight run: no corner, no turn
  EXPECT_TRUE(r["turns"].empty());
  const auto& prof = r["profile"];
  const double len = prof["length"].get<double>();
  EXPECT_NEAR(len, 36.0, 1e-9);
  bool at_brake_start = false;
  for (const auto& s : prof["samples"]) {
    const double si = s["s"].get<double>(), v = s["v"].get<double>();
    if (std::fabs(si - (len - 4.4)) < 1e-6) {
      at_brake_start = true;
      EXPECT_NEAR(v, 4.0, 1e-9);
    }
    if (si > len - 4.0 + 1e-6) {  // held for the reaction step to 4.0 m before the goal, then braking
      EXPECT_LT(v, 4.0 - 1e-6);
    }
  }
  EXPECT_TRUE(at_brake_start);
  EXPECT_GT(prof["total_time"].get<double>(), len / 4.0);
}

TEST(ProfileCli, DefaultSceneTurnsAndDenseSamples) {
  const test::RunResult run = test::run_navlab("plan " + test::scene_path("default.json"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto doc = nlohmann::json::parse(run.out);
  ASSERT_FALSE(doc["results"].empty());
  for (const auto& r : doc["results"]) {
    ASSERT_TRUE(r.contains("turns"));
    ASSERT_TRUE(r.contains("profile"));
    double prev_s = -1.0;
    for (const auto& t : r["turns"]) {
      for (const char* key : {"at", "kind", "s", "theta", "radius", "trim"}) EXPECT_TRUE(t.contains(key)) << key;
      const double s = t["s"].get<double>();
      EXPECT_GT(s, prev_s);
      prev_s = s;
      const double theta = t["theta"].get<double>(), radius = t["radius"].get<double>();
      if (t["kind"] == "arc") {
        EXPECT_NEAR(t["trim"].get<double>(), radius * std::tan(theta / 2), 1e-9);
      } else {
        EXPECT_EQ(t["trim"].get<double>(), 0.0);
      }
    }
    const auto& samples = r["profile"]["samples"];
    ASSERT_GE(samples.size(), 2u);
    for (size_t i = 1; i < samples.size(); ++i) {
      const double ds = samples[i]["s"].get<double>() - samples[i - 1]["s"].get<double>();
      EXPECT_GT(ds, 0.0);
      EXPECT_LE(ds, 0.05 + 1e-9);
    }
    EXPECT_EQ(samples.back()["v"].get<double>(), 0.0);
    EXPECT_EQ(samples.back()["limit"], "goal");
    EXPECT_NEAR(samples.back()["s"].get<double>(), r["profile"]["length"].get<double>(), 1e-9);
  }
}

}  // namespace
}  // namespace navlab

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

constexpr double kPi = std::numbers::pi;

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

const ProfileSample* at(const Profile& p, double s) {
  for (const auto& smp : p.samples)
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
  ASSERT_TRUE(p.ok());
  EXPECT_NEAR(p.length, 20.0, 1e-12);
  const ProfileSample* brake_start = at(p, 20.0 - 4.4);
  ASSERT_NE(brake_start, nullptr);
  EXPECT_NEAR(brake_start->v, 4.0, 1e-9);
  const ProfileSample* after = at(p, 20.0 - 4.35);
  ASSERT_NE(after, nullptr);
  EXPECT_LT(after->v, 4.0 - 1e-3);
  EXPECT_EQ(after->limit, ProfileLimit::Braking);
  EXPECT_NEAR(after->v, stopping_speed_limit(4.35, 2.0, 0.1), 1e-9);
  // Every sample before 15.6 m that reached top speed is at 4, every one after it is below.
  for (const auto& smp : p.samples) {
    if (smp.s > 20.0 - 4.4 + 1e-9) {
      EXPECT_LT(smp.v, 4.0 - 1e-6) << smp.s;
    }
  }
  EXPECT_EQ(p.samples.back().v, 0.0);
  EXPECT_EQ(p.samples.back().limit, ProfileLimit::Goal);
  EXPECT_EQ(p.samples.front().v, 0.0);
  EXPECT_EQ(p.samples.front().limit, ProfileLimit::Start);
  // From rest at 2 m/s²: v = sqrt(2·a·s) until max_speed at s = 4.
  EXPECT_NEAR(at(p, 1.0)->v, 2.0, 1e-9);
  EXPECT_EQ(at(p, 1.0)->limit, ProfileLimit::Accel);
  EXPECT_NEAR(at(p, 10.0)->v, 4.0, 1e-12);
  EXPECT_EQ(at(p, 10.0)->limit, ProfileLimit::MaxSpeed);
  // One braking step in the trace starting where braking starts.
  bool found = false;
  for (const auto& st : trace.steps) {
    if (st.kind != ProfileStep::Kind::Braking) continue;
    found = true;
    EXPECT_NEAR(st.s0, 20.0 - 4.4, 0.051);
    EXPECT_EQ(st.limit, ProfileLimit::Goal);
    EXPECT_NE(st.describe().find("brakes from 4.00 m/s"), std::string::npos) << st.describe();
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(trace.steps.back().kind, ProfileStep::Kind::Total);
}

TEST(Profile, WithoutReactionStepBrakingStartsAtTheContinuousDistance) {
  AgentDef a = w6_agent();
  a.reaction_dt = 0.0;
  const Profile p = speed_profile(straight(20.0), a);
  EXPECT_NEAR(at(p, 16.0)->v, 4.0, 1e-9);  // v²/(2b) = 4 m
  EXPECT_LT(at(p, 16.05)->v, 4.0 - 1e-3);
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
  for (size_t i = 1; i < p.samples.size(); ++i) {
    EXPECT_GT(p.samples[i].s, p.samples[i - 1].s);
    EXPECT_LE(p.samples[i].s - p.samples[i - 1].s, kProfileMaxSpacing + 1e-12);
  }
  for (const PathPiece& piece : r.path.pieces) {
    EXPECT_NE(at(p, piece.s0), nullptr) << piece.s0;
    EXPECT_NE(at(p, piece.s0 + piece.length), nullptr) << piece.s0 + piece.length;
  }
  EXPECT_NEAR(p.samples.back().s, r.path.length, 1e-12);
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
  const PathPiece& arc = r.path.pieces[1];
  ASSERT_EQ(arc.kind, PathPiece::Kind::Arc);
  int on_arc = 0;
  for (const auto& smp : p.samples) {
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
  EXPECT_NEAR(at(p, arc.s0)->v, 2.0, 1e-9);
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
  bool budget_bound = false;
  for (size_t i = 0; i + 1 < p.samples.size(); ++i) {
    const auto& smp = p.samples[i];
    if (smp.curvature == 0.0) continue;
    const double vmax = std::max(smp.v, p.samples[i + 1].v);
    const double lat = vmax * vmax * smp.curvature;
    const double allowed = std::sqrt(std::max(0.0, 9.0 - lat * lat));
    EXPECT_LE(std::fabs(smp.a), allowed + 1e-6) << "s " << smp.s;
    if (allowed < agent.accel - 0.1 && smp.a > 0.0) budget_bound = true;
  }
  EXPECT_TRUE(budget_bound);
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
  agent.max_turn_rate = kPi / 2;  // 90° per second
  const TurnsResult r = fit_turns({{-5, 0}, {0, 0}, {0, 3}, {4, 3}}, corridor_shape(room, {0}), agent);
  ASSERT_TRUE(r.ok());
  ProfileTrace trace;
  const Profile p = speed_profile(r.path, agent, &trace);
  for (const Turn& t : r.path.turns) {
    const ProfileSample* smp = at(p, t.s);
    ASSERT_NE(smp, nullptr);
    EXPECT_EQ(smp->v, 0.0);
    EXPECT_EQ(smp->limit, ProfileLimit::StopTurn);
  }
  // Moving time from the samples (constant acceleration per step) plus 1 s per 90° stop-turn.
  double moving = 0.0;
  for (size_t i = 0; i + 1 < p.samples.size(); ++i)
    moving += 2.0 * (p.samples[i + 1].s - p.samples[i].s) / (p.samples[i].v + p.samples[i + 1].v);
  EXPECT_NEAR(p.total_time, moving + 2.0, 1e-9);
  int stops = 0;
  for (const auto& st : trace.steps) stops += st.kind == ProfileStep::Kind::StopTurn;
  EXPECT_EQ(stops, 2);
}

// On a straight path each sample's speed has a closed form of its own: the least of max_speed, the
// forward pass from rest sqrt(2·accel·s) and the stop at the goal with the reaction step,
// sqrt((b·dt)² + 2·b·d) − b·dt with d = L − s (DESIGN §3, W6).
double straight_line_speed(double s, double len, const AgentDef& a) {
  const double b = a.brake_decel, dt = a.reaction_dt, d = std::max(0.0, len - s);
  const double stop = std::sqrt(b * dt * b * dt + 2.0 * b * d) - b * dt;
  return std::min({a.max_speed, std::sqrt(2.0 * a.accel * s), stop});
}

TEST(Profile, StraightPathSpeedsEqualTheClosedForm) {
  for (const double len : {0.5, 2.0, 7.3, 20.0}) {
    const Profile p = speed_profile(straight(len), w6_agent());
    ASSERT_TRUE(p.ok());
    for (const auto& smp : p.samples)
      EXPECT_NEAR(smp.v, straight_line_speed(smp.s, len, w6_agent()), 1e-9) << "len " << len << " s " << smp.s;
  }
}

TEST(Profile, APathShorterThanOneSampleTakesTheRestToRestTime) {
  // 1 cm from rest to rest, accel = brake = 2 m/s², no reaction step: speed up over 5 mm and brake over
  // 5 mm, v = sqrt(2·2·0.005) = 0.1414 m/s, t = 2·v/2 = 0.1414 s (hand computation).
  AgentDef a = w6_agent();
  a.reaction_dt = 0.0;
  const Profile p = speed_profile(straight(0.01), a);
  ASSERT_TRUE(p.ok());
  EXPECT_NEAR(p.total_time, std::sqrt(0.02), 1e-12);
}

TEST(Profile, AHugePathKeepsABoundedSampleCount) {
  // 1,000 km (coordinates near the scene limit): 100,000 samples 10 m apart, not 20 million 5 cm apart.
  const Profile p = speed_profile(straight(1e6), w6_agent());
  ASSERT_TRUE(p.ok());
  EXPECT_LE(p.samples.size(), size_t(kMaxProfileSamples) + 1);
  for (size_t i = 1; i < p.samples.size(); ++i) ASSERT_LE(p.samples[i].s - p.samples[i - 1].s, 10.0 + 1e-6);
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
  ASSERT_TRUE(p.ok());
  for (const auto& smp : p.samples)
    ASSERT_NEAR(smp.v, straight_line_speed(smp.s, len, a), 1e-9) << "s " << smp.s;
}

TEST(Profile, ShortPathPeaksWhereAccelerationMeetsBraking) {
  // 2 m, accel 2 m/s², brake 2 m/s², dt 0.1 s: sqrt(4s) = sqrt(0.04 + 4(2 − s)) − 0.2 at s = 0.9049 m,
  // v = 1.9025 m/s (solved by hand); the samples lie every 0.05 m, so the highest is at s = 0.9:
  // sqrt(2·2·0.9) = 1.897 m/s, below max_speed 4.
  const Profile p = speed_profile(straight(2.0), w6_agent());
  const auto peak = std::max_element(p.samples.begin(), p.samples.end(),
                                     [](const ProfileSample& x, const ProfileSample& y) { return x.v < y.v; });
  ASSERT_NE(peak, p.samples.end());
  EXPECT_NEAR(peak->s, 0.9, 1e-9);
  EXPECT_NEAR(peak->v, 1.8973665961, 1e-9);
  EXPECT_LT(peak->v, 1.9024984394);
}

TEST(Profile, BadAgentIsAFailureValue) {
  AgentDef a;
  a.brake_decel = 0.0;
  const Profile p = speed_profile(straight(3.0), a);
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
    if (si > len - 4.4 + 1e-6) {
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

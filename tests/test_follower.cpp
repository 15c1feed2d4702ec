#include "follower.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "navmesh_build.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

struct Loaded {
  Scene scene;
  NavMesh mesh;
};

Loaded load(const std::string& name) {
  auto s = load_scene(test::scene_path(name));
  EXPECT_TRUE(s) << s.error();
  auto m = build_navmesh(s.value());
  EXPECT_TRUE(m) << m.error();
  return {s.value(), m.value()};
}

FollowEvent close_at(double t, const std::string& door) { return {t, FollowEvent::Kind::Close, door, {}, false}; }
FollowEvent open_at(double t, const std::string& door) { return {t, FollowEvent::Kind::Open, door, {}, false}; }

// |Δv| <= max_accel·dt at every step, from rest.
void expect_smooth(const FollowResult& r, const AgentDef& agent, double dt) {
  Vec2 prev{};
  for (const FollowStep& s : r.steps) {
    EXPECT_LE(distance(s.vel, prev), agent.max_accel * dt + 1e-9) << s.describe();
    prev = s.vel;
  }
}

TEST(Follower, GuardBrakesWhenTheDoorClosesThenTakesTheOtherRoute) {
  const Loaded l = load("guard_narrow_door.json");
  const double dt = 0.05;
  FollowDef def;
  def.dt = dt;
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(1.5, "door1")}, def);
  ASSERT_EQ(r.outcome, "arrived") << (r.failure ? r.failure->message : "");
  EXPECT_FALSE(r.failure);
  expect_smooth(r, l.scene.agent, dt);

  ASSERT_EQ(r.replans.size(), 1u);
  EXPECT_EQ(r.replans[0].cause, "door_closed");
  EXPECT_EQ(r.replans[0].version, 2);
  EXPECT_GT(r.replans[0].t, 1.5);
  // The first plan went through the passage (polygon 1), the second one round the north corridor.
  ASSERT_EQ(r.plans.size(), 2u);
  EXPECT_EQ(r.plans[0].corridor, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(r.plans[1].corridor, (std::vector<int>{1, 0, 3, 2}));

  // Braking from the close to the re-plan: speed never rises, and the guard stops before the door
  // (x = 8) with its body clear of it.
  double last_speed = 1e9, max_x_v1 = 0.0;
  bool braked = false;
  for (const FollowStep& s : r.steps) {
    if (s.corridor_version == 1) max_x_v1 = std::max(max_x_v1, s.pos.x);
    if (s.state != FollowState::Braking) continue;
    braked = true;
    EXPECT_LE(length(s.vel), last_speed + 1e-12) << s.describe();
    last_speed = length(s.vel);
  }
  EXPECT_TRUE(braked);
  EXPECT_LE(max_x_v1, 8.0 - l.scene.agent.radius + 1e-6);
  // The velocity was never zeroed at the close: the first braking step still moves.
  const auto first_brake = std::find_if(r.steps.begin(), r.steps.end(),
                                        [](const FollowStep& s) { return s.state == FollowState::Braking; });
  ASSERT_NE(first_brake, r.steps.end());
  EXPECT_GT(length(first_brake->vel), 2.0);

  const FollowStep& end = r.steps.back();
  EXPECT_EQ(end.state, FollowState::Arrived);
  EXPECT_EQ(end.corridor_version, 2);
  EXPECT_LE(distance(end.pos, l.scene.queries[0].goal.plane), l.scene.agent.arrive_distance + 1e-9);
  EXPECT_LE(length(end.vel), l.scene.agent.arrive_speed);
}

TEST(Follower, WithNoOtherRouteTheGuardStopsBeforeTheDoorAndFails) {
  const Loaded l = load("guard_narrow_door_only.json");
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(1.5, "door1")});
  EXPECT_EQ(r.outcome, "failed");
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, "agent_restricted");
  EXPECT_EQ(r.failure->blocked_by, (std::vector<std::string>{"door1"}));
  expect_smooth(r, l.scene.agent, 0.05);
  const FollowStep& end = r.steps.back();
  EXPECT_EQ(end.state, FollowState::Failed);
  EXPECT_EQ(end.vel, (Vec2{0, 0}));
  EXPECT_LT(end.pos.x, 8.0 - l.scene.agent.radius + 1e-6);
  EXPECT_GT(end.pos.x, 6.0);  // it did approach the door
  ASSERT_EQ(r.replans.size(), 1u);
  EXPECT_EQ(r.replans[0].status, Status::Failed);
}

TEST(Follower, OpeningTheDoorThatBlockedAFailedPlanReplansAndArrives) {
  const Loaded l = load("guard_narrow_door_only.json");
  const FollowResult r =
      follow(l.scene, l.mesh, l.scene.queries[0], {close_at(1.5, "door1"), open_at(8.0, "door1")});
  EXPECT_EQ(r.outcome, "arrived");
  ASSERT_EQ(r.replans.size(), 2u);
  EXPECT_EQ(r.replans[1].cause, "door_opened");
  EXPECT_EQ(r.replans[1].version, 3);
  expect_smooth(r, l.scene.agent, 0.05);
}

TEST(Follower, ABlockerInTheCorridorIsAvoidedLocallyWithoutReplanning) {
  const Loaded l = load("blocker_corridor.json");
  const Blocker& crate = l.scene.blockers.at(0);
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {});
  ASSERT_EQ(r.outcome, "arrived") << (r.failure ? r.failure->message : "");
  EXPECT_TRUE(r.replans.empty());
  EXPECT_EQ(r.plans.size(), 1u);
  expect_smooth(r, l.scene.agent, 0.05);
  double closest = 1e9;
  bool avoided = false;
  for (const FollowStep& s : r.steps) {
    closest = std::min(closest, distance(s.pos, crate.center.plane));
    avoided = avoided || s.avoiding;
    EXPECT_EQ(s.corridor_version, 1);
  }
  EXPECT_TRUE(avoided);
  EXPECT_GE(closest, crate.radius + l.scene.agent.radius - 0.05);

  // Without local avoidance the same agent walks straight through the crate.
  FollowDef off;
  off.avoidance = false;
  const FollowResult blind = follow(l.scene, l.mesh, l.scene.queries[0], {}, off);
  double blind_closest = 1e9;
  for (const FollowStep& s : blind.steps) blind_closest = std::min(blind_closest, distance(s.pos, crate.center.plane));
  EXPECT_LT(blind_closest, 0.1);
}

TEST(Follower, ADoorChangedOutsideTheReadSetDoesNotInvalidate) {
  const Loaded l = load("blocker_corridor.json");
  FollowDef def;
  def.avoidance = false;
  Scene scene = l.scene;
  scene.blockers.clear();
  const FollowResult r = follow(scene, l.mesh, scene.queries[0], {close_at(1.0, "door_side"), open_at(2.0, "door_side")}, def);
  EXPECT_EQ(r.outcome, "arrived");
  EXPECT_TRUE(r.replans.empty());
  EXPECT_EQ(r.ignored.size(), 2u);
  for (const FollowStep& s : r.steps) {
    EXPECT_EQ(s.corridor_version, 1);
    EXPECT_NE(s.state, FollowState::Braking);
  }
}

TEST(Follower, MovingAClosedDoorOntoTheCorridorInvalidatesIt) {
  const Loaded l = load("doors_balcony.json");
  Scene scene = l.scene;
  // door1 starts closed and far away on the balcony's north wall (covers nothing) ...
  scene.doors[0].open = false;
  scene.doors[0].shape[0].plane = {3, 7};
  scene.doors[0].shape[1].plane = {5, 7};
  auto mesh = build_navmesh(scene);
  ASSERT_TRUE(mesh);
  // ... and is dragged onto the Hall/Door connection the plan uses.
  FollowEvent move{1.0, FollowEvent::Kind::Move, "door1", {{4, 0}, {4, 3}}, false};
  const FollowResult r = follow(scene, mesh.value(), scene.queries[0], {move});
  EXPECT_EQ(r.outcome, "arrived");
  ASSERT_EQ(r.replans.size(), 1u);
  EXPECT_EQ(r.replans[0].cause, "door_moved");
  ASSERT_EQ(r.plans.size(), 2u);
  EXPECT_EQ(r.plans[0].corridor, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(r.plans[1].corridor.back(), 3);
  EXPECT_NE(std::find(r.plans[1].corridor.begin(), r.plans[1].corridor.end(), 4), r.plans[1].corridor.end());
}

TEST(Follower, UnknownDoorInAnEventIsAFailureValue) {
  const Loaded l = load("guard_narrow_door.json");
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(1.0, "nope")});
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, "bad_event");
  EXPECT_TRUE(r.steps.empty());
}

// Property: whenever the door closes, the guard arrives, its velocity never jumps, and while it
// still follows the first corridor it never enters the passage after the close unless it was already
// past the braking distance.
TEST(Follower, GuardArrivesForAnyClosingTime) {
  const Loaded l = load("guard_narrow_door.json");
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> when(0.0, 5.0);
  for (int trial = 0; trial < 12; ++trial) {
    const double t = when(rng);
    const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(t, "door1")});
    EXPECT_EQ(r.outcome, "arrived") << "close at " << t;
    expect_smooth(r, l.scene.agent, 0.05);
    for (const FollowStep& s : r.steps) EXPECT_TRUE(is_finite(s.pos) && is_finite(s.vel));
  }
}

// Seed 004's StallDetector: enough progress in a window → false; too little → true and the window
// restarts; reset() restarts it at the given position.
TEST(StallDetector, ReportsTooLittleProgressPerWindow) {
  StallDetector d(0.5, 0.05);
  d.reset({0, 0});
  double x = 0.0;
  for (int i = 0; i < 9; ++i) EXPECT_FALSE(d.tick({x += 0.01, 0}, 0.05));  // 0.45 s: window not over
  EXPECT_FALSE(d.tick({x += 0.01, 0}, 0.05));  // 0.5 s, moved 0.10 m
  for (int i = 0; i < 9; ++i) EXPECT_FALSE(d.tick({x += 0.001, 0}, 0.05));
  EXPECT_TRUE(d.tick({x += 0.001, 0}, 0.05));  // moved 0.01 m in 0.5 s
  EXPECT_FALSE(d.tick({x, 0}, 0.05));          // a new window started
  d.reset({x, 0});
  for (int i = 0; i < 9; ++i) EXPECT_FALSE(d.tick({x, 0}, 0.05));
  EXPECT_TRUE(d.tick({x, 0.01}, 0.05));
}

}  // namespace
}  // namespace navlab

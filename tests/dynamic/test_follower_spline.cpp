// The spline update loop in the follower (Smoothing::Channel): each mode of the spline followed is
// reached by a scene and its events, and what the agent does under it is checked against the scene's
// geometry.
//   Frozen        a door on the route closes while the agent walks towards it: the fresh plan fails, the
//                 agent keeps the old spline up to the door and stops short of it;
//   Failure       standing there, the re-plan fails: nothing to follow;
//   OutOfNavMesh  a baked door closes on the agent in its doorway: the shortcut back to the navmesh;
//   stable tail   the goal moves on along the line the agent walks: the spline ahead is kept and the
//                 agent goes on without stopping.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "follower.h"
#include "gates.h"
#include "meshes.h"

namespace navlab {
namespace {

using test::load;
using test::Loaded;

FollowResult follow_channel(const Loaded& l, const std::vector<FollowEvent>& events) {
  FollowDef def;
  def.smoothing = Smoothing::Channel;
  return follow(l.scene, l.mesh, l.scene.queries[0], events, def);
}

const SplineChange* update_at(const FollowResult& r, double t) {
  for (const SplineChange& c : r.spline_updates)
    if (std::abs(c.t - t) < 1e-9) return &c;
  return nullptr;
}

std::string all_updates(const FollowResult& r) {
  std::string s;
  for (const SplineChange& c : r.spline_updates) s += c.describe() + "\n";
  return s;
}

// guard_narrow_door_only: the 1 m passage at x = 8 is the only way east; door1 closes at t 1.5 s.
TEST(FollowerSpline, ADoorClosingAheadFreezesTheSplineThenTheFailedRePlanIsAFailure) {
  const Loaded l = load("guard_narrow_door_only.json");
  const FollowResult r = follow_channel(l, {{1.5, FollowEvent::Kind::Close, "door1", {}, false, {}}});
  ASSERT_EQ(r.outcome, FollowOutcome::Failed);
  ASSERT_GE(r.spline_updates.size(), 3u) << all_updates(r);
  const SplineChange* frozen = update_at(r, 1.5);
  ASSERT_NE(frozen, nullptr) << all_updates(r);
  EXPECT_EQ(frozen->mode, SplineMode::Frozen) << frozen->describe();
  EXPECT_TRUE(frozen->recompute_needed);
  const SplineChange& last = r.spline_updates.back();
  EXPECT_EQ(last.mode, SplineMode::Failure) << last.describe();
  EXPECT_TRUE(last.recompute_needed);
  ASSERT_EQ(r.replans.size(), 1u);
  EXPECT_NEAR(last.t, r.replans[0].t, 1e-9);
  // The failed re-plan says its mode (never unset on a polygon mesh).
  ASSERT_EQ(r.plans.size(), 2u);
  EXPECT_EQ(r.plans[1].status, Status::Failed);
  ASSERT_TRUE(r.plans[1].spline_mode);
  EXPECT_EQ(*r.plans[1].spline_mode, SplineMode::Failure);
  // Every step between the close and the re-plan follows the frozen spline, and the agent's body
  // (radius 0.4 m) never reaches the closed door at x = 8; it ends standing.
  const double radius = l.scene.agent.radius;
  int frozen_steps = 0;
  for (const FollowStep& s : r.steps) {
    EXPECT_LE(s.pos.x + radius, 8.0 + 1e-6) << s.describe();
    ASSERT_TRUE(s.spline_mode) << s.describe();
    if (s.t > 1.5 + 1e-9 && s.t < r.replans[0].t - 1e-9) {
      EXPECT_EQ(*s.spline_mode, SplineMode::Frozen) << s.describe();
      ++frozen_steps;
    }
  }
  EXPECT_GT(frozen_steps, 10);
  EXPECT_EQ(r.steps.back().vel, (Vec2{0.0, 0.0}));
  EXPECT_EQ(*r.steps.back().spline_mode, SplineMode::Failure);
}

// guard_narrow_door: the same door closes, but a corridor along the north wall is another way. The fresh
// plan from where the agent walks turns back: its spline does not join the one followed, so the agent
// keeps that one (Frozen), brakes before the door, and standing, takes the new plan and arrives.
TEST(FollowerSpline, AFreshSplineThatDoesNotJoinLeavesTheAgentOnTheFrozenOneUntilItStands) {
  const Loaded l = load("guard_narrow_door.json");
  const FollowResult r = follow_channel(l, {{1.5, FollowEvent::Kind::Close, "door1", {}, false, {}}});
  ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "") << all_updates(r);
  const SplineChange* frozen = update_at(r, 1.5);
  ASSERT_NE(frozen, nullptr) << all_updates(r);
  EXPECT_EQ(frozen->mode, SplineMode::Frozen) << frozen->describe();
  ASSERT_EQ(r.replans.size(), 1u);
  EXPECT_GT(r.replans[0].t, 1.5);
  for (const FollowStep& s : r.steps) {
    if (s.t <= r.replans[0].t) {
      EXPECT_LE(s.pos.x + l.scene.agent.radius, 8.0 + 1e-6) << s.describe();
    }
    if (s.t > 1.5 + 1e-9 && s.t < r.replans[0].t - 1e-9) {
      EXPECT_EQ(*s.spline_mode, SplineMode::Frozen) << s.describe();
    }
    EXPECT_FALSE(s.collided) << s.describe();
  }
  ASSERT_EQ(r.plans.size(), 2u);
  EXPECT_NE(*r.plans[1].spline_mode, SplineMode::Failure);
}

// door_inside_polygon: door1 is baked as an area across the north corridor at x = 10; it closes at t
// 3.05 s, when the agent (4 m/s) is in the doorway.
TEST(FollowerSpline, ADoorClosingOnTheAgentSendsItBackOntoTheNavmesh) {
  const Loaded l = load("door_inside_polygon.json");
  const FollowResult r = follow_channel(l, {{3.05, FollowEvent::Kind::Close, "door1", {}, false, {}}});
  ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "") << all_updates(r);
  // The door's own polygons (the bake's), as rings for the point-in-polygon oracle.
  std::vector<std::vector<Vec2>> door;
  for (int p : door_polygons(l.mesh, "door1")) {
    door.emplace_back();
    for (int v : l.mesh.polys[size_t(p)].verts) door.back().push_back(l.mesh.verts[size_t(v)]);
  }
  ASSERT_FALSE(door.empty());
  auto in_door = [&](Vec2 p) {
    for (const auto& ring : door)
      if (test::inside_polygon(ring, p, -1e-6)) return true;
    return false;
  };
  const SplineChange* off = update_at(r, 3.05);
  ASSERT_NE(off, nullptr) << all_updates(r);
  EXPECT_EQ(off->mode, SplineMode::OutOfNavMesh) << off->describe();
  EXPECT_TRUE(off->recompute_needed);
  // The agent stood in the doorway then; the way back is a plan of its own whose spline is OutOfNavMesh,
  // and a re-plan follows once the agent is back on the navmesh.
  bool way_back = false;
  for (const FollowPlan& p : r.plans) way_back |= p.spline_mode == SplineMode::OutOfNavMesh;
  EXPECT_TRUE(way_back);
  double back_t = -1.0;
  for (const Replan& p : r.replans)
    if (p.cause == "back_on_navmesh") back_t = p.t;
  ASSERT_GT(back_t, 3.05) << all_updates(r);
  for (const FollowStep& s : r.steps) {
    if (std::abs(s.t - 3.05) < 1e-9) {
      EXPECT_TRUE(in_door(s.pos)) << s.describe();
    }
    if (s.t > back_t + 1e-9) {  // the steps after the re-plan at back_t
      EXPECT_FALSE(in_door(s.pos)) << s.describe();
      EXPECT_NE(*s.spline_mode, SplineMode::OutOfNavMesh) << s.describe();
    }
  }
}

// guard_narrow_door: the agent walks from (1, 3) east along y = 3; at t 1 s the goal moves from (13, 3)
// to (12, 3), on the same line.
TEST(FollowerSpline, TheStableTailKeepsTheSplineAheadAndTheAgentGoesOnWithoutStopping) {
  const Loaded l = load("guard_narrow_door.json");
  FollowEvent goal{1.0, FollowEvent::Kind::Goal, "", {}, false, {}};
  goal.goal.plane = {12.0, 3.0};
  const FollowResult r = follow_channel(l, {goal});
  ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "") << all_updates(r);
  const SplineChange* tail = update_at(r, 1.0);
  ASSERT_NE(tail, nullptr) << all_updates(r);
  EXPECT_EQ(tail->mode, SplineMode::Optimal) << tail->describe();
  EXPECT_FALSE(tail->recompute_needed);
  EXPECT_GE(tail->kept, 5.0 - 1e-9) << tail->describe();  // the stable distance
  ASSERT_EQ(r.replans.size(), 1u);
  EXPECT_NEAR(r.replans[0].t, 1.0, 1e-9);
  EXPECT_EQ(r.replans[0].cause, "goal_moved");
  // Not a step braking, and the agent never stood between its start and its arrival at (12, 3).
  for (size_t i = 0; i + 1 < r.steps.size(); ++i) {
    const FollowStep& s = r.steps[i];
    EXPECT_NE(s.state, FollowState::Braking) << s.describe();
    if (s.t > 0.5) {
      EXPECT_GT(length(s.vel), 0.0) << s.describe();
    }
    EXPECT_NEAR(s.pos.y, 3.0, 1e-6) << s.describe();
  }
  EXPECT_LE(distance(r.steps.back().pos, {12.0, 3.0}), l.scene.agent.arrive_distance + 1e-9);
}

}  // namespace
}  // namespace navlab

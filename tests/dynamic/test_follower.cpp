#include "follow_events.h"
#include "follower.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "channel_plan.h"
#include "navmesh_build.h"
#include "plan.h"
#include "meshes.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

using test::load;
using test::Loaded;

using test::close_at;
using test::open_at;

// |Δv| <= max_accel·dt at every step, from rest, except where a wall stopped the agent (a door that
// closed too late to stop for).
void expect_smooth(const FollowResult& r, const AgentDef& agent, double dt) {
  Vec2 prev{};
  for (const FollowStep& s : r.steps) {
    if (!s.collided) {
      EXPECT_LE(distance(s.vel, prev), agent.max_accel * dt + 1e-9) << s.describe();
    }
    prev = s.vel;
  }
}

TEST(Follower, GuardBrakesWhenTheDoorClosesThenTakesTheOtherRoute) {
  const Loaded l = load("guard_narrow_door.json");
  const double dt = 0.05;
  FollowDef def;
  def.dt = dt;
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(1.5, "door1")}, def);
  ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "");
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
  const auto first_brake =
      std::find_if(r.steps.begin(), r.steps.end(), [](const FollowStep& s) { return s.state == FollowState::Braking; });
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
  EXPECT_EQ(r.outcome, FollowOutcome::Failed);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::AgentRestricted);
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
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(1.5, "door1"), open_at(8.0, "door1")});
  EXPECT_EQ(r.outcome, FollowOutcome::Arrived);
  ASSERT_EQ(r.replans.size(), 2u);
  EXPECT_EQ(r.replans[1].cause, "door_opened");
  EXPECT_EQ(r.replans[1].version, 3);
  expect_smooth(r, l.scene.agent, 0.05);
}

TEST(Follower, ABlockerInTheCorridorIsAvoidedLocallyWithoutReplanning) {
  const Loaded l = load("blocker_corridor.json");
  const Blocker& crate = l.scene.blockers.at(0);
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {});
  ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "");
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

TEST(Follower, EveryBlockerNearTheAgentIsAvoidedNotOnlyTheFirstSixteen) {
  // Twenty small posts along the corridor's north wall (off the path, within the avoidance range) are
  // listed before the crate: Detour's query holds only as many circles as it was made for.
  Loaded l = load("blocker_corridor.json");
  const Blocker crate = l.scene.blockers.at(0);
  l.scene.blockers.clear();
  for (int i = 0; i < 20; ++i) {
    Blocker post;
    post.id = "post" + std::to_string(i);
    post.center.plane = {1.0 + 0.9 * i, 3.85};
    post.radius = 0.1;
    l.scene.blockers.push_back(post);
  }
  l.scene.blockers.push_back(crate);
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {});
  double closest = 1e9;
  for (const FollowStep& s : r.steps) closest = std::min(closest, distance(s.pos, crate.center.plane));
  EXPECT_GE(closest, crate.radius + l.scene.agent.radius - 0.05);
}

TEST(Follower, ATimeStepThatIsNotPositiveIsAnInvalidArgument) {
  const Loaded l = load("blocker_corridor.json");
  for (double dt : {0.0, -0.05, std::nan("")}) {
    FollowDef def;
    def.dt = dt;
    const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {}, def);
    EXPECT_EQ(r.outcome, FollowOutcome::Failed);
    ASSERT_TRUE(r.failure);
    EXPECT_EQ(r.failure->reason, Reason::InvalidArgument) << dt;
    EXPECT_TRUE(r.steps.empty());
  }
}

TEST(Follower, ADoorChangedOutsideTheReadSetDoesNotInvalidate) {
  const Loaded l = load("blocker_corridor.json");
  FollowDef def;
  def.avoidance = false;
  Scene scene = l.scene;
  scene.blockers.clear();
  const FollowResult r =
      follow(scene, l.mesh, scene.queries[0], {close_at(1.0, "door_side"), open_at(2.0, "door_side")}, def);
  EXPECT_EQ(r.outcome, FollowOutcome::Arrived);
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
  FollowEvent move{1.0, FollowEvent::Kind::Move, "door1", {{4, 0}, {4, 3}}, false, {}};
  const FollowResult r = follow(scene, mesh.value(), scene.queries[0], {move});
  EXPECT_EQ(r.outcome, FollowOutcome::Arrived);
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
  EXPECT_EQ(r.failure->reason, Reason::BadEvent);
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
    EXPECT_EQ(r.outcome, FollowOutcome::Arrived) << "close at " << t;
    expect_smooth(r, l.scene.agent, 0.05);
    for (const FollowStep& s : r.steps) EXPECT_TRUE(is_finite(s.pos) && is_finite(s.vel));
  }
}

// The first step at which `pred` holds (steps of a run without events), or -1.
template <class Pred>
int first_step(const FollowResult& r, Pred pred) {
  for (size_t i = 0; i < r.steps.size(); ++i)
    if (pred(r.steps[i])) return int(i);
  return -1;
}

// Positions never jump: each step moves at most max_speed·dt.
void expect_continuous(const FollowResult& r, Vec2 start, const AgentDef& agent, double dt) {
  Vec2 prev = start;
  for (const FollowStep& s : r.steps) {
    EXPECT_LE(distance(s.pos, prev), agent.max_speed * dt + 1e-9) << s.describe();
    prev = s.pos;
  }
}

// Graph scenes re-plan from the node the agent is at or last passed, not from the query's start.
// W2 with hall_door closing while the agent walks from Hall to Door: the edges are directed and Hall's
// only way on is through the door, so the re-plan from Hall fails, blocked by hall_door (re-planning
// from Start would find Start, Balcony, Goal and walk off from a node the agent left long ago).
FollowEvent goal_at(double t, Vec2 p) {
  FollowEvent e{t, FollowEvent::Kind::Goal, "", {}, false, {}};
  e.goal.plane = p;
  return e;
}

// Seed 002's re-plan trigger "the goal moved": the guard, heading east, is sent to the north corridor at
// t 1.5 s. It brakes comfortably (within v²/2b + v·reaction_dt of where it was, the same rule as a change
// it cannot see), re-plans from where it stopped and arrives at the new goal.
TEST(Follower, AMovedGoalBrakesComfortablyThenReplansToTheNewGoal) {
  const Loaded l = load("guard_narrow_door.json");
  const AgentDef& ag = l.scene.agent;
  const double dt = 0.05;
  FollowDef def;
  def.dt = dt;
  const Vec2 new_goal{3, 7};
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {goal_at(1.5, new_goal)}, def);
  ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "");
  expect_smooth(r, ag, dt);
  ASSERT_EQ(r.replans.size(), 1u);
  EXPECT_EQ(r.replans[0].cause, "goal_moved");
  EXPECT_EQ(r.replans[0].version, 2);
  EXPECT_NE(r.replans[0].detail.find("(3, 7)"), std::string::npos) << r.replans[0].detail;
  EXPECT_LE(distance(r.steps.back().pos, new_goal), ag.arrive_distance + 1e-9);

  // The step at the event and the last step of version 1 (standing, where the re-plan starts).
  const int at_event = first_step(r, [](const FollowStep& s) { return s.t >= 1.5 - 1e-9; });
  const int last_v1 = first_step(r, [](const FollowStep& s) { return s.corridor_version == 2; }) - 1;
  ASSERT_GE(at_event, 0);
  ASSERT_GT(last_v1, at_event);
  const FollowStep& e = r.steps[size_t(at_event)];
  const FollowStep& stop = r.steps[size_t(last_v1)];
  EXPECT_LE(length(stop.vel), 1e-6);
  // Still on the straight first leg (y = 3), so the distance along the path is the x difference.
  const double v = length(e.vel);
  ASSERT_GT(v, 0.5);
  // At most the comfortable distance; at least what braking at brake_decel from v takes when the speed
  // is updated before each move of dt (Σ (v - k·b·dt)·dt = v²/2b - v·dt/2).
  const double comfortable = v * v / (2.0 * ag.brake_decel) + v * ag.reaction_dt;
  const double least = v * v / (2.0 * ag.brake_decel) - v * dt / 2.0;
  EXPECT_LE(stop.pos.x - e.pos.x, comfortable + 1e-6) << "v " << v;
  EXPECT_GE(stop.pos.x - e.pos.x, least - 1e-6) << "v " << v;
  EXPECT_NEAR(stop.pos.y, 3.0, 1e-6);
}

TEST(Follower, AGoalMovedOffTheMeshFailsTheReplanAndTheGuardStands) {
  const Loaded l = load("guard_narrow_door.json");
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {goal_at(1.0, {30, 30})});
  EXPECT_EQ(r.outcome, FollowOutcome::Failed);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::GoalOffMesh);
  ASSERT_EQ(r.replans.size(), 1u);
  EXPECT_EQ(r.replans[0].status, Status::Failed);
  EXPECT_LE(length(r.steps.back().vel), 1e-6);
}

TEST(Follower, AGoalEventOfTheWrongKindIsABadEvent) {
  const Loaded poly = load("guard_narrow_door.json");
  FollowEvent node_goal = goal_at(1.0, {});
  node_goal.goal.node = "A";
  FollowResult r = follow(poly.scene, poly.mesh, poly.scene.queries[0], {node_goal});
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::BadEvent);
  EXPECT_NE(r.failure->message.find("points"), std::string::npos) << r.failure->message;

  const Loaded graph = load("graph_basic.json");
  node_goal.goal.node = "nowhere";
  r = follow(graph.scene, graph.mesh, graph.scene.queries[0], {node_goal});
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::BadEvent);
  EXPECT_NE(r.failure->message.find("'nowhere'"), std::string::npos) << r.failure->message;
}

// The farthest any step of `r` lies from `spline` (sampled every 1 cm), m.
double farthest_from(const FollowResult& r, const Spline& spline) {
  std::vector<Vec2> pts;
  for (const SplinePiece& p : spline.pieces) {
    const int n = std::max(1, int(std::ceil(p.length() / 0.01)));
    for (int i = 0; i <= n; ++i) pts.push_back(p.point(double(i) / n));
  }
  double worst = 0.0;
  for (const FollowStep& s : r.steps) {
    double best = 1e300;
    for (size_t i = 0; i + 1 < pts.size(); ++i) best = std::min(best, distance_to_segment(s.pos, pts[i], pts[i + 1]));
    worst = std::max(worst, best);
  }
  return worst;
}

// Seed 003's spline as what the agent follows: on the default office floor the agent walks the
// spline fitted in the channel (its plan's path is the spline, and every step keeps close to it),
// stays on the mesh and arrives; the plan says how good the spline is.
TEST(Follower, WithChannelSmoothingTheAgentWalksTheSpline) {
  const Loaded l = load("default.json");
  FollowDef def;
  def.smoothing = Smoothing::Channel;
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {}, def);
  ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "");
  ASSERT_EQ(r.plans.size(), 1u);
  ASSERT_TRUE(r.plans[0].spline_mode);
  EXPECT_NE(*r.plans[0].spline_mode, SplineMode::Failure);

  PlanRequest req;
  req.start = l.scene.queries[0].start;
  req.goal = l.scene.queries[0].goal;
  const ChannelPlan cp = plan_channel(l.scene, l.mesh, plan(l.scene, l.mesh, req));
  EXPECT_EQ(*r.plans[0].spline_mode, cp.spline.mode);
  EXPECT_NEAR(r.plans[0].path.length, cp.spline.length, 1e-9);
  // The agent tracks it as it tracks the arcs: its look-ahead at up to 4 m/s cuts a bend by < 20 cm.
  EXPECT_LE(farthest_from(r, cp.spline), 0.2);
  const FollowResult arcs = follow(l.scene, l.mesh, l.scene.queries[0], {});
  EXPECT_FALSE(arcs.plans[0].spline_mode);
  EXPECT_GT(std::abs(arcs.plans[0].path.length - cp.spline.length), 0.01);  // the two are told apart

  std::vector<std::vector<Vec2>> polys;
  for (const NavPoly& p : l.mesh.polys) {
    polys.emplace_back();
    for (int v : p.verts) polys.back().push_back(l.mesh.verts[size_t(v)]);
  }
  for (const FollowStep& s : r.steps)
    EXPECT_TRUE(std::any_of(polys.begin(), polys.end(), [&](const auto& poly) {
      return test::inside_polygon(poly, s.pos);
    })) << s.describe();
}

TEST(Follower, GraphReplansFromTheNodeTheAgentLastPassed) {
  const Loaded l = load("w2_doors.json");
  const int hall = l.mesh.node_index("Hall"), start = l.mesh.node_index("Start");
  const FollowResult free_run = follow(l.scene, l.mesh, l.scene.queries[0], {});
  ASSERT_EQ(free_run.outcome, FollowOutcome::Arrived);
  const Vec2 start_pos = free_run.plans[0].path.points.front();
  const int between_hall_and_door = first_step(free_run, [](const FollowStep& s) { return s.pos.x > 2.5; });
  const int between_start_and_hall = first_step(free_run, [](const FollowStep& s) { return s.pos.x > 0.8; });
  ASSERT_GE(between_hall_and_door, 0);
  ASSERT_GE(between_start_and_hall, 0);

  {
    const double t = free_run.steps[size_t(between_hall_and_door)].t;
    const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(t, "hall_door")});
    EXPECT_EQ(r.outcome, FollowOutcome::Failed);
    ASSERT_TRUE(r.failure);
    EXPECT_EQ(r.failure->reason, Reason::AgentRestricted);
    EXPECT_EQ(r.failure->blocked_by, (std::vector<std::string>{"hall_door"}));
    ASSERT_EQ(r.replans.size(), 1u);
    ASSERT_EQ(r.plans.size(), 2u);
    EXPECT_EQ(r.plans[1].start, hall) << "re-planned from the node last passed";
    expect_smooth(r, l.scene.agent, 0.05);
    expect_continuous(r, start_pos, l.scene.agent, 0.05);
    EXPECT_EQ(r.steps.back().vel, (Vec2{0, 0}));
    EXPECT_GT(r.steps.back().pos.x, 2.0);  // it stays past Hall, it did not go back to Start
  }
  {
    const double t = free_run.steps[size_t(between_start_and_hall)].t;
    const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(t, "hall_door")});
    ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << (r.failure ? r.failure->message : "");
    ASSERT_EQ(r.plans.size(), 2u);
    EXPECT_EQ(r.plans[1].start, start);
    EXPECT_EQ(r.plans[1].corridor, (std::vector<int>{start, l.mesh.node_index("Balcony"), l.mesh.node_index("Goal")}));
    // The new path leads from where the agent stood back to Start, then on.
    const auto replan_step =
        std::find_if(r.steps.begin(), r.steps.end(), [](const FollowStep& s) { return s.corridor_version == 2; });
    ASSERT_NE(replan_step, r.steps.begin());
    const Vec2 stood = (replan_step - 1)->pos;
    EXPECT_GT(stood.x, 0.8);
    ASSERT_GE(r.plans[1].path.points.size(), 3u);
    EXPECT_EQ(r.plans[1].path.points[0], stood);
    EXPECT_EQ(r.plans[1].path.points[1], l.mesh.nodes[size_t(start)].pos);
    expect_smooth(r, l.scene.agent, 0.05);
    expect_continuous(r, start_pos, l.scene.agent, 0.05);
  }
}

// At a stop-turn the agent stands and turns in place at max_turn_rate: the time spent turning is
// θ / max_turn_rate, rounded up to whole steps. W2 with Hall->Door removed: Start, Balcony, Goal turns
// 90° at Balcony.
TEST(Follower, StopTurnsTakeTheirTurningTimeInPlace) {
  Loaded l = load("w2_doors.json");
  auto& edges = std::get<Scene::Graph>(l.scene.source).edges;
  edges.erase(std::remove_if(edges.begin(), edges.end(), [](const GraphEdgeDef& e) { return e.door == "hall_door"; }),
              edges.end());
  auto mesh = build_navmesh(l.scene);
  ASSERT_TRUE(mesh) << mesh.error();
  const Vec2 balcony = mesh->nodes[size_t(mesh->node_index("Balcony"))].pos;
  for (double rate : {std::numbers::pi, 1.0, 0.7}) {
    for (double dt : {0.05, 0.1}) {
      Scene scene = l.scene;
      scene.agent.max_turn_rate = rate;
      FollowDef def;
      def.dt = dt;
      const FollowResult r = follow(scene, mesh.value(), scene.queries[0], {}, def);
      ASSERT_EQ(r.outcome, FollowOutcome::Arrived) << rate << " " << dt;
      ASSERT_EQ(r.plans.size(), 1u);
      ASSERT_EQ(r.plans[0].path.turns.size(), 1u);
      const Turn& turn = r.plans[0].path.turns[0];
      EXPECT_EQ(turn.kind, TurnKind::Stop);
      EXPECT_NEAR(turn.theta, std::numbers::pi / 2, 1e-12);
      int turning = 0;
      double prev_heading = r.steps.front().heading;
      for (size_t i = 0; i < r.steps.size(); ++i) {
        const FollowStep& s = r.steps[i];
        if (s.state == FollowState::Turning) {
          ++turning;
          EXPECT_EQ(s.vel, (Vec2{0, 0})) << s.describe();
          EXPECT_LE(distance(s.pos, balcony), scene.agent.arrive_distance) << s.describe();
          ASSERT_GT(i, 0u);
          EXPECT_EQ(s.pos, r.steps[i - 1].pos) << "no motion while turning";
          EXPECT_LE(std::abs(std::remainder(s.heading - prev_heading, 2 * std::numbers::pi)), rate * dt + 1e-9);
        }
        prev_heading = s.heading;
      }
      const double expected = turn.theta / rate;
      EXPECT_GE(turning * dt, expected - 1e-9) << "rate " << rate << " dt " << dt;
      EXPECT_LT(turning * dt, expected + dt) << "rate " << rate << " dt " << dt;
      // Turning steps are consecutive and the agent leaves facing the next segment (Balcony -> Goal).
      const int first = first_step(r, [](const FollowStep& s) { return s.state == FollowState::Turning; });
      ASSERT_GE(first, 0);
      for (int k = first; k < first + turning; ++k) EXPECT_EQ(r.steps[size_t(k)].state, FollowState::Turning);
      EXPECT_NEAR(r.steps[size_t(first + turning - 1)].heading, -std::numbers::pi / 4, 1e-9);
      expect_smooth(r, scene.agent, dt);
    }
  }
}

// The read set shrinks as the agent moves on: a door closing behind it does not invalidate the plan.
TEST(Follower, ADoorClosingBehindTheAgentDoesNotForceAReplan) {
  {
    // Graph: hall_door closes once the agent has reached Door.
    const Loaded l = load("w2_doors.json");
    const FollowResult free_run = follow(l.scene, l.mesh, l.scene.queries[0], {});
    const int past = first_step(free_run, [](const FollowStep& s) { return s.pos.x > 4.2; });
    ASSERT_GE(past, 0);
    const double t = free_run.steps[size_t(past)].t;
    const FollowResult r = follow(l.scene, l.mesh, l.scene.queries[0], {close_at(t, "hall_door")});
    EXPECT_EQ(r.outcome, FollowOutcome::Arrived);
    EXPECT_TRUE(r.replans.empty());
    EXPECT_EQ(r.ignored.size(), 1u);
    // The same close a little earlier, while the agent still walks towards Door, does invalidate.
    const int before = first_step(free_run, [](const FollowStep& s) { return s.pos.x > 3.0; });
    const FollowResult early =
        follow(l.scene, l.mesh, l.scene.queries[0], {close_at(free_run.steps[size_t(before)].t, "hall_door")});
    EXPECT_EQ(early.replans.size(), 1u);
  }
  {
    // Polygons: the guard's door closes once its centre is in the east room.
    const Loaded l = load("guard_narrow_door.json");
    const FollowResult free_run = follow(l.scene, l.mesh, l.scene.queries[0], {});
    ASSERT_EQ(free_run.outcome, FollowOutcome::Arrived);
    const int past = first_step(free_run, [](const FollowStep& s) { return s.pos.x > 8.3; });
    ASSERT_GE(past, 0);
    EXPECT_EQ(free_run.steps[size_t(past)].passed, 2) << "in the east room, the corridor's last polygon";
    const FollowResult r =
        follow(l.scene, l.mesh, l.scene.queries[0], {close_at(free_run.steps[size_t(past)].t + 0.05, "door1")});
    EXPECT_EQ(r.outcome, FollowOutcome::Arrived);
    EXPECT_TRUE(r.replans.empty());
    ASSERT_EQ(r.ignored.size(), 1u);
    for (const FollowStep& s : r.steps) EXPECT_NE(s.state, FollowState::Braking) << s.describe();
    // Still in the passage (polygon 1) when it closes: invalidated.
    const int inside = first_step(free_run, [](const FollowStep& s) { return s.pos.x > 6.5; });
    ASSERT_EQ(free_run.steps[size_t(inside)].passed, 1);
    const FollowResult early =
        follow(l.scene, l.mesh, l.scene.queries[0], {close_at(free_run.steps[size_t(inside)].t + 0.05, "door1")});
    EXPECT_FALSE(early.replans.empty());
  }
}

// Seed 004's StallDetector: enough progress in a window → false; too little → true and the window
// restarts; reset() restarts it at the given position.
TEST(StallDetector, ReportsTooLittleProgressPerWindow) {
  StallDetector d(0.5, 0.05);
  d.reset({0, 0});
  double x = 0.0;
  for (int i = 0; i < 9; ++i) EXPECT_FALSE(d.tick({x += 0.01, 0}, 0.05));  // 0.45 s: window not over
  EXPECT_FALSE(d.tick({x += 0.01, 0}, 0.05));                              // 0.5 s, moved 0.10 m
  for (int i = 0; i < 9; ++i) EXPECT_FALSE(d.tick({x += 0.001, 0}, 0.05));
  EXPECT_TRUE(d.tick({x += 0.001, 0}, 0.05));  // moved 0.01 m in 0.5 s
  EXPECT_FALSE(d.tick({x, 0}, 0.05));          // a new window started
  d.reset({x, 0});
  for (int i = 0; i < 9; ++i) EXPECT_FALSE(d.tick({x, 0}, 0.05));
  EXPECT_TRUE(d.tick({x, 0.01}, 0.05));
}

}  // namespace
}  // namespace navlab

// Every worked example of the seeds has a scene in scenes/; each scene's description promises numbers,
// and this file checks them against hand computations (written next to each expectation).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <set>
#include <utility>
#include <string>
#include <vector>

#include "follower.h"
#include "meshes.h"
#include "plan.h"
#include "profile.h"

namespace navlab {
namespace {

constexpr double kEps = 1e-9;  // m, exact constructions

struct Planned {
  test::Loaded loaded;
  PlanResult result;
  PlanTrace trace;
};

Planned plan_scene(const std::string& name) {
  Planned p;
  p.loaded = test::load(name);
  const Query& q = p.loaded.scene.queries.at(0);
  p.result = plan(p.loaded.scene, p.loaded.mesh, PlanRequest{q.start, q.goal, {}}, &p.trace);
  return p;
}

std::vector<std::string> pops(const Planned& p) {
  std::vector<std::string> out;
  for (const SearchStep& s : p.trace.search.steps)
    if (s.kind == SearchStep::Kind::Popped) out.push_back(node_label(p.loaded.mesh, s.node));
  return out;
}

void expect_point(Vec2 a, Vec2 b, double eps = kEps) {
  EXPECT_NEAR(a.x, b.x, eps);
  EXPECT_NEAR(a.y, b.y, eps);
}

TEST(WorkedExamples, W3MidpointsAgainstTheFunnel) {
  const Planned p = plan_scene("w3_midpoints.json");
  ASSERT_EQ(p.result.status, Status::Complete);
  ASSERT_EQ(p.result.midpoints.size(), 4u);
  expect_point(p.result.midpoints[1], {2, 2});
  expect_point(p.result.midpoints[2], {5, 2});
  // |(1.5, 0.5)| + 3 + |(1.5, 1.5)| = sqrt(2.5) + 3 + sqrt(4.5)
  EXPECT_NEAR(p.result.midpoint_length, std::sqrt(2.5) + 3.0 + std::sqrt(4.5), 1e-9);
  EXPECT_TRUE(p.result.funnel.corners.empty());
  EXPECT_NEAR(p.result.funnel.length, std::sqrt(40.0), 1e-9);  // (0.5,1.5) -> (6.5,3.5)
}

TEST(WorkedExamples, W5NinetyDegreesRadiusOneTrimsOne) {
  const Planned p = plan_scene("w5_trim_90.json");
  ASSERT_EQ(p.result.status, Status::Complete);
  const std::vector<Turn>& turns = p.result.motion.turns.path.turns;
  ASSERT_EQ(turns.size(), 1u);
  const Turn& t = turns[0];
  EXPECT_EQ(t.kind, TurnKind::Arc);
  expect_point(t.at, {1, -1}, 1e-9);
  EXPECT_NEAR(t.theta, std::numbers::pi / 2, 1e-9);
  EXPECT_NEAR(t.radius, 1.0, 1e-12);
  EXPECT_NEAR(t.trim, 1.0, 1e-9);  // 1 · tan(45°)
  expect_point(t.entry, {0, -1}, 1e-9);
  expect_point(t.exit, {1, 0}, 1e-9);
  EXPECT_NEAR(t.s, 5.0, 1e-9);  // from (-5,-1) to the entry (0,-1)
  EXPECT_NEAR(p.result.motion.turns.path.length, 5.0 + std::numbers::pi / 2 + 5.0, 1e-9);
}

TEST(WorkedExamples, W5TwoArcsShareOneSegmentAndScaleTogether) {
  const Planned p = plan_scene("w5_joint_scaling.json");
  ASSERT_EQ(p.result.status, Status::Complete);
  const std::vector<Turn>& turns = p.result.motion.turns.path.turns;
  ASSERT_EQ(turns.size(), 2u);
  expect_point(turns[0].at, {0, -1}, 1e-9);
  expect_point(turns[1].at, {1, 0}, 1e-9);
  // Trims 2·tan(22.5°) each over a sqrt(2) m segment: ratio sqrt(2) / (4·tan(22.5°)).
  const double trim0 = 2.0 * std::tan(std::numbers::pi / 8);
  const double ratio = std::sqrt(2.0) / (2.0 * trim0);
  for (const Turn& t : turns) {
    EXPECT_EQ(t.kind, TurnKind::Arc);
    EXPECT_NEAR(t.radius, 2.0 * ratio, 1e-9);  // 1 + 1/sqrt(2) = 1.7071
    EXPECT_NEAR(t.radius, 1.0 + 1.0 / std::sqrt(2.0), 1e-9);
    EXPECT_NEAR(t.trim, std::sqrt(2.0) / 2.0, 1e-9);  // the arcs meet mid-segment
  }
  expect_point(turns[0].exit, {0.5, -0.5}, 1e-9);
  int scaled = 0;
  for (const TurnStep& s : p.trace.motion.turns.steps)
    if (s.kind == TurnStep::Kind::ScaledWithPartner) {
      ++scaled;
      EXPECT_NEAR(s.old_trim + s.partner_trim - s.length, 2.0 * trim0 - std::sqrt(2.0), 1e-9);  // 0.2426 m
    }
  EXPECT_EQ(scaled, 2);
}

TEST(WorkedExamples, ZeroClearanceArcsFailAndTheCornerIsAStopTurn) {
  const Planned p = plan_scene("zero_clearance_stop_turn.json");
  ASSERT_EQ(p.result.status, Status::Complete);
  const std::vector<Turn>& turns = p.result.motion.turns.path.turns;
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_EQ(turns[0].kind, TurnKind::Stop);
  expect_point(turns[0].at, {0, 0});
  EXPECT_NEAR(turns[0].theta, std::atan2(24.0, 10.0), 1e-9);  // (5,1) then (1,5): cross 24, dot 10
  // Radii tried: 1, then ×0.8 while above min_turn_radius 0.2 (0.8^7 = 0.2097), then 0.2 itself.
  const std::vector<double> want = {1.0, 0.8, 0.64, 0.512, 0.4096, 0.32768, 0.262144, 0.2097152, 0.2};
  std::vector<double> tried;
  for (const TurnStep& s : p.trace.motion.turns.steps)
    if (s.kind == TurnStep::Kind::CoverageFailed) tried.push_back(s.radius);
  ASSERT_EQ(tried.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(tried[i], want[i], 1e-12);
  EXPECT_EQ(p.trace.motion.turns.steps.back().kind, TurnStep::Kind::FellBackToStop);
}

TEST(WorkedExamples, Seed003InnerCornerCurves) {
  // (0.3, 0.03), (0.4, 0.2): 0.2 -> 0.2·0.1 = 0.02; 0.35 -> 0.03 + 0.5·0.17 = 0.115; 1.0 -> 0.2.
  // (1.0, 0.2): 0.2 -> 0.04; 0.35 -> 0.07; 1.0 -> 0.2.
  const std::vector<std::pair<const char*, std::vector<double>>> cases = {{"inner_corner_a.json", {0.02, 0.115, 0.2}},
                                                                          {"inner_corner_b.json", {0.04, 0.07, 0.2}}};
  for (const auto& [name, want] : cases) {
    SCOPED_TRACE(name);
    const Planned p = plan_scene(name);
    const std::vector<ClearanceStep>& steps = p.trace.motion.clearance.steps;
    ASSERT_EQ(steps.size(), 4u);  // three doorways and the goal portal
    const double widths[] = {0.2, 0.35, 1.0};
    for (size_t i = 0; i < 3; ++i) {
      EXPECT_NEAR(steps[i].width, widths[i], 1e-12);
      EXPECT_NEAR(steps[i].distance, want[i], 1e-12);
    }
  }
  const Planned a = plan_scene("inner_corner_a.json");
  EXPECT_EQ(a.trace.motion.clearance.steps[1].describe(),
            "Portal 2 is 0.35 m wide; DistanceToInnerCorner(0.35 m) = 0.115 m is cut off each end, leaving (4, 0.56) "
            "to (4, 0.44).");
}

TEST(WorkedExamples, DijkstraAndAStarOnOneGraph) {
  const Planned d = plan_scene("search_dijkstra.json");
  const Planned a = plan_scene("search_astar.json");
  // Dijkstra: G only; Balcony (6, inserted first) before Goal (6).
  EXPECT_EQ(pops(d), (std::vector<std::string>{"Start", "Hall", "Door", "Balcony", "Goal"}));
  // A*: F = G + |pos - (6,0)|: Start 0+6, Hall 2+4, Door 4+2, Goal 6+0; Balcony 6 + sqrt(8) never popped.
  EXPECT_EQ(pops(a), (std::vector<std::string>{"Start", "Hall", "Door", "Goal"}));
  for (const Planned* p : {&d, &a}) {
    EXPECT_EQ(p->result.status, Status::Complete);
    EXPECT_DOUBLE_EQ(p->result.search.cost, 6.0);
    EXPECT_EQ(p->result.search.corridor.size(), 4u);
  }
  EXPECT_EQ(d.result.search.expanded, 5);
  EXPECT_EQ(a.result.search.expanded, 4);
}

TEST(WorkedExamples, Seed002CorridorAToF) {
  const Planned p = plan_scene("seed002_a_to_f.json");
  EXPECT_EQ(pops(p), (std::vector<std::string>{"A", "B", "C", "D", "E", "F"}));
  std::vector<std::string> corridor;
  for (int n : p.result.search.corridor) corridor.push_back(p.loaded.mesh.nodes[size_t(n)].id);
  EXPECT_EQ(corridor, (std::vector<std::string>{"A", "B", "D", "F"}));
  EXPECT_DOUBLE_EQ(p.result.search.cost, 6.0);  // 2 + 2 + 2
  // The scene's connections are the seed's drawing, A -- B -- D -- F with A -- C, B -- E and C -- E, and
  // nothing more: the costs are ours, the graph is not.
  std::set<std::pair<std::string, std::string>> edges;
  for (const GraphEdgeDef& e : std::get<Scene::Graph>(p.loaded.scene.source).edges)
    edges.insert(std::minmax(e.from, e.to));
  const std::set<std::pair<std::string, std::string>> seed{{"A", "B"}, {"B", "D"}, {"D", "F"},
                                                           {"A", "C"}, {"B", "E"}, {"C", "E"}};
  EXPECT_EQ(edges, seed);
}

TEST(WorkedExamples, W6BrakingStartsFourPointFourMetresBeforeTheGoal) {
  const Planned p = plan_scene("w6_braking.json");
  ASSERT_EQ(p.result.status, Status::Complete);
  EXPECT_NEAR(stopping_speed_limit(4.4, 2.0, 0.1), 4.0, 1e-12);  // sqrt(0.04 + 17.6) - 0.2
  const ProfileStep* brake = nullptr;
  const ProfileStep* react = nullptr;
  for (const ProfileStep& s : p.trace.motion.profile.steps) {
    if (s.kind == ProfileStep::Kind::Braking) brake = &s;
    if (s.kind == ProfileStep::Kind::Reaction) react = &s;
  }
  ASSERT_NE(brake, nullptr);
  ASSERT_NE(react, nullptr);
  // Braking begins 4.4 m before the goal: 0.4 m held for the reaction step, then 4.0 m at 2 m/s².
  EXPECT_NEAR(react->s0, 20.0 - 4.4, kEps);
  EXPECT_NEAR(react->s1, 20.0 - 4.0, kEps);
  EXPECT_NEAR(react->v0, 4.0, kEps);
  EXPECT_NEAR(brake->s0, 20.0 - 4.0, kEps);
  EXPECT_NEAR(brake->s1, 20.0, kEps);
  EXPECT_NEAR(brake->v0, 4.0, kEps);
  EXPECT_EQ(brake->decel, 2.0);
  // The seed's rule by hand: 2 s to 4 m/s, 11.6 m at 4 m/s, 0.1 s held, 2 s braking.
  EXPECT_NEAR(p.result.motion.profile.total_time, 7.0, kEps);
}

TEST(WorkedExamples, StallDetectorEndsBlocked) {
  const test::Loaded l = test::load("stall_blocked.json");
  const FollowResult r = follow(l.scene, l.mesh, l.scene.queries.at(0), {});
  EXPECT_EQ(r.outcome, FollowOutcome::Failed);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::Blocked);
  EXPECT_TRUE(r.replans.empty());  // a blocker never changes the plan
  ASSERT_FALSE(r.steps.empty());
  EXPECT_LT(r.steps.back().pos.x, 10.0 - 2.5);  // it never got past the crate's near side
}

}  // namespace
}  // namespace navlab

// plan_into() and plan_motion_into() write over a result that held another plan: whatever that plan was
// (another scene, a failure, a partial plan, a graph), the result must read as a new one would. The oracle
// is plan() into a new result, which reuses nothing; the queries run in a shuffled order so that every
// kind of plan follows every other.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "meshes.h"
#include "motion.h"
#include "plan.h"
#include "random_pairs.h"
#include "scene.h"

namespace navlab {
namespace {

using test::load;
using test::Loaded;

void expect_same_funnel(const FunnelResult& a, const FunnelResult& b) {
  EXPECT_EQ(a.points, b.points);
  EXPECT_EQ(a.corners, b.corners);
  EXPECT_EQ(a.length, b.length);
  EXPECT_EQ(a.tolerance, b.tolerance);
  EXPECT_EQ(a.failure, b.failure);
}

void expect_same_smooth(const SmoothPath& a, const SmoothPath& b) {
  EXPECT_EQ(a.points, b.points);
  EXPECT_EQ(a.length, b.length);
  ASSERT_EQ(a.turns.size(), b.turns.size());
  for (size_t i = 0; i < a.turns.size(); ++i) {
    const Turn &ta = a.turns[i], &tb = b.turns[i];
    EXPECT_TRUE(ta.corner == tb.corner && ta.last_corner == tb.last_corner && ta.kind == tb.kind && ta.s == tb.s &&
                ta.radius == tb.radius && ta.entry == tb.entry && ta.exit == tb.exit && ta.theta == tb.theta)
        << "turn " << i;
  }
  ASSERT_EQ(a.pieces.size(), b.pieces.size());
  for (size_t i = 0; i < a.pieces.size(); ++i) {
    const PathPiece &pa = a.pieces[i], &pb = b.pieces[i];
    EXPECT_TRUE(pa.kind == pb.kind && pa.a == pb.a && pa.b == pb.b && pa.s0 == pb.s0 && pa.length == pb.length &&
                pa.turn == pb.turn)
        << "piece " << i;
  }
}

void expect_same_profile(const Profile& a, const Profile& b) {
  EXPECT_EQ(a.total_time, b.total_time);
  EXPECT_EQ(a.length, b.length);
  EXPECT_EQ(a.ran, b.ran);
  EXPECT_EQ(a.failure, b.failure);
  ASSERT_EQ(a.spans.size(), b.spans.size());
  for (size_t i = 0; i < a.spans.size(); ++i)
    EXPECT_TRUE(a.spans[i].s0 == b.spans[i].s0 && a.spans[i].s1 == b.spans[i].s1 && a.spans[i].cap == b.spans[i].cap &&
                a.spans[i].stop_at_end == b.spans[i].stop_at_end)
        << "span " << i;
  ASSERT_EQ(a.pieces.size(), b.pieces.size());
  for (size_t i = 0; i < a.pieces.size(); ++i) {
    const ProfilePiece &pa = a.pieces[i], &pb = b.pieces[i];
    EXPECT_TRUE(pa.s0 == pb.s0 && pa.s1 == pb.s1 && pa.v0 == pb.v0 && pa.v1 == pb.v1 && pa.form == pb.form &&
                pa.limit == pb.limit && pa.target == pb.target && pa.span == pb.span && pa.t0 == pb.t0)
        << "profile piece " << i;
  }
  ASSERT_EQ(a.envelope.size(), b.envelope.size());
  for (size_t i = 0; i < a.envelope.size(); ++i)
    EXPECT_TRUE(a.envelope[i].s0 == b.envelope[i].s0 && a.envelope[i].s1 == b.envelope[i].s1 &&
                a.envelope[i].form == b.envelope[i].form)
        << "envelope piece " << i;
  ASSERT_EQ(a.decision.size(), b.decision.size());
  for (size_t i = 0; i < a.decision.size(); ++i)
    EXPECT_TRUE(a.decision[i].s0 == b.decision[i].s0 && a.decision[i].s1 == b.decision[i].s1 &&
                a.decision[i].form == b.decision[i].form)
        << "decision piece " << i;
}

void expect_same_motion(const MotionResult& a, const MotionResult& b) {
  EXPECT_EQ(a.failure, b.failure);
  EXPECT_EQ(a.clearance.portals, b.clearance.portals);
  EXPECT_EQ(a.clearance.failure, b.clearance.failure);
  expect_same_funnel(a.clearance.path, b.clearance.path);
  EXPECT_EQ(a.turns.failure, b.turns.failure);
  expect_same_smooth(a.turns.path, b.turns.path);
  expect_same_profile(a.profile, b.profile);
}

void expect_same_plan(const PlanResult& a, const PlanResult& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.failure, b.failure);
  EXPECT_EQ(a.locate.start.poly, b.locate.start.poly);
  EXPECT_EQ(a.locate.goal.poly, b.locate.goal.poly);
  EXPECT_EQ(a.locate.start.point, b.locate.start.point);
  EXPECT_EQ(a.locate.goal.point, b.locate.goal.point);
  EXPECT_EQ(a.locate.goal.failure, b.locate.goal.failure);
  EXPECT_EQ(a.search.status, b.search.status);
  EXPECT_EQ(a.search.failure, b.search.failure);
  EXPECT_EQ(a.search.corridor, b.search.corridor);
  EXPECT_EQ(a.search.links, b.search.links);
  EXPECT_EQ(a.search.popped, b.search.popped);
  EXPECT_EQ(a.search.cost, b.search.cost);
  EXPECT_EQ(a.substitute.has_value(), b.substitute.has_value());
  EXPECT_EQ(a.end_point, b.end_point);
  EXPECT_EQ(a.end_height, b.end_height);
  EXPECT_EQ(a.portals, b.portals);
  EXPECT_EQ(a.midpoints, b.midpoints);
  EXPECT_EQ(a.midpoint_length, b.midpoint_length);
  expect_same_funnel(a.funnel, b.funnel);
  EXPECT_EQ(a.funnel_heights, b.funnel_heights);
  expect_same_motion(a.motion, b.motion);
}

struct Case {
  const Loaded* scene;
  PlanRequest request;
  std::string name;
};

// Each scene's own queries (again with every door closed, where it has doors), and a few random pairs
// on its mesh.
std::vector<Case> cases_of(const std::vector<Loaded>& scenes, const std::vector<std::string>& names) {
  std::vector<Case> out;
  for (size_t i = 0; i < scenes.size(); ++i) {
    const Loaded& l = scenes[i];
    DoorOverrides closed;
    for (const Door& d : l.scene.doors) closed.closed.push_back(d.id);
    for (const Query& q : l.scene.queries) {
      out.push_back({&l, PlanRequest{q.start, q.goal, {}}, names[i] + " " + q.name});
      if (!closed.closed.empty())
        out.push_back({&l, PlanRequest{q.start, q.goal, closed}, names[i] + " " + q.name + " closed"});
    }
    if (l.mesh.kind != NavMesh::Kind::Polygons) continue;
    int k = 0;
    for (const RandomPair& p : random_pairs(l.mesh, 6, 7))
      out.push_back({&l, PlanRequest{p.start, p.goal, {}}, names[i] + " pair " + std::to_string(k++)});
  }
  return out;
}

TEST(PlanInto, AReusedResultReadsAsANewOneWhateverItHeldBefore) {
  // Complete plans with arcs and stop-turns, doors, links, a graph, and every failing or partial kind.
  const std::vector<std::string> names{"default.json",
                                       "doors_balcony.json",
                                       "graph_basic.json",
                                       "links_islands.json",
                                       "nearest_reachable.json",
                                       "fail_disconnected.json",
                                       "fail_goal_off_mesh.json",
                                       "fail_start_off_mesh.json",
                                       "fail_budget_exhausted.json",
                                       "fail_agent_restricted.json",
                                       "mesh_two_floors.json",
                                       "zero_clearance_stop_turn.json"};
  std::vector<Loaded> scenes;
  scenes.reserve(names.size());
  for (const std::string& n : names) scenes.push_back(load(n));
  std::vector<Case> cases = cases_of(scenes, names);
  ASSERT_GT(cases.size(), 60u);
  std::mt19937 rng(11);
  PlanResult reused;
  std::vector<Status> seen;
  for (int round = 0; round < 3; ++round) {
    std::shuffle(cases.begin(), cases.end(), rng);
    for (const Case& c : cases) {
      SCOPED_TRACE(c.name);
      plan_into(c.scene->scene, c.scene->mesh, c.request, reused);
      expect_same_plan(reused, plan(c.scene->scene, c.scene->mesh, c.request));
      seen.push_back(reused.status);
    }
  }
  // The sequence held every outcome, so each followed the others.
  for (Status s : {Status::Complete, Status::Partial, Status::Failed})
    EXPECT_NE(std::find(seen.begin(), seen.end(), s), seen.end()) << to_string(s);
}

// A plan whose clearance path or turns failed, then one that fails before the motion stage runs: the
// second must not keep the first one's motion failures (renewal resets them; no stage after it does).
TEST(PlanInto, AMotionFailureIsNotLeftForAPlanThatStopsEarlier) {
  const Loaded l = load("default.json");
  const Query& q = l.scene.queries[0];
  Scene bad_corner = l.scene;
  bad_corner.agent.inner_corner = {{-1.0, 0.0}};  // the clearance path fails
  Scene no_turn = l.scene;
  no_turn.agent.corner_mode = CornerMode::Stop;  // only stop-turns, and the agent cannot turn in place
  no_turn.agent.can_turn_in_place = false;
  PlanRequest off_mesh{q.start, q.goal, {}};
  off_mesh.start.plane = {1000.0, 1000.0};  // stops at locate
  const PlanResult stopped = plan(l.scene, l.mesh, off_mesh);
  ASSERT_EQ(stopped.failure->stage, FailStage::Locate);
  PlanResult reused;
  for (const auto& [failing, stage] : {std::pair{&bad_corner, FailStage::Clearance}, {&no_turn, FailStage::Turns}}) {
    plan_into(*failing, l.mesh, PlanRequest{q.start, q.goal, {}}, reused);
    ASSERT_TRUE(reused.failure.has_value());
    ASSERT_EQ(reused.failure->stage, stage);
    plan_into(l.scene, l.mesh, off_mesh, reused);
    expect_same_plan(reused, stopped);
  }
}

TEST(PlanInto, AReusedMotionResultReadsAsANewOneAfterAFailure) {
  const Loaded l = load("default.json");
  const PlanResult ok = plan(l.scene, l.mesh, PlanRequest{l.scene.queries[0].start, l.scene.queries[0].goal, {}});
  ASSERT_TRUE(ok.motion.ok());
  ASSERT_FALSE(ok.motion.profile.pieces.empty());
  AgentDef bad_corner = l.scene.agent;
  bad_corner.inner_corner = {{-1.0, 0.0}};  // clearance fails: no turns or profile
  AgentDef bad_profile = l.scene.agent;
  bad_profile.brake_decel = 0.0;  // the profile fails after the turns
  MotionResult reused;
  const AgentDef& good = l.scene.agent;
  for (const AgentDef* agent : std::vector<const AgentDef*>{&good, &bad_corner, &good, &bad_profile, &good}) {
    plan_motion_into(l.mesh, ok.search.corridor, ok.locate.start.point, ok.portals, *agent, nullptr, reused);
    expect_same_motion(reused, plan_motion(l.mesh, ok.search.corridor, ok.locate.start.point, ok.portals, *agent));
  }
}

}  // namespace
}  // namespace navlab

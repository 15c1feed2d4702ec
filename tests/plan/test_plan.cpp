// The pipeline entry plan(): locate → search on the scene files, every failure reason end to end,
// door overrides and the nearest_reachable policy.
#include <gtest/gtest.h>

#include "navmesh_build.h"
#include "meshes.h"
#include "paths.h"
#include "plan.h"

namespace navlab {
namespace {

using test::load;
using test::Loaded;

PlanResult plan_query(const Loaded& l, size_t i, DoorOverrides doors = {}, PlanTrace* trace = nullptr) {
  return plan(l.scene, l.mesh, PlanRequest{l.scene.queries.at(i).start, l.scene.queries.at(i).goal, doors}, trace);
}

std::vector<std::string> ids(const NavMesh& m, const std::vector<int>& c) {
  std::vector<std::string> out;
  for (int i : c) out.push_back(node_label(m, i));
  return out;
}

TEST(Plan, W1Scene) {
  const Loaded l = load("w1_polygons.json");
  const PlanResult r = plan_query(l, 0);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_FALSE(r.failure);
  EXPECT_EQ(ids(l.mesh, r.search.corridor), (std::vector<std::string>{"P1", "P3", "P4"}));
  EXPECT_DOUBLE_EQ(r.search.cost, 8.0);
}

TEST(Plan, W2SceneOpenAndClosedDoor) {
  const Loaded l = load("w2_doors.json");
  PlanTrace trace;
  const PlanResult open = plan_query(l, 0, {}, &trace);
  ASSERT_EQ(open.status, Status::Complete);
  EXPECT_EQ(ids(l.mesh, open.search.corridor), (std::vector<std::string>{"Start", "Hall", "Door", "Goal"}));
  EXPECT_DOUBLE_EQ(open.search.cost, 6.0);
  ASSERT_EQ(trace.locate.size(), 2u);
  EXPECT_FALSE(trace.search.steps.empty());

  const PlanResult closed = plan_query(l, 0, DoorOverrides{{"hall_door"}, {}});
  ASSERT_EQ(closed.status, Status::Complete);
  EXPECT_EQ(ids(l.mesh, closed.search.corridor), (std::vector<std::string>{"Start", "Balcony", "Goal"}));
  EXPECT_DOUBLE_EQ(closed.search.cost, 9.0);

  const PlanResult bad = plan_query(l, 0, DoorOverrides{{"no_such_door"}, {}});
  EXPECT_EQ(bad.status, Status::Failed);
  ASSERT_TRUE(bad.failure);
  EXPECT_EQ(bad.failure->reason, Reason::BadRequest);
}

TEST(Plan, EveryFailureReason) {
  struct Case {
    const char* scene;
    size_t query;
    Status status;
    const char* stage;
    const char* reason;
    std::vector<std::string> blocked_by;
  };
  const std::vector<Case> cases = {
      {"fail_start_off_mesh.json", 0, Status::Failed, "locate", "start_off_mesh", {}},
      {"fail_goal_off_mesh.json", 0, Status::Failed, "locate", "goal_off_mesh", {}},
      {"fail_disconnected.json", 0, Status::Failed, "search", "disconnected", {}},
      {"fail_agent_restricted.json", 0, Status::Failed, "search", "agent_restricted", {"gate"}},
      {"fail_agent_restricted.json", 1, Status::Failed, "search", "agent_restricted", {"water"}},
      {"fail_budget_exhausted.json", 0, Status::Partial, "search", "budget_exhausted", {}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.scene) + " query " + std::to_string(c.query));
    const Loaded l = load(c.scene);
    const PlanResult r = plan_query(l, c.query);
    EXPECT_EQ(r.status, c.status);
    ASSERT_TRUE(r.failure);
    EXPECT_STREQ(to_string(r.failure->stage), c.stage);  // the stable names of DESIGN §3
    EXPECT_STREQ(to_string(r.failure->reason), c.reason);
    EXPECT_EQ(r.failure->blocked_by, c.blocked_by);
    EXPECT_FALSE(r.failure->message.empty());
    EXPECT_EQ(r.search.corridor.empty(), c.status == Status::Failed);
  }
}

TEST(Plan, OpeningTheDoorLiftsTheRestriction) {
  const Loaded l = load("fail_agent_restricted.json");
  const PlanResult r = plan_query(l, 0, DoorOverrides{{}, {"gate"}});
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_EQ(r.search.corridor, (std::vector<int>{0, 1, 2}));
  // Edge midpoints: (0.5,0.5) -> (1,0.5) -> (2,0.5) -> goal (2.5,0.5).
  EXPECT_NEAR(r.search.cost, 2.0, 1e-12);
}

TEST(Plan, NearestReachableKeepsTheOriginalReason) {
  const Loaded l = load("nearest_reachable.json");
  const PlanResult r = plan_query(l, 0);
  EXPECT_EQ(r.status, Status::Partial);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::Disconnected);
  ASSERT_TRUE(r.substitute);
  EXPECT_EQ(r.substitute->poly, 2);
  EXPECT_NEAR(r.substitute->point.x, 3.0, 1e-12);
  EXPECT_NEAR(r.substitute->point.y, 0.5, 1e-12);
  EXPECT_NEAR(r.substitute->distance, 2.5, 1e-12);
  EXPECT_EQ(r.search.corridor, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(r.end_point, (Vec2{3.0, 0.5}));

  // Too small a radius: the query fails, still as disconnected.
  Loaded tight = l;
  tight.scene.unreachable_goal.radius = 1.0;
  const PlanResult f = plan_query(tight, 0);
  EXPECT_EQ(f.status, Status::Failed);
  EXPECT_EQ(f.failure->reason, Reason::Disconnected);
  EXPECT_FALSE(f.substitute);

  // Without require_connected the nearest polygon is the goal's own island, which cannot be reached.
  Loaded loose = l;
  loose.scene.unreachable_goal.require_connected = false;
  const PlanResult g = plan_query(loose, 0);
  EXPECT_EQ(g.status, Status::Failed);
  EXPECT_EQ(g.failure->reason, Reason::Disconnected);
}

TEST(Plan, StartOnASharedVertex) {
  // (1, 1) is a vertex of polygons 0, 1 and (in fail_agent_restricted) 3; locate picks the lowest index,
  // polygon 0, which also holds the goal: a one-polygon corridor and a straight line of sqrt(0.5² + 0.8²).
  const Loaded l = load("fail_agent_restricted.json");
  ScenePoint start, goal;
  start.plane = {1, 1};
  goal.plane = {0.5, 0.2};
  const PlanResult a = plan(l.scene, l.mesh, PlanRequest{start, goal, {}});
  ASSERT_EQ(a.status, Status::Complete);
  EXPECT_EQ(a.locate.start.poly, 0);
  EXPECT_EQ(a.search.corridor, std::vector<int>{0});
  EXPECT_NEAR(a.search.cost, std::hypot(0.5, 0.8), 1e-12);
  ASSERT_EQ(a.funnel.points.size(), 2u);
  EXPECT_EQ(a.funnel.points.front(), (Vec2{1, 1}));
  EXPECT_EQ(a.funnel.points.back(), (Vec2{0.5, 0.2}));
}

}  // namespace
}  // namespace navlab

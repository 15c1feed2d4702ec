// The plan on the exact shortest path fails only where the usual plan fails, and then for the same
// reason (disconnected, or agent_restricted naming the same closed doors and excluded areas).
#include <gtest/gtest.h>

#include <string>

#include "meshes.h"
#include "plan.h"
#include "plan_optimal.h"

namespace navlab {
namespace {

// Two rooms joined only by an edge 1e-8 m long: long enough for the mesh's checks (1e-9 of its size) but
// below the tolerance of locate and Polyanya (1e-7 of its size, 2e-7 m here): Polyanya passes no
// interval through it, A* crosses it.
const char* kPinhole = R"({
  "navlab": 1,
  "name": "pinhole",
  "navmesh": {
    "vertices": [[0, 0], [1, 0.5], [1, 0.50000001], [0, 1], [2, 0], [2, 1]],
    "polygons": [[0, 1, 2, 3], [1, 4, 5, 2]]
  }
})";

TEST(PlanOptimal, WherePolyanyaMissesAPathThePlanKeepsAStarsCorridor) {
  const test::Loaded l = test::load_text(kPinhole);
  ASSERT_EQ(l.mesh.polys.size(), 2u);
  const PlanRequest req{ScenePoint{"", {0.2, 0.5}, 0, false}, ScenePoint{"", {1.8, 0.5}, 0, false}, {}};
  const OptimalPlan o = plan_optimal(l.scene, l.mesh, req);
  ASSERT_TRUE(o.optimal.failure);
  EXPECT_EQ(o.optimal.failure->reason, Reason::Disconnected);  // Polyanya alone finds nothing
  const PlanResult usual = plan(l.scene, l.mesh, req);
  ASSERT_EQ(usual.status, Status::Complete);
  EXPECT_EQ(o.plan.status, Status::Complete) << (o.plan.failure ? o.plan.failure->message : "");
  EXPECT_FALSE(o.plan.failure);
  EXPECT_EQ(o.plan.search.algorithm, Algorithm::AStar);
  EXPECT_EQ(o.plan.search.corridor, usual.search.corridor);
  // The comparison has no exact length to give.
  const std::optional<PolyanyaResult> exact = optimal_for(l.scene, l.mesh, o.plan);
  ASSERT_TRUE(exact);
  EXPECT_NE(exact->status, Status::Complete);
}

// Where the usual plan fails, the exact one fails alike: the same stage, reason and blocked_by.
TEST(PlanOptimal, FailuresAreTheUsualPlansFailures) {
  for (const char* name : {"fail_agent_restricted.json", "fail_disconnected.json"}) {
    const test::Loaded l = test::load(name);
    ASSERT_FALSE(l.scene.queries.empty()) << name;
    for (const Query& q : l.scene.queries) {
      const PlanRequest req{q.start, q.goal, {}};
      const PlanResult usual = plan(l.scene, l.mesh, req);
      const OptimalPlan o = plan_optimal(l.scene, l.mesh, req);
      ASSERT_TRUE(usual.failure) << name;
      ASSERT_TRUE(o.plan.failure) << name;
      EXPECT_EQ(o.plan.status, usual.status) << name;
      EXPECT_EQ(o.plan.failure->stage, usual.failure->stage) << name;
      EXPECT_EQ(o.plan.failure->reason, usual.failure->reason) << name;
      EXPECT_EQ(o.plan.failure->blocked_by, usual.failure->blocked_by) << name;
      if (usual.failure->reason == Reason::AgentRestricted) {
        EXPECT_FALSE(o.plan.failure->blocked_by.empty()) << name;
      }
    }
  }
}

}  // namespace
}  // namespace navlab

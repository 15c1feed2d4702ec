// The chain composed once (core/pipeline): the scene's search decides the plan (Polyanya included), the
// stages beside the plan run when asked and only where they apply, and a deferred run gives what one run
// gives. Lengths are checked against hand computations on the scene's geometry.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "meshes.h"
#include "pipeline.h"
#include "plan_steps.h"

namespace navlab {
namespace {

constexpr double kTol = 1e-6;  // m

// corridor_not_shortest: a wall block from (4, 1) to (6, 8) in a 10 x 20 m hall, the query from (1, 5) to
// (9, 5). Over the top the taut path turns at (4, 8) and (6, 8); under the wall it runs along y 1.
double over_the_top() { return 2 * std::hypot(3.0, 3.0) + 2.0; }
double under_the_wall() { return 2 * std::hypot(3.0, 4.0) + 2.0; }

PlanRequest first_query(const Scene& s) { return PlanRequest{s.queries[0].start, s.queries[0].goal, {}}; }

TEST(Pipeline, TheScenesSearchDecidesThePlanAndTheComparisonIsTheExactPath) {
  test::Loaded l = test::load("corridor_not_shortest.json");
  const PipelineRun astar = run_pipeline(l.scene, l.mesh, first_query(l.scene), {.optimal = true});
  ASSERT_EQ(astar.plan.status, Status::Complete);
  EXPECT_FALSE(astar.polyanya_is_search);
  EXPECT_NEAR(astar.plan.funnel.length, under_the_wall(), kTol);
  ASSERT_TRUE(astar.optimal);
  EXPECT_NEAR(astar.optimal->length, over_the_top(), kTol);

  l.scene.search.algorithm = Algorithm::Polyanya;
  const PipelineRun exact = run_pipeline(l.scene, l.mesh, first_query(l.scene), {.trace = true, .optimal = true});
  ASSERT_EQ(exact.plan.status, Status::Complete);
  EXPECT_TRUE(exact.polyanya_is_search);
  EXPECT_NEAR(exact.plan.funnel.length, over_the_top(), kTol);
  ASSERT_TRUE(exact.optimal);
  EXPECT_NEAR(exact.optimal->length, over_the_top(), kTol);
  // Polyanya's rows are the plan's search: they follow the locate rows.
  const std::vector<StepText> rows = step_texts(exact.records(), l.mesh, exact.polyanya_is_search);
  size_t i = 0;
  while (i < rows.size() && rows[i].stage == "locate") ++i;
  ASSERT_GT(i, 0u);
  ASSERT_LT(i, rows.size());
  EXPECT_EQ(rows[i].stage, "polyanya");
}

TEST(Pipeline, TheChannelRunsWhenAskedAndOnlyOnAPolygonPlanWithAPath) {
  const test::Loaded poly = test::load("corridor_not_shortest.json");
  const PipelineRun without = run_pipeline(poly.scene, poly.mesh, first_query(poly.scene));
  EXPECT_FALSE(without.channel);
  EXPECT_FALSE(without.optimal);
  const PipelineRun with =
      run_pipeline(poly.scene, poly.mesh, first_query(poly.scene), {.trace = true, .channel = true});
  ASSERT_TRUE(with.channel);
  EXPECT_NE(with.channel->spline.mode, SplineMode::Failure);
  // The spline is never shorter than the straight line between the plan's ends.
  EXPECT_GE(with.channel->spline.length, std::hypot(8.0, 0.0) - kTol);
  EXPECT_FALSE(with.smoothing.channel.steps.empty());

  const test::Loaded graph = test::load("seed002_a_to_f.json");
  ASSERT_EQ(graph.mesh.kind, NavMesh::Kind::Graph);
  const PipelineRun g =
      run_pipeline(graph.scene, graph.mesh, first_query(graph.scene), {.channel = true, .optimal = true});
  EXPECT_EQ(g.plan.status, Status::Complete);
  EXPECT_FALSE(g.channel);
  EXPECT_FALSE(g.optimal);
}

TEST(Pipeline, StagesRunLaterBesideAPlanGiveWhatOneRunGives) {
  const test::Loaded l = test::load("corridor_not_shortest.json");
  const PlanRequest req = first_query(l.scene);
  PipelineRun later = run_pipeline(l.scene, l.mesh, req, {.trace = true});
  EXPECT_FALSE(later.channel);
  run_beside_plan(l.scene, l.mesh, req, {.trace = true, .channel = true, .optimal = true}, later);
  ASSERT_TRUE(later.optimal);
  EXPECT_NEAR(later.optimal->length, over_the_top(), kTol);
  ASSERT_TRUE(later.channel);
  const PipelineRun once = run_pipeline(l.scene, l.mesh, req, {.trace = true, .channel = true, .optimal = true});
  ASSERT_TRUE(once.channel);
  EXPECT_NEAR(later.channel->spline.length, once.channel->spline.length, kTol);
  EXPECT_EQ(later.exact.steps.size(), once.exact.steps.size());
}

}  // namespace
}  // namespace navlab

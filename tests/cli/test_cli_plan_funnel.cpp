// `navlab plan` on the W4 scenes prints the corners seed 000 gives (DESIGN §3 W4, §5).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "paths.h"

namespace navlab {
namespace {

using Json = nlohmann::json;

Json plan_result(const std::string& scene) {
  const test::RunResult run = test::run_navlab("plan " + test::scene_path(scene));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const Json doc = Json::parse(run.out, nullptr, false);
  EXPECT_FALSE(doc.is_discarded()) << run.out;
  if (doc.is_discarded() || !doc.contains("results") || doc["results"].empty()) return Json::object();
  return doc["results"][0];
}

TEST(CliPlanFunnel, W4PassHasNoCorner) {
  const Json r = plan_result("w4_funnel_pass.json");
  ASSERT_EQ(r.value("status", ""), "complete");
  EXPECT_EQ(r["portals"], Json::parse("[[[1,1],[1,-1]],[[2,3],[2,2]]]"));
  EXPECT_EQ(r["corners"], Json::parse("[[0,0],[3,3]]"));  // start and goal only
  EXPECT_DOUBLE_EQ(r["length"].get<double>(), std::sqrt(18.0));
  EXPECT_GT(r["midpoint_length"].get<double>(), r["length"].get<double>());
  EXPECT_EQ(r["inside_corridor"], true);
}

TEST(CliPlanFunnel, W4MovedPortalTurnsAtOneOne) {
  const Json r = plan_result("w4_funnel_corner.json");
  ASSERT_EQ(r.value("status", ""), "complete");
  EXPECT_EQ(r["portals"], Json::parse("[[[1,1],[1,-1]],[[2,4],[2,3]]]"));
  EXPECT_EQ(r["corners"], Json::parse("[[0,0],[1,1],[3,5.5]]"));
  EXPECT_DOUBLE_EQ(r["length"].get<double>(), std::sqrt(2.0) + std::sqrt(4.0 + 4.5 * 4.5));
  EXPECT_EQ(r["inside_corridor"], true);
}

TEST(CliPlanFunnel, CommandLineQueryInOnePolygonGoesStraight) {
  const test::RunResult run =
      test::run_navlab("plan " + test::scene_path("w4_funnel_corner.json") + " --start -0.5,-0.5 --goal 0.5,0.25");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const Json r = Json::parse(run.out)["results"][0];
  EXPECT_EQ(r["corridor"], Json::parse("[0]"));
  EXPECT_EQ(r["portals"], Json::array());
  EXPECT_EQ(r["corners"], Json::parse("[[-0.5,-0.5],[0.5,0.25]]"));
  EXPECT_EQ(r["inside_corridor"], true);
}

}  // namespace
}  // namespace navlab

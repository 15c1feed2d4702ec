// `navlab plan` end to end: the JSON of DESIGN §5, query selection, door overrides, errors, exit codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "paths.h"

namespace navlab {
namespace {

using Json = nlohmann::json;

struct PlanRun {
  int exit_code;
  Json out;
  std::string err;
};

PlanRun plan(const std::string& args) {
  const test::RunResult r = test::run_navlab("plan " + args);
  PlanRun out{r.exit_code, Json::parse(r.out, nullptr, false), r.err};
  return out;
}

std::string scene(const std::string& name) { return "'" + test::scene_path(name) + "'"; }

TEST(CliPlan, W2PrintsTheCorridorWithCost6) {
  const PlanRun r = plan(scene("w2_doors.json"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(r.out.is_object());
  ASSERT_EQ(r.out["results"].size(), 1u);
  const Json& q = r.out["results"][0];
  EXPECT_EQ(q["status"], "complete");
  EXPECT_TRUE(q["failure"].is_null());
  EXPECT_EQ(q["corridor"], Json({"Start", "Hall", "Door", "Goal"}));
  EXPECT_EQ(q["search"]["algorithm"], "dijkstra");
  EXPECT_EQ(q["search"]["expanded"], 5);
  EXPECT_DOUBLE_EQ(q["search"]["cost"].get<double>(), 6.0);
}

// links_islands.json: the only way from the west island to the east one is the link (8.2, 5) -> (11.8, 5);
// the result lists it under "links", and the corners end at its takeoff and start again at its landing.
TEST(CliPlan, TheLinksIslandsPathTakesTheLink) {
  const PlanRun r = plan(scene("links_islands.json") + " --trace");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json& q = r.out["results"][0];
  EXPECT_EQ(q["status"], "complete");
  ASSERT_EQ(q["links"].size(), 1u) << q.dump();
  EXPECT_EQ(q["links"][0]["link"], 0);
  const Json& corners = q["corners"];
  ASSERT_EQ(corners.size(), 4u) << corners.dump();
  const double want[4][2] = {{2, 2}, {8.2, 5}, {11.8, 5}, {18, 8}};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_NEAR(corners[i][0].get<double>(), want[i][0], 1e-4);
    EXPECT_NEAR(corners[i][1].get<double>(), want[i][1], 1e-4);
  }
  EXPECT_NEAR(q["links"][0]["from"][0].get<double>(), 8.2, 1e-4);
  EXPECT_NEAR(q["links"][0]["to"][0].get<double>(), 11.8, 1e-4);
  bool jump_told = false;
  for (const Json& s : q["steps"])
    jump_told = jump_told || s["text"].get<std::string>().find("jumping by link 0") != std::string::npos;
  EXPECT_TRUE(jump_told) << "the search step over the link says so";
  // A scene without links has no "links" key.
  EXPECT_FALSE(plan(scene("w4_funnel_corner.json")).out["results"][0].contains("links"));
}

TEST(CliPlan, OutputKeepsPointsAndCorridorsOnOneLine) {
  const test::RunResult r = test::run_navlab("plan " + scene("w4_funnel_corner.json"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"corners\": [[0.0, 0.0], [1.0, 1.0], [3.0, 5.5]]"), std::string::npos) << r.out;
  // Still one JSON value, equal to what the rows say.
  const Json j = Json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j["results"][0]["corners"], Json::parse("[[0, 0], [1, 1], [3, 5.5]]"));
  // A baked mesh file: one row per vertex and polygon, not one line per number.
  const std::string out = test::temp_dir() + "/rows_bake.json";
  const test::RunResult b = test::run_navlab("bake " + scene("floorplan_basic.json") + " --out '" + out + "'");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const std::string text = test::read_text(out);
  const Json baked = Json::parse(text, nullptr, false);
  ASSERT_FALSE(baked.is_discarded());
  const size_t lines = size_t(std::count(text.begin(), text.end(), '\n'));
  EXPECT_LT(lines, baked["vertices"].size() + 2 * baked["polygons"].size() + 20) << text;
}

TEST(CliPlan, W2ClosedDoorDetoursWithCost9) {
  const PlanRun r = plan(scene("w2_doors.json") + " --close hall_door");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json& q = r.out["results"][0];
  EXPECT_EQ(q["corridor"], Json({"Start", "Balcony", "Goal"}));
  EXPECT_DOUBLE_EQ(q["search"]["cost"].get<double>(), 9.0);
  // Closing and then opening again on the command line is contradictory.
  EXPECT_EQ(plan(scene("w2_doors.json") + " --close hall_door --open hall_door").exit_code, 2);
}

TEST(CliPlan, StartAndGoalOnTheCommandLine) {
  const PlanRun g = plan(scene("w2_doors.json") + " --start Start --goal Door");
  ASSERT_EQ(g.exit_code, 0) << g.err;
  EXPECT_EQ(g.out["results"][0]["corridor"], Json({"Start", "Hall", "Door"}));
  EXPECT_DOUBLE_EQ(g.out["results"][0]["search"]["cost"].get<double>(), 4.0);

  const PlanRun p = plan(scene("fail_agent_restricted.json") + " --start 0.5,0.5 --goal 2.5,0.5 --open gate");
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_EQ(p.out["results"][0]["corridor"], Json({0, 1, 2}));
  EXPECT_NEAR(p.out["results"][0]["search"]["cost"].get<double>(), 2.0, 1e-12);
}

TEST(CliPlan, EveryQueryInOrderAndBlockedBy) {
  const PlanRun r = plan(scene("fail_agent_restricted.json"));
  EXPECT_EQ(r.exit_code, 1);
  ASSERT_EQ(r.out["results"].size(), 2u);
  const Json& a = r.out["results"][0];
  EXPECT_EQ(a["status"], "failed");
  EXPECT_EQ(a["failure"]["stage"], "search");
  EXPECT_EQ(a["failure"]["reason"], "agent_restricted");
  EXPECT_EQ(a["failure"]["blocked_by"], Json({"gate"}));
  EXPECT_EQ(a["corridor"], Json::array());
  EXPECT_EQ(r.out["results"][1]["failure"]["blocked_by"], Json({"water"}));

  const PlanRun one = plan(scene("fail_agent_restricted.json") + " --query 1");
  ASSERT_EQ(one.out["results"].size(), 1u);
  EXPECT_EQ(one.out["results"][0]["failure"]["blocked_by"], Json({"water"}));
  const PlanRun named = plan(scene("fail_agent_restricted.json") + " --query 'through the gate'");
  ASSERT_EQ(named.out["results"].size(), 1u);
  EXPECT_EQ(named.out["results"][0]["failure"]["blocked_by"], Json({"gate"}));
}

TEST(CliPlan, EachFailureScene) {
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"fail_start_off_mesh.json", "failed", "start_off_mesh"},
      {"fail_goal_off_mesh.json", "failed", "goal_off_mesh"},
      {"fail_disconnected.json", "failed", "disconnected"},
      {"fail_budget_exhausted.json", "partial", "budget_exhausted"},
      {"nearest_reachable.json", "partial", "disconnected"},
  };
  for (const auto& [file, status, reason] : cases) {
    SCOPED_TRACE(file);
    const PlanRun r = plan(scene(file));
    EXPECT_EQ(r.exit_code, 1);
    ASSERT_EQ(r.out["results"].size(), 1u);
    const Json& q = r.out["results"][0];
    EXPECT_EQ(q["status"], status);
    EXPECT_EQ(q["failure"]["reason"], reason);
    EXPECT_FALSE(q["failure"].contains("blocked_by"));  // only agent_restricted carries it
    EXPECT_EQ(q["corridor"].empty(), status == "failed");
  }
}

TEST(CliPlan, QueriesFile) {
  const std::string path = test::temp_dir() + "/queries.json";
  std::ofstream(path) << R"({"queries": [{"start": "Hall", "goal": "Goal"}, {"start": "Balcony", "goal": "Goal"}]})";
  const PlanRun r = plan(scene("w2_doors.json") + " --queries '" + path + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(r.out["results"].size(), 2u);
  EXPECT_EQ(r.out["results"][0]["corridor"], Json({"Hall", "Door", "Goal"}));
  EXPECT_EQ(r.out["results"][1]["corridor"], Json({"Balcony", "Goal"}));
  EXPECT_DOUBLE_EQ(r.out["results"][1]["search"]["cost"].get<double>(), 3.0);

  const std::string bad = test::temp_dir() + "/bad_queries.json";
  std::ofstream(bad) << R"([{"start": [1, 2], "goal": "Goal"}])";
  const PlanRun e = plan(scene("w2_doors.json") + " --queries '" + bad + "'");
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_NE(e.err.find("/0/start"), std::string::npos) << e.err;
}

TEST(CliPlan, UsageAndInputErrors) {
  const std::vector<std::string> bad = {
      scene("w2_doors.json") + " --close nope",                       // unknown door
      scene("w2_doors.json") + " --start Start",                      // --goal missing
      scene("w2_doors.json") + " --query 7",                          // no such query
      scene("w2_doors.json") + " --bogus",                            // unknown option
      scene("fail_disconnected.json") + " --start 1,x --goal 2,2",    // not a point
      scene("fail_disconnected.json") + " --start 1,2,3 --goal 2,2",  // 3D point in a 2D scene
      "'" + test::scene_path("missing.json") + "'",                   // no such file
      "",                                                             // no scene
  };
  for (const std::string& args : bad) {
    const test::RunResult r = test::run_navlab("plan " + args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
    EXPECT_FALSE(r.err.empty()) << args;
  }
  const test::RunResult help = test::run_navlab("plan --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--close ID"), std::string::npos);
}

}  // namespace
}  // namespace navlab

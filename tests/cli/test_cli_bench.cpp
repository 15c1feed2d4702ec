// `navlab bench` end to end: JSON shape, counts that add up to --pairs, positive finite times and
// ratios, no Detour numbers where Detour does not apply (hand-authored mesh, graph), the --text table,
// and usage errors. No assertion is about speed.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "paths.h"

namespace navlab {
namespace {

using ojson = nlohmann::ordered_json;  // keeps the stage order of the output

// Short repetition loops keep the tests quick; the numbers are not looked at for speed.
ojson bench_json(const std::string& scene, const std::string& extra) {
  const test::RunResult r = test::run_navlab("bench '" + test::scene_path(scene) + "' --sample-us 5 " + extra);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return ojson::parse(r.out);
}

bool positive_finite(const ojson& v) { return v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() > 0; }

int total(const ojson& counts) {
  return counts["complete"].get<int>() + counts["partial"].get<int>() + counts["disconnected"].get<int>() +
         counts["failed"].get<int>();
}

// Every stage: queries within [0, pairs]; median and mean positive and finite when it ran.
void expect_stages(const ojson& stages, const std::vector<std::string>& names, int pairs) {
  ASSERT_EQ(stages.size(), names.size()) << stages.dump();
  size_t i = 0;
  for (auto it = stages.begin(); it != stages.end(); ++it, ++i) {
    EXPECT_EQ(it.key(), names[i]);
    const ojson& s = it.value();
    const int q = s["queries"].get<int>();
    EXPECT_GE(q, 0);
    EXPECT_LE(q, pairs);
    if (q > 0) {
      EXPECT_TRUE(positive_finite(s["median_us"])) << it.key() << ": " << s.dump();
      EXPECT_TRUE(positive_finite(s["mean_us"])) << it.key() << ": " << s.dump();
    } else {
      EXPECT_TRUE(s["median_us"].is_null());
      EXPECT_TRUE(s["mean_us"].is_null());
    }
  }
}

const std::vector<std::string> kPolygonStages = {"locate",           "search",       "portals_funnel", "motion",
                                                 "motion_clearance", "motion_turns", "motion_profile", "plan"};

TEST(CliBench, DefaultSceneAgainstDetour) {
  const int pairs = 24;
  const ojson out = bench_json("default.json", "--pairs 24 --seed 7");
  EXPECT_EQ(out["source"], "floorplan");
  EXPECT_EQ(out["pairs"], pairs);
  EXPECT_EQ(out["seed"], 7);
  EXPECT_EQ(out["sample_us"], 5.0);
  EXPECT_GT(out["polygons"].get<int>(), 1);
  EXPECT_EQ(out["search"]["algorithm"], "astar");
  EXPECT_EQ(out["search"]["cost_model"], "edge_midpoints");

  const ojson& ours = out["ours"];
  EXPECT_EQ(total(ours["counts"]), pairs);
  expect_stages(ours["stages"], kPolygonStages, pairs);
  EXPECT_EQ(ours["stages"]["locate"]["queries"], pairs);
  EXPECT_EQ(ours["stages"]["plan"]["queries"], pairs);
  EXPECT_EQ(ours["stages"]["portals_funnel"]["queries"], ours["counts"]["complete"]);
  EXPECT_EQ(ours["stages"]["motion_clearance"]["queries"], ours["stages"]["motion"]["queries"]);

  const ojson& detour = out["detour"];
  ASSERT_TRUE(detour.is_object()) << out.dump();
  EXPECT_EQ(total(detour["counts"]), pairs);
  expect_stages(detour["stages"], {"find_nearest_poly", "find_path", "find_straight_path"}, pairs);
  EXPECT_EQ(detour["stages"]["find_nearest_poly"]["queries"], pairs);
  EXPECT_EQ(detour["stages"]["find_straight_path"]["queries"], detour["counts"]["complete"]);
  // Same points, same polygons, same graph: the same pairs are complete and disconnected for both.
  EXPECT_EQ(ours["counts"]["complete"], detour["counts"]["complete"]);
  EXPECT_EQ(ours["counts"]["disconnected"], detour["counts"]["disconnected"]);
  EXPECT_GT(ours["counts"]["complete"].get<int>(), 0);

  const ojson& ratios = out["ratios"];
  ASSERT_TRUE(ratios.is_object()) << out.dump();
  EXPECT_GT(ratios["pairs"].get<int>(), 0);
  EXPECT_LE(ratios["pairs"].get<int>(), ours["counts"]["complete"].get<int>());
  for (const char* k :
       {"search_vs_find_path", "search_portals_funnel_vs_find_path_straight_path", "locate_vs_find_nearest_poly"}) {
    EXPECT_TRUE(positive_finite(ratios[k]["median"])) << k << ": " << ratios.dump();
    EXPECT_TRUE(positive_finite(ratios[k]["of_means"])) << k << ": " << ratios.dump();
  }
  EXPECT_TRUE(out["notes"].is_array());
}

TEST(CliBench, BakedObjLevel) {
  const ojson out = bench_json("mesh_level.json", "--pairs 10");
  EXPECT_EQ(out["source"], "mesh");
  EXPECT_EQ(out["seed"], 1);  // the default
  EXPECT_EQ(total(out["ours"]["counts"]), 10);
  ASSERT_TRUE(out["detour"].is_object());
  EXPECT_EQ(total(out["detour"]["counts"]), 10);
  EXPECT_EQ(out["ours"]["counts"]["complete"], out["detour"]["counts"]["complete"]);
  // The level's triangles hold no door, painted area or link: Recast's own build makes the same polygons.
  const ojson& bake = out["bake"];
  ASSERT_TRUE(bake.is_object()) << out.dump();
  EXPECT_TRUE(positive_finite(bake["ms"])) << bake.dump();
  EXPECT_EQ(bake["tiles"], 1);
  EXPECT_EQ(bake["threads"], 1);
  ASSERT_TRUE(bake["recast"].is_object()) << bake.dump();
  EXPECT_TRUE(positive_finite(bake["recast"]["ms"])) << bake.dump();
  EXPECT_EQ(bake["recast"]["polygons"], out["polygons"]);
  EXPECT_EQ(bake["recast"]["tiles"], 1);
  EXPECT_EQ(bake["recast_note"], "");
}

// The office floor's outline is not a rectangle: Recast's own build is not made, and the note says why.
TEST(CliBench, AFloorPlanRecastCannotTakeSaysWhy) {
  const ojson out = bench_json("default.json", "--pairs 2");
  const ojson& bake = out["bake"];
  ASSERT_TRUE(bake.is_object()) << out.dump();
  EXPECT_TRUE(positive_finite(bake["ms"])) << bake.dump();
  EXPECT_TRUE(bake["recast"].is_null()) << bake.dump();
  EXPECT_EQ(bake["recast_note"], "the outline is not an axis-aligned rectangle (Recast would need it as triangles)");
}

TEST(CliBench, SameSeedSamePairs) {
  // Timing differs between runs; what the pairs are (and so how they end) does not.
  const ojson a = bench_json("default.json", "--pairs 12 --seed 99");
  const ojson b = bench_json("default.json", "--pairs 12 --seed 99");
  EXPECT_EQ(a["ours"]["counts"], b["ours"]["counts"]);
  EXPECT_EQ(a["ours"]["stages"]["motion"]["queries"], b["ours"]["stages"]["motion"]["queries"]);
  EXPECT_EQ(a["detour"]["counts"], b["detour"]["counts"]);
}

TEST(CliBench, HandAuthoredMeshHasNoDetour) {
  const ojson out = bench_json("navmesh_basic.json", "--pairs 8");
  EXPECT_EQ(out["source"], "navmesh");
  EXPECT_EQ(total(out["ours"]["counts"]), 8);
  expect_stages(out["ours"]["stages"], kPolygonStages, 8);
  EXPECT_TRUE(out["detour"].is_null());
  EXPECT_TRUE(out["ratios"].is_null());
  EXPECT_TRUE(out["bake"].is_null());  // not baked
  ASSERT_EQ(out["notes"].size(), 1u);
  EXPECT_NE(out["notes"][0].get<std::string>().find("Detour does not apply"), std::string::npos);
}

TEST(CliBench, GraphSceneReportsOurStagesOnly) {
  const ojson out = bench_json("graph_basic.json", "--pairs 9 --seed 3");
  EXPECT_EQ(out["source"], "graph");
  EXPECT_EQ(out["search"]["cost_model"], "graph");
  EXPECT_EQ(total(out["ours"]["counts"]), 9);
  expect_stages(out["ours"]["stages"], {"locate", "search", "plan"}, 9);
  EXPECT_EQ(out["ours"]["stages"]["search"]["queries"], 9);
  EXPECT_TRUE(out["detour"].is_null());
  EXPECT_TRUE(out["ratios"].is_null());
  ASSERT_EQ(out["notes"].size(), 1u);
  EXPECT_NE(out["notes"][0].get<std::string>().find("Detour does not apply"), std::string::npos);
}

TEST(CliBench, TextTable) {
  const test::RunResult r =
      test::run_navlab("bench '" + test::scene_path("default.json") + "' --pairs 4 --sample-us 5 --text");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* line : {"4 pairs, seed 1", "ours    search", "Detour  findPath", "Detour  findStraightPath",
                           "search / findPath", "search + portals + funnel / findPath + findStraightPath"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_FALSE(ojson::accept(r.out));  // a table, not JSON
}

TEST(CliBench, BadPairsAreUsageErrors) {
  const std::string scene = "'" + test::scene_path("default.json") + "'";
  for (const char* bad : {"0", "-3", "abc", "1.5", "100001", "''", "7x", "99999999999999999999999"}) {
    const test::RunResult r = test::run_navlab("bench " + scene + " --pairs " + bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_NE(r.err.find("--pairs expects an integer from 1 to 100000"), std::string::npos) << bad << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << bad;
  }
}

TEST(CliBench, OtherUsageAndInputErrors) {
  const std::string scene = "'" + test::scene_path("default.json") + "'";
  struct Case {
    std::string args;
    std::string message;
  };
  const Case cases[] = {
      {"bench", "expected one SCENE file (or --large N, or --scaling)"},
      {"bench " + scene + " " + scene, "expected one SCENE file"},
      {"bench " + scene + " --seed -1", "--seed expects an integer"},
      {"bench " + scene + " --sample-us 0", "--sample-us expects a number above 0"},
      {"bench " + scene + " --pairs", "--pairs needs a value"},
      {"bench " + scene + " --close door_west", "unknown option --close"},
      {"bench '" + test::scene_path("no_such_scene.json") + "'", "no_such_scene.json"},
      {"bench " + scene + " --large 1000", "--large generates the level: give no SCENE file"},
      {"bench --large 99", "--large expects an integer from 100 to 250000"},
      {"bench --large 2000000", "--large expects an integer from 100 to 250000"},
      {"bench --large many", "--large expects an integer from 100 to 250000"},
  };
  for (const Case& c : cases) {
    const test::RunResult r = test::run_navlab(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << ": " << r.err;
  }
}

// A generated level: a pillar hall baked from the pillars' count; its polygon count is near the target
// (the count per pillar was measured on larger halls), and Detour runs on it like on any baked scene.
TEST(CliBench, LargeGeneratesAPillarHall) {
  const test::RunResult r = test::run_navlab("bench --large 2000 --pairs 6 --seed 4 --sample-us 5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const ojson out = ojson::parse(r.out);
  EXPECT_EQ(out["scene"], "--large 2000");
  EXPECT_EQ(out["source"], "floorplan");
  EXPECT_EQ(out["generated"]["target_polygons"], 2000);
  EXPECT_TRUE(positive_finite(out["generated"]["bake_ms"])) << out["generated"].dump();
  // 2000 / 3.3 polygons per pillar: 606 pillars, rounded to a 25 x 25 grid.
  EXPECT_NE(out["generated"]["name"].get<std::string>().find("625 pillars"), std::string::npos) << out.dump();
  EXPECT_GT(out["polygons"].get<int>(), 1500);
  EXPECT_LT(out["polygons"].get<int>(), 2500);
  EXPECT_EQ(total(out["detour"]["counts"]), 6);
  EXPECT_TRUE(out["agreement"].is_object());
  // The hall's outline is a rectangle and its pillars are convex: Recast's own build is made.
  ASSERT_TRUE(out["bake"]["recast"].is_object()) << out["bake"].dump();
  EXPECT_NEAR(out["bake"]["recast"]["polygons"].get<double>(), out["polygons"].get<double>(),
              0.1 * out["polygons"].get<double>());
  // A scene file gives no "generated".
  EXPECT_TRUE(bench_json("default.json", "--pairs 2")["generated"].is_null());
}

TEST(CliBench, LargeKindMeshGeneratesACrateYard) {
  const test::RunResult r = test::run_navlab("bench --large 600 --large-kind mesh --pairs 6 --seed 4 --sample-us 5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const ojson out = ojson::parse(r.out);
  EXPECT_EQ(out["scene"], "--large 600");
  EXPECT_EQ(out["source"], "mesh");
  // 600 / 3 polygons per crate: 200 crates, rounded to a 14 x 14 grid.
  EXPECT_NE(out["generated"]["name"].get<std::string>().find("crate yard (196 crates"), std::string::npos)
      << out.dump();
  EXPECT_GT(out["polygons"].get<int>(), 400);
  EXPECT_LT(out["polygons"].get<int>(), 900);
  EXPECT_EQ(total(out["detour"]["counts"]), 6);
  EXPECT_GT(out["agreement"]["pairs"].get<int>(), 0);
}

TEST(CliBench, LargeKindNeedsLargeAndAKnownKind) {
  const test::RunResult alone = test::run_navlab("bench scenes/default.json --large-kind mesh");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("--large-kind needs --large N"), std::string::npos) << alone.err;
  const test::RunResult bad = test::run_navlab("bench --large 500 --large-kind obj");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--large-kind expects floorplan or mesh, got 'obj'"), std::string::npos) << bad.err;
}

// --scaling --large 1500: the levels of the table below 1,500 polygons (1,000), then 1,500.
TEST(CliBench, ScalingTimesEachLevelUpToTheLargest) {
  const test::RunResult r = test::run_navlab("bench --scaling --large 1500 --pairs 5 --seed 2 --sample-us 5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const ojson out = ojson::parse(r.out)["scaling"];
  EXPECT_EQ(out["kind"], "floorplan");
  EXPECT_EQ(out["pairs"], 5);
  EXPECT_EQ(out["seed"], 2);
  const ojson& levels = out["levels"];
  ASSERT_EQ(levels.size(), 2u) << out.dump();
  EXPECT_EQ(levels[0]["target_polygons"], 1000);
  EXPECT_EQ(levels[1]["target_polygons"], 1500);
  EXPECT_LT(levels[0]["polygons"].get<int>(), levels[1]["polygons"].get<int>());
  for (const ojson& level : levels) {
    EXPECT_GT(level["polygons"].get<int>(), 0.7 * level["target_polygons"].get<int>()) << level.dump();
    EXPECT_TRUE(positive_finite(level["bake"]["ms"])) << level.dump();
    const int complete = level["pairs_complete"].get<int>();
    EXPECT_GT(complete, 0) << level.dump();
    EXPECT_LE(complete, 5);
    for (const char* stage : {"plan", "search", "detour_three_calls", "find_path"})
      EXPECT_TRUE(positive_finite(level[stage]["median_us"])) << stage << ' ' << level.dump();
    EXPECT_TRUE(positive_finite(level["plan_vs_detour"]["of_means"])) << level.dump();
    EXPECT_EQ(level["corridors_differ"], 0);
  }
  const test::RunResult text = test::run_navlab("bench --scaling --large 1000 --pairs 3 --sample-us 5 --text");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("navlab bench --scaling: generated pillar halls"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("plan/Detour"), std::string::npos) << text.out;
}

TEST(CliBench, ScalingUsageErrors) {
  const test::RunResult scene = test::run_navlab("bench scenes/default.json --scaling");
  EXPECT_EQ(scene.exit_code, 2);
  EXPECT_NE(scene.err.find("--scaling generates the levels: give no SCENE file"), std::string::npos) << scene.err;
  const test::RunResult small = test::run_navlab("bench --scaling --large 50");
  EXPECT_EQ(small.exit_code, 2);
  EXPECT_NE(small.err.find("--large expects an integer from 100 to 250000"), std::string::npos) << small.err;
  const test::RunResult slow = test::run_navlab("bench --scaling --pairs 100000 --sample-us 1000");
  EXPECT_EQ(slow.exit_code, 2);
  EXPECT_NE(slow.err.find("on 7 levels would sample for about"), std::string::npos) << slow.err;
}

TEST(CliBench, Help) {
  const test::RunResult r = test::run_navlab("bench --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("Usage: navlab bench SCENE", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("--pairs N"), std::string::npos);
  EXPECT_NE(r.out.find("Exit codes: 0 ok, 2 usage or input error."), std::string::npos);
  const test::RunResult top = test::run_navlab("--help");
  EXPECT_NE(top.out.find("bench"), std::string::npos);
}

}  // namespace
}  // namespace navlab

// `navlab plan --algorithm polyanya`, scene "search": {"algorithm": "polyanya"}, `--compare-optimal`
// and the optimal part of `navlab bench`, end to end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>
#include <nlohmann/json.hpp>

#include "paths.h"

namespace navlab {
namespace {

using json = nlohmann::ordered_json;

json run_json(const std::string& args, int want_exit = 0) {
  const test::RunResult r = test::run_navlab(args);
  EXPECT_EQ(r.exit_code, want_exit) << r.err;
  return r.exit_code == 0 || r.exit_code == 1 ? json::parse(r.out) : json();
}

std::string scene(const std::string& name) { return "'" + test::scene_path(name) + "'"; }

// The corner path of the Polyanya plan is the optimal path: its length equals the search's cost, and
// the later stages (turns, profile) run on it.
TEST(CliPlanOptimal, AlgorithmPolyanyaGivesTheOptimalPath) {
  for (const char* name : {"navmesh_basic.json", "default.json", "mesh_level.json"}) {
    const json out = run_json("plan " + scene(name) + " --algorithm polyanya");
    ASSERT_FALSE(out["results"].empty()) << name;
    for (const json& r : out["results"]) {
      ASSERT_EQ(r["status"], "complete") << name << ": " << r.dump();
      EXPECT_EQ(r["search"]["algorithm"], "polyanya");
      const double length = r["length"].get<double>(), cost = r["search"]["cost"].get<double>();
      EXPECT_NEAR(length, cost, 1e-6 * std::max(1.0, cost)) << name;
      EXPECT_TRUE(r["turns"].is_array());
      EXPECT_TRUE(r["profile"].is_object()) << name;
      EXPECT_TRUE(r["inside_corridor"].get<bool>()) << name;
    }
  }
}

// The lesson's scene (scenes/corridor_not_shortest.json): A* on edge midpoints prices the strip under
// the wall at 2·|(1,5)-(2,0.5)| + 6 = 15.22 m and the way over it at 2·|(1,5)-(2,14)| + 6 = 24.11 m, so
// it takes the strip; its funnel path rounds (4, 1) and (6, 1): 5 + 2 + 5 = 12 m. The shortest path
// rounds (4, 8) and (6, 8): 3√2 + 2 + 3√2. Both by hand.
TEST(CliPlanOptimal, TheCorridorIsNotTheShortestPath) {
  const json out = run_json("plan " + scene("corridor_not_shortest.json") + " --compare-optimal");
  ASSERT_EQ(out["results"].size(), 1u);
  const json& r = out["results"][0];
  ASSERT_EQ(r["status"], "complete") << r.dump();
  EXPECT_EQ(r["corridor"], json::parse("[1, 0, 3, 5, 6]"));
  EXPECT_NEAR(r["search"]["cost"].get<double>(), 2.0 * std::hypot(1.0, 4.5) + 6.0, 1e-9);
  EXPECT_NEAR(r["length"].get<double>(), 12.0, 1e-9);
  EXPECT_NEAR(r["optimal_length"].get<double>(), 6.0 * std::sqrt(2.0) + 2.0, 1e-9);
  const json optimal = run_json("plan " + scene("corridor_not_shortest.json") + " --algorithm polyanya");
  const json& corners = optimal["results"][0]["corners"];
  ASSERT_EQ(corners.size(), 4u) << corners.dump();
  const double want[2][2] = {{4.0, 8.0}, {6.0, 8.0}};
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(corners[size_t(i) + 1][0].get<double>(), want[i][0], 1e-9) << corners.dump();
    EXPECT_NEAR(corners[size_t(i) + 1][1].get<double>(), want[i][1], 1e-9) << corners.dump();
  }
}

// --trace lists Polyanya's records: after the profile with --compare-optimal, right after locate when
// it is the search. On the lesson's scene the wavefront passes over the wall's top: the node rooted at
// its corner (4, 8) has g = |(1, 5) - (4, 8)| = 3√2 (by hand), and the goal is found at 6√2 + 2.
TEST(CliPlanOptimal, TraceListsPolyanyasStepsWithIntervalAndRoot) {
  auto rows = [](const json& out) {
    std::vector<std::pair<std::string, std::string>> r;
    for (const json& s : out["results"][0]["steps"]) r.emplace_back(s["stage"], s["text"]);
    return r;
  };
  const auto compared = rows(run_json("plan " + scene("corridor_not_shortest.json") + " --compare-optimal --trace"));
  ASSERT_FALSE(compared.empty());
  EXPECT_EQ(compared.back().first, "polyanya");
  EXPECT_EQ(compared.back().second, "Pop final node 6: the goal is reached, shortest path 10.49 m.");
  char root[64];
  std::snprintf(root, sizeof root, "root vertex 10 (4, 8), g %.3f,", 3.0 * std::sqrt(2.0));
  bool popped_over_the_wall = false;
  size_t first_polyanya = compared.size();
  for (size_t i = 0; i < compared.size(); ++i) {
    if (compared[i].first != "polyanya") continue;
    first_polyanya = std::min(first_polyanya, i);
    popped_over_the_wall = popped_over_the_wall || (compared[i].second.rfind("Pop node", 0) == 0 &&
                                                    compared[i].second.find(root) != std::string::npos);
  }
  EXPECT_TRUE(popped_over_the_wall) << root;
  EXPECT_EQ(compared[first_polyanya - 1].first, "profile");
  const auto searched = rows(run_json("plan " + scene("corridor_not_shortest.json") + " --algorithm polyanya --trace"));
  ASSERT_GE(searched.size(), 4u);
  EXPECT_EQ(searched[0].first, "locate");
  EXPECT_EQ(searched[1].first, "locate");
  EXPECT_EQ(searched[2].first, "polyanya");
  EXPECT_EQ(searched[2].second.rfind("Start (1, 5) is in polygon 1", 0), 0u) << searched[2].second;
  for (const auto& [stage, text] : searched) EXPECT_NE(stage, "search") << text;
}

// --compare-optimal: each usual result gets optimal_length, never above its funnel length, equal to
// the Polyanya plan's length; the scene key selects Polyanya like the flag.
TEST(CliPlanOptimal, CompareOptimalAndSceneKey) {
  const json usual = run_json("plan " + scene("default.json") + " --compare-optimal");
  const json optimal = run_json("plan " + scene("default.json") + " --algorithm polyanya");
  ASSERT_EQ(usual["results"].size(), optimal["results"].size());
  for (size_t i = 0; i < usual["results"].size(); ++i) {
    const json& u = usual["results"][i];
    ASSERT_TRUE(u["optimal_length"].is_number()) << u.dump();
    const double opt = u["optimal_length"].get<double>();
    EXPECT_LE(opt, u["length"].get<double>() + 1e-9);
    EXPECT_NEAR(opt, optimal["results"][i]["length"].get<double>(), 1e-6 * std::max(1.0, opt));
    EXPECT_EQ(u["search"]["algorithm"], "astar");
  }
  std::string text = test::read_text(test::scene_path("navmesh_basic.json"));
  const size_t brace = text.find('{');
  text.insert(brace + 1, "\"search\": {\"algorithm\": \"polyanya\"},");
  const std::string path = test::temp_dir() + "/polyanya_scene.json";
  test::write_text(path, text);
  const json keyed = run_json("plan '" + path + "'");
  const json flagged = run_json("plan " + scene("navmesh_basic.json") + " --algorithm polyanya");
  ASSERT_EQ(keyed["results"].size(), flagged["results"].size());
  for (size_t i = 0; i < keyed["results"].size(); ++i) {
    EXPECT_EQ(keyed["results"][i]["search"]["algorithm"], "polyanya");
    EXPECT_EQ(keyed["results"][i]["length"], flagged["results"][i]["length"]);
  }
}

TEST(CliPlanOptimal, FailuresAndUsage) {
  // Goal off the mesh: the usual locate failure, and no optimal length.
  const json off = run_json("plan " + scene("fail_goal_off_mesh.json") + " --algorithm polyanya --compare-optimal", 1);
  ASSERT_FALSE(off["results"].empty());
  EXPECT_EQ(off["results"][0]["failure"]["reason"], "goal_off_mesh");
  EXPECT_TRUE(off["results"][0]["optimal_length"].is_null());
  const json dis = run_json("plan " + scene("fail_disconnected.json") + " --algorithm polyanya", 1);
  EXPECT_EQ(dis["results"][0]["failure"]["reason"], "disconnected");
  const json restricted = run_json("plan " + scene("fail_agent_restricted.json") + " --algorithm polyanya", 1);
  EXPECT_EQ(restricted["results"][0]["failure"]["reason"], "agent_restricted");
  EXPECT_EQ(test::run_navlab("plan " + scene("graph_basic.json") + " --algorithm polyanya").exit_code, 2);
  EXPECT_EQ(test::run_navlab("plan " + scene("navmesh_basic.json") + " --algorithm best").exit_code, 2);
}

TEST(CliPlanOptimal, BenchReportsPolyanyaAndLengthRatios) {
  const json out = run_json("bench " + scene("default.json") + " --pairs 30 --seed 3 --sample-us 5");
  const json& o = out["optimal"];
  ASSERT_TRUE(o.is_object()) << out.dump();
  EXPECT_GT(o["stages"]["polyanya"]["queries"].get<int>(), 0);
  EXPECT_GT(o["stages"]["polyanya"]["mean_us"].get<double>(), 0.0);
  ASSERT_GT(o["pairs"].get<int>(), 0);
  const json& f = o["funnel_over_optimal"];
  const double mean = f["mean"].get<double>(), p90 = f["p90"].get<double>(), max = f["max"].get<double>();
  EXPECT_GE(mean, 1.0 - 1e-9);
  EXPECT_LE(mean, max);
  EXPECT_LE(p90, max);
  EXPECT_GE(p90, 1.0 - 1e-9);
  const double share = o["optimal_share"].get<double>();
  EXPECT_GE(share, 0.0);
  EXPECT_LE(share, 1.0);
  // Polyanya against the usual chain timed beside it: on this floor every pair is complete in both, so
  // the ratio of means is the two stages' mean times divided.
  const json& sp = o["speed"];
  ASSERT_TRUE(sp.is_object()) << o.dump();
  EXPECT_EQ(sp["pairs"].get<int>(), 30);
  const json& chain = o["stages"]["search_portals_funnel"];
  EXPECT_EQ(chain["queries"].get<int>(), 30);
  EXPECT_NEAR(sp["polyanya_vs_search_portals_funnel"]["of_means"].get<double>(),
              o["stages"]["polyanya"]["mean_us"].get<double>() / chain["mean_us"].get<double>(), 1e-9);
  EXPECT_GT(sp["polyanya_vs_search_portals_funnel"]["median"].get<double>(), 0.0);
  EXPECT_GE(sp["polyanya_popped"]["mean"].get<double>(), 1.0);  // the final node at least
  EXPECT_GE(sp["polyanya_expanded_in_place"]["mean"].get<double>(), 0.0);
  EXPECT_GE(sp["search_expanded"]["median"].get<double>(), 1.0);
  EXPECT_EQ(o["longer_than_funnel"].get<int>(), 0);
  EXPECT_EQ(o["missed"].get<int>(), 0);
  EXPECT_TRUE(out["ratios"].is_object());  // the existing fields stay
  const json graph = run_json("bench " + scene("graph_basic.json") + " --pairs 5 --sample-us 5");
  EXPECT_TRUE(graph["optimal"].is_null());
}

}  // namespace
}  // namespace navlab

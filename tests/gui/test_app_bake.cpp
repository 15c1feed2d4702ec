// The Bake panel's rule, run headless: changed Recast parameters bake the level again, the plan follows,
// Save writes them, and the command line bakes the saved file to the same plan; a parameter the scene
// format refuses, or a bake that fails, leaves the navmesh as it was with a message saying why.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

// `navlab plan` on the scene the app saved gives the path the app showed.
void expect_cli_plans_as_the_app(const std::string& saved, const json& app_path) {
  const RunResult cli = run_navlab("plan '" + saved + "'");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  const json corners = json::parse(cli.out)["results"][0]["corners"];
  ASSERT_EQ(corners.size(), app_path.size());
  for (size_t i = 0; i < corners.size(); ++i)
    for (int k = 0; k < 2; ++k) EXPECT_NEAR(corners[i][k].get<double>(), app_path[i][k].get<double>(), 1e-9) << i;
}

TEST(AppBake, NewParametersBakeAgainAsTheCommandLineBakesTheSavedScene) {
  const std::string saved = temp_dir() + "/rebaked.json";
  const ScriptRun before = run_script("bake_before", R"([{"frames": 1}])", "floorplan_basic.json");
  const ScriptRun after = run_script("bake_after",
                                     R"([{"frames": 1}, {"bake": {"agent_radius": 0.3, "cell_size": 0.2}},
                                         {"save_as": ")" + saved + R"("}, {"frames": 1}])",
                                     "floorplan_basic.json");
  ASSERT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(after.state["error"], "");
  // The saved file holds the parameters; the command line plans it as the app did.
  const json file = json::parse(read_text(saved));
  EXPECT_DOUBLE_EQ(file["bake"]["agent_radius"].get<double>(), 0.3);
  EXPECT_DOUBLE_EQ(file["bake"]["cell_size"].get<double>(), 0.2);
  expect_cli_plans_as_the_app(saved, after.state["path"]);
  // A thinner agent keeps closer to the pillar: the path is not the one before.
  EXPECT_NE(after.state["path"], before.state["path"]);
}

// The tile size: a level baked in tiles of 16 cells (floorplan_basic is 14 x 9 m: 3 x 2 tiles of 4.8 m)
// plans as the command line plans the saved file; a tile size the scene format refuses names its pointer.
TEST(AppBake, ATileSizeBakesInTilesAndATooSmallOneIsRefused) {
  const std::string saved = temp_dir() + "/tiled.json";
  const ScriptRun tiled = run_script("bake_tiled",
                                     R"([{"frames": 1}, {"bake": {"tile_size": 16}},
                                         {"save_as": ")" + saved + R"("}, {"frames": 1}])",
                                     "floorplan_basic.json");
  ASSERT_EQ(tiled.exit_code, 0) << tiled.err;
  EXPECT_EQ(tiled.state["error"], "");
  EXPECT_EQ(json::parse(read_text(saved))["bake"]["tile_size"], 16);
  expect_cli_plans_as_the_app(saved, tiled.state["path"]);

  const ScriptRun small = run_script("bake_tile_small", R"([{"frames": 1}, {"bake": {"tile_size": 5}}, {"frames": 1}])",
                                     "floorplan_basic.json");
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_NE(small.state["error"].get<std::string>().find("/bake/tile_size"), std::string::npos) << small.state.dump();
}

TEST(AppBake, ARefusedParameterOrAFailedBakeLeavesTheNavmesh) {
  const ScriptRun before = run_script("bake_keep", R"([{"frames": 1}])", "floorplan_basic.json");
  const ScriptRun zero = run_script("bake_zero", R"([{"frames": 1}, {"bake": {"cell_size": 0}}, {"frames": 1}])",
                                    "floorplan_basic.json");
  ASSERT_EQ(zero.exit_code, 0) << zero.err;
  const std::string error = zero.state["error"];
  EXPECT_NE(error.find("the bake parameters were not applied: /bake/cell_size: expected"), std::string::npos) << error;
  EXPECT_EQ(zero.state["path"], before.state["path"]);
  // An agent wider than the room erodes every cell: the bake fails and says so; the plan stays.
  const ScriptRun wide = run_script("bake_wide", R"([{"frames": 1}, {"bake": {"agent_radius": 20}}, {"frames": 1}])",
                                    "floorplan_basic.json");
  ASSERT_EQ(wide.exit_code, 0) << wide.err;
  EXPECT_EQ(wide.state["error"].get<std::string>().rfind("the bake failed, the old navmesh stays: ", 0), 0u)
      << wide.state["error"];
  EXPECT_EQ(wide.state["path"], before.state["path"]);
  // Not a parameter: the script itself is wrong.
  const std::string script = temp_dir() + "/bake_typo.json";
  write_text(script, R"([{"bake": {"cell_sise": 0.2}}])");
  const RunResult typo = run_navlab("'" + scene_path("floorplan_basic.json") + "' --script '" + script + "'");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_NE(typo.err.find("unknown bake parameter 'cell_sise'"), std::string::npos) << typo.err;
}

}  // namespace
}  // namespace navlab::test

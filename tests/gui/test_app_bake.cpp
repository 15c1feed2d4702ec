// The Bake panel's rule, run headless: changed Recast parameters bake the level again, the plan follows,
// Save writes them, and the command line bakes the saved file to the same plan; a parameter the scene
// format refuses, or a bake that fails, leaves the navmesh as it was with a message saying why.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "generated_level.h"
#include "paths.h"
#include "scene.h"

namespace navlab::test {
namespace {

using nlohmann::json;

TEST(AppBake, NewParametersBakeAgainAsTheCommandLineBakesTheSavedScene) {
  const std::string saved = temp_dir() + "/rebaked.json";
  const ScriptRun before = run_script("bake_before", R"([{"frames": 1}])", "floorplan_basic.json");
  const ScriptRun after = run_script("bake_after",
                                     R"([{"frames": 1}, {"bake": {"agent_radius": 0.3, "cell_size": 0.2}},
                                         {"save_as": ")" +
                                         saved + R"("}, {"frames": 1}])",
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
                                         {"save_as": ")" +
                                         saved + R"("}, {"frames": 1}])",
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
  const ScriptRun zero =
      run_script("bake_zero", R"([{"frames": 1}, {"bake": {"cell_size": 0}}, {"frames": 1}])", "floorplan_basic.json");
  ASSERT_EQ(zero.exit_code, 0) << zero.err;
  const std::string error = zero.state["error"];
  EXPECT_NE(error.find("was not applied (bake parameters): /bake/cell_size: expected"), std::string::npos) << error;
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

// A generated pillar hall (124 m, about 3,000 polygons, one tile at Recast's defaults) with a query from
// corner to corner, saved as a scene file.
std::string hall_file() {
  const std::string path = temp_dir() + "/hall.json";
  Scene hall = pillar_hall_scene(3000, 7);
  hall.queries.push_back({"across", ScenePoint{"", {2, 2}, 0.0, false}, ScenePoint{"", {122, 122}, 0.0, false}});
  EXPECT_EQ(save_scene(hall, path).error(), "");
  return path;
}

// Its bake at 5 cm cells in tiles of 64 (about 1,500 tiles): seconds of work, which the app does on a
// worker thread while it keeps drawing frames.
const char* kLongBake = R"({"bake": {"cell_size": 0.05, "tile_size": 64}, "wait": false})";

// The progress bar stands over the viewport's top left corner while the bake runs; Cancel (the script's
// bake_cancel) stops it and the navmesh and plan stay as they were.
TEST(AppBake, ALongBakeShowsItsProgressAndCancelKeepsTheNavmesh) {
  const std::string hall = hall_file();
  const ScriptRun before = run_script("bake_long_before", R"([{"frames": 1}])", hall, "window");
  const std::string during = temp_dir() + "/bake_long_during.png";
  const ScriptRun run = run_script("bake_long",
                                   std::string(R"([{"frames": 1}, )") + kLongBake + R"(, {"frames": 3}, {"export": ")" +
                                       during + R"(", "what": "window"}, {"bake_cancel": true}, {"frames": 2}])",
                                   hall, "window");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const json& bake = run.state["bake"];
  EXPECT_EQ(bake["last"], "cancelled") << bake.dump();
  EXPECT_EQ(bake["running"], false);
  EXPECT_GE(bake["frames_shown"].get<int>(), 3) << "frames drawn while the bake ran, each with its bar";
  EXPECT_EQ(bake["polygons"], before.state["bake"]["polygons"]);
  EXPECT_EQ(run.state["path"], before.state["path"]);
  EXPECT_GT(run.state["path"].size(), 2u);
  EXPECT_EQ(run.state["error"], "");
  // The picture during the bake has the bar where the one after it has the viewport only.
  const Image mid = load_png(during);
  ASSERT_TRUE(mid.ok());
  ASSERT_EQ(mid.w, run.img.w);
  const int x0 = int(run.state["viewport"]["x"].get<double>()) + 10,
            y0 = int(run.state["viewport"]["y"].get<double>()) + 10;
  int changed = 0;
  for (int y = y0; y < y0 + 40; ++y)
    for (int x = x0; x < x0 + 400; ++x) {
      const unsigned char *a = mid.at(x, y), *b = run.img.at(x, y);
      changed += std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]) > 60;
    }
  EXPECT_GT(changed, 2000) << "no progress bar over the viewport during the bake";
}

// An edit while a bake runs restarts it with the latest values: the first bake is cancelled, the second
// one's parameters are the scene's, and Save writes them.
TEST(AppBake, AnEditWhileABakeRunsRestartsItWithTheLatestParameters) {
  const std::string hall = hall_file(), saved = temp_dir() + "/hall_restarted.json";
  const ScriptRun run = run_script("bake_restart", std::string(R"([{"frames": 1}, )") + kLongBake + R"(, {"frames": 1},
                     {"bake": {"cell_size": 0.3, "tile_size": 0, "agent_radius": 0.4}},
                     {"save_as": ")" + saved + R"("}, {"frames": 1}])",
                                   hall);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.state["error"], "");
  const json& bake = run.state["bake"];
  EXPECT_EQ(bake["last"], "baked");
  EXPECT_EQ(bake["started"], 2);
  EXPECT_EQ(bake["restarted"], 1);
  const json file = json::parse(read_text(saved));
  EXPECT_DOUBLE_EQ(file["bake"]["agent_radius"].get<double>(), 0.4);
  EXPECT_DOUBLE_EQ(file["bake"]["cell_size"].get<double>(), 0.3);
  EXPECT_FALSE(file["bake"].contains("tile_size"));
  expect_cli_plans_as_the_app(saved, run.state["path"]);
}

// The viewport's shapes of a baked mesh are built on the bake's worker and taken by the viewport, which
// draws them as it draws the shapes it builds itself: a 3D level (polygons shaded by height) baked again
// gives the same picture from the worker's shapes as from the viewport's own, built when the presenter
// theme is turned on and off again. A theme changed while the bake runs leaves the worker's shapes unused.
TEST(AppBake, TheViewportTakesABakedMeshsShapesFromItsWorkerAndDrawsThemAsItsOwn) {
  const ScriptRun before = run_script("bake_shapes_before", R"([{"frames": 1}])", "mesh_level.json");
  const std::string taken = temp_dir() + "/bake_shapes_taken.png";
  const ScriptRun run = run_script("bake_shapes",
                                   R"([{"frames": 1}, {"bake": {"agent_radius": 0.3}}, {"camera": "fit"},
                                       {"export": ")" +
                                       taken + R"("}, {"presenter": true}, {"frames": 1},
                                       {"presenter": false}, {"camera": "fit"}])",
                                   "mesh_level.json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.state["error"], "");
  const json& shapes = run.state["bake"]["mesh_shapes"];
  EXPECT_EQ(shapes["taken_from_bake"], 1) << shapes.dump();
  EXPECT_EQ(shapes["built_by_viewport"], 3) << "the load's, the presenter theme's and the plain theme's again";
  const Image worker = load_png(taken);
  ASSERT_TRUE(worker.ok());
  ASSERT_EQ(worker.w, run.img.w);
  ASSERT_EQ(worker.h, run.img.h);
  EXPECT_EQ(differing(worker, run.img, 0), 0) << "the worker's shapes draw otherwise than the viewport's";
  EXPECT_GT(differing(worker, before.img, 40), 500) << "a thinner agent's mesh is not the one before";

  // The theme changes in the frame after the bake began: the pillar hall's bake (many times a frame's
  // time) is still running then, where mesh_level.json's could be over already on a loaded machine.
  const ScriptRun themed = run_script("bake_shapes_themed",
                                      R"([{"frames": 1}, {"bake": {"agent_radius": 0.3}, "wait": false},
                                          {"presenter": true}, {"bake_wait": true}, {"frames": 1}])",
                                      hall_file());
  ASSERT_EQ(themed.exit_code, 0) << themed.err;
  EXPECT_EQ(themed.state["bake"]["last"], "baked");
  EXPECT_EQ(themed.state["bake"]["mesh_shapes"]["taken_from_bake"], 0) << themed.state["bake"].dump();
}

// A new mesh is drawn into the static target not shown, a few steps a frame (here one: a frame's share
// of 0 ms), while the last picture stays on screen; once complete it is shown, and it is the picture a
// full draw of the same mesh gives. An export meanwhile draws it whole at once.
TEST(AppBake, ANewMeshIsDrawnOverFramesAndThenShowsAsAFullDrawWould) {
  const std::string hall = hall_file();
  const std::string start = R"([{"frames": 1}, {"spread_frame_ms": 0}, {"bake": {"agent_radius": 0.3}})";
  const ScriptRun during = run_script("spread_during", start + R"(, {"measure": 2}])", hall);
  ASSERT_EQ(during.exit_code, 0) << during.err;
  EXPECT_EQ(during.state["bake"]["last"], "baked");
  EXPECT_EQ(during.state["bake"]["mesh_shapes"]["taken_from_bake"], 1);
  EXPECT_EQ(during.state["frame"]["spread_draws"], 0) << during.state["frame"].dump();
  EXPECT_GT(during.state["frame"]["spread_steps_left"].get<int>(), 0) << during.state["frame"].dump();

  const ScriptRun done = run_script("spread_done", start + R"(, {"measure": 60}])", hall);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  EXPECT_EQ(done.state["frame"]["spread_draws"], 1) << done.state["frame"].dump();
  EXPECT_EQ(done.state["frame"]["spread_steps_left"], 0);
  EXPECT_GT(done.state["frame"]["static_redraws"].get<int>(), 0);

  // The same mesh drawn whole: zoomed in and back with previews off, each a full draw.
  const ScriptRun full =
      run_script("spread_full", start + R"(, {"measure": 60}, {"zoom_preview_ms": 1e9}, {"measure": 1, "zoom": 2.0},
                                               {"measure": 1, "zoom": 0.5}])",
                 hall);
  ASSERT_EQ(full.exit_code, 0) << full.err;
  EXPECT_EQ(full.state["frame"]["static_redraws"], 1) << full.state["frame"].dump();
  EXPECT_EQ(full.state["frame"]["static_previews"], 0);
  EXPECT_EQ(full.state["camera"], done.state["camera"]);
  ASSERT_EQ(full.img.w, done.img.w);
  ASSERT_EQ(full.img.h, done.img.h);
  EXPECT_EQ(differing(full.img, done.img, 0), 0) << "the drawing spread over frames is not the full draw's";

  const std::string exported = temp_dir() + "/spread_export.png";
  const ScriptRun early = run_script("spread_export", start + R"(, {"export": ")" + exported + R"("}])", hall);
  ASSERT_EQ(early.exit_code, 0) << early.err;
  const Image shot = load_png(exported);
  ASSERT_TRUE(shot.ok());
  EXPECT_EQ(differing(shot, done.img, 0), 0) << "an export during the spread drawing is not the whole new mesh";

  // A bake stage chosen meanwhile is drawn in place of the mesh, as when it is chosen afterwards.
  const ScriptRun staged = run_script("spread_stage", start + R"(, {"bake_stage": "regions"}, {"measure": 60}])", hall);
  ASSERT_EQ(staged.exit_code, 0) << staged.err;
  EXPECT_EQ(staged.state["frame"]["spread_draws"], 0) << staged.state["frame"].dump();
  const ScriptRun after = run_script("spread_stage_after",
                                     R"([{"frames": 1}, {"bake": {"agent_radius": 0.3}}, {"measure": 2},
                                         {"bake_stage": "regions"}, {"measure": 2}])",
                                     hall);
  ASSERT_EQ(after.exit_code, 0) << after.err;
  ASSERT_EQ(after.img.w, staged.img.w);
  EXPECT_EQ(differing(after.img, staged.img, 0), 0) << "the stage chosen during the spread drawing is not shown";
  EXPECT_GT(differing(after.img, done.img, 40), 1000) << "the regions look like the mesh";
}

}  // namespace
}  // namespace navlab::test

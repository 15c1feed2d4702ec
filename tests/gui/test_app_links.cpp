// Off-mesh links edited in the app (app/gui/doors/gui_links.*, the link tool of gui_tools.*), run headless: on
// two islands with no way between them there is no path until a link is added; then the plan crosses it,
// the picture shows its arc, the saved file has it and the command line plans across it too. An end on
// no polygon is refused with the core's error and nothing changes; links move, turn one-way and go away;
// the tool and the end handles work with the mouse; a 3D level gives the ends the floor's heights.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"
#include "scene.h"

namespace navlab::test {
namespace {

using nlohmann::json;

const Rgb kLink{110, 170, 255};  // Theme::link

// scenes/links_islands.json without its link: two islands, a query from the west one to the east one.
std::string islands() {
  json scene = json::parse(read_text(scene_path("links_islands.json")));
  scene.erase("links");
  const std::string path = temp_dir() + "/islands.json";
  write_text(path, scene.dump(2));
  return path;
}

const char* kAddJump = R"({"add_link": {"from": [8.2, 5], "to": [11.8, 5]}})";

TEST(AppLinks, ALinkAddedJoinsTheIslandsAsTheCommandLinePlansTheSavedScene) {
  const std::string scene = islands(), saved = temp_dir() + "/islands_linked.json";
  const ScriptRun before = run_script("links_before", R"([{"frames": 1}])", scene);
  ASSERT_EQ(before.exit_code, 0) << before.err;
  EXPECT_EQ(before.state["status"], "failed");
  EXPECT_EQ(before.state["links"]["links"].size(), 0u);

  const ScriptRun after = run_script(
      "links_after",
      std::string("[{\"frames\": 1}, ") + kAddJump + R"(, {"save_as": ")" + saved + R"("}, {"frames": 1}])", scene);
  ASSERT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(after.state["error"], "");
  EXPECT_EQ(after.state["status"], "complete");
  EXPECT_EQ(after.state["corridor_links"], json::array({0}));
  const json& link = after.state["links"]["links"][0];
  EXPECT_GE(link["from_poly"].get<int>(), 0);
  EXPECT_GE(link["to_poly"].get<int>(), 0);
  EXPECT_NE(link["from_poly"], link["to_poly"]);

  // The command line plans the saved file across the same link.
  const RunResult cli = run_navlab("plan '" + saved + "'");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  const json result = json::parse(cli.out)["results"][0];
  EXPECT_EQ(result["status"], "complete");
  ASSERT_EQ(result["links"].size(), 1u);
  EXPECT_EQ(result["links"][0]["link"], 0);
  EXPECT_EQ(result["corridor"], after.state["corridor"]);

  // The picture: the link's arc peaks a quarter of its length (0.9 m) above the middle of the jump.
  double x = 0, y = 0;
  after.camera().project(10.0, 5.9, &x, &y);
  EXPECT_TRUE(colour_near(after.img, x, y, kLink, 2));
  before.camera().project(10.0, 5.9, &x, &y);
  EXPECT_FALSE(colour_near(before.img, x, y, kLink, 3));

  // Save and load again: the scene holds the link as added (defaults kept as defaults).
  auto loaded = load_scene(saved);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->links.size(), 1u);
  LinkDef expected;
  expected.from.plane = {8.2, 5};
  expected.to.plane = {11.8, 5};
  EXPECT_EQ(loaded->links[0], expected);
  auto again = parse_scene(scene_to_json(loaded.value()), saved);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(again.value(), loaded.value());
  const ScriptRun reloaded = run_script("links_reloaded", R"([{"frames": 1}])", saved);
  EXPECT_EQ(reloaded.state["links"]["links"], after.state["links"]["links"]);
  EXPECT_EQ(reloaded.state["corridor"], after.state["corridor"]);
}

TEST(AppLinks, AnEndOnNoPolygonIsRefusedWithTheCoresErrorAndNothingChanges) {
  const std::string scene = islands(), saved = temp_dir() + "/islands_refused.json";
  // (10, 5) is the middle of the 2 m gap: farther than the link's radius (0.6 m) from either island.
  const ScriptRun r = run_script("links_refused",
                                 R"([{"frames": 1}, {"add_link": {"from": [8.2, 5], "to": [10, 5]}},
                                                      {"save_as": ")" +
                                     saved + R"("}, {"frames": 1}])",
                                 scene);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string error = r.state["error"];
  EXPECT_NE(error.find("/links/0/to: link 0's to point (10, 5) is on no polygon"), std::string::npos) << error;
  EXPECT_EQ(r.state["bake"]["last"], "failed");
  EXPECT_EQ(r.state["status"], "failed");
  EXPECT_EQ(r.state["links"]["links"].size(), 0u);
  EXPECT_FALSE(json::parse(read_text(saved)).contains("links") && !json::parse(read_text(saved))["links"].empty());
}

TEST(AppLinks, ALinkMovesTurnsOneWayAndIsDeleted) {
  const std::string scene = islands();
  const ScriptRun moved = run_script("links_moved",
                                     std::string("[{\"frames\": 1}, ") + kAddJump +
                                         R"(, {"move_link": 0, "end": "to", "to": [12.5, 7]}, {"frames": 1}])",
                                     scene);
  ASSERT_EQ(moved.exit_code, 0) << moved.err;
  EXPECT_EQ(moved.state["links"]["links"][0]["to"], json::array({12.5, 7.0}));
  EXPECT_EQ(moved.state["status"], "complete");
  EXPECT_EQ(moved.state["corridor_links"], json::array({0}));

  // A one-way link from east to west cannot carry the query west to east.
  const ScriptRun one_way = run_script("links_one_way", R"([{"frames": 1},
      {"add_link": {"from": [11.8, 5], "to": [8.2, 5], "bidirectional": false}}, {"frames": 1}])",
                                       scene);
  ASSERT_EQ(one_way.exit_code, 0) << one_way.err;
  EXPECT_EQ(one_way.state["links"]["links"][0]["bidirectional"], false);
  EXPECT_EQ(one_way.state["status"], "failed");

  const ScriptRun deleted = run_script(
      "links_deleted", std::string("[{\"frames\": 1}, ") + kAddJump + R"(, {"delete_link": 0}, {"frames": 1}])", scene);
  ASSERT_EQ(deleted.exit_code, 0) << deleted.err;
  EXPECT_EQ(deleted.state["links"]["links"].size(), 0u);
  EXPECT_EQ(deleted.state["status"], "failed");
  EXPECT_EQ(deleted.state["bake"]["started"], 2);
}

// The tool with the mouse: L mode, a click on the takeoff, a click on the landing; then, in inspect mode,
// the landing's handle dragged elsewhere moves the link's end when the button is released.
TEST(AppLinks, TheToolAndTheEndHandlesWorkWithTheMouse) {
  const ScriptRun r = run_script("links_mouse", R"([{"frames": 1}, {"link_tool": true},
      {"mouse": [8.2, 5], "down": true}, {"mouse": [8.2, 5], "down": false},
      {"mouse": [11.8, 5], "down": true}, {"mouse": [11.8, 5], "down": false}, {"bake_wait": true},
      {"link_tool": false},
      {"mouse": [11.8, 5], "down": true}, {"mouse": [12.2, 6], "down": true}, {"mouse": [12.4, 6.5], "down": true},
      {"mouse": [12.4, 6.5], "down": false}, {"bake_wait": true}, {"frames": 1}])",
                                 islands());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.state["error"], "");
  const json& links = r.state["links"]["links"];
  ASSERT_EQ(links.size(), 1u);
  // The mouse lands on whole pixels: within a pixel (the camera's scale) of the points asked for.
  const double px = 1.0 / r.state["camera"]["scale"].get<double>();
  EXPECT_NEAR(links[0]["from"][0].get<double>(), 8.2, px);
  EXPECT_NEAR(links[0]["to"][0].get<double>(), 12.4, px);
  EXPECT_NEAR(links[0]["to"][1].get<double>(), 6.5, px);
  EXPECT_EQ(r.state["status"], "complete");
  EXPECT_EQ(r.state["bake"]["started"], 2);
}

// A hand-authored mesh of two squares 1 m apart: a link rebuilds it at once (no bake) and joins them.
TEST(AppLinks, AHandAuthoredMeshIsRebuiltWithTheLink) {
  const std::string path = temp_dir() + "/two_squares.json";
  write_text(path,
             R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [4, 0], [4, 4], [0, 4], [5, 0], [9, 0], [9, 4], [5, 4]],
                      "polygons": [[0, 1, 2, 3], [4, 5, 6, 7]]},
                      "queries": [{"start": [1, 1], "goal": [8, 3]}]})");
  const ScriptRun r = run_script("links_hand", R"([{"frames": 1}, {"add_link": {"from": [3.9, 2], "to": [5.1, 2]}},
                                                  {"frames": 1}])",
                                 path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.state["error"], "");
  EXPECT_EQ(r.state["status"], "complete");
  EXPECT_EQ(r.state["corridor"], json::array({0, 1}));
  EXPECT_EQ(r.state["corridor_links"], json::array({0}));
  EXPECT_EQ(r.state["bake"]["started"], 0);  // nothing baked
}

// On a 3D level a 2D point takes the height of the floor under it: a drop from the platform (2 m) to the
// dais (0.4 m) of scenes/mesh_level.obj, given as plane points.
TEST(AppLinks, OnA3DLevelTheEndsTakeTheFloorsHeights) {
  const ScriptRun r = run_script("links_3d", R"([{"frames": 1},
      {"add_link": {"from": [17, 8], "to": [17, 4], "bidirectional": false}}, {"frames": 1}])",
                                 "mesh_level.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.state["error"], "");
  const json& link = r.state["links"]["links"][0];
  // [x, y, z] with y up; Recast's floor lies up to 0.4 m above the level's (one cell and the detail error).
  EXPECT_DOUBLE_EQ(link["from"][0].get<double>(), 17.0);
  EXPECT_DOUBLE_EQ(link["from"][2].get<double>(), -8.0);
  EXPECT_GE(link["from"][1].get<double>(), 2.0 - 0.05);
  EXPECT_LE(link["from"][1].get<double>(), 2.0 + 0.4);
  EXPECT_GE(link["to"][1].get<double>(), 0.4 - 0.05);
  EXPECT_LE(link["to"][1].get<double>(), 0.4 + 0.4);
  EXPECT_GE(link["from_poly"].get<int>(), 0);
  EXPECT_GE(link["to_poly"].get<int>(), 0);
}

}  // namespace
}  // namespace navlab::test

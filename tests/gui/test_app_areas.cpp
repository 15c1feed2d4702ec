// Painted areas edited in the app (app/gui/doors/gui_areas.*, the area tool of gui_tools.*), run headless: an
// expensive area painted across the straight route of a floor plan or a level sends the path around it
// (the state's corridor and path change, the command line plans the saved scene the same way), a cost
// of 1 leaves it straight, the tool closes clicked corners into their convex hull, a volume refused by
// the scene format names its pointer and changes nothing, and areas are deleted.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"
#include "scene.h"

namespace navlab::test {
namespace {

using nlohmann::json;

// A 20 x 10 m room and a query along its middle.
std::string room() {
  const std::string path = temp_dir() + "/room.json";
  write_text(path, R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [20, 0], [20, 10], [0, 10]]},
                       "queries": [{"start": [2, 5], "goal": [18, 5]}]})");
  return path;
}

const char* kMud = R"({"paint_area": {"name": "mud", "polygon": [[8, 2], [12, 2], [12, 8], [8, 8]], "cost": 10}})";

// Whether some corner of the path lies outside the band |y - 5| < 2.5 the straight route keeps to.
bool goes_around(const json& path) {
  for (const json& p : path)
    if (std::abs(p[1].get<double>() - 5.0) > 2.5) return true;
  return false;
}

TEST(AppAreas, AnExpensiveAreaOnAFloorPlanSendsThePathAroundItAndSaveWritesIt) {
  const std::string scene = room(), saved = temp_dir() + "/room_mud.json";
  const ScriptRun before = run_script("areas_before", R"([{"frames": 1}])", scene);
  ASSERT_EQ(before.exit_code, 0) << before.err;
  EXPECT_EQ(before.state["path"].size(), 2u);  // straight

  const ScriptRun mud = run_script(
      "areas_mud", std::string("[{\"frames\": 1}, ") + kMud + R"(, {"save_as": ")" + saved + R"("}, {"frames": 1}])",
      scene);
  ASSERT_EQ(mud.exit_code, 0) << mud.err;
  EXPECT_EQ(mud.state["error"], "");
  EXPECT_EQ(mud.state["status"], "complete");
  EXPECT_NE(mud.state["corridor"], before.state["corridor"]);
  EXPECT_GT(mud.state["path"].size(), 2u);
  EXPECT_TRUE(goes_around(mud.state["path"])) << mud.state["path"].dump();
  ASSERT_EQ(mud.state["areas"]["areas"].size(), 1u);
  EXPECT_EQ(mud.state["areas"]["areas"][0]["cost"], 10.0);
  expect_cli_plans_as_the_app(saved, mud.state["path"]);
  // The file holds the area as painted, and reads back to the same scene.
  const json file = json::parse(read_text(saved));
  EXPECT_EQ(file["floorplan"]["areas"][0]["name"], "mud");
  EXPECT_EQ(file["floorplan"]["areas"][0]["cost"], 10.0);
  auto loaded = load_scene(saved);
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  auto again = parse_scene(scene_to_json(loaded.value()), saved);
  ASSERT_TRUE(again.ok()) << again.error();
  EXPECT_EQ(again.value(), loaded.value());

  // At cost 1 the mud is floor like any other: the path is straight again.
  const ScriptRun cheap = run_script(
      "areas_cheap", std::string("[{\"frames\": 1}, ") + kMud + R"(, {"area_cost": "mud", "cost": 1}, {"frames": 1}])",
      scene);
  ASSERT_EQ(cheap.exit_code, 0) << cheap.err;
  EXPECT_EQ(cheap.state["areas"]["areas"][0]["cost"], 1.0);
  EXPECT_EQ(cheap.state["path"].size(), 2u) << cheap.state["path"].dump();

  const ScriptRun deleted = run_script(
      "areas_deleted", std::string("[{\"frames\": 1}, ") + kMud + R"(, {"delete_area": 0}, {"frames": 1}])", scene);
  ASSERT_EQ(deleted.exit_code, 0) << deleted.err;
  EXPECT_EQ(deleted.state["areas"]["areas"].size(), 0u);
  EXPECT_EQ(deleted.state["path"], before.state["path"]);
}

// The tool with the mouse: V mode, the corners clicked (one inside the others), then the last one again:
// the area painted is their convex hull, the inner click left out.
TEST(AppAreas, TheToolPaintsTheHullOfTheClickedCorners) {
  const ScriptRun r = run_script("areas_mouse", R"([{"frames": 1}, {"area_tool": true},
      {"mouse": [8, 2], "down": true}, {"mouse": [8, 2], "down": false},
      {"mouse": [12, 2], "down": true}, {"mouse": [12, 2], "down": false},
      {"mouse": [10, 5], "down": true}, {"mouse": [10, 5], "down": false},
      {"mouse": [12, 8], "down": true}, {"mouse": [12, 8], "down": false},
      {"mouse": [8, 8], "down": true}, {"mouse": [8, 8], "down": false},
      {"mouse": [8, 8], "down": true}, {"mouse": [8, 8], "down": false}, {"bake_wait": true}, {"frames": 1}])",
                                 room());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.state["error"], "");
  const json& areas = r.state["areas"]["areas"];
  ASSERT_EQ(areas.size(), 1u);
  EXPECT_EQ(areas[0]["name"], "mud");  // the tool's default name and cost
  EXPECT_EQ(areas[0]["cost"], 5.0);
  const json& ring = areas[0]["polygon"];
  ASSERT_EQ(ring.size(), 4u) << ring.dump();
  const double px = 1.0 / r.state["camera"]["scale"].get<double>();
  for (const json& p : ring) EXPECT_GT(std::abs(p[0].get<double>() - 10.0), 2.0 - px) << ring.dump();
  EXPECT_EQ(r.state["areas"]["corners"], 0);
  EXPECT_TRUE(goes_around(r.state["path"]));
}

// On scenes/mesh_level.json a volume painted from plane points across the ground's straight route takes
// the floor's height for its range (from 1 m below the lowest corner to 6 m above that) and sends the
// path around it.
TEST(AppAreas, AVolumeOnALevelSendsThePathAround) {
  const std::string query = R"({"start": [2, 0, -2]}, {"goal": [12, 0, -2]})";
  const ScriptRun before = run_script("areas_level_before", "[{\"frames\": 1}, " + query + "]", "mesh_level.json");
  ASSERT_EQ(before.exit_code, 0) << before.err;
  EXPECT_EQ(before.state["path"].size(), 2u);
  const ScriptRun water = run_script("areas_level", "[{\"frames\": 1}, " + query + R"(,
      {"paint_area": {"name": "water", "polygon": [[5, -0.5], [9, -0.5], [9, 4.5], [5, 4.5]], "cost": 10}},
      {"frames": 1}])",
                                     "mesh_level.json");
  ASSERT_EQ(water.exit_code, 0) << water.err;
  EXPECT_EQ(water.state["error"], "");
  const json& area = water.state["areas"]["areas"][0];
  const double floor = area["polygon"][0][1].get<double>();  // [x, y, z]: y is the floor's height there
  EXPECT_GE(floor, 0.0);
  EXPECT_LE(floor, 0.4);
  EXPECT_NEAR(area["height"][0].get<double>(), floor - 1.0, 0.4);
  EXPECT_NEAR(area["height"][1].get<double>(), area["height"][0].get<double>() + 6.0, 1e-9);
  EXPECT_NE(water.state["corridor"], before.state["corridor"]);
  EXPECT_GT(water.state["path"].size(), 2u) << water.state["path"].dump();
}

TEST(AppAreas, AVolumeTheSceneFormatRefusesNamesItsPointerAndChangesNothing) {
  const ScriptRun r = run_script("areas_refused", R"([{"frames": 1},
      {"paint_area": {"name": "water", "polygon": [[0, 0, 0], [4, 0, 0], [2, 0, -1], [2, 0, -4]]}}, {"frames": 1}])",
                                 "mesh_level.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string error = r.state["error"];
  EXPECT_NE(error.find("/mesh/areas/0/polygon/2: expected a convex polygon"), std::string::npos) << error;
  EXPECT_EQ(r.state["areas"]["areas"].size(), 0u);
  EXPECT_EQ(r.state["bake"]["started"], 0);
}

}  // namespace
}  // namespace navlab::test

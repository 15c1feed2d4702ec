// The doors panel's tile cache mode in scripted app runs: doors baked into their tiles (closing one
// rebuilds nothing, it gates the door's polygons), a door drag rebuilding only the tiles it touches, the plan re-run
// when a rebuilt tile holds its corridor and kept otherwise, and the mesh on screen equal to the tile cache's mesh
// converted from scratch.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app_image.h"
#include "paths.h"
#include "scene.h"
#include "tilecache.h"

namespace navlab::test {
namespace {

using nlohmann::json;

std::vector<int> ints(const json& j) { return j.get<std::vector<int>>(); }

bool shares(const std::vector<int>& a, const std::vector<int>& b) {
  return std::any_of(a.begin(), a.end(), [&](int x) { return std::count(b.begin(), b.end(), x) > 0; });
}

// Whether the printed path passes within `r` metres of point (x, y).
bool path_near(const json& path, double x, double y, double r) {
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    const double ax = path[i][0], ay = path[i][1], bx = path[i + 1][0], by = path[i + 1][1];
    const double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    const double u = len2 > 0 ? std::clamp(((x - ax) * dx + (y - ay) * dy) / len2, 0.0, 1.0) : 0.0;
    if (std::hypot(ax + dx * u - x, ay + dy * u - y) <= r) return true;
  }
  return false;
}

TEST(AppDoorsTiles, TurningTheModeOnBakesTilesAndReplansOnTheTiledMesh) {
  const ScriptRun off = run_script("tiles_off", R"([{"frames": 1}])");
  EXPECT_EQ(off.state["doors"]["tile_cache"]["on"], false);
  EXPECT_EQ(off.state["doors"]["tile_cache"]["possible"], true);
  const ScriptRun on = run_script("tiles_on", R"([{"tile_cache": true}, {"camera": "fit"}])");
  const json& s = on.state;
  const json& t = s["doors"]["tile_cache"];
  ASSERT_EQ(t["on"], true) << t;
  EXPECT_EQ(s["status"], "complete");
  EXPECT_EQ(s["doors"]["version"], 2);
  EXPECT_EQ(s["doors"]["log"].back()["cause"], "tile_cache");
  EXPECT_GT(t["tile_count"].get<int>(), 1);
  EXPECT_EQ(t["equals_full_conversion"], true);
  EXPECT_FALSE(s["doors"]["reads"]["tiles"].empty());
  EXPECT_GT(path_hits(on.img, s["path"], on.camera()), 0.9);
  // A graph scene has nothing to bake.
  const std::string script = write_file("tiles_graph.json", R"([{"tile_cache": true}])");
  const RunResult bad = run_navlab("'" + scene_path("graph_basic.json") + "' --script '" + script + "'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("floor plan or mesh"), std::string::npos) << bad.err;
}

TEST(AppDoorsTiles, DraggingAClosedDoorAcrossTheCorridorRebuildsTilesAndReplansAroundIt) {
  // door_west is closed and dragged across the corridor that runs east from the west office's doorway.
  const ScriptRun base = run_script("tiles_drag_base", R"([{"tile_cache": true}, {"camera": "fit"}])");
  ASSERT_TRUE(path_near(base.state["path"], 20.0, 11.8, 1.8)) << "the plan should run along the corridor";
  const int v0 = base.state["doors"]["version"];
  const ScriptRun r = run_script("tiles_drag_across", R"([{"tile_cache": true}, {"door": "door_west", "open": false},
      {"drag_door": "door_west", "to": [[20, 10.2], [20, 13.4]], "frames": 8}, {"camera": "fit"}])");
  const json& s = r.state;
  const json& t = s["doors"]["tile_cache"];
  EXPECT_EQ(s["status"], "complete");
  EXPECT_GT(s["doors"]["version"].get<int>(), v0);
  EXPECT_EQ(door(s, "door_west")["open"], false);
  int rebuilt_replans = 0;
  for (const json& e : s["doors"]["log"])
    if (e["cause"] == "tiles_rebuilt" && e["replanned"] == true) {
      ++rebuilt_replans;
      const std::string text = e["text"];
      EXPECT_NE(text.find("rebuilt ("), std::string::npos) << text;  // which tiles
      EXPECT_NE(text.find("Touched the corridor's read set"), std::string::npos) << text;
    }
  EXPECT_GE(rebuilt_replans, 2) << s["doors"]["log"];
  EXPECT_EQ(s["doors"]["log"].back()["cause"], "tiles_rebuilt");
  EXPECT_EQ(s["doors"]["log"].back()["version"], s["doors"]["version"]);
  EXPECT_FALSE(t["rebuilt"].empty());
  EXPECT_EQ(t["rebuilt"].size(), t["rebuilt_bounds"].size());
  EXPECT_LT(t["rebuilt"].size(), t["tile_count"].get<size_t>());  // only the tiles it touches
  // The new path keeps clear of the door: it leaves the corridor west of it.
  EXPECT_FALSE(path_near(s["path"], 20.0, 11.8, 1.8)) << s["path"];
  EXPECT_TRUE(path_near(s["path"], 6.25, 9.8, 1.5)) << "through the doorway door_west left: " << s["path"];

  // The picture: the path drawn where the printed path runs, none across the carved door.
  EXPECT_GT(path_hits(r.img, s["path"], r.camera()), 0.9);
  const Camera cam = r.camera();
  int across = 0;
  for (double y = 10.4; y <= 13.2; y += 0.2) {
    double px, py;
    cam.project(20.0, y, &px, &py);
    across += colour_near(r.img, px, py, kPathColour, 2);
  }
  EXPECT_EQ(across, 0);
  // The old path's picture had it there.
  int before = 0;
  for (double x = 18.0; x <= 22.0; x += 0.25)
    for (double y = 10.2; y <= 13.4; y += 0.2) {
      double px, py;
      base.camera().project(x, y, &px, &py);
      before += colour_near(base.img, px, py, kPathColour, 1);
    }
  EXPECT_GT(before, 0);
}

// Dragged as the mouse drags it (the moves on the tile cache's thread, the frames not waiting for them),
// the door ends where the same drag waiting for every move ends it: the same mesh (the cache's, converted
// from scratch), the same plan round the door with its shortest path and channel (run on the dropped
// door's mesh), the viewport's shapes of each new mesh built on the job's thread.
TEST(AppDoorsTiles, ADragThatDoesNotWaitForTheTilesEndsAsOneThatDoes) {
  const std::string drag = R"([{"tile_cache": true}, {"door": "door_west", "open": false},
      {"drag_door": "door_west", "to": [[20, 10.2], [20, 13.4]], "frames": 12, "wait_tiles": )";
  const ScriptRun waited = run_script("tiles_drag_waited", drag + R"(true}, {"camera": "fit"}])");
  const ScriptRun mouse = run_script("tiles_drag_mouse", drag + R"(false}, {"camera": "fit"}])");
  const ScriptRun settled = run_script("tiles_drag_settled", drag + R"(false}, {"frames": 120}])");
  const json& w = waited.state;
  const json& s = mouse.state;
  const json& t = s["doors"]["tile_cache"];
  EXPECT_EQ(t["equals_full_conversion"], true) << t;
  EXPECT_EQ(t["polygons"], w["doors"]["tile_cache"]["polygons"]);
  EXPECT_EQ(s["path"], w["path"]);
  EXPECT_EQ(s["status"], "complete");
  EXPECT_FALSE(path_near(s["path"], 20.0, 11.8, 1.8)) << s["path"];
  EXPECT_GT(s["optimal"]["length"].get<double>(), 0.0) << "the shortest path of the dropped door's mesh";
  EXPECT_TRUE(s["channel"].is_object());
  // Every move was done; several may have made one mesh, and each mesh came with its shapes.
  EXPECT_GE(t["changes"].get<int>(), 1);
  EXPECT_LE(t["changes"].get<int>(), 12);
  EXPECT_GE(t["meshes_taken"].get<int>(), 1);
  EXPECT_LE(t["meshes_taken"].get<int>(), t["changes"].get<int>());
  EXPECT_EQ(w["doors"]["tile_cache"]["meshes_taken"], w["doors"]["tile_cache"]["changes"])
      << "one mesh a move when waited for";
  EXPECT_GE(s["bake"]["mesh_shapes"]["taken_from_bake"].get<int>(), t["meshes_taken"].get<int>());
  // The shapes of the meshes replaced are freed a few chunks a frame: a while after the drop, all of them.
  EXPECT_EQ(settled.state["bake"]["mesh_shapes"]["retired_waiting"], 0) << settled.state["bake"];
  EXPECT_GE(settled.state["doors"]["tile_cache"]["meshes_taken"].get<int>(), 1) << "no mesh was replaced";
  EXPECT_EQ(s["doors"]["log"].back()["cause"], "tiles_rebuilt");
  EXPECT_EQ(s["doors"]["log"].back()["version"], s["doors"]["version"]);
  EXPECT_GT(path_hits(mouse.img, s["path"], mouse.camera()), 0.9);
}

TEST(AppDoorsTiles, ADoorChangedInTilesThePlanDoesNotReadKeepsThePlanAndItsVersion) {
  // Move the open door into the store's north end (its old tiles hold the corridor: re-plan, v3), close
  // it there, drag it a little: neither touches the plan.
  const ScriptRun r = run_script("tiles_far", R"([{"tile_cache": true},
      {"drag_door": "door_west", "to": [[21, 22.5], [23, 22.5]], "frames": 1},
      {"door": "door_west", "open": false},
      {"drag_door": "door_west", "to": [[21, 21.5], [23, 21.5]], "frames": 4}, {"camera": "fit"}])");
  const json& s = r.state;
  const json& t = s["doors"]["tile_cache"];
  EXPECT_EQ(s["doors"]["version"], 3);  // the first plan, the plan on the tiled mesh, the first move
  ASSERT_FALSE(t["rebuilt"].empty());
  EXPECT_FALSE(shares(ints(t["rebuilt"]), ints(s["doors"]["reads"]["tiles"])))
      << t["rebuilt"] << " vs " << s["doors"]["reads"]["tiles"];
  const json& log = s["doors"]["log"];
  ASSERT_GE(log.size(), 4u);
  EXPECT_EQ(log.back()["cause"], "tiles_rebuilt");
  EXPECT_EQ(log.back()["replanned"], false);
  EXPECT_EQ(log[log.size() - 2]["cause"], "door_closed");  // the close rebuilds no tile
  EXPECT_EQ(log[log.size() - 2]["replanned"], false);
  EXPECT_EQ(log[log.size() - 3]["cause"], "tiles_rebuilt");  // the first move, out of the corridor's tile
  EXPECT_EQ(log[log.size() - 3]["replanned"], true);
  const std::string text = log.back()["text"];
  EXPECT_EQ(text.rfind("door_west moved - ", 0), 0u) << text;
  EXPECT_NE(text.find("plan kept (v3)"), std::string::npos) << text;
  EXPECT_EQ(t["equals_full_conversion"], true);
  EXPECT_GT(path_hits(r.img, s["path"], r.camera()), 0.9);  // the kept plan is drawn on the new mesh
}

// A kept plan's records are renumbered to the rebuilt mesh: the timeline's sentences name the polygons
// a fresh plan on that mesh names (the change in the store's north end shifts the polygon indices of
// the tiles after it). Only the open set may be smaller: polygons of rebuilt tiles are dropped from it.
TEST(AppDoorsTiles, AKeptPlanNamesThePolygonsOfTheRebuiltMesh) {
  const std::string change = R"({"tile_cache": true},
      {"drag_door": "door_west", "to": [[21, 22.5], [23, 22.5]], "frames": 1},
      {"door": "door_west", "open": false},
      {"drag_door": "door_west", "to": [[21, 21.5], [23, 21.5]], "frames": 4})";
  for (const char* step : {"search:10", "search:40"}) {
    const std::string at = std::string(R"({"step": ")") + step + R"("})";
    const ScriptRun before = run_script("tiles_names_before", std::string(R"([{"tile_cache": true}, )") + at + "]");
    const ScriptRun kept = run_script("tiles_names_kept", "[" + change + ", " + at + "]");
    // The same change, then a plan run again from scratch on that mesh (same agent, new version).
    const ScriptRun fresh =
        run_script("tiles_names_fresh", "[" + change + R"(, {"agent": {"max_speed": 4}}, )" + at + "]");
    EXPECT_EQ(kept.state["doors"]["version"], 3);
    EXPECT_EQ(fresh.state["doors"]["version"], 4);
    const std::string k = kept.state["caption"], f = fresh.state["caption"], b = before.state["caption"];
    ASSERT_EQ(k.rfind("Take polygon ", 0), 0u) << k;
    EXPECT_EQ(k.substr(0, k.find(';')), f.substr(0, f.find(';'))) << step;
    EXPECT_NE(k.substr(0, k.find(';')), b.substr(0, b.find(';'))) << step << ": the indices did not shift";
  }
}

TEST(AppDoorsTiles, TheMeshOnScreenEqualsAFreshConversionAfterSeveralDrags) {
  const ScriptRun r = run_script("tiles_many", R"([{"tile_cache": true},
      {"door": "door_west", "open": false}, {"door": "door_east", "open": false},
      {"drag_door": "door_west", "to": [[15, 11], [16, 12.5]], "frames": 5},
      {"drag_door": "door_east", "to": [[27, 6], [28.5, 6]], "frames": 5},
      {"door": "door_east", "open": true},
      {"drag_door": "door_west", "to": [[10, 5], [10, 7]], "frames": 3}, {"camera": "fit"}])");
  const json& s = r.state;
  const json& t = s["doors"]["tile_cache"];
  EXPECT_GE(t["changes"].get<int>(), 10);
  EXPECT_EQ(t["equals_full_conversion"], true);
  EXPECT_EQ(t["polygons"], t["full_conversion_polygons"]);

  // A tile cache baked here from scratch, from the scene file with the doors where the drags left them,
  // gives the same polygons as the tiles the drags rebuilt one by one.
  auto scene = load_scene(scene_path("default.json"));
  ASSERT_TRUE(scene) << scene.error();
  for (const json& d : s["doors"]["doors"])
    for (Door& door : scene->doors)
      if (door.id == d["id"]) {
        const json& p = d["shape"];
        door.shape[0].plane = {p[0][0].get<double>(), p[0][1].get<double>()};
        door.shape[1].plane = {p[1][0].get<double>(), p[1][1].get<double>()};
      }
  auto cache = TileCache::build(scene.value());
  ASSERT_TRUE(cache) << cache.error();
  EXPECT_EQ(t["polygons"].get<size_t>(), cache.value()->full_conversion().mesh.polys.size());
  EXPECT_EQ(s["status"], "complete");
  EXPECT_GT(path_hits(r.img, s["path"], r.camera()), 0.9);
}

// The spawn verdicts follow the closed door: dragged onto the safe target (20, 11.8), the door's polygons
// hold the target and are closed, so no candidate can be connected to it; dragged back into its doorway, P1 is accepted
// again.
const json& candidate(const json& state, const std::string& name) {
  for (const json& c : state["spawn"])
    if (c["name"] == name) return c;
  static const json none;
  return none;
}

TEST(AppDoorsTiles, SpawnVerdictsFollowTheClosedDoorWhereverItIsDragged) {
  const ScriptRun onto = run_script("tiles_spawn_onto", R"([{"tile_cache": true}, {"door": "door_west", "open": false},
      {"drag_door": "door_west", "to": [[20, 10.2], [20, 13.4]], "frames": 6}, {"frames": 1}])");
  EXPECT_EQ(candidate(onto.state, "P1")["accepted"], false);
  EXPECT_EQ(candidate(onto.state, "P1")["checks"]["connectivity"], "failed");
  const ScriptRun back = run_script("tiles_spawn_back", R"([{"tile_cache": true}, {"door": "door_west", "open": false},
      {"drag_door": "door_west", "to": [[20, 10.2], [20, 13.4]], "frames": 6}, {"frames": 1},
      {"drag_door": "door_west", "to": [[5.0, 9.8], [7.5, 9.8]], "frames": 6}, {"frames": 1}])");
  EXPECT_EQ(candidate(back.state, "P1")["accepted"], true);
  EXPECT_EQ(candidate(back.state, "P1")["checks"]["connectivity"], "passed");
}

TEST(AppDoorsTiles, TheFollowerRunsOnATileCacheOfItsOwn) {
  const ScriptRun r = run_script("tiles_sim", R"([{"tile_cache": true}, {"simulate": 1},
      {"door": "door_east", "open": false}, {"simulate": 120}, {"camera": "fit"}])");
  const json& s = r.state;
  const json& sim = s["doors"]["sim"];
  EXPECT_EQ(sim["tile_cache"], true);
  ASSERT_GE(sim["replans"].size(), 1u) << sim;
  EXPECT_EQ(sim["outcome"], "arrived");
  // Closing a door rebuilds no tile, on screen or in the simulation's cache.
  EXPECT_EQ(s["doors"]["tile_cache"]["equals_full_conversion"], true);
  EXPECT_EQ(s["doors"]["tile_cache"]["changes"], 0);
}

}  // namespace
}  // namespace navlab::test

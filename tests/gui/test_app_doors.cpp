// The doors panel, door/blocker dragging and the follower animation in scripted app runs: the printed
// state (corridor version, read set, re-plan log, simulation) and the PNG the run writes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

constexpr Rgb kAgent{90, 170, 255};  // the simulated agent's colour
constexpr Rgb kClosed{230, 60, 60};  // a closed door

// Fraction of the pixels within `radius` px of (x, y) that have the agent's colour (its disc is opaque).
double agent_fill(const Image& img, double x, double y, int radius) {
  int n = 0, hits = 0;
  for (int dy = -radius; dy <= radius; ++dy)
    for (int dx = -radius; dx <= radius; ++dx) {
      const int xx = int(std::lround(x)) + dx, yy = int(std::lround(y)) + dy;
      if (dx * dx + dy * dy > radius * radius || xx < 0 || yy < 0 || xx >= img.w || yy >= img.h) continue;
      const unsigned char* p = img.at(xx, yy);
      ++n;
      hits += std::abs(p[0] - kAgent.r) < 12 && std::abs(p[1] - kAgent.g) < 12 && std::abs(p[2] - kAgent.b) < 12;
    }
  return n > 0 ? double(hits) / n : 0.0;
}

// Fraction of samples along the printed path where the path colour is drawn (`offset_px` sideways).
double path_hits(const ScriptRun& run, double offset_px = 0.0) {
  return path_hits(run.img, run.state["path"], run.camera(), offset_px);
}

bool reads_door(const json& state, const std::string& id) {
  for (const json& d : state["doors"]["reads"]["doors"])
    if (d == id) return true;
  return false;
}

// The door whose connections the default query's plan crosses, and the other one.
struct Doors {
  std::string used, other;
};

Doors default_doors(const json& state) {
  if (reads_door(state, "door_east")) return {"door_east", "door_west"};
  return {"door_west", "door_east"};
}

TEST(AppDoors, ClosingTheDoorThePlanReadsReplansWithTheNextVersion) {
  const ScriptRun before = run_script("doors_before", R"([{"camera": "fit"}])");
  const json& s0 = before.state;
  ASSERT_EQ(s0["status"], "complete");
  EXPECT_EQ(s0["doors"]["version"], 1);
  ASSERT_TRUE(reads_door(s0, "door_east") != reads_door(s0, "door_west"))
      << "the default query should cross exactly one of the two corridor doors: " << s0["doors"]["reads"];
  const Doors d = default_doors(s0);
  EXPECT_GT(path_hits(before), 0.9);

  const ScriptRun after =
      run_script("doors_close", R"([{"door": ")" + d.used + R"(", "open": false}, {"camera": "fit"}])");
  const json& s1 = after.state;
  EXPECT_EQ(s1["status"], "complete");  // the other door is open: a detour exists
  EXPECT_EQ(s1["doors"]["version"], 2);
  EXPECT_EQ(door(s1, d.used)["open"], false);
  // The detour reads the door it goes round (its search was refused there: opening it may shorten the
  // plan) as well as the door it crosses.
  EXPECT_TRUE(reads_door(s1, d.used));
  EXPECT_TRUE(reads_door(s1, d.other));
  EXPECT_NE(s1["path"], s0["path"]);
  const json& entry = s1["doors"]["log"].back();
  EXPECT_EQ(entry["version"], 2);
  EXPECT_EQ(entry["replanned"], true);
  EXPECT_EQ(entry["cause"], "door_closed");
  const std::string text = entry["text"];
  EXPECT_EQ(text.rfind("v2: " + d.used + " closed - touched the corridor's read set", 0), 0u) << text;
  EXPECT_NE(text.find("connection "), std::string::npos) << text;

  // The picture shows the new path, not the old one, and the door drawn closed.
  EXPECT_GT(path_hits(after), 0.9);
  EXPECT_LT(path_hits(after, 25.0), 0.3);
  const Camera cam = after.camera();
  const json& seg = door(s1, d.used)["shape"];
  double mx, my;
  cam.project((seg[0][0].get<double>() + seg[1][0].get<double>()) / 2,
              (seg[0][1].get<double>() + seg[1][1].get<double>()) / 2, &mx, &my);
  EXPECT_TRUE(colour_near(after.img, mx, my, kClosed, 3));
  EXPECT_FALSE(colour_near(before.img, mx, my, kClosed, 3));
}

TEST(AppDoors, ChangesOutsideTheReadSetKeepThePlanUntilTheDroppedDoorIsBakedAgain) {
  const ScriptRun base = run_script("outside_base", R"([{"camera": "fit"}])");
  const Doors d = default_doors(base.state);
  // Close the door the plan does not use, then drag it along the hall wall: neither touches the plan.
  // Dropping it bakes the mesh again with the door's footprint there: every polygon number changes, so
  // the plan runs again (the next version) and finds the same path.
  const ScriptRun r = run_script("outside", R"([{"door": ")" + d.other + R"(", "open": false},
      {"drag_door": ")" + d.other + R"(", "to": [[1, 9.8], [3.5, 9.8]], "frames": 6}, {"camera": "fit"}])");
  const json& s = r.state;
  EXPECT_EQ(s["doors"]["version"], 2);
  EXPECT_EQ(s["path"], base.state["path"]);
  const json& log = s["doors"]["log"];
  ASSERT_GE(log.size(), 4u);  // first plan, the close, the move (one entry for the whole drag), the drop
  EXPECT_EQ(log[log.size() - 3]["cause"], "door_closed");
  EXPECT_EQ(log[log.size() - 3]["replanned"], false);
  EXPECT_EQ(log[log.size() - 2]["cause"], "door_moved");
  EXPECT_EQ(log[log.size() - 2]["replanned"], false);
  const std::string moved = log[log.size() - 2]["text"];
  EXPECT_EQ(moved.rfind(d.other + " moved - outside the read set, plan kept (v1)", 0), 0u) << moved;
  EXPECT_EQ(log.back()["cause"], "mesh_rebaked");
  EXPECT_EQ(log.back()["replanned"], true);
  const std::string dropped = log.back()["text"];
  EXPECT_EQ(dropped.rfind("v2: " + d.other + " moved - the mesh was baked again (", 0), 0u) << dropped;
  EXPECT_EQ(door(s, d.other)["shape"][0], json::array({1.0, 9.8}));
  EXPECT_GT(path_hits(r), 0.9);
  // The drop was baked on the bake's worker thread (the app kept drawing), once, and it is over; the
  // viewport drew the new mesh with the shapes built there, and the drag says what that frame cost.
  EXPECT_EQ(s["bake"]["started"], 1);
  EXPECT_EQ(s["bake"]["running"], false);
  EXPECT_EQ(s["bake"]["last"], "baked");
  EXPECT_EQ(s["bake"]["mesh_shapes"]["taken_from_bake"], 1) << s["bake"].dump();
  EXPECT_EQ(s["bake"]["mesh_shapes"]["built_by_viewport"], 1) << "only the loaded mesh's";
  EXPECT_GT(s["doors"]["drag"]["arrival_frame_cpu_ms"].get<double>(), 0.0);
  EXPECT_GT(s["doors"]["drag"]["after_arrival_frame_cpu_ms"].get<double>(), 0.0);
}

// A door segment (script JSON) through the middle portal of the default scene's query 0, across it,
// 1.5 m each side: the plan's own portals tell where the corridor is. "" when the plan has too few.
std::string across_middle_portal() {
  const RunResult plan = run_navlab("plan '" + scene_path("default.json") + "' --query 0");
  if (plan.exit_code != 0) return "";
  const json portals = json::parse(plan.out)["results"][0]["portals"];
  if (portals.size() < 3) return "";
  const json& p = portals[portals.size() / 2];
  const double lx = p[0][0], ly = p[0][1], rx = p[1][0], ry = p[1][1];
  const double mx = (lx + rx) / 2, my = (ly + ry) / 2, len = std::hypot(rx - lx, ry - ly);
  if (!(len > 0.1)) return "";
  const double ux = (rx - lx) / len, uy = (ry - ly) / len;
  char to[160];
  std::snprintf(to, sizeof to, "[[%.4f, %.4f], [%.4f, %.4f]]", mx - uy * 1.5, my + ux * 1.5, mx + uy * 1.5,
                my - ux * 1.5);
  return to;
}

// Closes the door the plan does not use and drags it onto the corridor's middle portal in `frames`.
ScriptRun drag_other_across(const Doors& d, const std::string& name, int frames) {
  const std::string to = across_middle_portal();
  EXPECT_FALSE(to.empty()) << "the default query has too few portals";
  return run_script(name, R"([{"door": ")" + d.other + R"(", "open": false},
      {"drag_door": ")" + d.other +
                              R"(", "to": )" + (to.empty() ? "[[0, 0], [0, 0]]" : to) + R"(, "frames": )" +
                              std::to_string(frames) + R"(}, {"camera": "fit"}])");
}

TEST(AppDoors, ADoorDroppedOnTheCorridorGatesItByItsShapeUntilItIsBakedThere) {
  // The closed door the plan does not use, dropped across the corridor's middle portal: the drop
  // re-plans round it at once (the old mesh, the edges its segment covers), then the bake of its new
  // footprint returns and the plan runs again on the new mesh.
  const ScriptRun base = run_script("drop_base", R"([{"camera": "fit"}])");
  const Doors d = default_doors(base.state);
  const ScriptRun r = drag_other_across(d, "drop_across", 1);
  const json& log = r.state["doors"]["log"];
  ASSERT_GE(log.size(), 3u);
  const json& moved = log[log.size() - 2];
  EXPECT_EQ(moved["cause"], "door_moved");
  EXPECT_EQ(moved["replanned"], true);
  const std::string text = moved["text"];
  EXPECT_NE(text.find(d.other + " moved - touched the corridor's read set (connection "), std::string::npos) << text;
  EXPECT_EQ(log.back()["cause"], "mesh_rebaked");
  EXPECT_EQ(log.back()["replanned"], true);
  EXPECT_EQ(log.back()["version"].get<int>(), moved["version"].get<int>() + 1);
  EXPECT_EQ(r.state["bake"]["started"], 1);
  EXPECT_EQ(r.state["status"], "complete");
  EXPECT_NE(r.state["path"], base.state["path"]);
}

TEST(AppDoors, DraggingAClosedDoorAcrossTheCorridorReplansLive) {
  // The closed door is dragged onto a portal of the corridor.
  const ScriptRun base = run_script("drag_base", R"([{"camera": "fit"}])");
  const Doors d = default_doors(base.state);
  const ScriptRun r = drag_other_across(d, "drag_across", 8);
  const json& s = r.state;
  EXPECT_GE(s["doors"]["version"].get<int>(), 2);
  EXPECT_NE(s["path"], base.state["path"]);
  bool moved_replan = false;
  for (const json& e : s["doors"]["log"])
    if (e["cause"] == "door_moved" && e["replanned"] == true) {
      moved_replan = true;
      const std::string text = e["text"];
      EXPECT_NE(text.find(d.other + " moved - touched the corridor's read set (connection "), std::string::npos)
          << text;
    }
  EXPECT_TRUE(moved_replan) << s["doors"]["log"];
  EXPECT_GT(s["doors"]["doors"][d.other == "door_west" ? 0 : 1]["covers"].get<int>(), 0);
  EXPECT_EQ(s["status"], "complete");  // the hall is wide: the plan goes round the door
  EXPECT_GT(path_hits(r), 0.9);
}

TEST(AppDoors, ADragReplansLiveAndTheReleaseAddsTheShortestPathAndChannel) {
  // With the tile cache, each move of a closed door dragged across the corridor rebuilds its tiles and
  // re-plans live: the pipeline only. The release (at the last point of the drag, so it changes nothing)
  // runs the shortest path and the channel of that plan.
  const std::string drag = R"([{"tile_cache": true}, {"frames": 2}, {"door": "door_west", "open": false},
      {"mouse": [6.25, 9.8], "down": false}, {"mouse": [6.25, 9.8], "down": true},
      {"mouse": [6.25, 12], "down": true}, {"mouse": [6.25, 15], "down": true}, {"mouse": [6.25, 18], "down": true})";
  const ScriptRun held = run_script("drag_held", drag + "]");
  const ScriptRun released = run_script("drag_released", drag + R"(, {"mouse": [6.25, 18], "down": false}])");
  int live = 0;
  for (const json& e : held.state["doors"]["log"])
    if (e["cause"] == "tiles_rebuilt" && e["replanned"] == true) {
      ++live;
      EXPECT_GT(e["replan_ms"].get<double>(), 0.0);
      EXPECT_NE(e["text"].get<std::string>().find(" (re-plan "), std::string::npos) << e["text"];
    }
  EXPECT_GE(live, 2) << held.state["doors"]["log"];
  // Held: the plan on screen is the live one, without its shortest path and channel.
  EXPECT_EQ(held.state["status"], "complete");
  EXPECT_EQ(held.state["optimal"]["length"], 0.0);
  EXPECT_TRUE(held.state["channel"].is_null());
  // Released: the same plan (same path, same version), now with both, and their steps on the timeline.
  EXPECT_EQ(released.state["path"], held.state["path"]);
  EXPECT_EQ(released.state["doors"]["version"], held.state["doors"]["version"]);
  EXPECT_GT(released.state["optimal"]["length"].get<double>(), 0.0);
  EXPECT_TRUE(released.state["channel"].is_object());
  EXPECT_GT(released.state["steps"].get<int>(), held.state["steps"].get<int>());
}

TEST(AppDoors, AScriptedDragReportsWhatItsFramesAndReplansCost) {
  const ScriptRun r = run_script("drag_stats", R"([{"tile_cache": true}, {"door": "door_west", "open": false},
      {"drag_door": "door_west", "to": [[20, 10], [20, 13.5]], "frames": 4}])");
  const json& d = r.state["doors"]["drag"];
  EXPECT_EQ(d["frames"], 4);
  EXPECT_GE(d["replans"].get<int>(), 1);
  EXPECT_GT(d["replan_ms_mean"].get<double>(), 0.0);
  EXPECT_GE(d["replan_ms_max"].get<double>(), d["replan_ms_mean"].get<double>());
  EXPECT_GT(d["frame_cpu_ms_mean"].get<double>(), 0.0);
  EXPECT_GE(d["frame_cpu_ms_max"].get<double>(), d["frame_cpu_ms_mean"].get<double>());
  EXPECT_EQ(d["arrival_frame_cpu_ms"], -1.0) << "the tile cache rebuilds on the UI thread: no bake arrives";
}

TEST(AppDoors, TheAgentAnimationMovesTheAgent) {
  const ScriptRun r = run_script("sim", R"([{"simulate": 3}, {"camera": "fit"}])");
  const json& sim = r.state["doors"]["sim"];
  ASSERT_EQ(sim["valid"], true) << sim;
  EXPECT_EQ(sim["outcome"], "arrived");
  ASSERT_TRUE(sim.contains("step"));
  EXPECT_NEAR(sim["step"]["t"].get<double>(), 3.0, 0.051);
  const json& start = r.state["path"][0];
  const double px = sim["step"]["pos"][0], py = sim["step"]["pos"][1];
  const double moved = std::hypot(px - start[0].get<double>(), py - start[1].get<double>());
  EXPECT_GT(moved, 1.0);
  EXPECT_EQ(sim["step"]["state"], "following");
  // The agent is drawn where the step says, and not at the start any more.
  const Camera cam = r.camera();
  double ax, ay, sx, sy;
  cam.project(px, py, &ax, &ay);
  EXPECT_GT(agent_fill(r.img, ax, ay, 3), 0.9);

  // Later in the run the agent is further along.
  const ScriptRun later = run_script("sim_later", R"([{"simulate": 3}, {"simulate": 3}, {"camera": "fit"}])");
  const json& step2 = later.state["doors"]["sim"]["step"];
  EXPECT_NEAR(step2["t"].get<double>(), 6.0, 0.051);
  EXPECT_GT(std::hypot(step2["pos"][0].get<double>() - start[0].get<double>(),
                       step2["pos"][1].get<double>() - start[1].get<double>()),
            moved);
  // Drawn at its new place and no longer at the start.
  const Camera cam2 = later.camera();
  cam2.project(step2["pos"][0].get<double>(), step2["pos"][1].get<double>(), &ax, &ay);
  cam2.project(start[0].get<double>(), start[1].get<double>(), &sx, &sy);
  ASSERT_GT(std::hypot(ax - sx, ay - sy), 30.0);
  EXPECT_GT(agent_fill(later.img, ax, ay, 3), 0.9);
  EXPECT_LT(agent_fill(later.img, sx, sy, 3), 0.2);
}

TEST(AppDoors, ClosingTheDoorWhileTheAgentWalksMakesTheFollowerReplan) {
  const ScriptRun base = run_script("walk_base", R"([{"frames": 1}])");
  const Doors d = default_doors(base.state);
  const ScriptRun r = run_script("walk_close", R"([{"simulate": 1}, {"door": ")" + d.used +
                                                   R"(", "open": false}, {"simulate": 120}, {"camera": "fit"}])");
  const json& sim = r.state["doors"]["sim"];
  EXPECT_EQ(sim["events"], 1);
  ASSERT_GE(sim["replans"].size(), 1u) << sim;
  EXPECT_EQ(sim["replans"][0]["cause"], "door_closed");
  EXPECT_GE(sim["replans"][0]["t"].get<double>(), 1.0);
  EXPECT_EQ(sim["outcome"], "arrived");
  EXPECT_EQ(sim["step"]["corridor_version"], sim["replans"].back()["version"]);
}

TEST(AppDoors, ADoorDroppedWhileTheAgentWalksIsBakedByAFollowerRunOffTheUIThread) {
  // At t 1 s the door the plan does not use is dragged along the hall wall and dropped there. Each drag
  // frame's move replaces the one before at the same time (one event); the follower bakes the mesh
  // again for it in a run on its own thread, while the app draws on; a move during a run queues one
  // more run, so fewer runs start than frames are drawn, and the last one has the door where it was
  // dropped.
  const ScriptRun base = run_script("walk_drop_base", R"([{"frames": 1}])");
  const Doors d = default_doors(base.state);
  // The script waits for the app's own bake of the drop; the goal moved once the agent is there starts
  // one more run.
  const ScriptRun r = run_script("walk_drop", R"([{"simulate": 1}, {"door": ")" + d.other + R"(", "open": false},
      {"drag_door": ")" + d.other + R"(", "to": [[1, 9.8], [3.5, 9.8]], "frames": 6}, {"simulate": 120},
      {"goal": [36, 2.5]}, {"simulate": 120}, {"camera": "fit"}])");
  const json& sim = r.state["doors"]["sim"];
  ASSERT_EQ(sim["valid"], true) << sim;
  EXPECT_EQ(sim["events"], 3);  // the close, the move and the goal
  EXPECT_EQ(sim["last_run_on_ui_thread"], false);
  EXPECT_GE(sim["runs"].get<int>(), 3);  // the first run, the close, at least one for the drag
  EXPECT_LE(sim["runs"].get<int>(), 2 + 6 + 1);
  // The runs share one copy of the mesh, not one each, and it is the mesh the simulation started on: the
  // app's bake of the drop, which arrived before the goal's run, is not copied for it.
  EXPECT_EQ(sim["mesh_copies"], 1) << sim["runs"];
  EXPECT_EQ(sim["outcome"], "arrived");
  bool rebaked = false;  // the follower heard of the drop as a new mesh
  for (const json& p : sim["replans"]) rebaked = rebaked || p["cause"] == "mesh_rebaked";
  EXPECT_TRUE(rebaked) << sim["replans"];
  EXPECT_EQ(door(r.state, d.other)["shape"][0], json::array({1.0, 9.8}));
}

TEST(AppDoors, MovingTheGoalWhileTheAgentWalksMakesTheFollowerReplanThere) {
  // The default query runs from the west office (3, 22) to the hall (37, 2.5); at t 1 s the goal moves
  // to the west end of the hall. The simulation goes on (one event, not a restart) and ends there.
  const ScriptRun r =
      run_script("walk_goal", R"([{"simulate": 1}, {"goal": [3, 3]}, {"simulate": 120}, {"camera": "fit"}])");
  const json& sim = r.state["doors"]["sim"];
  EXPECT_EQ(sim["events"], 1);
  ASSERT_EQ(sim["replans"].size(), 1u) << sim;
  EXPECT_EQ(sim["replans"][0]["cause"], "goal_moved");
  EXPECT_GE(sim["replans"][0]["t"].get<double>(), 1.0);
  EXPECT_EQ(sim["outcome"], "arrived");
  const json& pos = sim["step"]["pos"];
  EXPECT_LE(std::hypot(pos[0].get<double>() - 3.0, pos[1].get<double>() - 3.0), 0.1 + 1e-9) << pos;
  EXPECT_EQ(r.state["doors"]["log"].back()["cause"], "goal_moved");
}

TEST(AppDoors, DraggingABlockerNeverReplans) {
  const ScriptRun r = run_script("blocker",
                                 R"([{"simulate": 0.5}, {"drag_blocker": "crate", "to": [12, 1.5], "frames": 5},
                               {"simulate": 60}, {"camera": "fit"}])",
                                 "blocker_corridor.json");
  const json& s = r.state;
  EXPECT_EQ(s["doors"]["version"], 1);
  EXPECT_EQ(s["doors"]["blockers"][0]["center"], json::array({12.0, 1.5}));
  EXPECT_EQ(s["doors"]["log"].back()["cause"], "blocker_moved");
  EXPECT_EQ(s["doors"]["log"].back()["replanned"], false);
  EXPECT_TRUE(s["doors"]["sim"]["replans"].empty());
  EXPECT_EQ(s["doors"]["sim"]["outcome"], "arrived");
  // The blocker's outline is drawn round its new place, not round the old one.
  const Camera cam = r.camera();
  auto ring_hits = [&](double cx, double cy) {
    int hits = 0;
    for (int i = 0; i < 16; ++i) {
      double x, y;
      cam.project(cx + 0.5 * std::cos(i * 0.3927), cy + 0.5 * std::sin(i * 0.3927), &x, &y);
      hits += colour_near(r.img, x, y, Rgb{240, 150, 60}, 2);
    }
    return hits;
  };
  EXPECT_GE(ring_hits(12.0, 1.5), 12);
  EXPECT_LE(ring_hits(10.0, 2.0), 4);
}

TEST(AppScript, PanelsCanBeClosed) {
  const ScriptRun open = run_script("panels_open", R"([{"frames": 1}])", "default.json", "window");
  const ScriptRun closed =
      run_script("panels_closed", R"([{"panel": "doors", "open": false}, {"panel": "scene", "open": false}])",
                 "default.json", "window");
  EXPECT_EQ(open.state["doors"]["panel_open"], true);
  EXPECT_EQ(closed.state["doors"]["panel_open"], false);
  // The left column changes when the scene panel (its first section) is gone.
  ASSERT_EQ(open.img.px.size(), closed.img.px.size());
  int differing = 0;
  for (int y = 40; y < open.img.h; ++y)
    for (int x = 0; x < 300; ++x) differing += std::abs(open.img.at(x, y)[0] - closed.img.at(x, y)[0]) > 30;
  EXPECT_GT(differing, 500);
  // A bare {"open": false} is an error, not a scene to open.
  const std::string script = write_file("open_false.json", R"([{"open": false}])");
  const RunResult bad = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("needs a file name"), std::string::npos) << bad.err;
}

// Every side panel closes by its name (the spawn panel too): with all ten closed the left column gives
// its room to the map; an unknown name is an error that names it.
TEST(AppScript, EverySidePanelClosesByItsName) {
  std::string script = "[";
  for (const char* name : {"scene", "search", "funnel", "agent", "failure", "spawn", "doors", "bake", "links", "areas"})
    script += std::string(script.size() > 1 ? ", " : "") + R"({"panel": ")" + name + R"(", "open": false})";
  const ScriptRun closed = run_script("panels_all_closed", script + "]", "default.json");
  ASSERT_EQ(closed.exit_code, 0) << closed.err;
  EXPECT_TRUE(closed.state["layout"]["left"].is_null()) << closed.state["layout"].dump();  // [x, y, w, h] or null
  const ScriptRun one_open = run_script("panels_spawn_open", script + R"(, {"panel": "spawn"}])", "default.json");
  ASSERT_EQ(one_open.exit_code, 0) << one_open.err;
  ASSERT_TRUE(one_open.state["layout"]["left"].is_array()) << one_open.state["layout"].dump();
  EXPECT_GT(one_open.state["layout"]["left"][2].get<double>(), 0.0);
  const std::string bad_script = write_file("panel_unknown.json", R"([{"panel": "lighting", "open": false}])");
  const RunResult bad = run_navlab("'" + scene_path("default.json") + "' --script '" + bad_script + "'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown panel 'lighting'"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace navlab::test

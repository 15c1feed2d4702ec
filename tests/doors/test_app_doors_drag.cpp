// A closed door dragged out of its doorway in the app: the plan that went round it re-plans while the
// door is dragged (not only once it is dropped and baked again), wherever the door goes. And the
// simulation, with the channel shown, follows the channel's spline and reports its updates.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

json final_state(const std::string& out) {
  const size_t start = out.rfind("\n{");
  return json::parse(start == std::string::npos ? out : out.substr(start + 1), nullptr, false);
}

json run_state(const std::string& scene, const std::string& name, const json& actions) {
  const std::string script = temp_dir() + "/" + name + ".json";
  write_text(script, json{{"capture", "viewport"}, {"actions", actions}}.dump());
  const RunResult r = run_navlab("'" + scene_path(scene) + "' --script '" + script + "' --screenshot '" + temp_dir() +
                                 "/" + name + ".png' --size 640x480");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json state = final_state(r.out);
  EXPECT_FALSE(state.is_discarded()) << r.out;
  return state;
}

double polyline_length(const json& path) {
  double len = 0.0;
  for (size_t i = 1; i < path.size(); ++i)
    len += std::hypot(path[i][0].get<double>() - path[i - 1][0].get<double>(),
                      path[i][1].get<double>() - path[i - 1][1].get<double>());
  return len;
}

// doors_balcony: door1 gates the Hall/Door edge of the short route from (1, 1.5) to (7, 1.5), 6 m in a
// straight line; closed, the plan goes round by the balcony (11.28 m). The hand-authored mesh is never
// baked: a door gates the edges its shape crosses, so only the drag can re-plan.
TEST(AppDoorsDrag, AClosedDoorDraggedOutOfItsDoorwayReplansToTheShortRoute) {
  if (navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const json closed =
      run_state("doors_balcony.json", "drag_closed", json::array({{{"door", "door1"}, {"open", false}}}));
  ASSERT_FALSE(closed.is_discarded());
  EXPECT_GT(polyline_length(closed["path"]), 11.0) << closed["path"];  // round by the balcony

  // Dropped in the middle of the balcony, where it gates no edge; on the way it crosses none either.
  for (const int frames : {1, 6}) {
    const json r = run_state("doors_balcony.json", "drag_out_" + std::to_string(frames),
                             json::array({{{"door", "door1"}, {"open", false}},
                                          {{"drag_door", "door1"}, {"to", {{7, 5.5}, {7, 6.5}}}, {"frames", frames}}}));
    ASSERT_FALSE(r.is_discarded());
    EXPECT_NEAR(polyline_length(r["path"]), 6.0, 1e-9) << frames << " frames: " << r["path"];
    const json& log = r["doors"]["log"];
    bool replanned = false;
    for (const json& e : log)
      if (e["cause"] == "door_moved" && e["replanned"].get<bool>()) {
        replanned = true;
        EXPECT_NE(e["text"].get<std::string>().find("moved off it"), std::string::npos) << e["text"];
      }
    EXPECT_TRUE(replanned) << log.dump(1);
  }
}

// door_inside_polygon: door1 is baked as polygons of its own across the north corridor; closed, the plan
// goes round by the south corridor. Dragged down into the block between the corridors, the door leaves
// its doorway before it is dropped: a live re-plan comes before the bake of the drop.
TEST(AppDoorsDrag, ABakedClosedDoorDraggedOutOfItsDoorwayReplansBeforeItIsBakedAgain) {
  if (navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const json r = run_state("door_inside_polygon.json", "drag_baked",
                           json::array({{{"door", "door1"}, {"open", false}},
                                        {{"drag_door", "door1"}, {"to", {{10, 4}, {10, 6}}}, {"frames", 6}}}));
  ASSERT_FALSE(r.is_discarded());
  const json& log = r["doors"]["log"];
  int live = -1, baked = -1;
  for (size_t i = 0; i < log.size(); ++i) {
    const std::string text = log[i]["text"];
    if (live < 0 && log[i]["cause"] == "door_moved" && log[i]["replanned"].get<bool>()) live = int(i);
    if (baked < 0 && text.find("baked again") != std::string::npos) baked = int(i);
  }
  ASSERT_GE(live, 0) << log.dump(1);
  ASSERT_GE(baked, 0) << log.dump(1);
  EXPECT_LT(live, baked) << log.dump(1);
  // After the drop, the straight north route from (1.5, 8.5) to (18.5, 8.5).
  EXPECT_NEAR(polyline_length(r["path"]), 17.0, 1e-9) << r["path"];
}

// guard_narrow_door_only with the channel shown: door1 closes at t 1.5 s of the simulation while the
// guard walks to it; the simulation follows the spline, frozen up to the door, then a failure.
TEST(AppDoorsDrag, TheSimulationWithTheChannelShownReportsItsSplineUpdates) {
  if (navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const json r = run_state(
      "guard_narrow_door_only.json", "sim_channel",
      json::array(
          {{{"channel", true}}, {{"simulate", 1.5}}, {{"door", "door1"}, {"open", false}}, {{"simulate", 30}}}));
  ASSERT_FALSE(r.is_discarded());
  const json& sim = r["doors"]["sim"];
  ASSERT_EQ(sim["valid"], true) << sim;
  EXPECT_EQ(sim["smoothing"], "channel");
  EXPECT_EQ(sim["outcome"], "failed");
  ASSERT_EQ(sim["spline_updates"].size(), 3u) << sim["spline_updates"];
  EXPECT_EQ(sim["spline_updates"][0]["spline_mode"], "optimal");
  EXPECT_EQ(sim["spline_updates"][1]["spline_mode"], "frozen");
  EXPECT_NEAR(sim["spline_updates"][1]["t"].get<double>(), 1.5, 1e-9);
  EXPECT_EQ(sim["spline_updates"][2]["spline_mode"], "failure");
  EXPECT_EQ(sim["step"]["spline_mode"], "failure");
  // Without the channel shown, the same events run on the arcs: no spline.
  const json arcs =
      run_state("guard_narrow_door_only.json", "sim_arcs",
                json::array({{{"simulate", 1.5}}, {{"door", "door1"}, {"open", false}}, {{"simulate", 30}}}));
  EXPECT_EQ(arcs["doors"]["sim"]["smoothing"], "arcs");
  EXPECT_TRUE(arcs["doors"]["sim"]["spline_updates"].empty());
  EXPECT_FALSE(arcs["doors"]["sim"]["step"].contains("spline_mode"));
}

}  // namespace
}  // namespace navlab::test

// The app's side view of scenes/sidescroller.json, checked headless: a scripted run shows a tick with
// every enemy's state and sentence, draws the solids, bodies and player where the printed canvas
// mapping puts them, and a moved player changes what the chaser does (the run is recomputed).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

const Rgb kSolid{120, 128, 140}, kMovingFill{70, 130, 230}, kPlayerColour{60, 240, 120};

// Plane point -> window pixel with the canvas mapping the app printed.
void project(const json& side, double x, double y, double* px, double* py) {
  const json& c = side["canvas"];
  const double scale = c["scale"].get<double>();
  *px = c["x"].get<double>() + (x - c["lo"][0].get<double>()) * scale;
  *py = c["y"].get<double>() + c["height"].get<double>() - (y - c["lo"][1].get<double>()) * scale;
}

TEST(AppSide, ATickShowsEveryEnemyWithItsSentenceWhereTheRecordsPutThem) {
  use_display();
  const ScriptRun r = run_script("side_tick", R"([{"side_tick": 100}, {"frames": 1}])", "sidescroller.json", "window");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(r.img.ok());
  const json& side = r.state["side"];
  ASSERT_TRUE(side.is_object()) << r.state.dump();
  EXPECT_EQ(r.state["error"], "");
  EXPECT_EQ(side["tick"], 100);
  EXPECT_DOUBLE_EQ(side["t"].get<double>(), 5.0);
  ASSERT_EQ(side["enemies"].size(), 7u);
  // The chaser (0.125 m per tick) caught the player at x = 22.5; the player jumped away at t = 4 s
  // (tick 81): 20 ticks later it is 2.5 m further left, still chasing.
  const json& chaser = side["enemies"][3];
  EXPECT_EQ(chaser["id"], "chaser");
  EXPECT_EQ(chaser["state"], "chasing");
  EXPECT_EQ(chaser["pos"], json::array({20.0, 1.0}));
  EXPECT_EQ(chaser["caption"], "t 5 s: chaser at (20, 1) chases the player at (6, 1).");
  double x = 0, y = 0;
  project(side, 20.0, 1.5, &x, &y);  // the chaser's body, filled as moving
  EXPECT_TRUE(colour_near(r.img, x, y, kMovingFill, 3));
  project(side, 6.0, 0.5, &x, &y);  // inside the left ground
  EXPECT_TRUE(colour_near(r.img, x, y, kSolid, 2));
  project(side, 6.0, 1.0, &x, &y);  // the player since t = 4 s
  EXPECT_TRUE(colour_near(r.img, x, y, kPlayerColour, 3));
  project(side, 13.5, 0.5, &x, &y);  // the gap between the grounds: no solid there
  EXPECT_FALSE(colour_near(r.img, x, y, kSolid, 2));
}

TEST(AppSide, MovingThePlayerRerunsTheChase) {
  use_display();
  // At tick 20 (t = 1 s) the chaser has walked from 27 to 24.5 towards the player at 22. The player is
  // moved to x = 26 then: the chaser turns, walks 1 m right (8 ticks) to within 0.5 m and has caught it.
  const ScriptRun r = run_script("side_drag", R"([{"side_tick": 20}, {"side_player": [26, 1]}, {"side_tick": 60},
                                                 {"frames": 1}])",
                                 "sidescroller.json", "window");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json& chaser = r.state["side"]["enemies"][3];
  EXPECT_EQ(chaser["state"], "caught");
  EXPECT_EQ(chaser["pos"], json::array({25.5, 1.0}));
}

// The same move made with the mouse: press on the player at tick 20 (it stands at x = 22), drag it to
// x = 26, release. The drop becomes the same player event, so the chaser is caught at 25.5 as above.
TEST(AppSide, DraggingThePlayerWithTheMouseMovesIt) {
  use_display();
  const ScriptRun r = run_script("side_mouse", R"([{"side_tick": 20}, {"frames": 1},
      {"mouse": [22, 1], "down": false}, {"mouse": [22, 1], "down": true}, {"mouse": [24, 1], "down": true},
      {"mouse": [26, 1], "down": true}, {"mouse": [26, 1], "down": false}, {"side_tick": 60}, {"frames": 1}])",
                                 "sidescroller.json", "window");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json& chaser = r.state["side"]["enemies"][3];
  EXPECT_EQ(chaser["state"], "caught");
  EXPECT_EQ(chaser["pos"], json::array({25.5, 1.0}));
  // A press away from the player moves nothing: the chaser reaches the player where it was.
  const ScriptRun miss = run_script("side_mouse_miss", R"([{"side_tick": 20}, {"frames": 1},
      {"mouse": [18, 4], "down": true}, {"mouse": [26, 1], "down": true}, {"mouse": [26, 1], "down": false},
      {"side_tick": 60}, {"frames": 1}])",
                                    "sidescroller.json", "window");
  EXPECT_NE(miss.state["side"]["enemies"][3]["pos"], json::array({25.5, 1.0}));
}

TEST(AppSide, SideActionsNeedASideScrollerScene) {
  use_display();
  const std::string script = write_file("side_bad.json", R"([{"side_tick": 3}])");
  const RunResult r = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("side_* actions need a side-scroller scene"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace navlab::test

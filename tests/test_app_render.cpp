// The app's pictures, checked headless: `navlab render` and scripted runs write PNGs that are read back
// here with stb_image. The path colour must be found along the path as projected with the camera the
// command reports, and not beside it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

TEST(AppRender, DefaultSceneShowsThePathWhereThePlanPutsIt) {
  use_display();
  const std::string out = temp_dir() + "/default.png";
  const RunResult r = run_navlab("render '" + scene_path("default.json") + "' --out '" + out + "' --size 800x600");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json info = last_json_line(r.out);
  ASSERT_FALSE(info.is_discarded()) << r.out;
  const Image img = load_png(out);
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img.w, 800);
  EXPECT_EQ(img.h, 600);
  EXPECT_GT(distinct_colours(img), 50);  // not blank, not a flat fill

  const json& path = info["path"];
  ASSERT_GE(path.size(), 2u);
  EXPECT_EQ(info["status"], "complete");
  const Camera cam = camera_of(info, 800, 600);
  EXPECT_GT(path_hits(img, path, cam), 0.9);
  EXPECT_LT(path_hits(img, path, cam, 25.0), 0.3);  // beside the path: no path colour
  EXPECT_LT(path_hits(img, path, cam, -25.0), 0.3);
}

TEST(AppRender, SpawnVerdictRingsAreDrawnAsInTheApp) {
  use_display();
  const std::string out = temp_dir() + "/spawn_rings.png";
  const RunResult r = run_navlab("render '" + scene_path("default.json") + "' --out '" + out + "' --size 800x600");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Image img = load_png(out);
  ASSERT_TRUE(img.ok());
  const Camera cam = camera_of(last_json_line(r.out), 800, 600);
  const Rgb accepted{80, 220, 110}, rejected{240, 70, 70};  // the spawn panel's ring colours
  // P1 (4, 4) is accepted, P2 (20, 4.8) is rejected (projection); rings are 12 px in radius.
  double x = 0, y = 0;
  cam.project(4.0, 4.0, &x, &y);
  EXPECT_TRUE(colour_near(img, x - 12, y, accepted, 2));
  EXPECT_FALSE(colour_near(img, x - 12, y, rejected, 2));
  cam.project(20.0, 4.8, &x, &y);
  EXPECT_TRUE(colour_near(img, x - 12, y, rejected, 2));
  EXPECT_FALSE(colour_near(img, x - 12, y, accepted, 2));
}

TEST(AppRender, FunnelStepOneAndThreeDiffer) {
  use_display();
  const std::string a = temp_dir() + "/funnel1.png", b = temp_dir() + "/funnel3.png";
  const std::string scene = "'" + scene_path("default.json") + "'";
  const RunResult ra = run_navlab("render " + scene + " --out '" + a + "' --size 640x400 --step funnel:1");
  const RunResult rb = run_navlab("render " + scene + " --out '" + b + "' --size 640x400 --step funnel:3");
  ASSERT_EQ(ra.exit_code, 0) << ra.err;
  ASSERT_EQ(rb.exit_code, 0) << rb.err;
  const Image ia = load_png(a), ib = load_png(b);
  ASSERT_TRUE(ia.ok() && ib.ok());
  ASSERT_EQ(ia.px.size(), ib.px.size());
  int differing = 0;
  for (size_t i = 0; i < ia.px.size(); i += 4)
    differing += ia.px[i] != ib.px[i] || ia.px[i + 1] != ib.px[i + 1] || ia.px[i + 2] != ib.px[i + 2];
  EXPECT_GT(differing, 200);
  // The same step twice gives the same picture (rendering is deterministic).
  const std::string c = temp_dir() + "/funnel1b.png";
  ASSERT_EQ(run_navlab("render " + scene + " --out '" + c + "' --size 640x400 --step funnel:1").exit_code, 0);
  EXPECT_EQ(load_png(c).px, ia.px);
}

TEST(AppRender, StepBeyondTheTraceIsAUsageError) {
  use_display();
  const RunResult r = run_navlab("render '" + scene_path("default.json") + "' --out '" + temp_dir() +
                                 "/x.png' --step funnel:100000");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("funnel steps"), std::string::npos) << r.err;
  EXPECT_EQ(run_navlab("render '" + scene_path("default.json") + "' --out '" + temp_dir() + "/x.png' --step bogus:1")
                .exit_code,
            2);
}

TEST(AppScript, NewGoalDrawsTheNewPath) {
  use_display();
  const std::string script =
      write_file("goal.json", R"({"capture": "viewport", "actions": [{"goal": [33, 20]}, {"camera": "fit"}]})");
  const std::string shot = temp_dir() + "/goal.png";
  const RunResult r = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "' --screenshot '" +
                                 shot + "' --size 1100x760");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json state = last_json_line(r.out);
  ASSERT_FALSE(state.is_discarded()) << r.out;
  EXPECT_EQ(state["status"], "complete");
  const json& path = state["path"];
  ASSERT_GE(path.size(), 2u);
  EXPECT_NEAR(path.back()[0].get<double>(), 33.0, 1e-6);  // the path ends at the new goal
  EXPECT_NEAR(path.back()[1].get<double>(), 20.0, 1e-6);
  const Image img = load_png(shot);
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img.w, int(state["viewport"]["width"].get<double>()));
  const Camera cam = camera_of(state, img.w, img.h);
  EXPECT_GT(path_hits(img, path, cam), 0.9);
  EXPECT_LT(path_hits(img, path, cam, 25.0), 0.3);
}

TEST(AppScript, BadSceneKeepsThePreviousOne) {
  use_display();
  const std::string bad = write_file("bad.json", "{\"navlab\": 1, \"navmesh\": {\"vertices\": [[0, 0]], ");
  const std::string script = write_file(
      "bad_script.json", R"({"capture": "viewport", "actions": [{"open": ")" + bad + R"("}, {"frames": 2}]})");
  const std::string shot = temp_dir() + "/bad.png";
  const RunResult r = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "' --screenshot '" +
                                 shot + "' --size 1100x760");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json state = last_json_line(r.out);
  ASSERT_FALSE(state.is_discarded()) << r.out;
  EXPECT_EQ(state["scene"], scene_path("default.json"));  // still the scene it had
  EXPECT_NE(state["error"].get<std::string>().find("bad.json"), std::string::npos) << state["error"];
  EXPECT_EQ(state["status"], "complete");
  const Image img = load_png(shot);
  ASSERT_TRUE(img.ok());
  EXPECT_GT(path_hits(img, state["path"], camera_of(state, img.w, img.h)), 0.9);
}

}  // namespace
}  // namespace navlab::test

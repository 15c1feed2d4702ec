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
#include "meshes.h"
#include "paths.h"
#include "plan.h"

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

// The funnel step shown is drawn where the planner's record puts it: the portal end tested at that step
// gets a ring in its side's colour. Step 1 and a later step testing an end more than 1 m away are
// rendered; each picture has its own ring and not the other's.
TEST(AppRender, FunnelStepsDrawTheirOwnRecords) {
  use_display();
  const Loaded l = load("default.json");
  PlanTrace trace;
  const PlanResult plan_result = plan(l.scene, l.mesh, PlanRequest{l.scene.queries.at(0).start, l.scene.queries.at(0).goal, {}}, &trace);
  ASSERT_GE(trace.funnel.steps.size(), 3u);
  const FunnelStep& s1 = trace.funnel.steps[0];

  (void)plan_result;
  const Rgb left{80, 220, 120}, right{245, 85, 95};  // the theme's left and right colours
  auto colour = [&](const FunnelStep& s) { return s.side == FunnelSide::Left ? left : right; };
  const std::string scene = "'" + scene_path("default.json") + "'";
  auto render = [&](int n) {
    const std::string out = temp_dir() + "/funnel" + std::to_string(n) + ".png";
    const RunResult r = run_navlab("render " + scene + " --out '" + out + "' --size 640x400 --step funnel:" + std::to_string(n));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return std::make_pair(load_png(out), camera_of(last_json_line(r.out), 640, 400));
  };
  // The ring (10 px in radius) around the tested end: look at its leftmost and rightmost points.
  auto ring_at = [&](const Image& img, const Camera& cam, const FunnelStep& s) {
    double x = 0, y = 0;
    cam.project(s.point.x, s.point.y, &x, &y);
    return colour_near(img, x - 10, y, colour(s), 1) && colour_near(img, x + 10, y, colour(s), 1);
  };
  const auto [img1, cam1] = render(1);
  // A later step whose tested end lies more than 1 m from step 1's and inside the picture, below the
  // caption's two lines (the camera is the same for every step: it frames the scene).
  auto visible = [&, &cam = cam1](Vec2 p) {
    double x = 0, y = 0;
    cam.project(p.x, p.y, &x, &y);
    return x > 20 && x < 620 && y > 60 && y < 380;
  };
  size_t k = 1;
  while (k < trace.funnel.steps.size() &&
         (distance(s1.point, trace.funnel.steps[k].point) <= 1.0 || !visible(trace.funnel.steps[k].point)))
    ++k;
  ASSERT_LT(k, trace.funnel.steps.size()) << "the test needs two tested ends apart";
  ASSERT_TRUE(visible(s1.point));
  const FunnelStep& s3 = trace.funnel.steps[k];
  const int n3 = int(k) + 1;  // render --step counts from 1
  const auto [img3, cam3] = render(n3);
  ASSERT_TRUE(img1.ok() && img3.ok());
  EXPECT_TRUE(ring_at(img1, cam1, s1));
  EXPECT_TRUE(ring_at(img3, cam3, s3)) << "step " << n3 << " at " << s3.point.x << ", " << s3.point.y;
  EXPECT_FALSE(ring_at(img1, cam1, s3));
  EXPECT_FALSE(ring_at(img3, cam3, s1));
  // The same step twice gives the same picture (rendering is deterministic).
  EXPECT_EQ(render(1).first.px, img1.px);
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

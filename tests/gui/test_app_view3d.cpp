// The 3D view, headless: `navlab render --view 3d` and scripted runs on the two-floor level. The path's
// colour must be where the printed camera projects the path's corners on the surface, the level's lit
// faces must show in several shades, the picture must change with the orbit and the timeline step, be
// the same bytes twice, and a click must land on the floor the mouse is over.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

// The 3D camera the app prints: world point -> pixel, through its column-major view-projection matrix.
struct Camera3 {
  double m[16] = {};
  double w = 1, h = 1;
  bool project(double x, double y, double z, double* px, double* py) const {
    const double cx = m[0] * x + m[4] * y + m[8] * z + m[12];
    const double cy = m[1] * x + m[5] * y + m[9] * z + m[13];
    const double cw = m[3] * x + m[7] * y + m[11] * z + m[15];
    if (cw <= 0.0) return false;
    *px = (cx / cw + 1.0) * 0.5 * w;
    *py = (1.0 - cy / cw) * 0.5 * h;
    return true;
  }
};

Camera3 camera3_of(const json& orbit, double w, double h) {
  Camera3 c;
  for (int i = 0; i < 16; ++i) c.m[i] = orbit["view_proj"][size_t(i)].get<double>();
  c.w = w;
  c.h = h;
  return c;
}

struct Render {
  RunResult run;
  json info;
  Image img;
  std::string file;
};

Render render(const std::string& scene, const std::string& name, const std::string& extra) {
  use_display();
  Render r;
  r.file = temp_dir() + "/" + name + ".png";
  r.run = run_navlab("render '" + scene_path(scene) + "' --out '" + r.file + "' --size 800x560 " + extra);
  r.info = last_json_line(r.run.out);
  r.img = load_png(r.file);
  return r;
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The level's unwalkable faces: View3D's colour (150, 112, 96) times the light (0.35 to 1.08).
bool level_brown(const unsigned char* p) {
  if (p[0] < 55) return false;
  const double g = double(p[1]) / p[0], b = double(p[2]) / p[0];
  return std::abs(g - 112.0 / 150.0) < 0.035 && std::abs(b - 96.0 / 150.0) < 0.035;
}

TEST(AppView3D, ThePathIsWhereTheCameraProjectsItsCornersOnTheSurface) {
  const Render r = render("mesh_two_floors.json", "path3d", "--view 3d");
  ASSERT_EQ(r.run.exit_code, 0) << r.run.err;
  ASSERT_TRUE(r.img.ok());
  EXPECT_EQ(r.info["view"], "3d");
  EXPECT_EQ(r.info["status"], "complete");
  const json& path = r.info["path3d"];
  ASSERT_GE(path.size(), 3u);
  // The goal is on the balcony, 3 m up (the detail mesh's height there, not a height made up).
  EXPECT_NEAR(path.back()[1].get<double>(), 3.0, 0.3);
  EXPECT_NEAR(path.front()[1].get<double>(), 0.0, 0.3);
  const Camera3 cam = camera3_of(r.info["orbit"], 800, 560);
  int found = 0, beside = 0;
  for (size_t i = 1; i + 1 < path.size(); ++i) {  // the corners: dots in the path colour
    double x = 0, y = 0;
    ASSERT_TRUE(cam.project(path[i][0], path[i][1], path[i][2], &x, &y));
    found += colour_near(r.img, x, y, kPathColour, 2);
    beside += colour_near(r.img, x + 30, y + 30, kPathColour, 2);
  }
  EXPECT_EQ(found, int(path.size()) - 2);
  EXPECT_EQ(beside, 0);
  // The first leg crosses the ground floor in a straight line: its middle is on the path.
  double x = 0, y = 0;
  ASSERT_TRUE(cam.project((path[0][0].get<double>() + path[1][0].get<double>()) / 2,
                          (path[0][1].get<double>() + path[1][1].get<double>()) / 2,
                          (path[0][2].get<double>() + path[1][2].get<double>()) / 2, &x, &y));
  EXPECT_TRUE(colour_near(r.img, x, y, kPathColour, 3));
}

TEST(AppView3D, TheLevelIsLitSoItsFacesShowInSeveralShades) {
  const Render r3 = render("mesh_two_floors.json", "lit3d", "--view 3d --orbit 210,30,40");
  const Render r2 = render("mesh_two_floors.json", "lit2d", "");
  ASSERT_EQ(r3.run.exit_code, 0) << r3.run.err;
  ASSERT_EQ(r2.run.exit_code, 0) << r2.run.err;
  EXPECT_EQ(r2.info["view"], "2d");
  auto count = [](const Image& img, std::set<int>* shades) {
    int n = 0;
    for (int y = 0; y < img.h; y += 2)
      for (int x = 0; x < img.w; x += 2)
        if (level_brown(img.at(x, y))) {
          ++n;
          if (shades) shades->insert(img.at(x, y)[0] / 8);
        }
    return n;
  };
  std::set<int> shades;
  EXPECT_GT(count(r3.img, &shades), 400);  // walls, pillars, the balcony's edge and the ramp's side
  EXPECT_GE(shades.size(), 3u);            // faces turned different ways get different light
  EXPECT_LT(count(r2.img, nullptr), 20);   // the top view draws the navmesh, not the level
  EXPECT_GT(differing(r3.img, r2.img, 30), 800 * 560 / 4);
}

TEST(AppView3D, TheOrbitAndTheStepChangeThePictureAndARenderIsTheSameTwice) {
  const Render a = render("mesh_two_floors.json", "orbit_a", "--view 3d --orbit 30,45,40");
  const Render b = render("mesh_two_floors.json", "orbit_b", "--view 3d --orbit 120,60,40");
  const Render again = render("mesh_two_floors.json", "orbit_a2", "--view 3d --orbit 30,45,40");
  const Render step = render("mesh_two_floors.json", "orbit_step", "--view 3d --orbit 30,45,40 --step search:4");
  for (const Render* r : {&a, &b, &again, &step}) ASSERT_EQ(r->run.exit_code, 0) << r->run.err;
  EXPECT_EQ(a.info["orbit"]["yaw"], 30.0);
  EXPECT_EQ(b.info["orbit"]["pitch"], 60.0);
  EXPECT_GT(differing(a.img, b.img, 30), 800 * 560 / 10);
  EXPECT_GT(differing(a.img, step.img, 30), 500);  // the search's sets instead of the path
  EXPECT_EQ(bytes_of(a.file), bytes_of(again.file));
}

// The one-way drop off the balcony's edge is an arc in the air, highest over its middle: a quarter of
// its length above the takeoff (3 m up at x 9.2, the landing at x 11.4 on the ground): about 3.9 m.
TEST(AppView3D, ALinkIsAnArcInTheAirFromTakeoffToLanding) {
  const Render r = render("mesh_two_floors.json", "link3d", "--view 3d --orbit 0,10,30");
  ASSERT_EQ(r.run.exit_code, 0) << r.run.err;
  const Camera3 cam = camera3_of(r.info["orbit"], 800, 560);
  const Rgb link{110, 170, 255};
  double x = 0, y = 0;
  ASSERT_TRUE(cam.project(10.3, 3.93, -12.0, &x, &y));
  EXPECT_TRUE(colour_near(r.img, x, y, link, 4));
  ASSERT_TRUE(cam.project(10.3, 5.5, -12.0, &x, &y));  // well above its top: not the link
  EXPECT_FALSE(colour_near(r.img, x, y, link, 2));
}

TEST(AppView3D, A2DSceneIsAUsageErrorIn3D) {
  use_display();
  const std::string out = temp_dir() + "/no3d.png";
  const RunResult r = run_navlab("render '" + scene_path("default.json") + "' --out '" + out + "' --view 3d");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--view 3d needs a 3D scene"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("default.json is a 2D scene"), std::string::npos) << r.err;
  const RunResult orbit =
      run_navlab("render '" + scene_path("mesh_level.json") + "' --out '" + out + "' --orbit 1,2,3");
  EXPECT_EQ(orbit.exit_code, 2);
  EXPECT_NE(orbit.err.find("--orbit"), std::string::npos) << orbit.err;
  const RunResult bad =
      run_navlab("render '" + scene_path("mesh_level.json") + "' --out '" + out + "' --view 3d --orbit 1,2");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bad --orbit '1,2'"), std::string::npos) << bad.err;
}

// S then a click on the balcony puts the start 3 m up; G then a click on the ground east of it puts the
// goal on the ground. The picked point is printed; the plan starts and ends there.
TEST(AppView3D, ClicksLandOnTheSurfaceUnderTheMouse) {
  const ScriptRun r = run_script("click3d", R"([
    {"view": "3d"}, {"orbit": [30, 55, 40]},
    {"click_mode": "start"}, {"mouse": [4, 3, -16]}, {"mouse": [4, 3, -16], "down": true},
    {"mouse": [4, 3, -16], "down": false},
    {"click_mode": "goal"}, {"mouse": [20, 0, -14]}, {"mouse": [20, 0, -14], "down": true},
    {"mouse": [20, 0, -14], "down": false}, {"frames": 2}])",
                                 "mesh_two_floors.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.state["view"], "3d");
  ASSERT_TRUE(r.state["mouse_point"].is_object()) << r.state.dump();
  EXPECT_NEAR(r.state["mouse_point"]["height"].get<double>(), 0.0, 0.3);
  const json& path = r.state["path"];
  ASSERT_GE(path.size(), 2u) << r.state.dump();
  EXPECT_NEAR(path.front()[0].get<double>(), 4.0, 0.25);  // plane (x, -z)
  EXPECT_NEAR(path.front()[1].get<double>(), 16.0, 0.25);
  EXPECT_NEAR(path.back()[0].get<double>(), 20.0, 0.25);
  EXPECT_NEAR(path.back()[1].get<double>(), 14.0, 0.25);
  // On the balcony, not on the ground floor under it at the same plane point.
  EXPECT_NEAR(r.state["ends"]["start_height"].get<double>(), 3.0, 0.3) << r.state["ends"].dump();
  EXPECT_NEAR(r.state["ends"]["goal_height"].get<double>(), 0.0, 0.3);
  EXPECT_EQ(r.state["status"], "complete");
}

// The issue's walk-through in 3D: on the glTF level without its drop, the link tool's two clicks in the 3D
// view (the balcony's east edge, then the ground below it) add a link whose ends sit
// on the floors the rays hit, the level is baked again, and the plan from the balcony takes the jump.
TEST(AppView3D, TheLinkToolInThe3DViewAddsAJumpThePathTakes) {
  const std::string setup = R"([{"delete_link": 0}, {"start": [4, 3, -12]}, {"goal": [20, 0, -14]},
    {"view": "3d"}, {"orbit": [30, 55, 40]})";
  const ScriptRun without = run_script("link3d_none", setup + "]", "mesh_two_floors.json");
  ASSERT_EQ(without.exit_code, 0) << without.err;
  EXPECT_EQ(without.state["corridor_links"], json::array());
  const ScriptRun r = run_script("link3d", setup + R"(, {"link_tool": true},
    {"mouse": [9.2, 3, -12]}, {"mouse": [9.2, 3, -12], "down": true}, {"mouse": [9.2, 3, -12], "down": false},
    {"mouse": [11.4, 0, -12]}, {"mouse": [11.4, 0, -12], "down": true}, {"mouse": [11.4, 0, -12], "down": false},
    {"bake_wait": true}, {"frames": 1}])",
                                 "mesh_two_floors.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.state["error"], "");
  const json& links = r.state["links"]["links"];
  ASSERT_EQ(links.size(), 1u) << r.state["links"].dump();
  EXPECT_NEAR(links[0]["from"][1].get<double>(), 3.0, 0.4);  // on the balcony, not on the floor under it
  EXPECT_NEAR(links[0]["to"][1].get<double>(), 0.0, 0.4);
  EXPECT_EQ(r.state["status"], "complete");
  EXPECT_EQ(r.state["corridor_links"], json::array({0}));
  // The path stops at the takeoff and goes on from the landing (plane points (x, -z)).
  auto passes = [&](double x, double y) {
    for (const json& p : r.state["path"])
      if (std::hypot(p[0].get<double>() - x, p[1].get<double>() - y) < 0.7) return true;
    return false;
  };
  EXPECT_TRUE(passes(9.2, 12.0)) << r.state["path"].dump();
  EXPECT_TRUE(passes(11.4, 12.0)) << r.state["path"].dump();
}

// A left drag on the level (inspect mode) turns the camera about the target; a Shift-less right drag
// does too, and the target stays where it was.
TEST(AppView3D, ADragOrbitsTheCamera) {
  const ScriptRun r = run_script("drag3d", R"([
    {"view": "3d"}, {"mouse": [12, 10]}, {"mouse": [12, 10], "down": true}, {"mouse": [16, 10], "down": true},
    {"mouse": [16, 12], "down": true}, {"mouse": [16, 12], "down": false}])",
                                 "mesh_two_floors.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json& o = r.state["orbit"];
  EXPECT_GT(std::abs(o["yaw"].get<double>() - 30.0), 5.0) << o.dump();  // framed from yaw 30 before the drag
  EXPECT_NEAR(o["target"][0].get<double>(), 12.0, 0.01);
}

// The level and the navmesh go into buffers once; still frames and stepping through the timeline do not
// build them again, and the plan layer is lifted only when it changed.
TEST(AppView3D, StillFramesBuildNothingAgain) {
  const ScriptRun r = run_script("still3d", R"([{"view": "3d"}, {"frames": 3}, {"measure": 20},
    {"step": "search:2"}, {"frames": 3}, {"step": "end"}, {"frames": 3}])",
                                 "mesh_two_floors.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json& v = r.state["view3d"];
  EXPECT_EQ(v["static_builds"], 1) << v.dump();
  EXPECT_GT(v["level_triangles"].get<int>(), 100);
  // Lifts: the first frames, the search step, the end again; none for the 20 measured frames.
  EXPECT_LE(v["plan_lifts"].get<int>(), 6) << v.dump();
  EXPECT_GT(v["plan_capsules"].get<int>(), 20);
}

// File → Export PNG and F12 export what the viewport shows: the 3D view, also at another size.
TEST(AppView3D, AnExportIsThe3DPicture) {
  const std::string out = temp_dir() + "/exported_3d.png";
  const ScriptRun r = run_script("export3d", R"([{"view": "3d"}, {"export": ")" + out + R"(", "size": [640, 400]}])",
                                 "mesh_two_floors.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Image img = load_png(out);
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img.w, 640);
  EXPECT_EQ(img.h, 400);
  int brown = 0;
  for (int y = 0; y < img.h; y += 2)
    for (int x = 0; x < img.w; x += 2) brown += level_brown(img.at(x, y));
  EXPECT_GT(brown, 100);  // the level's lit walls: a 3D picture
}

// docs/app.md's picture is what `navlab render` draws today (the tolerance of the README's picture).
TEST(AppView3D, TheDocsPictureIsWhatRenderDrawsToday) {
  constexpr int kChannelTol = 8;
  constexpr double kMaxDiffering = 0.002;
  const std::string cmd =
      "render scenes/mesh_two_floors.json --out docs/images/view3d.png --size 960x600 --view 3d --orbit 35,42,36";
  const Render r = render("mesh_two_floors.json", "docs_view3d", "--view 3d --orbit 35,42,36 --size 960x600");
  ASSERT_EQ(r.run.exit_code, 0) << r.run.err;
  const Image before = load_png(source_dir() + "/docs/images/view3d.png");
  ASSERT_TRUE(before.ok());
  ASSERT_EQ(r.img.px.size(), before.px.size());
  EXPECT_LE(differing(r.img, before, kChannelTol), kMaxDiffering * before.w * before.h)
      << "the picture drifted: navlab " << cmd;
  std::ifstream doc(source_dir() + "/docs/app.md");
  const std::string text((std::istreambuf_iterator<char>(doc)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("](images/view3d.png)"), std::string::npos);
  EXPECT_NE(text.find(cmd), std::string::npos);
}

TEST(AppView3D, The3DViewIsRefusedOnA2DScene) {
  use_display();
  const std::string script = write_file("view3d_2d.json", R"([{"view": "3d"}])");
  const RunResult r = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the 3D view needs a 3D scene"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace navlab::test

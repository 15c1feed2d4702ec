// The app's pictures, checked headless: `navlab render` and scripted runs write PNGs that are read back
// here with stb_image. The path colour must be found along the path as projected with the camera the
// command reports, and not beside it.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

constexpr int kPathR = 255, kPathG = 190, kPathB = 30;  // the app's funnel path colour

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> px;  // RGBA
  bool ok() const { return w > 0 && h > 0; }
  const unsigned char* at(int x, int y) const { return &px[(size_t(y) * w + x) * 4]; }
};

Image load_png(const std::string& path) {
  Image img;
  int n = 0;
  unsigned char* data = stbi_load(path.c_str(), &img.w, &img.h, &n, 4);
  if (!data) return {};
  img.px.assign(data, data + size_t(img.w) * img.h * 4);
  stbi_image_free(data);
  return img;
}

void use_display() {
  // The test command runs ctest under xvfb-run; without an X display, SDL's offscreen driver renders.
  const char* d = std::getenv("DISPLAY");
  if (!d || !*d) setenv("SDL_VIDEODRIVER", "offscreen", 1);
}

struct Camera {
  double cx = 0, cy = 0, scale = 1, w = 1, h = 1;
  void project(double x, double y, double* px, double* py) const {
    *px = (x - cx) * scale + w * 0.5;
    *py = h * 0.5 - (y - cy) * scale;
  }
};

Camera camera_of(const json& j, double w, double h) {
  Camera c;
  c.cx = j["camera"]["center"][0].get<double>();
  c.cy = j["camera"]["center"][1].get<double>();
  c.scale = j["camera"]["scale"].get<double>();
  c.w = w;
  c.h = h;
  return c;
}

bool path_colour_near(const Image& img, int x, int y) {
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const int xx = x + dx, yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= img.w || yy >= img.h) continue;
      const unsigned char* p = img.at(xx, yy);
      if (std::abs(p[0] - kPathR) < 40 && std::abs(p[1] - kPathG) < 40 && std::abs(p[2] - kPathB) < 50) return true;
    }
  return false;
}

// Fraction of samples along the path (every 4 px, away from its vertices) where the path colour is
// found; `offset_px` moves every sample sideways (a control that must miss).
double path_hits(const Image& img, const json& path, const Camera& cam, double offset_px = 0.0) {
  int samples = 0, hits = 0;
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    double ax, ay, bx, by;
    cam.project(path[i][0].get<double>(), path[i][1].get<double>(), &ax, &ay);
    cam.project(path[i + 1][0].get<double>(), path[i + 1][1].get<double>(), &bx, &by);
    const double len = std::hypot(bx - ax, by - ay);
    if (len < 40.0) continue;
    const double nx = -(by - ay) / len, ny = (bx - ax) / len;
    for (double t = 16.0; t < len - 16.0; t += 4.0) {
      const double x = ax + (bx - ax) * t / len + nx * offset_px, y = ay + (by - ay) * t / len + ny * offset_px;
      ++samples;
      hits += path_colour_near(img, int(std::lround(x)), int(std::lround(y)));
    }
  }
  return samples > 0 ? double(hits) / samples : 0.0;
}

json last_json_line(const std::string& out) {
  const size_t start = out.rfind('{');
  const size_t line = out.rfind('\n', out.size() >= 2 ? out.size() - 2 : 0);
  const std::string text = out.substr(line == std::string::npos ? 0 : line + 1);
  (void)start;
  return json::parse(text, nullptr, false);
}

int distinct_colours(const Image& img) {
  std::set<unsigned> colours;
  for (size_t i = 0; i < img.px.size(); i += 4 * 7)
    colours.insert(unsigned(img.px[i]) << 16 | unsigned(img.px[i + 1]) << 8 | img.px[i + 2]);
  return int(colours.size());
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_dir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

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

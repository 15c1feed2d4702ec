// Spawn candidates edited in the app and PNG export at a chosen size, checked headless: scripted runs
// move and add candidates, the printed state gives the verdicts the app shows, and the PNG is read
// back with stb_image to find each candidate's verdict ring (green accepted, red rejected) at the
// pixel where the printed camera projects it.
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

constexpr Rgb kAccepted{80, 220, 110};  // the app's ring colours (app/gui/panels/panel_spawn.cpp)
constexpr Rgb kRejected{240, 70, 70};
constexpr double kRingPx = 12.0;  // ring radius in pixels

// Fraction of 36 points on the ring around plane point (x, y) where colour `c` is found.
double ring_hits(const Image& img, const Camera& cam, double x, double y, Rgb c) {
  double sx, sy;
  cam.project(x, y, &sx, &sy);
  int hits = 0;
  for (int i = 0; i < 36; ++i) {
    const double a = i * 3.14159265358979 / 18.0;
    hits += colour_near(img, sx + kRingPx * std::cos(a), sy + kRingPx * std::sin(a), c, 1);
  }
  return hits / 36.0;
}

// Runs a viewport-captured script on the default scene; returns the printed state and the picture.
json spawn_script(const std::string& name, const std::string& actions, Image* img) {
  ScriptRun r = navlab::test::run_script(name, actions);
  *img = std::move(r.img);
  return r.state;
}

const json* candidate(const json& state, const std::string& name) {
  for (const json& c : state["spawn"])
    if (c["name"] == name) return &c;
  return nullptr;
}

TEST(AppSpawn, MovingP3AwayFromTheGuardAcceptsIt) {
  use_display();
  // As the scene is: P3 at (33.3, 20) overlaps the guard at (33, 20) → rejected, reason occupancy.
  Image before;
  const json s0 = spawn_script("p3_before", R"([{"frames": 2}])", &before);
  ASSERT_FALSE(s0.is_discarded());
  const json* p3 = candidate(s0, "P3");
  ASSERT_NE(p3, nullptr) << s0["spawn"];
  EXPECT_FALSE((*p3)["accepted"].get<bool>());
  EXPECT_EQ((*p3)["reason"], "occupancy");
  ASSERT_TRUE(before.ok());
  const Camera c0 = camera_of(s0, before.w, before.h);
  EXPECT_GT(ring_hits(before, c0, 33.3, 20, kRejected), 0.6);
  EXPECT_LT(ring_hits(before, c0, 33.3, 20, kAccepted), 0.1);

  // Moved 3 m away from the guard: every check passes and the ring turns green there.
  Image after;
  const json s1 = spawn_script("p3_after", R"([{"move_candidate": "P3", "to": [30, 20]}, {"frames": 1}])", &after);
  ASSERT_FALSE(s1.is_discarded());
  p3 = candidate(s1, "P3");
  ASSERT_NE(p3, nullptr);
  EXPECT_TRUE((*p3)["accepted"].get<bool>()) << *p3;
  EXPECT_TRUE((*p3)["reason"].is_null());
  EXPECT_EQ((*p3)["checks"]["occupancy"], "passed");
  EXPECT_DOUBLE_EQ((*p3)["pos"][0].get<double>(), 30.0);
  ASSERT_TRUE(after.ok());
  const Camera c1 = camera_of(s1, after.w, after.h);
  EXPECT_GT(ring_hits(after, c1, 30, 20, kAccepted), 0.6);
  EXPECT_LT(ring_hits(after, c1, 30, 20, kRejected), 0.1);
  EXPECT_LT(ring_hits(after, c1, 33.3, 20, kRejected), 0.1);  // nothing left where it was
  // The other candidates keep their verdicts.
  EXPECT_EQ(s1["spawn"].size(), s0["spawn"].size());
  for (const char* name : {"P1", "P2", "P4", "P5"})
    EXPECT_EQ((*candidate(s1, name))["accepted"], (*candidate(s0, name))["accepted"]) << name;
}

TEST(AppSpawn, CandidateAddedInsideAPillarIsRejected) {
  use_display();
  Image img;
  // (13, 4.8) is the middle of the pillar hole [12.4, 13.6] × [4.2, 5.4]; the scene has P1..P5.
  const json s = spawn_script("pillar", R"([{"add_candidate": [13, 4.8]}, {"frames": 1}])", &img);
  ASSERT_FALSE(s.is_discarded());
  const json* p6 = candidate(s, "P6");
  ASSERT_NE(p6, nullptr) << s["spawn"];
  EXPECT_FALSE((*p6)["accepted"].get<bool>());
  EXPECT_EQ((*p6)["reason"], "projection");
  EXPECT_EQ((*p6)["checks"]["projection"], "failed");
  ASSERT_TRUE(img.ok());
  const Camera cam = camera_of(s, img.w, img.h);
  EXPECT_GT(ring_hits(img, cam, 13, 4.8, kRejected), 0.6);
  EXPECT_LT(ring_hits(img, cam, 13, 4.8, kAccepted), 0.1);
}

TEST(AppSpawn, EditedCandidatesAreSavedWithTheScene) {
  use_display();
  const std::string saved = temp_dir() + "/edited.json";
  Image img;
  const json s = spawn_script("save",
                              R"([{"move_candidate": "P3", "to": [30, 20]}, {"add_candidate": [13, 4.8]},
                                        {"delete_candidate": "P1"}, {"save_as": ")" +
                                  saved + R"("}])",
                              &img);
  ASSERT_FALSE(s.is_discarded());
  EXPECT_EQ(s["error"], "");
  // The saved file, validated by the CLI (core only), gives the verdicts the app showed.
  const RunResult r = run_navlab("spawn '" + saved + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json out = json::parse(r.out, nullptr, false);
  ASSERT_FALSE(out.is_discarded()) << r.out;
  std::vector<std::string> names;
  for (const json& c : out["candidates"]) names.push_back(c["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"P2", "P3", "P4", "P5", "P6"}));
  ASSERT_EQ(out["candidates"].size(), s["spawn"].size());
  for (size_t i = 0; i < out["candidates"].size(); ++i) {
    EXPECT_EQ(out["candidates"][i]["name"], s["spawn"][i]["name"]);
    EXPECT_EQ(out["candidates"][i]["accepted"], s["spawn"][i]["accepted"]) << out["candidates"][i]["name"];
  }
}

// The viewport's own mouse handling: press on P3, drag it in two moves, release; then add mode and a
// click inside a pillar. The mouse goes where the camera projects the plane points.
TEST(AppSpawn, MouseDragsACandidateAndClicksOneIn) {
  use_display();
  Image img;
  const json s = spawn_script("mouse", R"([{"mouse": [33.3, 20], "down": false}, {"mouse": [33.3, 20], "down": true},
                                         {"mouse": [31.5, 20.5], "down": true}, {"mouse": [30, 20], "down": true},
                                         {"mouse": [30, 20], "down": false},
                                         {"spawn_add_mode": true}, {"mouse": [13, 4.8], "down": false},
                                         {"mouse": [13, 4.8], "down": true}, {"mouse": [13, 4.8], "down": false},
                                         {"spawn_add_mode": false}, {"mouse": [5, 20], "down": false}])",
                              &img);
  ASSERT_FALSE(s.is_discarded());
  const json* p3 = candidate(s, "P3");
  ASSERT_NE(p3, nullptr);
  EXPECT_NEAR((*p3)["pos"][0].get<double>(), 30.0, 0.05);  // the grab keeps the press point's offset (0)
  EXPECT_NEAR((*p3)["pos"][1].get<double>(), 20.0, 0.05);
  EXPECT_TRUE((*p3)["accepted"].get<bool>());
  const json* p6 = candidate(s, "P6");
  ASSERT_NE(p6, nullptr) << s["spawn"];
  EXPECT_NEAR((*p6)["pos"][0].get<double>(), 13.0, 0.05);
  EXPECT_EQ((*p6)["reason"], "projection");
  EXPECT_EQ(s["spawn"].size(), 6u);  // one click, one candidate
  ASSERT_TRUE(img.ok());
  const Camera cam = camera_of(s, img.w, img.h);
  EXPECT_GT(ring_hits(img, cam, (*p3)["pos"][0].get<double>(), (*p3)["pos"][1].get<double>(), kAccepted), 0.6);
  // The drag moved the candidate, not the camera (no panning while a candidate is held).
  EXPECT_GT(ring_hits(img, cam, 13, 4.8, kRejected), 0.6);
}

TEST(AppExport, ViewportAndWindowAtAChosenSize) {
  use_display();
  const std::string vp = temp_dir() + "/export_vp.png", win = temp_dir() + "/export_win.png";
  Image shot;
  const json s = spawn_script("export",
                              R"([{"export": ")" + vp + R"(", "size": [640, 360], "what": "viewport"},
                                          {"export": ")" +
                                  win + R"(", "size": [800, 500], "what": "window"}])",
                              &shot);
  ASSERT_FALSE(s.is_discarded());
  const Image a = load_png(vp), b = load_png(win);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.w, 640);
  EXPECT_EQ(a.h, 360);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b.w, 800);
  EXPECT_EQ(b.h, 500);
  // The offscreen viewport shows the same view: the camera keeps its centre and scales with the size,
  // and every layer is drawn (P2, inside a pillar, has its red ring where that camera puts it).
  Camera cam = camera_of(s, a.w, a.h);
  cam.scale *= std::min(640.0 / s["viewport"]["width"].get<double>(), 360.0 / s["viewport"]["height"].get<double>());
  EXPECT_GT(ring_hits(a, cam, 20, 4.8, kRejected), 0.6);
  EXPECT_LT(ring_hits(a, cam, 4, 4, kRejected), 0.1);  // P1 is accepted
  EXPECT_GT(ring_hits(a, cam, 4, 4, kAccepted), 0.6);
  // The screen's picture keeps its own size.
  EXPECT_EQ(shot.w, int(s["viewport"]["width"].get<double>()));
}

TEST(AppExport, MissingFolderIsAnError) {
  use_display();
  const std::string script = write_file(
      "export_bad.json", R"({"actions": [{"export": ")" + temp_dir() + R"(/no/such/dir/x.png", "size": [640, 360]}]})");
  const RunResult r = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace navlab::test

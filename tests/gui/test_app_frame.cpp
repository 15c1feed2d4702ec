// The viewport's static layer (background, grid, navmesh) is drawn once per view and copied on other
// frames: still frames must not redraw it, a moved camera must, and the cached picture must be the one a
// fresh draw at that camera gives. Inner polygon edges are left out when polygons are tiny on screen.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

int differing_pixels(const Image& a, const Image& b) {
  EXPECT_EQ(a.px.size(), b.px.size());
  if (a.px.size() != b.px.size()) return -1;
  int n = 0;
  for (size_t i = 0; i < a.px.size(); i += 4)
    n += a.px[i] != b.px[i] || a.px[i + 1] != b.px[i + 1] || a.px[i + 2] != b.px[i + 2];
  return n;
}

TEST(AppFrame, StillFramesReuseTheStaticLayerAndAMovingCameraRedrawsIt) {
  const ScriptRun still = run_script("frame_still", R"([{"frames": 3}, {"measure": 6}])");
  EXPECT_EQ(still.state["frame"]["frames"], 6);
  EXPECT_EQ(still.state["frame"]["static_redraws"], 0);
  const ScriptRun pan = run_script("frame_pan", R"([{"frames": 3}, {"measure": 6, "pan": [4, 2]}])");
  EXPECT_EQ(pan.state["frame"]["static_redraws"], 6);
  // Stepping the timeline changes only the plan layer.
  const ScriptRun steps = run_script(
      "frame_steps", R"([{"frames": 3}, {"step": "funnel:1"}, {"measure": 2}, {"step": "search:2"}, {"measure": 2}])");
  EXPECT_EQ(steps.state["frame"]["static_redraws"], 0);
}

TEST(AppFrame, TheCachedLayerFollowsTheCameraAndEqualsAFreshDraw) {
  // One 10 m square polygon: its walls are easy to find on screen.
  const std::string file = write_file(
      "frame_square.json",
      R"({"navlab": 1, "name": "square", "navmesh": {"vertices": [[0,0],[10,0],[10,10],[0,10]], "polygons": [[0,1,2,3]]},
          "queries": [{"start": [1, 1], "goal": [9, 8]}]})");
  const std::string open = R"({"open": ")" + file + R"("}, {"frames": 2}, )";
  const std::string cam = R"({"camera": {"center": [6, 5], "scale": 40}})";
  // Drawn at the final camera after a few frames elsewhere.
  const ScriptRun direct =
      run_script("frame_direct", "[" + open + R"({"camera": {"center": [2, 2], "scale": 10}}, {"frames": 4}, )" + cam +
                                     R"(, {"frames": 2}, {"step": "funnel:1"}, {"frames": 1}])");
  // Another first camera, and frames that only step the timeline before the picture.
  const ScriptRun moved =
      run_script("frame_moved",
                 "[" + open + R"({"camera": {"center": [20, -4], "scale": 5}}, {"frames": 4}, )" + cam +
                     R"(, {"frames": 1}, {"step": "search:1"}, {"frames": 2}, {"step": "funnel:1"}, {"frames": 1}])");
  EXPECT_EQ(differing_pixels(direct.img, moved.img), 0);
  // The walls are where the final camera puts them, not where an earlier camera did.
  const Rgb wall{210, 214, 220};  // Theme::wall
  for (const ScriptRun* r : {&direct, &moved}) {
    const Camera c = r->camera();
    double x = 0, y = 0;
    int hits = 0;
    for (double t = 2.0; t <= 8.0; t += 1.0) {
      c.project(0.0, t, &x, &y);  // the west wall
      hits += colour_near(r->img, x, y, wall, 1);
      c.project(t, 0.0, &x, &y);  // the south wall
      hits += colour_near(r->img, x, y, wall, 1);
    }
    EXPECT_EQ(hits, 14);
    c.project(-0.5, 5.0, &x, &y);  // outside the square: no wall
    EXPECT_FALSE(colour_near(r->img, x, y, wall, 2));
  }
}

TEST(AppFrame, InnerEdgesAreShownOnlyWhenPolygonsAreLargeEnoughOnScreen) {
  // A 60 x 40 grid of 1 m squares.
  const int w = 60, h = 40;
  json verts = json::array(), polys = json::array();
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) verts.push_back({x, y});
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int a = y * (w + 1) + x;
      polys.push_back({a, a + 1, a + w + 2, a + w + 1});
    }
  const json scene = {{"navlab", 1}, {"name", "grid"}, {"navmesh", {{"vertices", verts}, {"polygons", polys}}}};
  const std::string file = write_file("frame_grid.json", scene.dump());
  // Theme::edge is nearly black over the fill; a 1 px line blends with the fill at its sides, so a point
  // is "on an edge" when a pixel within 1 px is much darker than the middle of the polygon beside it.
  auto brightness = [](const Image& img, int x, int y) {
    const unsigned char* p = img.at(x, y);
    return p[0] + p[1] + p[2];
  };
  auto darkest_near = [&](const Image& img, double x, double y) {
    int best = 3 * 255;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) best = std::min(best, brightness(img, int(x) + dx, int(y) + dy));
    return best;
  };
  for (double scale : {30.0, 4.0}) {
    const ScriptRun r = run_script("frame_grid_" + std::to_string(int(scale)),
                                   R"([{"open": ")" + file + R"("}, {"camera": {"center": [30.5, 20.5], "scale": )" +
                                       std::to_string(scale) + R"(}}, {"frames": 2}])");
    const Camera c = r.camera();
    // Points on inner vertical edges x = 28..33, between grid rows (y = k + 0.5).
    int on_edges = 0, samples = 0;
    for (int x = 28; x <= 33; ++x)
      for (int y = 18; y <= 22; ++y) {
        double sx = 0, sy = 0, mx = 0, my = 0;
        c.project(x, y + 0.5, &sx, &sy);
        c.project(x + 0.5, y + 0.5, &mx, &my);
        on_edges += darkest_near(r.img, sx, sy) < 0.7 * brightness(r.img, int(mx), int(my));
        ++samples;
      }
    if (scale == 30.0)
      EXPECT_EQ(on_edges, samples) << "inner edges at 30 px per polygon";
    else
      EXPECT_EQ(on_edges, 0) << "no inner edges at 4 px per polygon";
  }
}

}  // namespace
}  // namespace navlab::test

namespace navlab::test {
namespace {

TEST(AppFrame, PresenterModeKeepsTheFramedRegionVisible) {
  const ScriptRun normal = run_script("frame_normal", R"([{"frames": 3}])");
  const ScriptRun presenter = run_script("frame_presenter", R"([{"frames": 3}, {"presenter": true}, {"frames": 3}])");
  // Presenter mode's larger panels leave a smaller viewport...
  ASSERT_LT(presenter.img.w * presenter.img.h, normal.img.w * normal.img.h);
  const Camera a = normal.camera(), b = presenter.camera();
  // ...which shows the same region: same centre, zoom scaled with the size.
  EXPECT_DOUBLE_EQ(a.cx, b.cx);
  EXPECT_DOUBLE_EQ(a.cy, b.cy);
  EXPECT_NEAR(b.scale / a.scale, std::min(b.w / a.w, b.h / a.h), 1e-9);
  // The whole path stays on screen.
  const nlohmann::json& path = presenter.state["path"];
  ASSERT_GE(path.size(), 2u);
  for (const auto& p : path) {
    double x = 0, y = 0;
    b.project(p[0].get<double>(), p[1].get<double>(), &x, &y);
    EXPECT_GT(x, 0.0);
    EXPECT_LT(x, b.w);
    EXPECT_GT(y, 0.0);
    EXPECT_LT(y, b.h);
  }
}

}  // namespace
}  // namespace navlab::test

namespace navlab::test {
namespace {

// Pixels whose colour differs by more than `tolerance` in some channel.
int pixels_apart(const Image& a, const Image& b, int tolerance) {
  EXPECT_EQ(a.px.size(), b.px.size());
  if (a.px.size() != b.px.size()) return -1;
  int n = 0;
  for (size_t i = 0; i < a.px.size(); i += 4)
    n += std::abs(a.px[i] - b.px[i]) > tolerance || std::abs(a.px[i + 1] - b.px[i + 1]) > tolerance ||
         std::abs(a.px[i + 2] - b.px[i + 2]) > tolerance;
  return n;
}

TEST(AppFrame, PanningMovesTheCachedPictureAndDrawsOnlyTheUncoveredStrips) {
  // 40 pans of whole pixels in both directions, then the picture is compared with a fresh draw at the
  // same camera.
  const ScriptRun panned =
      run_script("frame_panned",
                 R"([{"frames": 3}, {"measure": 25, "pan": [7, -3]}, {"measure": 15, "pan": [-4, 5]}, {"frames": 1}])");
  EXPECT_EQ(panned.state["frame"]["static_shifts"], 15);
  const nlohmann::json& c = panned.state["camera"];
  const ScriptRun fresh =
      run_script("frame_fresh", R"([{"frames": 3}, {"camera": )" + c.dump() + R"(}, {"frames": 2}])");
  ASSERT_EQ(fresh.state["camera"], c);
  // Equal but for rounding at a few seams (the strips are drawn with a camera a whole number of pixels
  // away from the one the moved part was drawn with).
  const int apart = pixels_apart(panned.img, fresh.img, 24);
  EXPECT_LT(apart, panned.img.w * panned.img.h / 2000) << apart << " pixels differ";
  // The pans really moved the view: the first camera's picture is far from it.
  const ScriptRun first = run_script("frame_first", R"([{"frames": 3}])");
  EXPECT_GT(pixels_apart(first.img, fresh.img, 24), first.img.w * first.img.h / 20);
}

}  // namespace
}  // namespace navlab::test

namespace navlab::test {
namespace {

TEST(AppFrame, AZoomIsPreviewedWhenFullDrawsAreSlowAndTheExactPictureFollows) {
  // Previews forced (threshold 0 ms): every zoom frame scales the last full picture.
  const ScriptRun zoomed =
      run_script("frame_zoom_preview", R"([{"frames": 3}, {"zoom_preview_ms": 0}, {"measure": 6, "zoom": 0.97}])");
  EXPECT_EQ(zoomed.state["frame"]["static_previews"], 6);
  EXPECT_EQ(zoomed.state["frame"]["static_redraws"], 6);
  // Never previewed: every zoom frame is drawn in full.
  const ScriptRun full =
      run_script("frame_zoom_full", R"([{"frames": 3}, {"zoom_preview_ms": 1e9}, {"measure": 6, "zoom": 0.97}])");
  EXPECT_EQ(full.state["frame"]["static_previews"], 0);
  EXPECT_EQ(full.state["frame"]["static_redraws"], 6);
  // Once the camera stops, the exact picture is drawn again: the screenshot taken after the zoom equals
  // the one drawn in full every frame.
  ASSERT_EQ(zoomed.state["camera"], full.state["camera"]);
  EXPECT_LT(pixels_apart(zoomed.img, full.img, 24), zoomed.img.w * zoomed.img.h / 2000);
  // On screen too, the full picture comes back once the camera has been still for a moment.
  const ScriptRun settled = run_script(
      "frame_zoom_settled",
      R"([{"frames": 3}, {"zoom_preview_ms": 0}, {"measure": 4, "zoom": 0.97}, {"play": 0.4}, {"measure": 1}])");
  EXPECT_EQ(settled.state["frame"]["static_exact"], true);
}

}  // namespace
}  // namespace navlab::test

namespace navlab::test {
namespace {

TEST(AppFrame, BadScriptValuesAreUsageErrors) {
  use_display();
  const struct {
    const char* action;
    const char* message;
  } cases[] = {
      {R"({"measure": 2, "pan": [1]})", "action 0: pan needs [dx, dy] in pixels"},
      {R"({"measure": 2, "zoom": "in"})", "action 0: zoom needs a factor > 0"},
      {R"({"measure": 2, "zoom": 0})", "action 0: zoom needs a factor > 0"},
      {R"({"zoom_preview_ms": -1})", "action 0: zoom_preview_ms needs a number of milliseconds >= 0"},
      {R"({"camera": {"center": [1]}})", "action 0: camera center: expected [x, y] in metres"},
      {R"({"camera": {"scale": 0}})", "action 0: camera scale: expected pixels per metre > 0"},
      {R"({"mouse": [1, "a"]})", "action 0: mouse: expected [x, y] in metres"},
      {R"({"step": 1.5})", R"(action 0: step needs N, "STAGE:N" or "end")"},
  };
  for (const auto& c : cases) {
    const std::string script = write_file("frame_bad.json", std::string(R"({"actions": [)") + c.action + "]}");
    const RunResult r = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "'");
    EXPECT_EQ(r.exit_code, 2) << c.action;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace navlab::test

// The app's pictures, checked headless: `navlab render` and scripted runs write PNGs that are read back
// here with stb_image. The path colour must be found along the path as projected with the camera the
// command reports, and not beside it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "app_image.h"
#include "meshes.h"
#include "paths.h"
#include "channel_plan.h"
#include "plan.h"
#include "plan_optimal.h"

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

// links_islands.json: the link (8.2, 5) -> (11.8, 5) is an arc rising a quarter of its length (0.9 m)
// over the gap, in the link colour, with its radius circle (0.6 m, the agent radius) at each end; the
// walls beside the arc's top and below the gap's middle are not drawn in it.
TEST(AppRender, ALinkIsAnArcOverTheGapWithACircleAtEachEnd) {
  use_display();
  const std::string out = temp_dir() + "/links.png";
  const RunResult r =
      run_navlab("render '" + scene_path("links_islands.json") + "' --out '" + out + "' --size 800x500");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Image img = load_png(out);
  ASSERT_TRUE(img.ok());
  const Camera cam = camera_of(last_json_line(r.out), 800, 500);
  const Rgb link{110, 170, 255};  // Theme::link
  double x = 0, y = 0;
  cam.project(10.0, 5.9, &x, &y);  // the arc's top
  EXPECT_TRUE(colour_near(img, x, y, link, 2));
  cam.project(10.0, 7.5, &x, &y);  // above it: the gap, nothing drawn
  EXPECT_FALSE(colour_near(img, x, y, link, 3));
  cam.project(8.2, 5.6, &x, &y);  // the takeoff's radius circle, above the path
  EXPECT_TRUE(colour_near(img, x, y, link, 2));
  cam.project(11.8, 4.4, &x, &y);  // the landing's, below it
  EXPECT_TRUE(colour_near(img, x, y, link, 2));
}

// The funnel step shown is drawn where the planner's record puts it: the portal end tested at that step
// gets a ring in its side's colour. Step 1 and a later step testing an end more than 1 m away are
// rendered; each picture has its own ring and not the other's.
TEST(AppRender, FunnelStepsDrawTheirOwnRecords) {
  use_display();
  const Loaded l = load("default.json");
  PlanTrace trace;
  const PlanResult plan_result =
      plan(l.scene, l.mesh, PlanRequest{l.scene.queries.at(0).start, l.scene.queries.at(0).goal, {}}, &trace);
  ASSERT_GE(trace.funnel.steps.size(), 3u);
  const FunnelStep& s1 = trace.funnel.steps[0];

  (void)plan_result;
  const Rgb left{80, 220, 120}, right{245, 85, 95};  // the theme's left and right colours
  auto colour = [&](const FunnelStep& s) { return s.side == FunnelSide::Left ? left : right; };
  const std::string scene = "'" + scene_path("default.json") + "'";
  auto render = [&](int n) {
    const std::string out = temp_dir() + "/funnel" + std::to_string(n) + ".png";
    const RunResult r =
        run_navlab("render " + scene + " --out '" + out + "' --size 640x400 --step funnel:" + std::to_string(n));
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

// Two searches side by side on the seed's W2 graph (the scene's description gives the hand values): the
// same path of cost 6, Dijkstra taking 5 nodes and A* 4, each half's numbers as its label prints them.
TEST(AppRender, SideBySideHalvesReportEachMethodsOwnNumbers) {
  use_display();
  const std::string out = temp_dir() + "/compare.png";
  const RunResult r = run_navlab("render '" + scene_path("search_astar.json") + "' --compare dijkstra:astar --out '" +
                                 out + "' --size 800x500");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json info = last_json_line(r.out);
  ASSERT_FALSE(info.is_discarded()) << r.out;
  const json& halves = info["compare"]["halves"];
  ASSERT_EQ(halves.size(), 2u) << info.dump(1);
  const char* methods[] = {"dijkstra", "astar"};
  const int expanded[] = {5, 4};
  for (size_t i = 0; i < 2; ++i) {
    SCOPED_TRACE(methods[i]);
    const json& h = halves[i];
    EXPECT_EQ(h["method"], methods[i]);
    EXPECT_EQ(h["status"], "complete");
    EXPECT_NEAR(h["cost"].get<double>(), 6.0, 1e-9);
    EXPECT_NEAR(h["length"].get<double>(), 6.0, 1e-9);
    EXPECT_EQ(h["expanded"].get<int>(), expanded[i]);
    EXPECT_EQ(h["label"][1], "length 6.00 m, cost 6.00");
    EXPECT_EQ(h["x"].get<int>() > 0, i == 1);
  }
}

TEST(AppRender, StepBeyondTheTraceIsAUsageError) {
  use_display();
  const RunResult r =
      run_navlab("render '" + scene_path("default.json") + "' --out '" + temp_dir() + "/x.png' --step funnel:100000");
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

using Segments = std::vector<std::pair<Vec2, Vec2>>;

Segments polyline_segments(const std::vector<Vec2>& pts) {
  Segments out;
  for (size_t i = 0; i + 1 < pts.size(); ++i) out.push_back({pts[i], pts[i + 1]});
  return out;
}

// Fraction of samples along `segments` (plane m; every 4 px, 16 px clear of their ends; segments under
// 40 px are skipped) where `colour` is drawn; `offset_px` moves every sample sideways (a control that
// must miss).
double hits_along(const ScriptRun& run, const Segments& segments, Rgb colour, double offset_px = 0.0) {
  const Camera cam = run.camera();
  int samples = 0, hits = 0;
  for (const auto& [a, b] : segments) {
    double ax, ay, bx, by;
    cam.project(a.x, a.y, &ax, &ay);
    cam.project(b.x, b.y, &bx, &by);
    const double len = std::hypot(bx - ax, by - ay);
    if (len < 40.0) continue;
    const double nx = -(by - ay) / len, ny = (bx - ax) / len;
    for (double t = 16.0; t < len - 16.0; t += 4.0, ++samples)
      hits += colour_near(run.img, ax + (bx - ax) * t / len + nx * offset_px, ay + (by - ay) * t / len + ny * offset_px,
                          colour, 2);
  }
  return samples > 0 ? double(hits) / samples : 0.0;
}

// The channel toggle draws the spline the core fits for the default query (seed 003), and only then.
TEST(AppScript, TheChannelToggleDrawsTheSplineTheCoreFits) {
  const Loaded l = load("default.json");
  PlanRequest req;
  req.start = l.scene.queries[0].start;
  req.goal = l.scene.queries[0].goal;
  const ChannelPlan cp = plan_channel(l.scene, l.mesh, plan(l.scene, l.mesh, req));
  ASSERT_NE(cp.spline.mode, SplineMode::Failure);
  Segments line;  // the spline's straight pieces (its arcs are too short on screen to sample)
  for (const SplinePiece& p : cp.spline.pieces)
    if (p.kind == SplinePiece::Kind::Segment) line.push_back({p.from, p.to});
  ASSERT_GE(line.size(), 2u);

  const Rgb kSpline{200, 120, 255};
  const ScriptRun off = run_script("channel_off", R"([{"camera": "fit"}])");
  const ScriptRun on = run_script("channel_on", R"([{"channel": true}, {"camera": "fit"}])");
  EXPECT_EQ(on.state["channel"]["mode"], to_string(cp.spline.mode));
  EXPECT_NEAR(on.state["channel"]["length"].get<double>(), cp.spline.length, 1e-9);
  EXPECT_EQ(on.state["channel"]["shown"], true);
  EXPECT_GT(hits_along(on, line, kSpline), 0.9);
  EXPECT_LT(hits_along(on, line, kSpline, 25.0), 0.2);
  EXPECT_LT(hits_along(off, line, kSpline), 0.05);
}

// The shortest-path toggle draws the Polyanya path the core finds, and only then.
TEST(AppScript, TheShortestPathToggleDrawsTheOptimalPath) {
  const Loaded l = load("default.json");
  PlanRequest req;
  req.start = l.scene.queries[0].start;
  req.goal = l.scene.queries[0].goal;
  const std::optional<PolyanyaResult> o = optimal_for(l.scene, l.mesh, plan(l.scene, l.mesh, req));
  ASSERT_TRUE(o && o->status == Status::Complete);

  const Rgb kOptimal{150, 255, 110};
  const ScriptRun off = run_script("optimal_off", R"([{"camera": "fit"}])");
  const ScriptRun on = run_script("optimal_on", R"([{"optimal": true}, {"camera": "fit"}])");
  EXPECT_NEAR(on.state["optimal"]["length"].get<double>(), o->length, 1e-9);
  EXPECT_EQ(on.state["optimal"]["path"].size(), o->path.size());
  EXPECT_GT(hits_along(on, polyline_segments(o->path), kOptimal), 0.9);
  EXPECT_LT(hits_along(on, polyline_segments(o->path), kOptimal, 25.0), 0.2);
  EXPECT_LT(hits_along(off, polyline_segments(o->path), kOptimal), 0.05);
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

// A side-scroller scene has no navmesh view: render says so and where its picture comes from, instead
// of writing an empty picture.
TEST(AppRender, ASideScrollerSceneIsAUsageErrorThatSaysWhatToUse) {
  const std::string out = temp_dir() + "/side_render.png";
  std::remove(out.c_str());
  const RunResult r = run_navlab("render '" + scene_path("sidescroller.json") + "' --out '" + out + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("sidescroller.json is a side-scroller scene"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--script FILE --screenshot"), std::string::npos) << r.err;
  EXPECT_FALSE(std::ifstream(out).good());
}

// The README's picture is what `navlab render` draws of the default scene today: re-rendered with the
// command the README names, it must match within the tolerance the lesson pages use, and the README
// must show it.
TEST(AppRender, TheReadmePictureIsWhatRenderDrawsToday) {
  use_display();
  constexpr int kChannelTol = 8;           // llvmpipe is deterministic; this allows a rounding change
  constexpr double kMaxDiffering = 0.002;  // of the pixels
  const std::string kept = source_dir() + "/docs/images/default.png";
  const std::string out = temp_dir() + "/readme_default.png";
  const RunResult r = run_navlab("render '" + scene_path("default.json") + "' --out '" + out + "' --size 960x600");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Image now = load_png(out), before = load_png(kept);
  ASSERT_TRUE(now.ok());
  ASSERT_TRUE(before.ok()) << kept;
  ASSERT_EQ(now.px.size(), before.px.size());
  EXPECT_LE(differing(now, before, kChannelTol), kMaxDiffering * now.w * now.h)
      << "the README picture drifted: navlab render scenes/default.json --out docs/images/default.png --size 960x600";
  std::ifstream readme(source_dir() + "/README.md");
  const std::string text((std::istreambuf_iterator<char>(readme)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("](docs/images/default.png)"), std::string::npos);
}

}  // namespace
}  // namespace navlab::test

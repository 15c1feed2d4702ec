// The timeline shows every stage's records: locate, clearance, channel and spline steps are on it with
// their sentences, and a channel step draws the gate its record keeps.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "app_image.h"
#include "bake_stages.h"
#include "geom.h"
#include "navmesh_build.h"
#include "paths.h"

namespace navlab::test {
namespace {

TEST(AppTimeline, LocateAndClearanceStepsAreOnTheTimeline) {
  // doors_balcony.json: start (1, 1.5) is in polygon 0, goal (7, 1.5) in polygon 3; the plan runs
  // through door1; its first portal (x = 2, y 0..3) is 3 m wide and keeps 0.2 m from each end.
  const ScriptRun locate =
      run_script("timeline_locate", R"([{"frames": 2}, {"step": "locate:1"}, {"frames": 1}])", "doors_balcony.json");
  ASSERT_EQ(locate.exit_code, 0) << locate.err;
  EXPECT_EQ(locate.state["caption"], "Start (1, 1.5) is in polygon 0.");
  const ScriptRun goal =
      run_script("timeline_goal", R"([{"frames": 2}, {"step": "locate:2"}, {"frames": 1}])", "doors_balcony.json");
  EXPECT_EQ(goal.state["caption"], "Goal (7, 1.5) is in polygon 3.");
  const ScriptRun clearance = run_script(
      "timeline_clearance", R"([{"frames": 2}, {"step": "clearance:1"}, {"frames": 1}])", "doors_balcony.json");
  ASSERT_EQ(clearance.exit_code, 0) << clearance.err;
  const std::string caption = clearance.state["caption"];
  EXPECT_EQ(caption.rfind("Portal 1 is 3 m wide; DistanceToInnerCorner(3 m) = 0.2 m is cut off each end", 0), 0u)
      << caption;
}

// "clearance:N" is one step everywhere: `plan --trace` numbers the shrunk portals, then the funnel's
// iterations through them, and `render --step` and an app script show that same step with that sentence.
TEST(AppTimeline, AStepReferenceNamesTheSameStepInTheTraceTheRenderAndTheApp) {
  const RunResult traced = run_navlab("plan " + scene_path("doors_balcony.json") + " --trace");
  ASSERT_EQ(traced.exit_code, 0) << traced.err;
  const nlohmann::json steps = nlohmann::json::parse(traced.out)["results"][0]["steps"];
  nlohmann::json first_funnel;  // the clearance stage's first funnel iteration, after every shrink
  int shrinks = 0;
  for (const nlohmann::json& s : steps) {
    if (s["stage"] != "clearance") continue;
    if (s["kind"] == "shrink") {
      ++shrinks;
    } else if (first_funnel.is_null()) {
      first_funnel = s;
    }
  }
  ASSERT_GT(shrinks, 0);
  ASSERT_FALSE(first_funnel.is_null());
  EXPECT_EQ(first_funnel["index"], shrinks + 1);
  const std::string ref = "clearance:" + std::to_string(first_funnel["index"].get<int>());

  const std::string png = temp_dir() + "/step_ref.png";
  const RunResult rendered =
      run_navlab("render " + scene_path("doors_balcony.json") + " --out " + png + " --step " + ref);
  ASSERT_EQ(rendered.exit_code, 0) << rendered.err;
  const nlohmann::json r = last_json_line(rendered.out);
  EXPECT_EQ(r["caption"], first_funnel["text"]);
  EXPECT_EQ(r["step_ref"], (nlohmann::json{{"stage", "clearance"}, {"index", first_funnel["index"]}}));

  const ScriptRun app =
      run_script("step_ref", R"([{"frames": 2}, {"step": ")" + ref + R"("}, {"frames": 1}])", "doors_balcony.json");
  ASSERT_EQ(app.exit_code, 0) << app.err;
  EXPECT_EQ(app.state["caption"], first_funnel["text"]);
  EXPECT_EQ(app.state["step_ref"], r["step_ref"]);
}

// A baked scene's timeline opens with its eight Recast stages, each with its sentence; the regions step
// names the regions its cells carry. A hand-authored mesh has no bake steps: its locate comes first.
TEST(AppTimeline, BakeStagesOpenTheTimelineOfABakedScene) {
  auto scene = load_scene(scene_path("default.json"));
  ASSERT_TRUE(scene.ok());
  BakeStages stages;
  ASSERT_TRUE(build_navmesh(scene.value(), nullptr, &stages).ok());
  std::set<int> regions;
  for (const StageCell& c : stages.cells)
    if (c.region != 0) regions.insert(c.region);
  const ScriptRun bake = run_script("timeline_bake", R"([{"frames": 2}, {"step": "bake:4"}, {"frames": 1}])");
  ASSERT_EQ(bake.exit_code, 0) << bake.err;
  EXPECT_EQ(bake.state["step"], 3);
  const std::string caption = bake.state["caption"];
  EXPECT_NE(caption.find(" into " + std::to_string(regions.size()) + " regions."), std::string::npos) << caption;
  const ScriptRun first = run_script("timeline_bake_first", R"([{"frames": 2}, {"step": "bake:1"}, {"frames": 1}])");
  EXPECT_EQ(first.state["caption"].get<std::string>().rfind("The input holds 2 triangles", 0), 0u)
      << first.state["caption"];
  const ScriptRun locate =
      run_script("timeline_bake_locate", R"([{"frames": 2}, {"step": "locate:1"}, {"frames": 1}])");
  EXPECT_EQ(locate.state["step"], kBakeStageCount);
  const ScriptRun hand =
      run_script("timeline_no_bake", R"([{"frames": 2}, {"step": "locate:1"}, {"frames": 1}])", "doors_balcony.json");
  EXPECT_EQ(hand.state["step"], 0);
}

TEST(AppTimeline, ChannelAndSplineStepsAreOnTheTimelineAndDrawTheirRecords) {
  use_display();
  // The channel `navlab plan --smoothing channel` reports for the basic floor plan: its first gate,
  // across the path at the start (2, 4.5), and its first turn gate (index 3: sentences count from 1, so
  // "gate 4") at the corner (6.9, 3).
  const RunResult plan = run_navlab("plan '" + scene_path("floorplan_basic.json") + "' --smoothing channel");
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  const nlohmann::json gates = nlohmann::json::parse(plan.out)["results"][0]["channel"]["gates"];
  auto end = [&](int gate, int side) {
    return Vec2{gates[gate][side][0].get<double>(), gates[gate][side][1].get<double>()};
  };
  const Vec2 start{2, 4.5}, left = end(0, 0), right = end(0, 1);
  char expected[160];
  std::snprintf(expected, sizeof expected,
                "Gate 1 (start) at (2, 4.5): %.2f m of free space, %.2f m left and %.2f m right", distance(left, right),
                distance(start, left), distance(start, right));
  const ScriptRun gate = run_script("timeline_channel", R"([{"frames": 2}, {"step": "channel:1"}, {"frames": 1}])",
                                    "floorplan_basic.json");
  ASSERT_EQ(gate.exit_code, 0) << gate.err;
  EXPECT_EQ(gate.state["caption"].get<std::string>().rfind(expected, 0), 0u) << gate.state["caption"];
  std::snprintf(expected, sizeof expected, "Turn gate 4 at (6.9, 3) is %.1f m wide", distance(end(3, 0), end(3, 1)));
  const ScriptRun peg =
      run_script("timeline_spline", R"([{"frames": 2}, {"step": "spline:2"}, {"frames": 1}])", "floorplan_basic.json");
  ASSERT_EQ(peg.exit_code, 0) << peg.err;
  EXPECT_EQ(peg.state["caption"].get<std::string>().rfind(expected, 0), 0u) << peg.state["caption"];
  // The picture of channel:1 shows the gate in white along its length; the complete plan does not.
  auto render = [&](const std::string& step, const std::string& name) {
    const std::string out = temp_dir() + "/" + name + ".png";
    const RunResult r = run_navlab("render '" + scene_path("floorplan_basic.json") + "' --out '" + out +
                                   "' --size 640x400" + (step.empty() ? "" : " --step " + step));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return std::make_pair(load_png(out), camera_of(last_json_line(r.out), 640, 400));
  };
  const Rgb kWhite{255, 255, 255};
  for (const auto& [step, white] :
       {std::make_pair(std::string("channel:1"), true), std::make_pair(std::string(), false)}) {
    const auto [img, cam] = render(step, step.empty() ? "channel_end" : "channel_gate");
    ASSERT_TRUE(img.ok());
    for (double u : {0.2, 0.8}) {
      const Vec2 p = lerp(left, right, u);
      double x = 0, y = 0;
      cam.project(p.x, p.y, &x, &y);
      EXPECT_EQ(colour_near(img, x, y, kWhite, 2), white) << (step.empty() ? "end" : step) << " at u " << u;
    }
  }
}

TEST(AppTimeline, PolyanyaStepsDrawTheirIntervalAndRoot) {
  use_display();
  // scenes/corridor_not_shortest.json: Polyanya pops the node whose root is the wall's top corner
  // (4, 8) and whose interval runs from (6, 10) to (6, 8) (see `navlab plan --compare-optimal --trace`).
  const ScriptRun run = run_script("timeline_polyanya", R"([{"frames": 2}, {"step": "polyanya:9"}, {"frames": 1}])",
                                   "corridor_not_shortest.json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.state["caption"].get<std::string>().rfind(
                "Pop node 4: interval (6, 10) to (6, 8) into polygon 7, root vertex 10 (4, 8)", 0),
            0u)
      << run.state["caption"];
  const Camera cam = run.camera();
  double x = 0, y = 0;
  cam.project(6.0, 9.0, &x, &y);  // the interval, white
  EXPECT_TRUE(colour_near(run.img, x, y, Rgb{255, 255, 255}, 2));
  cam.project(4.0, 8.0, &x, &y);  // the root, in the shortest path's colour
  EXPECT_TRUE(colour_near(run.img, x, y, Rgb{150, 255, 110}, 3));
  const ScriptRun end = run_script("timeline_polyanya_end", R"([{"frames": 2}])", "corridor_not_shortest.json");
  cam.project(6.0, 9.0, &x, &y);
  EXPECT_FALSE(colour_near(end.img, x, y, Rgb{255, 255, 255}, 2));  // not drawn at the complete plan
}

TEST(AppTimeline, TheChannelShowsItsSplineArcsAndSegmentsInTwoColours) {
  use_display();
  // The spline `navlab plan --smoothing channel` reports for the basic floor plan, drawn by the app with
  // the channel shown: each arc's middle in the arc colour, each segment's middle in the segment colour.
  const RunResult plan = run_navlab("plan '" + scene_path("floorplan_basic.json") + "' --smoothing channel");
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  const nlohmann::json pieces = nlohmann::json::parse(plan.out)["results"][0]["spline"]["pieces"];
  const ScriptRun shown =
      run_script("channel_shown", R"([{"frames": 2}, {"channel": true}, {"frames": 2}])", "floorplan_basic.json");
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const Camera cam = shown.camera();
  const Rgb kSegment{200, 120, 255}, kArc{255, 130, 230};
  auto xy = [](const nlohmann::json& p) { return Vec2{p[0].get<double>(), p[1].get<double>()}; };
  int arcs = 0, segments = 0;
  for (const nlohmann::json& p : pieces) {
    Vec2 mid = lerp(xy(p["from"]), xy(p["to"]), 0.5);
    const bool arc = p["kind"] == "arc";
    if (arc) {  // the arc's middle: on its circle, halfway between its ends (sweeps here are under π)
      const Vec2 c = xy(p["center"]), d = mid - c;
      mid = c + d * (p["radius"].get<double>() / length(d));
    }
    double x = 0, y = 0;
    cam.project(mid.x, mid.y, &x, &y);
    EXPECT_TRUE(colour_near(shown.img, x, y, arc ? kArc : kSegment, 2)) << p.dump();
    if (distance(xy(p["from"]), xy(p["to"])) > 0.5) {  // a short piece's neighbours are a few pixels away
      EXPECT_FALSE(colour_near(shown.img, x, y, arc ? kSegment : kArc, 1)) << p.dump();
    }
    (arc ? arcs : segments) += 1;
  }
  EXPECT_GE(arcs, 1);
  EXPECT_GE(segments, 2);
}

}  // namespace
}  // namespace navlab::test

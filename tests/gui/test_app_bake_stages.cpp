// The Recast stages drawn: `navlab render --bake-stage NAME` pictures read back and sampled at cells the
// bake's own records place (core/navmesh/bake_stages.h): every region drawn in a colour of its own, the
// distance field brighter inside than at the border, and the navmesh view without either.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <tuple>

#include "app_image.h"
#include "bake_stages.h"
#include "navmesh_build.h"
#include "paths.h"

namespace navlab::test {
namespace {

constexpr int kW = 900, kH = 600;

struct Picture {
  Image img;
  Camera cam;
};

Picture render_stage(const std::string& scene, const std::string& stage) {
  use_display();
  const std::string out = temp_dir() + "/" + stage + ".png";
  const RunResult r = run_navlab("render '" + scene_path(scene) + "' --out '" + out + "' --size " + std::to_string(kW) +
                                 "x" + std::to_string(kH) + " --bake-stage " + stage);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json info = last_json_line(r.out);
  EXPECT_EQ(info.value("bake_stage", ""), stage);
  return {load_png(out), camera_of(info, kW, kH)};
}

BakeStages stages_of(const std::string& scene) {
  auto s = load_scene(scene_path(scene));
  EXPECT_TRUE(s.ok()) << s.error();
  BakeStages stages;
  EXPECT_TRUE(build_navmesh(s.value(), nullptr, &stages).ok());
  return stages;
}

using Colour = std::tuple<int, int, int>;

// The picture's colour at the centre of grid cell (x, z).
Colour colour_at_cell(const Picture& p, const BakeStages& s, int x, int z) {
  const auto q = s.cell_square(x, z);
  const Vec2 c = (q[0] + q[2]) * 0.5;
  double px = 0, py = 0;
  p.cam.project(c.x, c.y, &px, &py);
  const unsigned char* v = p.img.at(int(px), int(py));
  return {v[0], v[1], v[2]};
}

// Each region's innermost cell (largest distance field value): away from borders and other regions.
std::map<int, StageCell> innermost_cells(const BakeStages& s) {
  std::map<int, StageCell> best;
  for (const StageCell& c : s.cells)
    if (c.region != 0 && (!best.count(c.region) || c.dist > best[c.region].dist)) best[c.region] = c;
  return best;
}

TEST(AppBakeStages, EveryRegionIsDrawnInAColourOfItsOwnAndTheNavmeshHasNone) {
  const BakeStages s = stages_of("default.json");
  const auto inner = innermost_cells(s);
  ASSERT_EQ(int(inner.size()), s.region_count);
  const Picture regions = render_stage("default.json", "regions");
  const Picture navmesh = render_stage("default.json", "navmesh");
  ASSERT_TRUE(regions.img.ok());
  ASSERT_TRUE(navmesh.img.ok());
  std::set<Colour> in_regions, in_navmesh;
  for (const auto& [id, c] : inner) {
    in_regions.insert(colour_at_cell(regions, s, c.x, c.z));
    in_navmesh.insert(colour_at_cell(navmesh, s, c.x, c.z));
  }
  EXPECT_EQ(int(in_regions.size()), s.region_count);  // the 11 regions drawn, each its own colour
  // The navmesh view fills by area (one "default" area here): labels or the plan may touch a sample, but
  // the colours are nowhere near one per region.
  EXPECT_LE(int(in_navmesh.size()), s.region_count / 2);
  for (const Colour& c : in_regions) EXPECT_EQ(in_navmesh.count(c), 0u);
}

// The compact stage draws walkable cells in grey levels of the distance field: a region's innermost
// cell is brighter than a walkable cell on the eroded border (distance field at its smallest).
TEST(AppBakeStages, CompactStageIsBrighterInsideThanAtTheBorder) {
  const BakeStages s = stages_of("default.json");
  ASSERT_TRUE(s.has_distance_field);
  const StageCell* edge = nullptr;
  for (const StageCell& c : s.cells)
    if (c.walkable && (!edge || c.dist < edge->dist)) edge = &c;
  ASSERT_NE(edge, nullptr);
  const StageCell inner = innermost_cells(s).begin()->second;
  ASSERT_GT(inner.dist, edge->dist);
  const Picture compact = render_stage("default.json", "compact");
  const auto [r0, g0, b0] = colour_at_cell(compact, s, edge->x, edge->z);
  const auto [r1, g1, b1] = colour_at_cell(compact, s, inner.x, inner.z);
  EXPECT_EQ(r1, g1);  // grey
  EXPECT_EQ(g1, b1);
  EXPECT_GT(r1, r0 + 60);
}

// The app's view switch (the Bake panel's combo; {"bake_stage": NAME} in a script) draws the same regions.
TEST(AppBakeStages, TheAppsViewSwitchDrawsTheRegions) {
  const BakeStages s = stages_of("default.json");
  const ScriptRun regions =
      run_script("switch_regions", R"([{"frames": 1}, {"bake_stage": "regions"}, {"frames": 1}])");
  const ScriptRun back = run_script(
      "switch_back", R"([{"bake_stage": "regions"}, {"frames": 1}, {"bake_stage": "navmesh"}, {"frames": 1}])");
  ASSERT_TRUE(regions.img.ok());
  ASSERT_TRUE(back.img.ok());
  std::set<Colour> in_regions, in_navmesh;
  for (const auto& [id, c] : innermost_cells(s)) {
    in_regions.insert(colour_at_cell({regions.img, regions.camera()}, s, c.x, c.z));
    in_navmesh.insert(colour_at_cell({back.img, back.camera()}, s, c.x, c.z));
  }
  EXPECT_EQ(int(in_regions.size()), s.region_count);
  EXPECT_LE(int(in_navmesh.size()), s.region_count / 2);
  const std::string script = temp_dir() + "/bad_stage.json";
  write_text(script, R"([{"bake_stage": "spans"}])");
  const RunResult bad = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown bake stage \"spans\""), std::string::npos) << bad.err;
}

// The timeline's regions step (bake:4) draws the regions too, and the complete plan the navmesh again.
TEST(AppBakeStages, TheTimelinesRegionsStepDrawsTheRegions) {
  const BakeStages s = stages_of("default.json");
  const ScriptRun step = run_script("timeline_regions", R"([{"frames": 1}, {"step": "bake:4"}, {"frames": 1}])");
  const ScriptRun end =
      run_script("timeline_end", R"([{"frames": 1}, {"step": "bake:4"}, {"frames": 1}, {"step": "end"},
                                                      {"frames": 1}])");
  std::set<Colour> at_step, at_end;
  for (const auto& [id, c] : innermost_cells(s)) {
    at_step.insert(colour_at_cell({step.img, step.camera()}, s, c.x, c.z));
    at_end.insert(colour_at_cell({end.img, end.camera()}, s, c.x, c.z));
  }
  // The app draws the doors and spawn candidates over the stage: a marker may cover a small region's sample.
  EXPECT_GE(int(at_step.size()), s.region_count - 2);
  EXPECT_LE(int(at_end.size()), s.region_count / 2);
}

TEST(AppBakeStages, UnknownStagesAndSourcesWithoutABakeAreRefused) {
  use_display();
  const std::string out = temp_dir() + "/refused.png";
  RunResult r = run_navlab("render '" + scene_path("default.json") + "' --out '" + out + "' --bake-stage spans");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown --bake-stage 'spans'"), std::string::npos) << r.err;
  r = run_navlab("render '" + scene_path("blocker_corridor.json") + "' --out '" + out + "' --bake-stage regions");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("needs a baked scene"), std::string::npos) << r.err;
}

// docs/app.md's picture of the regions is what `navlab render --bake-stage regions` draws today (the
// tolerance of the README picture's test), and the page shows it.
TEST(AppBakeStages, TheDocsPictureIsWhatRenderDrawsToday) {
  use_display();
  constexpr int kChannelTol = 8;
  constexpr double kMaxDiffering = 0.002;  // of the pixels
  const std::string kept = source_dir() + "/docs/images/bake_regions.png";
  const std::string out = temp_dir() + "/docs_bake_regions.png";
  const RunResult r =
      run_navlab("render '" + scene_path("default.json") + "' --out '" + out + "' --size 960x600 --bake-stage regions");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Image now = load_png(out), before = load_png(kept);
  ASSERT_TRUE(now.ok());
  ASSERT_TRUE(before.ok()) << kept;
  ASSERT_EQ(now.px.size(), before.px.size());
  EXPECT_LE(differing(now, before, kChannelTol), kMaxDiffering * now.w * now.h)
      << "the picture drifted: navlab render scenes/default.json --out docs/images/bake_regions.png --size 960x600 "
         "--bake-stage regions";
  EXPECT_NE(read_text(source_dir() + "/docs/app.md").find("](images/bake_regions.png)"), std::string::npos);
}

}  // namespace
}  // namespace navlab::test

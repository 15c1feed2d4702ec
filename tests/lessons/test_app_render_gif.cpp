// `navlab render SCENE --step STAGE --gif OUT.gif`: one frame per step of the stage and a last frame of
// the complete plan. The file is read back here by walking the GIF block structure by hand (GIF89a
// spec), independently of the giflib that wrote it.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "app_image.h"
#include "meshes.h"
#include "paths.h"
#include "plan.h"

namespace navlab::test {
namespace {

struct GifInfo {
  bool ok = false;
  int w = 0, h = 0;
  bool loops = false;          // NETSCAPE2.0 extension present
  std::vector<int> delays_cs;  // one per image (from the graphics control extension before it)
};

size_t skip_sub_blocks(const std::vector<uint8_t>& b, size_t i) {
  while (i < b.size() && b[i] != 0) i += size_t(b[i]) + 1;
  return i + 1;
}

GifInfo read_gif(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  GifInfo g;
  if (b.size() < 13 || std::string(b.begin(), b.begin() + 6) != "GIF89a") return g;
  g.w = b[6] | (b[7] << 8);
  g.h = b[8] | (b[9] << 8);
  size_t i = 13 + ((b[10] & 0x80) ? 3u * (2u << (b[10] & 7)) : 0u);
  int delay = -1;
  while (i < b.size()) {
    if (b[i] == 0x3B) {
      g.ok = true;
      break;
    }
    if (b[i] == 0x21) {  // extension: label, then sub-blocks
      if (b[i + 1] == 0xF9) delay = b[i + 4] | (b[i + 5] << 8);
      if (b[i + 1] == 0xFF && std::string(b.begin() + long(i) + 3, b.begin() + long(i) + 14) == "NETSCAPE2.0")
        g.loops = true;
      i = skip_sub_blocks(b, i + 2);
    } else if (b[i] == 0x2C) {  // image: descriptor, local colour table, LZW code size, data
      const uint8_t flags = b[i + 9];
      i += 10 + ((flags & 0x80) ? 3u * (2u << (flags & 7)) : 0u);
      i = skip_sub_blocks(b, i + 1);
      g.delays_cs.push_back(delay);
      delay = -1;
    } else {
      return g;
    }
  }
  return g;
}

TEST(AppRenderGif, OneFramePerFunnelStepThenThePlan) {
  use_display();
  const std::string out = temp_dir() + "/funnel.gif";
  const RunResult r = run_navlab("render '" + scene_path("w4_funnel_corner.json") + "' --step funnel --gif '" + out +
                                 "' --size 320x200");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The number of funnel records, from the planner itself.
  const Loaded l = load("w4_funnel_corner.json");
  PlanTrace trace;
  plan(l.scene, l.mesh, PlanRequest{l.scene.queries[0].start, l.scene.queries[0].goal, {}}, &trace);
  const GifInfo g = read_gif(out);
  ASSERT_TRUE(g.ok);
  EXPECT_EQ(g.w, 320);
  EXPECT_EQ(g.h, 200);
  EXPECT_TRUE(g.loops);
  ASSERT_EQ(g.delays_cs.size(), trace.funnel.steps.size() + 1);
  for (size_t i = 0; i + 1 < g.delays_cs.size(); ++i) EXPECT_EQ(g.delays_cs[i], 100);
  EXPECT_EQ(g.delays_cs.back(), 300);
}

// The app's File → Export GIF of this stage, scripted: the same frames as the command line (one per
// funnel record of the planner, then the plan), and the timeline left where it was.
TEST(AppRenderGif, TheAppExportsTheStageItShows) {
  const std::string out = temp_dir() + "/app_funnel.gif";
  std::remove(out.c_str());
  const ScriptRun before = run_script("gif_before", R"([{"step": 3}])", "w4_funnel_corner.json");
  const ScriptRun r =
      run_script("gif_export",
                 R"([{"step": 3}, {"export": ")" + out + R"(", "stage": "funnel", "size": [320, 200]}, {"frames": 1}])",
                 "w4_funnel_corner.json");
  EXPECT_EQ(r.state["error"], "");
  const Loaded l = load("w4_funnel_corner.json");
  PlanTrace trace;
  plan(l.scene, l.mesh, PlanRequest{l.scene.queries[0].start, l.scene.queries[0].goal, {}}, &trace);
  const GifInfo g = read_gif(out);
  ASSERT_TRUE(g.ok) << out;
  EXPECT_EQ(g.w, 320);
  EXPECT_EQ(g.h, 200);
  EXPECT_TRUE(g.loops);
  ASSERT_EQ(g.delays_cs.size(), trace.funnel.steps.size() + 1);
  EXPECT_EQ(g.delays_cs.back(), 300);
  EXPECT_EQ(r.state["step"], before.state["step"]);
}

TEST(AppRenderGif, NeedsAStageName) {
  const std::string out = temp_dir() + "/bad.gif";
  EXPECT_EQ(
      run_navlab("render '" + scene_path("w4_funnel_corner.json") + "' --step funnel:2 --gif '" + out + "'").exit_code,
      2);
  EXPECT_EQ(run_navlab("render '" + scene_path("w4_funnel_corner.json") + "' --gif '" + out + "'").exit_code, 2);
}

}  // namespace
}  // namespace navlab::test

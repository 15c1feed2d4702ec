// Lessons in the app and in the docs. A presentation clicker sends a key press and its release within
// one frame: the slide must still turn (keys come from SDL events). docs/lessons/ is what
// `navlab lesson` renders: re-rendering must give the same pages and (within a tolerance) pictures.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "lesson.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

std::string lesson_path(const std::string& name) { return source_dir() + "/scenes/lessons/" + name; }

int slide_after(const std::string& name, const std::string& taps) {
  const ScriptRun r =
      run_script(name, R"([{"lesson": ")" + lesson_path("04_portals_and_funnel.json") + "\"}" + taps + "]");
  if (!r.state.contains("lesson") || r.state["lesson"].is_null()) return -1;
  return r.state["lesson"]["slide"].get<int>();
}

TEST(AppLessons, APressAndReleaseInOneFrameTurnTheSlide) {
  EXPECT_EQ(slide_after("lesson_none", ""), 0);
  EXPECT_EQ(slide_after("lesson_one", R"(, {"key_tap": "PageDown"})"), 1);
  EXPECT_EQ(slide_after("lesson_three", R"(, {"key_tap": "PageDown"}, {"key_tap": "PageDown"}, {"key_tap": "PageDown"})"), 3);
  EXPECT_EQ(slide_after("lesson_back", R"(, {"key_tap": "PageDown"}, {"key_tap": "PageDown"}, {"key_tap": "PageUp"})"), 1);
  EXPECT_EQ(slide_after("lesson_before_first", R"(, {"key_tap": "PageUp"})"), 0);
}

TEST(AppLessons, EverySlideOfEveryLessonIsReachableByKeyboard) {
  // Ctrl+Page Down opens the first lesson, Page Down walks its slides; the last Page Down stays on the
  // last slide, Ctrl+Page Down then opens the next lesson.
  const Result<Lesson> first = load_lesson(lesson_path("01_polygons_and_graph.json"));
  ASSERT_TRUE(first.ok()) << first.error();
  std::string taps = R"([{"key_tap": "PageDown", "ctrl": true})";
  for (size_t i = 0; i < first->slides.size(); ++i) taps += R"(, {"key_tap": "PageDown"})";
  taps += R"(, {"key_tap": "PageDown", "ctrl": true}, {"key_tap": "PageDown"}])";
  const ScriptRun r = run_script("lesson_walk", taps);
  ASSERT_FALSE(r.state["lesson"].is_null()) << r.err;
  EXPECT_NE(r.state["lesson"]["file"].get<std::string>().find("02_dijkstra_and_astar.json"), std::string::npos);
  EXPECT_EQ(r.state["lesson"]["slide"], 1);
  EXPECT_EQ(r.state["error"], "");
}

TEST(AppLessons, ASideScrollerSlideShowsItsMomentWithTheEnemyItReadsFramed) {
  use_display();
  // Slide 5 of the side-scroller lesson: the chaser at t 6.85 s (tick 137), blocked at the cliff.
  const std::string open = R"([{"lesson": ")" + lesson_path("11_side_scroller.json") + "\"}";
  const ScriptRun r = run_script("lesson_side", open + R"(, {"key_tap": "PageDown"}, {"key_tap": "PageDown"},
      {"key_tap": "PageDown"}, {"key_tap": "PageDown"}, {"frames": 1}])", "default.json", "window");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(r.state["lesson"]["slide"], 4) << r.state.dump();
  const json& side = r.state["side"];
  ASSERT_TRUE(side.is_object()) << r.state.dump();
  EXPECT_EQ(side["tick"], 137);
  const json& chaser = side["enemies"][3];
  EXPECT_EQ(chaser["id"], "chaser");
  EXPECT_EQ(chaser["state"], "at_edge");
  EXPECT_NE(chaser["caption"].get<std::string>().find("is out of reach"), std::string::npos);
  // The white frame 4 px outside the chaser's body (x 15 to 16 m), not around the wanderer.
  const json& c = side["canvas"];
  const double scale = c["scale"].get<double>(), x0 = c["x"].get<double>(), lo = c["lo"][0].get<double>();
  const double y = c["y"].get<double>() + c["height"].get<double>() - (1.5 - c["lo"][1].get<double>()) * scale;
  const Rgb kFrame{235, 238, 242};
  EXPECT_TRUE(colour_near(r.img, x0 + (15.0 - lo) * scale - 4, y, kFrame, 1));
  const double wanderer_left = side["enemies"][1]["pos"][0].get<double>() - 0.5;
  EXPECT_FALSE(colour_near(r.img, x0 + (wanderer_left - lo) * scale - 4, y, kFrame, 1));
}

TEST(AppLessons, DocsLessonsAreWhatNavlabLessonRenders) {
  use_display();
  constexpr int kChannelTol = 8;        // llvmpipe is deterministic; this allows a rounding change
  constexpr double kMaxDiffering = 0.002;  // of the pixels
  const std::vector<std::string> files = lesson_files(source_dir() + "/scenes/lessons");
  ASSERT_GE(files.size(), 10u);
  for (const std::string& file : files) {
    const std::string stem = std::filesystem::path(file).stem().string();
    SCOPED_TRACE(stem);
    const std::string docs = source_dir() + "/docs/lessons/" + stem;
    const std::string out = temp_dir() + "/lessons/" + stem;
    const RunResult r = run_navlab("lesson '" + file + "' --out '" + out + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_text(out + "/index.md"), read_text(docs + "/index.md"))
        << "the page drifted: re-run navlab lesson " << file << " --out " << docs;
    const json info = last_json_line(r.out);
    for (const json& s : info["slides"]) {
      const Image now = load_png(out + "/" + s["png"].get<std::string>());
      const Image kept = load_png(docs + "/" + s["png"].get<std::string>());
      ASSERT_TRUE(now.ok());
      ASSERT_TRUE(kept.ok()) << docs << "/" << s["png"];
      ASSERT_EQ(now.px.size(), kept.px.size());
      EXPECT_LE(differing(now, kept, kChannelTol), kMaxDiffering * now.w * now.h) << s["png"];
    }
  }
}

}  // namespace
}  // namespace navlab::test

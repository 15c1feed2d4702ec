// Lessons in the app and in the docs. A presentation clicker sends a key press and its release within
// one frame: the slide must still turn (keys come from SDL events). docs/lessons/ is what
// `navlab lesson` renders: re-rendering must give the same pages and (within a tolerance) pictures.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app_image.h"
#include "lesson.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

std::string lesson_path(const std::string& name) { return source_dir() + "/scenes/lessons/" + name; }

#define NAVLAB_LESSONS_DIR (source_dir() + "/scenes/lessons")

int slide_after(const std::string& name, const std::string& taps) {
  const ScriptRun r =
      run_script(name, R"([{"lesson": ")" + lesson_path("04_portals_and_funnel.json") + "\"}" + taps + "]");
  if (!r.state.contains("lesson") || r.state["lesson"].is_null()) return -1;
  return r.state["lesson"]["slide"].get<int>();
}

TEST(AppLessons, APressAndReleaseInOneFrameTurnTheSlide) {
  EXPECT_EQ(slide_after("lesson_none", ""), 0);
  EXPECT_EQ(slide_after("lesson_one", R"(, {"key_tap": "PageDown"})"), 1);
  EXPECT_EQ(
      slide_after("lesson_three", R"(, {"key_tap": "PageDown"}, {"key_tap": "PageDown"}, {"key_tap": "PageDown"})"), 3);
  EXPECT_EQ(slide_after("lesson_back", R"(, {"key_tap": "PageDown"}, {"key_tap": "PageDown"}, {"key_tap": "PageUp"})"),
            1);
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
      {"key_tap": "PageDown"}, {"key_tap": "PageDown"}, {"frames": 1}])",
                                 "default.json", "window");
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

// Every JSON line the app printed.
std::vector<json> json_lines(const std::string& out) {
  std::vector<json> lines;
  size_t at = 0;
  while (at < out.size()) {
    const size_t end = out.find('\n', at);
    const json j = json::parse(out.substr(at, end - at), nullptr, false);
    if (!j.is_discarded() && j.is_object()) lines.push_back(j);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return lines;
}

struct Box {
  double x = 0, y = 0, w = 0, h = 0;
  bool contains(double px, double py) const { return px >= x && px < x + w && py >= y && py < y + h; }
};
Box box(const json& r) {
  return r.is_null() ? Box{} : Box{r[0].get<double>(), r[1].get<double>(), r[2].get<double>(), r[3].get<double>()};
}

// The window pixel of plane point (x, y) in the viewport the state describes.
void to_window(const json& state, double x, double y, double* px, double* py) {
  const json& v = state["viewport"];
  Camera c = camera_of(state, v["width"].get<double>(), v["height"].get<double>());
  c.project(x, y, px, py);
  *px += v["x"].get<double>();
  *py += v["y"].get<double>();
}

// The viewport's part of a window screenshot.
Image crop(const Image& img, const json& v) {
  Image out;
  out.w = int(v["width"].get<double>());
  out.h = int(v["height"].get<double>());
  const int x0 = int(v["x"].get<double>()), y0 = int(v["y"].get<double>());
  out.px.resize(size_t(out.w) * out.h * 4);
  for (int y = 0; y < out.h; ++y)
    for (int x = 0; x < out.w; ++x) std::copy_n(img.at(x0 + x, y0 + y), 4, &out.px[(size_t(y) * out.w + x) * 4]);
  return out;
}

// Presents a lesson at 1280x720 and walks it (a question slide: question, then answer), printing the
// state and taking a window screenshot of every answer.
std::vector<json> present(const Lesson& lesson, const std::string& shots) {
  std::string actions = R"([{"lesson": ")" + lesson.path + R"("}, {"present": true}, {"frames": 2})";
  for (size_t i = 0; i < lesson.slides.size(); ++i) {
    if (!lesson.slides[i].question.empty())  // the question, then its answer
      actions += R"(, {"print_state": true}, {"key_tap": "PageDown"}, {"frames": 1})";
    actions += R"(, {"print_state": true}, {"screenshot": ")" + shots + "_" + std::to_string(i) + R"(.png"})";
    actions += R"(, {"key_tap": "PageDown"}, {"frames": 1})";
  }
  const std::string script = write_file("present.json", actions + "]");
  const RunResult r =
      run_navlab("'" + source_dir() + "/scenes/default.json' --script '" + script + "' --size 1280x720");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json_lines(r.out);
}

// One lesson per test, so each stays short.
class AtProjectorSize : public ::testing::TestWithParam<std::string> {};

std::string lesson_name(const ::testing::TestParamInfo<std::string>& info) {
  return std::filesystem::path(info.param).stem().string().substr(0, 2);
}

INSTANTIATE_TEST_SUITE_P(AppLessons, AtProjectorSize, ::testing::ValuesIn(lesson_files(NAVLAB_LESSONS_DIR)),
                         lesson_name);

TEST_P(AtProjectorSize, EverySlidesSubjectIsClearOfEveryPanelAndNoTextIsCut) {
  use_display();
  int subjects = 0, routes = 0;
  {
    const std::string& file = GetParam();
    const Result<Lesson> lesson = load_lesson(file);
    ASSERT_TRUE(lesson.ok()) << lesson.error();
    const std::string stem = std::filesystem::path(file).stem().string();
    SCOPED_TRACE(stem);
    const std::string shots = temp_dir() + "/present_" + stem;
    const std::vector<json> states = present(lesson.value(), shots);
    for (const json& st : states) {
      if (st["lesson"].is_null()) continue;
      const int slide = st["lesson"]["slide"].get<int>();
      SCOPED_TRACE("slide " + std::to_string(slide + 1));
      EXPECT_TRUE(st["clipped"].empty()) << "text cut in " << st["clipped"].dump();
      EXPECT_FALSE(st["layout"]["slide"].is_null()) << "the slide column is shown";
      const Box panels[] = {box(st["layout"]["left"]), box(st["layout"]["slide"]), box(st["layout"]["details"]),
                            box(st["layout"]["transport"])};
      const Box map = box(st["layout"]["map"]);
      for (const json& p : st["lesson"]["subject"]) {
        double x = 0, y = 0;
        to_window(st, p[0].get<double>(), p[1].get<double>(), &x, &y);
        EXPECT_TRUE(map.contains(x, y)) << "subject point " << p.dump() << " at (" << x << ", " << y
                                        << ") is off the map";
        for (const Box& b : panels) EXPECT_FALSE(b.contains(x, y)) << "subject point " << p.dump() << " under a panel";
        ++subjects;
      }
    }
    // The answers' pictures: where the slide shows its complete route, the route's colour is on the map
    // (a panel over the map would hide it).
    for (size_t i = 0; i < lesson->slides.size(); ++i) {
      const LessonSlide& s = lesson->slides[i];
      // The funnel path's colour, where no other path is drawn over it and the slide frames its subject.
      if (s.side || s.step != "end" || s.compare || s.query < 0 || s.channel || s.optimal || s.camera) continue;
      const json* st = nullptr;
      for (const json& j : states)
        if (!j["lesson"].is_null() && j["lesson"]["slide"] == int(i) && j["lesson"]["revealed"] == true) st = &j;
      ASSERT_NE(st, nullptr) << "slide " << i + 1;
      if ((*st)["path"].size() < 2) continue;
      const Image img = load_png(shots + "_" + std::to_string(i) + ".png");
      ASSERT_TRUE(img.ok());
      const json& v = (*st)["viewport"];
      EXPECT_GT(
          path_hits(crop(img, v), (*st)["path"], camera_of(*st, v["width"].get<double>(), v["height"].get<double>())),
          0.8)
          << "slide " << i + 1 << ": the route is not on the map";
      ++routes;
    }
  }
  const Result<Lesson> lesson = load_lesson(GetParam());
  const bool side = lesson.ok() && lesson->slides.front().side;
  if (!side) {
    EXPECT_GE(subjects, 20) << "every slide frames a subject";
  }
  (void)routes;
}

TEST(AppLessons, AQuestionShowsTheStepBeforeAndTheNextKeyTheAnswer) {
  const Result<Lesson> l = load_lesson(lesson_path("02_dijkstra_and_astar.json"));
  ASSERT_TRUE(l.ok()) << l.error();
  ASSERT_FALSE(l->slides.at(1).question.empty());
  const std::string script = write_file(
      "question.json",
      R"([{"lesson": ")" + lesson_path("02_dijkstra_and_astar.json") +
          R"("}, {"key_tap": "PageDown"}, {"print_state": true}, {"key_tap": "PageDown"}, {"print_state": true},
                           {"key_tap": "PageDown"}, {"print_state": true}])");
  use_display();
  const RunResult r = run_navlab("'" + source_dir() + "/scenes/default.json' --script '" + script + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<json> s = json_lines(r.out);
  ASSERT_GE(s.size(), 3u);
  // Slide 2 asks which node Dijkstra takes next: first the step before (search:3), then search:4.
  EXPECT_EQ(s[0]["lesson"]["slide"], 1);
  EXPECT_EQ(s[0]["lesson"]["revealed"], false);
  const int answer = s[0]["lesson"]["answer_step"].get<int>();
  EXPECT_EQ(s[0]["step"], answer - 1);
  EXPECT_NE(s[0]["caption"].get<std::string>().find("Balcony is seen"), std::string::npos) << s[0]["caption"];
  EXPECT_EQ(s[1]["lesson"]["slide"], 1);
  EXPECT_EQ(s[1]["lesson"]["revealed"], true);
  EXPECT_EQ(s[1]["step"], answer);
  EXPECT_NE(s[1]["caption"].get<std::string>().find("Take Hall"), std::string::npos) << s[1]["caption"];
  EXPECT_EQ(s[2]["lesson"]["slide"], 2);  // the next key: the next slide
}

TEST(AppLessons, TheSideScrollerSlideColumnAppearsAfterAnotherLessonAndCloses) {
  use_display();
  const std::string script = write_file(
      "seven_eleven.json", R"([{"lesson": ")" + lesson_path("07_doors_and_replanning.json") + R"("}, {"lesson": ")" +
                               lesson_path("11_side_scroller.json") + R"("}, {"frames": 2}, {"print_state": true},
                               {"open": ")" +
                               scene_path("w2_doors.json") + R"("}, {"print_state": true}])");
  const RunResult r =
      run_navlab("'" + source_dir() + "/scenes/default.json' --script '" + script + "' --size 1280x720");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<json> s = json_lines(r.out);
  ASSERT_GE(s.size(), 2u);
  ASSERT_FALSE(s[0]["layout"]["slide"].is_null()) << "the slide column is shown beside the side view";
  const Box slide = box(s[0]["layout"]["slide"]);
  const json& canvas = s[0]["side"]["canvas"];
  EXPECT_LT(canvas["x"].get<double>(), slide.x);
  EXPECT_TRUE(s[0]["clipped"].empty()) << s[0]["clipped"].dump();
  // An unrelated scene opened: the lesson and its column close, and the scene is the user's (not read-only).
  EXPECT_TRUE(s[1]["lesson"].is_null());
  EXPECT_TRUE(s[1]["layout"]["slide"].is_null());
}

TEST(AppLessons, DocsLessonsAreWhatNavlabLessonRenders) {
  use_display();
  constexpr int kChannelTol = 8;           // llvmpipe is deterministic; this allows a rounding change
  constexpr double kMaxDiffering = 0.002;  // of the pixels
  std::vector<std::string> files = lesson_files(source_dir() + "/scenes/lessons");
  ASSERT_GE(files.size(), 10u);
#ifdef NAVLAB_SANITIZED
  // Under the sanitizers every fourth lesson: they take the same code paths (the release build compares
  // every lesson), and the whole test command must stay within its time.
  std::vector<std::string> some;
  for (size_t i = 0; i < files.size(); i += 4) some.push_back(files[i]);
  files = some;
#endif
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

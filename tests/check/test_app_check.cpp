// The app opens a check suite and a click on a failing case opens the timeline at the step the runner
// says decided it (the same sentence `navlab check` prints); a RecastDemo suite's level opens baked in
// memory; `navlab check --against --pictures` draws both paths over both meshes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

std::string q(const std::string& s) { return "'" + s + "'"; }

std::string failing_suite() {
  return write_file("app_fail.check.json",
                    R"({"navlab_check": 1, "scene": ")" + scene_path("default.json") + R"(", "cases": [
  {"name": "hall", "plan": {"query": 0}, "expect": {"status": "complete"}},
  {"name": "doors shut", "plan": {"query": 0, "close": ["door_east", "door_west"]}, "expect": {"status": "complete"}},
  {"name": "not east", "plan": {"query": 0}, "expect": {"not_through": ["door_east"]}},
  {"name": "ray", "raycast": {"start": [3, 3], "end": [30, 3]}, "expect": {"hit": true}}]})");
}

// The "[decided at STAGE:N: SENTENCE]" of a case's line in `navlab check`'s output.
std::pair<std::string, std::string> decided(const std::string& out, const std::string& name) {
  const size_t line = out.find("FAIL  " + name + "  ");
  const size_t at = out.find("[decided at ", line);
  const size_t colon = out.find(": ", at + 12);
  const size_t end = out.find("]\n", colon);
  if (line == std::string::npos || at == std::string::npos || end == std::string::npos) return {};
  return {out.substr(at + 12, colon - at - 12), out.substr(colon + 2, end - colon - 2)};
}

// Clicks case `name` of the failing suite in the app and expects the timeline at the step `navlab check`
// names for it, showing that step's sentence, with the plan's status `status`.
void expect_opens_at_deciding_step(const std::string& name, const std::string& status) {
  use_display();
  const std::string suite = failing_suite();
  const RunResult cli = run_navlab("check " + q(suite));
  ASSERT_EQ(cli.exit_code, 1) << cli.out << cli.err;
  const auto [ref, sentence] = decided(cli.out, name);
  ASSERT_FALSE(ref.empty()) << cli.out;
  const ScriptRun run =
      run_script("check_" + name.substr(0, 3),
                 R"([{"check_suite": ")" + suite + R"("}, {"check_case": ")" + name + R"("}, {"frames": 2}])");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json& c = run.state["check"];
  EXPECT_EQ(c["cases"], 4);
  EXPECT_EQ(c["failed"], 3);
  EXPECT_EQ(c["case"], name);
  EXPECT_EQ(c["decided_by"], ref);
  // The timeline shows that step: its sentence is the one the command line printed.
  EXPECT_EQ(run.state["caption"], sentence);
  EXPECT_LT(run.state["step"].get<int>(), run.state["steps"].get<int>());
  EXPECT_EQ(run.state["status"], status);
}

// Both doors shut: the first search step that found a closed door blocking; the plan failed as the case's.
TEST(AppCheck, AFailedPlanOpensAtTheBlockedDoor) { expect_opens_at_deciding_step("doors shut", "failed"); }

// Through a door it must not cross: the search step that entered the door's polygon.
TEST(AppCheck, ACrossingOpensWhereTheSearchEnteredTheDoor) { expect_opens_at_deciding_step("not east", "complete"); }

// A passing case shows its plan complete, at the end of the timeline.
TEST(AppCheck, APassingCaseOpensAtTheEnd) {
  use_display();
  const ScriptRun pass =
      run_script("check_pass", R"([{"check_suite": ")" + failing_suite() + R"("}, {"check_case": "hall"}])");
  ASSERT_EQ(pass.exit_code, 0) << pass.err;
  EXPECT_EQ(pass.state["check"]["passed_case"], true);
  EXPECT_EQ(pass.state["step"], pass.state["steps"]);
  EXPECT_EQ(pass.state["caption"], "");
}

TEST(AppCheck, ARaycastCaseListsItsWalkAndAnUnknownCaseIsAnError) {
  use_display();
  const std::string suite = failing_suite();
  const ScriptRun ray = run_script("check_ray", R"([{"check_suite": ")" + suite + R"("}, {"check_case": "ray"}])");
  ASSERT_EQ(ray.exit_code, 0) << ray.err;
  EXPECT_GT(ray.state["check"]["ray_steps"].get<int>(), 1);
  EXPECT_EQ(ray.state["check"]["decided_by"].get<std::string>().rfind("raycast:", 0), 0u);
  const RunResult bad = run_navlab(
      "--script " + q(write_file("bad_case.json", R"([{"check_suite": ")" + suite + R"("}, {"check_case": "nope"}])")));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("no case \"nope\""), std::string::npos) << bad.err;
}

TEST(AppCheck, ARecastDemoSuiteOpensItsLevel) {
  use_display();
  const std::string suite = source_dir() + "/tests/data/check/room_tests.txt";
  const ScriptRun run = run_script("check_level", R"([{"check_suite": ")" + suite + R"("}, {"check_case": "path 2"}])");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.state["scene"], suite);
  EXPECT_EQ(run.state["check"]["passed"], 6);
  EXPECT_EQ(run.state["status"], "complete");
  // Path 2 runs straight from (15, 2) to (19, 10) (world x, z): its two corners in the plane (x, -z).
  ASSERT_EQ(run.state["path"].size(), 2u);
  EXPECT_NEAR(run.state["path"][1][0].get<double>(), 19.0, 1e-3);
  EXPECT_NEAR(run.state["path"][1][1].get<double>(), -10.0, 1e-3);
}

// Pixels of colour `c` (within 40 per channel) in columns [x0, x1) of `img`.
int count_colour(const Image& img, int x0, int x1, Rgb c) {
  int n = 0;
  for (int y = 0; y < img.h; ++y)
    for (int x = x0; x < x1; ++x) {
      const unsigned char* p = img.at(x, y);
      n += std::abs(p[0] - c.r) < 40 && std::abs(p[1] - c.g) < 40 && std::abs(p[2] - c.b) < 40;
    }
  return n;
}

TEST(AppCheck, AgainstPicturesDrawBothPathsOverBothMeshes) {
  use_display();
  const std::string dir = temp_dir() + "/pictures";
  const std::string data = source_dir() + "/tests/data/check/";
  const RunResult r = run_navlab("check " + q(data + "room_tests.txt") + " --against " + q(data + "room_moved.obj") +
                                 " --pictures " + q(dir));
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("picture " + dir + "/01_path_1.png"), std::string::npos) << r.out;
  const Image img = load_png(dir + "/01_path_1.png");
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img.w, 1280);
  EXPECT_EQ(img.h, 560);
  const Rgb before = kPathColour, after{60, 230, 250};
  // Both paths on both halves (the before version on the left, the after version on the right).
  EXPECT_GT(count_colour(img, 0, 640, before), 200);
  EXPECT_GT(count_colour(img, 0, 640, after), 100);
  EXPECT_GT(count_colour(img, 640, 1280, before), 200);
  EXPECT_GT(count_colour(img, 640, 1280, after), 100);
  // The two halves show two meshes: they differ.
  Image left = img, right = img;
  left.w = right.w = 640;
  left.px.clear();
  right.px.clear();
  for (int y = 0; y < img.h; ++y) {
    left.px.insert(left.px.end(), img.at(0, y), img.at(0, y) + 640 * 4);
    right.px.insert(right.px.end(), img.at(640, y), img.at(640, y) + 640 * 4);
  }
  EXPECT_GT(differing(left, right, 30), 5000);
  EXPECT_TRUE(std::filesystem::exists(dir + "/04_raycast_1.png"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/06_raycast_3.png"));
  // docs/check.md shows this picture: it is what the command draws today (llvmpipe is deterministic;
  // the tolerance allows a rounding change, as the README picture's test does).
  const Image kept = load_png(source_dir() + "/docs/images/check_against.png");
  ASSERT_TRUE(kept.ok());
  ASSERT_EQ(kept.px.size(), img.px.size());
  EXPECT_LE(differing(img, kept, 8), 0.002 * img.w * img.h)
      << "docs/images/check_against.png drifted: navlab check tests/data/check/room_tests.txt --against "
         "tests/data/check/room_moved.obj --pictures DIR, then DIR/01_path_1.png";
}

}  // namespace
}  // namespace navlab::test

// The app survives bad input while it runs: a scene that cannot be opened (not JSON, empty, no
// polygons, a file that is not there) and a screenshot that cannot be written each give a clear message
// in the state's "error", and the scene on screen, its plan and the app go on as they were.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

// Opens `file` (written with `text`) after the default scene: the error names the file and says the
// scene on screen stays; the scene, its path and the plan are those of the default scene.
void expect_open_fails_and_keeps(const std::string& name, const std::string& text, const std::string& expected) {
  const ScriptRun base = run_script(name + "_base", R"([{"frames": 1}])");
  const std::string file = write_file(name + "_scene.json", text);  // run_script writes NAME.json
  const ScriptRun r = run_script(name, R"([{"open": ")" + file + R"("}, {"frames": 2}])");
  const std::string error = r.state["error"];
  EXPECT_NE(error.find(name + "_scene.json"), std::string::npos) << error;
  EXPECT_NE(error.find(expected), std::string::npos) << error;
  EXPECT_NE(error.find("The scene you had is still open."), std::string::npos) << error;
  EXPECT_EQ(r.state["scene"], base.state["scene"]);
  EXPECT_EQ(r.state["status"], base.state["status"]);
  EXPECT_EQ(r.state["path"], base.state["path"]);
  EXPECT_GT(path_hits(r.img, r.state["path"], r.camera()), 0.9);  // still drawn
}

TEST(AppSurvives, OpeningAFileThatIsNotJsonKeepsTheScene) {
  expect_open_fails_and_keeps("survive_not_json", "{ not json", ":1:3: /: expected string literal");
}

TEST(AppSurvives, OpeningAnEmptyFileKeepsTheScene) {
  expect_open_fails_and_keeps("survive_empty", "", ":1:1: /: expected '[', '{', or a literal, got end of input");
}

TEST(AppSurvives, OpeningASceneWithNoPolygonsKeepsTheScene) {
  expect_open_fails_and_keeps("survive_no_polygons",
                              R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [1, 0], [1, 1]], "polygons": []}})",
                              "/navmesh/polygons");
}

TEST(AppSurvives, OpeningAMissingFileKeepsTheScene) {
  const ScriptRun r = run_script("survive_missing", R"([{"open": "/nonexistent/navlab/level.json"}, {"frames": 1}])");
  const std::string error = r.state["error"];
  EXPECT_NE(error.find("/nonexistent/navlab/level.json"), std::string::npos) << error;
  EXPECT_NE(error.find("The scene you had is still open."), std::string::npos) << error;
  EXPECT_EQ(r.state["status"], "complete");
}

TEST(AppSurvives, AScreenshotThatCannotBeWrittenIsAMessageAndTheAppGoesOn) {
  const ScriptRun base = run_script("survive_shot_base", R"([{"step": "search:3"}])");
  const ScriptRun r = run_script("survive_shot", R"([{"screenshot": "/nonexistent/navlab/shot.png"}, {"frames": 2},
      {"step": "search:3"}])");
  const std::string error = r.state["error"];
  EXPECT_NE(error.find("cannot write /nonexistent/navlab/shot.png"), std::string::npos) << error;
  EXPECT_EQ(r.state["status"], "complete");
  EXPECT_EQ(r.state["step"], base.state["step"]);  // the script went on after the failed write
  EXPECT_EQ(r.state["caption"], base.state["caption"]);
}

}  // namespace
}  // namespace navlab::test

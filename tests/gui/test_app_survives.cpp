// The app survives bad input while it runs: a scene that cannot be opened (not JSON, empty, no
// polygons, a file that is not there), a screenshot that cannot be written and a scene file deleted
// while open each give a clear message in the state's "error", and the scene on screen, its plan and the
// app go on as they were.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

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
  use_display();
  const std::string script = write_file("survive_shot.json", R"([{"screenshot": "/nonexistent/navlab/shot.png"},
      {"frames": 2}, {"step": "search:3"}])");
  const RunResult r = run_navlab("'" + scene_path("default.json") + "' --script '" + script + "' --screenshot '" +
                                 temp_dir() + "/survive_shot.png' --size 1100x760");
  const json state = last_json_line(r.out);
  ASSERT_FALSE(state.is_discarded()) << r.out;
  const std::string error = state["error"];
  EXPECT_NE(error.find("/nonexistent/navlab/shot.png: cannot write the PNG file (No such file or directory)"),
            std::string::npos)
      << error;
  EXPECT_EQ(state["status"], "complete");
  EXPECT_EQ(state["step"], base.state["step"]);  // the script went on after the failed write
  EXPECT_EQ(state["caption"], base.state["caption"]);
  // ... and the run says it failed: a picture it was asked for is missing.
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(
      r.err.find("navlab: an export of the script failed: /nonexistent/navlab/shot.png: cannot write the PNG file"),
      std::string::npos)
      << r.err;
}

TEST(AppSurvives, ASceneFileDeletedWhileOpenIsSaidAndTheSceneStays) {
  use_display();
  // The default scene opened from a file of its own. The script first writes a marker picture (the app
  // is running with the scene open), then plays for 3 s of real time (the app looks at its file every
  // 0.5 s); the test deletes the scene file as soon as the marker appears.
  const std::string scene = write_file("survive_deleted_scene.json", read_text(scene_path("default.json")));
  const std::string marker = temp_dir() + "/survive_deleted_marker.png";
  const std::string shot = temp_dir() + "/survive_deleted.png";
  const std::string script =
      write_file("survive_deleted.json", R"({"capture": "viewport", "actions": [{"screenshot": ")" + marker +
                                             R"("}, {"frames": 1}, {"play": 3}]})");
  std::future<RunResult> run = std::async(std::launch::async, [&] {
    return run_navlab("'" + scene + "' --script '" + script + "' --screenshot '" + shot + "' --size 640x480");
  });
  bool seen = false;
  for (int i = 0; i < 12000 && !seen; ++i) {  // up to two minutes for a slow start
    seen = std::filesystem::exists(marker);
    if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::filesystem::remove(scene);
  const RunResult r = run.get();
  ASSERT_TRUE(seen) << r.err;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json state = last_json_line(r.out);
  ASSERT_FALSE(state.is_discarded()) << r.out;
  const std::string error = state["error"];
  EXPECT_NE(error.find("survive_deleted_scene.json is gone (deleted or moved) while it was open."), std::string::npos)
      << error;
  EXPECT_NE(error.find("The scene you had is still open"), std::string::npos) << error;
  EXPECT_EQ(state["scene"], scene);  // the scene stays open, with its plan
  EXPECT_EQ(state["status"], "complete");
  EXPECT_FALSE(state["path"].empty());
  EXPECT_TRUE(load_png(shot).ok()) << shot;
}

}  // namespace
}  // namespace navlab::test

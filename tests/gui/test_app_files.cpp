// Safe files: edits are not lost to an open or a quit without asking, lesson and shipped scenes are not
// written over by Save, and the file dialog starts in the open scene's folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

TEST(AppFiles, OpeningAnotherSceneAsksAboutUnsavedChanges) {
  use_display();
  // A copy outside the shipped folder, so the scene is the user's own (not read-only).
  const std::string mine = temp_dir() + "/mine_doors.json";
  std::filesystem::copy_file(scene_path("doors_balcony.json"), mine, std::filesystem::copy_options::overwrite_existing);
  const std::string other = scene_path("w3_midpoints.json");
  const ScriptRun clean = run_script("files_clean", R"([{"print_state": true}])", mine);
  EXPECT_EQ(clean.state["files"]["unsaved"], false);
  EXPECT_EQ(clean.state["files"]["read_only"], false);
  // Close a door: an edit. Opening another scene asks; Cancel keeps the scene and its edit.
  const ScriptRun asked = run_script(
      "files_cancel", R"([{"door": "door1", "open": false}, {"open": ")" + other + R"("}, {"frames": 1}])", mine);
  EXPECT_EQ(asked.state["files"]["unsaved"], true);
  EXPECT_EQ(asked.state["files"]["prompt"], "open");
  EXPECT_EQ(asked.state["scene"], mine);
  const ScriptRun cancelled =
      run_script("files_cancel2",
                 R"([{"door": "door1", "open": false}, {"open": ")" + other + R"("}, {"prompt": "cancel"}])", mine);
  EXPECT_TRUE(cancelled.state["files"]["prompt"].is_null());
  EXPECT_EQ(cancelled.state["scene"], mine);
  EXPECT_EQ(cancelled.state["files"]["unsaved"], true);
  const ScriptRun discarded =
      run_script("files_discard",
                 R"([{"door": "door1", "open": false}, {"open": ")" + other + R"("}, {"prompt": "discard"}])", mine);
  EXPECT_EQ(discarded.state["scene"], other);
  // Save writes the user's own file and the prompt has nothing to ask then.
  const ScriptRun saved = run_script(
      "files_save", R"([{"door": "door1", "open": false}, {"open": ")" + other + R"("}, {"prompt": "save"}])", mine);
  EXPECT_EQ(saved.state["scene"], other);
  EXPECT_NE(read_text(mine).find("\"open\": false"), std::string::npos) << "the closed door was saved";
}

TEST(AppFiles, QuitAsksToo) {
  use_display();
  const std::string mine = temp_dir() + "/mine_quit.json";
  std::filesystem::copy_file(scene_path("doors_balcony.json"), mine, std::filesystem::copy_options::overwrite_existing);
  const ScriptRun r = run_script("files_quit", R"([{"door": "door1", "open": false}, {"key_tap": "Q", "ctrl": true},
      {"frames": 1}])",
                                 mine);
  EXPECT_EQ(r.state["files"]["prompt"], "quit");
}

TEST(AppFiles, LessonAndShippedScenesAreReadOnlyAndSaveAsksForANewPath) {
  use_display();
  const std::string lesson = source_dir() + "/scenes/lessons/07_doors_and_replanning.json";
  const std::string before = read_text(scene_path("w2_doors.json"));
  const ScriptRun r = run_script("files_lesson", R"([{"lesson": ")" + lesson + R"("}, {"agent": {"max_speed": 2.25}},
      {"key_tap": "S", "ctrl": true}, {"frames": 1}])");
  EXPECT_EQ(r.state["files"]["read_only"], true);
  ASSERT_FALSE(r.state["files"]["dialog"].is_null()) << "Save opened the Save As dialog";
  EXPECT_EQ(r.state["files"]["dialog"]["save"], true);
  const std::string folder = r.state["files"]["dialog"]["folder"].get<std::string>();
  EXPECT_EQ(folder.find(source_dir() + "/scenes"), std::string::npos) << folder;
  EXPECT_EQ(read_text(scene_path("w2_doors.json")), before) << "the shipped scene was not written";
  // A scene of one's own: the dialog lists the open scene's folder.
  const ScriptRun open = run_script("files_dialog", R"([{"file_dialog": "open"}, {"frames": 1}])");
  ASSERT_FALSE(open.state["files"]["dialog"].is_null());
  EXPECT_EQ(std::filesystem::path(open.state["files"]["dialog"]["folder"].get<std::string>()),
            std::filesystem::path(scene_path("default.json")).parent_path());
  bool lists_default = false;
  for (const json& e : open.state["files"]["dialog"]["entries"]) lists_default |= e == "default.json";
  EXPECT_TRUE(lists_default);
}

}  // namespace
}  // namespace navlab::test

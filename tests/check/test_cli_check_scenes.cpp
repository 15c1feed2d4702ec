// The project's own scenes as a studio's levels: every scene with queries or spawn candidates has a check
// suite in scenes/checks/, and `navlab check` passes every case of it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "paths.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;

std::string checks_dir() { return test::source_dir() + "/scenes/checks"; }

// The scenes a suite must cover: those with a query or a spawn candidate.
std::vector<std::string> scenes_to_check() {
  std::vector<std::string> out;
  for (const std::string& path : test::scene_files()) {
    const nlohmann::json j = nlohmann::json::parse(test::read_text(path), nullptr, false);
    if (j.is_discarded() || j.contains("sidescroller")) continue;
    const bool queries = j.contains("queries") && !j["queries"].empty();
    const bool spawns = j.contains("spawn") && j["spawn"].contains("candidates") && !j["spawn"]["candidates"].empty();
    if (queries || spawns) out.push_back(fs::path(path).filename().string());
  }
  return out;
}

TEST(SceneChecks, EverySceneWithQueriesHasASuite) {
  const std::vector<std::string> scenes = scenes_to_check();
  EXPECT_GE(scenes.size(), 38u);
  for (const std::string& name : scenes) {
    const std::string suite = checks_dir() + "/" + name;
    ASSERT_TRUE(fs::exists(suite)) << name << " has queries but no scenes/checks/" << name;
    const nlohmann::json j = nlohmann::json::parse(test::read_text(suite));
    EXPECT_EQ(j["scene"], "../" + name) << suite;
    // One case per query at least.
    const nlohmann::json scene = nlohmann::json::parse(test::read_text(test::scene_path(name)));
    EXPECT_GE(j["cases"].size(), scene.value("queries", nlohmann::json::array()).size()) << suite;
  }
}

class SceneCheck : public ::testing::TestWithParam<std::string> {};

TEST_P(SceneCheck, Passes) {
  const std::string suite = checks_dir() + "/" + GetParam();
  const nlohmann::json j = nlohmann::json::parse(test::read_text(suite));
  const test::RunResult r = test::run_navlab("check '" + suite + "' --jobs 2");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(std::to_string(j["cases"].size()) + " passed, 0 failed\n"), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(Scenes, SceneCheck, ::testing::ValuesIn(scenes_to_check()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name = fs::path(param.param).stem().string();
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace navlab

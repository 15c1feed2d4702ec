// `navlab plan` reports "inside_corridor" for every path on a polygon scene, and it is true for every
// query of every scene in scenes/ (graph scenes have no geometry, so no such field).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

using Json = nlohmann::json;

TEST(CliPlanInsideCorridor, TrueForEveryQueryOfEveryPolygonScene) {
  int polygon_scenes = 0, paths = 0;
  for (const std::string& file : test::scene_files()) {
    SCOPED_TRACE(file);
    const Result<Scene> scene = load_scene(file);
    ASSERT_TRUE(scene.ok()) << scene.error();
    if (scene->queries.empty()) continue;  // spawn-only scenes: nothing to plan
    const test::RunResult run = test::run_navlab("plan '" + file + "'");
    ASSERT_TRUE(run.exit_code == 0 || run.exit_code == 1) << run.err;
    const Json doc = Json::parse(run.out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded()) << run.out;
    ASSERT_EQ(doc["results"].size(), scene->queries.size());
    const bool graph = scene->graph_source() != nullptr;
    polygon_scenes += graph ? 0 : 1;
    for (size_t i = 0; i < doc["results"].size(); ++i) {
      const Json& r = doc["results"][i];
      SCOPED_TRACE(scene->queries[i].name);
      if (graph) {
        EXPECT_FALSE(r.contains("inside_corridor"));
        continue;
      }
      // Every plan that has a corridor has a path, and its path is checked.
      if (r["status"] == "failed" && r["corridor"].empty()) {
        EXPECT_FALSE(r.contains("corners"));
        continue;
      }
      ASSERT_TRUE(r.contains("corners")) << r.dump();
      ASSERT_TRUE(r.contains("inside_corridor")) << r.dump();
      EXPECT_EQ(r["inside_corridor"], true);
      ++paths;
    }
  }
  // The scenes directory has polygon scenes with paths to check (not a test that passes on nothing).
  EXPECT_GE(polygon_scenes, 10);
  EXPECT_GE(paths, 15);
  std::printf("inside_corridor true on %d paths of %d polygon scenes\n", paths, polygon_scenes);
}

}  // namespace
}  // namespace navlab

// Every scene in scenes/ loads, builds its navmesh and locates its queries; the default scene is the
// floor plan the app opens first; `navlab bake` writes the mesh.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <nlohmann/json.hpp>

#include "locate.h"
#include "navmesh_build.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

TEST(Scenes, OnePerSourceKindAndTheDefault) {
  for (const char* name :
       {"default.json", "navmesh_basic.json", "floorplan_basic.json", "mesh_level.json", "graph_basic.json"})
    EXPECT_TRUE(std::filesystem::exists(test::scene_path(name))) << name;
}

TEST(Scenes, EveryOneLoadsAndBuilds) {
  const auto files = test::scene_files();
  ASSERT_GE(files.size(), 5u);
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    auto scene = load_scene(file);
    ASSERT_TRUE(scene.ok()) << scene.error();
    if (scene->sidescroller_source()) continue;  // no navmesh (tests/sidescroller/)
    auto mesh = build_navmesh(scene.value());
    ASSERT_TRUE(mesh.ok()) << mesh.error();
    EXPECT_GT(mesh->size(), 0);
  }
}

// The source traits table says of each source what its built mesh shows: heights, polygons, a Recast
// bake; a side view builds no navmesh at all. Every source but a Detour file has a shipped scene.
TEST(Scenes, EachSourcesTraitsAreWhatItsBuiltMeshIs) {
  std::set<Scene::Source> seen;
  for (const std::string& file : test::scene_files()) {
    SCOPED_TRACE(file);
    auto scene = load_scene(file);
    ASSERT_TRUE(scene.ok()) << scene.error();
    seen.insert(scene->kind());
    const SourceTraits& t = traits(scene->kind());
    EXPECT_EQ(t.source, scene->kind());
    auto mesh = build_navmesh(scene.value());
    EXPECT_EQ(mesh.ok(), !t.side_view);
    if (!mesh.ok()) continue;
    EXPECT_EQ(mesh->is3d, t.heights);
    EXPECT_EQ(mesh->kind == NavMesh::Kind::Polygons, t.polygons);
    EXPECT_EQ(mesh->baked != nullptr, t.baked);
    const Scene::Mesh* level = scene->mesh_source();
    EXPECT_EQ(level && !level->path().empty(), t.level);
  }
  EXPECT_EQ(seen.size(), std::size(kSourceTraits) - 1);
  EXPECT_EQ(seen.count(Scene::Source::Detour), 0u);
}

// The sample scenes' queries start and end on the mesh (other scenes may demonstrate failures).
TEST(Scenes, SampleQueriesAreOnTheMesh) {
  for (const char* name :
       {"default.json", "navmesh_basic.json", "floorplan_basic.json", "mesh_level.json", "graph_basic.json"}) {
    SCOPED_TRACE(name);
    auto scene = load_scene(test::scene_path(name));
    ASSERT_TRUE(scene.ok()) << scene.error();
    auto mesh = build_navmesh(scene.value());
    ASSERT_TRUE(mesh.ok()) << mesh.error();
    EXPECT_FALSE(scene->queries.empty());
    const LocateDef def = locate_def(scene->bake);
    for (const Query& q : scene->queries) {
      EXPECT_TRUE(locate(mesh.value(), q.start, Endpoint::Start, def).ok()) << q.name;
      EXPECT_TRUE(locate(mesh.value(), q.goal, Endpoint::Goal, def).ok()) << q.name;
    }
  }
}

TEST(Scenes, DefaultIsABakedFloorPlanWithDoorsPillarsAndSpawnCandidates) {
  auto scene = load_scene(test::scene_path("default.json"));
  ASSERT_TRUE(scene.ok()) << scene.error();
  ASSERT_EQ(scene->kind(), Scene::Source::Floorplan);
  ASSERT_EQ(scene->doors.size(), 2u);
  EXPECT_EQ(scene->doors[0].id, "door_west");
  EXPECT_EQ(scene->doors[1].id, "door_east");
  EXPECT_GE(scene->floorplan_source()->holes.size(), 3u);
  EXPECT_GE(scene->spawn.candidates.size(), 3u);
  auto mesh = build_navmesh(scene.value());
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  ASSERT_TRUE(mesh->baked);
  EXPECT_GT(mesh->polys.size(), 10u);
  // Each door segment crosses walkable polygons: it really gates a doorway.
  for (const Door& d : scene->doors) {
    const Vec2 mid = lerp(d.shape[0].plane, d.shape[1].plane, 0.5);
    EXPECT_GE(polygon_containing(mesh.value(), mid, 1e-4), 0) << d.id;
  }
  // The first query needs corners: the straight line from start to goal leaves the navmesh.
  const Query& q = scene->queries.at(0);
  int off = 0;
  for (int i = 0; i <= 200; ++i)
    off += polygon_containing(mesh.value(), lerp(q.start.plane, q.goal.plane, i / 200.0), 1e-4) < 0;
  EXPECT_GT(off, 0);
}

TEST(BakeCli, WritesTheMeshAsJson) {
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const std::string out = test::temp_dir() + "/default_bake.json";
  const auto r = test::run_navlab("bake " + test::scene_path("default.json") + " --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(out);
  const auto j = nlohmann::json::parse(in);
  auto scene = load_scene(test::scene_path("default.json"));
  auto mesh = build_navmesh(scene.value());
  ASSERT_TRUE(mesh.ok());
  ASSERT_EQ(j["polygons"].size(), mesh->polys.size());
  ASSERT_EQ(j["neighbours"].size(), mesh->polys.size());
  ASSERT_EQ(j["areas"].size(), mesh->polys.size());
  ASSERT_EQ(j["vertices"].size(), mesh->verts.size());
  EXPECT_EQ(j["source"], "floorplan");
  EXPECT_GT(j["bake_ms"].get<double>(), 0.0);
  for (size_t i = 0; i < mesh->polys.size(); ++i) {
    EXPECT_EQ(j["polygons"][i].get<std::vector<int>>(), mesh->polys[i].verts);
    EXPECT_EQ(j["neighbours"][i].get<std::vector<int>>(), mesh->polys[i].neighbours);
  }
}

TEST(BakeCli, ThreeDimensionalVerticesAndExitCodes) {
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const std::string out = test::temp_dir() + "/mesh_bake.json";
  auto r = test::run_navlab("bake " + test::scene_path("mesh_level.json") + " --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(out);
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["is3d"], true);
  ASSERT_FALSE(j["vertices"].empty());
  EXPECT_EQ(j["vertices"][0].size(), 3u);

  r = test::run_navlab("bake " + test::scene_path("default.json"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--out FILE.json is required"), std::string::npos) << r.err;
  r = test::run_navlab("bake " + test::temp_dir() + "/no_such_scene.json --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  r = test::run_navlab("bake " + test::scene_path("graph_basic.json") + " --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no polygons to bake"), std::string::npos) << r.err;

  // A clockwise polygon is an input error naming the polygon.
  const std::string bad = test::temp_dir() + "/clockwise.json";
  std::ofstream(bad) << R"({"navlab": 1, "navmesh": {"vertices": [[0,0],[0,1],[1,0]], "polygons": [[0,1,2]]},
                            "queries": [{"start": [0.2, 0.2], "goal": [0.3, 0.3]}]})";
  r = test::run_navlab("bake " + bad + " --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("navmesh polygon 0 is clockwise"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace navlab

// Scene files: every field read, load(save(s)) == s, saving is atomic, and the JSON locator behind the
// error messages (the catalogue of bad files is in test_scene_errors.cpp).
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "json_locate.h"
#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

using test::read_text;
using test::write_text;

Scene parse_ok(const std::string& text) {
  auto r = parse_scene(text, "good.json");
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? r.value() : Scene{};
}

const char* const kRichNavmesh = R"({
  "navlab": 1,
  "name": "Rich navmesh",
  "description": "Every block, with values other than the defaults.",
  "navmesh": {
    "vertices": [[0, 0], [4, 0], [4, 3], [0, 3], [8, 0], [8, 3]],
    "polygons": [[0, 1, 2, 3], [1, 4, 5, 2]],
    "costs": [1, 2.5],
    "areas": ["floor", "water"]
  },
  "bake": {"cell_size": 0.25, "verts_per_poly": 4, "agent_max_slope": 30, "partition": "layers"},
  "doors": [
    {"id": "door1", "segment": [[4, 0], [4, 3]], "open": false},
    {"id": "hatch", "polygon": [[5, 1], [6, 1], [6, 2]]}
  ],
  "blockers": [
    {"id": "barrel", "center": [2, 1.5], "radius": 0.4},
    {"id": "cart", "center": [6, 1.5], "half_extents": [0.5, 0.25], "angle": 0.3, "velocity": [0.1, -0.2]}
  ],
  "agent": {
    "radius": 0.3, "max_speed": 3.5, "accel": 1.5, "brake_decel": 2.5, "reaction_dt": 0.2,
    "lateral_accel": 1.2, "max_accel": 2.2, "turn_radius": 0.8, "min_turn_radius": 0.1,
    "can_turn_in_place": false, "max_turn_rate": 2, "corner_mode": "arc",
    "inner_corner": [[0.3, 0.03], [0.4, 0.2]], "excluded_areas": ["water"],
    "arrive_distance": 0.05, "arrive_speed": 0.2, "lookahead": 0.7, "stall_window": 1.5,
    "stall_min_progress": 0.1
  },
  "queries": [{"name": "across", "start": [0.5, 0.5], "goal": [7.5, 2.5]}, {"start": [1, 1], "goal": [2, 2]}],
  "search": {"algorithm": "dijkstra", "heuristic_scale": 1.5, "node_budget": 100, "cost_model": "centroids"},
  "spawn": {
    "candidates": [{"name": "P1", "pos": [1, 1]}, {"name": "P2", "pos": [6, 2]}],
    "allowed_areas": ["floor"],
    "forbidden_zones": [{"name": "stage", "polygon": [[0, 0], [1, 0], [1, 1]]}],
    "occupants": [{"name": "guard", "pos": [2, 2], "radius": 0.5}],
    "safe_targets": [[0.5, 2.5]],
    "clearance": 0.4,
    "partition_of": [0.5, 0.5]
  },
  "unreachable_goal": {"policy": "nearest_reachable", "radius": 3, "require_connected": false}
})";

const char* const kRichFloorplan = R"({
  "navlab": 1,
  "floorplan": {
    "outline": [[0, 0], [20, 0], [20, 10], [0, 10]],
    "holes": [[[4, 4], [5, 4], [5, 5], [4, 5]], [[10, 2], [11, 2], [11, 3]]],
    "areas": [{"name": "carpet", "polygon": [[12, 5], [18, 5], [18, 9], [12, 9]]},
              {"name": "mud", "polygon": [[1, 6], [3, 6], [2, 8]], "cost": 4.5},
              {"name": "carpet", "polygon": [[14, 1], [16, 1], [16, 2]]}]
  },
  "doors": [{"id": "front", "segment": [[8, 0], [8, 10]]}],
  "agent": {"excluded_areas": ["carpet"]},
  "queries": [{"start": [1, 1], "goal": [19, 9]}],
  "unreachable_goal": "fail"
})";

const char* const kRichMesh = R"({
  "navlab": 1,
  "mesh": {"obj": "levels/dungeon.obj",
           "areas": [{"name": "water", "polygon": [[0, 0, 0], [4, 0, 0], [4, 0.5, -4], [0, 0.5, -4]],
                      "height": [-0.5, 1.25], "cost": 3},
                     {"name": "grass", "polygon": [[5, 2, 0], [6, 2, 0], [6, 2, -1]]}]},
  "bake": {"agent_radius": 0.4},
  "doors": [{"id": "gate", "segment": [[1, 0.5, 2], [1, 0.5, 4]]}],
  "blockers": [{"id": "crate", "center": [3, 0, -1.25], "half_extents": [1, 2]}],
  "queries": [{"name": "q", "start": [0.5, 0.25, -3], "goal": [10, 1.5, 7.125]}],
  "spawn": {
    "candidates": [{"name": "S", "pos": [2, 0, 2]}],
    "forbidden_zones": [{"name": "pit", "polygon": [[0, 0, 0], [1, 0, 0], [1, 0, -1]]}],
    "safe_targets": [[5, 0, 5]],
    "partition_of": [5, 0, 5]
  }
})";

const char* const kRichGraph = R"({
  "navlab": 1,
  "graph": {
    "nodes": [{"id": "Start", "pos": [0, 0]}, {"id": "Hall", "pos": [2, 0]}, {"id": "Goal", "pos": [4, 0]}],
    "edges": [
      {"from": "Start", "to": "Hall", "cost": 2},
      {"from": "Hall", "to": "Goal", "cost": 2.5, "door": "door1"}
    ]
  },
  "doors": [{"id": "door1", "open": false}],
  "queries": [{"name": "W2", "start": "Start", "goal": "Goal"}],
  "spawn": {"candidates": [{"name": "at hall", "pos": "Hall"}, {"name": "nearby", "pos": [1, 1]}], "safe_targets": ["Goal"]}
})";

TEST(SceneLoad, RichNavmeshReadsEveryField) {
  const Scene s = parse_ok(kRichNavmesh);
  EXPECT_EQ(s.path, "good.json");
  EXPECT_EQ(s.name, "Rich navmesh");
  ASSERT_EQ(s.kind(), Scene::Source::Navmesh);
  const Scene::Navmesh& m = *s.navmesh_source();
  ASSERT_EQ(m.vertices.size(), 6u);
  EXPECT_EQ(m.vertices[4], (Vec2{8, 0}));
  EXPECT_EQ(m.polygons[1], (std::vector<int>{1, 4, 5, 2}));
  EXPECT_EQ(m.costs, (std::vector<double>{1, 2.5}));
  EXPECT_EQ(m.areas, (std::vector<std::string>{"floor", "water"}));
  EXPECT_EQ(s.bake.cell_size, 0.25);
  EXPECT_EQ(s.bake.cell_height, 0.2);  // default kept
  EXPECT_EQ(s.bake.verts_per_poly, 4);
  EXPECT_EQ(s.bake.partition, Partition::Layers);
  ASSERT_EQ(s.doors.size(), 2u);
  EXPECT_FALSE(s.doors[0].open);
  EXPECT_FALSE(s.doors[0].is_polygon);
  EXPECT_EQ(s.doors[0].shape[1].plane, (Vec2{4, 3}));
  EXPECT_TRUE(s.doors[1].open);
  EXPECT_TRUE(s.doors[1].is_polygon);
  ASSERT_EQ(s.blockers.size(), 2u);
  EXPECT_EQ(s.blockers[0].radius, 0.4);
  EXPECT_EQ(s.blockers[1].half_extents, (Vec2{0.5, 0.25}));
  EXPECT_EQ(s.blockers[1].angle, 0.3);
  EXPECT_EQ(s.blockers[1].velocity, (Vec2{0.1, -0.2}));
  EXPECT_EQ(s.agent.radius, 0.3);
  EXPECT_EQ(s.agent.brake_decel, 2.5);
  EXPECT_FALSE(s.agent.can_turn_in_place);
  EXPECT_EQ(s.agent.corner_mode, CornerMode::Arc);
  EXPECT_EQ(s.agent.inner_corner, (std::vector<Vec2>{{0.3, 0.03}, {0.4, 0.2}}));
  EXPECT_EQ(s.agent.excluded_areas, (std::vector<std::string>{"water"}));
  EXPECT_EQ(s.agent.stall_min_progress, 0.1);
  ASSERT_EQ(s.queries.size(), 2u);
  EXPECT_EQ(s.queries[0].name, "across");
  EXPECT_EQ(s.queries[0].goal.plane, (Vec2{7.5, 2.5}));
  EXPECT_FALSE(s.queries[0].goal.is3d);
  EXPECT_EQ(s.search.algorithm, Algorithm::Dijkstra);
  EXPECT_EQ(s.search.heuristic_scale, 1.5);
  EXPECT_EQ(s.search.node_budget, 100);
  EXPECT_EQ(s.search.cost_model, CostModel::Centroids);
  EXPECT_EQ(s.spawn.candidates[1].name, "P2");
  EXPECT_EQ(s.spawn.allowed_areas, (std::vector<std::string>{"floor"}));
  EXPECT_EQ(s.spawn.forbidden_zones[0].polygon.size(), 3u);
  EXPECT_EQ(s.spawn.occupants[0].radius, 0.5);
  EXPECT_EQ(s.spawn.clearance, 0.4);
  ASSERT_TRUE(s.spawn.partition_of.has_value());
  EXPECT_EQ(s.spawn.partition_of->plane, (Vec2{0.5, 0.5}));
  EXPECT_TRUE(s.unreachable_goal.nearest_reachable);
  EXPECT_EQ(s.unreachable_goal.radius, 3.0);
  EXPECT_FALSE(s.unreachable_goal.require_connected);
}

TEST(SceneLoad, MeshScenePointsAreWorldCoordinatesOnThePlane) {
  const Scene s = parse_ok(kRichMesh);
  ASSERT_EQ(s.kind(), Scene::Source::Mesh);
  EXPECT_EQ(s.mesh_source()->obj, "levels/dungeon.obj");
  const ScenePoint& start = s.queries[0].start;
  EXPECT_TRUE(start.is3d);
  EXPECT_EQ(start.plane, (Vec2{0.5, 3.0}));  // (x, -z)
  EXPECT_EQ(start.height, 0.25);
  EXPECT_EQ(start.world(), (Vec3{0.5, 0.25, -3}));
  EXPECT_EQ(s.blockers[0].center.plane, (Vec2{3, 1.25}));
  EXPECT_EQ(s.spawn.forbidden_zones[0].polygon[2], (Vec2{1, 1}));
  EXPECT_EQ(s.search.cost_model, CostModel::EdgeMidpoints);
}

TEST(SceneLoad, GraphSceneNamesNodesAndDefaultsToTheGraphCostModel) {
  const Scene s = parse_ok(kRichGraph);
  ASSERT_EQ(s.kind(), Scene::Source::Graph);
  const Scene::Graph& g = *s.graph_source();
  ASSERT_EQ(g.edges.size(), 2u);
  EXPECT_EQ(g.edges[1].door, "door1");
  EXPECT_EQ(g.edges[1].cost, 2.5);
  EXPECT_EQ(s.queries[0].start.node, "Start");
  EXPECT_EQ(s.queries[0].goal.node, "Goal");
  EXPECT_EQ(s.spawn.candidates[0].pos.node, "Hall");
  EXPECT_EQ(s.spawn.candidates[1].pos.plane, (Vec2{1, 1}));
  EXPECT_EQ(s.spawn.safe_targets[0].node, "Goal");
  EXPECT_EQ(s.search.cost_model, CostModel::Graph);
  EXPECT_TRUE(s.doors[0].shape.empty());
}

TEST(SceneLoad, AbsentBlocksKeepTheDocumentedDefaults) {
  const Scene s =
      parse_ok(R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]}})");
  EXPECT_EQ(s.bake, BakeDef{});
  EXPECT_EQ(s.agent, AgentDef{});
  EXPECT_EQ(s.search, SearchDef{});
  EXPECT_EQ(s.spawn, SpawnDef{});
  EXPECT_EQ(s.unreachable_goal, UnreachablePolicy{});
  EXPECT_TRUE(s.doors.empty());
  EXPECT_TRUE(s.queries.empty());
}

// ---------------------------------------------------------------------------------------------
// Round trips.

TEST(SceneSave, RoundTripOfARichSceneOfEachSourceKind) {
  for (const char* text : {kRichNavmesh, kRichFloorplan, kRichMesh, kRichGraph}) {
    const Scene s = parse_ok(text);
    const std::string path = test::temp_dir() + "/round_trip.json";
    ASSERT_EQ(save_scene(s, path).error(), "");
    const auto back = load_scene(path);
    ASSERT_TRUE(back.ok()) << back.error() << "\n" << read_text(path);
    EXPECT_TRUE(back.value() == s) << read_text(path);
    EXPECT_EQ(back->path, path);
    EXPECT_EQ(scene_to_json(back.value()), scene_to_json(s));  // stable text
  }
}

TEST(SceneSave, EverySceneInTheProjectRoundTrips) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::source_dir() + "/scenes")) {
    if (entry.path().extension() != ".json") continue;
    const auto s = load_scene(entry.path().string());
    ASSERT_TRUE(s.ok()) << s.error();
    const auto back = parse_scene(scene_to_json(s.value()), "copy.json");
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_TRUE(back.value() == s.value()) << entry.path();
    ++count;
  }
  EXPECT_GT(count, 0);
}

TEST(SceneSave, EqualityComparesEverythingButThePath) {
  Scene a = parse_ok(kRichNavmesh);
  Scene b = a;
  b.path = "elsewhere.json";
  EXPECT_TRUE(a == b);
  b.agent.inner_corner[1].y = 0.19;
  EXPECT_FALSE(a == b);
  b = a;
  b.spawn.clearance.reset();
  EXPECT_FALSE(a == b);
  b = a;
  b.description += ".";
  EXPECT_FALSE(a == b);
}

// same_besides_geometry sees every change but one of the source's large geometry arrays (a hand-authored
// mesh's vertices and polygons, a floor plan's outline and holes); == sees every change. Each change is
// made to the rich navmesh scene with its source replaced by an empty one of the change's kind (the
// navmesh's own kept).
TEST(SceneSave, SameBesidesGeometryLeavesOutOnlyTheSourcesGeometry) {
  const Scene rich = parse_ok(kRichNavmesh);
  struct Change {
    const char* what;
    Scene::Source source;
    void (*apply)(Scene&);
    bool geometry;
  };
  using S = Scene::Source;
  const Change changes[] = {
      {"a vertex", S::Navmesh,
       [](Scene& s) {
         s.navmesh_source()->vertices.push_back({1, 2});
       },
       true},
      {"a polygon", S::Navmesh,
       [](Scene& s) {
         s.navmesh_source()->polygons.push_back({0, 1, 2});
       },
       true},
      {"the outline", S::Floorplan,
       [](Scene& s) {
         s.floorplan_source()->outline.push_back({3, 4});
       },
       true},
      {"a hole", S::Floorplan,
       [](Scene& s) {
         s.floorplan_source()->holes.push_back({{0, 0}, {1, 0}, {0, 1}});
       },
       true},
      {"a polygon cost", S::Navmesh, [](Scene& s) { s.navmesh_source()->costs.push_back(2.0); }, false},
      {"a polygon area", S::Navmesh, [](Scene& s) { s.navmesh_source()->areas.push_back("mud"); }, false},
      {"a painted area", S::Floorplan,
       [](Scene& s) {
         s.floorplan_source()->areas.push_back({"mud", {{0, 0}, {1, 0}, {0, 1}}, 2.0});
       },
       false},
      {"the level's scale", S::Mesh, [](Scene& s) { s.mesh_source()->scale = 0.01; }, false},
      {"a graph node", S::Graph,
       [](Scene& s) {
         s.graph_source()->nodes.push_back({"n", {0, 0}});
       },
       false},
      {"the Detour file", S::Detour, [](Scene& s) { s.detour_source()->file = "level.bin"; }, false},
      {"the side-scroller's gravity", S::SideScroller, [](Scene& s) { s.sidescroller_source()->gravity = 9.81; },
       false},
      {"the name", S::Navmesh, [](Scene& s) { s.name += "!"; }, false},
      {"the source", S::Navmesh, [](Scene& s) { s.source = Scene::Floorplan{}; }, false},
      {"the source's kind alone (both empty)", S::Floorplan, [](Scene& s) { s.source = Scene::Navmesh{}; }, false},
      {"a bake parameter", S::Navmesh, [](Scene& s) { s.bake.cell_size += 0.01; }, false},
      {"a door", S::Navmesh, [](Scene& s) { s.doors.push_back(Door{}); }, false},
      {"a link", S::Navmesh, [](Scene& s) { s.links.push_back(LinkDef{}); }, false},
      {"a blocker", S::Navmesh, [](Scene& s) { s.blockers.push_back(Blocker{}); }, false},
      {"the agent", S::Navmesh, [](Scene& s) { s.agent.radius += 0.1; }, false},
      {"a query", S::Navmesh, [](Scene& s) { s.queries.push_back(Query{}); }, false},
      {"the search", S::Navmesh, [](Scene& s) { s.search.heuristic_scale = 0.5; }, false},
      {"a spawn candidate", S::Navmesh, [](Scene& s) { s.spawn.candidates.push_back(SpawnCandidate{}); }, false},
  };
  for (const Change& c : changes) {
    Scene a = rich;
    if (c.source != S::Navmesh) a.source = empty_source(c.source);
    ASSERT_EQ(a.kind(), c.source) << c.what;
    Scene b = a;
    EXPECT_TRUE(a == b) << c.what;
    c.apply(b);
    EXPECT_FALSE(a == b) << c.what;
    EXPECT_EQ(a.same_besides_geometry(b), c.geometry) << c.what;
  }
  Scene b = rich;
  b.path = "elsewhere.json";
  EXPECT_TRUE(rich.same_besides_geometry(b));
  EXPECT_TRUE(rich == b);
}

// Seeded random scenes with awkward doubles: saving and loading gives back exactly the same values.
TEST(SceneSave, RandomScenesRoundTripExactly) {
  std::mt19937_64 rng(20240611);
  std::uniform_real_distribution<double> coord(-1e6, 1e6);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  auto awkward = [&]() {
    switch (rng() % 4) {
      case 0:
        return coord(rng);
      case 1:
        return unit(rng) / 3.0;
      case 2:
        return double(int64_t(rng() % 2001) - 1000) / 10.0;  // 0.1 steps
      default:
        return std::ldexp(unit(rng), -int(rng() % 60));  // tiny
    }
  };
  for (int trial = 0; trial < 60; ++trial) {
    Scene s;
    const bool mesh = trial % 2 == 1;
    s.name = "random " + std::to_string(trial);
    auto point = [&]() {
      ScenePoint p;
      p.plane = {awkward(), awkward()};
      if (mesh) {
        p.height = awkward();
        p.is3d = true;
      }
      return p;
    };
    if (mesh) {
      Scene::Mesh& level = s.source.emplace<Scene::Mesh>();
      level.obj = "r.obj";
      // A convex volume: a triangle of random size turned by a random angle, a random height range.
      const double r = unit(rng) * 100 + 1e-3, a = unit(rng) * 6;
      const Vec2 c{coord(rng) * 0.5, coord(rng) * 0.5};
      AreaVolume v{"v" + std::to_string(trial), {}, -unit(rng), unit(rng) + 1e-6, unit(rng) * 9};
      for (int k = 0; k < 3; ++k) {
        ScenePoint p = point();
        p.plane = c + Vec2{std::cos(a + 2.1 * k), std::sin(a + 2.1 * k)} * r;
        v.polygon.push_back(p);
      }
      level.areas.push_back(v);
    } else {
      Scene::Navmesh& m = s.source.emplace<Scene::Navmesh>();
      for (int i = 0; i < 7; ++i) m.vertices.push_back({awkward(), awkward()});
      m.polygons = {{0, 1, 2}, {2, 3, 4, 5}, {6, 0, 3}};
      m.costs = {unit(rng) * 5, 0.0, unit(rng)};
    }
    s.queries.push_back({"q", point(), point()});
    s.doors.push_back({"d", {point(), point()}, false, trial % 3 == 0});
    s.blockers.push_back({"b", point(), 0.0, {unit(rng) + 0.01, unit(rng) + 0.01}, awkward(), {awkward(), awkward()}});
    s.blockers.push_back({"c", point(), unit(rng) + 1e-9, {}, 0.0, {}});
    s.agent.max_speed = unit(rng) * 10 + 1e-3;
    s.agent.turn_radius = unit(rng) + 0.5;
    s.agent.min_turn_radius = unit(rng) * 0.5;
    s.agent.inner_corner = {{0.1 + unit(rng), 0.0}, {2.0 + unit(rng), unit(rng)}};
    s.search.heuristic_scale = unit(rng) * 2;
    s.search.node_budget = int(rng() % 100000);
    s.spawn.candidates.push_back({"c", point()});
    s.spawn.safe_targets.push_back(point());
    s.spawn.clearance = unit(rng);
    s.spawn.forbidden_zones.push_back({"z", {{awkward(), awkward()}, {awkward(), awkward()}, {awkward(), awkward()}}});
    s.unreachable_goal = {true, unit(rng) + 0.1, trial % 2 == 0};
    const auto back = parse_scene(scene_to_json(s), "r.json");
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_TRUE(back.value() == s) << scene_to_json(s);
  }
}

// ---------------------------------------------------------------------------------------------
// Atomic save.

TEST(SceneSave, WritesATempFileAndRenamesIt) {
  const std::string dir = test::temp_dir() + "/atomic";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/scene.json";
  const std::string link = dir + "/old_copy.json";
  write_text(path, "old contents\n");
  std::filesystem::remove(link);
  std::filesystem::create_hard_link(path, link);  // the same file (inode) under a second name
  const Scene s = parse_ok(kRichGraph);
  ASSERT_EQ(save_scene(s, path).error(), "");
  // A rename swaps in a new file: the old inode, still reachable through the hard link, is untouched.
  // Writing in place would have changed both names.
  EXPECT_EQ(read_text(link), "old contents\n");
  EXPECT_EQ(read_text(path), scene_to_json(s));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(SceneSave, AFailedSaveLeavesTheOldFileUntouched) {
  const std::string dir = test::temp_dir() + "/blocked";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/scene.json";
  write_text(path, "old contents\n");
  // A file size limit makes the write fail part way, as a full disk does.
  rlimit old{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old), 0);
  void (*old_handler)(int) = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 64;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  const std::string error = save_scene(parse_ok(kRichNavmesh), path).error();
  setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(error, path + ": cannot write the scene file (File too large)");
  EXPECT_EQ(read_text(path), "old contents\n");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()), 1);
}

TEST(SceneSave, AMissingDirectoryIsAnError) {
  const std::string path = test::temp_dir() + "/no/such/dir/scene.json";
  EXPECT_EQ(save_scene(parse_ok(kRichNavmesh), path).error(),
            path + ": cannot write the scene file (No such file or directory)");
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(SceneSave, AnUnwritableDirectoryIsAnError) {
  if (geteuid() == 0) GTEST_SKIP() << "permissions do not apply to root";
  const std::string dir = test::temp_dir() + "/readonly";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/scene.json";
  write_text(path, "old contents\n");
  chmod(dir.c_str(), 0555);
  const std::string error = save_scene(parse_ok(kRichNavmesh), path).error();
  chmod(dir.c_str(), 0755);
  EXPECT_EQ(error, path + ": cannot write the scene file (Permission denied)");
  EXPECT_EQ(read_text(path), "old contents\n");
}

// ---------------------------------------------------------------------------------------------
// Positions in JSON text.

TEST(JsonLocate, LineAndColumnCountCharactersNotBytes) {
  const std::string text = "{\n  \"a\": \"\xC3\xA9t\xC3\xA9\", \"b\": 1\n}";
  const size_t b = text.find("1");
  EXPECT_EQ(text_position(text, b).line, 2);
  EXPECT_EQ(text_position(text, b).column, 20);  // 19 characters before it (22 bytes)
  EXPECT_EQ(text_position(text, 0).column, 1);
  EXPECT_EQ(text_position(text, text.size()).line, 3);
  EXPECT_EQ(text_position(text, text.size()).column, 2);
}

TEST(JsonLocate, PointersWithEscapesAndMissingMembers) {
  const std::string text = R"({"a/b": [10, {"c~d": true, "\u0065": [1, 2]}], "x": null})";
  EXPECT_EQ(locate_pointer(text, "/a~1b/0"), text.find("10"));
  EXPECT_EQ(locate_pointer(text, "/a~1b/1/c~0d"), text.find("true"));
  EXPECT_EQ(locate_pointer(text, "/a~1b/1/e/1"), text.find("2]"));
  EXPECT_EQ(locate_pointer(text, "/a~1b/1/c~0d", true), text.find("\"c~d\""));
  EXPECT_EQ(locate_pointer(text, "/x"), text.find("null"));
  EXPECT_EQ(locate_pointer(text, "/x/missing"), text.find("null"));  // nearest existing ancestor
  EXPECT_EQ(locate_pointer(text, "/nope"), 0u);
  EXPECT_EQ(locate_pointer(text, ""), 0u);
}

TEST(JsonLocate, PointerAtAnOffsetOfBrokenText) {
  const std::string text = R"({"a": [1, {"b": [2, 3,], "c")";
  EXPECT_EQ(pointer_at(text, text.find("]")), "/a/1/b/2");
  EXPECT_EQ(pointer_at(text, text.size()), "/a/1/c");
  EXPECT_EQ(pointer_at(text, 0), "");
}

TEST(JsonLocate, DuplicateKeysAreFoundPerObject) {
  EXPECT_FALSE(find_duplicate_key(R"({"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]})").has_value());
  const std::string text = R"({"a": [{"x": 1, "y": 2, "x": 3}]})";
  const auto dup = find_duplicate_key(text);
  ASSERT_TRUE(dup.has_value());
  EXPECT_EQ(dup->pointer, "/a/0/x");
  EXPECT_EQ(dup->offset, text.rfind("\"x\""));
}

}  // namespace
}  // namespace navlab

// Scene files with errors: every error is one exact FILE:LINE:COL message with a JSON pointer, from
// text and from disk; unknown keys suggest the closest name; missing and unreadable files.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "paths.h"
#include "scene.h"

namespace navlab {
namespace {

using test::write_text;

// ---------------------------------------------------------------------------------------------
// The catalogue of bad files: each gives exactly one message, checked in full.

struct BadFile {
  const char* label;
  const char* text;
  const char* message;
};

const BadFile kBadFiles[] = {
    {"missing_version",
     R"({
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]}
})",
     "bad.json:1:1: /navlab: expected 1 (the scene format version), got nothing (the key is missing)"},
    {"wrong_version", R"({"navlab": 2, "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]}})",
     "bad.json:1:12: /navlab: expected 1 (the scene format version), got 2"},
    {"no_source", R"({"navlab": 1, "name": "empty"})",
     "bad.json:1:1: /: expected exactly one navmesh source (\"navmesh\", \"floorplan\", \"mesh\", \"graph\" or "
     "\"detour\") or \"sidescroller\", got none"},
    {"two_sources",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "graph": {"nodes": [{"id": "A", "pos": [0, 0]}]}
})",
     "bad.json:4:3: /graph: expected exactly one navmesh source, got \"graph\" as well as \"navmesh\""},
    {"root_not_object", R"([1, 2])",
     "bad.json:1:1: /: expected a scene object starting with \"navlab\": 1, got [1, 2]"},
    {"unknown_key_hint",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"radius": 0.3, "max_sped": 3}
})",
     "bad.json:4:28: /agent/max_sped: expected one of the agent keys, got \"max_sped\" (did you mean \"max_speed\"?)"},
    {"unknown_key_no_hint",
     R"({
  "navlab": 1,
  "colour": "red",
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]}
})",
     "bad.json:3:3: /colour: expected one of the scene keys (navlab, name, description, navmesh, floorplan, mesh, "
     "graph, detour, bake, doors, links, blockers, agent, queries, search, spawn, unreachable_goal, sidescroller), got "
     "\"colour\""},
    {"point_arity",
     R"({
  "navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [1, 0, 5], [0, 1]],
    "polygons": [[0, 1, 2]]
  }
})",
     "bad.json:4:26: /navmesh/vertices/1: expected a point [x, y], got [1, 0, 5]"},
    {"huge_coordinate",
     R"({
  "navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [2e6, 0], [0, 1]],
    "polygons": [[0, 1, 2]]
  }
})",
     "bad.json:4:27: /navmesh/vertices/1/0: expected a coordinate within ±1e6, got 2000000.0"},
    {"index_not_integer",
     R"({
  "navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [1, 0], [0, 1]],
    "polygons": [[0, 1.5, 2]]
  }
})",
     "bad.json:5:22: /navmesh/polygons/0/1: expected a vertex index from 0 to 2, got 1.5"},
    {"index_out_of_range",
     R"({
  "navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [1, 0], [0, 1]],
    "polygons": [[0, 1, 3]]
  }
})",
     "bad.json:5:25: /navmesh/polygons/0/2: expected a vertex index from 0 to 2, got 3"},
    {"negative_cost",
     R"({
  "navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [1, 0], [0, 1], [1, 1]],
    "polygons": [[0, 1, 2], [1, 3, 2]],
    "costs": [1, -2]
  }
})",
     "bad.json:6:18: /navmesh/costs/1: expected a cost multiplier >= 0, got -2"},
    {"cost_count",
     R"({
  "navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [1, 0], [0, 1], [1, 1]],
    "polygons": [[0, 1, 2], [1, 3, 2]],
    "costs": [1]
  }
})",
     "bad.json:6:14: /navmesh/costs: expected an array of 2 costs (one per polygon), got [1]"},
    {"mesh_point_2d",
     R"({
  "navlab": 1,
  "mesh": {"obj": "level.obj"},
  "queries": [{"name": "q", "start": [0, 0], "goal": [1, 0, 1]}]
})",
     "bad.json:4:38: /queries/0/start: expected a point [x, y, z] (mesh and detour scenes are 3D, y up), got [0, 0]"},
    {"graph_query_unknown_node",
     R"({
  "navlab": 1,
  "graph": {"nodes": [{"id": "Start", "pos": [0, 0]}, {"id": "Goal", "pos": [4, 0]}]},
  "queries": [{"start": "Start", "goal": "Gaol"}]
})",
     "bad.json:4:42: /queries/0/goal: expected a node id of the graph, got \"Gaol\" (did you mean \"Goal\"?)"},
    {"graph_query_point",
     R"({
  "navlab": 1,
  "graph": {"nodes": [{"id": "Start", "pos": [0, 0]}, {"id": "Goal", "pos": [4, 0]}]},
  "queries": [{"start": [0, 0], "goal": "Goal"}]
})",
     "bad.json:4:25: /queries/0/start: expected a node id of the graph, got [0, 0]"},
    {"graph_edge_unknown_node",
     R"({
  "navlab": 1,
  "graph": {
    "nodes": [{"id": "Start", "pos": [0, 0]}, {"id": "Hall", "pos": [2, 0]}],
    "edges": [{"from": "Start", "to": "Hal", "cost": 2}]
  }
})",
     "bad.json:5:39: /graph/edges/0/to: expected a node id of the graph, got \"Hal\" (did you mean \"Hall\"?)"},
    {"graph_blocker_node",
     R"({
  "navlab": 1,
  "graph": {"nodes": [{"id": "Hall", "pos": [0, 0]}]},
  "blockers": [{"id": "b", "center": "Hall", "radius": 1}]
})",
     "bad.json:4:38: /blockers/0/center: expected a point [x, y], got \"Hall\""},
    {"graph_duplicate_node",
     R"({
  "navlab": 1,
  "graph": {
    "nodes": [{"id": "Start", "pos": [0, 0]}, {"id": "Start", "pos": [2, 0]}]
  }
})",
     "bad.json:4:54: /graph/nodes/1/id: expected a node id not used before, got \"Start\" (a second time)"},
    {"graph_negative_edge_cost",
     R"({
  "navlab": 1,
  "graph": {
    "nodes": [{"id": "A", "pos": [0, 0]}, {"id": "B", "pos": [2, 0]}],
    "edges": [{"from": "A", "to": "B", "cost": -1}]
  }
})",
     "bad.json:5:48: /graph/edges/0/cost: expected an edge cost >= 0, got -1"},
    {"duplicate_door",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "doors": [
    {"id": "door1", "segment": [[0, 0], [1, 0]]},
    {"id": "door1", "segment": [[0, 0], [0, 1]]}
  ]
})",
     "bad.json:6:12: /doors/1/id: expected a door id not used before, got \"door1\" (a second time)"},
    {"door_segment_three_points",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "doors": [{"id": "door1", "segment": [[0, 0], [1, 0], [2, 0]]}]
})",
     "bad.json:4:40: /doors/0/segment: expected a segment of 2 points, got [[0, 0], [1, 0], [2, 0]]"},
    {"max_speed_zero",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"max_speed": 0}
})",
     "bad.json:4:26: /agent/max_speed: expected a speed in m/s > 0, got 0 (an agent that cannot move can follow no "
     "path)"},
    {"accel_zero",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"accel": 0, "brake_decel": 2}
})",
     "bad.json:4:22: /agent/accel: expected an acceleration in m/s² > 0, got 0 (the agent could never start moving)"},
    {"brake_zero",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"accel": 1.5, "brake_decel": 0}
})",
     "bad.json:4:42: /agent/brake_decel: expected a deceleration in m/s² > 0, got 0 (the agent could never stop)"},
    {"radius_negative",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"radius": -0.5}
})",
     "bad.json:4:23: /agent/radius: expected a radius in m >= 0, got -0.5"},
    {"speed_wrong_type",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"max_speed": "fast"}
})",
     "bad.json:4:26: /agent/max_speed: expected a speed in m/s > 0, got \"fast\""},
    {"corner_mode_hint",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"corner_mode": "ark"}
})",
     "bad.json:4:28: /agent/corner_mode: expected one of \"stop\", \"arc\", \"auto\", got \"ark\" (did you mean "
     "\"arc\"?)"},
    {"inner_corner_too_deep",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"inner_corner": [[0.3, 0.03], [0.4, 0.3]]}
})",
     "bad.json:4:49: /agent/inner_corner/1/1: expected a distance from 0 to half the width (0.2), got 0.3"},
    {"excluded_area_hint",
     R"({
  "navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [1, 0], [0, 1], [1, 1]],
    "polygons": [[0, 1, 2], [1, 3, 2]],
    "areas": ["floor", "water"]
  },
  "agent": {"excluded_areas": ["watr"]}
})",
     "bad.json:8:32: /agent/excluded_areas/0: expected an area name of this scene, got \"watr\" (did you mean "
     "\"water\"?)"},
    {"heuristic_negative",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "search": {"algorithm": "astar", "heuristic_scale": -1}
})",
     "bad.json:4:55: /search/heuristic_scale: expected a heuristic scale >= 0, got -1"},
    {"node_budget_negative",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "search": {"node_budget": -5}
})",
     "bad.json:4:29: /search/node_budget: expected a node budget (0 = unlimited) from 0 to 2147483647, got -5"},
    {"graph_cost_model_on_mesh",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "search": {"cost_model": "graph"}
})",
     "bad.json:4:28: /search/cost_model: expected \"edge_midpoints\" or \"centroids\" (\"graph\" is for graph scenes), "
     "got \"graph\""},
    {"polyanya_on_graph",
     R"({
  "navlab": 1,
  "graph": {"nodes": [{"id": "a", "pos": [0, 0]}]},
  "search": {"algorithm": "polyanya"}
})",
     "bad.json:4:27: /search/algorithm: expected \"astar\" or \"dijkstra\" (Polyanya searches polygons; a graph scene "
     "has none), got \"polyanya\""},
    {"verts_per_poly",
     R"({
  "navlab": 1,
  "floorplan": {"outline": [[0, 0], [10, 0], [10, 10], [0, 10]]},
  "bake": {"cell_size": 0.2, "verts_per_poly": 7}
})",
     "bad.json:4:48: /bake/verts_per_poly: expected a vertex count per polygon from 3 to 6, got 7"},
    {"bake_zero_cell",
     R"({
  "navlab": 1,
  "floorplan": {"outline": [[0, 0], [10, 0], [10, 10], [0, 10]]},
  "bake": {"cell_size": 0}
})",
     "bad.json:4:25: /bake/cell_size: expected a cell size in m > 0, got 0"},
    {"blocker_circle_and_box",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "blockers": [{"id": "crate", "center": [0.2, 0.2], "radius": 0.1, "half_extents": [0.1, 0.1]}]
})",
     "bad.json:4:69: /blockers/0/half_extents: expected either \"radius\" or \"half_extents\", got both"},
    {"blocker_negative_radius",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "blockers": [{"id": "barrel", "center": [0.2, 0.2], "radius": -0.1}]
})",
     "bad.json:4:65: /blockers/0/radius: expected a radius in m > 0, got -0.1"},
    {"unreachable_policy",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "unreachable_goal": {"policy": "nearest", "radius": 2}
})",
     "bad.json:4:34: /unreachable_goal/policy: expected one of \"fail\", \"nearest_reachable\", got \"nearest\" (did "
     "you mean \"nearest_reachable\"?)"},
    {"spawn_occupant_radius",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "spawn": {"occupants": [{"name": "guard", "pos": [0.2, 0.2], "radius": -1}]}
})",
     "bad.json:4:74: /spawn/occupants/0/radius: expected a radius in m >= 0, got -1"},
    {"duplicate_key",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"radius": 0.3, "radius": 0.4}
})",
     "bad.json:4:28: /agent/radius: expected each key once per object, got \"radius\" a second time"},
    {"number_overflow",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "agent": {"radius": 1e999}
})",
     "bad.json:4:23: /agent/radius: expected a number within ±1e6, got 1e999"},
    {"utf8_column", R"({"navlab": 1, "name": "Café – lobby", "navmesh": [1, 2]})",
     "bad.json:1:50: /navmesh: expected navmesh (an object), got [1, 2]"},
    {"truncated",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]],)",
     "bad.json:3:52: /navmesh: expected string literal, got end of input"},
    {"trailing_comma_array",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1],], "polygons": [[0, 1, 2]]}
})",
     "bad.json:3:51: /navmesh/vertices/3: expected '[', '{', or a literal, got ']'"},
    {"trailing_comma_object",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
})",
     "bad.json:4:1: /: expected string literal, got '}'"},
    {"missing_comma",
     R"({
  "navlab": 1
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]}
})",
     "bad.json:3:3: /: expected '}', got string literal"},
    {"empty_file", R"()", "bad.json:1:1: /: expected '[', '{', or a literal, got end of input"},
    {"bad_literal",
     R"({
  "navlab": 1,
  "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]},
  "doors": [{"id": "d", "segment": [[0, 0], [1, 0]], "open": tru}]
})",
     "bad.json:4:62: /doors/0/open: expected a JSON value, got invalid literal 'tru}'"},
};

TEST(SceneErrors, CatalogueOfBadFilesGivesExactMessages) {
  ASSERT_GE(std::size(kBadFiles), 20u);
  for (const BadFile& bad : kBadFiles) {
    const auto r = parse_scene(bad.text, "bad.json");
    ASSERT_FALSE(r.ok()) << bad.label;
    EXPECT_EQ(r.error(), bad.message) << bad.label;
  }
}

TEST(SceneErrors, EveryBadFileAlsoFailsFromDiskWithItsPath) {
  const std::string dir = test::temp_dir() + "/bad";
  std::filesystem::create_directories(dir);
  for (const BadFile& bad : kBadFiles) {
    const std::string path = dir + "/" + bad.label + ".json";
    write_text(path, bad.text);
    const auto r = load_scene(path);
    ASSERT_FALSE(r.ok()) << bad.label;
    const std::string expected = path + std::string(bad.message).substr(std::string("bad.json").size());
    EXPECT_EQ(r.error(), expected) << bad.label;
  }
}

TEST(SceneErrors, UnknownKeysInEveryBlockSuggestTheClosestName) {
  const std::string base = R"("navlab": 1, "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]], "polygons": [[0, 1, 2]]})";
  const struct {
    const char* block;
    const char* pointer;
    const char* hint;
  } cases[] = {
      {R"("bake": {"cellsize": 0.3})", "/bake/cellsize", "cell_size"},
      {R"("agent": {"Max_Speed": 3})", "/agent/Max_Speed", "max_speed"},
      {R"("agent": {"innercorner": [[0.4, 0.2]]})", "/agent/innercorner", "inner_corner"},
      {R"("search": {"algoritm": "astar"})", "/search/algoritm", "algorithm"},
      {R"("spawn": {"candidate": []})", "/spawn/candidate", "candidates"},
      {R"("queries": [{"start": [0.1, 0.1], "gaol": [0.2, 0.2]}])", "/queries/0/gaol", "goal"},
      {R"("doors": [{"id": "d", "segmnet": [[0, 0], [1, 0]]}])", "/doors/0/segmnet", "segment"},
      {R"("blockers": [{"id": "b", "center": [0, 0], "raduis": 1}])", "/blockers/0/raduis", "radius"},
      {R"("unreachable_goal": {"policy": "nearest_reachable", "radius": 1, "require_conected": true})",
       "/unreachable_goal/require_conected", "require_connected"},
  };
  for (const auto& c : cases) {
    const std::string text = "{" + base + ", " + c.block + "}";
    const auto r = parse_scene(text, "k.json");
    ASSERT_FALSE(r.ok()) << c.block;
    EXPECT_NE(r.error().find(std::string(": ") + c.pointer + ": expected one of the "), std::string::npos) << r.error();
    EXPECT_NE(r.error().find(std::string("(did you mean \"") + c.hint + "\"?)"), std::string::npos) << r.error();
  }
}

TEST(SceneErrors, MissingOrUnreadableFile) {
  const std::string missing = test::temp_dir() + "/no_such_scene.json";
  auto r = load_scene(missing);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), missing + ": cannot read the file (No such file or directory)");
  r = load_scene(test::temp_dir());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), test::temp_dir() + ": cannot read the file (it is a directory, not a regular file)");
}

// ---------------------------------------------------------------------------------------------
// Good files: every block, every source kind.

}  // namespace
}  // namespace navlab

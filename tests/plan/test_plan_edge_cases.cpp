// Degenerate inputs through the whole pipeline (locate → search → portals → funnel → clearance →
// turns → profile): start equal to the goal (exactly and within the funnel's tolerance), a goal on a
// polygon vertex, a start on a shared edge, two-point paths, corners that coincide, zero accelerations
// in a scene, and 3D scenes. Core cases call plan(); CLI cases run `navlab plan`.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "navmesh_build.h"
#include "meshes.h"
#include "paths.h"
#include "plan.h"
#include "turns.h"

namespace navlab {
namespace {

using test::load;
using test::load_text;
using test::Loaded;

using Json = nlohmann::json;

ScenePoint p2(double x, double y) {
  ScenePoint p;
  p.plane = {x, y};
  return p;
}

ScenePoint p3(double x, double y, double z) {
  ScenePoint p;
  p.is3d = true;
  p.plane = to_plane({x, y, z});
  p.height = y;
  return p;
}

PlanResult run(const Loaded& l, ScenePoint start, ScenePoint goal) {
  return plan(l.scene, l.mesh, PlanRequest{start, goal, {}});
}

// The invariants every complete polygon plan must meet, whatever its input.
void expect_sound(const NavMesh& mesh, const PlanResult& r) {
  ASSERT_EQ(r.status, Status::Complete) << (r.failure ? std::string(to_string(r.failure->stage)) + " " +
                                                            to_string(r.failure->reason) + ": " + r.failure->message
                                                      : "");
  EXPECT_FALSE(r.failure);
  EXPECT_TRUE(funnel_inside_corridor(mesh, r));
  ASSERT_GE(r.funnel.points.size(), 2u);
  EXPECT_EQ(r.funnel.corners.size() + 2, r.funnel.points.size());
  const std::vector<Vec2>& cp = r.motion.clearance.path.points;
  ASSERT_GE(cp.size(), 2u);
  EXPECT_EQ(r.motion.clearance.path.corners.size() + 2, cp.size());
  for (size_t i = 1; cp.size() > 2 && i < cp.size(); ++i)
    EXPECT_GT(distance(cp[i - 1], cp[i]), 1e-9) << "clearance points " << i - 1 << ", " << i;
  EXPECT_EQ(r.motion.turns.path.turns.size(), cp.size() - 2);
  const Profile& prof = r.motion.profile;
  ASSERT_FALSE(prof.samples().empty());
  EXPECT_DOUBLE_EQ(prof.samples().front().s, 0.0);
  EXPECT_DOUBLE_EQ(prof.samples().front().v, 0.0);
  EXPECT_DOUBLE_EQ(prof.samples().back().v, 0.0);
  EXPECT_NEAR(prof.samples().back().s, r.motion.turns.path.length, 1e-12);
  EXPECT_TRUE(std::isfinite(prof.total_time));
  EXPECT_GE(prof.total_time, 0.0);
}

// The L corridor of navmesh_basic.json, without its water room, as inline text: vertices (4,3) and
// (8,3) are shared by several polygons.
const char* kLCorridor = R"({"navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [4, 0], [8, 0], [8, 3], [4, 3], [0, 3], [10, 1], [10, 5], [8, 5], [8, 9], [10, 9]],
    "polygons": [[0, 1, 4, 5], [1, 2, 3, 4], [2, 6, 7, 8, 3], [8, 7, 10, 9]]
  },
  "agent": {"radius": 0.3}})";

void expect_zero_length(const NavMesh& mesh, const PlanResult& r) {
  expect_sound(mesh, r);
  EXPECT_EQ(r.search.corridor.size(), 1u);
  ASSERT_EQ(r.funnel.points.size(), 2u);
  EXPECT_EQ(r.funnel.length, 0.0);
  EXPECT_TRUE(r.motion.turns.path.turns.empty());
  EXPECT_TRUE(r.motion.turns.path.pieces.empty());
  EXPECT_EQ(r.motion.turns.path.length, 0.0);
  EXPECT_EQ(r.motion.profile.total_time, 0.0);
  EXPECT_EQ(r.motion.profile.length, 0.0);
  ASSERT_EQ(r.motion.profile.samples().size(), 1u);
  EXPECT_EQ(r.motion.profile.samples()[0].s, 0.0);
  EXPECT_EQ(r.motion.profile.samples()[0].v, 0.0);
}

TEST(PlanEdgeCases, StartEqualsGoalIsAZeroLengthPlan) {
  const Loaded l = load("default.json");
  const PlanResult r = run(l, p2(18, 2), p2(18, 2));
  expect_zero_length(l.mesh, r);
  EXPECT_EQ(r.funnel.points[0], (Vec2{18, 2}));
  EXPECT_EQ(r.funnel.points[1], (Vec2{18, 2}));
}

TEST(PlanEdgeCases, StartWithinToleranceOfGoalIsAZeroLengthPlan) {
  // A hand-authored mesh keeps doubles (a baked one rounds located points to Detour's floats). The
  // funnel's tolerance here is 1e-9 × the largest coordinate (1.5 m): 1.5e-9 m.
  const Loaded l = load_text(kLCorridor, "edge_case.json");
  const PlanResult r = run(l, p2(1, 1.5), p2(1, 1.5 + 5e-10));
  expect_zero_length(l.mesh, r);
  EXPECT_EQ(r.funnel.points[1], (Vec2{1, 1.5 + 5e-10}));  // corners keep the goal as given
  // Outside the tolerance it is an ordinary (very short) plan with a positive length.
  const PlanResult longer = run(l, p2(1, 1.5), p2(1, 1.5 + 1e-6));
  expect_sound(l.mesh, longer);
  EXPECT_NEAR(longer.funnel.length, 1e-6, 1e-15);
  EXPECT_NEAR(longer.motion.profile.length, 1e-6, 1e-15);
  EXPECT_GT(longer.motion.profile.total_time, 0.0);
}

TEST(PlanEdgeCases, StartEqualsGoalOnASharedVertexAndIn3D) {
  const Loaded l = load_text(kLCorridor, "edge_case.json");
  expect_zero_length(l.mesh, run(l, p2(4, 3), p2(4, 3)));  // a vertex of three polygons
  expect_zero_length(l.mesh, run(l, p2(8, 2), p2(8, 2)));  // on the edge shared by two polygons

  const Loaded level = load("mesh_level.json");
  const PlanResult r = run(level, p3(2, 0, -2), p3(2, 0, -2));
  expect_zero_length(level.mesh, r);
}

TEST(PlanEdgeCases, TwoPointPathHasNoTurns) {
  const Loaded l = load_text(kLCorridor, "edge_case.json");
  const PlanResult r = run(l, p2(1, 1.5), p2(7, 1.5));
  expect_sound(l.mesh, r);
  ASSERT_EQ(r.funnel.points.size(), 2u);
  EXPECT_DOUBLE_EQ(r.funnel.length, 6.0);
  EXPECT_TRUE(r.motion.turns.path.turns.empty());
  ASSERT_EQ(r.motion.turns.path.pieces.size(), 1u);
  EXPECT_DOUBLE_EQ(r.motion.profile.length, 6.0);
  EXPECT_GT(r.motion.profile.total_time, 0.0);
}

TEST(PlanEdgeCases, GoalOnAPolygonVertex) {
  const Loaded l = load_text(kLCorridor, "edge_case.json");
  // (8,3) is the inner corner of the L; (10,9) and (8,9) are outer vertices of the last polygon; (4,3)
  // lies on the way, shared by the first two polygons.
  for (Vec2 goal : {Vec2{8, 3}, Vec2{10, 9}, Vec2{8, 9}, Vec2{4, 3}, Vec2{8, 5}}) {
    SCOPED_TRACE("goal (" + std::to_string(goal.x) + ", " + std::to_string(goal.y) + ")");
    const PlanResult r = run(l, p2(1, 1.5), p2(goal.x, goal.y));
    expect_sound(l.mesh, r);
    EXPECT_EQ(r.funnel.points.back(), goal);
    // No corner repeats the goal: the last segment has a length.
    const std::vector<Vec2>& pts = r.funnel.points;
    EXPECT_GT(distance(pts[pts.size() - 2], pts.back()), 1e-9);
  }
  // From the far end back to the inner corner: the start of that leg is in the last polygon.
  expect_sound(l.mesh, run(l, p2(9, 8), p2(8, 3)));
  expect_sound(l.mesh, run(l, p2(9, 8), p2(0, 0)));
}

TEST(PlanEdgeCases, TheFunnelCheckFindsAPathThatLeavesTheCorridor) {
  const Loaded l = load_text(kLCorridor, "edge_case.json");
  PlanResult r = run(l, p2(1, 1.5), p2(9, 8));
  ASSERT_EQ(r.status, Status::Complete);
  // Round the L's inner corner: start, (8, 3), goal.
  ASSERT_EQ(r.funnel.points.size(), 3u);
  EXPECT_EQ(r.funnel.points[1], (Vec2{8, 3}));
  EXPECT_TRUE(funnel_inside_corridor(l.mesh, r));
  // The corner moved to (6, 4), above the second polygon (y <= 3): the first segment leaves the corridor.
  r.funnel.points[1] = {6, 4};
  EXPECT_FALSE(funnel_inside_corridor(l.mesh, r));
  // No funnel path: a plan whose goal is off the mesh, and a graph scene's plan.
  EXPECT_FALSE(funnel_inside_corridor(l.mesh, run(l, p2(1, 1.5), p2(20, 20))));
  const Loaded graph = load("graph_basic.json");
  ASSERT_EQ(graph.mesh.kind, NavMesh::Kind::Graph);
  const Query& q = graph.scene.queries.at(0);
  const PlanResult on_graph = plan(graph.scene, graph.mesh, PlanRequest{q.start, q.goal, {}});
  ASSERT_EQ(on_graph.status, Status::Complete);
  EXPECT_FALSE(funnel_inside_corridor(graph.mesh, on_graph));
}

TEST(PlanEdgeCases, StartOnASharedEdge) {
  const Loaded l = load_text(kLCorridor, "edge_case.json");
  // (4, 1.5) lies on the edge between the first two polygons, (8, 4) on the edge into the last leg,
  // (4, 3) is an end of that edge and (8, 3) the inner corner itself.
  for (Vec2 start : {Vec2{4, 1.5}, Vec2{8, 4}, Vec2{4, 3}, Vec2{8, 3}, Vec2{4, 0}}) {
    SCOPED_TRACE("start (" + std::to_string(start.x) + ", " + std::to_string(start.y) + ")");
    const PlanResult there = run(l, p2(start.x, start.y), p2(9, 8));
    expect_sound(l.mesh, there);
    EXPECT_EQ(there.funnel.points.front(), start);
    const PlanResult back = run(l, p2(start.x, start.y), p2(1, 1.5));
    expect_sound(l.mesh, back);
  }
}

// A fan of thin triangles around the vertex (0,0): the path from the east arm to the north arm bends
// around that vertex, which ends every portal of the fan, so several portals offer the same corner.
const char* kFan = R"({"navlab": 1,
  "navmesh": {
    "vertices": [[0, 0], [6, 0], [6, -2], [0, -2], [6, 1], [5, 3], [3, 5], [1, 6], [0, 6], [-2, 6], [-2, 0]],
    "polygons": [[0, 3, 2, 1], [0, 1, 4], [0, 4, 5], [0, 5, 6], [0, 6, 7], [0, 7, 8], [0, 8, 9, 10]]
  },
  "agent": {"radius": 0.3}})";

TEST(PlanEdgeCases, CoincidingCornersAreOneTurn) {
  const Loaded l = load_text(kFan);
  const PlanResult r = run(l, p2(1, -1.8), p2(-1.8, 1));
  expect_sound(l.mesh, r);
  EXPECT_GE(r.portals.size(), 6u);
  // The exact funnel bends once, at the fan's centre, although six portals end there.
  ASSERT_EQ(r.funnel.corners.size(), 1u);
  EXPECT_EQ(r.funnel.corners[0].point, (Vec2{0, 0}));
  EXPECT_DOUBLE_EQ(r.funnel.length, 2.0 * std::hypot(1.0, 1.8));
  for (const Turn& t : r.motion.turns.path.turns) EXPECT_GT(t.theta, 0.0);

  // Goal on the fan's centre: the corner and the goal are the same point, so there is no corner.
  const PlanResult to_centre = run(l, p2(1, -1.8), p2(0, 0));
  expect_sound(l.mesh, to_centre);
  EXPECT_TRUE(to_centre.funnel.corners.empty());
  EXPECT_TRUE(to_centre.motion.turns.path.turns.empty());
}

TEST(PlanEdgeCases, MergeCoincidentDropsRepeatedCornersAndSnapsAZeroLengthPath) {
  FunnelResult path;
  path.points = {{0, 0}, {1, 0}, {1, 1e-12}, {2, 1}, {2, 1 + 1e-12}};
  path.corners = {{{1, 0}, 0, FunnelSide::Left}, {{1, 1e-12}, 1, FunnelSide::Left}, {{2, 1}, 2, FunnelSide::Right}};
  merge_coincident(path, 1e-9);
  EXPECT_EQ(path.points, (std::vector<Vec2>{{0, 0}, {1, 0}, {2, 1 + 1e-12}}));
  ASSERT_EQ(path.corners.size(), 1u);
  EXPECT_EQ(path.corners[0].portal, 0);
  EXPECT_DOUBLE_EQ(path.length, 1.0 + std::hypot(1.0, 1.0 + 1e-12));

  FunnelResult still;
  still.points = {{3, 4}, {3, 4 + 1e-10}};
  merge_coincident(still, 1e-9);
  EXPECT_EQ(still.points, (std::vector<Vec2>{{3, 4}, {3, 4}}));
  EXPECT_EQ(still.length, 0.0);
}

TEST(PlanEdgeCases, FitTurnsAcceptsOnlyTheZeroLengthDuplicate) {
  const CorridorShape shape;
  const AgentDef agent;
  const TurnsResult zero = fit_turns({{1, 2}, {1, 2}}, shape, agent);
  ASSERT_TRUE(zero.ok()) << zero.failure->message;
  EXPECT_TRUE(zero.path.pieces.empty());
  EXPECT_EQ(zero.path.length, 0.0);
  const Profile prof = speed_profile(zero.path, agent);
  ASSERT_TRUE(prof.ok());
  ASSERT_EQ(prof.samples().size(), 1u);
  EXPECT_EQ(prof.samples()[0].s, 0.0);
  EXPECT_EQ(prof.samples()[0].v, 0.0);
  EXPECT_EQ(prof.total_time, 0.0);

  const TurnsResult repeated = fit_turns({{0, 0}, {1, 0}, {1, 0}, {2, 1}}, shape, agent);
  ASSERT_FALSE(repeated.ok());
  EXPECT_EQ(repeated.failure->reason, Reason::BadInput);
}

TEST(PlanEdgeCases, ZeroAccelerationOrBrakingIsRejectedAtSceneLoad) {
  for (const char* field : {"accel", "brake_decel", "max_accel", "lateral_accel", "max_speed", "max_turn_rate"}) {
    const std::string text = std::string(R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]],
      "polygons": [[0, 1, 2]]}, "agent": {")") +
                             field + R"(": 0}})";
    const Result<Scene> s = parse_scene(text, "agent.json");
    ASSERT_FALSE(s.ok()) << field;
    EXPECT_NE(s.error().find(std::string("/agent/") + field), std::string::npos) << s.error();
  }
  EXPECT_TRUE(parse_scene(R"({"navlab": 1, "navmesh": {"vertices": [[0, 0], [1, 0], [0, 1]],
      "polygons": [[0, 1, 2]]}, "agent": {"reaction_dt": 0}})",
                          "agent.json")
                  .ok());
}

TEST(PlanEdgeCases, ThreeDimensionalSceneQueries) {
  const Loaded level = load("mesh_level.json");
  for (const Query& q : level.scene.queries) {
    SCOPED_TRACE(q.name);
    const PlanResult r = plan(level.scene, level.mesh, PlanRequest{q.start, q.goal, {}});
    expect_sound(level.mesh, r);
    EXPECT_GE(r.search.corridor.size(), 2u);
    EXPECT_EQ(r.funnel_heights.size(), r.funnel.points.size());
    EXPECT_NEAR(r.funnel_heights.back(), q.goal.height, 0.5);  // the goal projected onto the mesh
  }
}

// CLI: the zero-length plan as `navlab plan` prints it.
Json plan_json(const std::string& args, int expected_exit = 0) {
  const test::RunResult out = test::run_navlab("plan " + args);
  EXPECT_EQ(out.exit_code, expected_exit) << out.err << out.out;
  const Json doc = Json::parse(out.out, nullptr, false);
  EXPECT_FALSE(doc.is_discarded()) << out.out;
  if (doc.is_discarded() || !doc.contains("results") || doc["results"].size() != 1) return Json::object();
  return doc["results"][0];
}

void expect_zero_length_json(const Json& r, const Json& point) {
  ASSERT_EQ(r.value("status", ""), "complete") << r.dump();
  EXPECT_TRUE(r["failure"].is_null());
  EXPECT_EQ(r["corridor"].size(), 1u);
  // A baked mesh reports located points in Detour's float precision.
  ASSERT_EQ(r["corners"].size(), 2u);
  EXPECT_EQ(r["corners"][0], r["corners"][1]);
  ASSERT_EQ(r["corners"][0].size(), point.size());
  for (size_t i = 0; i < point.size(); ++i) EXPECT_NEAR(r["corners"][0][i].get<double>(), point[i].get<double>(), 1e-6);
  EXPECT_EQ(r["length"], 0.0);
  EXPECT_EQ(r["inside_corridor"], true);
  EXPECT_EQ(r["turns"], Json::array());
  ASSERT_TRUE(r.contains("profile")) << r.dump();
  EXPECT_EQ(r["profile"]["total_time"], 0.0);
  EXPECT_EQ(r["profile"]["length"], 0.0);
  ASSERT_EQ(r["profile"]["samples"].size(), 1u);
  EXPECT_EQ(r["profile"]["samples"][0]["s"], 0.0);
  EXPECT_EQ(r["profile"]["samples"][0]["v"], 0.0);
}

TEST(PlanEdgeCasesCli, StartEqualsGoal) {
  expect_zero_length_json(plan_json(test::scene_path("default.json") + " --start 18,2 --goal 18,2"),
                          Json::array({18.0, 2.0}));
}

TEST(PlanEdgeCasesCli, StartEqualsGoalIn3D) {
  const Json r = plan_json(test::scene_path("mesh_level.json") + " --start 2,0,-2 --goal 2,0,-2");
  ASSERT_EQ(r.value("status", ""), "complete") << r.dump();
  ASSERT_EQ(r["corners"].size(), 2u);
  ASSERT_EQ(r["corners"][0].size(), 3u);
  // x and z as given; the height is the detail mesh's over the flat ground floor (y = 0 in
  // mesh_level.obj): Recast puts polygon vertices on top of their span (up to one cell_height, 0.2 m,
  // above the surface) and lets the detail mesh deviate by detail_sample_max_error (1) cell heights.
  const double height = r["corners"][0][1].get<double>();
  EXPECT_GE(height, 0.0);
  EXPECT_LE(height, 0.4);
  expect_zero_length_json(r, Json::array({2.0, height, -2.0}));
}

TEST(PlanEdgeCasesCli, StartEqualsGoalInsideTheWestDoorway) {
  // A point inside the door_west opening (a baked mesh, the door open).
  expect_zero_length_json(plan_json(test::scene_path("default.json") + " --start 6.25,9.8 --goal 6.25,9.8"),
                          Json::array({6.25, 9.8}));
}

}  // namespace
}  // namespace navlab

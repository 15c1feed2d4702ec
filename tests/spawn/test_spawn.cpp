// Spawn validation: each of the six checks alone, disabling a check flips the verdict, the 1 cm
// clearance margin, excluded areas, partitions (islands and closed doors), and the substitute policy.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "gates.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "spawn.h"
#include "tilecache.h"

namespace navlab {
namespace {

ScenePoint pt(double x, double y) {
  ScenePoint p;
  p.plane = {x, y};
  return p;
}

// The layout of scenes/spawn_checks.json, built in code (4 m squares):
//   0 floor (0..4, 0..4)   1 floor (4..8, 0..4)   2 floor (8..12, 0..4)
//   3 stage (0..4, 4..8)                           4 water (8..12, 4..8)   excluded for the agent
//                                                  5 floor (8..12, 8..12)  reachable only across water
//   6 floor (16..20, 0..4): an island
Scene checks_scene() {
  Scene s;
  Scene::Navmesh& m = s.source.emplace<Scene::Navmesh>();
  m.vertices = {{0, 0}, {4, 0}, {8, 0},  {12, 0}, {0, 4},   {4, 4},  {8, 4},  {12, 4}, {0, 8},
                {4, 8}, {8, 8}, {12, 8}, {8, 12}, {12, 12}, {16, 0}, {20, 0}, {20, 4}, {16, 4}};
  m.polygons = {{0, 1, 5, 4},   {1, 2, 6, 5},     {2, 3, 7, 6},    {4, 5, 9, 8},
                {6, 7, 11, 10}, {10, 11, 13, 12}, {14, 15, 16, 17}};
  m.areas = {"floor", "floor", "floor", "stage", "water", "floor", "floor"};
  s.agent.radius = 0.5;
  s.agent.excluded_areas = {"water"};
  s.spawn.allowed_areas = std::vector<std::string>{"floor", "water"};
  s.spawn.forbidden_zones = {{"exit_lane", {{5, 1}, {7, 1}, {7, 3}, {5, 3}}}};
  Occupant crate;
  crate.name = "crate";
  crate.pos = pt(10, 2);
  crate.radius = 0.5;
  s.spawn.occupants = {crate};
  s.spawn.safe_targets = {pt(2, 2), pt(19, 3)};
  s.spawn.partition_of = pt(2, 2);
  return s;
}

NavMesh mesh_of(const Scene& s) {
  Result<NavMesh> m = build_hand_authored(std::get<Scene::Navmesh>(s.source), "test");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.value();
}

SpawnCandidate cand(const std::string& name, double x, double y) { return {name, pt(x, y)}; }

std::vector<SpawnCheck> failed_checks(const SpawnVerdict& v) {
  std::vector<SpawnCheck> out;
  for (const CheckResult& r : v.checks)
    if (r.outcome == CheckOutcome::Failed) out.push_back(r.check);
  return out;
}

class SpawnChecks : public ::testing::Test {
 protected:
  Scene scene = checks_scene();
  NavMesh mesh = mesh_of(scene);
  SpawnValidator validator = SpawnValidator::create(scene, mesh).value();

  SpawnVerdict run(const SpawnCandidate& c, const SpawnOptions& o = {}) const { return validator.validate(c, o); }
};

TEST_F(SpawnChecks, CheckNamesRoundTripInOrder) {
  const char* names[] = {"projection", "clearance", "connectivity", "forbidden_zone", "occupancy", "safe_path"};
  for (int i = 0; i < kSpawnCheckCount; ++i) {
    EXPECT_STREQ(to_string(kSpawnChecks[i]), names[i]);
    EXPECT_EQ(spawn_check_from_string(names[i]), kSpawnChecks[i]);
  }
  EXPECT_FALSE(spawn_check_from_string("occupied").has_value());
}

TEST_F(SpawnChecks, GoodCandidatePassesEverything) {
  const SpawnVerdict v = run(cand("good", 3, 1));
  EXPECT_TRUE(v.accepted);
  EXPECT_FALSE(v.reason.has_value());
  EXPECT_EQ(v.message, "");
  for (const CheckResult& r : v.checks) EXPECT_EQ(r.outcome, CheckOutcome::Passed) << to_string(r.check);
  EXPECT_EQ(v.result(SpawnCheck::Projection).poly, 0);
  EXPECT_EQ(v.result(SpawnCheck::Projection).area, "floor");
  EXPECT_DOUBLE_EQ(v.result(SpawnCheck::Clearance).distance, 1.0);
}

// One candidate per check, each failing that check and no other; disabling it accepts the candidate.
struct Alone {
  SpawnCheck check;
  SpawnCandidate candidate;
};

TEST_F(SpawnChecks, EachCheckFailsAloneAndDisablingItFlipsTheVerdict) {
  const Alone cases[] = {
      {SpawnCheck::Projection, cand("on_stage", 2, 6)},        {SpawnCheck::Clearance, cand("by_the_wall", 0.49, 2)},
      {SpawnCheck::Connectivity, cand("island", 18, 2)},       {SpawnCheck::ForbiddenZone, cand("exit_lane", 6, 2)},
      {SpawnCheck::Occupancy, cand("next_to_crate", 10.6, 2)}, {SpawnCheck::SafePath, cand("behind_water", 10, 10)},
  };
  for (const Alone& c : cases) {
    SCOPED_TRACE(c.candidate.name);
    const SpawnVerdict v = run(c.candidate);
    EXPECT_FALSE(v.accepted);
    EXPECT_EQ(v.reason, c.check);
    EXPECT_EQ(failed_checks(v), std::vector<SpawnCheck>{c.check});
    EXPECT_EQ(v.message, spawn_rejection_message(c.check));

    SpawnOptions off;
    off.set(c.check, false);
    const SpawnVerdict flipped = run(c.candidate, off);
    EXPECT_TRUE(flipped.accepted);
    EXPECT_EQ(flipped.result(c.check).outcome, CheckOutcome::Skipped);
    EXPECT_TRUE(failed_checks(flipped).empty());
  }
}

TEST_F(SpawnChecks, ClearanceFailsByOneCentimetre) {
  const SpawnVerdict near = run(cand("near", 0.49, 2));
  const CheckResult& r = near.result(SpawnCheck::Clearance);
  EXPECT_EQ(r.outcome, CheckOutcome::Failed);
  EXPECT_NEAR(r.distance, 0.49, 1e-12);
  EXPECT_DOUBLE_EQ(r.required, 0.5);
  EXPECT_NEAR(r.required - r.distance, 0.01, 1e-12);
  // Exactly the clearance away passes (>=).
  EXPECT_EQ(run(cand("edge", 0.5, 2)).result(SpawnCheck::Clearance).outcome, CheckOutcome::Passed);
  // Internal edges (shared with a neighbour) are not walls: 4.0 sits on the edge between 0 and 1.
  EXPECT_DOUBLE_EQ(run(cand("seam", 4.0, 2)).result(SpawnCheck::Clearance).distance, 2.0);
}

TEST_F(SpawnChecks, ExplicitClearanceOverridesTheAgentRadius) {
  scene.spawn.clearance = 1.5;
  const SpawnValidator v = SpawnValidator::create(scene, mesh).value();
  EXPECT_DOUBLE_EQ(v.clearance(), 1.5);
  EXPECT_EQ(v.validate(cand("good", 3, 1), {}).reason, SpawnCheck::Clearance);
  EXPECT_TRUE(v.validate(cand("centre", 2, 2.5), {}).accepted);
}

TEST_F(SpawnChecks, ExcludedAreaFailsProjectionEvenWhenAllowedForSpawning) {
  const SpawnVerdict v = run(cand("in_water", 10, 6));
  EXPECT_EQ(v.reason, SpawnCheck::Projection);
  const CheckResult& p = v.result(SpawnCheck::Projection);
  EXPECT_EQ(p.poly, 4);
  EXPECT_EQ(p.area, "water");
  EXPECT_NE(p.detail.find("excluded"), std::string::npos) << p.detail;
  // Areas do not cut partitions: the water polygon is still in the main partition.
  EXPECT_EQ(v.result(SpawnCheck::Connectivity).outcome, CheckOutcome::Passed);

  scene.agent.excluded_areas.clear();
  const SpawnValidator allowed = SpawnValidator::create(scene, mesh).value();
  EXPECT_EQ(allowed.validate(cand("in_water", 10, 6), {}).result(SpawnCheck::Projection).outcome, CheckOutcome::Passed);
}

TEST_F(SpawnChecks, AllowedAreasAbsentMeansEveryArea) {
  scene.spawn.allowed_areas.reset();
  const SpawnValidator v = SpawnValidator::create(scene, mesh).value();
  EXPECT_TRUE(v.validate(cand("on_stage", 2, 6), {}).accepted);
}

TEST_F(SpawnChecks, OffTheMeshFailsProjectionFirst) {
  const SpawnVerdict v = run(cand("gap", 6, 6));
  EXPECT_EQ(v.reason, SpawnCheck::Projection);
  EXPECT_EQ(v.result(SpawnCheck::Projection).poly, -1);
  EXPECT_EQ(v.result(SpawnCheck::Clearance).outcome, CheckOutcome::Failed);
  EXPECT_EQ(v.result(SpawnCheck::Connectivity).outcome, CheckOutcome::Failed);
  // Checks that do not need the navmesh still report their own result.
  EXPECT_EQ(v.result(SpawnCheck::ForbiddenZone).outcome, CheckOutcome::Passed);
  EXPECT_EQ(v.result(SpawnCheck::Occupancy).outcome, CheckOutcome::Passed);
}

TEST_F(SpawnChecks, PartitionsAreIslandsAndDefaultToTheFirstSafeTarget) {
  const Partitions& parts = validator.partitions();
  EXPECT_EQ(parts.count, 2);
  EXPECT_EQ(parts.of_poly, (std::vector<int>{0, 0, 0, 0, 0, 0, 1}));
  const CheckResult r = run(cand("island", 18, 2)).result(SpawnCheck::Connectivity);
  EXPECT_EQ(r.partition, 1);
  EXPECT_EQ(r.expected_partition, 0);

  // Without partition_of the first safe target decides; put the island's target first.
  scene.spawn.partition_of.reset();
  scene.spawn.safe_targets = {pt(19, 3), pt(2, 2)};
  const SpawnValidator v = SpawnValidator::create(scene, mesh).value();
  EXPECT_EQ(v.expected_partition(), 1);
  EXPECT_EQ(v.validate(cand("island", 18, 2), {}).result(SpawnCheck::Connectivity).outcome, CheckOutcome::Passed);
  EXPECT_EQ(v.validate(cand("good", 3, 1), {}).result(SpawnCheck::Connectivity).outcome, CheckOutcome::Failed);
}

TEST_F(SpawnChecks, ClosedDoorSplitsAPartition) {
  Door door;
  door.id = "gate";
  door.shape = {pt(8, 0), pt(8, 4)};  // the shared edge of polygons 1 and 2
  door.open = false;
  scene.doors = {door};
  const SpawnValidator closed = SpawnValidator::create(scene, mesh).value();
  EXPECT_EQ(closed.partitions().count, 3);
  const SpawnVerdict v = closed.validate(cand("beyond_gate", 10, 1), {});
  EXPECT_EQ(v.reason, SpawnCheck::Connectivity);

  scene.doors[0].open = true;
  const SpawnValidator open = SpawnValidator::create(scene, mesh).value();
  EXPECT_EQ(open.partitions().count, 2);
  EXPECT_EQ(open.validate(cand("beyond_gate", 10, 1), {}).result(SpawnCheck::Connectivity).outcome,
            CheckOutcome::Passed);
}

TEST_F(SpawnChecks, SafePathKeepsThePlannerFailureReason) {
  // Behind the water: on the navmesh and in the main partition, yet no path for this agent.
  const CheckResult r = run(cand("behind_water", 10, 10)).result(SpawnCheck::SafePath);
  EXPECT_EQ(r.failure_reason, Reason::AgentRestricted);
  EXPECT_NE(r.detail.find("water"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("disconnected"), std::string::npos) << r.detail;  // the island's target
  EXPECT_EQ(r.safe_target, -1);
  // The island candidate reaches the island's own safe target (index 1).
  const CheckResult island = run(cand("island", 18, 2)).result(SpawnCheck::SafePath);
  EXPECT_EQ(island.outcome, CheckOutcome::Passed);
  EXPECT_EQ(island.safe_target, 1);
}

TEST_F(SpawnChecks, OccupancyCountsTheAgentRadiusAndNamesTheOccupant) {
  const CheckResult r = run(cand("next_to_crate", 10.6, 2)).result(SpawnCheck::Occupancy);
  EXPECT_EQ(r.name, "crate");
  EXPECT_NEAR(r.distance, 0.6, 1e-12);
  EXPECT_DOUBLE_EQ(r.required, 1.0);
  // 1.0 m away: touching, not overlapping.
  EXPECT_EQ(run(cand("touching", 11.0, 2)).result(SpawnCheck::Occupancy).outcome, CheckOutcome::Passed);
}

TEST_F(SpawnChecks, ForbiddenZoneNamesTheZone) {
  const CheckResult r = run(cand("exit_lane", 6, 2)).result(SpawnCheck::ForbiddenZone);
  EXPECT_EQ(r.name, "exit_lane");
  EXPECT_EQ(run(cand("zone_border", 5, 2)).result(SpawnCheck::ForbiddenZone).outcome, CheckOutcome::Failed);
}

TEST_F(SpawnChecks, TraceHasOneRecordPerCheckAndVerdict) {
  SpawnTrace trace;
  SpawnOptions o;
  o.set(SpawnCheck::SafePath, false);
  const SpawnVerdict v = validator.validate(cand("next_to_crate", 10.6, 2), o, &trace, 3);
  ASSERT_EQ(trace.checks.size(), size_t(kSpawnCheckCount));
  ASSERT_EQ(trace.verdicts.size(), 1u);
  EXPECT_EQ(trace.checks[4].candidate, 3);
  EXPECT_EQ(trace.checks[4].result, v.result(SpawnCheck::Occupancy));
  EXPECT_EQ(trace.checks[5].result.outcome, CheckOutcome::Skipped);
  EXPECT_NE(trace.checks[4].describe().find("crate"), std::string::npos);
  EXPECT_NE(trace.verdicts[0].describe().find("dynamic occupancy conflict"), std::string::npos);
}

// Property: the hand-authored clearance is a distance to a fixed set of boundary edges, so moving a
// point by d changes it by at most d (1-Lipschitz); seeded random pairs on the floor row.
TEST_F(SpawnChecks, ClearanceIsOneLipschitz) {
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> u(0.0, 12.0), step(-0.3, 0.3);
  int tested = 0;
  for (int i = 0; i < 500; ++i) {
    // One draw per statement: a call's arguments are evaluated in an order the compiler chooses.
    const double ax = u(rng), ay = u(rng) / 3.0;
    const ScenePoint a = pt(ax, ay);
    const double dx = step(rng), dy = step(rng);
    const ScenePoint b = pt(ax + dx, ay + dy);
    const Location la = validator.locate_point(a), lb = validator.locate_point(b);
    if (!la.ok() || !lb.ok()) continue;
    ++tested;
    const double da = validator.boundary_distance(la), db = validator.boundary_distance(lb);
    EXPECT_LE(std::fabs(da - db), distance(a.plane, b.plane) + 1e-12);
    EXPECT_GE(da, 0.0);
  }
  EXPECT_GT(tested, 300);
}

TEST_F(SpawnChecks, SubstituteKeepsTheOriginalFailure) {
  SubstitutePolicy policy;
  policy.radius = 1.5;
  policy.step = 0.25;
  const SpawnCandidate c = cand("next_to_crate", 10.6, 2);
  const SpawnSubstitute s = find_spawn_substitute(validator, c, {}, policy);
  EXPECT_EQ(s.original, run(c));
  EXPECT_EQ(s.original.reason, SpawnCheck::Occupancy);
  ASSERT_TRUE(s.substitute.has_value()) << s.message;
  EXPECT_TRUE(s.substitute->accepted);
  // Grid offsets are multiples of 0.25 m; the nearest with |p - crate| >= 1 m is (+0.5, 0): (11.1, 2).
  EXPECT_NEAR(s.substitute->pos.x, 11.1, 1e-12);
  EXPECT_NEAR(s.substitute->pos.y, 2.0, 1e-12);
  EXPECT_NEAR(s.distance, 0.5, 1e-12);
  EXPECT_GT(s.samples, 0);
  EXPECT_NE(s.message.find("occupancy"), std::string::npos) << s.message;
}

TEST_F(SpawnChecks, SubstituteNotFoundExposesTheOriginalFailure) {
  SubstitutePolicy policy;
  policy.radius = 0.3;  // nothing within 0.3 m of the island point is in the main partition
  const SpawnCandidate c = cand("island", 18, 2);
  const SpawnSubstitute s = find_spawn_substitute(validator, c, {}, policy);
  EXPECT_FALSE(s.substitute.has_value());
  EXPECT_EQ(s.original.reason, SpawnCheck::Connectivity);
  EXPECT_NE(s.message.find("connectivity"), std::string::npos) << s.message;
}

TEST_F(SpawnChecks, SubstituteMustStayConnectedToTheOriginalWhenRequired) {
  // A candidate at the island's west edge: the nearest accepted points lie in the main partition only
  // if connection to the original is not required; with it required nothing qualifies.
  SpawnOptions o;
  o.set(SpawnCheck::Connectivity, false);
  scene.spawn.occupants[0].pos = pt(17, 2);
  scene.spawn.occupants[0].radius = 3.0;
  const SpawnValidator v = SpawnValidator::create(scene, mesh).value();
  SubstitutePolicy policy;
  policy.radius = 6.0;
  policy.step = 0.5;
  policy.require_connected = true;
  const SpawnSubstitute connected = find_spawn_substitute(v, cand("island", 17, 2), o, policy);
  EXPECT_FALSE(connected.substitute.has_value()) << connected.message;
  policy.require_connected = false;
  const SpawnSubstitute any = find_spawn_substitute(v, cand("island", 17, 2), o, policy);
  ASSERT_TRUE(any.substitute.has_value()) << any.message;
  EXPECT_LT(any.substitute->pos.x, 12.0);
}

TEST_F(SpawnChecks, SubstituteByPathCostAvoidsExpensiveAreas) {
  // Polygon 2 costs 10 per metre. The candidate stands just inside it, next to a guard in polygon 1.
  scene.navmesh_source()->costs = {1, 1, 10, 1, 1, 1, 1};
  Occupant guard;
  guard.name = "guard";
  guard.pos = pt(7.5, 2);
  guard.radius = 0.5;
  scene.spawn.occupants.push_back(guard);
  const NavMesh costly = mesh_of(scene);
  const SpawnValidator v = SpawnValidator::create(scene, costly).value();
  const SpawnCandidate c = cand("by_guard", 8.2, 2);
  SubstitutePolicy policy;
  policy.radius = 1.5;

  // Straight-line nearest: (8.7, 2), 0.5 m away, deeper in the expensive polygon.
  const SpawnSubstitute straight = find_spawn_substitute(v, c, {}, policy);
  ASSERT_TRUE(straight.substitute.has_value()) << straight.message;
  EXPECT_NEAR(straight.substitute->pos.x, 8.7, 1e-12);
  EXPECT_NEAR(straight.substitute->pos.y, 2.0, 1e-12);

  // Path cost: leave polygon 2 through its portal midpoint (8, 2) (0.2 m × 10), then 1.0012 m in
  // polygon 1 to (7.95, 1) or (7.95, 3); equal costs, the lower grid row comes first.
  policy.distance = SubstituteDistance::PathCost;
  const SpawnSubstitute cheap = find_spawn_substitute(v, c, {}, policy);
  ASSERT_TRUE(cheap.substitute.has_value()) << cheap.message;
  EXPECT_NEAR(cheap.substitute->pos.x, 7.95, 1e-12);
  EXPECT_NEAR(cheap.substitute->pos.y, 1.0, 1e-12);
  EXPECT_NEAR(cheap.distance, 2.0 + std::hypot(0.05, 1.0), 1e-9);
  EXPECT_EQ(cheap.original.reason, SpawnCheck::Occupancy);
  EXPECT_NE(cheap.message.find("path cost"), std::string::npos) << cheap.message;
}

TEST_F(SpawnChecks, AcceptedCandidateNeedsNoSubstitute) {
  const SpawnSubstitute s = find_spawn_substitute(validator, cand("good", 3, 1), {}, {});
  EXPECT_TRUE(s.original.accepted);
  EXPECT_FALSE(s.substitute.has_value());
  EXPECT_EQ(s.samples, 0);
}

// Baked meshes measure clearance with Detour's findDistanceToWall on the eroded mesh: a 10 m square
// room eroded by 0.6 m puts its walls at 0.6 and 9.4 (within a cell of 0.3 m).
TEST(SpawnBaked, ClearanceUsesDetourOnTheErodedMesh) {
  Scene s;
  s.source = Scene::Floorplan{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {}, {}};
  s.agent.radius = 0.6;  // equal to bake.agent_radius: nothing more is required
  Result<NavMesh> m = build_navmesh(s);
  ASSERT_TRUE(m.ok()) << m.error();
  ASSERT_TRUE(m->baked);
  const SpawnValidator v = SpawnValidator::create(s, m.value()).value();
  EXPECT_DOUBLE_EQ(v.clearance(), 0.0);
  const Location centre = v.locate_point(pt(5, 5));
  ASSERT_TRUE(centre.ok());
  EXPECT_NEAR(v.boundary_distance(centre), 4.4, 0.3);
  const Location near_wall = v.locate_point(pt(1.5, 5));
  ASSERT_TRUE(near_wall.ok());
  EXPECT_NEAR(v.boundary_distance(near_wall), 0.9, 0.3);
  // An explicit clearance of 1.5 m rejects the point near the wall and accepts the centre.
  s.spawn.clearance = 1.5;
  const SpawnValidator strict = SpawnValidator::create(s, m.value()).value();
  SpawnOptions only;
  only.enabled = {true, true, false, false, false, false};
  EXPECT_EQ(strict.validate(cand("wall", 1.5, 5), only).reason, SpawnCheck::Clearance);
  EXPECT_TRUE(strict.validate(cand("centre", 5, 5), only).accepted);
}

// The tile cache's mesh (no Detour mesh of its own to keep: it changes with every update) is a Recast
// bake too, eroded by bake.agent_radius: it asks the same clearance as the single-tile bake, and points
// near the wall get the same verdict on both.
TEST(SpawnBaked, TheTileCachesMeshAsksTheClearanceOfTheSingleTileBake) {
  Scene s;
  s.source = Scene::Floorplan{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {}, {}};
  s.agent.radius = 0.9;  // 0.3 m more than the bake's 0.6
  Result<NavMesh> single = build_navmesh(s);
  ASSERT_TRUE(single.ok()) << single.error();
  auto tiles = TileCache::build(s, tile_cache_def(s));
  ASSERT_TRUE(tiles) << tiles.error();
  const NavMesh& tiled = tiles.value()->navmesh().mesh;
  ASSERT_FALSE(tiled.baked);
  SpawnOptions only;
  only.enabled = {true, true, false, false, false, false};
  for (const NavMesh* m : std::vector<const NavMesh*>{&single.value(), &tiled}) {
    SCOPED_TRACE(m->baked ? "single tile" : "tile cache");
    EXPECT_TRUE(m->eroded);
    const SpawnValidator v = SpawnValidator::create(s, *m).value();
    EXPECT_DOUBLE_EQ(v.clearance(), 0.3);
    // Where the eroded wall stands (the tile cache's erodes a cell more than the single tile): a point
    // 0.2 m from it is too close, one 0.4 m from it is clear.
    const Location inside = v.locate_point(pt(2, 5));
    ASSERT_TRUE(inside.ok());
    const double wall = 2.0 - v.boundary_distance(inside);
    ASSERT_GT(wall, 0.55);
    ASSERT_LT(wall, 1.25);
    EXPECT_TRUE(v.validate(cand("clear", wall + 0.4, 5), only).accepted);
    EXPECT_EQ(v.validate(cand("tight", wall + 0.2, 5), only).reason, SpawnCheck::Clearance);
  }
  // A hand-authored mesh is not eroded: the whole agent radius is asked.
  const Scene hand = checks_scene();
  const NavMesh hand_mesh = mesh_of(hand);
  EXPECT_FALSE(hand_mesh.eroded);
  EXPECT_DOUBLE_EQ(SpawnValidator::create(hand, hand_mesh).value().clearance(), hand.agent.radius);
}

TEST(SpawnGraph, GraphScenesAreRejectedWithAMessage) {
  Scene s;
  s.source = Scene::Graph{};
  NavMesh m;
  m.kind = NavMesh::Kind::Graph;
  const Result<SpawnValidator> v = SpawnValidator::create(s, m);
  EXPECT_FALSE(v.ok());
  EXPECT_NE(v.error().find("graph"), std::string::npos);
}

// ---- Partitions under closed doors, against a plain flood fill ----

// `n` x `n` unit squares with a wall along every fifth row, open at every seventh column: closing a
// door across an opening splits the floor, elsewhere it splits nothing.
Scene walled_floor(int n) {
  Scene s;
  Scene::Navmesh& m = s.source.emplace<Scene::Navmesh>();
  s.path = "walled.json";
  for (int y = 0; y <= n; ++y)
    for (int x = 0; x <= n; ++x) m.vertices.push_back({double(x), double(y)});
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      if (y % 5 == 4 && x % 7 != 3) continue;
      const int v = y * (n + 1) + x;
      m.polygons.push_back({v, v + 1, v + n + 2, v + n + 1});
    }
  return s;
}

// The flood fill every partition rule must agree with: seeds in polygon order, a step over every
// shared edge the gates leave open.
Partitions flood(const Scene& scene, const NavMesh& mesh) {
  const Gates gates = make_gates(scene, mesh).value();
  Partitions out;
  out.of_poly.assign(mesh.polys.size(), -1);
  for (int seed = 0; seed < int(mesh.polys.size()); ++seed) {
    if (out.of_poly[size_t(seed)] >= 0) continue;
    std::vector<int> todo{seed};
    out.of_poly[size_t(seed)] = out.count;
    while (!todo.empty()) {
      const int p = todo.back();
      todo.pop_back();
      for (int e = 0; e < int(mesh.polys[size_t(p)].neighbours.size()); ++e) {
        const int q = mesh.polys[size_t(p)].neighbours[size_t(e)];
        if (q < 0 || out.of_poly[size_t(q)] >= 0 || gates.filter.link_block(mesh, p, e) >= 0) continue;
        out.of_poly[size_t(q)] = out.count;
        todo.push_back(q);
      }
    }
    ++out.count;
  }
  return out;
}

TEST(SpawnPartitions, ClosedDoorsSplitAsAFloodFillSplits) {
  Scene scene = walled_floor(35);
  const NavMesh mesh = build_navmesh(scene).value();
  const Partitions open = compute_partitions(scene, mesh);
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> at(0.0, 35.0), len(0.5, 4.0), turn(0.0, 3.14159);
  int split = 0, whole = 0;
  for (int i = 0; i < 120; ++i) {
    scene.doors.clear();
    for (int k = 0; k < 1 + i % 3; ++k) {  // one to three closed doors
      Door d;
      d.id = "d" + std::to_string(k);
      d.open = false;
      // Every other door across an opening of a wall row (row 4, 9, ...; column 3, 10, ...).
      Vec2 p{at(rng), at(rng)};
      if (k % 2 == 0) p = {3.5 + 7.0 * std::floor(p.x / 7.0), 5.0 * std::floor(p.y / 5.0) + 4.5};
      const double a = turn(rng), l = len(rng);
      d.shape = {ScenePoint{"", p - Vec2{std::cos(a), std::sin(a)} * l, 0, false},
                 ScenePoint{"", p + Vec2{std::cos(a), std::sin(a)} * l, 0, false}};
      scene.doors.push_back(d);
    }
    const Partitions got = compute_partitions(scene, mesh), want = flood(scene, mesh);
    ASSERT_EQ(got.count, want.count) << "doors " << i;
    EXPECT_EQ(got.of_poly, want.of_poly) << "doors " << i;
    (got.count > open.count ? split : whole) += 1;
  }
  // Both answers were given: doors that split the floor and doors that did not.
  EXPECT_GT(split, 10);
  EXPECT_GT(whole, 10);
}

TEST(SpawnPartitions, RoomsShutOffAreNumberedAsAFloodFillNumbersThem) {
  // Closed doors across every opening of the first and the last wall row shut off the bottom band
  // (polygon 0's) and the top band: three components, the band holding the lowest polygon first.
  Scene scene = walled_floor(35);
  const NavMesh mesh = build_navmesh(scene).value();
  for (int row : {4, 29})
    for (int x = 3; x < 35; x += 7) {
      Door d;
      d.id = "d" + std::to_string(row) + "_" + std::to_string(x);
      d.open = false;
      const Vec2 a{x + 0.5, row + 0.5}, b{x + 0.5, row == 4 ? row + 1.5 : row - 0.5};  // across the edge into the band
      d.shape = {ScenePoint{"", a, 0, false}, ScenePoint{"", b, 0, false}};
      scene.doors.push_back(d);
    }
  const Partitions got = compute_partitions(scene, mesh), want = flood(scene, mesh);
  ASSERT_EQ(want.count, 3);
  ASSERT_EQ(got.count, want.count);
  EXPECT_EQ(got.of_poly, want.of_poly);
  EXPECT_EQ(got.of_poly.front(), 0);
  EXPECT_EQ(got.of_poly.back(), 2);
}

// The walls the spawn checks list once per mesh (mesh_walls, kept with the mesh's index) are the edges with no polygon
// across, each once, with the polygon's own corners. The oracle reads the polygons' corner indices, not their neighbour
// lists: an edge a -> b is a wall when no polygon has the edge b -> a.
TEST(SpawnWalls, TheMeshWallsAreTheEdgesWithNoNeighbour) {
  std::mt19937 rng(4);
  const NavMesh m = test::random_mesh(rng, 12, 9);
  std::set<std::pair<int, int>> directed;
  for (const NavPoly& p : m.polys)
    for (size_t e = 0; e < p.verts.size(); ++e) directed.insert({p.verts[e], p.verts[(e + 1) % p.verts.size()]});
  std::vector<std::pair<Vec2, Vec2>> want;
  for (const NavPoly& p : m.polys)
    for (size_t e = 0; e < p.verts.size(); ++e) {
      const int a = p.verts[e], b = p.verts[(e + 1) % p.verts.size()];
      if (!directed.count({b, a})) want.emplace_back(m.verts[size_t(a)], m.verts[size_t(b)]);
    }
  ASSERT_GT(want.size(), 30u);
  const std::vector<std::pair<Vec2, Vec2>>& got = mesh_walls(m);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_TRUE(got[i].first == want[i].first && got[i].second == want[i].second) << i;
  EXPECT_EQ(&mesh_walls(m), &got) << "worked out once";
}

// A mesh changed in place (its revision bumped) lists its walls again: they are kept with the index of one
// revision, not with the mesh.
TEST(SpawnWalls, AMeshChangedInPlaceListsItsWallsAgain) {
  std::mt19937 rng(5);
  NavMesh m = test::random_mesh(rng, 6, 5);
  const Vec2 first = mesh_walls(m).front().first;
  for (Vec2& v : m.verts) v = v + Vec2{10.0, 0.0};
  m.revision.bump();
  EXPECT_EQ(mesh_walls(m).front().first.x, first.x + 10.0);
}

}  // namespace
}  // namespace navlab

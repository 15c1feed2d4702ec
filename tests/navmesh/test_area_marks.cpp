// Painted areas in the bake (core/navmesh/area_marks.*): an area's polygons carry its name and cost, on
// a floor plan (painted per cell) and on a level mesh (a convex volume marked by Recast), in one tile and
// in tiles; an expensive area across the straight route sends the corridor around it, and the corridor
// is Detour's findPath's with the same area costs on the same Detour mesh; a cost of 1 leaves the route
// straight; a volume's height range decides which floor it marks.
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "locate.h"
#include "navmesh_build.h"
#include "paths.h"
#include "plan.h"

namespace navlab {
namespace {

// A 20 x 10 m room, the query along its middle from x 2 to x 18, and mud painted over x 8..12,
// y 2..8 with `cost`.
Scene room(double cost) {
  auto s = parse_scene(R"({"navlab": 1, "floorplan": {"outline": [[0, 0], [20, 0], [20, 10], [0, 10]],
      "areas": [{"name": "mud", "polygon": [[8, 2], [12, 2], [12, 8], [8, 8]], "cost": )" +
                           std::to_string(cost) + R"(}]}, "queries": [{"start": [2, 5], "goal": [18, 5]}]})",
                       "room.json");
  EXPECT_TRUE(s.ok()) << s.error();
  return s.value();
}

// scenes/mesh_level.json with water (a convex volume over x 5..9, z 0.5..-4.5 of the ground) across the
// straight route from (2, 0, -2) to (12, 0, -2).
Scene level(double cost) {
  auto s = load_scene(test::scene_path("mesh_level.json"));
  EXPECT_TRUE(s.ok()) << s.error();
  Scene scene = s.value();
  AreaVolume water{"water", {}, -1.0, 5.0, cost};
  for (const Vec3 w : {Vec3{5, 0, 0.5}, Vec3{9, 0, 0.5}, Vec3{9, 0, -4.5}, Vec3{5, 0, -4.5}})
    water.polygon.push_back(ScenePoint{"", to_plane(w), w.y, true});
  scene.mesh_source()->areas = {water};
  scene.queries = {
      {"across", ScenePoint{"", to_plane({2, 0, -2}), 0.0, true}, ScenePoint{"", to_plane({12, 0, -2}), 0.0, true}}};
  return scene;
}

NavMesh bake(const Scene& scene) {
  auto m = build_navmesh(scene);
  EXPECT_TRUE(m.ok()) << m.error();
  return std::move(m).value();
}

PlanResult plan_query(const Scene& scene, const NavMesh& mesh) {
  return plan(scene, mesh, PlanRequest{scene.queries[0].start, scene.queries[0].goal, {}});
}

// Detour's findPath on the mesh's own Detour data, each area's cost set from the polygons' costs, between
// the polygons and points our locate found. Its corridor as polygon indices.
std::vector<int> detour_corridor(const NavMesh& mesh, const PlanResult& ours) {
  const dtNavMesh* nav = mesh.baked->detour.get();
  dtNavMeshQuery query;
  EXPECT_TRUE(dtStatusSucceed(query.init(nav, 4096)));
  dtQueryFilter filter;
  for (int i = 0; i < mesh.size(); ++i) {
    const dtMeshTile* tile = nullptr;
    const dtPoly* poly = nullptr;
    EXPECT_TRUE(dtStatusSucceed(nav->getTileAndPolyByRef(mesh.baked->ref(i), &tile, &poly)));
    filter.setAreaCost(poly->getArea(), float(mesh.polys[size_t(i)].cost));
  }
  const Vec3 a = ours.locate.start.world(), b = ours.locate.goal.world();
  const float pa[3] = {float(a.x), float(a.y), float(a.z)}, pb[3] = {float(b.x), float(b.y), float(b.z)};
  std::vector<dtPolyRef> path(1024);
  int count = 0;
  EXPECT_TRUE(
      dtStatusSucceed(query.findPath(mesh.baked->ref(ours.locate.start.poly), mesh.baked->ref(ours.locate.goal.poly),
                                     pa, pb, &filter, path.data(), &count, int(path.size()))));
  std::vector<int> out;
  for (int i = 0; i < count; ++i) out.push_back(mesh.baked->poly_of(path[size_t(i)]));
  return out;
}

int corridor_polys_in(const NavMesh& mesh, const std::vector<int>& corridor, const std::string& area) {
  int n = 0;
  for (int p : corridor) n += mesh.area_names[size_t(mesh.polys[size_t(p)].area)] == area;
  return n;
}

// The polygons of `area` carry `cost`; every other polygon costs 1.
void expect_costs(const NavMesh& mesh, const std::string& area, double cost) {
  const int a = mesh.area_index(area);
  ASSERT_GE(a, 1) << area << " is not an area of the bake";
  int painted = 0;
  for (const NavPoly& p : mesh.polys) {
    EXPECT_EQ(p.cost, p.area == a ? cost : 1.0);
    painted += p.area == a;
  }
  EXPECT_GT(painted, 0);
}

// The plan's path is the straight line: its two ends and nothing between.
void expect_straight(const PlanResult& r) {
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_EQ(r.funnel.points.size(), 2u);
}

TEST(AreaMarks, AnExpensivePaintedFloorSendsTheCorridorAroundAsDetourDoes) {
  const Scene cheap = room(1.0), dear = room(10.0);
  const NavMesh cheap_mesh = bake(cheap), dear_mesh = bake(dear);
  expect_costs(cheap_mesh, "mud", 1.0);
  expect_costs(dear_mesh, "mud", 10.0);

  const PlanResult straight = plan_query(cheap, cheap_mesh);
  expect_straight(straight);
  EXPECT_GT(corridor_polys_in(cheap_mesh, straight.search.corridor, "mud"), 0);  // straight through the mud
  EXPECT_EQ(straight.search.corridor, detour_corridor(cheap_mesh, straight));

  const PlanResult around = plan_query(dear, dear_mesh);
  ASSERT_EQ(around.status, Status::Complete);
  EXPECT_EQ(corridor_polys_in(dear_mesh, around.search.corridor, "mud"), 0);
  EXPECT_GT(around.funnel.points.size(), 2u);  // it bends around the mud
  EXPECT_EQ(around.search.corridor, detour_corridor(dear_mesh, around));
}

TEST(AreaMarks, AnExpensiveVolumeOnALevelSendsTheCorridorAroundAsDetourDoes) {
  const Scene cheap = level(1.0), dear = level(10.0);
  const NavMesh cheap_mesh = bake(cheap), dear_mesh = bake(dear);
  expect_costs(cheap_mesh, "water", 1.0);
  expect_costs(dear_mesh, "water", 10.0);

  const PlanResult straight = plan_query(cheap, cheap_mesh);
  expect_straight(straight);
  EXPECT_GT(corridor_polys_in(cheap_mesh, straight.search.corridor, "water"), 0);
  EXPECT_EQ(straight.search.corridor, detour_corridor(cheap_mesh, straight));

  const PlanResult around = plan_query(dear, dear_mesh);
  ASSERT_EQ(around.status, Status::Complete);
  EXPECT_EQ(corridor_polys_in(dear_mesh, around.search.corridor, "water"), 0);
  EXPECT_GT(around.funnel.points.size(), 2u);
  EXPECT_EQ(around.search.corridor, detour_corridor(dear_mesh, around));
}

// Baked in tiles, the same volume marks the same floor: its polygons (other ones, cut by the tiles) carry
// its cost, and the corridor still goes around.
TEST(AreaMarks, ATiledBakeMarksTheVolumeToo) {
  Scene dear = level(10.0);
  dear.bake.tile_size = 16;
  const NavMesh mesh = bake(dear);
  expect_costs(mesh, "water", 10.0);
  const PlanResult around = plan_query(dear, mesh);
  ASSERT_EQ(around.status, Status::Complete);
  EXPECT_EQ(corridor_polys_in(mesh, around.search.corridor, "water"), 0);
}

// The volume marks the floors within its height range only: raised to [1, 5] it misses the ground (0 m)
// and the route goes straight through; on the ground, a door polygon inside it takes its area and cost.
TEST(AreaMarks, TheHeightRangeDecidesWhichFloorIsMarked) {
  Scene above = level(10.0);
  above.mesh_source()->areas[0].height_min = 1.0;
  const NavMesh mesh = bake(above);
  EXPECT_EQ(corridor_polys_in(mesh, plan_query(above, mesh).search.corridor, "water"), 0);
  for (const NavPoly& p : mesh.polys) EXPECT_EQ(p.cost, 1.0);
  expect_straight(plan_query(above, mesh));

  Scene door = level(10.0);
  door.doors.push_back({"gate", {ScenePoint{"", {7, 1}, 0.0, true}, ScenePoint{"", {7, 4}, 0.0, true}}, false, true});
  const NavMesh with_door = bake(door);
  int door_polys = 0;
  for (const NavPoly& p : with_door.polys)
    if (p.door >= 0) {
      ++door_polys;
      EXPECT_EQ(with_door.area_names[size_t(p.area)], "water");
      EXPECT_EQ(p.cost, 10.0);
    }
  EXPECT_GT(door_polys, 0);
}

}  // namespace
}  // namespace navlab

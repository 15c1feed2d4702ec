// The surface under a plane point (core/navmesh/surface_point.h): the polygon and the floor's height,
// checked against the level's own geometry (flat floors at known heights, a ramp's slope), the highest
// floor from above and the one nearest a given height, and no surface off the mesh or on a graph.
#include <gtest/gtest.h>

#include "bake.h"
#include "locate.h"
#include "navmesh_build.h"
#include "obj.h"
#include "paths.h"
#include "surface_point.h"

namespace navlab {
namespace {

// Recast's surface lies up to one cell height (0.2 m at the defaults) above the level's triangles (a span
// covers the cell the triangle is in), and its detail mesh may stray from that by the bake's detail error
// (1 cell height): a height is right when it lies in [floor - kBelow, floor + kAbove].
constexpr double kBelow = 0.05;
constexpr double kAbove = 0.4;

void expect_on_floor(double height, double floor, const std::string& where) {
  EXPECT_GE(height, floor - kBelow) << where;
  EXPECT_LE(height, floor + kAbove) << where;
}

NavMesh baked_level() {
  auto scene = load_scene(test::scene_path("mesh_level.json"));
  EXPECT_TRUE(scene.ok()) << scene.error();
  auto mesh = build_navmesh(scene.value());
  EXPECT_TRUE(mesh.ok()) << mesh.error();
  return std::move(mesh).value();
}

// Plane point of world (x, z).
Vec2 at(double x, double z) { return to_plane({x, 0.0, z}); }

TEST(SurfacePoint, TheLevelsFloorsHaveTheirHeights) {
  const NavMesh mesh = baked_level();
  // scenes/mesh_level.obj: ground at 0, the dais at 0.4 (x 14..20, z 0..-5), the platform at 2 (x 14..20,
  // z -7..-12) and the ramp from (8, 0) to (14, 2) along x over z -8..-12.
  struct Case {
    Vec2 p;
    double floor;
  };
  for (const Case& c : {Case{at(4, -6), 0.0}, Case{at(17, -2), 0.4}, Case{at(17, -10), 2.0}, Case{at(11, -10), 1.0},
                        Case{at(12.5, -9), 1.5}}) {
    const std::string where = std::to_string(c.p.x) + ", " + std::to_string(c.p.y);
    const SurfacePoint s = surface_at(mesh, c.p);
    ASSERT_TRUE(s.on_mesh()) << where;
    expect_on_floor(s.height, c.floor, where);
    // The polygon is one that contains the point (the containment rule of locate's hand-authored meshes).
    EXPECT_TRUE(mesh.contains(s.poly, c.p, locate_tolerance(mesh)));
  }
  EXPECT_FALSE(surface_at(mesh, at(30, -6)).on_mesh());  // beyond the level
  EXPECT_FALSE(surface_at(mesh, at(17, -6)).on_mesh());  // the wall-less gap between dais and platform edge
}

// Two floors, one above the other: a 10 x 10 m ground and a 4 m wide balcony 3 m above its east half.
ObjMesh two_floors() {
  ObjMesh m;
  m.verts = {{0, 0, 0}, {10, 0, 0}, {10, 0, -10}, {0, 0, -10}, {6, 3, 0}, {10, 3, 0}, {10, 3, -10}, {6, 3, -10}};
  m.tris = {{0, 1, 2}, {0, 2, 3}, {4, 5, 6}, {4, 6, 7}};
  return m;
}

TEST(SurfacePoint, FromAboveTheHighestFloorOrTheOneNearestAHeight) {
  auto baked = bake_triangles(two_floors(), BakeDef{});
  ASSERT_TRUE(baked.ok()) << baked.error();
  const NavMesh& mesh = baked.value();
  const Vec2 under = at(8, -5);  // under the balcony's middle: the ground there is 3 m below it
  const SurfacePoint top = surface_at(mesh, under);
  ASSERT_TRUE(top.on_mesh());
  expect_on_floor(top.height, 3.0, "from above");
  const SurfacePoint ground = surface_at(mesh, under, 0.5);
  ASSERT_TRUE(ground.on_mesh());
  expect_on_floor(ground.height, 0.0, "near 0.5 m");
  EXPECT_NE(ground.poly, top.poly);
  expect_on_floor(surface_at(mesh, under, 2.0).height, 3.0, "near 2 m");
  // West of the balcony there is only the ground, whatever height is asked for.
  expect_on_floor(surface_at(mesh, at(2, -5), 3.0).height, 0.0, "west, near 3 m");
}

TEST(SurfacePoint, AFlatMeshIsAtHeightZeroAndAGraphHasNoSurface) {
  Scene::Navmesh def;
  def.vertices = {{0, 0}, {4, 0}, {4, 4}, {0, 4}, {8, 0}, {8, 4}};
  def.polygons = {{0, 1, 2, 3}, {1, 4, 5, 2}};
  auto mesh = build_hand_authored(def, "t.json");
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  const SurfacePoint s = surface_at(mesh.value(), {6, 1});
  EXPECT_EQ(s.poly, 1);
  EXPECT_EQ(s.height, 0.0);
  EXPECT_FALSE(surface_at(mesh.value(), {9, 1}).on_mesh());
  NavMesh graph;
  graph.kind = NavMesh::Kind::Graph;
  EXPECT_FALSE(surface_at(graph, {0, 0}).on_mesh());
}

}  // namespace
}  // namespace navlab

// The generated levels `navlab bench --large` measures on: the pillar hall (a floor plan) and the crate
// yard (a triangle soup): what each holds, checked on its geometry and on its bake.
#include <gtest/gtest.h>

#include <cmath>

#include "bake.h"
#include "generated_level.h"
#include "locate.h"

namespace navlab {
namespace {

Vec3 normal_of(const ObjMesh& m, const std::array<int, 3>& t) {
  const Vec3 a = m.verts[size_t(t[0])], b = m.verts[size_t(t[1])], c = m.verts[size_t(t[2])];
  const Vec3 u = b - a, v = c - a;
  return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}

TEST(GeneratedLevel, APillarHallHasItsPillarsInsideItsOutline) {
  const Scene::Floorplan plan = pillar_hall(40.0, 49, 3);
  ASSERT_EQ(plan.holes.size(), 49u);
  for (const auto& hole : plan.holes)
    for (Vec2 p : hole) EXPECT_TRUE(p.x > 0 && p.x < 40 && p.y > 0 && p.y < 40);
  EXPECT_EQ(pillar_hall(40.0, 49, 3), plan);  // the same seed, the same hall
  EXPECT_NE(pillar_hall(40.0, 49, 4), plan);
}

TEST(GeneratedLevel, ACrateYardIsRollingGroundWithCratesAndABridge) {
  const ObjMesh yard = crate_yard(60.0, 36, 5);
  // Ground: 30 x 30 quads; crates: a top and four sides each; one bridge (x = 24): deck and two ramps.
  EXPECT_EQ(yard.tris.size(), size_t(2 * (30 * 30 + 36 * 5 + 3)));
  double steepest_ground = 0.0, highest_ground = -1e9, highest = -1e9;
  for (const Vec3& v : yard.verts) highest = std::max(highest, v.y);  // the bridge's deck
  for (size_t i = 0; i < size_t(2 * 30 * 30); ++i) {
    for (int v : yard.tris[i]) highest_ground = std::max(highest_ground, yard.verts[size_t(v)].y);
    const Vec3 n = normal_of(yard, yard.tris[i]);
    ASSERT_GT(n.y, 0.0) << "ground triangle " << i << " faces down";  // counter-clockwise from above
    steepest_ground = std::max(steepest_ground, std::acos(n.y / length(n)) * 180.0 / 3.141592653589793);
  }
  EXPECT_GT(steepest_ground, 5.0);   // it rolls
  EXPECT_LT(steepest_ground, 20.0);  // and stays walkable
  // An agent walks under the bridge wherever the ground lies.
  EXPECT_GT(highest - highest_ground, BakeDef{}.agent_height + 0.5);

  // The bake: the bridge's deck lies over the ground, two floors at one point of the plane, more than
  // an agent's height apart; a crate's top is a floor of its own, 1.5 m above the ground beside it.
  const NavMesh m = bake_triangles(yard, BakeDef{}).value();
  for (double z = 16.0; z <= 44.0; z += 4.0) {
    const Vec2 under_bridge{25.5, -z};
    std::vector<double> floors;
    for (int i = 0; i < m.size(); ++i)
      if (m.contains(i, under_bridge, 1e-6)) {
        double h = 0.0;
        for (int v : m.polys[size_t(i)].verts) h += m.heights[size_t(v)];
        floors.push_back(h / double(m.polys[size_t(i)].verts.size()));
      }
    ASSERT_EQ(floors.size(), 2u) << "at z " << z;
    EXPECT_GT(std::fabs(floors[0] - floors[1]), BakeDef{}.agent_height);
  }
  EXPECT_EQ(crate_yard(60.0, 36, 5).verts, yard.verts);  // the same seed, the same yard
}

TEST(GeneratedLevel, ScenesAreSizedForTheirPolygonsAndTiledWhenLarge) {
  EXPECT_EQ(pillar_hall_scene(2000, 1).bake.tile_size, 0);
  EXPECT_GT(pillar_hall_scene(30000, 1).bake.tile_size, 0);
  const GeneratedMesh small = crate_yard_scene(600, 1);
  EXPECT_EQ(small.scene.kind(), Scene::Source::Mesh);
  EXPECT_EQ(small.scene.bake.tile_size, 0);
  EXPECT_NE(small.scene.name.find("196 crates"), std::string::npos) << small.scene.name;
  EXPECT_GT(crate_yard_scene(30000, 1).scene.bake.tile_size, 0);
}

}  // namespace
}  // namespace navlab

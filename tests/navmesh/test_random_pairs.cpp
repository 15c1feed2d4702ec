// random_pairs: every point lies in the polygon it was drawn from, 3D heights come from that polygon,
// the same seed gives the same pairs, graph pairs name two distinct nodes, and polygons are drawn in
// proportion to their area.
#include <gtest/gtest.h>

#include <algorithm>

#include "locate.h"
#include "navmesh_build.h"
#include "meshes.h"
#include "paths.h"
#include "random_pairs.h"

namespace navlab {
namespace {

// Containment with a small tolerance (points are on the closed polygon).
bool inside(const NavMesh& mesh, int poly, Vec2 p) {
  const NavPoly& pl = mesh.polys[poly];
  for (size_t i = 0; i < pl.verts.size(); ++i) {
    const Vec2 a = mesh.verts[pl.verts[i]], b = mesh.verts[pl.verts[(i + 1) % pl.verts.size()]];
    if (cross(b - a, p - a) < -1e-9 * std::max(1.0, length(b - a))) return false;
  }
  return true;
}

TEST(RandomPairs, PointsLieInTheirPolygons) {
  for (const char* scene : {"navmesh_basic.json", "default.json", "mesh_level.json"}) {
    const NavMesh mesh = test::load(scene).mesh;
    const std::vector<RandomPair> pairs = random_pairs(mesh, 300, 5);
    ASSERT_EQ(pairs.size(), 300u) << scene;
    for (const RandomPair& p : pairs) {
      for (const auto& [pt, poly] : {std::pair{p.start, p.start_poly}, std::pair{p.goal, p.goal_poly}}) {
        ASSERT_GE(poly, 0);
        ASSERT_LT(poly, mesh.size());
        EXPECT_TRUE(inside(mesh, poly, pt.plane)) << scene << " polygon " << poly;
        EXPECT_EQ(pt.is3d, mesh.is3d);
        EXPECT_TRUE(pt.node.empty());
        if (mesh.is3d) {  // interpolated: within the polygon's vertex heights
          double lo = 1e300, hi = -1e300;
          for (int v : mesh.polys[poly].verts) {
            lo = std::min(lo, mesh.heights[v]);
            hi = std::max(hi, mesh.heights[v]);
          }
          EXPECT_GE(pt.height, lo - 1e-9);
          EXPECT_LE(pt.height, hi + 1e-9);
        } else {
          EXPECT_EQ(pt.height, 0.0);
        }
      }
    }
  }
}

TEST(RandomPairs, HandAuthoredPointsAreLocatedInTheirPolygon) {
  const NavMesh mesh = test::load("navmesh_basic.json").mesh;
  for (const RandomPair& p : random_pairs(mesh, 200, 11)) {
    const Location s = locate(mesh, p.start, Endpoint::Start);
    ASSERT_TRUE(s.ok());
    // A point on a shared edge goes to the lowest index: it is in that polygon too.
    EXPECT_TRUE(s.poly == p.start_poly || inside(mesh, s.poly, p.start.plane));
  }
}

TEST(RandomPairs, SameSeedSamePairsOtherSeedOtherPairs) {
  const NavMesh mesh = test::load("default.json").mesh;
  const std::vector<RandomPair> a = random_pairs(mesh, 50, 42), b = random_pairs(mesh, 50, 42),
                                c = random_pairs(mesh, 50, 43);
  ASSERT_EQ(a.size(), b.size());
  int differ = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].start, b[i].start);
    EXPECT_EQ(a[i].goal, b[i].goal);
    differ += a[i].start != c[i].start;
  }
  EXPECT_GT(differ, 45);
  // A prefix of a longer run is the shorter run.
  const std::vector<RandomPair> longer = random_pairs(mesh, 80, 42);
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].goal, longer[i].goal);
}

TEST(RandomPairs, AreaWeighted) {
  // Two unit-height rectangles sharing an edge: areas 1 and 3, so 1/4 of the points fall in the first.
  Scene::Navmesh def;
  def.vertices = {{0, 0}, {1, 0}, {4, 0}, {4, 1}, {1, 1}, {0, 1}};
  def.polygons = {{0, 1, 4, 5}, {1, 2, 3, 4}};
  Result<NavMesh> mesh = build_hand_authored(def, "two.json");
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  const int n = 4000;
  int first = 0;
  for (const RandomPair& p : random_pairs(mesh.value(), n, 1)) first += (p.start_poly == 0) + (p.goal_poly == 0);
  // 8000 draws, p = 0.25: standard deviation 38.7; allow 5 of them.
  EXPECT_NEAR(first, 2000, 194);
}

TEST(RandomPairs, GraphPairsAreDistinctNodes) {
  const NavMesh mesh = test::load("graph_basic.json").mesh;
  ASSERT_GT(mesh.size(), 1);
  std::vector<int> seen(size_t(mesh.size()), 0);
  for (const RandomPair& p : random_pairs(mesh, 200, 9)) {
    EXPECT_NE(p.start_poly, p.goal_poly);
    EXPECT_EQ(p.start.node, mesh.nodes[p.start_poly].id);
    EXPECT_EQ(p.goal.node, mesh.nodes[p.goal_poly].id);
    ++seen[p.start_poly];
  }
  for (int s : seen) EXPECT_GT(s, 0);
}

TEST(RandomPairs, NothingToDrawFrom) {
  const NavMesh mesh = test::load("default.json").mesh;
  EXPECT_TRUE(random_pairs(mesh, 0, 1).empty());
  EXPECT_TRUE(random_pairs(mesh, -5, 1).empty());
  EXPECT_TRUE(random_pairs(NavMesh{}, 10, 1).empty());
}

}  // namespace
}  // namespace navlab

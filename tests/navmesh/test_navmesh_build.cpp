// Hand-authored and graph builds, and the catalogue of geometry errors with their exact messages.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "meshes.h"
#include "navmesh_build.h"

namespace navlab {
namespace {

// Two unit squares side by side plus a triangle on top of the right one:
//   3---4---5
//   |   |  /
//   0---1-2    (vertex 2 is (2, 0), 5 is (2, 1))
Scene::Navmesh two_squares() {
  Scene::Navmesh m;
  m.vertices = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}};
  m.polygons = {{0, 1, 4, 3}, {1, 2, 5, 4}};
  return m;
}

std::string error_of(const Scene::Navmesh& m) {
  auto r = build_hand_authored(m, "bad.json");
  EXPECT_FALSE(r.ok());
  return r.ok() ? std::string() : r.error();
}

TEST(HandAuthored, NeighboursFromSharedEdges) {
  auto r = build_hand_authored(two_squares(), "ok.json");
  ASSERT_TRUE(r.ok()) << r.error();
  const NavMesh& m = r.value();
  ASSERT_EQ(m.polys.size(), 2u);
  // Polygon 0's edge 1 is (1, 4); polygon 1's edge 3 is (4, 1).
  EXPECT_EQ(m.polys[0].neighbours, (std::vector<int>{-1, 1, -1, -1}));
  EXPECT_EQ(m.polys[1].neighbours, (std::vector<int>{-1, -1, -1, 0}));
  EXPECT_EQ(m.kind, NavMesh::Kind::Polygons);
  EXPECT_FALSE(m.baked);
}

TEST(HandAuthored, CostsAndAreas) {
  Scene::Navmesh def = two_squares();
  def.costs = {1.0, 3.5};
  def.areas = {"floor", "water"};
  auto r = build_hand_authored(def, "ok.json");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->polys[1].cost, 3.5);
  EXPECT_EQ(r->area_names[r->polys[0].area], "floor");
  EXPECT_EQ(r->area_names[r->polys[1].area], "water");
}

TEST(HandAuthored, CollinearVertexOnAnEdgeIsStillConvex) {
  Scene::Navmesh def;
  def.vertices = {{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}};
  def.polygons = {{0, 1, 2, 3, 4}};
  EXPECT_TRUE(build_hand_authored(def, "ok.json").ok());
}

TEST(HandAuthored, RandomConvexFansBuildWithSymmetricNeighbours) {
  // Property: a fan of triangles around a centre always builds, and neighbour links are symmetric.
  // At least 4 spokes with jittered angles keep every gap below pi, so every triangle is CCW.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    const int n = 4 + int(rng() % 9);
    Scene::Navmesh def;
    def.vertices.push_back({0, 0});
    for (int i = 0; i < n; ++i) {
      const double a = 2 * M_PI * (i + 0.1 + 0.8 * u(rng)) / n;
      const double r = 1 + 9 * u(rng);
      def.vertices.push_back({r * std::cos(a), r * std::sin(a)});
    }
    for (int i = 0; i < n; ++i) def.polygons.push_back({0, 1 + i, 1 + (i + 1) % n});
    auto r = build_hand_authored(def, "fan.json");
    ASSERT_TRUE(r.ok()) << r.error();
    for (int p = 0; p < n; ++p) {
      const NavPoly& poly = r->polys[p];
      EXPECT_EQ(poly.neighbours[0], (p + n - 1) % n);
      EXPECT_EQ(poly.neighbours[2], (p + 1) % n);
      EXPECT_EQ(poly.neighbours[1], -1);
    }
  }
}

// ---- The catalogue of geometry errors: one exact message each. ----

TEST(GeometryErrors, NonConvex) {
  Scene::Navmesh m;
  m.vertices = {{0, 0}, {2, 0}, {1, 0.5}, {2, 2}, {0, 2}};
  m.polygons = {{0, 1, 2, 3, 4}};
  EXPECT_EQ(error_of(m), "bad.json: navmesh polygon 0 is non-convex at vertex 2");
}

TEST(GeometryErrors, Clockwise) {
  Scene::Navmesh m = two_squares();
  m.polygons[1] = {4, 5, 2, 1};
  EXPECT_EQ(error_of(m), "bad.json: navmesh polygon 1 is clockwise (polygons must be counter-clockwise)");
}

TEST(GeometryErrors, SelfIntersecting) {
  Scene::Navmesh m;
  m.vertices = {{0, 0}, {2, 0}, {0, 1}, {2, 2}};
  m.polygons = {{0, 1, 2, 3}};
  EXPECT_EQ(error_of(m), "bad.json: navmesh polygon 0 is self-intersecting (its edges 1 and 3 cross)");
}

TEST(GeometryErrors, DuplicateIndex) {
  Scene::Navmesh m = two_squares();
  m.polygons[0] = {0, 1, 4, 1};
  EXPECT_EQ(error_of(m), "bad.json: navmesh polygon 0 repeats vertex 1");
}

TEST(GeometryErrors, OutOfRangeIndex) {
  Scene::Navmesh m = two_squares();
  m.polygons[1] = {1, 2, 9, 4};
  EXPECT_EQ(error_of(m), "bad.json: navmesh polygon 1 refers to vertex 9, but there are 6 vertices (valid: 0..5)");
}

TEST(GeometryErrors, NegativeIndex) {
  Scene::Navmesh m = two_squares();
  m.polygons[0] = {0, -1, 4};
  EXPECT_EQ(error_of(m), "bad.json: navmesh polygon 0 refers to vertex -1, but there are 6 vertices (valid: 0..5)");
}

TEST(GeometryErrors, ZeroArea) {
  Scene::Navmesh m;
  m.vertices = {{0, 0}, {1, 1}, {2, 2}};
  m.polygons = {{0, 1, 2}};
  EXPECT_EQ(error_of(m), "bad.json: navmesh polygon 0 has zero area");
}

TEST(GeometryErrors, NaN) {
  Scene::Navmesh m = two_squares();
  m.vertices[4].y = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(error_of(m), "bad.json: navmesh vertex 4 is not finite (NaN or Inf)");
}

TEST(GeometryErrors, Inf) {
  Scene::Navmesh m = two_squares();
  m.vertices[2].x = std::numeric_limits<double>::infinity();
  EXPECT_EQ(error_of(m), "bad.json: navmesh vertex 2 is not finite (NaN or Inf)");
}

TEST(GeometryErrors, BeyondOneMillion) {
  Scene::Navmesh m = two_squares();
  m.vertices[5] = {2e6, 1};
  EXPECT_EQ(error_of(m), "bad.json: navmesh vertex 5 is beyond ±1e6 ([2000000.0, 1])");
}

TEST(GeometryErrors, EdgeSharedByMoreThanTwoPolygons) {
  Scene::Navmesh m;
  m.vertices = {{0, 0}, {1, 0}, {0.5, 1}, {0.5, -1}, {0.5, 2}};
  // Triangles 0 and 2 both lie above edge (0, 1): polygon 2 runs 1 → 0 like polygon 1 does.
  m.polygons = {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}};
  EXPECT_EQ(error_of(m), "bad.json: navmesh edge (0, 1) is shared by more than two polygons (0, 1, 2)");
}

TEST(GeometryErrors, OverlapAlongAnEdge) {
  Scene::Navmesh m;
  m.vertices = {{0, 0}, {1, 0}, {0.5, 1}, {0.5, 2}};
  m.polygons = {{0, 1, 2}, {0, 1, 3}};
  EXPECT_EQ(error_of(m),
            "bad.json: navmesh polygons 0 and 1 overlap: both run along edge (0, 1) in the same direction");
}

TEST(GeometryErrors, FewerThanThreeVertices) {
  Scene::Navmesh m = two_squares();
  m.polygons.push_back({0, 1});
  EXPECT_EQ(error_of(m), "bad.json: navmesh polygon 2 has 2 vertices, needs at least 3");
}

TEST(GeometryErrors, NoPolygons) {
  Scene::Navmesh m;
  m.vertices = {{0, 0}};
  EXPECT_EQ(error_of(m), "bad.json: navmesh has no polygons");
}

TEST(GeometryErrors, CostCountAndSign) {
  Scene::Navmesh m = two_squares();
  m.costs = {1.0};
  EXPECT_EQ(error_of(m), "bad.json: navmesh has 1 costs for 2 polygons");
  m.costs = {1.0, -2.0};
  EXPECT_EQ(error_of(m), "bad.json: navmesh cost 1 must be a finite number >= 0, got -2");
}

TEST(GeometryErrors, AreaCount) {
  Scene::Navmesh m = two_squares();
  m.areas = {"a", "b", "c"};
  EXPECT_EQ(error_of(m), "bad.json: navmesh has 3 areas for 2 polygons");
}

// ---- Floor plan checks (before baking). ----

Scene::Floorplan room() {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {10, 0}, {10, 8}, {0, 8}};
  return f;
}

TEST(FloorplanErrors, Valid) { EXPECT_EQ(check_floorplan(room(), "plan.json").error(), ""); }

TEST(FloorplanErrors, SelfIntersectingOutline) {
  Scene::Floorplan f = room();
  f.outline = {{0, 0}, {10, 0}, {0, 8}, {10, 8}};
  EXPECT_EQ(check_floorplan(f, "plan.json").error(),
            "plan.json: floorplan outline is self-intersecting (edges 1 and 3 cross)");
}

TEST(FloorplanErrors, HoleOutsideOutline) {
  Scene::Floorplan f = room();
  f.holes = {{{2, 2}, {3, 2}, {3, 3}, {2, 3}}, {{12, 2}, {13, 2}, {13, 3}}};
  EXPECT_EQ(check_floorplan(f, "plan.json").error(),
            "plan.json: floorplan hole 1 is outside the outline (its point 0 [12, 2])");
}

TEST(FloorplanErrors, HoleCrossingOutline) {
  Scene::Floorplan f = room();
  f.holes = {{{9, 2}, {11, 2}, {11, 3}, {9, 3}}};
  EXPECT_EQ(check_floorplan(f, "plan.json").error(),
            "plan.json: floorplan hole 0 crosses the outline (outline edge 1)");
}

TEST(FloorplanErrors, TooFewPointsAndNaN) {
  Scene::Floorplan f = room();
  f.outline.resize(2);
  EXPECT_EQ(check_floorplan(f, "plan.json").error(), "plan.json: floorplan outline has 2 points, needs at least 3");
  f = room();
  f.holes = {{{2, 2}, {3, std::nan("")}, {3, 3}}};
  EXPECT_EQ(check_floorplan(f, "plan.json").error(), "plan.json: floorplan hole 0 point 1 is not finite (NaN or Inf)");
}

TEST(FloorplanErrors, ZeroAreaHoleAndBadPaint) {
  Scene::Floorplan f = room();
  f.holes = {{{2, 2}, {3, 3}, {4, 4}}};
  EXPECT_EQ(check_floorplan(f, "plan.json").error(), "plan.json: floorplan hole 0 has zero area");
  f = room();
  f.areas = {{"water", {{1, 1}, {2, 1}}}};
  EXPECT_EQ(check_floorplan(f, "plan.json").error(),
            "plan.json: floorplan area 0 ('water') has 2 points, needs at least 3");
}

TEST(FloorplanErrors, ReportedByBuildNavmesh) {
  Scene s;
  s.path = "plan.json";
  Scene::Floorplan& plan = s.source.emplace<Scene::Floorplan>(room());
  plan.outline = {{0, 0}, {10, 0}, {0, 8}, {10, 8}};
  auto r = build_navmesh(s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "plan.json: floorplan outline is self-intersecting (edges 1 and 3 cross)");
}

// ---- Graph build. ----

TEST(Graph, Builds) {
  auto r = build_graph(test::w2_graph(), "g.json");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->kind, NavMesh::Kind::Graph);
  EXPECT_EQ(r->size(), 5);
  ASSERT_EQ(r->edges.size(), 5u);
  EXPECT_EQ(r->edges[2].from, 1);
  EXPECT_EQ(r->edges[2].to, 2);
  EXPECT_EQ(r->edges[2].cost, 2.0);
  EXPECT_EQ(r->edges[2].door, "door1");
  EXPECT_EQ(r->node_index("Balcony"), 4);
}

TEST(Graph, Errors) {
  Scene::Graph g = test::w2_graph();
  g.nodes.push_back({"Hall", {5, 5}});
  EXPECT_EQ(build_graph(g, "g.json").error(), "g.json: graph node 5 repeats the id 'Hall'");
  g = test::w2_graph();
  g.edges[3].to = "Gaol";
  EXPECT_EQ(build_graph(g, "g.json").error(), "g.json: graph edge 3 ends at unknown node 'Gaol'");
  g = test::w2_graph();
  g.edges[0].cost = -1;
  EXPECT_EQ(build_graph(g, "g.json").error(), "g.json: graph edge 0 cost must be a finite number >= 0, got -1");
}

}  // namespace
}  // namespace navlab

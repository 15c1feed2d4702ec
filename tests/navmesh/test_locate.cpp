// Locate on hand-authored, baked and graph meshes: inside, on edges and vertices, outside.
#include <gtest/gtest.h>

#include <random>

#include "bake.h"
#include "locate.h"
#include "navmesh_build.h"

namespace navlab {
namespace {

ScenePoint pt(double x, double y) {
  ScenePoint p;
  p.plane = {x, y};
  return p;
}

// A 2 x 2 grid of unit squares; vertex 4 (1, 1) is shared by all four polygons.
//   6---7---8
//   | 2 | 3 |
//   3---4---5
//   | 0 | 1 |
//   0---1---2
NavMesh grid(bool reversed_order = false) {
  Scene::Navmesh def;
  def.vertices = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
  def.polygons = {{0, 1, 4, 3}, {1, 2, 5, 4}, {3, 4, 7, 6}, {4, 5, 8, 7}};
  if (reversed_order) std::reverse(def.polygons.begin(), def.polygons.end());
  return build_hand_authored(def, "grid.json").value();
}

TEST(LocateHandAuthored, InsideEachPolygon) {
  const NavMesh m = grid();
  EXPECT_EQ(locate(m, pt(0.5, 0.5), Endpoint::Start).poly, 0);
  EXPECT_EQ(locate(m, pt(1.5, 0.5), Endpoint::Start).poly, 1);
  EXPECT_EQ(locate(m, pt(0.5, 1.5), Endpoint::Start).poly, 2);
  EXPECT_EQ(locate(m, pt(1.5, 1.5), Endpoint::Start).poly, 3);
  const Location loc = locate(m, pt(1.25, 1.75), Endpoint::Goal);
  EXPECT_TRUE(loc.ok());
  EXPECT_EQ(loc.point, (Vec2{1.25, 1.75}));
  EXPECT_FALSE(loc.failure);
}

TEST(LocateHandAuthored, SharedEdgesAndVerticesGoToTheLowestIndex) {
  for (bool reversed : {false, true}) {
    const NavMesh m = grid(reversed);
    // With the polygon list reversed, polygon k of the normal order is polygon 3 - k.
    auto idx = [&](int k) { return reversed ? 3 - k : k; };
    EXPECT_EQ(locate(m, pt(1.0, 0.5), Endpoint::Start).poly, std::min(idx(0), idx(1)));  // edge 0|1
    EXPECT_EQ(locate(m, pt(0.5, 1.0), Endpoint::Start).poly, std::min(idx(0), idx(2)));  // edge 0|2
    EXPECT_EQ(locate(m, pt(1.5, 1.0), Endpoint::Start).poly, std::min(idx(1), idx(3)));  // edge 1|3
    EXPECT_EQ(locate(m, pt(1.0, 1.0), Endpoint::Start).poly, 0);                         // all four
    EXPECT_EQ(locate(m, pt(2.0, 1.0), Endpoint::Start).poly, std::min(idx(1), idx(3)));  // boundary vertex
    EXPECT_EQ(locate(m, pt(2.0, 2.0), Endpoint::Start).poly, idx(3));                    // outer corner
    EXPECT_EQ(locate(m, pt(0.3, 0.0), Endpoint::Start).poly, idx(0));                    // outer edge
  }
}

TEST(LocateHandAuthored, ToleranceIsScaledToTheMesh) {
  const NavMesh m = grid();
  EXPECT_DOUBLE_EQ(locate_tolerance(m), 2e-7);
  EXPECT_EQ(locate(m, pt(2.0 + 1e-7, 0.5), Endpoint::Start).poly, 1);  // within tolerance of the edge
  EXPECT_EQ(locate(m, pt(2.0 + 1e-5, 0.5), Endpoint::Start).poly, -1);
}

TEST(LocateHandAuthored, OutsideIsAFailureValue) {
  const NavMesh m = grid();
  const Location s = locate(m, pt(3, 0.5), Endpoint::Start);
  EXPECT_FALSE(s.ok());
  ASSERT_TRUE(s.failure);
  EXPECT_EQ(s.failure->stage, FailStage::Locate);
  EXPECT_EQ(s.failure->reason, Reason::StartOffMesh);
  EXPECT_EQ(s.failure->message, "start point (3, 0.5) is not inside any navmesh polygon");
  const Location g = locate(m, pt(-0.1, -0.1), Endpoint::Goal);
  ASSERT_TRUE(g.failure);
  EXPECT_EQ(g.failure->reason, Reason::GoalOffMesh);
  EXPECT_EQ(g.failure->message, "goal point (-0.1, -0.1) is not inside any navmesh polygon");
}

TEST(LocateHandAuthored, RandomPointsAgreeWithTheGrid) {
  // Property: a random point strictly inside cell (i, j) lands in polygon 2j + i; outside points fail.
  const NavMesh m = grid();
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 3.0);
  for (int k = 0; k < 2000; ++k) {
    const double x = u(rng), y = u(rng);
    const Location loc = locate(m, pt(x, y), Endpoint::Start);
    const bool inside = x > 0 && x < 2 && y > 0 && y < 2;
    const bool on_line = std::abs(x - 1) < 1e-6 || std::abs(y - 1) < 1e-6;
    if (!inside) {
      EXPECT_FALSE(loc.ok()) << x << ", " << y;
    } else if (!on_line) {
      EXPECT_EQ(loc.poly, 2 * int(y) + int(x)) << x << ", " << y;
    }
  }
}

TEST(LocateTrace, DescribesTheDecision) {
  const NavMesh m = grid();
  std::vector<LocateStep> trace;
  locate(m, pt(1.5, 0.5), Endpoint::Start, {}, &trace);
  locate(m, pt(5, 5), Endpoint::Goal, {}, &trace);
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_EQ(trace[0].describe(), "Start (1.5, 0.5) is in polygon 1.");
  EXPECT_EQ(trace[1].describe(), "Goal (5, 5) is off the navmesh: no polygon contains it.");
}

// ---- Baked meshes. ----

NavMesh baked_hall() {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {20, 0}, {20, 12}, {0, 12}};
  f.holes = {{{8, 4}, {12, 4}, {12, 8}, {8, 8}}};
  return bake_floorplan(f, BakeDef{}).value();
}

TEST(LocateBaked, InsideAgreesWithPointInPolygon) {
  const NavMesh m = baked_hall();
  const LocateDef def = locate_def(BakeDef{});
  EXPECT_DOUBLE_EQ(def.half_extent_xz, 0.6);
  EXPECT_DOUBLE_EQ(def.half_extent_y, 2.0);
  for (const Vec2 p : {Vec2{3, 3}, Vec2{17, 9}, Vec2{10, 2}, Vec2{5.5, 10.5}}) {
    const Location loc = locate(m, pt(p.x, p.y), Endpoint::Start, def);
    ASSERT_TRUE(loc.ok()) << p.x << ", " << p.y;
    EXPECT_EQ(loc.poly, polygon_containing(m, p, 1e-4));
    EXPECT_NEAR(distance(loc.point, p), 0.0, 1e-4);
  }
}

TEST(LocateBaked, NearTheWallSnapsOntoTheMeshWithinTheAgentRadius) {
  const NavMesh m = baked_hall();
  const LocateDef def = locate_def(BakeDef{});
  // 0.3 m from the outer wall: inside the floor, outside the eroded mesh (which starts at 0.6 m).
  std::vector<LocateStep> trace;
  const Location loc = locate(m, pt(5, 0.3), Endpoint::Start, def, &trace);
  ASSERT_TRUE(loc.ok());
  EXPECT_NEAR(loc.point.y, 0.6, 0.05);
  EXPECT_NEAR(loc.point.x, 5.0, 1e-3);
  EXPECT_GT(trace.at(0).snapped, 0.25);
  EXPECT_EQ(loc.poly, polygon_containing(m, loc.point, 1e-4));
}

TEST(LocateBaked, OutsideAndInsideAPillarAreOffTheMesh) {
  const NavMesh m = baked_hall();
  const LocateDef def = locate_def(BakeDef{});
  const Location out = locate(m, pt(25, 6), Endpoint::Goal, def);
  ASSERT_TRUE(out.failure);
  EXPECT_EQ(out.failure->reason, Reason::GoalOffMesh);
  EXPECT_EQ(out.failure->message,
            "goal point (25, 6) is not within 0.6 m horizontally and 2 m vertically of the navmesh");
  const Location pillar = locate(m, pt(10, 6), Endpoint::Start, def);
  ASSERT_TRUE(pillar.failure);
  EXPECT_EQ(pillar.failure->reason, Reason::StartOffMesh);
}

TEST(LocateBaked, SharedEdgesGoToTheLowestIndex) {
  const NavMesh m = baked_hall();
  int checked = 0;
  for (int i = 0; i < int(m.polys.size()); ++i)
    for (size_t e = 0; e < m.polys[i].verts.size(); ++e) {
      const int j = m.polys[i].neighbours[e];
      if (j < 0) continue;
      const Vec2 a = m.vertex(i, int(e)), b = m.vertex(i, int((e + 1) % m.polys[i].verts.size()));
      for (const Vec2 p : {lerp(a, b, 0.5), a}) {
        const Location loc = locate(m, pt(p.x, p.y), Endpoint::Start, locate_def(BakeDef{}));
        ASSERT_TRUE(loc.ok());
        EXPECT_EQ(loc.poly, polygon_containing(m, p, 1e-4)) << "polygons " << i << " and " << j;
        EXPECT_LE(loc.poly, std::min(i, j));
        ++checked;
      }
    }
  EXPECT_GT(checked, 4);
}

// ---- Graphs. ----

TEST(LocateGraph, NodeIds) {
  Scene::Graph g;
  g.nodes = {{"Start", {0, 0}}, {"Goal", {3, 1}}};
  g.edges = {{"Start", "Goal", 1, ""}};
  const NavMesh m = build_graph(g, "g.json").value();
  ScenePoint p;
  p.node = "Goal";
  const Location loc = locate(m, p, Endpoint::Goal);
  EXPECT_EQ(loc.poly, 1);
  EXPECT_EQ(loc.point, (Vec2{3, 1}));
  p.node = "Attic";
  const Location missing = locate(m, p, Endpoint::Start);
  ASSERT_TRUE(missing.failure);
  EXPECT_EQ(missing.failure->reason, Reason::StartOffMesh);
  EXPECT_EQ(missing.failure->message, "start node 'Attic' is not in the graph");
}

}  // namespace
}  // namespace navlab

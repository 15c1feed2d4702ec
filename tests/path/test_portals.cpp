// Portals: shared edges ordered by the direction of travel, validated; midpoint path (DESIGN §3 W3, W4).
#include <gtest/gtest.h>

#include <algorithm>

#include "navmesh_build.h"
#include "meshes.h"
#include "portals.h"

namespace navlab {
namespace {

using test::mesh_of;

// W4 (seed 000): start room, then the polygon between portal (1,1)/(1,-1) and portal (2,3)/(2,2), then
// the goal polygon.
NavMesh w4_pass_mesh() {
  return mesh_of({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}, {2, 2}, {2, 3}, {4, 2}, {4, 4}},
                 {{0, 1, 2, 3}, {1, 4, 5, 2}, {4, 6, 7, 5}});
}

// geometry_tolerance is 1e-9 of the larger of the bounds' diagonal and the largest |coordinate| (and
// of 1 m): each case below has a different one of the three win, worked out by hand.
TEST(Portals, GeometryToleranceIsOfTheDiagonalOrTheLargestCoordinate) {
  auto portal = [](Vec2 left, Vec2 right) {
    Portal p;
    p.left = left;
    p.right = right;
    return p;
  };
  // Around the origin: the diagonal of (-300, -400)..(300, 400) is 1000 m, the largest coordinate 400.
  EXPECT_DOUBLE_EQ(geometry_tolerance({0, 0}, {portal({-300, -400}, {300, 400})}), 1e-6);
  // Far from the origin: the diagonal is sqrt(2) m, the largest coordinate 1001.
  EXPECT_DOUBLE_EQ(geometry_tolerance({1000, 0}, {portal({1000, 1}, {1001, 1})}), 1.001e-6);
  // Off the origin: the diagonal of (-200, 0)..(100, 400) is 500 m, the largest coordinate 400.
  EXPECT_DOUBLE_EQ(geometry_tolerance({100, 0}, {portal({-200, 400}, {100, 0})}), 5e-7);
  // Below a metre: 1e-9.
  EXPECT_DOUBLE_EQ(geometry_tolerance({0, 0}, {portal({0.1, 0.1}, {0.2, 0})}), 1e-9);
  // The largest coordinate negative: the diagonal is sqrt(2) m, the largest |coordinate| 1001.
  EXPECT_DOUBLE_EQ(geometry_tolerance({-1000, 0}, {portal({-1000, 1}, {-1001, 1})}), 1.001e-6);
  // A point with a coordinate that is not a number is left out of the bounds, (0, 0)..(3, 4), whose
  // diagonal is 5 m; its other coordinate, 500, is still the largest.
  EXPECT_DOUBLE_EQ(geometry_tolerance({0, 0}, {portal({std::nan(""), 500}, {3, 4})}), 5e-7);
}

TEST(Portals, W3MidpointsAreTheSeedsPoints) {
  // Seed 002: portal 1 Left=(2,1) Right=(2,3) -> midpoint (2,2); portal 2 Left=(5,0) Right=(5,4) -> (5,2).
  const std::vector<Portal> portals{{{2, 1}, {2, 3}}, {{5, 0}, {5, 4}}};
  const std::vector<Vec2> path = midpoint_path({0, 2}, portals);
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(path[0], (Vec2{0, 2}));
  EXPECT_EQ(path[1], (Vec2{2, 2}));
  EXPECT_EQ(path[2], (Vec2{5, 2}));
  EXPECT_DOUBLE_EQ(path_length(path), 5.0);
}

TEST(Portals, W4SharedEdgesAreOrderedByTravel) {
  const NavMesh mesh = w4_pass_mesh();
  const PortalsResult r = build_portals(mesh, {0, 1, 2}, {0, 0}, {3, 3});
  ASSERT_TRUE(r.ok()) << r.failure->message;
  ASSERT_EQ(r.portals.size(), 3u);
  EXPECT_EQ(r.portals[0].left, (Vec2{1, 1}));
  EXPECT_EQ(r.portals[0].right, (Vec2{1, -1}));
  EXPECT_EQ(r.portals[0].from_poly, 0);
  EXPECT_EQ(r.portals[0].to_poly, 1);
  EXPECT_EQ(r.portals[1].left, (Vec2{2, 3}));
  EXPECT_EQ(r.portals[1].right, (Vec2{2, 2}));
  // The degenerate goal portal is appended.
  EXPECT_EQ(r.portals[2].left, (Vec2{3, 3}));
  EXPECT_EQ(r.portals[2].right, (Vec2{3, 3}));
  EXPECT_EQ(r.portals[2].from_poly, 2);
  // Travelling the other way swaps left and right: same edges, opposite order.
  const PortalsResult back = build_portals(mesh, {2, 1, 0}, {3, 3}, {0, 0});
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.portals[0].left, (Vec2{2, 2}));
  EXPECT_EQ(back.portals[0].right, (Vec2{2, 3}));
  EXPECT_EQ(back.portals[1].left, (Vec2{1, -1}));
  EXPECT_EQ(back.portals[1].right, (Vec2{1, 1}));
}

TEST(Portals, ReversedEndpointOrderIsRejectedNotSwapped) {
  // The seed: reversing the endpoint order flips the cross-product signs. A consistent list passes...
  const Vec2 start{0, 0};
  std::vector<Portal> good = with_goal_portal({{{1, 1}, {1, -1}}, {{2, 3}, {2, 2}}}, {3, 3});
  EXPECT_FALSE(check_portal_order(start, good).has_value());
  // ...and each reversed portal is reported by index.
  for (size_t i = 0; i < 2; ++i) {
    std::vector<Portal> bad = good;
    std::swap(bad[i].left, bad[i].right);
    const std::optional<Failure> f = check_portal_order(start, bad);
    ASSERT_TRUE(f.has_value()) << "portal " << i;
    EXPECT_EQ(f->stage, FailStage::Portals);
    EXPECT_EQ(f->reason, Reason::PortalOrder);
    EXPECT_NE(f->message.find("Portal " + std::to_string(i + 1) + " "), std::string::npos)
        << f->message;  // counted from 1
  }
}

TEST(Portals, InconsistentMeshOrderIsAFailureValue) {
  // Polygon 1 wound clockwise (a hand-built mesh, bypassing the loader): its shared edge runs the same
  // way in both polygons, so the left/right order cannot be consistent.
  NavMesh mesh = w4_pass_mesh();
  std::reverse(mesh.polys[1].verts.begin(), mesh.polys[1].verts.end());
  const PortalsResult r = build_portals(mesh, {0, 1, 2}, {0, 0}, {3, 3});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->reason, Reason::PortalOrder);
  EXPECT_TRUE(r.portals.empty());
}

// The shared edges are checked once per mesh; a mesh with one bad polygon falls back to checking each
// portal, so a corridor that keeps clear of that polygon still gets its portals, and one through it fails.
TEST(Portals, AMeshWithOneBadPolygonStillGivesTheCorridorsThatAvoidIt) {
  NavMesh mesh = w4_pass_mesh();
  std::reverse(mesh.polys[2].verts.begin(), mesh.polys[2].verts.end());
  const PortalsResult good = build_portals(mesh, {0, 1}, {0, 0}, {1.5, 2});
  ASSERT_TRUE(good.ok()) << good.failure->message;
  ASSERT_EQ(good.portals.size(), 2u);
  EXPECT_EQ(good.portals[0].left, (Vec2{1, 1}));
  EXPECT_EQ(good.portals[0].right, (Vec2{1, -1}));
  const PortalsResult bad = build_portals(mesh, {0, 1, 2}, {0, 0}, {3, 3});
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(bad.failure->reason == Reason::PortalOrder || bad.failure->reason == Reason::PortalMismatch)
      << bad.failure->message;
}

TEST(Portals, AStartBeyondTheFirstPortalIsAnOrderFailure) {
  // Every shared edge is consistent, but the start (1.5, 0) lies past portal 0 (x = 1): travelling from
  // it, the first portal would be crossed backwards, so the list as a whole is out of order.
  const PortalsResult r = build_portals(w4_pass_mesh(), {0, 1, 2}, {1.5, 0}, {3, 3});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->reason, Reason::PortalOrder);
  EXPECT_NE(r.failure->message.find("Portal 1 "), std::string::npos) << r.failure->message;
  // From a start before it, the same corridor is fine.
  EXPECT_TRUE(build_portals(w4_pass_mesh(), {0, 1, 2}, {0.5, 0}, {3, 3}).ok());
}

TEST(Portals, APortalThatDoesNotJoinItsPolygonsIsAFailure) {
  NavMesh mesh = w4_pass_mesh();
  // Claim polygon 0's edge (1,-1)-(1,1) leads to polygon 2, which does not have that edge.
  mesh.polys[0].neighbours[1] = 2;
  const PortalsResult r = build_portals(mesh, {0, 2}, {0, 0}, {3, 3});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->reason, Reason::PortalMismatch);
}

TEST(Portals, BadCorridorsAreFailures) {
  const NavMesh mesh = w4_pass_mesh();
  EXPECT_EQ(build_portals(mesh, {}, {0, 0}, {3, 3}).failure->reason, Reason::EmptyCorridor);
  EXPECT_EQ(build_portals(mesh, {0, 7}, {0, 0}, {3, 3}).failure->reason, Reason::BadPolygon);
  EXPECT_EQ(build_portals(mesh, {0, 2}, {0, 0}, {3, 3}).failure->reason, Reason::NotAdjacent);
}

// build_portals_into() writes over one result: each corridor's portals, failure and tolerance alone.
TEST(Portals, IntoAReusedResultHoldsOnlyThisCorridor) {
  const NavMesh mesh = w4_pass_mesh();
  PortalsResult r;
  build_portals_into(mesh, {0, 1, 2}, {0, 0}, {3, 3}, 0.0, {}, r);
  ASSERT_TRUE(r.ok()) << r.failure->message;
  ASSERT_EQ(r.portals.size(), 3u);
  EXPECT_EQ(r.portals[1].left, (Vec2{2, 3}));
  // Start and portal ends span (0, -1)..(3, 3): a 5 m diagonal over a largest coordinate of 3.
  EXPECT_DOUBLE_EQ(r.tolerance, 5e-9);
  build_portals_into(mesh, {0, 2}, {0, 0}, {3, 3}, 0.0, {}, r);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->reason, Reason::NotAdjacent);
  EXPECT_TRUE(r.portals.empty());
  EXPECT_EQ(r.tolerance, 0.0);
  build_portals_into(mesh, {0}, {-0.5, -0.5}, {0.5, 0.25}, 0.0, {}, r);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.portals.size(), 1u);
  EXPECT_EQ(r.portals[0].left, (Vec2{0.5, 0.25}));
  EXPECT_EQ(r.portals[0].from_poly, 0);
  EXPECT_DOUBLE_EQ(r.tolerance, 1.25e-9);  // the diagonal of (-0.5, -0.5)..(0.5, 0.25)
}

TEST(Portals, OnePolygonCorridorHasOnlyTheGoalPortal) {
  const NavMesh mesh = w4_pass_mesh();
  const PortalsResult r = build_portals(mesh, {0}, {-0.5, -0.5}, {0.5, 0.25});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.portals.size(), 1u);
  EXPECT_EQ(r.portals[0].left, (Vec2{0.5, 0.25}));
  EXPECT_EQ(r.portals[0].right, (Vec2{0.5, 0.25}));
  EXPECT_EQ(midpoint_path({-0.5, -0.5}, r.portals).size(), 2u);
}

TEST(Portals, ThreeDimensionalMeshesCarryVertexHeights) {
  NavMesh mesh = w4_pass_mesh();
  mesh.is3d = true;
  mesh.heights = {0, 0.5, 1.5, 0, 2, 3, 0, 0};
  const PortalsResult r = build_portals(mesh, {0, 1, 2}, {0, 0}, {3, 3}, 4.0);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.portals[0].left_height, 1.5);   // vertex 2 (1,1)
  EXPECT_EQ(r.portals[0].right_height, 0.5);  // vertex 1 (1,-1)
  EXPECT_EQ(r.portals[1].left_height, 3.0);
  EXPECT_EQ(r.portals[1].right_height, 2.0);
  EXPECT_EQ(r.portals[2].left_height, 4.0);
}

}  // namespace
}  // namespace navlab

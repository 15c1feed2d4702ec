// DistanceToInnerCorner (seed 003) and the clearance path built on it.
#include <gtest/gtest.h>

#include "clearance_path.h"
#include "inner_corner.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "portals.h"

namespace navlab {
namespace {

const std::vector<Vec2> kDefault{{0.4, 0.2}};

TEST(InnerCorner, DefaultOnePointIsHalfTheWidthThenConstant) {
  EXPECT_NEAR(distance_to_inner_corner(0.2, kDefault), 0.1, 1e-12);
  EXPECT_NEAR(distance_to_inner_corner(0.4, kDefault), 0.2, 1e-12);
  EXPECT_NEAR(distance_to_inner_corner(1.0, kDefault), 0.2, 1e-12);
  EXPECT_NEAR(distance_to_inner_corner(25.0, kDefault), 0.2, 1e-12);
  EXPECT_EQ(distance_to_inner_corner(0.0, kDefault), 0.0);
  EXPECT_EQ(distance_to_inner_corner(-1.0, kDefault), 0.0);
}

TEST(InnerCorner, TwoPointsInterpolateBetweenThem) {
  const std::vector<Vec2> pts{{0.3, 0.03}, {0.4, 0.2}};
  EXPECT_NEAR(distance_to_inner_corner(0.35, pts), 0.115, 1e-12);
  EXPECT_NEAR(distance_to_inner_corner(0.15, pts), 0.015, 1e-12);  // slope 0.1 on the first piece
  EXPECT_NEAR(distance_to_inner_corner(0.3, pts), 0.03, 1e-12);
  EXPECT_NEAR(distance_to_inner_corner(2.0, pts), 0.2, 1e-12);
}

TEST(InnerCorner, SeedCustomCaseOnePointAtOneMetre) {
  const std::vector<Vec2> pts{{1.0, 0.2}};
  EXPECT_NEAR(distance_to_inner_corner(0.5, pts), 0.1, 1e-12);
  EXPECT_NEAR(distance_to_inner_corner(3.0, pts), 0.2, 1e-12);
}

TEST(InnerCorner, NoPointsMeansZeroClearance) {
  EXPECT_EQ(distance_to_inner_corner(3.0, {}), 0.0);
  EXPECT_FALSE(inner_corner_error({}).has_value());
}

TEST(InnerCorner, ValidationRejectsPointsOutsideHalfTheWidth) {
  EXPECT_FALSE(inner_corner_error(kDefault).has_value());
  EXPECT_FALSE(inner_corner_error({{0.3, 0.03}, {0.4, 0.2}}).has_value());
  const auto too_far = inner_corner_error({{0.3, 0.2}});
  ASSERT_TRUE(too_far.has_value());
  EXPECT_NE(too_far->find("half the width"), std::string::npos) << *too_far;
  EXPECT_TRUE(inner_corner_error({{0.4, 0.2}, {0.3, 0.1}}).has_value());  // widths must increase
  EXPECT_TRUE(inner_corner_error({{0.0, 0.0}}).has_value());              // width must be > 0
  EXPECT_TRUE(inner_corner_error({{0.4, -0.1}}).has_value());
  EXPECT_TRUE(inner_corner_error({{0.4, std::nan("")}}).has_value());
}

TEST(InnerCorner, NeverMoreThanHalfTheWidth) {
  const std::vector<Vec2> pts{{0.3, 0.03}, {0.4, 0.2}, {2.0, 0.5}};
  for (double w = 0.0; w < 5.0; w += 0.01) {
    const double d = distance_to_inner_corner(w, pts);
    EXPECT_GE(d, 0.0);
    EXPECT_LE(d, w / 2.0 + 1e-12) << "width " << w;
  }
}

TEST(ShrinkPortal, MovesBothEndsInwardAndStopsAtTheMiddle) {
  Portal p{{2, 3}, {2, -1}};
  const Portal s = shrink_portal(p, 0.5);
  EXPECT_NEAR(s.left.y, 2.5, 1e-12);
  EXPECT_NEAR(s.right.y, -0.5, 1e-12);
  const Portal m = shrink_portal(p, 10.0);
  EXPECT_NEAR(m.left.y, 1.0, 1e-12);
  EXPECT_NEAR(m.right.y, 1.0, 1e-12);
}

using test::l_corridor;

TEST(ClearancePath, CornerMovesOffTheWallVertexByTheInnerCornerDistance) {
  const NavMesh mesh = l_corridor();
  const Vec2 start{-8, 0}, goal{4, 9};
  const PortalsResult portals = build_portals(mesh, {0, 1, 2}, start, goal);
  ASSERT_TRUE(portals.ok()) << portals.failure->message;
  const FunnelResult exact = funnel(start, portals.portals);
  ASSERT_EQ(exact.points.size(), 3u);
  EXPECT_EQ(exact.points[1], (Vec2{2, 2}));  // the exact funnel bends on the wall vertex

  ClearanceTrace trace;
  const ClearanceResult cl = clearance_path(start, portals.portals, kDefault, &trace);
  ASSERT_TRUE(cl.ok());
  // Both portals touching the wall vertex (A|B and B|C, each 4 m wide) lose 0.2 m at each end, so the
  // path bends twice, 0.2 m from the vertex each time: (2, 1.8) then (2.2, 2).
  ASSERT_EQ(cl.path.points.size(), 4u);
  EXPECT_NEAR(cl.path.points[1].x, 2.0, 1e-12);
  EXPECT_NEAR(cl.path.points[1].y, 1.8, 1e-12);
  EXPECT_NEAR(cl.path.points[2].x, 2.2, 1e-12);
  EXPECT_NEAR(cl.path.points[2].y, 2.0, 1e-12);
  ASSERT_EQ(trace.steps.size(), portals.portals.size());
  EXPECT_NEAR(trace.steps[1].width, 4.0, 1e-12);
  EXPECT_NEAR(trace.steps[1].distance, 0.2, 1e-12);
  EXPECT_NE(trace.steps[1].describe().find("= 0.2 m"), std::string::npos) << trace.steps[1].describe();

  // Zero clearance: the clearance path is the exact funnel.
  const ClearanceResult zero = clearance_path(start, portals.portals, {});
  ASSERT_TRUE(zero.ok());
  EXPECT_EQ(zero.path.points, exact.points);
}

TEST(ClearancePath, InvalidPointsAreAFailureValue) {
  const ClearanceResult r = clearance_path({0, 0}, {Portal{{1, 1}, {1, 1}}}, {{0.2, 0.3}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->stage, FailStage::Clearance);
  EXPECT_EQ(r.failure->reason, Reason::InvalidInnerCorner);
}

}  // namespace
}  // namespace navlab

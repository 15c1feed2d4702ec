// The funnel on the seeds' worked examples and on the edge cases of DESIGN §3.
#include <gtest/gtest.h>

#include <cmath>

#include "corridor_check.h"
#include "funnel.h"
#include "navmesh_build.h"
#include "meshes.h"
#include "portals.h"

namespace navlab {
namespace {

using test::mesh_of;

std::vector<FunnelAction> actions_at(const FunnelTrace& t, int portal) {
  std::vector<FunnelAction> out;
  for (const FunnelStep& s : t.steps)
    if (s.portal == portal && s.action != FunnelAction::Restart) out.push_back(s.action);
  return out;
}

// Slope interval [right, left] of a portal seen from the origin (the seed's way of reading W4).
std::pair<double, double> slopes(const Portal& p) { return {p.right.y / p.right.x, p.left.y / p.left.x}; }

TEST(Funnel, W4PortalsOverlapOnlyAtSlopeOneNoCorner) {
  const Vec2 start{0, 0};
  const std::vector<Portal> portals = with_goal_portal({{{1, 1}, {1, -1}}, {{2, 3}, {2, 2}}}, {3, 3});
  EXPECT_EQ(slopes(portals[0]), std::make_pair(-1.0, 1.0));
  EXPECT_EQ(slopes(portals[1]), std::make_pair(1.0, 1.5));
  FunnelTrace trace;
  const FunnelResult r = funnel(start, portals, &trace);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.corners.empty());
  ASSERT_EQ(r.points.size(), 2u);
  EXPECT_EQ(r.points[0], start);
  EXPECT_EQ(r.points[1], (Vec2{3, 3}));
  EXPECT_DOUBLE_EQ(r.length, std::sqrt(18.0));
  // Portal 1: its right end (2,2) is collinear with the left ray (slope 1): right moves there (the only
  // slope left); its left end (2,3) would widen the funnel: kept.
  EXPECT_EQ(actions_at(trace, 1), (std::vector<FunnelAction>{FunnelAction::TightenRight, FunnelAction::Keep}));
  for (const FunnelStep& s : trace.steps) EXPECT_NE(s.action, FunnelAction::Corner) << s.describe();
}

TEST(Funnel, W4MovedPortalHasNoOverlapCornerAtOneOne) {
  const Vec2 start{0, 0};
  const std::vector<Portal> portals = with_goal_portal({{{1, 1}, {1, -1}}, {{2, 4}, {2, 3}}}, {3, 5.5});
  EXPECT_EQ(slopes(portals[1]), std::make_pair(1.5, 2.0));  // disjoint from [-1, 1]
  FunnelTrace trace;
  const FunnelResult r = funnel(start, portals, &trace);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.corners.size(), 1u);
  EXPECT_EQ(r.corners[0].point, (Vec2{1, 1}));
  EXPECT_EQ(r.corners[0].portal, 0);
  EXPECT_EQ(r.corners[0].side, FunnelSide::Left);
  ASSERT_EQ(r.points.size(), 3u);
  EXPECT_EQ(r.points[1], (Vec2{1, 1}));
  EXPECT_EQ(r.points[2], (Vec2{3, 5.5}));
  // The corner step: portal 1's right end (2,3) crosses the left boundary; the apex moves to (1,1) and
  // the scan restarts after portal 0, i.e. portal 1 is processed again from the new apex.
  size_t k = 0;
  while (k < trace.steps.size() && trace.steps[k].action != FunnelAction::Corner) ++k;
  ASSERT_LT(k + 2, trace.steps.size());
  const FunnelStep& corner = trace.steps[k];
  EXPECT_EQ(corner.portal, 1);
  EXPECT_EQ(corner.side, FunnelSide::Right);
  EXPECT_EQ(corner.point, (Vec2{2, 3}));
  EXPECT_EQ(corner.before.apex, start);
  EXPECT_EQ(corner.after.apex, (Vec2{1, 1}));
  EXPECT_EQ(corner.after.left, (Vec2{1, 1}));
  EXPECT_EQ(corner.after.right, (Vec2{1, 1}));
  EXPECT_EQ(corner.after.apex_portal, 0);
  EXPECT_EQ(corner.describe(),
            "Portal 2, right end P = (2, 3), apex A = (0, 0): cross(L - A, P - A) = 1 > 0: P is past the left side, "
            "so L = (1, 1) becomes a corner; the apex moves there (portal 1). Slopes from the apex: funnel [-1, 1], "
            "P 1.50.");
  EXPECT_EQ(trace.steps[k + 1].action, FunnelAction::Restart);
  EXPECT_EQ(trace.steps[k + 2].portal, 1);
  EXPECT_EQ(trace.steps[k + 2].before.apex, (Vec2{1, 1}));
}

TEST(Funnel, ReversedEndpointOrderFlipsTheSignsAndIsRejected) {
  // Reversing portal 0 makes the funnel read a "crossing" that is not there: the order check rejects it.
  const std::vector<Portal> reversed = with_goal_portal({{{1, -1}, {1, 1}}, {{2, 3}, {2, 2}}}, {3, 3});
  const std::optional<Failure> f = check_portal_order({0, 0}, reversed);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->reason, Reason::PortalOrder);
}

TEST(Funnel, CollinearRaysKeepTheNewerEndpointAndIndex) {
  // Left ends (1,1), (2,2), (3,3) lie on one ray from the start; portal 3's right end (4,5) crosses it.
  // The corner must be the newest collinear end (3,3) from portal 2, not (1,1) from portal 0.
  const std::vector<Portal> portals =
      with_goal_portal({{{1, 1}, {1, -5}}, {{2, 2}, {2, -5}}, {{3, 3}, {3, -5}}, {{4, 10}, {4, 5}}}, {5, 12});
  FunnelTrace trace;
  const FunnelResult r = funnel({0, 0}, portals, &trace);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.corners.size(), 1u);
  EXPECT_EQ(r.corners[0].point, (Vec2{3, 3}));
  EXPECT_EQ(r.corners[0].portal, 2);
  EXPECT_EQ(actions_at(trace, 1)[1], FunnelAction::TightenLeft);
  EXPECT_EQ(actions_at(trace, 2)[1], FunnelAction::TightenLeft);
  EXPECT_TRUE(check_through_portals(r.points, portals).inside);
}

TEST(Funnel, StraightCorridorWithCollinearPortalEndsHasNoCorner) {
  std::vector<Portal> portals;
  for (int x = 1; x <= 5; ++x) portals.push_back({{double(x), 1}, {double(x), -1}});
  const FunnelResult r = funnel({0, 0}, with_goal_portal(portals, {6, 1}));
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.corners.empty());
  EXPECT_EQ(r.points.back(), (Vec2{6, 1}));
}

TEST(Funnel, ZeroLengthPortalIsAPointThePathMustTouch) {
  const std::vector<Portal> portals = with_goal_portal({{{1, 1}, {1, -1}}, {{2, 0.5}, {2, 0.5}}}, {3, -1});
  const FunnelResult r = funnel({0, 0}, portals);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.points.size(), 3u);
  EXPECT_EQ(r.points[1], (Vec2{2, 0.5}));
  EXPECT_EQ(r.corners[0].portal, 1);
  EXPECT_EQ(r.corners[0].side, FunnelSide::Right);
  EXPECT_TRUE(check_through_portals(r.points, portals).inside);
}

TEST(Funnel, VeryShortPortalsBendAtTheNearEnd) {
  for (double w : {1e-3, 1e-7, 1e-12}) {
    const std::vector<Portal> portals = with_goal_portal({{{1, 1}, {1, -1}}, {{2, 0.5 + w}, {2, 0.5}}}, {3, -1});
    const FunnelResult r = funnel({0, 0}, portals);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r.points.size(), 3u) << w;
    EXPECT_NEAR(r.points[1].x, 2.0, 1e-12);
    EXPECT_NEAR(r.points[1].y, 0.5, 1e-9) << w;
    EXPECT_TRUE(check_through_portals(r.points, portals).inside) << w;
  }
}

TEST(Funnel, StartEqualToGoal) {
  const FunnelResult r = funnel({2, 3}, with_goal_portal({}, {2, 3}));
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.points.size(), 2u);
  EXPECT_EQ(r.points[0], r.points[1]);
  EXPECT_TRUE(r.corners.empty());
  EXPECT_EQ(r.length, 0.0);
}

TEST(Funnel, StartAndGoalInOnePolygon) {
  const NavMesh mesh = mesh_of({{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{0, 1, 2, 3}});
  const PortalsResult p = build_portals(mesh, {0}, {1, 1}, {3, 2});
  ASSERT_TRUE(p.ok());
  const FunnelResult r = funnel({1, 1}, p.portals);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.points, (std::vector<Vec2>{{1, 1}, {3, 2}}));
  EXPECT_TRUE(check_in_corridor(mesh, {0}, r.points).inside);
}

// A hairpin of nine unit squares: right along y in [0,1], up through [3,4]x[1,2], back left along
// y in [2,3]; polygons 0..8 in travel order.
NavMesh uturn_mesh() {
  return mesh_of({{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1},
                  {3, 2}, {4, 2}, {0, 2}, {1, 2}, {2, 2}, {0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3}},
                 {{0, 1, 6, 5},
                  {1, 2, 7, 6},
                  {2, 3, 8, 7},
                  {3, 4, 9, 8},
                  {8, 9, 11, 10},
                  {10, 11, 19, 18},
                  {14, 10, 18, 17},
                  {13, 14, 17, 16},
                  {12, 13, 16, 15}});
}

TEST(Funnel, UTurnCorridorBendsAtBothInnerCorners) {
  const NavMesh mesh = uturn_mesh();
  const std::vector<int> corridor{0, 1, 2, 3, 4, 5, 6, 7, 8};
  const PortalsResult p = build_portals(mesh, corridor, {0.5, 0.5}, {0.5, 2.5});
  ASSERT_TRUE(p.ok()) << p.failure->message;
  const FunnelResult r = funnel({0.5, 0.5}, p.portals);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.points, (std::vector<Vec2>{{0.5, 0.5}, {3, 1}, {3, 2}, {0.5, 2.5}}));
  EXPECT_TRUE(check_in_corridor(mesh, corridor, r.points).inside)
      << check_in_corridor(mesh, corridor, r.points).message;
  EXPECT_LT(r.length, path_length(midpoint_path({0.5, 0.5}, p.portals)));
}

TEST(Funnel, BacktrackingAfterACornerRevisitsEarlierPortals) {
  // Portal 2's right end crosses the left boundary at (1,1) from portal 0. Portal 1's left end (2,3)
  // then bounds the rays from the new apex: without restarting at portal 1 the path would run straight
  // from (1,1) to the goal, crossing x = 2 at y = 4.33, outside portal 1.
  const NavMesh mesh = mesh_of({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}, {2, -1}, {2, 3}, {3, 4}, {3, 10}, {5, 4}, {5, 13}},
                               {{0, 1, 2, 3}, {1, 4, 5, 2}, {4, 6, 7, 5}, {6, 8, 9, 7}});
  const std::vector<int> corridor{0, 1, 2, 3};
  const PortalsResult p = build_portals(mesh, corridor, {0, 0}, {4, 11});
  ASSERT_TRUE(p.ok()) << p.failure->message;
  FunnelTrace trace;
  const FunnelResult r = funnel({0, 0}, p.portals, &trace);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.points, (std::vector<Vec2>{{0, 0}, {1, 1}, {2, 3}, {4, 11}}));
  EXPECT_EQ(r.corners[0].portal, 0);
  EXPECT_EQ(r.corners[1].portal, 1);
  // The first corner is found at portal 2 and the scan goes back to portal 1.
  bool backtracked = false;
  for (size_t k = 0; k + 1 < trace.steps.size(); ++k)
    if (trace.steps[k].action == FunnelAction::Corner && trace.steps[k].portal == 2 &&
        trace.steps[k + 1].action == FunnelAction::Restart && trace.steps[k + 1].portal + 1 == 1)
      backtracked = true;
  EXPECT_TRUE(backtracked);
  EXPECT_TRUE(check_in_corridor(mesh, corridor, r.points).inside)
      << check_in_corridor(mesh, corridor, r.points).message;
  // The shortcut a non-backtracking scan would take leaves the corridor, and the validator says so.
  const CorridorCheck bad = check_in_corridor(mesh, corridor, {{0, 0}, {1, 1}, {4, 11}});
  EXPECT_FALSE(bad.inside);
  EXPECT_EQ(bad.segment, 1);
  EXPECT_FALSE(check_through_portals({{0, 0}, {1, 1}, {4, 11}}, p.portals).inside);
}

TEST(Funnel, TheCorridorCheckAllowsItsToleranceOutsideAWallAndNoMore) {
  // A unit square and, east of it, a pentagon with a slanted wall from (2, 1) to (1, 2); a path from the
  // square ends on that wall, 0.9 tolerances beyond it, or 1.2. The wall is not of unit length, so the
  // distance is not the raw orientation: within means |orient| <= tolerance * |edge|.
  const NavMesh mesh =
      mesh_of({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 0}, {2, 1}, {1, 2}}, {{0, 1, 2, 3}, {1, 4, 5, 6, 2}});
  const std::vector<int> corridor{0, 1};
  const double tol = 1e-3;
  // The wall (2, 1)-(1, 2): the point (1.5, 1.5) lies on it; its outward normal is (1, 1)/sqrt(2).
  const Vec2 on{1.5, 1.5}, out{std::sqrt(0.5), std::sqrt(0.5)};
  EXPECT_TRUE(check_in_corridor(mesh, corridor, {{0.5, 0.2}, on}, tol).inside);
  const CorridorCheck near = check_in_corridor(mesh, corridor, {{0.5, 0.2}, on + out * (0.9 * tol)}, tol);
  EXPECT_TRUE(near.inside) << near.message;
  const CorridorCheck far = check_in_corridor(mesh, corridor, {{0.5, 0.2}, on + out * (1.2 * tol)}, tol);
  EXPECT_FALSE(far.inside);
  EXPECT_EQ(far.segment, 0);
  EXPECT_EQ(far.polygon, 1);
}

TEST(Funnel, EveryStepDescribesItselfWithNumbers) {
  FunnelTrace trace;
  funnel({0, 0}, with_goal_portal({{{1, 1}, {1, -1}}, {{2, 4}, {2, 3}}}, {3, 5.5}), &trace);
  ASSERT_FALSE(trace.steps.empty());
  for (const FunnelStep& s : trace.steps) {
    const std::string d = s.describe();
    EXPECT_NE(d.find('('), std::string::npos) << d;
    EXPECT_EQ(d.back(), '.') << d;
  }
  EXPECT_EQ(trace.steps[0].describe(),
            "Portal 1, right end P = (1, -1), apex A = (0, 0): the right side still starts at the apex, so it opens "
            "towards P.");
}

TEST(Funnel, EmptyOrNonFiniteInputIsAFailureValue) {
  EXPECT_EQ(funnel({0, 0}, {}).failure->reason, Reason::NoPortals);
  EXPECT_EQ(funnel({0, 0}, with_goal_portal({}, {std::nan(""), 0})).failure->reason, Reason::BadInput);
}

// funnel_into() writes over one result: a U-turn's corners, then a failure, then a straight path leave
// nothing of each other; the tolerance handed over from the portals is the one it reports.
TEST(Funnel, IntoAReusedResultHoldsOnlyThisPath) {
  const NavMesh uturn = uturn_mesh();
  const PortalsResult p = build_portals(uturn, {0, 1, 2, 3, 4, 5, 6, 7, 8}, {0.5, 0.5}, {0.5, 2.5});
  ASSERT_TRUE(p.ok()) << p.failure->message;
  FunnelResult r;
  funnel_into({0.5, 0.5}, p.portals, nullptr, r, p.tolerance);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.points, (std::vector<Vec2>{{0.5, 0.5}, {3, 1}, {3, 2}, {0.5, 2.5}}));
  EXPECT_EQ(r.corners.size(), 2u);
  // Start and portal ends span (0.5, 0)..(4, 3): the diagonal, sqrt(21.25) m, beats the largest coordinate.
  EXPECT_DOUBLE_EQ(r.tolerance, std::sqrt(21.25) * 1e-9);

  funnel_into({2, 3}, {}, nullptr, r);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.failure->reason, Reason::NoPortals);
  EXPECT_TRUE(r.points.empty());
  EXPECT_TRUE(r.corners.empty());
  EXPECT_EQ(r.length, 0.0);

  const NavMesh square = mesh_of({{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{0, 1, 2, 3}});
  const PortalsResult one = build_portals(square, {0}, {1, 1}, {3, 2});
  ASSERT_TRUE(one.ok());
  funnel_into({1, 1}, one.portals, nullptr, r);  // no tolerance handed over: the funnel computes it
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.points, (std::vector<Vec2>{{1, 1}, {3, 2}}));
  EXPECT_TRUE(r.corners.empty());
  EXPECT_DOUBLE_EQ(r.length, std::sqrt(5.0));
  EXPECT_DOUBLE_EQ(r.tolerance, 3e-9);  // the largest coordinate, 3, beats the sqrt(5) m diagonal
}

}  // namespace
}  // namespace navlab

// Two convex polygons may share several consecutive edges of one straight side when a polygon has
// collinear vertices (a hand-authored mesh may): the portal between them is the whole shared side.
#include <gtest/gtest.h>

#include <cmath>

#include "funnel.h"
#include "meshes.h"
#include "portals.h"

namespace navlab {
namespace {

using test::mesh_of;

// A 3 m wide room above (0..3, 1..2) whose bottom side runs through (1, 1) and (2, 1), and a room below
// (0..3, 0..1) whose top side has the same vertices: they share the edges (0,1)-(1,1), (1,1)-(2,1) and
// (2,1)-(3,1). Polygon 1 lists them from (3,1) back to (0,1).
NavMesh rooms() {
  return mesh_of({{0, 1}, {1, 1}, {2, 1}, {3, 1}, {3, 2}, {0, 2}, {0, 0}, {3, 0}},
                 {{0, 1, 2, 3, 4, 5}, {6, 7, 3, 2, 1, 0}});
}

TEST(PortalsSharedSide, ThePortalIsTheWholeSharedSide) {
  const NavMesh mesh = rooms();
  ASSERT_EQ(mesh.polys.size(), 2u);
  const PortalsResult p = build_portals(mesh, {1, 0}, {2.5, 0.5}, {0.5, 1.5});
  ASSERT_TRUE(p.ok()) << p.failure->message;
  ASSERT_EQ(p.portals.size(), 2u);  // the shared side, then the goal
  EXPECT_EQ(p.portals[0].right, (Vec2{3, 1}));
  EXPECT_EQ(p.portals[0].left, (Vec2{0, 1}));
}

TEST(PortalsSharedSide, TheFunnelCrossesWhereTheStraightLineDoes) {
  // Whichever piece of the side the straight segment crosses, the path through the corridor is straight.
  const NavMesh mesh = rooms();
  for (const auto& [s, g] :
       {std::pair<Vec2, Vec2>{{2.5, 0.5}, {0.5, 1.5}}, {{0.2, 0.1}, {2.9, 1.9}}, {{1.5, 0.5}, {1.5, 1.5}}}) {
    for (const bool up : {true, false}) {
      const Vec2 from = up ? s : g, to = up ? g : s;
      const PortalsResult p = build_portals(mesh, up ? std::vector<int>{1, 0} : std::vector<int>{0, 1}, from, to);
      ASSERT_TRUE(p.ok()) << p.failure->message;
      EXPECT_NEAR(funnel(from, p.portals).length, distance(from, to), 1e-12);
    }
  }
}

}  // namespace
}  // namespace navlab

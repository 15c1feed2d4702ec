// The movement layer: WouldBlockAhead for a wall or a cliff, the clamp that stops the body exactly there,
// gravity and landing. Expected numbers are worked out by hand in the comments.
#include <gtest/gtest.h>

#include "side_bodies.h"
#include "side_movement.h"

namespace navlab::side {
namespace {

using namespace test::side_bodies;

TEST(SideMovement, StandingOnAGroundTopIsGrounded) {
  const World w{30.0, {{0, 0, 10, 1}}};
  EXPECT_TRUE(Mover(w, body({5, 1}, {1, 1})).grounded());
  EXPECT_FALSE(Mover(w, body({5, 2}, {1, 1})).grounded());
  // Past the end: the footprint [10, 11] only touches the ground's side x = 10.
  EXPECT_FALSE(Mover(w, body({10.5, 1}, {1, 1})).grounded());
}

TEST(SideMovement, TheClampStopsTheLeadingEdgeAtTheCliff) {
  const World w{30.0, {{0, 0, 10, 1}}};
  Mover m(w, body({9, 1}, {1, 1}));
  EXPECT_FALSE(m.would_block_ahead(+1));
  EXPECT_DOUBLE_EQ(m.room_ahead(+1), 0.5);  // leading edge 9.5, ground ends at 10
  m.move_horizontal(+1, 2.0);
  const StepOutcome o = m.step(0.5);  // wants 1 m, has 0.5 m
  EXPECT_TRUE(o.clamped);
  EXPECT_NEAR(m.x(), 9.5, kEps);
  EXPECT_NEAR(m.body().vel.x, 1.0, kEps);  // 0.5 m in 0.5 s
  EXPECT_TRUE(m.grounded());
  EXPECT_EQ(m.ahead(+1), Ahead::Cliff);
  EXPECT_TRUE(m.would_block_ahead(+1));
  EXPECT_FALSE(m.would_block_ahead(-1));
  m.step(0.5);  // still asking to go right: it stays
  EXPECT_NEAR(m.x(), 9.5, kEps);
}

TEST(SideMovement, TheClampStopsTheBodyAtAWall) {
  const World w{30.0, {{0, 0, 20, 1}, {12, 1, 13, 5}}};
  Mover m(w, body({11, 1}, {1, 1}));
  m.move_horizontal(+1, 2.0);
  m.step(0.5);
  EXPECT_NEAR(m.x(), 11.5, kEps);  // leading edge on the wall's face x = 12
  EXPECT_EQ(m.ahead(+1), Ahead::Wall);
  EXPECT_EQ(m.ahead(-1), Ahead::Free);
}

TEST(SideMovement, TouchingBoxesAreOneFloor) {
  // Two boxes side by side at the same top: no cliff at x = 5.
  const World w{30.0, {{0, 0, 5, 1}, {5, 0, 10, 1}}};
  Mover m(w, body({3, 1}, {1, 1}));
  EXPECT_DOUBLE_EQ(m.room_ahead(+1), 6.5);
  EXPECT_DOUBLE_EQ(m.room_ahead(-1), 2.5);
}

TEST(SideMovement, AGroundBodyFallsAndLandsOnTheTopItCrosses) {
  // g = 30 m/s², dt = 0.1 s: v = -3, -6, -9, -12 m/s; y = 2.7, 2.1, 1.2, then 0.0 crosses the top 1.
  const World w{30.0, {{0, 0, 10, 1}}};
  Mover m(w, body({5, 3}, {1, 1}));
  const double ys[] = {2.7, 2.1, 1.2};
  for (double y : ys) {
    EXPECT_FALSE(m.step(0.1).landed);
    EXPECT_NEAR(m.body().pos.y, y, kEps);
  }
  EXPECT_TRUE(m.step(0.1).landed);
  EXPECT_DOUBLE_EQ(m.body().pos.y, 1.0);
  EXPECT_EQ(m.body().vel.y, 0.0);
  EXPECT_TRUE(m.grounded());
}

TEST(SideMovement, AChargeRunsOffTheCliffButNotThroughAWall) {
  const World w{30.0, {{0, 0, 10, 1}, {0, -5, 30, -4}, {13, -4, 14, 0}}};
  Mover m(w, body({9, 1}, {1, 1}));
  m.charge(+1, 2.0);
  m.step(0.5);  // 1 m: x = 10, still on the ground (footprint [9.5, 10.5])
  EXPECT_NEAR(m.x(), 10.0, kEps);
  EXPECT_TRUE(m.grounded());
  m.step(0.5);  // x = 11: off the ground; v = -15 m/s drops 7.5 m > 5 m: lands on the top -4 in this step
  EXPECT_NEAR(m.x(), 11.0, kEps);
  EXPECT_DOUBLE_EQ(m.body().pos.y, -4.0);
  EXPECT_TRUE(m.grounded());
  for (int i = 0; i < 20; ++i) m.step(0.5);
  EXPECT_NEAR(m.x(), 12.5, kEps);  // against the wall's face x = 13
  EXPECT_DOUBLE_EQ(m.body().pos.y, -4.0);
}

TEST(SideMovement, FlyingBodiesGoStraightAndIgnoreGravity) {
  const World w{30.0, {{0, 0, 10, 1}}};
  Mover m(w, body({0, 5}, {1, 1}, true));
  m.fly_towards({3, 9}, 2.0);  // 5 m away along (0.6, 0.8)
  m.step(0.5);
  EXPECT_NEAR(m.body().pos.x, 0.6, kEps);
  EXPECT_NEAR(m.body().pos.y, 5.8, kEps);
  for (int i = 0; i < 10; ++i) m.step(0.5);
  EXPECT_NEAR(m.body().pos.x, 3.0, kEps);  // stops on the target
  EXPECT_NEAR(m.body().pos.y, 9.0, kEps);
  EXPECT_FALSE(m.would_block_ahead(+1));
}

}  // namespace
}  // namespace navlab::side

// Navigators (seed 004 §5, §6, test plan §12): Arrived(x, target, stop); wander points within
// [min, max] on both sides; MoveTowards idempotent and a new target clearing HasArrived/IsBlocked;
// SetSpeed(0) falling back to the walk speed; blocked at a cliff, at a wall and by the stall detector;
// flying never blocked; the null navigator.
#include <gtest/gtest.h>

#include <cmath>

#include "side_bodies.h"
#include "side_navigator.h"

namespace navlab::side {
namespace {

using namespace test::side_bodies;

// Steps navigator and body together `n` times (what the simulation does after the strategy).
void run(SteppedNavigator& nav, Mover& m, int n) {
  for (int i = 0; i < n; ++i) {
    nav.fixed_update(kDt);
    m.step(kDt);
  }
}

TEST(SideNavigator, ArrivedWithinTheStoppingDistanceInX) {
  EXPECT_TRUE(arrived(5.0, 5.0, 0.1));
  EXPECT_TRUE(arrived(5.0, 5.1, 0.1));  // 0.1 away: within (boundary included)
  EXPECT_TRUE(arrived(5.0, 4.95, 0.1));
  EXPECT_FALSE(arrived(5.0, 5.11, 0.1));
  EXPECT_FALSE(arrived(5.0, 4.8, 0.1));
  EXPECT_TRUE(arrived(2.0, 2.0, 0.0));  // stop 0: only on the point
  EXPECT_FALSE(arrived(2.0, 2.001, 0.0));
}

TEST(SideNavigator, GroundWanderPointsLieWithinMinMaxOnBothSidesAtTheBodysHeight) {
  const World w{30.0, {{-100, 0, 100, 1}}};
  Mover m(w, body({3, 1}, {1, 1}));
  GroundNavigator nav(m, {2.0, 0.1, {1.5, 4.0}, 7});
  int left = 0, right = 0;
  for (int i = 0; i < 2000; ++i) {
    Vec2 p;
    ASSERT_TRUE(nav.try_pick_wander_point(p));
    const double d = std::fabs(p.x - 3.0);
    EXPECT_GE(d, 1.5);
    EXPECT_LE(d, 4.0);
    EXPECT_EQ(p.y, 1.0);
    (p.x > 3.0 ? right : left)++;
  }
  // Even odds: 1000 ± 5 standard deviations (sqrt(2000 · 0.25) ≈ 22).
  EXPECT_NEAR(left, 1000, 112);
  EXPECT_NEAR(right, 1000, 112);
}

TEST(SideNavigator, TheSameSeedGivesTheSameWanderPoints) {
  const World w{30.0, {{-100, 0, 100, 1}}};
  Mover m(w, body({3, 1}, {1, 1}));
  GroundNavigator a(m, {2.0, 0.1, {1, 3}, 42}), b(m, {2.0, 0.1, {1, 3}, 42}), c(m, {2.0, 0.1, {1, 3}, 43});
  int differ = 0;
  for (int i = 0; i < 20; ++i) {
    Vec2 pa, pb, pc;
    a.try_pick_wander_point(pa);
    b.try_pick_wander_point(pb);
    c.try_pick_wander_point(pc);
    EXPECT_EQ(pa, pb);
    differ += pa == pc ? 0 : 1;
  }
  EXPECT_GT(differ, 0);
}

// Stopping distances below are 0.05 m, not a multiple of the 0.1 m step, so that no test hangs on
// rounding exactly at the boundary.
TEST(SideNavigator, GroundWalksToTheTargetAndArrives) {
  const World w{30.0, {{0, 0, 20, 1}}};
  Mover m(w, body({2, 1}, {1, 1}));
  GroundNavigator nav(m, {2.0, 0.05, {}, 1});
  EXPECT_FALSE(nav.is_moving());
  nav.move_towards({5, 1});
  EXPECT_TRUE(nav.is_moving());
  // 3 m at 0.1 m per tick: x = 5 after 30 ticks (the 30th starts 0.1 m away, more than 0.05 m);
  // the 31st fixed update finds |dx| <= 0.05 and reports arrival.
  run(nav, m, 30);
  EXPECT_NEAR(m.x(), 5.0, kEps);
  EXPECT_FALSE(nav.has_arrived());
  run(nav, m, 1);
  EXPECT_TRUE(nav.has_arrived());
  EXPECT_FALSE(nav.is_moving());
  EXPECT_FALSE(nav.is_blocked());
  EXPECT_NEAR(m.x(), 5.0, kEps);
}

TEST(SideNavigator, MoveTowardsIsIdempotentAndANewTargetClearsArrivedAndBlocked) {
  const World w{30.0, {{0, 0, 10, 1}}};
  Mover m(w, body({8, 1}, {1, 1}));
  GroundNavigator nav(m, {2.0, 0.05, {}, 1});
  nav.move_towards({20, 1});  // past the cliff at 10
  run(nav, m, 15);            // 1.5 m to x = 9.5 in 15 ticks
  EXPECT_NEAR(m.x(), 9.5, kEps);
  run(nav, m, 1);
  ASSERT_TRUE(nav.is_blocked());
  EXPECT_EQ(nav.block_cause(), BlockCause::Cliff);
  nav.move_towards({20, 1});  // the same target: still blocked
  EXPECT_TRUE(nav.is_blocked());
  nav.move_towards({4, 1});  // a new one: cleared
  EXPECT_FALSE(nav.is_blocked());
  EXPECT_TRUE(nav.is_moving());
  run(nav, m, 56);  // 5.5 m → x = 4, then arrival
  ASSERT_TRUE(nav.has_arrived());
  nav.move_towards({4, 1});
  EXPECT_TRUE(nav.has_arrived());
  nav.move_towards({6, 1});
  EXPECT_FALSE(nav.has_arrived());
  nav.stop();
  EXPECT_FALSE(nav.is_moving());
  EXPECT_FALSE(nav.has_target());
}

TEST(SideNavigator, BlockedAtAWall) {
  const World w{30.0, {{0, 0, 20, 1}, {12, 1, 13, 4}}};
  Mover m(w, body({10, 1}, {1, 1}));
  GroundNavigator nav(m, {2.0, 0.1, {}, 1});
  nav.move_towards({18, 1});
  run(nav, m, 16);  // 1.5 m to the wall face (x = 11.5), then the probe
  EXPECT_NEAR(m.x(), 11.5, kEps);
  EXPECT_TRUE(nav.is_blocked());
  EXPECT_EQ(nav.block_cause(), BlockCause::Wall);
}

TEST(SideNavigator, SetSpeedZeroFallsBackToTheWalkSpeed) {
  const World w{30.0, {{0, 0, 100, 1}}};
  Mover m(w, body({2, 1}, {1, 1}));
  GroundNavigator nav(m, {2.0, 0.1, {}, 1});
  nav.set_speed(4.0);
  EXPECT_EQ(nav.speed(), 4.0);
  nav.move_towards({50, 1});
  run(nav, m, 10);
  EXPECT_NEAR(m.x(), 4.0, kEps);  // 4 m/s · 0.5 s
  nav.set_speed(0.0);
  EXPECT_EQ(nav.speed(), 2.0);
  run(nav, m, 10);
  EXPECT_NEAR(m.x(), 5.0, kEps);  // 2 m/s · 0.5 s
}

TEST(SideNavigator, TheStallDetectorBlocksASlowWalkAfterItsWindow) {
  // 0.05 m/s: 0.0025 m per tick. The 10th fixed update closes the 0.5 s window having seen 9 steps
  // (0.0225 m < 0.05 m): blocked by a stall then, not before.
  const World w{30.0, {{0, 0, 100, 1}}};
  Mover m(w, body({2, 1}, {1, 1}));
  GroundNavigator nav(m, {0.05, 0.01, {}, 1});
  nav.move_towards({50, 1});
  run(nav, m, 9);
  EXPECT_FALSE(nav.is_blocked());
  run(nav, m, 1);
  EXPECT_TRUE(nav.is_blocked());
  EXPECT_EQ(nav.block_cause(), BlockCause::Stall);
  EXPECT_NEAR(m.x(), 2.0225, kEps);
}

TEST(SideNavigator, FlyingGoesStraightIsNeverBlockedAndWandersAroundHome) {
  const World w{30.0, {{0, 0, 10, 1}, {4, 1, 5, 9}}};  // a wall between it and the target
  Mover m(w, body({2, 5}, {1, 1}, true));
  FlyingNavigator nav(m, {2, 5}, {2.0, 0.1, {1.0, 2.5}, 3});
  nav.move_towards({8, 5});
  run(nav, m, 60);  // 6 m at 0.1 m per tick, straight through
  EXPECT_NEAR(m.body().pos.x, 8.0, kEps);
  EXPECT_FALSE(nav.is_blocked());
  run(nav, m, 1);
  EXPECT_TRUE(nav.has_arrived());
  for (int i = 0; i < 500; ++i) {
    Vec2 p;
    ASSERT_TRUE(nav.try_pick_wander_point(p));
    const double r = distance(p, {2, 5});  // home, not where it is now
    EXPECT_GE(r, 1.0 - kEps);
    EXPECT_LE(r, 2.5 + kEps);
  }
}

TEST(SideNavigator, NullNeverMovesArrivesOrIsBlockedAndHasNoWanderPoint) {
  NullNavigator nav;
  nav.move_towards({3, 3});
  nav.fixed_update(kDt);
  EXPECT_FALSE(nav.is_moving());
  EXPECT_FALSE(nav.has_arrived());
  EXPECT_FALSE(nav.is_blocked());
  Vec2 p{7, 7};
  EXPECT_FALSE(nav.try_pick_wander_point(p));
}

}  // namespace
}  // namespace navlab::side

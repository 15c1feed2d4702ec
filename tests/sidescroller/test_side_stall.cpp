// StallDetector (seed 004 §8, test plan §12): enough progress in a window → false; too little → true and
// the window restarts; Reset restarts it; the seed's three settings.
#include <gtest/gtest.h>

#include "side_bodies.h"
#include "side_stall.h"

namespace navlab::side {
namespace {

using namespace test::side_bodies;

TEST(SideStall, TheSeedsSettings) {
  EXPECT_EQ(kPaceStall.window_s, 0.2);  // 12 frames at 60 fps
  EXPECT_EQ(kNavigatorStall.window_s, 0.5);
  EXPECT_EQ(kRushStall.window_s, 0.15);
  for (StallSettings s : {kPaceStall, kNavigatorStall, kRushStall}) EXPECT_EQ(s.min_progress_m, 0.05);
}

TEST(SideStall, EnoughProgressInAWindowIsNoStall) {
  StallDetector d(0.5, 0.05);
  d.reset(0.0);
  // 0.01 m per tick: after the 10th tick (0.5 s) the window holds 0.1 m >= 0.05 m.
  for (int i = 1; i <= 10; ++i) EXPECT_FALSE(d.tick(0.01 * i, kDt)) << i;
  EXPECT_EQ(d.elapsed(), 0.0);  // the full window restarted
  EXPECT_DOUBLE_EQ(d.anchor_x(), 0.1);
}

TEST(SideStall, TooLittleProgressIsAStallAndTheWindowRestarts) {
  StallDetector d(0.5, 0.05);
  d.reset(2.0);
  // 0.004 m per tick: 0.04 m after 10 ticks < 0.05 m. Nothing is reported before the window is full.
  for (int i = 1; i <= 9; ++i) EXPECT_FALSE(d.tick(2.0 + 0.004 * i, kDt)) << i;
  EXPECT_TRUE(d.tick(2.04, kDt));
  EXPECT_EQ(d.elapsed(), 0.0);
  EXPECT_DOUBLE_EQ(d.anchor_x(), 2.04);
  // The new window starts at 2.04: 0.06 m more over the next 10 ticks is progress again.
  for (int i = 1; i <= 10; ++i) EXPECT_FALSE(d.tick(2.04 + 0.006 * i, kDt)) << i;
  // Standing still: the next full window stalls again, not earlier.
  for (int i = 1; i <= 9; ++i) EXPECT_FALSE(d.tick(2.1, kDt)) << i;
  EXPECT_TRUE(d.tick(2.1, kDt));
}

TEST(SideStall, ProgressIsNetDisplacementInEitherDirection) {
  StallDetector d(0.2, 0.05);
  d.reset(1.0);
  // Out 0.3 m and back: net 0 over the window → stall. Moving left 0.06 m: no stall.
  const double xs[] = {1.1, 1.3, 1.1, 1.0};
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(d.tick(xs[i], kDt));
  EXPECT_TRUE(d.tick(xs[3], kDt));
  for (int i = 1; i <= 3; ++i) EXPECT_FALSE(d.tick(1.0 - 0.02 * i, kDt));
  EXPECT_FALSE(d.tick(0.94, kDt));
}

TEST(SideStall, ResetRestartsTheWindowAtTheGivenX) {
  StallDetector d(0.2, 0.05);
  d.reset(0.0);
  EXPECT_FALSE(d.tick(0.0, kDt));
  EXPECT_FALSE(d.tick(0.0, kDt));
  d.reset(5.0);  // e.g. a new target: the 0.1 s already spent no longer count
  EXPECT_EQ(d.elapsed(), 0.0);
  EXPECT_EQ(d.anchor_x(), 5.0);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(d.tick(5.0, kDt)) << i;
  EXPECT_TRUE(d.tick(5.0, kDt));  // the 4th tick after the reset fills 0.2 s
}

}  // namespace
}  // namespace navlab::side

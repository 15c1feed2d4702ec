// polygon_reach(): the bounds are the corners' and the reach bounds the tolerance region in_convex()
// accepts. The oracle is in_convex itself, asked at points scattered around every corner: each point it
// accepts must lie inside the box grown by reach tolerances.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "polygon_reach.h"

namespace navlab {
namespace {

// A convex counter-clockwise polygon of n corners on an ellipse (a x b), at sorted random angles: some
// corners blunt, some sharp where two angles fall close together on a flat ellipse.
std::vector<Vec2> random_convex(std::mt19937& rng, int n, double a, double b) {
  std::uniform_real_distribution<double> turn(0.0, 2.0 * std::numbers::pi);
  std::vector<double> angles(static_cast<size_t>(n));
  for (double& t : angles) t = turn(rng);
  std::sort(angles.begin(), angles.end());
  std::vector<Vec2> ring;
  for (double t : angles) ring.push_back({a * std::cos(t), b * std::sin(t)});
  return ring;
}

TEST(PolygonReach, EveryPointTheToleranceAcceptsIsWithinTheGrownBounds) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int accepted = 0, bounded = 0, exact = 0;
  for (int k = 0; k < 400; ++k) {
    const std::vector<Vec2> ring = random_convex(rng, 3 + k % 6, 10.0, k % 3 == 0 ? 0.05 : 4.0);
    const PolygonReach r = polygon_reach(ring);
    Vec2 lo = ring[0], hi = ring[0];
    for (Vec2 p : ring) {
      lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
      hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
    }
    EXPECT_EQ(r.lo, lo);
    EXPECT_EQ(r.hi, hi);
    if (!std::isfinite(r.reach)) continue;
    ++bounded;
    exact += r.reach != 16.0;
    const double tol = 1e-3;  // far above rounding: the region's own size decides
    const double grow = r.reach * tol;
    for (Vec2 c : ring)
      for (int i = 0; i < 200; ++i) {
        // Points up to 40 tolerances from the corner, in every direction.
        const double t = 2.0 * std::numbers::pi * unit(rng), d = 40.0 * tol * unit(rng);
        const Vec2 p = c + Vec2{std::cos(t), std::sin(t)} * d;
        if (!in_convex(ring, p, tol)) continue;
        ++accepted;
        EXPECT_TRUE(p.x >= lo.x - grow && p.x <= hi.x + grow && p.y >= lo.y - grow && p.y <= hi.y + grow)
            << "polygon " << k << " reach " << r.reach << " point " << p.x << " " << p.y;
      }
    if (HasFailure()) return;
  }
  EXPECT_GT(bounded, 300);
  EXPECT_GT(exact, 20) << "sharp corners, whose reach is worked out, are among the draws";
  EXPECT_GT(accepted, 20000);
}

TEST(PolygonReach, ASharpCornersRegionReachesFarAndABluntOnesNot) {
  // A square: every corner turns by 90°, its region reaches sqrt(2) tolerances past them (a bound of it).
  const PolygonReach square = polygon_reach(std::vector<Vec2>{{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  EXPECT_GE(square.reach, std::sqrt(2.0));
  EXPECT_LE(square.reach, 16.0);
  // A needle 10 m long, 1e-3 m wide at its base: past its apex the region reaches about
  // 1 / sin(half the apex angle) = 2e4 tolerances (sqrt(2 / (1 + cos φ)), φ the turn at the apex).
  const std::vector<Vec2> needle{{0, 0}, {10, 5e-4}, {0, 1e-3}};
  const PolygonReach n = polygon_reach(needle);
  const Vec2 d1 = needle[1] - needle[0], d2 = needle[2] - needle[1];
  const double cos_phi = dot(d1, d2) / (length(d1) * length(d2));
  EXPECT_NEAR(n.reach, std::sqrt(2.0 / (1.0 + cos_phi)), 1e-6 * n.reach);
  EXPECT_GT(n.reach, 1.9e4);
}

TEST(PolygonReach, AReflexRepeatedOrMissingCornerLeavesItUnbounded) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(polygon_reach(std::vector<Vec2>{{0, 0}, {1, 0}, {0, 1}, {1, 1}}).reach, inf);  // crossed: a right turn
  EXPECT_EQ(polygon_reach(std::vector<Vec2>{{0, 0}, {1, 0}, {1, 0}, {0, 1}}).reach, inf);  // repeated corner
  const std::vector<Vec2> two{{0, 0}, {1, 0}};
  EXPECT_EQ(polygon_reach(two).reach, inf);                                        // two corners
  EXPECT_EQ(polygon_reach(std::vector<Vec2>{{0, 0}, {0, 1}, {1, 0}}).reach, inf);  // clockwise
}

}  // namespace
}  // namespace navlab

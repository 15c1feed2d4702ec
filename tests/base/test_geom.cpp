// The segment tests of core/base/geom.h: hand cases, and on every pair of segments between points of a
// small integer grid, an exact oracle in integer arithmetic (orientation signs and bounding boxes).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "geom.h"

namespace navlab {
namespace {

constexpr double kTol = 1e-9;  // m

TEST(Geom, SegmentsCrossHandCases) {
  // An X: a proper crossing at (1, 1).
  EXPECT_TRUE(segments_cross({0, 0}, {2, 2}, {0, 2}, {2, 0}, kTol));
  EXPECT_TRUE(segments_meet({0, 0}, {2, 2}, {0, 2}, {2, 0}, kTol));
  // A T: the end (1, 1) lies on the other segment. It meets, it does not cross.
  EXPECT_FALSE(segments_cross({0, 0}, {2, 0}, {1, 0}, {1, 1}, kTol));
  EXPECT_TRUE(segments_meet({0, 0}, {2, 0}, {1, 0}, {1, 1}, kTol));
  // Collinear overlap: meets, does not cross; collinear apart: neither.
  EXPECT_FALSE(segments_cross({0, 0}, {2, 0}, {1, 0}, {3, 0}, kTol));
  EXPECT_TRUE(segments_meet({0, 0}, {2, 0}, {1, 0}, {3, 0}, kTol));
  EXPECT_FALSE(segments_meet({0, 0}, {1, 0}, {2, 0}, {3, 0}, kTol));
  // Parallel 1 mm apart: nothing; an end 1 mm short of the other segment: a meet only within 2 mm.
  EXPECT_FALSE(segments_meet({0, 0}, {2, 0}, {0, 0.001}, {2, 0.001}, kTol));
  EXPECT_FALSE(segments_meet({0, 0}, {2, 0}, {1, 0.001}, {1, 1}, kTol));
  EXPECT_TRUE(segments_meet({0, 0}, {2, 0}, {1, 0.001}, {1, 1}, 0.002));
  // The tolerance is in metres off the other line: an end 1 mm across is no crossing at 2 mm.
  EXPECT_TRUE(segments_cross({0, 0}, {2, 0}, {1, -0.001}, {1, 1}, kTol));
  EXPECT_FALSE(segments_cross({0, 0}, {2, 0}, {1, -0.001}, {1, 1}, 0.002));
}

TEST(Geom, LineCrossingGivesTheSharesAlongBoth) {
  double u = -1.0, w = -1.0;
  // [0,0]-[4,0] and [1,-1]-[1,3]: they meet at (1, 0), a quarter along each.
  ASSERT_TRUE(line_crossing({0, 0}, {4, 0}, {1, -1}, {1, 3}, 1e-15, u, w));
  EXPECT_DOUBLE_EQ(u, 0.25);
  EXPECT_DOUBLE_EQ(w, 0.25);
  // Beyond the ends the lines still meet: shares outside 0..1.
  ASSERT_TRUE(line_crossing({0, 0}, {1, 0}, {3, 1}, {3, 2}, 1e-15, u, w));
  EXPECT_DOUBLE_EQ(u, 3.0);
  EXPECT_DOUBLE_EQ(w, -1.0);
  EXPECT_FALSE(line_crossing({0, 0}, {1, 0}, {0, 1}, {5, 1}, 1e-15, u, w)) << "parallel";
}

// Exact integer orientation: +1 left, -1 right, 0 on the line.
int orient_sign(int ax, int ay, int bx, int by, int cx, int cy) {
  const long long v = (long long)(bx - ax) * (cy - ay) - (long long)(by - ay) * (cx - ax);
  return (v > 0) - (v < 0);
}
bool on_segment(int px, int py, int ax, int ay, int bx, int by) {
  return orient_sign(ax, ay, bx, by, px, py) == 0 && std::min(ax, bx) <= px && px <= std::max(ax, bx) &&
         std::min(ay, by) <= py && py <= std::max(ay, by);
}

TEST(Geom, SegmentTestsAgreeWithExactIntegerOrientationOnEveryGridPair) {
  std::vector<Vec2> pts;
  std::vector<std::pair<int, int>> ip;
  for (int x = 0; x < 4; ++x)
    for (int y = 0; y < 3; ++y) {
      pts.push_back({double(x), double(y)});
      ip.push_back({x, y});
    }
  const size_t n = pts.size();
  int cases = 0, crossings = 0, meets = 0;
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b)
      for (size_t c = 0; c < n; ++c)
        for (size_t d = 0; d < n; ++d) {
          if (a == b || c == d) continue;
          const auto [ax, ay] = ip[a];
          const auto [bx, by] = ip[b];
          const auto [cx, cy] = ip[c];
          const auto [dx, dy] = ip[d];
          const int o1 = orient_sign(ax, ay, bx, by, cx, cy), o2 = orient_sign(ax, ay, bx, by, dx, dy);
          const int o3 = orient_sign(cx, cy, dx, dy, ax, ay), o4 = orient_sign(cx, cy, dx, dy, bx, by);
          const bool cross = o1 * o2 < 0 && o3 * o4 < 0;
          const bool meet = cross || on_segment(ax, ay, cx, cy, dx, dy) || on_segment(bx, by, cx, cy, dx, dy) ||
                            on_segment(cx, cy, ax, ay, bx, by) || on_segment(dx, dy, ax, ay, bx, by);
          ASSERT_EQ(segments_cross(pts[a], pts[b], pts[c], pts[d], kTol), cross)
              << a << " " << b << " " << c << " " << d;
          ASSERT_EQ(segments_meet(pts[a], pts[b], pts[c], pts[d], kTol), meet) << a << " " << b << " " << c << " " << d;
          ++cases;
          crossings += cross;
          meets += meet;
        }
  EXPECT_EQ(cases, 132 * 132);
  EXPECT_GT(crossings, 0);
  EXPECT_GT(meets, crossings);
}

}  // namespace
}  // namespace navlab

#include "convex_ring.h"

#include <algorithm>
#include <cmath>

#include "tolerances.h"

namespace navlab {

namespace {

// rad: a ring whose corners turn by more than a full turn plus this winds around twice or more.
constexpr double kTurnSlack = 1e-6;

}  // namespace

ConvexCheck check_convex(const std::vector<Vec2>& ring) {
  const int n = int(ring.size());
  if (n < 3) return {-1, "has fewer than 3 corners"};
  const double eps = tol::scaled(bounds_of(ring).largest_side());
  for (int i = 0; i < n; ++i)
    if (distance(ring[size_t(i)], ring[size_t((i + n - 1) % n)]) <= eps) return {i, "repeats the corner before it"};
  double area2 = 0.0;
  for (int i = 0; i < n; ++i) area2 += cross(ring[size_t(i)], ring[size_t((i + 1) % n)]);
  const double size = std::max(1.0, bounds_of(ring).largest_side());
  if (std::abs(area2) <= eps * size) return {-1, "has zero area"};
  const double sign = area2 > 0.0 ? 1.0 : -1.0;
  double turned = 0.0;
  for (int i = 0; i < n; ++i) {
    const Vec2 a = ring[size_t((i + n - 1) % n)], b = ring[size_t(i)], c = ring[size_t((i + 1) % n)];
    const Vec2 in = b - a, out = c - b;
    // The turn's sine times both lengths: negative (for a counter-clockwise ring) is a turn the wrong way.
    if (sign * cross(in, out) < -eps * std::max(length(in), length(out))) return {i, "turns the other way"};
    turned += std::atan2(cross(in, out), dot(in, out));
  }
  if (std::abs(turned) > 2.0 * M_PI + kTurnSlack) return {-1, "winds around more than once (its edges cross)"};
  return {};
}

std::vector<Vec2> convex_hull(std::vector<Vec2> points) {
  std::sort(points.begin(), points.end(), [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  points.erase(std::unique(points.begin(), points.end(), [](Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }),
               points.end());
  if (points.size() < 3) return points;
  std::vector<Vec2> hull(2 * points.size());
  size_t k = 0;
  // Lower chain left to right, then the upper chain back; a point that does not turn left is dropped.
  for (size_t i = 0; i < points.size(); ++i) {
    while (k >= 2 && orient(hull[k - 2], hull[k - 1], points[i]) <= 0.0) --k;
    hull[k++] = points[i];
  }
  for (size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && orient(hull[k - 2], hull[k - 1], points[i]) <= 0.0) --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);  // the last point is the first again
  return hull;
}

}  // namespace navlab

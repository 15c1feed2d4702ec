#include "polygon_reach.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace navlab {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kSliver = 1e-12;  // 1 + cos φ below this: a corner so sharp its tolerance region is unbounded
// A polygon whose corners all turn by less than acos(kGentleCos) (about 172°) reaches no further past a
// corner than sqrt(2 / (1 + kGentleCos)) < kReachBound tolerances.
constexpr double kGentleCos = -0.99;
constexpr double kReachBound = 16.0;
static_assert(2.0 / (1.0 + kGentleCos) < kReachBound * kReachBound);
}  // namespace

PolygonReach polygon_reach(std::span<const Vec2> ring) {
  const size_t n = ring.size();
  PolygonReach out{{kInf, kInf}, {-kInf, -kInf}, 0.0};
  // A corner whose edges turn by φ moves out by sqrt(2 / (1 + cos φ)) tolerances. kReachBound when every
  // corner turns by less than acos(kGentleCos); else the sharpest corner's own (least cos φ = d1·d2 /
  // (|d1|·|d2|)).
  bool bounded = n >= 3, gentle = true;
  for (size_t i = 0; i < n; ++i) {
    const Vec2 p = ring[i];
    out.lo = {std::min(out.lo.x, p.x), std::min(out.lo.y, p.y)};
    out.hi = {std::max(out.hi.x, p.x), std::max(out.hi.y, p.y)};
    const Vec2 d1 = p - ring[i == 0 ? n - 1 : i - 1], d2 = ring[i + 1 == n ? 0 : i + 1] - p;
    const double l2 = dot(d1, d1) * dot(d2, d2), c = dot(d1, d2);
    if (!(l2 > 0.0) || cross(d1, d2) < 0.0) bounded = false;
    // cos φ >= kGentleCos, that is c >= kGentleCos·sqrt(l2), squared (kGentleCos < 0).
    else
      gentle = gentle && (c >= 0.0 || c * c <= kGentleCos * kGentleCos * l2);
  }
  if (!bounded) {
    out.reach = kInf;
  } else if (gentle) {
    out.reach = kReachBound;
  } else {
    double least_cos = 1.0;
    for (size_t i = 0; i < n; ++i) {
      const Vec2 p = ring[i], d1 = p - ring[i == 0 ? n - 1 : i - 1], d2 = ring[i + 1 == n ? 0 : i + 1] - p;
      least_cos = std::min(least_cos, dot(d1, d2) / std::sqrt(dot(d1, d1) * dot(d2, d2)));
    }
    out.reach = 1.0 + least_cos >= kSliver ? std::sqrt(2.0 / (1.0 + least_cos)) : kInf;
  }
  return out;
}

}  // namespace navlab

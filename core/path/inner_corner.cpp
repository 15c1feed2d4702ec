#include "inner_corner.h"
#include "format.h"

#include <cmath>
#include <cstdio>

namespace navlab {

namespace {
// Points are user input written with a few decimals; y == x/2 must pass despite rounding.
constexpr double kHalfWidthSlack = 1e-12;

std::string corner_point_text(size_t i, Vec2 p) {
  return "inner_corner point " + std::to_string(i) + " " + point_text(p);
}
}  // namespace

std::optional<std::string> inner_corner_error(const std::vector<Vec2>& points) {
  double prev_width = 0.0;
  for (size_t i = 0; i < points.size(); ++i) {
    const Vec2 p = points[i];
    if (!is_finite(p)) return corner_point_text(i, p) + ": not a finite number";
    if (p.x <= prev_width) {
      return corner_point_text(i, p) + ": width must be greater than " + num(prev_width) +
             " m (widths strictly increase from 0)";
    }
    if (p.y < 0.0) return corner_point_text(i, p) + ": distance must not be negative";
    if (p.y > p.x / 2.0 + kHalfWidthSlack * p.x) {
      return corner_point_text(i, p) + ": distance " + num(p.y) + " m exceeds half the width (" + num(p.x / 2.0) +
             " m)";
    }
    prev_width = p.x;
  }
  return std::nullopt;
}

double distance_to_inner_corner(double width, const std::vector<Vec2>& points) {
  if (!(width > 0.0) || points.empty()) return 0.0;
  Vec2 prev{0.0, 0.0};
  for (const Vec2 p : points) {
    if (width <= p.x) {
      const double t = (width - prev.x) / (p.x - prev.x);
      const double d = prev.y + (p.y - prev.y) * t;
      return std::fmin(d, width / 2.0);
    }
    prev = p;
  }
  return std::fmin(points.back().y, width / 2.0);
}

}  // namespace navlab

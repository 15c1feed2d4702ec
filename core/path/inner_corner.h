// DistanceToInnerCorner (docs/channel.md): how far the smoothed path keeps from the inner corner of
// a turn, as a function of the width of the passage (a portal) it turns through.
//
// The function is piecewise affine through (0, 0) and the user points p0..pn (width, distance), and
// constant (= pn.distance) after the last point. Every point must satisfy distance <= width / 2 so the
// path still fits inside the passage. The default is one point (0.4, 0.2): linear with slope 0.5 up to
// a width of 0.4 m, then 0.2 m. No point at all means zero clearance (the function is 0 everywhere).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "geom.h"

namespace navlab {

// Checks a point list: finite values, widths strictly increasing and > 0, 0 <= distance <= width / 2.
// Returns nullopt when valid, else one sentence naming the bad point, e.g.
// "inner_corner point 1 (0.30, 0.20): distance 0.20 m exceeds half the width (0.15 m)".
std::optional<std::string> inner_corner_error(const std::vector<Vec2>& points);

// DistanceToInnerCorner(width) in m for a passage `width` in m (negative widths count as 0).
// `points` must be valid (inner_corner_error(points) == nullopt); x is the width, y the distance, m.
// Result is always in [0, width / 2].
double distance_to_inner_corner(double width, const std::vector<Vec2>& points);

}  // namespace navlab

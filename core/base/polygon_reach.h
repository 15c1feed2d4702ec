// How far a convex polygon's tolerance region reaches: the points within a tolerance t of every edge's
// line (what in_convex() accepts) form the polygon grown by t, whose corners lie past the polygon's by
// t / cos(φ/2), φ the turn of the edges there. A test that skips polygons far from a point by their
// bounds grows the bounds by t times this reach (core/path/coverage.h).
#pragma once

#include <span>

#include "geom.h"

namespace navlab {

struct PolygonReach {
  Vec2 lo, hi;         // the corners' bounds, m
  double reach = 0.0;  // per metre of tolerance, at least how far past a corner the region reaches (inf:
                       // a reflex, degenerate or too sharp corner leaves it unbounded)
};

// The bounds and reach of a convex counter-clockwise polygon (planning plane, m). The reach is a bound,
// not the exact value, when every corner is blunt enough (which is tested without a square root).
PolygonReach polygon_reach(std::span<const Vec2> ring);

}  // namespace navlab

// Convex rings in the plane: the check the scene format makes of a level's area volumes (Recast marks
// convex polygons only: rcMarkConvexPolyArea) and the convex hull the app's area tool closes its clicks
// with (as RecastDemo's convex volume tool does).
#pragma once

#include <string>
#include <vector>

#include "geom.h"

namespace navlab {

// What check_convex found: nothing (ok), or the corner (index into the ring) where the ring stops being
// convex and why, e.g. "turns the other way".
struct ConvexCheck {
  int corner = -1;
  std::string why;  // "" when convex
  bool ok() const { return why.empty(); }
};

// Whether `ring` (3 or more points, either winding) is a convex polygon: no corner repeats the one before
// it, it has non-zero area, every corner turns the same way (collinear corners allowed) and its edges go
// around once. Lengths are compared with tol::scaled of the ring's size.
ConvexCheck check_convex(const std::vector<Vec2>& ring);

// The convex hull of `points`, counter-clockwise, without collinear or repeated points (Andrew's monotone
// chain); fewer than 3 points when they are all on one line.
std::vector<Vec2> convex_hull(std::vector<Vec2> points);

}  // namespace navlab

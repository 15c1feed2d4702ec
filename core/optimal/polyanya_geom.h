// The geometry of Polyanya's intervals: which part of a polygon edge lies on which side of a ray,
// and the heuristic through an interval. Internal to core/optimal.
#pragma once

#include <algorithm>

#include "geom.h"

namespace navlab::polyanya_geom {

// Signed distance of p from the line through a and b (positive on the left of a→b), m; 0 when a == b.
inline double side(Vec2 a, Vec2 b, Vec2 p) { return left_of(a, b, p); }

// `d` with values within `tol` of zero made exactly zero.
inline double snap(double d, double tol) { return (d <= tol && d >= -tol) ? 0.0 : d; }

// A part [lo, hi] of an edge A→B by its parameter t (point A + t (B - A)); empty when hi < lo.
struct Range {
  double lo = 0.0;
  double hi = 1.0;
  bool empty() const { return hi < lo; }
};

// Keeps the part of `r` where the affine function with values fa at t = 0 and fb at t = 1 is >= 0.
inline Range keep_nonnegative(double fa, double fb, Range r) {
  if (fa >= 0.0 && fb >= 0.0) return r;
  if (fa < 0.0 && fb < 0.0) return {1.0, 0.0};
  const double tc = fa / (fa - fb);
  if (fa < 0.0)
    r.lo = std::max(r.lo, tc);
  else
    r.hi = std::min(r.hi, tc);
  return r;
}

// Mirror image of p across the line through a and b (a != b).
inline Vec2 reflect(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const Vec2 foot = a + ab * (dot(p - a, ab) / dot(ab, ab));
  return foot * 2.0 - p;
}

// Length of the shortest path root → a point of [left, right] → p, ignoring obstacles, for p on the far
// side of the interval's line from the root (or on it): straight when the segment root–p crosses the
// interval, else through the nearer end. `tol` m.
inline double via_interval(Vec2 root, Vec2 left, Vec2 right, Vec2 p, double tol) {
  if (side(root, right, p) >= -tol && side(root, left, p) <= tol) return distance(root, p);
  return std::min(distance(root, left) + distance(left, p), distance(root, right) + distance(right, p));
}

// Polyanya's heuristic: the goal is mirrored across the interval's line when it lies on the root's side
// (a path through the interval must cross the line twice to reach it). A root on the line sees the
// whole next polygon: the straight distance.
inline double heuristic(Vec2 root, Vec2 left, Vec2 right, Vec2 goal, double tol) {
  const double sr = snap(side(left, right, root), tol);
  if (sr == 0.0) return distance(root, goal);
  const double sg = side(left, right, goal);
  const Vec2 g = sr * sg > 0.0 ? reflect(goal, left, right) : goal;
  return via_interval(root, left, right, g, tol);
}

}  // namespace navlab::polyanya_geom

// Plain 2D/3D vector types and the few geometric predicates every stage shares.
//
// navlab plans in a 2D plane. 2D scenes use their own (x, y) with y up (math orientation, so the
// seeds' cross product and left/right apply literally). 3D mesh scenes use Recast's world (x, y, z)
// with y up; their planning plane is (x, -z), which keeps a top-down view right-handed. See to_plane()
// and to_world().
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace navlab {

struct Vec2 {
  double x = 0.0;
  double y = 0.0;
  friend bool operator==(const Vec2&, const Vec2&) = default;
};

struct Vec3 {
  double x = 0.0;
  double y = 0.0;
  double z = 0.0;
  friend bool operator==(const Vec3&, const Vec3&) = default;
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
inline Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
inline Vec2 operator*(double s, Vec2 a) { return {a.x * s, a.y * s}; }
inline Vec2 operator/(Vec2 a, double s) { return {a.x / s, a.y / s}; }
inline Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator*(Vec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }

inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
// The seeds' convention: cross(a, b) = a.x*b.y - a.y*b.x; positive when b is to the left of a.
inline double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
// sqrt(x² + y²), not std::hypot: hypot guards against overflow (coordinates beyond 1e154 m, which the
// scene reader refuses long before) at several times the cost, and lengths are in every stage's inner loop.
inline double length(Vec2 a) { return std::sqrt(a.x * a.x + a.y * a.y); }
inline double distance(Vec2 a, Vec2 b) { return length(b - a); }
inline double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline double length(Vec3 a) { return std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z); }
inline double distance(Vec3 a, Vec3 b) { return length(b - a); }
// The squared distance: orders points by distance without a square root.
inline double distance_sq(Vec3 a, Vec3 b) {
  const Vec3 d = b - a;
  return d.x * d.x + d.y * d.y + d.z * d.z;
}
inline Vec2 lerp(Vec2 a, Vec2 b, double t) { return a + (b - a) * t; }
inline Vec2 perp_left(Vec2 a) { return {-a.y, a.x}; }
inline bool is_finite(Vec2 a) { return std::isfinite(a.x) && std::isfinite(a.y); }
inline bool is_finite(Vec3 a) { return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z); }

// World (Recast, y up) <-> planning plane. The plane's y is world -z.
inline Vec2 to_plane(Vec3 w) { return {w.x, -w.z}; }
inline Vec3 to_world(Vec2 p, double height) { return {p.x, height, -p.y}; }

// Twice the signed area of triangle (a, b, c): positive when counter-clockwise.
inline double orient(Vec2 a, Vec2 b, Vec2 c) { return cross(b - a, c - a); }

// The point of the segment [a, b] nearest to p (a zero-length segment is a point).
inline Vec2 closest_on_segment(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double len2 = dot(ab, ab);
  double t = len2 > 0.0 ? dot(p - a, ab) / len2 : 0.0;
  t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
  return a + ab * t;
}

// Distance from p to the segment [a, b].
inline double distance_to_segment(Vec2 p, Vec2 a, Vec2 b) { return distance(p, closest_on_segment(p, a, b)); }

// Signed distance of p from the line a -> b, positive on its left (inside a counter-clockwise polygon);
// 0 when a and b are the same point.
inline double left_of(Vec2 a, Vec2 b, Vec2 p) {
  const double len = distance(a, b);
  return len > 0.0 ? orient(a, b, p) / len : 0.0;
}

// Whether segments [a, b] and [c, d] cross properly: the ends of each lie on opposite sides of the
// other's line, each more than `tol` metres off it (a touch, an end on the other segment or a collinear
// overlap is not a crossing).
inline bool segments_cross(Vec2 a, Vec2 b, Vec2 c, Vec2 d, double tol) {
  auto apart = [tol](double s1, double s2) { return (s1 > tol && s2 < -tol) || (s1 < -tol && s2 > tol); };
  return apart(left_of(a, b, c), left_of(a, b, d)) && apart(left_of(c, d, a), left_of(c, d, b));
}

// Whether segments [a, b] and [c, d] meet: they cross, or an end of one lies within `tol` metres of the
// other (touching and collinear overlap included).
inline bool segments_meet(Vec2 a, Vec2 b, Vec2 c, Vec2 d, double tol) {
  return segments_cross(a, b, c, d, tol) || distance_to_segment(a, c, d) <= tol ||
         distance_to_segment(b, c, d) <= tol || distance_to_segment(c, a, b) <= tol ||
         distance_to_segment(d, a, b) <= tol;
}

// Where the lines through [a, b] and [c, d] meet, as shares along each: a + u (b - a) = c + w (d - c).
// False when they are parallel: the cross product of their directions under `parallel` (m²).
inline bool line_crossing(Vec2 a, Vec2 b, Vec2 c, Vec2 d, double parallel, double& u, double& w) {
  const Vec2 r = b - a, q = d - c;
  const double den = cross(r, q);
  if (den < parallel && den > -parallel) return false;
  u = cross(c - a, q) / den;
  w = cross(c - a, r) / den;
  return true;
}

// Is p inside the convex counter-clockwise polygon whose n corners `corner(0..n-1)` gives, or less than
// `tol` metres outside one of its edges? Fewer than 3 corners contain nothing.
template <class Corner>
bool in_convex(size_t n, Corner corner, Vec2 p, double tol) {
  if (n < 3) return false;
  // Edge by edge, each edge's end the next one's start (all must hold: their order is free). A point on the
  // left of an edge's line (orient >= 0) is not outside it by any tol >= 0: no distance is worked out
  // for it, which is every edge of a point well inside.
  Vec2 b = corner(n - 1);
  for (size_t i = 0; i < n; ++i) {
    const Vec2 a = b;
    b = corner(i);
    if (orient(a, b, p) >= 0.0 && tol >= 0.0) continue;
    if (left_of(a, b, p) < -tol) return false;
  }
  return true;
}
inline bool in_convex(const std::vector<Vec2>& ring, Vec2 p, double tol) {
  return in_convex(
      ring.size(), [&](size_t i) { return ring[i]; }, p, tol);
}

// Is p inside the simple polygon `ring` (either orientation)? The even-odd rule: a point exactly on the
// border may fall either way (callers that need the border use distance_to_segment).
inline bool point_in_ring(Vec2 p, const std::vector<Vec2>& ring) {
  bool inside = false;
  for (size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
    const Vec2 a = ring[i], b = ring[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

// The axis-aligned bounds of points in the plane. Points that are not finite are left out (input checks
// measure a scene before they reject its bad points); with no point added, empty() is true.
struct Bounds2 {
  Vec2 lo{HUGE_VAL, HUGE_VAL}, hi{-HUGE_VAL, -HUGE_VAL};
  void add(Vec2 p) {
    if (!is_finite(p)) return;
    lo = {p.x < lo.x ? p.x : lo.x, p.y < lo.y ? p.y : lo.y};
    hi = {p.x > hi.x ? p.x : hi.x, p.y > hi.y ? p.y : hi.y};
  }
  bool empty() const { return lo.x > hi.x; }
  // The longer side, m (0 when empty): the scale relative tolerances are taken of.
  double largest_side() const { return empty() ? 0.0 : (hi.x - lo.x > hi.y - lo.y ? hi.x - lo.x : hi.y - lo.y); }
};

template <class Points>
Bounds2 bounds_of(const Points& points) {
  Bounds2 b;
  for (const Vec2& p : points) b.add(p);
  return b;
}

}  // namespace navlab
